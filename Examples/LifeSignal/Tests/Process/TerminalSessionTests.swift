import ExampleTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `LifeSignal` as a person uses it: a child process with a fresh data directory, commands
/// typed on its standard input, the transcript on its standard output.
@Suite struct TerminalSessionTests {
    /// The transcript with every ISO 8601 date replaced by `<date>`.
    static func normalized(_ output: String, directory: TemporaryDirectory) -> [String] {
        output.replacingOccurrences(
            of: #"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"#,
            with: "<date>",
            options: .regularExpression
        )
        .replacingOccurrences(of: directory.url.path, with: "<dir>")
        .split(separator: "\n", omittingEmptySubsequences: false)
        .map(String.init)
    }

    @Test func checkInStatusHistoryAlertCancelAlertAndQuit() async throws {
        let directory = try TemporaryDirectory()
        let app = try ChildProcess.lifeSignal(arguments: ["--data-dir", directory.path("data"), "--network", "none"])

        try await app.waitForOutput("Type 'help' for the commands.")
        try await app.type("check-in", thenWaitFor: "Checked in at ")
        try await app.type("status", thenWaitFor: "Alert: none")
        try await app.type("history", thenWaitFor: "  1. ")
        try await app.type("alert", thenWaitFor: "Alert triggered at ")
        try await app.type("cancel-alert", thenWaitFor: "Alert cancelled.")
        try await app.type("dance", thenWaitFor: "Unknown command 'dance'")
        try app.type("quit")
        let (status, reason) = try await app.waitForExit()

        #expect(status == 0)
        #expect(reason == .exit)
        #expect(
            Self.normalized(app.output, directory: directory) == [
                "LifeSignal — checking in with the SQLite database <dir>/data/lifesignal.sqlite.",
                "Type 'help' for the commands.",
                "Checked in at <date>. Next check-in due by <date>.",
                "Last check-in: <date>",
                "Next check-in due by: <date>",
                "Alert: none",
                "History (1 check-in, newest first):",
                "  1. <date>",
                "Alert triggered at <date>. Type 'cancel-alert' to cancel it.",
                "Alert cancelled.",
                "Unknown command 'dance'. Type 'help' for the list of commands.",
                "Syncing and saving…",
                "Bye.",
                "",
            ]
        )
        // The action log went to standard error, with the bridged actions and their sources.
        #expect(app.errorOutput.contains("┌─▶ checkIn(CheckInAction.checkIn)"))
        #expect(
            app.errorOutput.contains(
                "info: Bridged from lifecycle(AppLifecycleAction.willTerminate) at LifeSignalBridges.swift"
            )
        )
        #expect(FileManager.default.fileExists(atPath: directory.path("data/lifesignal.sqlite")))
    }

    @Test func theCheckInIsStillThereInTheNextSession() async throws {
        let directory = try TemporaryDirectory()
        let arguments = ["--network", "none"]
        let environment = ["LIFESIGNAL_DATA_DIR": directory.path("env-data")]

        let first = try ChildProcess.lifeSignal(arguments: arguments, environment: environment)
        try await first.type("check-in", thenWaitFor: "Checked in at ")
        try first.closeInput()  // End of input quits.
        #expect(try await first.waitForExit().status == 0)

        let second = try ChildProcess.lifeSignal(arguments: arguments, environment: environment)
        try await second.type("history", thenWaitFor: "History (1 check-in, newest first):")
        try second.type("quit")
        #expect(try await second.waitForExit().status == 0)
    }

    @Test func helpListsTheCommands() async throws {
        let directory = try TemporaryDirectory()
        let app = try ChildProcess.lifeSignal(arguments: ["--data-dir", directory.path("data"), "--network", "none"])
        try await app.type("help", thenWaitFor: "cancel-alert  cancel the active alert")
        try app.type("quit")
        #expect(try await app.waitForExit().status == 0)
    }

    @Test func sigtermFlushesAndExitsZero() async throws {
        let directory = try TemporaryDirectory()
        let app = try ChildProcess.lifeSignal(arguments: ["--data-dir", directory.path("data"), "--network", "none"])
        try await app.type("check-in", thenWaitFor: "Checked in at ")
        // The signal adapter is armed once it has emitted the initial activation.
        try await app.waitForErrorOutput("┌─▶ lifecycle(AppLifecycleAction.didBecomeActive)")

        app.send(SIGTERM)
        let (status, reason) = try await app.waitForExit()

        #expect(status == 0)
        #expect(reason == .exit)
        #expect(app.errorOutput.contains("┌─▶ checkIn(CheckInAction.flushed)"))
        #expect(app.output.hasSuffix("Bye.\n"))
    }
}
