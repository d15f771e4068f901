import CheckInAdapters
import CheckInClient
import ExampleTestSupport
import Foundation
import HTTPNetworking
import Testing

/// The cloud-functions adapter against the real reference backend on loopback: each status
/// and transport failure surfaces as the right ``CheckInError``.
@Suite("Cloud functions adapter over loopback")
struct CloudFunctionsCheckInClientTests {
    struct StatusCase: Sendable, CustomStringConvertible {
        var status: Int
        var errorCode: String
        var expectedKind: String

        var description: String { "\(status) \(errorCode) → \(expectedKind)" }
    }

    static let statusCases: [StatusCase] = [
        StatusCase(status: 400, errorCode: "invalid_input", expectedKind: "invalidInput"),
        StatusCase(status: 401, errorCode: "unauthorized", expectedKind: "unauthorized"),
        StatusCase(status: 403, errorCode: "forbidden", expectedKind: "unauthorized"),
        StatusCase(status: 404, errorCode: "not_found", expectedKind: "notFound"),
        StatusCase(status: 409, errorCode: "already_active", expectedKind: "alreadyActive"),
        StatusCase(status: 409, errorCode: "not_active", expectedKind: "notActive"),
        StatusCase(status: 409, errorCode: "something_else", expectedKind: "backendFailure"),
        StatusCase(status: 500, errorCode: "internal", expectedKind: "backendFailure"),
        StatusCase(status: 503, errorCode: "unavailable", expectedKind: "backendFailure"),
    ]

