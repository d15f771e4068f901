import CheckInAdapters
import CheckInClient
import ExampleTestSupport
import Foundation
import HTTPNetworking
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one mapping from ``HTTPError`` to ``CheckInError``, as a pure function.
@Suite("CheckInError(httpError:)")
struct CheckInErrorHTTPMappingTests {
    struct StatusCase: Sendable, CustomStringConvertible {
        var status: Int
        var body: String
        var expected: CheckInError

        var description: String { "\(status) \(body)" }
    }

    static let statusCases: [StatusCase] = [
        StatusCase(
            status: 400,
            body: #"{"error":{"code":"invalid_input","message":"bad limit"}}"#,
            expected: .invalidInput("bad limit")
        ),
        StatusCase(status: 401, body: "", expected: .unauthorized),
        StatusCase(status: 403, body: #"{"error":{"code":"forbidden"}}"#, expected: .unauthorized),
        StatusCase(status: 404, body: #"{"error":{"code":"not_found","message":"no alert"}}"#, expected: .notFound),
        StatusCase(
            status: 404,
            body: #"{"error":{"code":"unknown_function"}}"#,
            expected: .misconfigured(
                "nothing answers at https://***@example.com/functions/v1/history?apikey=*** (HTTP 404): "
                    + "check the functions URL"
            )
        ),
        StatusCase(status: 408, body: "", expected: .offline),
        StatusCase(status: 409, body: #"{"error":{"code":"already_active","message":"x"}}"#, expected: .alreadyActive),
        StatusCase(status: 409, body: #"{"error":{"code":"not_active","message":"x"}}"#, expected: .notActive),
        StatusCase(
            status: 409,
            body: #"{"error":{"code":"other","message":"odd"}}"#,
            expected: .backendFailure("conflict (HTTP 409): odd")
        ),
        StatusCase(
            status: 500,
            body: #"{"error":{"code":"internal","message":"boom"}}"#,
            expected: .backendFailure("server error (HTTP 500): boom")
        ),
        StatusCase(status: 502, body: "Bad Gateway", expected: .backendFailure("server error (HTTP 502): Bad Gateway")),
        StatusCase(status: 418, body: "", expected: .backendFailure("unexpected HTTP status 418: ")),
    ]

    /// The URL every status case was answered from, with credentials to keep out of messages.
    static let url = URL(string: "https://ada:s3cret@example.com/functions/v1/history?apikey=k")!

    @Test(arguments: statusCases)
    func statusMapsToDomainError(_ testCase: StatusCase) {
        let error = CheckInError(
            httpError: .status(code: testCase.status, body: Data(testCase.body.utf8), url: Self.url)
        )

        #expect(error == testCase.expected)
    }

    @Test(arguments: [
        URLError.Code.timedOut, .cannotConnectToHost, .notConnectedToInternet, .networkConnectionLost, .cannotFindHost,
    ])
    func unreachableTransportFailuresAreOffline(_ code: URLError.Code) {
        #expect(CheckInError(httpError: .transport(URLError(code))) == .offline)
    }

    @Test func otherTransportFailuresAreBackendFailures() {
        let error = CheckInError(httpError: .transport(URLError(.badURL)))

        #expect(error.kind == "backendFailure")
        #expect(error.reason.contains("\(URLError.Code.badURL.rawValue)"))
    }

    @Test func malformedResponseNamesTheFunction() {
        let error = CheckInError(httpError: .malformedResponse(path: "history", reason: "the body is not valid JSON"))

        #expect(error == .backendFailure("malformed response from history: the body is not valid JSON"))
    }
}
