import Aqueduct
import ExampleTestSupport
import Foundation
import Testing

/// `LifeSignal --record FILE`: a real session recorded to a file, read back with its causes; a
/// process killed mid-session leaves a readable recording; a path that cannot be written is a
/// clear startup error.
@Suite struct RecordingSessionTests {
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
        #expect(
            start.source.info.first?.hasPrefix("Bridged from lifecycle(AppLifecycleAction.didBecomeActive)") == true
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
}
