import Aqueduct
import AqueductRecording
import Foundation
import Testing

// The snippets of the DocC article "DevTools" and of the README's "DevTools" section, compiled
// and run here on the hand-written recording `Fixtures/session.jsonl`.
@Suite struct RecordingSnippetTests {
    static let path = ActionRecordingTests.fixture

    @Test func readingARecordingAndWhatEachOutsideActionSetOff() throws {
        let path = Self.path
        var printed: [String] = []
        func print(_ text: String) { printed.append(text) }

        let recording = try ActionRecording(contentsOf: path)
        for warning in recording.warnings {
            print("warning: \(warning)")
        }
        // What each action set off, by seq: the causal tree the report draws.
        var setOff: [Int: [ActionRecord]] = [:]
        for record in recording.records {
            if let cause = record.cause { setOff[cause.seq, default: []].append(record) }
        }
        for record in recording.records where record.cause == nil {
            print("#\(record.seq) \(record.action.description) at \(record.source.file):\(record.source.line)")
            for derived in setOff[record.seq] ?? [] {
                print("  \(derived.cause!.kind.rawValue) → #\(derived.seq) \(derived.action.description)")
            }
        }

        #expect(
            printed == [
                "#0 playback(PlaybackEvent.didStart) at Player/PlaybackMiddleware.swift:31",
                "  bridged-from → #1 downloads(DownloadEvent.startDownloads)",
                "  sent-by-effect → #2 library(LibraryEvent.refreshed(count: 3))",
                "#6 rename(\"Zoë\\n<b>\") at Player/Terminal.swift:77",
            ]
        )
    }

    @Test func aRecordBuiltAndWrittenAsOneLine() throws {
        let record = ActionRecord(
            seq: 4,
            cause: ActionRecord.Cause(seq: 3, kind: .bridgedFrom),
            action: ActionRecord.Action(PlaybackEvent.didStart),
            source: ActionRecord.Source(ActionSource(file: "Player/Bridges.swift", function: "bridges", line: 12)),
            changes: [ActionRecord.Change(path: "isPlaying", before: "false", after: "true")],
            time: Date(timeIntervalSince1970: 1_795_461_676.25),
            durationNanoseconds: 41_250
        )
        let line = try record.jsonLine()

        #expect(
            line
                == #"{"seq":4,"cause":3,"cause_kind":"bridged-from","action":{"description":"didStart"},"#
                + #""source":{"file":"Player/Bridges.swift","function":"bridges","line":12,"info":[]},"#
                + #""changes":[{"path":"isPlaying","before":"false","after":"true"}],"#
                + #""time":"2026-11-23T19:21:16.250Z","duration_ns":41250}"#
        )
        #expect(try ActionRecording(jsonLines: Array((line + "\n").utf8)).records == [record])
    }

    @MainActor @Test func sessionsAndGapsOfARecording() throws {
        try ActionRecordingTests.withDirectory { directory in
            let path = directory + "/bounded.jsonl"
            var printed: [String] = []
            func print(_ text: String) { printed.append(text) }
            let writer = try RecordingWriter(path: path, maximumBacklog: 10_000, maximumStateBacklog: 64)
            let store = Store(
                initialState: 0,
                reducer: EncodableCounter.reducer,
                middleware: RecorderMiddleware<EncodableCounter, Int>(writer: writer)
            )
            store.dispatch(.add(amount: 2))
            // …
            if !writer.flush(timeout: .seconds(2)) {
                print("\(writer.droppedCount) actions not recorded")
            }

            let recording = try ActionRecording(contentsOf: path)
            for session in recording.sessions {
                let start = session.start.map { "\($0)" } ?? "before any session header"
                print("session from \(start): \(session.records.count) actions")
                for gap in session.gaps {
                    print("\(gap.droppedCount) actions not recorded (#\(gap.firstSeq)…#\(gap.lastSeq)): \(gap.reason)")
                }
            }

            // However long the flush took, one session with its action, or a gap in its place.
            let sessions = printed.filter { $0.hasPrefix("session from ") }
            #expect(sessions.count == 1)
            #expect(
                sessions.first?.hasSuffix(": 1 actions") == true || printed.contains { $0.contains("not recorded") }
            )
        }
    }
}