    /// A backend plus an adapter that sends the given test-hook headers.
    private static func withBackend(
        hooks: [String: String] = [:],
        token: String? = nil,
        timeout: TimeInterval = 15,
        _ body: (CloudFunctionsCheckInClient, BackendProcess) async throws -> Void
    ) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let backend = try await BackendStarts.backend(database: directory.path("backend.sqlite"))
        defer { backend.stop() }
        let adapter = CloudFunctionsCheckInClient(
            functionsURL: backend.url,
            token: token ?? backend.token,
            timeout: timeout,
            additionalInterceptors: [HeadersInterceptor(hooks)]
        )
        try await body(adapter, backend)
    }

    @Test(arguments: statusCases)
    func statusFromTheBackendMapsToDomainError(_ testCase: StatusCase) async throws {
        try await Self.withBackend(
            hooks: ["X-Test-Status": "\(testCase.status)", "X-Test-Error-Code": testCase.errorCode]
        ) { adapter, _ in
            let error = await thrownError { () async throws(CheckInError) in try await adapter.history(limit: 1) }
            #expect(error?.kind == testCase.expectedKind)
        }
    }

    @Test func serverErrorKeepsTheStatusAndMessage() async throws {
        try await Self.withBackend(hooks: ["X-Test-Status": "503"]) { adapter, _ in
            let error = await thrownError { () async throws(CheckInError) in try await adapter.activeAlert() }
            #expect(error == .backendFailure("server error (HTTP 503): test status 503"))
        }
    }

    @Test func a404FromAWrongFunctionsURLPointsAtTheURL() async throws {
        let directory = try TemporaryDirectory()
        let backend = try await BackendStarts.backend(database: directory.path("backend.sqlite"))
        defer { backend.stop() }
        let wrong = backend.url.appendingPathComponent("functions/v2")
        let adapter = CloudFunctionsCheckInClient(functionsURL: wrong, token: backend.token)

        let error = await thrownError { () async throws(CheckInError) in try await adapter.history(limit: 1) }

        #expect(
            error
                == .misconfigured(
                    "nothing answers at \(wrong.absoluteString)/history (HTTP 404): check the functions URL"
                )
        )
    }

    @Test func aRejectedTokenSaysToCheckTheToken() async throws {
        try await Self.withBackend(token: "not-the-token") { adapter, _ in
            let error = await thrownError { () async throws(CheckInError) in try await adapter.history(limit: 1) }
            #expect(error == .unauthorized)
            #expect(error?.description.contains("check the token") == true)
        }
    }

    /// Foundation on Linux fails every request to an IPv6 literal with a bare "error -1000"; the
    /// adapter says why and what to use instead, refused port or not.
    @Test func anIPv6AddressInTheURLSaysWhatToUseInstead() async throws {
        let url = try #require(URL(string: "http://[::1]:\(unusedLoopbackPort())"))
        let adapter = CloudFunctionsCheckInClient(functionsURL: url, token: "token", timeout: 10)

        let error = await thrownError { () async throws(CheckInError) in
            try await adapter.checkIn(at: .now, idempotencyKey: UUID())
        }

        #if canImport(FoundationNetworking)
        #expect(error?.kind == "misconfigured")
        #expect(error?.reason.contains("IPv6") == true)
        #expect(error?.reason.contains("localhost") == true)
        #else
        #expect(error == .offline)
        #endif
    }

    @Test func malformedJSONIsABackendFailureNamingTheFunction() async throws {
        try await Self.withBackend(hooks: ["X-Test-Body": "{not json"]) { adapter, _ in
            let error = await thrownError { () async throws(CheckInError) in try await adapter.history(limit: 1) }
            #expect(error?.kind == "backendFailure")
            #expect(error?.reason.contains("malformed response from history") == true)
            #expect(error?.reason.contains("not valid JSON") == true)
        }
    }

    @Test func wellFormedJSONOfTheWrongShapeIsABackendFailure() async throws {
        try await Self.withBackend(hooks: ["X-Test-Body": #"{"unexpected": true}"#]) { adapter, _ in
            let error = await thrownError { () async throws(CheckInError) in try await adapter.history(limit: 1) }
            #expect(error?.kind == "backendFailure")
            #expect(error?.reason.contains("check_ins") == true)
        }
    }

    @Test func invalidRecordInTheResponseIsABackendFailure() async throws {
        let body = #"{"check_ins": [{"id": "not-a-uuid", "date_ms": 1}]}"#
        try await Self.withBackend(hooks: ["X-Test-Body": body]) { adapter, _ in
            let error = await thrownError { () async throws(CheckInError) in try await adapter.history(limit: 1) }
            #expect(error?.kind == "backendFailure")
            #expect(error?.reason.contains("not-a-uuid") == true)
        }
    }

    @Test func timeoutIsOffline() async throws {
        // The backend sleeps 10 s; the client gives up after 1 s (the timeout bounds this test).
        try await Self.withBackend(hooks: ["X-Test-Delay": "10"], timeout: 1) { adapter, _ in
            let error = await thrownError { () async throws(CheckInError) in try await adapter.history(limit: 1) }
            #expect(error == .offline)
        }
    }

    @Test func connectionRefusedIsOffline() async throws {
        let url = try #require(URL(string: "http://127.0.0.1:\(unusedLoopbackPort())"))
        let adapter = CloudFunctionsCheckInClient(functionsURL: url, token: "token", timeout: 10)

        let error = await thrownError { () async throws(CheckInError) in
            try await adapter.checkIn(at: .now, idempotencyKey: UUID())
        }

        #expect(error == .offline)
    }

    @Test func interceptorsSendAuthAndCommonHeaders() async throws {
        try await Self.withBackend(hooks: ["X-Test-Echo-Headers": "1"]) { adapter, backend in
            let request = NetworkRequest<EmptyBody, [String: String]>.function("anything", body: EmptyBody())
            let echoed = try await adapter.http.send(request)
            let headers = Dictionary(uniqueKeysWithValues: echoed.map { ($0.key.lowercased(), $0.value) })

            #expect(headers["authorization"] == "Bearer \(backend.token)")
            #expect(headers["content-type"] == "application/json")
            #expect(headers["accept"] == "application/json")
            #expect(headers["x-client-info"] == "aqueduct-checkin/1.0")
        }
    }
}
