import ExampleTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `LifeSignal` as a person uses it: a child process with a fresh data directory, commands
/// typed on its standard input, the transcript on its standard output — through pipes, and on
/// a pseudo-terminal, where the prompt shows.
@Suite struct TerminalSessionTests {
    /// The transcript with every ISO 8601 date replaced by `<date>`.
    static func normalized(_ output: String, directory: TemporaryDirectory) -> [String] {
        normalized(
            output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
            directory: directory
        )
    }

    /// Waits until the app has handled its initial activation, prompt redraw included, so that
    /// what is typed next is echoed after the redraw. The activation's own entry is logged before
    /// its reducer and effects run; the entry of the action bridged from it is logged after them
    /// (an action sent while another is processed waits behind it).
    static func waitUntilTheInitialActivationIsHandled(directory: TemporaryDirectory) async throws {
        let log = directory.path("data/lifesignal.log")
        try await Wait.until("the initial activation handled, in \(log)", timeout: .seconds(30)) {
            (try? String(contentsOfFile: log, encoding: .utf8))?
                .contains("┌─▶ reachability(ReachabilityEvent.startMonitoring)") == true
        }
    }

    /// The lines with every ISO 8601 date replaced by `<date>` and the directory by `<dir>`.
    static func normalized(_ lines: [String], directory: TemporaryDirectory) -> [String] {
        lines.map { line in
            line.replacingOccurrences(
                of: #"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"#,
                with: "<date>",
                options: .regularExpression
            )
            .replacingOccurrences(of: directory.url.path, with: "<dir>")
        }
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
                "The action log is in <dir>/data/lifesignal.log.",
                "Type 'help' for the commands.",
                "Checked in at <date>. Next check-in due by <date>.",
                "Last check-in: <date>",
                "Next check-in due by: <date>",
                "Alert: none",
                "History (1 check-in, newest first):",
                "  1. <date>",
                "Type 'back' to close the history.",
                "Alert triggered at <date>. Type 'cancel-alert' to cancel it.",
                "Alert cancelled.",
                "Unknown command 'dance'. Type 'help' for the list of commands.",
                "Syncing and saving…",
                "Bye.",
                "",
            ]
        )
        // The action log went to its file in the data directory, with the bridged actions and
        // their sources; nothing went to standard error.
        let log = try String(contentsOfFile: directory.path("data/lifesignal.log"), encoding: .utf8)
        #expect(log.contains("┌─▶ checkIn(CheckInAction.checkIn)"))
        #expect(
            log.contains("info: Bridged from lifecycle(AppLifecycleAction.willTerminate) at LifeSignalBridges.swift")
        )
        #expect(app.errorOutput.isEmpty)
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

    @Test func theLogGoesToStandardErrorWithLogDash() async throws {
        let directory = try TemporaryDirectory()
        let app = try ChildProcess.lifeSignal(
            arguments: ["--data-dir", directory.path("data"), "--network", "none", "--log", "-"]
        )
        try await app.type("check-in", thenWaitFor: "Checked in at ")
        try app.type("quit")
        #expect(try await app.waitForExit().status == 0)
        #expect(app.errorOutput.contains("┌─▶ checkIn(CheckInAction.checkIn)"))
        #expect(!app.output.contains("The action log is in"))
        #expect(!FileManager.default.fileExists(atPath: directory.path("data/lifesignal.log")))
    }

    @Test func sigtermFlushesAndExitsZero() async throws {
        let directory = try TemporaryDirectory()
        let app = try ChildProcess.lifeSignal(
            arguments: ["--data-dir", directory.path("data"), "--network", "none", "--log", "-"]
        )
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

    /// On a terminal: the prompt before each command, answers in between, nothing from the log,
    /// and after Ctrl-Z and `fg` (SIGTSTP, then SIGCONT once stopped) the prompt drawn again.
    @Test func onATerminalThePromptWaitsForEachCommandAndComesBackAfterASuspension() async throws {
        let directory = try TemporaryDirectory()
        let app = try ChildProcess.lifeSignal(
            arguments: ["--data-dir", directory.path("data"), "--network", "none"],
            onATerminal: true
        )
        try await app.waitForOutput("Type 'help' for the commands.\n> ")
        // The signal adapter is armed once its initial activation is handled; before that a
        // SIGTSTP would stop the process without the app knowing.
        try await Self.waitUntilTheInitialActivationIsHandled(directory: directory)
        try await app.type("check-in", thenWaitFor: "Next check-in due by ")
        try await app.waitForOutput("\n> ", count: 2)

        // The initial activation may have redrawn the prompt already (if it came after the first
        // prompt); the main actor handled it before the check-in, so the output holds any such
        // redraw by now, and the one after `fg` is the next.
        let redraw = "\r\u{1B}[K> "
        let redrawsBeforeSuspension = app.output.components(separatedBy: redraw).count - 1

        // What Ctrl-Z and `fg` do, without a shell to write its lines: suspend, then continue.
        // The prompt is drawn again over the line it was on.
        app.send(SIGTSTP)
        try await app.waitUntilStopped()
        app.send(SIGCONT)
        try await app.waitForOutput(redraw, count: redrawsBeforeSuspension + 1)
        try await app.type("status", thenWaitFor: "Alert: none\n> ")
        try app.type("quit")
        #expect(try await app.waitForExit().status == 0)

        #expect(
            Self.normalized(app.screen, directory: directory) == [
                "LifeSignal — checking in with the SQLite database <dir>/data/lifesignal.sqlite.",
                "The action log is in <dir>/data/lifesignal.log.",
                "Type 'help' for the commands.",
                "> check-in",
                "Checked in at <date>. Next check-in due by <date>.",
                "> status",
                "Last check-in: <date>",
                "Next check-in due by: <date>",
                "Alert: none",
                "> quit",
                "Syncing and saving…",
                "Bye.",
                "",
            ]
        )
    }

    /// On a terminal: `history` opens the history screen and `back` closes it; `alert` presents
    /// the alert notice and `ack` dismisses it. Typed again, `back` and `ack` find nothing open.
    @Test func onATerminalTheHistoryOpensAndClosesAndTheAlertNoticeIsAcknowledged() async throws {
        let directory = try TemporaryDirectory()
        let app = try ChildProcess.lifeSignal(
            arguments: ["--data-dir", directory.path("data"), "--network", "none"],
            onATerminal: true
        )
        try await app.waitForOutput("Type 'help' for the commands.\n> ")
        // The initial activation redraws the prompt: it must not land in the transcript below.
        try await Self.waitUntilTheInitialActivationIsHandled(directory: directory)
        try await app.type("history", thenWaitFor: "Type 'back' to close the history.\n> ")
        try await app.type("back", thenWaitFor: "Closed the history.\n> ")
        try await app.type("back", thenWaitFor: "There is no screen to go back from.\n> ")
        try await app.type("alert", thenWaitFor: "Type 'cancel-alert' to cancel it.\n> ")
        try await app.type("ack", thenWaitFor: "until 'cancel-alert'.\n> ")
        try await app.type("ack", thenWaitFor: "There is no alert notice to acknowledge.\n> ")
        try await app.type("cancel-alert", thenWaitFor: "Alert cancelled.\n> ")
        try app.type("quit")
        #expect(try await app.waitForExit().status == 0)

        #expect(
            Self.normalized(app.screen, directory: directory) == [
                "LifeSignal — checking in with the SQLite database <dir>/data/lifesignal.sqlite.",
                "The action log is in <dir>/data/lifesignal.log.",
                "Type 'help' for the commands.",
                "> history",
                "No check-ins yet. Type 'back' to close the history.",
                "> back",
                "Closed the history.",
                "> back",
                "There is no screen to go back from.",
                "> alert",
                "Alert triggered at <date>. Type 'cancel-alert' to cancel it.",
                "> ack",
                "Acknowledged: no more reminders. The alert stays active until 'cancel-alert'.",
                "> ack",
                "There is no alert notice to acknowledge.",
                "> cancel-alert",
                "Alert cancelled.",
                "> quit",
                "Syncing and saving…",
                "Bye.",
                "",
            ]
        )
        // The screen was pushed and popped, the notice presented and dismissed, by actions of
        // the store.
        let actions = try String(contentsOfFile: directory.path("data/lifesignal.log"), encoding: .utf8)
        let screen = "path(StackAction<HistoryScreen, HistoryScreenAction>"
        let notice = "alertNotice(PresentationAction<AlertNoticeAction>"
        #expect(actions.contains("┌─▶ \(screen).element(id: #0, action: HistoryScreenAction.loaded([])))"))
        #expect(actions.contains("┌─▶ \(screen).pop)"))
        #expect(actions.contains("┌─▶ \(notice).presented(AlertNoticeAction.onAppear))"))
        #expect(actions.contains("┌─▶ \(notice).dismiss)"))
    }

    /// Ctrl-C or Ctrl-D at the prompt: the prompt makes way for the goodbye, and nothing is
    /// drawn after it.
    @Test(arguments: ["interrupt", "end of input"])
    func onATerminalLeavingAtThePromptEndsTheTranscriptCleanly(way: String) async throws {
        let directory = try TemporaryDirectory()
        let app = try ChildProcess.lifeSignal(
            arguments: ["--data-dir", directory.path("data"), "--network", "none"],
            onATerminal: true
        )
        try await app.waitForOutput("Type 'help' for the commands.\n> ")
        if way == "interrupt" {
            // The signal adapter is armed once the initial activation is handled.
            try await Self.waitUntilTheInitialActivationIsHandled(directory: directory)
            app.send(SIGINT)
        } else {
            try app.closeInput()
        }
        #expect(try await app.waitForExit().status == 0)
        #expect(
            Self.normalized(app.screen, directory: directory) == [
                "LifeSignal — checking in with the SQLite database <dir>/data/lifesignal.sqlite.",
                "The action log is in <dir>/data/lifesignal.log.",
                "Type 'help' for the commands.",
                "Syncing and saving…",
                "Bye.",
                "",
            ]
        )
    }
}
