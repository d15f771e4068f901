import Aqueduct
import AqueductRecording
import Foundation
import Testing

/// The recorder against real files: what each line holds, rotation, an unwritable path, a torn
/// last line.
@MainActor
@Suite(.timeLimit(.minutes(2))) struct RecorderMiddlewareTests {
    typealias AppAction = Player.AppAction
    typealias AppState = Player.AppState

    static func store(_ recorder: RecorderMiddleware<AppAction, AppState>) -> Store<AppAction, AppState> {
        Store(initialState: AppState(), reducer: Player.reducer, middleware: recorder <> Player.unfilteredBridges)
    }

    /// What a recording says of a source is that source again: read back, every source is
    /// equal to the one dispatched, line for line — newlines inside a line, empty lines, unicode.
    @Test func aRecordingReadBackGivesTheSourcesThatWereRecorded() throws {
        try ActionRecordingTests.withDirectory { directory in
            let path = directory + "/session.jsonl"
            let recorder = try RecorderMiddleware<AppAction, AppState>(path: path)
            let store = Store(initialState: AppState(), reducer: Player.reducer, middleware: recorder)
            let plain = ActionSource(file: "Game/Terminal.swift", function: "read()", line: 7)
            let lines: [[String]] = [
                [], [""], ["", ""], ["a\nb"], ["a", "b"], ["a\n", "\nb", ""], ["é\r\n🚀 👩‍👩‍👧", "日本\u{2028}"],
                ["\"quoted\" \\ \t \u{0}"],
            ]
            let sources = lines.map { $0.reduce(plain) { $0.appendingInfo($1) } }
            for source in sources { store.dispatch(.library(.refresh), from: source) }
            recorder.writer.flushAll()
            let records = try ActionRecording(contentsOf: path).records
            #expect(records.map(\.source.info) == lines)
            #expect(records.map(\.source.actionSource) == sources)
        }
    }

    @Test func eachProcessedActionIsOneLineWithItsCauseAndItsChanges() throws {
        try ActionRecordingTests.withDirectory { directory in
            let path = directory + "/session.jsonl"
            let recorder = try RecorderMiddleware<AppAction, AppState>(path: path)
            let store = Self.store(recorder)
            let before = Date()
            store.dispatch(.library(.add(.high)))
            store.dispatch(.playback(.didStart))
            recorder.writer.flushAll()

            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.hasSuffix("\n"))
            // The session's header, then one line per action.
            let lines = text.split(separator: "\n")
            #expect(lines.count == 4)
            #expect(lines.first?.hasPrefix(#"{"kind":"session","format":1,"time":""#) == true)
            #expect(lines.first?.hasSuffix(#","process":\#(getpid())}"#) == true)
            let recording = try ActionRecording(contentsOf: path)
            #expect(recording.warnings.isEmpty)
            #expect(recording.sessions.count == 1)
            #expect(try #require(recording.sessions.first?.start) >= before.addingTimeInterval(-1))
            let records = recording.records
            #expect(records.map(\.seq) == [0, 1, 2])
            #expect(records.map(\.cause) == [nil, nil, ActionCause(seq: 1, kind: .bridgedFrom)])
            #expect(
                records.map(\.action.description) == [
                    "library(LibraryAction.add(Quality.high))", "playback(PlaybackEvent.didStart)",
                    "downloads(DownloadEvent.startDownloads)",
                ]
            )
            #expect(
                records[0].changes == [
                    ActionRecord.Change(path: "added.count", before: "0", after: "1"),
                    ActionRecord.Change(path: "added[0]", before: nil, after: "Quality.high"),
                ]
            )
            #expect(records[1].changes == [ActionRecord.Change(path: "isPlaying", before: "false", after: "true")])
            #expect(records[2].changes == [ActionRecord.Change(path: "isDownloading", before: "false", after: "true")])
            #expect(records[2].source.info.count == 1)
            #expect(records[2].source.info.first?.hasPrefix("Bridged from playback(") == true)
            #expect(records[0].source.file == "AqueductRecordingTests/RecorderMiddlewareTests.swift")
            #expect(records.allSatisfy { $0.time >= before.addingTimeInterval(-1) })
        }
    }

    /// A record's time is when its action was processed, not when the writer built it: the
    /// record of an action that waited behind one slow to build (the writer takes 50 ms to
    /// describe it) still says when it was dispatched, and its duration fits in that dispatch.
    @Test func aRecordsTimeIsWhenItsActionWasProcessedNotWhenItWasBuilt() throws {
        try ActionRecordingTests.withDirectory { directory in
            let path = directory + "/paced.jsonl"
            let recorder = try RecorderMiddleware<Paced, Int>(path: path)
            let store = Store(initialState: 0, reducer: Paced.reducer, middleware: recorder)
            store.dispatch(.slow)
            let before = Date()
            store.dispatch(.fast)
            let after = Date()
            recorder.writer.flushAll()
            let records = try ActionRecording(contentsOf: path).records
            #expect(records.map(\.action.description) == ["slow", "fast"])
            let fast = try #require(records.last)
            // The file keeps milliseconds, cut: the time read back is up to 1 ms early.
            #expect(fast.time >= before.addingTimeInterval(-0.001_1))
            #expect(fast.time <= after)
            #expect(Double(fast.durationNanoseconds) <= after.timeIntervalSince(before) * 1e9 + 1_000)
        }
    }

    /// Two recorders may share a writer: each record is built by its own recorder's renderer,
    /// with or without its states, however the two stores' actions interleave.
    @Test func twoRecordersSharingAWriterEachBuildTheirOwnRecords() throws {
        try ActionRecordingTests.withDirectory { directory in
            let path = directory + "/shared.jsonl"
            // Few states: past them records are built without (a renderer of their own).
            let writer = try RecordingWriter(path: path, maximumStateBacklog: 3)
            let counter = Store(
                initialState: 0,
                reducer: EncodableCounter.reducer,
                middleware: RecorderMiddleware<EncodableCounter, Int>(writer: writer)
            )
            let player = Store(
                initialState: AppState(),
                reducer: Player.reducer,
                middleware: RecorderMiddleware<AppAction, AppState>(writer: writer)
            )
            var expected: [String] = []
            for index in 1...60 {
                let played: AppAction = index.isMultiple(of: 2) ? .playback(.didPause) : .playback(.didStart)
                counter.dispatch(.add(amount: index))
                player.dispatch(played)
                expected += [
                    ActionRecord.Action(EncodableCounter.add(amount: index)).description,
                    ActionRecord.Action(played).description,
                ]
            }
            writer.flushAll()
            // Two stores number their actions from 0 each: the lines are read one by one, not as
            // a recording (whose `seq`s only grow).
            let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
            let records = try lines.map { try JSONDecoder().decode(ActionRecord.self, from: Data($0.utf8)) }
            #expect(records.map(\.action.description) == expected)
            for (index, record) in records.enumerated() where !record.changesSkipped {
                let paths = record.changes.map(\.path)
                #expect(paths == (index.isMultiple(of: 2) ? [""] : ["isPlaying"]), "record \(index)")
            }
            #expect(records.contains { !$0.changesSkipped })
        }
    }

    @Test func anEncodableActionIsRecordedWithItsValue() throws {
        try ActionRecordingTests.withDirectory { directory in
            let path = directory + "/counter.jsonl"
            let recorder = try RecorderMiddleware<EncodableCounter, Int>(path: path)
            let store = Store(initialState: 0, reducer: EncodableCounter.reducer, middleware: recorder)
            store.dispatch(.add(amount: 3))
            recorder.writer.flushAll()
            let record = try #require(try ActionRecording(contentsOf: path).records.first)
            let value = try #require(record.action.value)
            #expect(try value.decode(as: EncodableCounter.self) == .add(amount: 3))
            #expect(record.changes == [ActionRecord.Change(path: "", before: "0", after: "3")])
        }
    }

    @Test func aPathThatCannotBeOpenedIsAClearError() throws {
        // Not a permission test: these tests may run as root. A file cannot be a directory.
        try ActionRecordingTests.withDirectory { directory in
            let file = directory + "/plain"
            _ = FileManager.default.createFile(atPath: file, contents: Data())
            let path = file + "/session.jsonl"
            #expect(throws: RecorderError.cannotOpen(path: path, reason: "Not a directory")) {
                try RecorderMiddleware<AppAction, AppState>(path: path)
            }
            do {
                _ = try RecordingWriter(path: path)
            } catch {
                #expect(String(describing: error).hasPrefix("cannot record to \(path): Not a directory."))
            }
            #expect(throws: RecorderError.self) { try RecordingWriter(path: directory) }
            #expect(throws: RecorderError.invalidLimit("maximumFileSize is 0; it must be 1 or more")) {
                try RecordingWriter(path: directory + "/x.jsonl", maximumFileSize: 0)
            }
        }
    }

    @Test func aFullFileIsRotatedKeepingWholeLinesAndTheNewestFiles() throws {
        try ActionRecordingTests.withDirectory { directory in
            let path = directory + "/rotating.jsonl"
            let recorder = try RecorderMiddleware<AppAction, AppState>(
                path: path,
                maximumFileSize: 1_000,
                rotatedFiles: 2
            )
            let store = Self.store(recorder)
            for _ in 0..<30 { store.dispatch(.library(.refresh)) }
            recorder.writer.flushAll()
            #expect(recorder.writer.failure == nil)

            let paths = [path + ".2", path + ".1", path]
            #expect(!FileManager.default.fileExists(atPath: path + ".3"))
            var seqs: [Int] = []
            for file in paths {
                let size = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
                #expect(size <= 1_000, "\(file) has \(size) bytes")
                let recording = try ActionRecording(contentsOf: file)
                #expect(recording.warnings.isEmpty)
                #expect(!recording.records.isEmpty)
                seqs += recording.records.map(\.seq)
            }
            // The three files hold the newest records, contiguous, ending with the last.
            #expect(seqs.last == 29)
            #expect(seqs == Array((30 - seqs.count)..<30))
            #expect(seqs.count < 30)
        }
    }

    @Test func aTornLastLineIsSkippedWithAWarning() throws {
        try ActionRecordingTests.withDirectory { directory in
            let path = directory + "/torn.jsonl"
            let recorder = try RecorderMiddleware<AppAction, AppState>(path: path)
            let store = Self.store(recorder)
            store.dispatch(.playback(.didStart))
            store.dispatch(.playback(.didPause))
            recorder.writer.flushAll()
            // What a process killed in the middle of a write leaves: part of the last line.
            let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            #expect(truncate(path, off_t(size - 20)) == 0)
            let recording = try ActionRecording(contentsOf: path)
            #expect(recording.records.map(\.seq) == [0, 1, 2])
            #expect(recording.warnings.count == 1)
        }
    }

    @Test func recordsHandedOverFromManyActionsAreAllWrittenInOrder() throws {
        try ActionRecordingTests.withDirectory { directory in
            let path = directory + "/many.jsonl"
            let recorder = try RecorderMiddleware<AppAction, AppState>(path: path)
            let store = Self.store(recorder)
            for index in 0..<2_000 {
                store.dispatch(index.isMultiple(of: 2) ? .playback(.didStart) : .playback(.didPause))
            }
            recorder.writer.flushAll()
            let recording = try ActionRecording(contentsOf: path)
            #expect(recording.records.count == 4_000)
            #expect(recording.records.map(\.seq) == Array(0..<4_000))
        }
    }
}

/// An `Encodable` action, recorded with its value.
enum EncodableCounter: Codable, Equatable, Sendable {
    case add(amount: Int)

    static let reducer = Reducer<EncodableCounter, Int>.reduce { action, count in
        switch action {
        case .add(let amount): count += amount
        }
    }
}

/// An action the writer takes 50 ms to describe: the records after it wait that long.
enum Paced: Sendable, CustomStringConvertible {
    case slow
    case fast

    var description: String {
        switch self {
        case .slow:
            usleep(50_000)
            return "slow"
        case .fast:
            return "fast"
        }
    }

    static let reducer = Reducer<Paced, Int>.reduce { _, count in count += 1 }
}
