import ExampleTestSupport
import Foundation
import Testing

/// Text LifeSignal did not write itself — a backend's error message, a typed line — reaches the
/// terminal and the action log with its control characters escaped: a hostile reply cannot clear
/// the screen, retitle the window or print a line that looks like the app's.
@Suite struct TerminalInjectionTests {
    static let hostileMessage = "\u{1B}[2J\u{1B}[H\u{1B}]0;pwned\u{07}\r\nChecked in at 2030-01-01T00:00:00Z. All good"

    @Test func aHostileServerMessageIsPrintedEscaped() async throws {
        let directory = try TemporaryDirectory()
        let hostile = try await HostileServer.start()
        let body = String(
            decoding: try JSONEncoder().encode(["error": ["code": "internal", "message": Self.hostileMessage]]),
            as: UTF8.self
        )
        let url = hostile.replying(status: 500, body: body).absoluteString
        let app = try ChildProcess.lifeSignal(
            arguments: [
                "--data-dir", directory.path("data"), "--network", "none", "--functions-url", url, "--token", "t",
            ]
        )

        try await app.type("check-in", thenWaitFor: "Could not sync: backend failure: server error (HTTP 500): ")
        try app.type("pwn\u{1B}[2J\u{07}")
        try await app.waitForOutput("Unknown command 'pwn\\u{1B}[2J\\u{7}'")
        try app.type("quit")
        #expect(try await app.waitForExit().status == 0)

        let escaped = #"\u{1B}[2J\u{1B}[H\u{1B}]0;pwned\u{7}\r\nChecked in at 2030-01-01T00:00:00Z. All good"#
        #expect(app.output.contains("Could not sync: backend failure: server error (HTTP 500): \(escaped)."))
        #expect(!app.output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\r" })
        #expect(!app.lines.contains { $0.hasPrefix("Checked in at 2030") })
        let log = try String(contentsOfFile: directory.path("data/lifesignal.log"), encoding: .utf8)
        #expect(log.contains(escaped))
        #expect(!log.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\r" })
    }
}
