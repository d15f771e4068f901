import Aqueduct
import AqueductRecording
import ExampleTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `LifeSignal --record FILE`: a real session recorded to a file, read back with its causes; a
/// process killed mid-session leaves a readable recording; a path that cannot be written is a
/// clear startup error; a path that is no place for a recording is a usage error at once; a
/// reused path holds one session per run; a full disk leaves whole lines.
@Suite(.timeLimit(.minutes(2))) struct RecordingSessionTests {
    @Test func aSessionIsRecordedWithTheCauseOfEveryAction() async throws {
        let directory = try TemporaryDirectory()
        let recordPath = directory.path("session.jsonl")
        let app = try ChildProcess.lifeSignal(
            arguments: ["--data-dir", directory.path("data"), "--network", "none", "--record", recordPath]
        )
        try await app.waitForOutput("Recording the session to \(recordPath).")
        try await app.type("check-in", thenWaitFor: "Checked in at ")
        try await app.type("alert", thenWaitFor: "Alert triggered at ")
        try app.type("quit")
        #expect(try await app.waitForExit().status == 0)

        let recording = try ActionRecording(contentsOf: recordPath)
        #expect(recording.warnings.isEmpty)
        let records = recording.records
        #expect(records.map(\.seq) == Array(0..<records.count))
        func record(_ description: String) throws -> ActionRecord {
            try #require(records.first { $0.action.description == description }, "no \(description)")
        }
        let active = try record("lifecycle(AppLifecycleAction.didBecomeActive)")
        let start = try record("reachability(ReachabilityEvent.startMonitoring)")
        let disconnected = try record("reachability(ReachabilityEvent.disconnected)")
        let checkIn = try record("checkIn(CheckInAction.checkIn)")
        let trigger = try record("checkIn(CheckInAction.triggerAlert)")
        #expect(active.cause == nil && checkIn.cause == nil && trigger.cause == nil)
        #expect(start.cause == ActionCause(seq: active.seq, kind: .bridgedFrom))
        #expect(disconnected.cause == ActionCause(seq: start.seq, kind: .sentByEffect))
        let checkedIn = try #require(
            records.first { $0.action.description.hasPrefix("checkIn(CheckInAction.checkedIn(") }
        )
        #expect(checkedIn.cause == ActionCause(seq: checkIn.seq, kind: .sentByEffect))
        #expect(checkedIn.changes.contains { $0.path == "checkIn.lastCheckIn" && $0.before == "nil" })
        #expect(checkIn.source.file == "LifeSignalApp/TerminalSession.swift")
        #expect(start.source.info.first == "Started by AppLifecycleMiddleware.start(state:)")
        #expect(
            start.source.info.dropFirst().first?.hasPrefix("Bridged from lifecycle(AppLifecycleAction.didBecomeActive)")
                == true
        )
    }

    @Test func aProcessKilledMidSessionLeavesARecordingThatReads() async throws {
        let directory = try TemporaryDirectory()
        let recordPath = directory.path("killed.jsonl")
        let app = try ChildProcess.lifeSignal(
            arguments: ["--data-dir", directory.path("data"), "--network", "none", "--record", recordPath]
        )
        try await app.type("check-in", thenWaitFor: "Checked in at ")
        for _ in 0..<20 { try app.type("status") }
        try await app.killHard()

        // Whatever was written before SIGKILL is whole lines (at worst a torn last one, skipped).
        let recording = try ActionRecording(contentsOf: recordPath)
        #expect(recording.warnings.count <= 1)
        #expect(recording.records.map(\.seq) == Array(0..<recording.records.count))
    }

    @Test func aRecordingPathThatCannotBeWrittenIsAStartupError() async throws {
        let directory = try TemporaryDirectory()
        let blocker = directory.path("file")
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data()))
        let app = try ChildProcess.lifeSignal(
            arguments: [
                "--data-dir", directory.path("data"), "--network", "none", "--record", blocker + "/session.jsonl",
            ]
        )
        let (status, _) = try await app.waitForExit()
        #expect(status == 73)
        #expect(
            app.errorOutput.contains(
                "LifeSignal: cannot record to \(blocker)/session.jsonl: Not a directory. Choose a file in a directory you can write to."
            )
        )
    }

    static func mode(of path: String) throws -> mode_t {
        var status = stat()
        try #require(lstat(path, &status) == 0)
        return status.st_mode & 0o777
    }

    /// A file that is not a recording — a configuration file named by mistake — is a usage
    /// error, and is left as it was: its content and its mode.
    @Test func aFileThatIsNotARecordingIsAUsageErrorAndLeftAlone() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("settings.conf")
        let content = Data("[network]\ninterval = 60\n".utf8)
        #expect(FileManager.default.createFile(atPath: path, contents: content, attributes: [.posixPermissions: 0o644]))

        let app = try ChildProcess.lifeSignal(
            arguments: ["--data-dir", directory.path("data"), "--network", "none", "--record", path]
        )

        #expect(try await app.waitForExit().status == 64)
        #expect(
            app.errorOutput.contains(
                "LifeSignal: will not record to \(path): it is not a recording (its first line is not a recording's "
                    + "session header)"
            ),
            "\(app.errorOutput)"
        )
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == content)
        #expect(try Self.mode(of: path) == 0o644)
    }

    @Test func aRecordingIsPrivateWhateverTheUmask() async throws {
        let directory = try TemporaryDirectory()
        let recordPath = directory.path("session.jsonl")
        let app = try ChildProcess.lifeSignal(
            arguments: ["--data-dir", directory.path("data"), "--network", "none", "--record", recordPath],
            umask: 0
        )
        try await app.type("check-in", thenWaitFor: "Checked in at ")
        try app.type("quit")
        #expect(try await app.waitForExit().status == 0)
        #expect(try Self.mode(of: recordPath) == 0o600)
    }

    @Test func aReusedPathHoldsOneSessionPerRunAndACutLineDoesNotPoisonTheNext() async throws {
        let directory = try TemporaryDirectory()
        let recordPath = directory.path("reused.jsonl")
        let arguments = ["--data-dir", directory.path("data"), "--network", "none", "--record", recordPath]
        for run in 0..<2 {
            let app = try ChildProcess.lifeSignal(arguments: arguments)
            try await app.type("check-in", thenWaitFor: "Checked in at ")
            try app.type("quit")
            #expect(try await app.waitForExit().status == 0)
            if run == 0 {
                // What a run killed in the middle of a write leaves at the end.
                let handle = try #require(FileHandle(forWritingAtPath: recordPath))
                try handle.seekToEnd()
                try handle.write(contentsOf: Data(#"{"seq":99,"cause":null,"cause_kind":null,"action":{"descr"#.utf8))
                try handle.close()
            }
        }
        let recording = try ActionRecording(contentsOf: recordPath)
        #expect(recording.sessions.count == 2)
        #expect(recording.warnings.count == 1)
        for session in recording.sessions {
            #expect(session.start != nil)
            #expect(session.records.first?.seq == 0)
            #expect(session.records.map(\.seq) == Array(0..<session.records.count))
            #expect(session.records.contains { $0.action.description == "checkIn(CheckInAction.checkIn)" })
        }
        #expect(recording.sessions[0].process != recording.sessions[1].process)
    }

    @Test func anEmptyRecordingPathIsAUsageError() async throws {
        let directory = try TemporaryDirectory()
        let app = try ChildProcess.lifeSignal(arguments: ["--data-dir", directory.path("data"), "--record", ""])
        #expect(try await app.waitForExit().status == 64)
        #expect(app.errorOutput.contains("LifeSignal: --record needs a file, not an empty string"))
    }

    /// Each is refused at start-up with a usage error, at once — a FIFO nobody reads from no
    /// longer hangs the app — and nothing is written to it.
    @Test(arguments: ["fifo", "link", "database", "wal", "log"])
    func aPathThatIsNoPlaceForARecordingIsRefused(kind: String) async throws {
        let directory = try TemporaryDirectory()
        let data = directory.path("data")
        // A first run makes the data directory, its database and log.
        let first = try ChildProcess.lifeSignal(arguments: ["--data-dir", data, "--network", "none"])
        try await first.type("check-in", thenWaitFor: "Checked in at ")
        let path: String
        let reason: String
        switch kind {
        case "fifo":
            path = directory.path("pipe.jsonl")
            #expect(mkfifo(path, 0o600) == 0)
            reason = "it is a FIFO (a named pipe)"
        case "link":
            path = directory.path("link.jsonl")
            #expect(symlink(directory.path("target.jsonl"), path) == 0)
            reason = "it is a symbolic link"
        case "database":
            path = data + "/lifesignal.sqlite"
            reason = "it is LifeSignal's check-in database (\(path))"
        case "wal":
            path = data + "/lifesignal.sqlite-wal"
            reason = "it is LifeSignal's check-in database (its write-ahead log) (\(path))"
        default:
            path = data + "/lifesignal.log"
            reason = "it is LifeSignal's action log (\(path))"
        }
        try first.type("quit")
        #expect(try await first.waitForExit().status == 0)
        if kind == "wal" {
            // SQLite removes the -wal file when the last connection closes: one is kept open.
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        }
        // SQLite itself writes its -wal file when the app opens the database, before the recording.
        let before = ["fifo", "link", "wal"].contains(kind) ? nil : try Data(contentsOf: URL(fileURLWithPath: path))
        let app = try ChildProcess.lifeSignal(arguments: ["--data-dir", data, "--network", "none", "--record", path])
        #expect(try await app.waitForExit().status == 64)
        #expect(app.errorOutput.contains("LifeSignal: will not record to \(path): \(reason)"), "\(app.errorOutput)")
        if let before { #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before) }
        if kind == "wal" {
            let written = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(written.range(of: Data(#""kind":"session""#.utf8)) == nil)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path("target.jsonl")))
    }

    /// A real file system that fills up (a small tmpfs in a mount namespace of the app's own):
    /// the recording stops, says why on standard error, and the file ends with a whole line.
    @Test(
        .enabled(
            if: ChildProcess.smallFileSystemsAvailable,
            "needs a tmpfs of its own: `unshare -rm` and `mount -t tmpfs`"
        )
    )
    func aFullDiskStopsTheRecordingAfterItsLastWholeLine() async throws {
        let directory = try TemporaryDirectory()
        let small = directory.path("small")
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
        let recordPath = small + "/session.jsonl"
        let app = try ChildProcess.lifeSignal(
            arguments: ["--data-dir", directory.path("data"), "--network", "none", "--record", recordPath],
            smallFileSystem: (directory: small, bytes: 12_288)
        )
        try await app.waitForOutput("Recording the session to \(recordPath).")
        // Each check-in records a few actions; a few fill the 12 KiB.
        var typed = 0
        while !app.errorOutput.contains("Aqueduct: recording to \(recordPath) stopped"), typed < 100 {
            typed += 1
            try await app.type("check-in", thenWaitFor: "Checked in at ", count: typed)
        }
        try await app.waitForErrorOutput(
            "Aqueduct: recording to \(recordPath) stopped: writing failed: No space left on device."
        )
        #expect(app.errorOutput.contains("The lines written so far are complete."))
        // Read while the app runs: its tmpfs goes when it exits.
        let text = try String(contentsOfFile: app.fileSystemPath(recordPath), encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        let recording = try ActionRecording(contentsOf: app.fileSystemPath(recordPath))
        #expect(recording.warnings.isEmpty)
        #expect(recording.records.count > 3)
        #expect(recording.records.map(\.seq) == Array(0..<recording.records.count))
        try app.type("quit")
        #expect(try await app.waitForExit().status == 0)
    }
}
