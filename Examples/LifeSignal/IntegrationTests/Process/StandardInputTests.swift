import ExampleTestSupport
import Foundation
import Testing

/// What LifeSignal does with input no person types: a line of megabytes.
@Suite struct StandardInputTests {
    /// 10 MB on one line: read once, refused with a message that says how long it was and what
    /// the limit is, and the next command is answered as if nothing happened.
    @Test func aLineTooLongToBeACommandIsRefusedAndTheNextOneRuns() async throws {
        let directory = try TemporaryDirectory()
        let app = try ChildProcess.lifeSignal(arguments: ["--data-dir", directory.path("data"), "--network", "none"])
        try await app.waitForOutput("Type 'help' for the commands.")

        try await app.typeLongLine(String(repeating: "x", count: 10_000_000))
        try await app.waitForOutput(
            "That line is 10000000 bytes long; a command is at most 4096 bytes. It was ignored."
        )
        try await app.type("status", thenWaitFor: "Alert: none")
        try app.type("quit")

        #expect(try await app.waitForExit().status == 0)
        #expect(!app.output.contains("xxxx"))
        #expect(app.output.hasSuffix("Bye.\n"))
    }

    /// A line exactly at the limit is still a line (an unknown command, here), one byte more is not.
    @Test func theLimitIsInclusive() async throws {
        let directory = try TemporaryDirectory()
        let app = try ChildProcess.lifeSignal(arguments: ["--data-dir", directory.path("data"), "--network", "none"])

        try await app.type(String(repeating: "y", count: 4096), thenWaitFor: "Unknown command 'yyyy")
        try await app.type(String(repeating: "z", count: 4097) + "\r", thenWaitFor: "That line is 4097 bytes long")
        try app.type("quit")

        #expect(try await app.waitForExit().status == 0)
    }
}
