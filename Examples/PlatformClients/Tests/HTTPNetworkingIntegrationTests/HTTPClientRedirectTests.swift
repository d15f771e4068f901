import ExampleTestSupport
import Foundation
import HTTPNetworking
import Testing

/// Redirects against a server that sends them on purpose: nothing leaves the origin the request
/// was made for, and a `POST` is never resent in another shape.
@Suite("HTTP client redirects")
struct HTTPClientRedirectTests {
    struct Ack: Codable, Sendable, Equatable {
        var id: String
        var dateMs: Int

        enum CodingKeys: String, CodingKey {
            case id
            case dateMs = "date_ms"
        }
    }

    static let token = "Bearer secret-token-of-the-main-origin"

    /// A cloud-function call with a body and a token, as the check-in adapter makes it.
    static func call(_ base: URL) async -> Result<Ack, HTTPError> {
        let client = HTTPClient(
            baseURL: base,
            interceptors: [HeadersInterceptor(["Authorization": token, "Content-Type": "application/json"])],
            timeout: 15
        )
        return await client.outcome(of: NetworkRequest<Ack, Ack>.function("check-in", body: Ack(id: "ping", dateMs: 1)))
    }

    /// The other origin a redirect points at: another port, another host name, another scheme.
    enum Elsewhere: String, CaseIterable, Sendable {
        case anotherPort, anotherHost, anotherScheme

        func location(_ hostile: HostileServer) -> String {
            switch self {
            case .anotherPort: "\(hostile.otherOrigin.absoluteString)/check-in"
            case .anotherHost: "http://localhost:\(hostile.otherOrigin.port ?? 0)/check-in"
            case .anotherScheme: "https://127.0.0.1:\(hostile.mainOrigin.port ?? 0)/check-in"
            }
        }
    }

    @Test(arguments: [301, 302, 303, 307, 308], Elsewhere.allCases)
    func aRedirectToAnotherOriginIsRefusedAndTheTokenNeverGoesThere(status: Int, elsewhere: Elsewhere) async throws {
        let hostile = try await HostileServer.start()
        let location = elsewhere.location(hostile)

        let result = await Self.call(hostile.redirecting(status: status, to: location))

        guard case .failure(.redirectRefused(let refusedStatus, _, let target)) = result else {
            Issue.record("expected the redirect to be refused, got \(result)")
            return
        }
        #expect(refusedStatus == status)
        #expect(target.absoluteString == location)
        let records = try hostile.records()
        #expect(records.filter { $0.listener == "other" }.isEmpty, "the other origin was reached: \(records)")
        #expect(records.filter { $0.listener == "main" }.count == 1)
        #expect(!records.contains { $0.listener != "main" && $0.authorization != nil })
    }

    /// URLSession would resend a `POST` redirected with 307 or 308 without its body, and turn one
    /// redirected with 301, 302 or 303 into a `GET`: refused, on the same origin too.
    @Test(arguments: [301, 302, 303, 307, 308])
    func aSameOriginRedirectOfAPostIsRefusedRatherThanResentWithoutItsBody(status: Int) async throws {
        let hostile = try await HostileServer.start()

        let result = await Self.call(hostile.redirecting(status: status, to: "/moved/check-in"))

        guard case .failure(.redirectRefused(status, _, let target)) = result else {
            Issue.record("expected the redirect to be refused, got \(result)")
            return
        }
        #expect(target.path == "/moved/check-in")
        #expect(target.port == hostile.mainOrigin.port)
        #expect(
            try hostile.records().map(\.path) == [
                hostile.redirecting(status: status, to: "/moved/check-in").path + "/check-in"
            ]
        )
    }

    /// A redirect that changes nothing a server could abuse — a `GET` without a body, on the same
    /// origin — is followed.
    @Test func aSameOriginRedirectOfAGetIsFollowed() async throws {
        let hostile = try await HostileServer.start()
        let target = hostile.replying(body: #"{"id": "moved", "date_ms": 2}"#).path + "/status"
        let client = HTTPClient(baseURL: hostile.redirecting(status: 302, to: target))

        let ack = try await client.send(NetworkRequest<EmptyBody, Ack>(path: "status", method: .get))

        #expect(ack == Ack(id: "moved", dateMs: 2))
        #expect(try hostile.records().map(\.path) == [client.baseURL.path + "/status", target])
    }
}
