import CheckInAdapters
import CheckInClient
import ExampleTestSupport
import Foundation
import Testing

/// The cloud-functions adapter against a backend that answers what it should not: every reply is
/// checked against its request, and what the backend says reaches people escaped.
@Suite("Cloud functions adapter against a hostile backend")
struct HostileBackendTests {
    private static func adapter(_ base: URL) -> CloudFunctionsCheckInClient {
        CloudFunctionsCheckInClient(functionsURL: base, token: "token", timeout: 15)
    }

    private static func alertJSON(id: String, state: String, cancelled: Bool) -> String {
        #"{"id": "\#(id)", "state": "\#(state)", "triggered_ms": 1800000000000, "cancelled_ms": \#(cancelled ? "1800000060000" : "null")}"#
    }

    @Test func aCancelReplySayingTheAlertIsStillActiveIsAnError() async throws {
        let hostile = try await HostileServer.start()
        let reply = Self.alertJSON(id: "{{id}}", state: "active", cancelled: false)
        let id = UUID()

        let error = await thrownError { () async throws(CheckInError) in
            try await Self.adapter(hostile.replying(body: reply)).cancelAlert(id: id)
        }

        #expect(error == .backendFailure("cancel-alert answered that alert \(id) is still active"))
    }

    @Test func aCancelReplyAboutAnotherAlertIsAnError() async throws {
        let hostile = try await HostileServer.start()
        let other = UUID()
        let reply = Self.alertJSON(id: other.uuidString, state: "cancelled", cancelled: true)
        let id = UUID()

        let error = await thrownError { () async throws(CheckInError) in
            try await Self.adapter(hostile.replying(body: reply)).cancelAlert(id: id)
        }

        #expect(error == .backendFailure("cancel-alert answered with alert \(other) when \(id) was cancelled"))
    }

    @Test func aTriggerReplySayingTheAlertIsCancelledIsAnError() async throws {
        let hostile = try await HostileServer.start()
        let id = UUID()
        let reply = Self.alertJSON(id: id.uuidString, state: "cancelled", cancelled: true)

        let error = await thrownError { () async throws(CheckInError) in
            try await Self.adapter(hostile.replying(body: reply)).triggerAlert()
        }

        #expect(error == .backendFailure("trigger-alert answered with alert \(id) cancelled, not active"))
    }

    @Test func anActiveAlertReplyThatIsNotActiveIsAnError() async throws {
        let hostile = try await HostileServer.start()
        let id = UUID()
        let reply = #"{"alert": \#(Self.alertJSON(id: id.uuidString, state: "cancelled", cancelled: true))}"#

        let error = await thrownError { () async throws(CheckInError) in
            try await Self.adapter(hostile.replying(body: reply)).activeAlert()
        }

        #expect(error == .backendFailure("active-alert answered with alert \(id) cancelled, not active"))
    }

    @Test func aCheckInReplyAboutAnotherCheckInIsAnError() async throws {
        let hostile = try await HostileServer.start()
        let other = UUID()
        let id = UUID()

        let error = await thrownError { () async throws(CheckInError) in
            try await Self.adapter(hostile.replying(body: #"{"id": "\#(other)", "date_ms": 1}"#))
                .checkIn(at: .now, idempotencyKey: id)
        }

        #expect(
            error == .backendFailure("check-in answered with check-in \(other) when \(id) was sent: it was not stored")
        )
    }

    /// A server message that would clear the screen, retitle the window and draw a line of its
    /// own is kept as it came in the error, and described with every control character escaped.
    @Test func aServerMessageWithControlCharactersIsDescribedEscaped() async throws {
        let hostile = try await HostileServer.start()
        let message = "boom\u{1B}[2J\u{1B}]0;pwned\u{07}\r\nChecked in at 2030-01-01T00:00:00Z."
        let body = String(
            decoding: try JSONEncoder().encode(["error": ["code": "internal", "message": message]]),
            as: UTF8.self
        )

        let error = await thrownError { () async throws(CheckInError) in
            try await Self.adapter(hostile.replying(status: 500, body: body)).history(limit: 1)
        }

        #expect(error == .backendFailure("server error (HTTP 500): \(message)"))
        let description = try #require(error?.description)
        #expect(
            description
                == #"backend failure: server error (HTTP 500): boom\u{1B}[2J\u{1B}]0;pwned\u{7}\r\nChecked in at 2030-01-01T00:00:00Z."#
        )
        #expect(!description.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test func aReplyPastTheSizeLimitIsABackendFailureThatSaysSo() async throws {
        let hostile = try await HostileServer.start()

        let error = await thrownError { () async throws(CheckInError) in
            try await Self.adapter(hostile.huge(status: 200, bytes: 8 << 20, declaresLength: false)).history(limit: 1)
        }

        #expect(error?.kind == "backendFailure")
        #expect(error?.reason.contains("longer than \(1 << 20) bytes") == true)
    }

    /// A redirect of a check-in to another origin: refused, with a message that says why and what
    /// to change, and the URLs in it without their credentials.
    @Test func aRedirectToAnotherOriginIsAMisconfigurationNamingBothURLs() async throws {
        let hostile = try await HostileServer.start()
        let target = "http://user:pw@127.0.0.1:\(hostile.otherOrigin.port ?? 0)/check-in?apikey=secret"

        let error = await thrownError { () async throws(CheckInError) in
            try await Self.adapter(hostile.redirecting(status: 307, to: target)).checkIn(
                at: .now,
                idempotencyKey: UUID()
            )
        }

        #expect(error?.kind == "misconfigured")
        #expect(
            error?.reason.contains("http://***@127.0.0.1:\(hostile.otherOrigin.port ?? 0)/check-in?apikey=***") == true
        )
        #expect(error?.reason.contains("the token is not sent there") == true)
        #expect(error?.description.contains("pw") == false)
        #expect(error?.description.contains("secret") == false)
    }
}
