import Aqueduct
import AqueductDevToolsTestSupport
import AqueductRecording
import Foundation
import Testing

@testable import AqueductDevTools

/// `AqueductDevTools test` on a LifeSignal session: the test and the slice checked into the
/// examples' LifeSignal tests (`Examples/LifeSignal/Tests/Replay/Generated/`), which compile and
/// pass there, are exactly what the tool writes for that range of the recorded session. To write
/// them again after the session was recorded again, run this suite with `AQUEDUCT_RECORD_FIXTURES=1`.
@Suite struct ReplayTestLifeSignalTests {
    static let replay = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/LifeSignal/Tests/Replay")
    static let recording = replay.appendingPathComponent("Fixtures/lifesignal-session.jsonl").path
    static let generated = replay.appendingPathComponent("Generated").path
    /// The command the checked-in files were written with (from the recording's folder).
    static let arguments = [
        "test", recording, "--from", "0", "--to", "7", "--name", "CheckInThenAlert", "--using", "LifeSignalReplay",
    ]

    @Test func theCheckedInTestIsWhatTheToolWrites() throws {
        try ReportFixtures.withDirectory { directory in try check(writingTo: directory.path) }
    }

    func check(writingTo directory: String) throws {
        let output = ProcessInfo.processInfo.environment["AQUEDUCT_RECORD_FIXTURES"] == "1" ? Self.generated : directory
        let run = ReportFixtures.run(Self.arguments + ["--output", output])
        #expect(run.status == .success, "\(run.errors)")
        #expect(run.output.contains("CheckInThenAlert.swift and"))
        for file in ["CheckInThenAlert.swift", "CheckInThenAlert.jsonl"] {
            let written = try String(contentsOfFile: output + "/" + file, encoding: .utf8)
            let checkedIn = try String(contentsOfFile: Self.generated + "/" + file, encoding: .utf8)
            #expect(
                written == checkedIn,
                "\(file) is not what the tool writes: run this test with AQUEDUCT_RECORD_FIXTURES=1"
            )
        }
    }

    @Test func theRangeIsClosedOverWhatItSetOff() throws {
        let recording = try ActionRecording(contentsOf: Self.recording)
        let triggerAlert = try #require(
            recording.records.first { $0.action.description == "checkIn(CheckInAction.triggerAlert)" }
        )
        let made = try ReplayTest(
            recording: recording,
            request: .init(
                from: 0,
                to: triggerAlert.seq,
                name: "T",
                using: "LifeSignalReplay",
                recordingName: "s.jsonl"
            )
        )
        let alertTriggered = try #require(recording.records.first { $0.cause?.seq == triggerAlert.seq })
        #expect(made.range == 0...alertTriggered.seq)
        #expect(
            made.notes == [
                "The range ends at #\(alertTriggered.seq), not #\(triggerAlert.seq): records up to #\(alertTriggered.seq) were set off by records in it."
            ]
        )
        #expect(made.source.contains("initialState: LifeSignalReplay.initialState,"))
        #expect(made.source.contains("feature: LifeSignalReplay.feature(),"))
        #expect(!made.source.contains("<#"))
    }
}
