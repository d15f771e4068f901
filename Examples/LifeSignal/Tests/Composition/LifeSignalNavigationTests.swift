import Aqueduct
import AqueductTesting
import CheckInClient
import Foundation
import LifeSignalApp
import Testing

/// The app's navigation on a test store: the history screen pushed on the stack loads its rows,
/// and a pop ends the load; the alert notice presented when an alert is triggered reminds on
/// the clock until it is acknowledged or the alert cancelled, and its reminders end with it.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct LifeSignalNavigationTests {
    let clock = TestClock()
    /// Whether a history load saw its task cancelled.
    let loadWasCancelled = LockedValue(false)
    let checkIn = CheckIn(id: UUID(), date: Date(timeIntervalSince1970: 1_800_000_000))
    let alert = Alert(id: UUID(), state: .active, triggeredAt: Date(timeIntervalSince1970: 1_800_000_060))

    /// The app's own reducer and its navigation, with a history that takes a second of `clock`
    /// to load and reminders every minute.
    func makeStore() -> TestStore<AppAction, AppState> {
        let (clock, rows, loadWasCancelled) = (self.clock, [checkIn], self.loadWasCancelled)
        let client = CheckInClient(
            checkIn: { _, _ throws(CheckInError) in throw .offline },
            history: { _ in
                await withTaskCancellationHandler {
                    try? await clock.sleep(for: .seconds(1))
                } onCancel: {
                    loadWasCancelled.withLock { $0 = true }
                }
                return rows
            },
            triggerAlert: { () throws(CheckInError) in throw .offline },
            cancelAlert: { _ throws(CheckInError) in throw .offline },
            activeAlert: { nil }
        )
        return TestStore(
            initialState: AppState(),
            feature: Feature(reducer: AppState.reducer)
                <> LifeSignalApp.navigation(client: client, clock: clock, reminderInterval: .seconds(60))
        )
    }

    @Test func aPushedHistoryScreenLoadsItsRows() async {
        let store = makeStore()
        await store.dispatch(.path(.push(HistoryScreen()))) { $0.path.push(HistoryScreen()) }
        await store.dispatch(\.path[id: StackID(0)].onAppear)
        #expect(store.state.path[id: StackID(0)]?.isLoading == true)
        await clock.advance(by: .seconds(1))
        await store.receive(\.path[id: StackID(0)].loaded, [checkIn]) { $0.path[id: StackID(0)]?.rows = [checkIn] }
        #expect(!loadWasCancelled.withLock { $0 })
        await store.finish()
    }

    @Test func poppingTheHistoryScreenEndsItsLoad() async {
        let store = makeStore()
        await store.dispatch(.path(.push(HistoryScreen()))) { $0.path.push(HistoryScreen()) }
        await store.dispatch(\.path[id: StackID(0)].onAppear)
        await store.dispatch(.path(.pop)) { $0.path.pop() }
        #expect(loadWasCancelled.withLock { $0 })
        await clock.advance(by: .seconds(1))
        // Nothing is left to receive: the rows of the popped screen never arrive.
        await store.finish()
    }

    @Test func theAlertNoticeRemindsUntilItIsAcknowledged() async {
        let store = makeStore()
        await store.dispatch(.checkIn(.alertTriggered(alert))) { $0.alertNotice = AlertNotice(alert: alert) }
        await store.dispatch(.alertNotice(.presented(.onAppear)))
        await clock.advance(by: .seconds(60))
        await store.receive(.alertNotice(.presented(.remind))) { $0.alertNotice?.reminders = 1 }
        await store.dispatch(.alertNotice(.presented(.acknowledge)))
        await store.receive(.alertNotice(.dismiss)) { $0.alertNotice = nil }
        // The reminders ended with the notice: an hour later, none has come.
        await clock.advance(by: .seconds(3600))
        await store.finish()
    }

    @Test func cancellingTheAlertTakesTheNoticeAwayWithItsReminders() async {
        let store = makeStore()
        await store.dispatch(.checkIn(.alertTriggered(alert))) { $0.alertNotice = AlertNotice(alert: alert) }
        await store.dispatch(.alertNotice(.presented(.onAppear)))
        var cancelled = alert
        cancelled.state = .cancelled
        await store.dispatch(.checkIn(.alertCancelled(cancelled))) { $0.alertNotice = nil }
        await clock.advance(by: .seconds(3600))
        await store.finish()
    }
}
