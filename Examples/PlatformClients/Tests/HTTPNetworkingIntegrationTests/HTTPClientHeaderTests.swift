import ExampleTestSupport
import Foundation
import HTTPNetworking
import Testing

/// A header value HTTP cannot carry is an error naming the header, never a request sent without it.
@Suite("HTTP client headers")
struct HTTPClientHeaderTests {
    @Test(arguments: ["abc\r\ndef", "abc\ndef", "abc\u{0}def", "abc\u{1B}def"])
    func aTokenWithAControlCharacterIsRefusedNotDroppedSilently(token: String) async throws {
        let hostile = try await HostileServer.start()
        let client = HTTPClient(
            baseURL: hostile.replying(body: "{}"),
            interceptors: [BearerTokenInterceptor(token: token)]
        )

        let result = await client.outcome(
            of: NetworkRequest<EmptyBody, EmptyBody>.function("history", body: EmptyBody())
        )

        guard case .failure(.invalidHeader(let path, let name)) = result else {
            Issue.record("expected the header to be refused, got \(result)")
            return
        }
        #expect(name == "Authorization")
        #expect(path.hasSuffix("/history"))
        #expect(try hostile.records().isEmpty)
    }
}
