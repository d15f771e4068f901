import Aqueduct
import AqueductRecording
import Foundation
import Testing

/// The action of the recording module's doc comments: `Codable`, so records keep its value.
enum PlayerAction: Codable, Sendable, Equatable {
    case score(points: Int)
    case join(name: String)
}

// The examples of AqueductRecording's doc comments, compiled and run here: each doc comment
// quotes the code of its test (a `path` of the test's own directory stands for the app's file),
// and the test checks what the comment says the code gives.
@MainActor
@Suite(.timeLimit(.minutes(2))) struct RecordingDocCommentTests {
    typealias AppAction = Player.AppAction
    typealias AppState = Player.AppState
    typealias Session = ActionRecording.Session
    let appReducer = Player.reducer
    let appMiddleware = Player.unfilteredBridges

    // MARK: - Recording

    @Test func aRecorderFirstInTheChainRecordsEveryAction() throws {
        try ActionRecordingTests.withDirectory { directory in
            let path = directory + "/session.jsonl"

            let recorder = try RecorderMiddleware<AppAction, AppState>(path: path)
            let store = Store(initialState: AppState(), reducer: appReducer, middleware: recorder <> appMiddleware)
            // …
            store.dispatch(.playback(.didStart))
            recorder.writer.flush()

            recorder.writer.flushAll()
            let recording = try ActionRecording(contentsOf: path)
            #expect(
                recording.records.map(\.action.description) == [
                    "playback(PlaybackEvent.didStart)", "downloads(DownloadEvent.startDownloads)",
                ]
            )
        }
    }

    @Test func aRecorderOverAWriterOfItsOwn() throws {
        try ActionRecordingTests.withDirectory { directory in
            let path = directory + "/session.jsonl"

            let writer = try RecordingWriter(path: path)
            let recorder = RecorderMiddleware<AppAction, AppState>(writer: writer)

            let store = Store(initialState: AppState(), reducer: appReducer, middleware: recorder)
            store.dispatch(.library(.add(.high)))
            writer.flushAll()
            #expect(recorder.writer === writer)
            #expect(try ActionRecording(contentsOf: path).records.map(\.seq) == [0])
        }
    }

    @Test func aRecorderWithASizeCapRotatesItsFile() throws {
        try ActionRecordingTests.withDirectory { directory in
            let path = directory + "/session.jsonl"

            let recorder = try RecorderMiddleware<AppAction, AppState>(path: path, maximumFileSize: 16 << 20)

            #expect(recorder.writer.maximumFileSize == 16 << 20)
        }
    }

    @Test func aWriterSharedByTheRecorderIsFlushedBeforeTheProcessExits() throws {
        try ActionRecordingTests.withDirectory { directory in
            let path = directory + "/session.jsonl"

            let writer = try RecordingWriter(path: path, maximumFileSize: 8 << 20, rotatedFiles: 2)
            let store = Store(
                initialState: AppState(),
                reducer: appReducer,
                middleware: RecorderMiddleware(writer: writer) <> appMiddleware
            )
            // …
            store.dispatch(.settings(.setAutoDownload(false)))
            writer.flush()  // before the process exits: at most 10 seconds

            writer.flushAll()
            var printed: [String] = []
            func print(_ text: String) { printed.append(text) }

            if !writer.flush(timeout: .seconds(2)) { print("\(writer.droppedCount) actions not recorded") }

            #expect(printed.isEmpty)
            #expect(writer.droppedCount == 0)
            #expect(
                try ActionRecording(contentsOf: path).records.map(\.action.description) == [
                    "settings(SettingsAction.setAutoDownload(false))"
                ]
            )
        }
    }

    @Test func aFileThatCannotBeCreatedIsARecorderError() {
        var printed: [String] = []
        func print(_ error: any Error) { printed.append("\(error)") }

        do {
            let recorder = try RecorderMiddleware<AppAction, AppState>(path: "/no-such-folder/session.jsonl")
            // …
            Issue.record("recording to \(recorder.writer)")
        } catch {
            print(error)  // cannot record to /no-such-folder/session.jsonl: No such file or directory. Choose a file …
        }

        #expect(
            printed == [
                "cannot record to /no-such-folder/session.jsonl: No such file or directory. "
                    + "Choose a file in a directory you can write to."
            ]
        )
    }

    // MARK: - Records

    @Test func aRecordIsOneJSONLine() throws {
        let record = ActionRecord(
            seq: 4,
            cause: ActionRecord.Cause(seq: 3, kind: .bridgedFrom),
            action: ActionRecord.Action(PlayerAction.score(points: 3)),
            source: ActionRecord.Source(ActionSource(file: "Game/Bridges.swift", function: "bridges", line: 12)),
            changes: [ActionRecord.Change(path: "score", before: "0", after: "3")],
            time: Date(timeIntervalSince1970: 1_795_461_676.25),
            durationNanoseconds: 41_250
        )
        let line = try record.jsonLine()

        #expect(
            line
                == #"{"seq":4,"cause":3,"cause_kind":"bridged-from","#
                + #""action":{"description":"score(points: 3)","value":{"score":{"points":3}}},"#
                + #""source":{"file":"Game/Bridges.swift","function":"bridges","line":12,"info":[]},"#
                + #""changes":[{"path":"score","before":"0","after":"3"}],"#
                + #""time":"2026-11-23T19:21:16.250Z","duration_ns":41250}"#
        )
    }

    @Test func aRecordOfAnOutsideActionHasNoCause() {
        let record = ActionRecord(
            seq: 0,
            cause: nil,
            action: ActionRecord.Action(PlayerAction.join(name: "Ada")),
            source: ActionRecord.Source(ActionSource()),
            changes: [],
            time: Date(),
            durationNanoseconds: 1_200
        )

        #expect(record.cause == nil)
        #expect(record.action.description == #"join(name: "Ada")"#)
        #expect(record.source.actionSource.fileName == "RecordingDocCommentTests.swift")
    }

    @Test func recordsWrittenAsLinesAreReadBack() throws {
        let records = [PlayerAction.join(name: "Ada"), .score(points: 3)].enumerated().map { seq, action in
            ActionRecord(
                seq: seq,
                cause: nil,
                action: ActionRecord.Action(action),
                source: ActionRecord.Source(ActionSource(file: "Game/Game.swift", function: "play()", line: 7)),
                changes: [],
                time: Date(timeIntervalSince1970: 1_795_461_676.25),
                durationNanoseconds: 1_200
            )
        }

        let text = try records.map { try $0.jsonLine() + "\n" }.joined()
        let recording = try ActionRecording(jsonLines: Array(text.utf8))

        #expect(text.split(separator: "\n").count == 2)
        #expect(recording.records == records)
    }

    @Test func anActionIsRecordedByItsDescriptionAndItsValue() throws {
        let recorded = ActionRecord.Action(PlayerAction.score(points: 3))
        let description = recorded.description  // "score(points: 3)"
        let value = recorded.value  // .object(["score": .object(["points": .integer(3)])])

        #expect(description == "score(points: 3)")
        #expect(value == .object(["score": .object(["points": .integer(3)])]))

        let action = try recorded.value?.decode(as: PlayerAction.self)

        #expect(action == .score(points: 3))
    }

    @Test func aCauseIsTheSeqOfTheActionThatSetThisOneOff() {
        let cause = ActionRecord.Cause(seq: 3, kind: .bridgedFrom)
        let name = ActionRecord.CauseKind.bridgedFrom.rawValue  // "bridged-from"

        #expect(cause.seq == 3 && cause.kind == .bridgedFrom)
        #expect(name == "bridged-from")
    }

    @Test func aSourceKeepsWhereTheActionCameFrom() {
        let source = ActionRecord.Source(ActionSource(file: "Game/Bridges.swift", function: "bridges", line: 12))
        let fileName = source.actionSource.fileName  // "Bridges.swift"

        #expect(fileName == "Bridges.swift")
    }

    @Test func aChangeReadsAsPathBeforeAndAfter() {
        let change = ActionRecord.Change(path: "items[1].title", before: "\"Milk\"", after: "\"Bread\"")
        let line = change.description  // items[1].title: "Milk" → "Bread"

        #expect(line == #"items[1].title: "Milk" → "Bread""#)
    }

    @Test func aValueEncodesAndDecodesBack() throws {
        let value = try JSONValue(encoding: PlayerAction.score(points: 3))
        // .object(["score": .object(["points": .integer(3)])])
        let action = try value.decode(as: PlayerAction.self)

        #expect(value == .object(["score": .object(["points": .integer(3)])]))
        #expect(action == .score(points: 3))
    }

    @Test func aValueIsWrittenAsOneLineOfJSON() {
        let text = JSONValue.object(["points": .integer(3)]).jsonText  // {"points":3}

        #expect(text == #"{"points":3}"#)
    }

    // MARK: - Reading a recording

    @Test func theActionsFromOutsideAreThoseWithNoCause() throws {
        let path = ActionRecordingTests.fixture
        var printed: [String] = []
        func print(_ text: String) { printed.append(text) }

        let recording = try ActionRecording(contentsOf: path)
        for warning in recording.warnings { print("warning: \(warning)") }
        for record in recording.records where record.cause == nil {
            print("#\(record.seq) \(record.action.description)")
        }

        #expect(printed == ["#0 playback(PlaybackEvent.didStart)", #"#6 rename("Zoë\n<b>")"#])
    }

    @Test func eachSessionHasItsStartAndItsRecords() throws {
        try ActionRecordingTests.withDirectory { directory in
            let path = directory + "/session.jsonl"
            let record = try ActionRecord(
                seq: 0,
                cause: nil,
                action: ActionRecord.Action(PlayerAction.score(points: 3)),
                source: ActionRecord.Source(ActionSource(file: "Game/Game.swift", function: "play()", line: 7)),
                changes: [],
                time: Date(timeIntervalSince1970: 1_795_461_676.25),
                durationNanoseconds: 1_200
            ).jsonLine()
            let header = #"{"kind":"session","format":1,"time":"2026-11-23T19:21:16.250Z","process":4211}"#
            try Data(
                (record + "\n" + header + "\n" + record + "\n"
                    + record.replacingOccurrences(of: #""seq":0"#, with: #""seq":1"#) + "\n").utf8
            )
            .write(to: URL(fileURLWithPath: path))
            var printed: [String] = []
            func print(_ text: String) { printed.append(text) }

            let recording = try ActionRecording(contentsOf: path)
            for session in recording.sessions {
                let start = session.start.map { "\($0)" } ?? "before any session header"
                print("session from \(start): \(session.records.count) actions")
            }

            let start = Date(timeIntervalSince1970: 1_795_461_676.25)
            #expect(
                printed == ["session from before any session header: 1 actions", "session from \(start): 2 actions"]
            )
            #expect(recording.sessions.map(\.process) == [nil, 4211])
        }
    }

    @Test func sessionsMadeInMemoryMakeARecording() {
        let first = [
            ActionRecord(
                seq: 0,
                cause: nil,
                action: ActionRecord.Action(PlayerAction.join(name: "Ada")),
                source: ActionRecord.Source(ActionSource()),
                changes: [],
                time: Date(),
                durationNanoseconds: 1_200
            )
        ]
        let second = first

        let recording = ActionRecording(sessions: [Session(records: first), Session(start: Date(), records: second)])

        #expect(recording.sessions.count == 2)
        #expect(recording.records == first + second)
    }

    @Test func aGapSaysHowManyActionsWereNotRecordedAndWhy() throws {
        let text = """
            {"kind":"session","format":1,"time":"2026-11-23T19:21:16.250Z","process":4211}
            {"kind":"gap","time":"2026-11-23T19:21:18.500Z","dropped":1200,"first_seq":8192,"last_seq":9391,\
             "reason":"the writer was 65536 records behind"}

            """
        let session = try #require(try ActionRecording(jsonLines: Array(text.utf8)).sessions.first)
        var printed: [String] = []
        func print(_ text: String) { printed.append(text) }

        for gap in session.gaps {
            print("\(gap.droppedCount) actions not recorded (#\(gap.firstSeq)…#\(gap.lastSeq)): \(gap.reason)")
        }

        #expect(printed == ["1200 actions not recorded (#8192…#9391): the writer was 65536 records behind"])
    }

    @Test func aLastLineCutShortIsSkippedWithAWarning() throws {
        try ActionRecordingTests.withDirectory { directory in
            let path = directory + "/session.jsonl"
            let line = try ActionRecord(
                seq: 0,
                cause: nil,
                action: ActionRecord.Action(PlayerAction.score(points: 3)),
                source: ActionRecord.Source(ActionSource(file: "Game/Game.swift", function: "play()", line: 7)),
                changes: [],
                time: Date(timeIntervalSince1970: 1_795_461_676.25),
                durationNanoseconds: 1_200
            ).jsonLine()
            try Data((line + "\n" + line.prefix(20)).utf8).write(to: URL(fileURLWithPath: path))
            let recording = try ActionRecording(contentsOf: path)
            var printed: [String] = []
            func print(_ text: String) { printed.append(text) }

            for warning in recording.warnings {
                print("warning: \(warning)")
                // warning: line 2 skipped: it was cut short (not a JSON object (…)) when the process …
            }

            #expect(recording.records.count == 1)
            #expect(printed.count == 1)
            #expect(printed.first?.hasPrefix("warning: line 2 skipped: it was cut short (") == true)
            #expect(printed.first?.hasSuffix(") when the process recording it stopped") == true)
        }
    }

    @Test func aLineThatIsNotTheLastMustDecode() throws {
        try ActionRecordingTests.withDirectory { directory in
            let path = directory + "/session.jsonl"
            let line = try ActionRecord(
                seq: 0,
                cause: nil,
                action: ActionRecord.Action(PlayerAction.score(points: 3)),
                source: ActionRecord.Source(ActionSource(file: "Game/Game.swift", function: "play()", line: 7)),
                changes: [],
                time: Date(timeIntervalSince1970: 1_795_461_676.25),
                durationNanoseconds: 1_200
            ).jsonLine()
            let withoutSeq = line.replacingOccurrences(of: #""seq":0,"#, with: "")
            try Data((line + "\n" + withoutSeq + "\n" + line + "\n").utf8).write(to: URL(fileURLWithPath: path))
            var printed: [String] = []
            func print(_ error: any Error) { printed.append("\(error)") }

            do {
                let recording = try ActionRecording(contentsOf: path)
                // …
                Issue.record("read \(recording.records.count) records")
            } catch {
                print(error)  // line 2 does not decode: field `seq` is missing. Only the last line …
            }

            #expect(printed.count == 1)
            #expect(printed.first?.hasPrefix("line 2 does not decode: ") == true)
            #expect(
                printed.first?.hasSuffix("Only the last line of a recording may be incomplete; fix or remove line 2.")
                    == true
            )
        }
    }
}
