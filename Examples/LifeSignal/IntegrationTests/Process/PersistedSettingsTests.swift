import ExampleTestSupport
import Foundation
import Testing

/// What `LifeSignal` keeps across restarts — the settings (check-in interval, contact) and the
/// screen that was open — run twice on one data directory; and a damaged settings file.
@Suite struct PersistedSettingsTests {
    /// The lines after `prefix` on its line, in `output`.
    static func value(after prefix: String, in output: String) -> String? {
        output.split(separator: "\n").first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }

    @Test func theSettingsAndTheLastScreenSurviveARestart() async throws {
        let directory = try TemporaryDirectory()
        let arguments = ["--data-dir", directory.path("data"), "--network", "none"]

        let first = try ChildProcess.lifeSignal(arguments: arguments)
        try await first.waitForOutput("Type 'help' for the commands.")
        try await first.type("settings", thenWaitFor: "Contact: none")
        try await first.type("interval 3600", thenWaitFor: "Check-ins now last 1 hour.")
        try await first.type("contact Ada Lovelace", thenWaitFor: "Your contact is now Ada Lovelace.")
        try await first.type("check-in", thenWaitFor: "Checked in at ")
        try await first.type("history", thenWaitFor: "Type 'back' to close the history.")
        try first.type("quit")
        #expect(try await first.waitForExit().status == 0)
        #expect(first.output.contains("Check-in interval: 1 day\nContact: none"))  // the defaults, at first
        #expect(first.errorOutput.isEmpty)

        // Written by the first run before it exited, private to the person.
        let settings = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: directory.path("data/settings.json")))
        )
        #expect(
            settings as? NSDictionary
                == ["version": 1, "value": ["intervalSeconds": 3600, "contact": "Ada Lovelace"]] as NSDictionary
        )
        let mode = try FileManager.default.attributesOfItem(atPath: directory.path("data/settings.json"))[
            .posixPermissions
        ]
        #expect(mode as? Int == 0o600)

        // The second run opens on the history, with the settings the first one left.
        let second = try ChildProcess.lifeSignal(arguments: arguments)
        try await second.waitForOutput("Type 'back' to close the history.")
        try await second.type("settings", thenWaitFor: "Contact: Ada Lovelace")
        try await second.type("status", thenWaitFor: "Alert: none")
        try await second.type("back", thenWaitFor: "Closed the history.")
        try second.type("quit")
        #expect(try await second.waitForExit().status == 0)
        #expect(
            TerminalSessionTests.normalized(second.output, directory: directory) == [
                "LifeSignal — checking in with the SQLite database <dir>/data/lifesignal.sqlite.",
                "The action log is in <dir>/data/lifesignal.log.",
                "Type 'help' for the commands.",
                "History (1 check-in, newest first):",
                "  1. <date>",
                "Type 'back' to close the history.",
                "Check-in interval: 1 hour",
                "Contact: Ada Lovelace",
                "Last check-in: <date>",
                "Next check-in due by: <date>",
                "Alert: none",
                "Closed the history.",
                "Syncing and saving…",
                "Bye.",
                "",
            ]
        )
        // The deadline follows the saved interval: an hour after the check-in, not a day.
        let formatter = ISO8601DateFormatter()
        let last = try #require(Self.value(after: "Last check-in: ", in: second.output).flatMap(formatter.date))
        let due = try #require(Self.value(after: "Next check-in due by: ", in: second.output).flatMap(formatter.date))
        #expect(due.timeIntervalSince(last) == 3600)

        // The history was closed: the third run opens on the prompt; `--interval` wins over the
        // saved interval, and is saved in its place.
        let third = try ChildProcess.lifeSignal(arguments: arguments + ["--interval", "120"])
        try await third.type("settings", thenWaitFor: "Contact: Ada Lovelace")
        try third.type("quit")
        #expect(try await third.waitForExit().status == 0)
        #expect(!third.output.contains("History"))
        #expect(third.output.contains("Check-in interval: 2 minutes\n"))
        let saved = try String(contentsOfFile: directory.path("data/settings.json"), encoding: .utf8)
        #expect(saved.contains(#""intervalSeconds":120"#))
    }

    @Test func aDamagedSettingsFileIsSaidInPlainWordsAndKeptAside() async throws {
        let directory = try TemporaryDirectory()
        let data = directory.path("data")
        try FileManager.default.createDirectory(
            atPath: data,
            withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700]
        )
        let damaged = Data(#"{"version":1,"value":{"intervalSeconds":36"#.utf8)  // cut short
        try damaged.write(to: URL(fileURLWithPath: directory.path("data/settings.json")))

        let app = try ChildProcess.lifeSignal(arguments: ["--data-dir", data, "--network", "none"])
        try await app.waitForOutput("Type 'help' for the commands.")
        try await app.type("settings", thenWaitFor: "Contact: none")
        try app.type("quit")
        #expect(try await app.waitForExit().status == 0)

        let lines = TerminalSessionTests.normalized(app.output, directory: directory)
        #expect(
            lines.contains(
                "Your saved settings (check-in interval and contact) could not be used: the file is damaged. "
                    + "LifeSignal starts with the default settings. The file was kept as <dir>/data/settings.json.bad-1."
            )
        )
        #expect(lines.contains("Check-in interval: 1 day"))  // the default
        // No decoding error, no framework wording, nothing on standard error.
        #expect(!app.output.contains("DecodingError") && !app.output.contains("Persisted value"))
        #expect(app.errorOutput.isEmpty)
        // The damaged file is kept whole; nothing was saved over it.
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path("data/settings.json.bad-1"))) == damaged)
        #expect(!FileManager.default.fileExists(atPath: directory.path("data/settings.json")))
    }
}
