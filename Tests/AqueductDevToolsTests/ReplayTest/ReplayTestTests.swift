import Aqueduct
import AqueductDevToolsTestSupport
import AqueductRecording
import Foundation
import Testing

@testable import AqueductDevTools

/// `AqueductDevTools test`: the range it takes, the errors for a range it cannot, and text from
/// the recording kept out of the code it writes.
@Suite struct ReplayTestTests {
    typealias Run = ReportFixtures.Run

    static func record(
        _ seq: Int,
        _ description: String,
        cause: ActionRecord.Cause? = nil,
        changes: [ActionRecord.Change] = []
    ) -> ActionRecord {
        ActionRecord(
            seq: seq,
            cause: cause,
            action: ActionRecord.Action(description: description, value: nil),
            source: ActionRecord.Source(file: "App/App.swift", function: "run()", line: 1),
            changes: changes,
            time: Date(timeIntervalSince1970: 1_795_461_676),
            durationNanoseconds: 1_000
        )
    }

    /// `go` from outside, `went` sent by its effect, twice: #0 #1, #2 #3; `count` set by each `went`.
    static let session = ActionRecording(records: [
        record(0, "go"),
        record(
            1,
            "went",
            cause: .init(seq: 0, kind: .sentByEffect),
            changes: [.init(path: "count", before: "0", after: "1")]
        ),
        record(2, "go"),
        record(
            3,
            "went",
            cause: .init(seq: 2, kind: .sentByEffect),
            changes: [.init(path: "count", before: "1", after: "2")]
        ),
    ])

    static func make(
        _ recording: ActionRecording = session,
        from: Int,
        to: Int,
        session: Int? = nil,
        using: String? = nil
    )
        throws(DevToolsError) -> ReplayTest
    {
        try ReplayTest(
            recording: recording,
            request: .init(
                from: from,
                to: to,
                session: session,
                name: "Slice",
                using: using,
                recordingName: "app.jsonl"
            )
        )
    }

    @Test func aRangeFromTheStartUsesTheHarnessAndKeepsItsRecords() throws {
        let made = try Self.make(from: 0, to: 1, using: "AppReplay")
        #expect(made.range == 0...1)
        #expect(made.notes.isEmpty)
        let slice = try ActionRecording(
            records: made.slice.split(separator: "\n").map { line in
                try JSONDecoder().decode(ActionRecord.self, from: Data(line.utf8))
            }
        )
        #expect(slice.records == Array(Self.session.records.prefix(2)))
        #expect(made.source.contains("@Suite struct Slice {"))
        #expect(made.source.contains(".appendingPathComponent(\"Slice.jsonl\")"))
        #expect(made.source.contains("initialState: AppReplay.initialState,"))
        #expect(made.source.contains("feature: AppReplay.feature(),"))
        #expect(made.source.contains("decoding: AppReplay.decoding,"))
        #expect(made.source.contains("#expect(recording.records.count == 2)"))
    }

    @Test func withoutAHarnessTheTestHasMarkedPlaceholders() throws {
        let made = try Self.make(from: 0, to: 1)
        #expect(made.source.contains("initialState: <#the app's initial state#>,"))
        #expect(made.source.contains("feature: <#the app's Feature, with test clients#>,"))
        #expect(made.source.contains("decoding: <#ActionReplay.Decoding of the outside actions#>,"))
        #expect(made.source.contains("        //   go\n"))
    }

    @Test func aRangeThatEndsBeforeWhatItSetOffIsExtended() throws {
        let made = try Self.make(from: 0, to: 0)
        #expect(made.range == 0...1)
        #expect(made.notes == ["The range ends at #1, not #0: records up to #1 were set off by records in it."])
    }

    @Test func aRangeAfterTheStartSendsWhatWasSetOffBeforeItAndNeedsTheStateBefore() throws {
        let made = try Self.make(from: 1, to: 2, using: "AppReplay")
        #expect(made.range == 1...3)
        let first = try JSONDecoder().decode(
            ActionRecord.self,
            from: Data(made.slice.split(separator: "\n")[0].utf8)
        )
        #expect(first.seq == 1 && first.cause == nil)
        #expect(made.notes.last == "Set off before the range, so sent from outside in the replay: #1.")
        #expect(made.source.contains("initialState: <#the state before #1#>,"))
        #expect(made.source.contains("feature: AppReplay.feature(),"))
    }

