import ExampleTestSupport
import Foundation
import HTTPNetworking
import Testing

/// Bodies of any size from a server that sends them on purpose: the client keeps at most its
/// limit and answers with a domain error as soon as the body passes it, cancelling the transfer.
///
/// (How soon the transfer itself stops is up to URLSession: on Linux, swift-corelibs-foundation
/// carries out a cancel only once libcurl pauses, which a fast loopback sender can delay by
/// hundreds of megabytes, so this test asserts what the client does, not what the server
/// managed to send.)
@Suite("HTTP client response size")
struct HTTPClientResponseSizeTests {
    static let largeBody = 8 * 1024 * 1024

    @Test(arguments: [200, 500], [true, false])
    func aBodyPastTheLimitIsADomainErrorNotABufferedBody(status: Int, declaresLength: Bool) async throws {
        let hostile = try await HostileServer.start()
        let base = hostile.huge(status: status, bytes: Self.largeBody, declaresLength: declaresLength)
        let client = HTTPClient(baseURL: base)

        let result = await client.outcome(
            of: NetworkRequest<EmptyBody, EmptyBody>.function("history", body: EmptyBody())
        )

        guard case .failure(.responseTooLarge(let path, let limit)) = result else {
            Issue.record("expected the body to be refused, got \(result)")
            return
        }
        #expect(path == "history")
        #expect(limit == HTTPClient.defaultMaximumResponseSize)
    }

    @Test func theLimitIsAnOptionOfTheClient() async throws {
        let hostile = try await HostileServer.start()
        let body = #"{"padding": "\#(String(repeating: "x", count: 1000))"}"#
        let request = NetworkRequest<EmptyBody, [String: String]>.function("history", body: EmptyBody())

        let roomy = HTTPClient(baseURL: hostile.replying(body: body), maximumResponseSize: body.utf8.count)
        let tight = HTTPClient(baseURL: hostile.replying(body: body), maximumResponseSize: body.utf8.count - 1)

        #expect(try await roomy.send(request)["padding"]?.count == 1000)
        await #expect(throws: HTTPError.self) { try await tight.send(request) }
    }
}
