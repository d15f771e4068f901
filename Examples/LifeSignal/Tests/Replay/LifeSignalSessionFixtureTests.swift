import Aqueduct
import AqueductRecording
import AqueductTesting
import CheckIn
import Foundation
import LifeSignalApp
import Testing

/// The LifeSignal session that `Generated/` was made from, recorded by the store the composition
/// root builds (``LifeSignalApp/makeStore(clients:persistence:interval:logger:screen:showsStateChanges:clock:now:reminderInterval:recorder:)``)
/// with its recorder, and replayed whole. `Generated/` holds what `AqueductDevTools test`
/// writes for a range of it; the framework's tests check the tool still writes exactly that.
///
/// To record it again (after a deliberate change of the app), run
/// `AQUEDUCT_RECORD_FIXTURES=1 swift test --package-path Examples --filter LifeSignalSessionFixtureTests/recordTheFixture`,
/// then the framework's `AQUEDUCT_RECORD_FIXTURES=1 swift test --filter ReplayTestLifeSignalTests`.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct LifeSignalSessionFixtureTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/lifesignal-session.jsonl").path

    @Test func theWholeSessionReplays() async throws {
        let recording = try ActionRecording(contentsOf: Self.fixture)
        #expect(recording.warnings.isEmpty)
        #expect(recording.records.contains { $0.cause?.kind == .bridgedFrom })
        #expect(recording.records.contains { $0.cause?.kind == .sentByEffect })
        let divergence = await ActionReplay.replay(
            recording,
            initialState: LifeSignalReplay.initialState,
            feature: LifeSignalReplay.feature(),
            decoding: LifeSignalReplay.decoding,
            timeout: .seconds(2)
        )
        #expect(divergence == nil)
    }

    /// A recording of another app replayed as LifeSignal's: its first outside action is not
    /// LifeSignal's, and the divergence says so rather than replaying something else.
    @Test func aRecordingOfAnotherAppFailsWithAClearDivergence() async throws {
        let checkIn = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "CheckIn/Tests/CheckInTests/Fixtures/checkin-session.jsonl"
            )
        let recording = try ActionRecording(contentsOf: checkIn.path)
        var divergence: ActionReplay.Divergence?
        await withKnownIssue {
            divergence = await ActionReplay.replay(
                recording,
                initialState: LifeSignalReplay.initialState,
                feature: LifeSignalReplay.feature(),
                decoding: LifeSignalReplay.decoding
            )
        } matching: { issue in
            issue.description.contains("Replay cannot send record #0: its action checkIn does not decode")
        }
        #expect(divergence?.seq == 0)
    }

    /// Records the fixture: the app's store with its recorder, the commands a person types.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["AQUEDUCT_RECORD_FIXTURES"] == "1"))
    func recordTheFixture() async throws {
        try? FileManager.default.removeItem(atPath: Self.fixture)
        let writer = try RecordingWriter(path: Self.fixture)
        let store = LifeSignalApp.makeStore(
            clients: LifeSignalReplay.clients(),
            logger: .closure { _ in },
            screen: TerminalScreen(printer: .closure { _ in }),
            clock: TestClock(),
            now: { LifeSignalReplay.now },
            recorder: writer
        )
        func settle(_ done: @MainActor (AppState) -> Bool) async throws {
            for _ in 0..<1_000 where !done(store.state) { try await Task.sleep(for: .milliseconds(5)) }
            try #require(done(store.state))
        }
        store.dispatch(.lifecycle(.didBecomeActive))
        try await settle { !$0.checkIn.isRefreshing }
        store.dispatch(.checkIn(.checkIn))
        try await settle { $0.checkIn.lastCheckIn != nil && !$0.checkIn.isCheckingIn }
        store.dispatch(.checkIn(.triggerAlert))
        try await settle { $0.checkIn.activeAlert != nil && $0.alertNotice != nil }
        store.dispatch(.checkIn(.cancelAlert))
        try await settle { $0.checkIn.activeAlert == nil && !$0.checkIn.isChangingAlert }
        #expect(writer.flush(timeout: .seconds(5)))
    }
}