    @Test(arguments: [
        (5, 9, "No record of app.jsonl is in #5…#9 (it holds #0…#3)."),
        (3, 1, "The range #3…#1 is empty: --from must not be after --to."),
    ])
    func aRangeThatIsNotInTheRecordingIsAClearError(from: Int, to: Int, message: String) {
        #expect(throws: DevToolsError.self) { try Self.make(from: from, to: to) }
        do {
            _ = try Self.make(from: from, to: to)
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func aRangeInSeveralSessionsNeedsTheSession() throws {
        let two = ActionRecording(sessions: [
            .init(records: Array(Self.session.records.prefix(2))),
            .init(records: Array(Self.session.records.prefix(2))),
        ])
        do {
            _ = try Self.make(two, from: 0, to: 1)
            Issue.record("no error")
        } catch {
            #expect(error.status == .usage)
            #expect(error.message == "#0…#1 is in sessions 1, 2 of app.jsonl: say which with --session.")
        }
        #expect(try Self.make(two, from: 0, to: 1, session: 2).source.contains("of session 2 of app.jsonl"))
        do {
            _ = try Self.make(two, from: 0, to: 1, session: 3)
            Issue.record("no error")
        } catch {
            #expect(error.message == "app.jsonl has 2 session(s), not a session 3.")
        }
    }

    @Test func aRangeWithAGapIsAClearError() {
        let gapped = ActionRecording(sessions: [
            .init(
                records: [Self.record(0, "go"), Self.record(5, "go")],
                gaps: [.init(droppedCount: 4, firstSeq: 1, lastSeq: 4, reason: "behind", time: Date(), position: 1)]
            )
        ])
        do {
            _ = try Self.make(gapped, from: 0, to: 5)
            Issue.record("no error")
        } catch {
            #expect(error.status == .dataError)
            #expect(error.message.hasPrefix("The range #0…#5 of app.jsonl has a gap: the recorder dropped #1…#4"))
        }
    }

    /// Descriptions that try to end the comment, open a string, or reorder how the line reads.
    @Test func textFromTheRecordingStaysInItsComment() throws {
        let hostile = [
            "x\n}\n@Test func injected() { fatalError() }\n//",
            "y\r#\"\"\"\\(evil)\u{2028}z",
            "a\u{202E}b\u{2066}c\u{0085}d",
        ]
        let recording = ActionRecording(records: hostile.enumerated().map { Self.record($0.offset, $0.element) })
        let made = try Self.make(recording, from: 0, to: 2)
        let lines = made.source.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!made.source.contains("\r") && !made.source.contains("\u{2028}") && !made.source.contains("\u{202E}"))
        #expect(!made.source.contains("\u{0085}") && !made.source.contains("\u{2066}"))
        #expect(!lines.contains { $0.hasPrefix("@Test func injected") })
        #expect(
            made.source.contains("///   #0 x\\u{A}}\\u{A}@Test func injected() { fatalError() }\\u{A}//  from outside")
        )
        #expect(made.source.contains("y\\u{D}#\"\"\"\\(evil)\\u{2028}z"))
        // Every line that holds recorded text is a comment.
        for line in lines where line.contains("evil") || line.contains("injected") || line.contains("a\\u{202E}") {
            #expect(line.trimmingCharacters(in: .whitespaces).hasPrefix("//"), "\(line)")
        }
        #expect(ReplayTest.stringLiteral("a\"b\\c\n") == "\"a\\\"b\\\\c\\u{A}\"")
    }

    @Test(arguments: [
        (["test"], "Missing the recording to make a test of (a .jsonl file)."),
        (["test", "a.jsonl"], "test needs the range: --from <seq> --to <seq>."),
        (["test", "a.jsonl", "--from", "-1", "--to", "2"], "--from takes a whole number from 0, not '-1'."),
        (
            ["test", "a.jsonl", "--from", "1", "--to", "2", "--name", "1x"],
            "--name takes a Swift type name (letters, digits and _, not first a digit), not '1x'."
        ),
        (
            ["test", "a.jsonl", "--from", "1", "--to", "2", "--name", "a/../b"],
            "--name takes a Swift type name (letters, digits and _, not first a digit), not 'a/../b'."
        ),
        (
            ["test", "a.jsonl", "--from", "1", "--to", "2", "--using", "A(); x"],
            "--using takes a Swift type name (like AppReplay), not 'A(); x'."
        ),
        (["test", "a.jsonl", "--from", "1", "--to", "2", "--port", "80"], "Unknown option '--port' for test."),
    ])
    func aWrongTestCommandLineIsAUsageError(arguments: [String], message: String) {
        let run = ReportFixtures.run(arguments)
        #expect(run.status == .usage)
        #expect(run.errors == "error: \(message)\n\(DevToolsCommand.usageHint)\n")
    }

    @Test func theCommandWritesTheTwoFilesAndSaysWhatItTook() throws {
        try ReportFixtures.withDirectory { directory in
            let recording = directory.appendingPathComponent("app.jsonl").path
            try Self.session.records.map { try $0.jsonLine() + "\n" }.joined()
                .write(toFile: recording, atomically: true, encoding: .utf8)
            let run = ReportFixtures.run(["test", recording, "--from", "2", "--to", "2", "-o", directory.path])
            #expect(run.status == .success)
            #expect(
                run.output
                    == "Wrote \(directory.path)/Replay2To2.swift and \(directory.path)/Replay2To2.jsonl: records #2…#3 (2 records).\n"
            )
            #expect(
                run.errors == "note: The range ends at #3, not #2: records up to #3 were set off by records in it.\n"
            )
            let source = try String(contentsOfFile: directory.path + "/Replay2To2.swift", encoding: .utf8)
            #expect(
                source.hasPrefix("// Generated by: AqueductDevTools test app.jsonl --from 2 --to 2 --name Replay2To2\n")
            )
            let missing = ReportFixtures.run(["test", recording, "--from", "7", "--to", "9", "-o", directory.path])
            #expect(missing.status == .dataError)
            #expect(missing.errors == "error: No record of app.jsonl is in #7…#9 (it holds #0…#3).\n")
        }
    }

    @Test func helpShowsTheTestCommand() {
        let run = ReportFixtures.run(["test", "--help"])
        #expect(run.status == .success)
        #expect(run.output.contains("AqueductDevTools test <recording.jsonl> --from <seq> --to <seq>"))
    }
}
