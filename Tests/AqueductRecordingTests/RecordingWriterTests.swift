import Aqueduct
import AqueductRecording
import Dispatch
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The writer under hostile use, against the real file system: what it creates and refuses,
/// where it rotates, what it does when it is behind, and that every line it writes reads back.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct RecordingWriterTests {
    typealias AppAction = Player.AppAction
    typealias AppState = Player.AppState

    static func withDirectory<T>(_ body: (String) throws -> T) throws -> T {
        try ActionRecordingTests.withDirectory(body)
    }

    /// ``withDirectory(_:)`` for a test that waits, suspended, for the writer's queue.
    static func withDirectory<T>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: (String) async throws -> T
    ) async throws -> T {
        try await ActionRecordingTests.withDirectory(body)
    }

    static func mode(of path: String) throws -> mode_t {
        var status = stat()
        try #require(lstat(path, &status) == 0)
        return status.st_mode & 0o777
    }

    static func lines(of path: String) throws -> [Substring] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    }

    // MARK: Files

    @Test func aNewRecordingIsPrivateAndAnExistingOneIsMadePrivate() throws {
        try Self.withDirectory { directory in
            let created = directory + "/new.jsonl"
            _ = try RecordingWriter(path: created)
            #expect(try Self.mode(of: created) == 0o600)

            let existing = directory + "/old.jsonl"
            #expect(
                FileManager.default.createFile(
                    atPath: existing,
                    contents: Data(),
                    attributes: [.posixPermissions: 0o644]
                )
            )
            #expect(try Self.mode(of: existing) == 0o644)
            _ = try RecordingWriter(path: existing)
            #expect(try Self.mode(of: existing) == 0o600)
        }
    }

    @Test func aRotatedFileIsPrivateToo() throws {
        try Self.withDirectory { directory in
            let path = directory + "/rotating.jsonl"
            let recorder = try RecorderMiddleware<AppAction, AppState>(
                path: path,
                maximumFileSize: 600,
                rotatedFiles: 2
            )
            let store = Store(initialState: AppState(), reducer: Player.reducer, middleware: recorder)
            for _ in 0..<10 { store.dispatch(.library(.refresh)) }
            #expect(recorder.writer.flushAll())
            #expect(try Self.mode(of: path + ".1") == 0o600)
            #expect(try Self.mode(of: path) == 0o600)
        }
    }

    @Test func aSymbolicLinkIsRefusedAndItsTargetLeftAlone() throws {
        try Self.withDirectory { directory in
            let target = directory + "/target.txt"
            #expect(FileManager.default.createFile(atPath: target, contents: Data("keep\n".utf8)))
            let link = directory + "/session.jsonl"
            #expect(symlink(target, link) == 0)
            #expect(throws: RecorderError.refusedPath(path: link, reason: "it is a symbolic link")) {
                try RecordingWriter(path: link)
            }
            // A link to nowhere: following it would create the file it names.
            let dangling = directory + "/dangling.jsonl"
            #expect(symlink(directory + "/created-through-a-link", dangling) == 0)
            #expect(throws: RecorderError.refusedPath(path: dangling, reason: "it is a symbolic link")) {
                try RecordingWriter(path: dangling)
            }
            #expect(!FileManager.default.fileExists(atPath: directory + "/created-through-a-link"))
            let kept = try String(contentsOfFile: target, encoding: .utf8)
            #expect(kept == "keep\n")
        }
    }

    /// The look at the path (`lstat`) comes before the opening: a link put in its place between
    /// the two is still refused (`O_NOFOLLOW`), to an empty file as to nowhere, and nothing is
    /// created or changed through it.
    @Test func aLinkSwappedInAfterThePathWasInspectedIsRefused() throws {
        try Self.withDirectory { directory throws in
            let target = directory + "/empty.txt"
            #expect(
                FileManager.default.createFile(atPath: target, contents: Data(), attributes: [.posixPermissions: 0o644])
            )
            for (name, destination) in [("swapped.jsonl", target), ("dangling.jsonl", directory + "/created")] {
                let path = directory + "/" + name
                let failure = #expect(throws: FileOutput.OpenFailure.self) {
                    try FileOutput.appendingPrivately(to: path, afterInspecting: { _ = symlink(destination, path) })
                }
                #expect(failure?.reason == "it is a symbolic link", "\(name)")
                #expect(failure?.isRefusal == true)
            }
            #expect(try Self.mode(of: target) == 0o644)
            #expect(!FileManager.default.fileExists(atPath: directory + "/created"))
        }
    }

    /// A file that holds something other than a recording — a database, a source file, a line
    /// of another format — given to the recorder by mistake is refused, its content and mode
    /// left as they were; an empty file and a recording are appended to.
    @Test(arguments: [
        "SQLite format 3\u{0}\u{10}\u{0}\u{1}\u{1}",
        "let answer = 42\n",
        "[server]\nport = 8080",
        #"{"seq":0,"cause":null,"cause_kind":null}"# + "\n",
        #"{"kind":"session","format":99,"time":"2026-11-23T19:21:16.250Z","process":1}"# + "\n",
        " ",
    ])
    func aFileThatIsNotARecordingIsRefusedAndLeftAlone(text: String) throws {
        let content = Data(text.utf8)
        try Self.withDirectory { directory throws in
            let path = directory + "/not-a-recording"
            #expect(
                FileManager.default.createFile(atPath: path, contents: content, attributes: [.posixPermissions: 0o644])
            )
            let error = #expect(throws: RecorderError.self) { try RecordingWriter(path: path) }
            guard case .refusedPath(path, let reason) = error else {
                Issue.record("expected a refused path, got \(String(describing: error))")
                return
            }
            #expect(reason.hasPrefix("it is not a recording (its first line is not a recording's session header)"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == content)
            #expect(try Self.mode(of: path) == 0o644)
        }
    }

    @Test func aRecordingIsAppendedToAndItsFirstLineDecides() throws {
        try Self.withDirectory { directory in
            let path = directory + "/session.jsonl"
            _ = try RecordingWriter(path: path)
            #expect(chmod(path, 0o644) == 0)
            // What follows the header does not matter: a reader reports it, the writer appends.
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("not JSON\n".utf8))
            try handle.close()
            _ = try RecordingWriter(path: path)
            let lines = try Self.lines(of: path)
            #expect(lines.count == 3)
            #expect(lines[0].hasPrefix(#"{"kind":"session""#) && lines[2].hasPrefix(#"{"kind":"session""#))
            #expect(try Self.mode(of: path) == 0o600)
        }
    }

    @Test func aFIFOIsRefusedAtOnceWithoutWaitingForAReader() throws {
        try Self.withDirectory { directory in
            let fifo = directory + "/pipe.jsonl"
            #expect(mkfifo(fifo, 0o600) == 0)
            #expect(throws: RecorderError.refusedPath(path: fifo, reason: "it is a FIFO (a named pipe)")) {
                try RecordingWriter(path: fifo)
            }
        }
    }

    @Test func aFileWithAnotherHardLinkAndADirectoryAreRefused() throws {
        try Self.withDirectory { directory in
            let original = directory + "/original.jsonl"
            #expect(FileManager.default.createFile(atPath: original, contents: Data()))
            let alias = directory + "/alias.jsonl"
            #expect(link(original, alias) == 0)
            #expect(
                throws: RecorderError.refusedPath(
                    path: alias,
                    reason: "it has 2 hard links (another name for the same file)"
                )
            ) {
                try RecordingWriter(path: alias)
            }
            #expect(throws: RecorderError.refusedPath(path: directory, reason: "it is a directory")) {
                try RecordingWriter(path: directory)
            }
            let error = try #require(throws: RecorderError.self) { try RecordingWriter(path: alias) }
            #expect("\(error)".hasPrefix("will not record to \(alias): it has 2 hard links"))
        }
    }

    // MARK: Sessions

    @Test func reopeningAFileStartsASessionAndACutLineStaysALineOfItsOwn() throws {
        try Self.withDirectory { directory in
            let path = directory + "/twice.jsonl"
            for run in 0..<2 {
                let recorder = try RecorderMiddleware<AppAction, AppState>(path: path)
                let store = Store(initialState: AppState(), reducer: Player.reducer, middleware: recorder)
                store.dispatch(.playback(.didStart))
                store.dispatch(.playback(.didPause))
                #expect(recorder.writer.flushAll())
                if run == 0 {
                    // The first run was killed in the middle of a line.
                    let handle = try #require(FileHandle(forWritingAtPath: path))
                    try handle.seekToEnd()
                    try handle.write(contentsOf: Data(#"{"seq":2,"cause":null,"cause_kind":null,"act"#.utf8))
                    try handle.close()
                }
            }
            let recording = try ActionRecording(contentsOf: path)
            #expect(recording.sessions.count == 2)
            #expect(recording.sessions.map { $0.records.map(\.seq) } == [[0, 1], [0, 1]])
            #expect(recording.sessions.allSatisfy { $0.start != nil && $0.process == Int(getpid()) })
            #expect(recording.warnings.map(\.line) == [4])
            #expect(recording.records.count == 4)
        }
    }

    // MARK: Rotation

    /// Records with fixed times and durations, so that every line has a known length.
    nonisolated static func record(_ seq: Int) -> ActionRecord {
        ActionRecord(
            seq: seq,
            cause: nil,
            action: ActionRecord.Action(description: "tick", value: nil),
            source: ActionRecord.Source(file: "Clock.swift", function: "tick()", line: 1),
            changes: [],
            time: Date(timeIntervalSince1970: 1_795_461_676),
            durationNanoseconds: 1_000 + UInt64(seq % 10)
        )
    }

    @Test func aFileIsRotatedWhenTheNextLineWouldTakeItPastTheCapNotBefore() throws {
        try Self.withDirectory { directory in
            // Measure the header and a line, then cap the file at exactly the header and 3 lines.
            let probe = directory + "/probe.jsonl"
            _ = try RecordingWriter(path: probe)
            let header = try Self.lines(of: probe)[0]
            let line = try Self.record(0).jsonLine()
            let cap = header.utf8.count + 1 + 3 * (line.utf8.count + 1)

            let path = directory + "/rotating.jsonl"
            let writer = try RecordingWriter(path: path, maximumFileSize: cap, rotatedFiles: 2)
            for seq in 0..<3 { writer.append(seq: seq, holdsState: false) { Self.record(seq) } }
            #expect(writer.flushAll())
            // Exactly at the cap: not rotated.
            #expect(!FileManager.default.fileExists(atPath: path + ".1"))
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == cap)
            writer.append(seq: 3, holdsState: false) { Self.record(3) }
            #expect(writer.flushAll())
            #expect(try ActionRecording(contentsOf: path + ".1").records.map(\.seq) == [0, 1, 2])
            #expect(try ActionRecording(contentsOf: path).records.map(\.seq) == [3])
            // The new file starts with the session's header, as the rotated one does.
            #expect(try Self.lines(of: path).first == Self.lines(of: path + ".1").first)
            #expect(try Self.lines(of: path).first?.utf8.count == header.utf8.count)
        }
    }

    /// A million slots kept: a rotation moves the files that exist, not every slot.
    @Test func rotationMovesOnlyTheFilesThatExist() throws {
        try Self.withDirectory { directory in
            let path = directory + "/many.jsonl"
            let line = try Self.record(0).jsonLine()
            let writer = try RecordingWriter(
                path: path,
                maximumFileSize: 200 + line.utf8.count,
                rotatedFiles: 1_000_000
            )
            for seq in 0..<300 { writer.append(seq: seq, holdsState: false) { Self.record(seq) } }
            #expect(writer.flushAll())
            #expect(writer.failure == nil)
            let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter {
                $0.hasPrefix("many.jsonl")
            }
            #expect(files.count == 300)
            // Newest first: many.jsonl, then .1, .2, …
            #expect(try ActionRecording(contentsOf: path).records.map(\.seq) == [299])
            #expect(try ActionRecording(contentsOf: path + ".1").records.map(\.seq) == [298])
            #expect(try ActionRecording(contentsOf: path + ".299").records.map(\.seq) == [0])
        }
    }

    // MARK: The line limit

    @Test func aHugeRecordIsShortenedToALineTheReaderAccepts() throws {
        try Self.withDirectory { directory in
            let path = directory + "/huge.jsonl"
            let writer = try RecordingWriter(path: path)
            // 3 MB of description and 3 MB of encoded value: a 6 MB line, over the 4 MiB limit.
            let text = String(repeating: "a", count: 3_000_000)
            let huge = ActionRecord(
                seq: 0,
                cause: nil,
                action: ActionRecord.Action(description: "write(\"\(text)\")", value: .string(text)),
                source: ActionRecord.Source(file: "Notes.swift", function: "write()", line: 7, info: ["typed"]),
                changes: [ActionRecord.Change(path: "count", before: "0", after: "3000000")],
                time: Date(timeIntervalSince1970: 1_795_461_676),
                durationNanoseconds: 9
            )
            #expect(try huge.jsonLine().utf8.count > ActionRecording.defaultMaximumLineLength)
            writer.append(seq: 0, holdsState: false) { huge }
            writer.append(seq: 1, holdsState: false) { Self.record(1) }
            #expect(writer.flushAll())
            let lines = try Self.lines(of: path)
            #expect(lines.allSatisfy { $0.utf8.count <= ActionRecording.defaultMaximumLineLength })
            let recording = try ActionRecording(contentsOf: path)
            try #require(recording.records.map(\.seq) == [0, 1])
            let cut = recording.records[0]
            #expect(cut.action.value == nil)
            #expect(cut.action.description.hasPrefix("write(\"aaaa"))
            #expect(cut.action.description.contains("… [cut: the record took "))
            #expect(cut.action.description.hasSuffix("-byte line limit]"))
            // What identifies and explains the record is kept.
            #expect(cut.source == huge.source && cut.changes == huge.changes && cut.durationNanoseconds == 9)
            #expect(recording.records[1] == Self.record(1))
        }
    }

    /// A line of exactly the limit is the longest allowed, not one too long: it is kept whole.
    @Test func aLineOfExactlyTheLimitIsKeptWholeAndOneByteLessIsCut() throws {
        let record = Self.record(7)
        let line = try record.jsonLine()
        #expect(try record.jsonLine(fitting: line.utf8.count) == line)
        #expect(try record.jsonLine(fitting: line.utf8.count + 1) == line)
        let cut = try record.jsonLine(fitting: line.utf8.count - 1)
        #expect(cut != line)
        #expect(cut.contains("[cut: the record took \(line.utf8.count) bytes, over the \(line.utf8.count - 1)-byte"))
    }

    /// The recorder's own path to the same limit: an action of a million characters recorded by
    /// a store reads back, its description cut.
    @Test func aHugeActionRecordedByAStoreReadsBack() throws {
        try Self.withDirectory { directory in
            let path = directory + "/huge-action.jsonl"
            let recorder = try RecorderMiddleware<Note, Int>(path: path)
            let store = Store(initialState: 0, reducer: Note.reducer, middleware: recorder)
            store.dispatch(.write(String(repeating: "a", count: 2_200_000)))
            #expect(recorder.writer.flushAll())
            let recording = try ActionRecording(contentsOf: path)
            try #require(recording.records.count == 1)
            #expect(recording.records[0].action.description.hasSuffix("-byte line limit]"))
            #expect(recording.records[0].changes == [ActionRecord.Change(path: "", before: "0", after: "2200000")])
        }
    }

    // MARK: Waking the writer

    /// Waits until `condition` holds, at most 10 seconds: whether it did. Suspended between
    /// looks, so that the main actor goes on with other tests meanwhile.
    static func waitUntil(_ condition: () throws -> Bool) async rethrows -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if try condition() { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return try condition()
    }

    /// Records handed over one at a time, each after the writer has had time to write the one
    /// before, wake the writer's queue once: the drain stays scheduled, looking for more, while
    /// they come. (Before, each such record found the drain stopped and woke it again.)
    @Test func recordsHandedOverOneAtATimeWakeTheWriterOnce() throws {
        try Self.withDirectory { directory in
            let path = directory + "/sparse.jsonl"
            let writer = try RecordingWriter(path: path)
            for seq in 0..<40 {
                writer.append(seq: seq, holdsState: false) { Self.record(seq) }
                usleep(2_000)
            }
            // Once, or a few more times if this thread stalled for the writer's half a second of
            // looking.
            #expect(writer.drainsScheduled >= 1)
            #expect(writer.drainsScheduled <= 3)
            #expect(writer.flushAll())
            #expect(try ActionRecording(contentsOf: path).records.map(\.seq) == Array(0..<40))
        }
    }

    /// A record is written without a flush; once the writer has looked long enough and found
    /// nothing more, it stops, and the next record wakes it again and is written too.
    @Test func aRecordAfterTheWriterStoppedLookingWakesItAndIsWritten() async throws {
        try await Self.withDirectory { directory in
            let path = directory + "/resumed.jsonl"
            let writer = try RecordingWriter(path: path)
            writer.append(seq: 0, holdsState: false) { Self.record(0) }
            #expect(try await Self.waitUntil { try Self.lines(of: path).count == 2 })
            #expect(await Self.waitUntil { !writer.isDraining })
            #expect(writer.drainsScheduled == 1)
            writer.append(seq: 1, holdsState: false) { Self.record(1) }
            #expect(try await Self.waitUntil { try Self.lines(of: path).count == 3 })
            #expect(writer.drainsScheduled == 2)
            #expect(try ActionRecording(contentsOf: path).records.map(\.seq) == [0, 1])
        }
    }

    // MARK: Where records are released

    /// Notes the thread its last reference is released on.
    final class ReleaseProbe: Sendable {
        let releasedOn = LockedValue<ObjectIdentifier?>(nil)

        deinit { releasedOn.withLock { $0 = ObjectIdentifier(Thread.current) } }

        /// Hands `writer` record 0, whose object alone holds a probe; returns where that probe
        /// notes the thread the record's object is released on.
        static func handOverRecord(to writer: RecordingWriter) -> LockedValue<ObjectIdentifier?> {
            let probe = ReleaseProbe()
            writer.append(seq: 0, holdsState: false) { [probe] in
                _ = probe
                return RecordingWriterTests.record(0)
            }
            return probe.releasedOn
        }
    }

    /// A record's object, once written, is released by the thread that hands the next record
    /// over — the main actor, for a recorder — not by the writer's: freed there, every record
    /// took a lock of the main thread's allocator and moved memory between the cores.
    @Test func aWrittenRecordIsReleasedByTheThreadThatHandsOverTheNext() throws {
        try Self.withDirectory { directory in
            let writer = try RecordingWriter(path: directory + "/released.jsonl")
            let releasedOn = ReleaseProbe.handOverRecord(to: writer)
            #expect(writer.flushAll())
            #expect(releasedOn.withLock { $0 } == nil)  // written, and waiting to be released
            writer.append(seq: 1, holdsState: false) { Self.record(1) }
            #expect(releasedOn.withLock { $0 } == ObjectIdentifier(Thread.current))
        }
    }

    /// When no record comes to take them, the written records are released once the writer
    /// stops looking: an idle app keeps none of them, nor the states they hold.
    @Test func writtenRecordsAreReleasedWhenTheWriterStopsLooking() async throws {
        try await Self.withDirectory { directory in
            let writer = try RecordingWriter(path: directory + "/idle.jsonl")
            let releasedOn = ReleaseProbe.handOverRecord(to: writer)
            #expect(await Self.waitUntil { !writer.isDraining })
            // Released, and by the writer: no other thread hands a record over.
            #expect(releasedOn.withLock { $0 } != nil)
        }
    }

    // MARK: When the writer is behind

    /// Blocks the writer's queue while it builds the record of `hold`: its encoding waits for
    /// the gate. Everything else the test does meanwhile happens while the writer is behind.
    final class Gate: Sendable {
        private let opened = DispatchSemaphore(value: 0)
        private let reached = DispatchSemaphore(value: 0)
        /// On the writer's queue: says it got here, then blocks until ``open()``.
        func wait() {
            reached.signal()
            opened.wait()
        }
        /// Blocks until the writer's queue is held at this gate: what is handed over from now
        /// on waits for a later drain.
        func waitUntilReached() { reached.wait() }
        func open() { opened.signal() }
    }

    enum Gated: Encodable, Sendable {
        case hold(Gate)
        case tick

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .hold(let gate):
                gate.wait()
                try container.encode("hold")
            case .tick:
                try container.encode("tick")
            }
        }

        static let reducer = Reducer<Gated, Int>.reduce { action, count in
            if case .tick = action { count += 1 }
        }

        /// A store counting ticks, recording each action with `writer`.
        @MainActor static func store(recordingTo writer: RecordingWriter) -> Store<Gated, Int> {
            Store(initialState: 0, reducer: reducer, middleware: RecorderMiddleware<Gated, Int>(writer: writer))
        }
    }

    @Test func beyondTheBoundsActionsAreRecordedWithoutStatesThenDroppedIntoAGap() throws {
        try Self.withDirectory { directory in
            let path = directory + "/behind.jsonl"
            let writer = try RecordingWriter(path: path, maximumBacklog: 3, maximumStateBacklog: 1)
            let store = Gated.store(recordingTo: writer)
            let gate = Gate()
            store.dispatch(.hold(gate))  // #0 holds its states; the writer blocks building it
            gate.waitUntilReached()
            for _ in 0..<10 { store.dispatch(.tick) }  // #1 and #2 without states, #3…#10 dropped
            #expect(writer.backlog == 3)
            #expect(writer.droppedCount == 8)
            gate.open()
            #expect(writer.flushAll())  // everything handed over is written
            #expect(writer.backlog == 0)
            store.dispatch(.tick)  // caught up: #11 with its states again
            #expect(writer.flushAll())

            let recording = try ActionRecording(contentsOf: path)
            let session = try #require(recording.sessions.first)
            #expect(session.records.map(\.seq) == [0, 1, 2, 11])
            #expect(session.records.map(\.changesSkipped) == [false, true, true, false])
            #expect(session.records[1].changes.isEmpty)
            #expect(session.records[3].changes == [ActionRecord.Change(path: "", before: "10", after: "11")])
            let gap = try #require(session.gaps.first)
            #expect(session.gaps.count == 1)
            #expect(gap.droppedCount == 8 && gap.firstSeq == 3 && gap.lastSeq == 10 && gap.position == 3)
            #expect(gap.reason == "the writer was 3 records behind (maximumBacklog)")
        }
    }

    @Test func aFlushThatRunsOutOfTimeReturnsAndWritesWhatItCouldNotAsAGap() throws {
        try Self.withDirectory { directory in
            let path = directory + "/slow.jsonl"
            let writer = try RecordingWriter(path: path)
            let store = Gated.store(recordingTo: writer)
            let gate = Gate()
            store.dispatch(.hold(gate))
            gate.waitUntilReached()
            store.dispatch(.tick)
            store.dispatch(.tick)
            // The writer is stuck on #0: the flush gives up instead of waiting for it.
            #expect(!writer.flush(timeout: .milliseconds(50)))
            gate.open()
            // Waits for the gap (its own result says whether the gap was written before it began).
            _ = writer.flushAll()
            #expect(writer.droppedCount == 2)
            #expect(writer.backlog == 0)

            let session = try #require(try ActionRecording(contentsOf: path).sessions.first)
            #expect(session.records.map(\.seq) == [0])
            #expect(
                session.gaps.map { [$0.droppedCount, $0.firstSeq, $0.lastSeq, $0.position] } == [[2, 1, 2, 1]]
            )
            #expect(session.gaps.first?.reason == "flush(timeout:) ran out of time")
        }
    }

    /// The records a flush gave up on can reach the writer in two drains (the second handed over
    /// while the first drain was building a record): still one gap line.
    @Test func recordsAFlushGaveUpOnAreOneGapWhenTheyArriveInTwoDrains() throws {
        try Self.withDirectory { directory in
            let path = directory + "/split.jsonl"
            let writer = try RecordingWriter(path: path)
            let store = Gated.store(recordingTo: writer)
            let first = Gate()
            let second = Gate()
            store.dispatch(.hold(first))  // #0: the first drain blocks on it
            first.waitUntilReached()
            store.dispatch(.hold(second))  // #1 and #2: the second drain
            store.dispatch(.tick)
            first.open()
            second.waitUntilReached()  // the second drain builds #1 and holds #2
            store.dispatch(.tick)  // #3: the third drain
            #expect(!writer.flush(timeout: .milliseconds(50)))  // gives up on #2 and #3
            second.open()
            _ = writer.flushAll()
            #expect(writer.droppedCount == 2)

            let session = try #require(try ActionRecording(contentsOf: path).sessions.first)
            #expect(session.records.map(\.seq) == [0, 1])
            #expect(
                session.gaps.map { [$0.droppedCount, $0.firstSeq, $0.lastSeq, $0.position] } == [[2, 2, 3, 2]]
            )
        }
    }

    // MARK: Duration

    @Test func aDurationIsRecordedInNanoseconds() {
        let record = ActionRecord(
            processing: ActionRecord.Action(Gated.tick),
            from: ActionSource(),
            before: 0,
            after: 1,
            time: Date(),
            duration: .microseconds(5)
        )
        #expect(record.durationNanoseconds == 5_000)
        #expect(record.duration == .microseconds(5))
        let long = ActionRecord(
            processing: ActionRecord.Action(Gated.tick),
            from: ActionSource(),
            before: 0,
            after: 1,
            time: Date(),
            duration: .seconds(2) + .nanoseconds(7)
        )
        #expect(long.durationNanoseconds == 2_000_000_007)
    }

    @Test func aRecordedDurationIsWithinTheTimeItsDispatchTook() throws {
        try Self.withDirectory { directory in
            let path = directory + "/timed.jsonl"
            let recorder = try RecorderMiddleware<AppAction, AppState>(path: path)
            let store = Store(initialState: AppState(), reducer: Player.reducer, middleware: recorder)
            let clock = ContinuousClock()
            var spans: [Duration] = []
            for _ in 0..<20 {
                spans.append(clock.measure { store.dispatch(.playback(.didStart)) })
            }
            #expect(recorder.writer.flushAll())
            let records = try ActionRecording(contentsOf: path).records
            #expect(records.count == 20)
            for (record, span) in zip(records, spans) {
                #expect(record.duration <= span, "#\(record.seq) took \(record.duration), its dispatch \(span)")
            }
        }
    }
}

/// An action that carries text, and a count of its characters as the state.
enum Note: Codable, Sendable {
    case write(String)

    static let reducer = Reducer<Note, Int>.reduce { action, count in
        if case .write(let text) = action { count = text.count }
    }
}
