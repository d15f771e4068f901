import Aqueduct
import AqueductRecording
import AqueductTesting
import CheckIn
import CheckInClient
import Foundation
import Testing

/// A recorded check-in session replayed against the feature: the recording in `Fixtures/` is
/// what a bug report would attach. To record it again (after a deliberate change of the
/// feature), run `AQUEDUCT_RECORD_FIXTURES=1 swift test --package-path Examples --filter
/// CheckInReplayTests/recordTheFixture`.
@MainActor
@Suite struct CheckInReplayTests {
    static let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/checkin-session.jsonl").path

    /// The feature's commands: what a session's outside records hold (none has a payload).
    static let decoding = ActionReplay.Decoding<CheckInAction>.matchingDescriptions(
        of: [.checkIn, .refresh, .triggerAlert, .cancelAlert, .sync, .flush]
    )

    static func middleware(clock: TestClock = TestClock()) -> CheckInMiddleware {
        CheckInMiddleware(client: .double(), clock: clock, now: { start })
    }

    @Test func theRecordedSessionReplays() async throws {
        let recording = try ActionRecording(contentsOf: Self.fixture)
        #expect(recording.warnings.isEmpty)
        #expect(recording.records.count { $0.cause == nil } == 4)
        #expect(recording.records.contains { $0.cause?.kind == .sentByEffect })
        let divergence = await ActionReplay.replay(
            recording,
            initialState: CheckInState(),
            reducer: CheckInState.reducer,
            middleware: Self.middleware(),
            decoding: Self.decoding,
            timeout: .seconds(10)
        )
        #expect(divergence == nil)
    }

    @Test func aChangedReducerMakesTheReplayFailWithAReadableDivergence() async throws {
        let recording = try ActionRecording(contentsOf: Self.fixture)
        // The bug: an alert that is triggered is not kept.
        let broken = Reducer<CheckInAction, CheckInState>.reduce { action, state in
            if case .alertTriggered = action { return }
            CheckInState.reducer(action, &state)
        }
        var divergence: ActionReplay.Divergence?
        await withKnownIssue {
            divergence = await ActionReplay.replay(
                recording,
                initialState: CheckInState(),
                reducer: broken,
                middleware: Self.middleware(),
                decoding: Self.decoding,
                timeout: .seconds(10)
            )
        } matching: { issue in
            issue.isFailure
                && issue.description.contains("Replay diverged at record #")
        }
        let found = try #require(divergence)
        let triggered = try #require(recording.records.first { $0.action.description.hasPrefix("alertTriggered(") })
        #expect(found.seq == triggered.seq)
        #expect(found.description.contains("(different state changes)"))
        #expect(found.description.contains("action:   alertTriggered("))
        #expect(found.description.contains(", sent-by-effect #\(triggered.cause?.seq ?? -1)"))
        #expect(found.description.contains("source:   CheckInTests/CheckInReplayTests.swift:"))
        #expect(found.description.contains("expected changes:\n    activeAlert: nil → Alert("))
        #expect(
            found.description.contains("actual changes:\n    isTriggeringAlert: true → false")
                || found.description.contains("actual changes:\n    (none)")
        )
    }

    /// Records the fixture: a test store with the recorder in front of the feature's middleware.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["AQUEDUCT_RECORD_FIXTURES"] == "1"))
    func recordTheFixture() async throws {
        try? FileManager.default.removeItem(atPath: Self.fixture)
        let recorder = try RecorderMiddleware<CheckInAction, CheckInState>(path: Self.fixture)
        let store = TestStore(
            initialState: CheckInState(),
            reducer: CheckInState.reducer,
            middleware: recorder <> Self.middleware()
        )
        store.exhaustivity = .off
        await store.dispatch(.checkIn)
        await store.dispatch(.triggerAlert)
        await store.dispatch(.cancelAlert)
        await store.dispatch(.refresh)
        await store.skipReceivedActions()
        await store.skipInFlightEffects()
        await store.finish()
        recorder.writer.flush()
    }
}
