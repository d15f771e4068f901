import Aqueduct
import AqueductTesting
import CheckIn
import CheckInAdapters
import CheckInClient
import Foundation
import LifeSignalApp
import Lifecycle
import LifecycleAdapters
import Reachability
import ReachabilityAdapters
import Testing

/// The app's bridges through the real store the composition root builds, with the logger
/// writing to a closure: each bridged action is logged in order, with its bridge's source.
@MainActor
@Suite struct LifeSignalBridgesTests {
    /// What the logger and the terminal printed.
    @MainActor final class Transcript {
        var log: [String] = []
        var output: [String] = []

        /// The logged actions, in order: the text after `┌─▶ `.
        var actions: [String] {
            log.joined().split(separator: "\n").compactMap { line in
                line.hasPrefix("┌─▶ ") ? String(line.dropFirst("┌─▶ ".count)) : nil
            }
        }
    }

    let transcript = Transcript()

    func makeStore(sync: CheckInSync? = nil) -> Store<AppAction, AppState> {
        let transcript = self.transcript
        return LifeSignalApp.makeStore(
            clients: LifeSignalClients(
                backend: LifeSignalBackend(client: .inMemory(), sync: sync, summary: "memory"),
                lifecycle: ScriptedLifecycle([], finishesAfterScript: false).client,
                pathMonitor: ManualPathMonitor().client
            ),
            logger: .closure { transcript.log.append($0) },
            screen: TerminalScreen(printer: .closure { transcript.output.append($0) }),
            clock: TestClock()
        )
    }

    static let pendingSync = CheckInSync(
        sync: { () throws(CheckInError) in 0 },
        pendingCount: { () throws(CheckInError) in 1 }
    )

    @Test func aLateActivationDoesNotCancelTheExit() {
        // The start-up activation arrives asynchronously and can land after a quick `quit`.
        var state = AppState()
        AppState.reducer(.lifecycle(.willTerminate), &state)
        AppState.reducer(.lifecycle(.didBecomeActive), &state)
        AppState.reducer(.checkIn(.flushed), &state)
        #expect(state.isTerminating)
        #expect(state.isReadyToExit)
    }

    @Test func aCheckInIsSyncedAtOnceWithASyncQueueOnly() {
        let checkIn = CheckIn(id: UUID(), date: Date())
        let queued = makeStore(sync: Self.pendingSync)
        queued.dispatch(.checkIn(.checkedIn(checkIn)))
        #expect(transcript.actions.count == 2)
        #expect(transcript.actions.last == "checkIn(CheckInAction.sync)")

        transcript.log.removeAll()
        let local = makeStore()
        local.dispatch(.checkIn(.checkedIn(checkIn)))
        #expect(transcript.actions.count == 1)
        #expect(!transcript.actions.contains("checkIn(CheckInAction.sync)"))
    }

    @Test func becomingActiveStartsMonitoringRefreshesAndSyncsAQueue() {
        let store = makeStore(sync: Self.pendingSync)

        store.dispatch(.lifecycle(.didBecomeActive))

        #expect(
            transcript.actions == [
                "lifecycle(AppLifecycleAction.didBecomeActive)",
                "reachability(ReachabilityEvent.startMonitoring)",
                "checkIn(CheckInAction.refresh)",
                "checkIn(CheckInAction.sync)",
            ]
        )
        let bridged = "info: Bridged from lifecycle(AppLifecycleAction.didBecomeActive) at LifeSignalBridges.swift"
        #expect(transcript.log.filter { $0.contains(bridged) }.count == 3)
        #expect(store.state.reachability.isMonitoring)
        #expect(store.state.checkIn.isRefreshing)
        #expect(store.state.checkIn.isSyncing)
    }

    @Test func withoutAQueueBecomingActiveDoesNotSync() {
        let store = makeStore()

        store.dispatch(.lifecycle(.didBecomeActive))

        #expect(
            transcript.actions == [
                "lifecycle(AppLifecycleAction.didBecomeActive)",
                "reachability(ReachabilityEvent.startMonitoring)",
                "checkIn(CheckInAction.refresh)",
            ]
        )
        #expect(!store.state.checkIn.isSyncing)
    }

    @Test func goingToTheBackgroundStopsMonitoring() {
        let store = makeStore()

        store.dispatch(.lifecycle(.didEnterBackground))

        #expect(
            transcript.actions == [
                "lifecycle(AppLifecycleAction.didEnterBackground)",
                "reachability(ReachabilityEvent.stopMonitoring)",
            ]
        )
        #expect(
            transcript.log.last?.contains(
                "info: Bridged from lifecycle(AppLifecycleAction.didEnterBackground) at LifeSignalBridges.swift"
            ) == true
        )
    }

    @Test func connectingSyncsOnlyWhenCheckInsArePending() {
        let store = makeStore(sync: Self.pendingSync)

        store.dispatch(.reachability(.connectedToWired))
        #expect(transcript.actions == ["reachability(ReachabilityEvent.connectedToWired)"])

        store.dispatch(.checkIn(.pendingCountLoaded(1)))
        store.dispatch(.reachability(.connectedToWifi))

        #expect(
            transcript.actions.suffix(2) == [
                "reachability(ReachabilityEvent.connectedToWifi)",
                "checkIn(CheckInAction.sync)",
            ]
        )
        #expect(store.state.reachability.connection == .connectedToWifi)
        #expect(store.state.checkIn.isSyncing)
    }

    @Test func willTerminateFlushesAndThenTheAppIsReadyToExit() {
        let store = makeStore()

        store.dispatch(.lifecycle(.willTerminate))

        #expect(
            transcript.actions == [
                "lifecycle(AppLifecycleAction.willTerminate)",
                "checkIn(CheckInAction.flush)",
                "checkIn(CheckInAction.flushed)",
            ]
        )
        #expect(store.state.isTerminating)
        #expect(store.state.isReadyToExit)
    }

    @Test func theTerminalReporterPrintsResults() {
        let store = makeStore()

        store.dispatch(.checkIn(.failed(operation: .triggerAlert, error: .alreadyActive)))
        store.dispatch(.checkIn(.synced(2)))
        store.dispatch(.checkIn(.synced(0)))
        store.dispatch(.checkIn(.pendingCountLoaded(1)))
        store.dispatch(.checkIn(.pendingCountLoaded(1)))
        store.dispatch(.checkIn(.pendingCountLoaded(0)))

        #expect(
            transcript.output == [
                "Could not trigger the alert: an alert is already active.\n",
                "Synced 2 check-ins to the backend.\n",
                "1 check-in waiting to sync.\n",
            ]
        )
        #expect(store.state.checkIn.lastError == .alreadyActive)
    }

    @Test func theTerminalReporterPrintsTheAlertNoticesReminders() {
        let store = makeStore()
        let alert = Alert(id: UUID(), state: .active, triggeredAt: Date(timeIntervalSince1970: 1_800_000_000))

        store.dispatch(.checkIn(.alertTriggered(alert)))
        store.dispatch(.alertNotice(.presented(.remind)))

        #expect(
            transcript.output == [
                "Alert triggered at 2027-01-15T08:00:00Z. Type 'cancel-alert' to cancel it.\n",
                "Your alert is still active (triggered at 2027-01-15T08:00:00Z). "
                    + "Type 'cancel-alert' to cancel it, or 'ack' to stop these reminders.\n",
            ]
        )
        #expect(store.state.alertNotice?.reminders == 1)
    }

    @Test func aBridgeAloneDerivesItsAction() {
        let bridge = \.lifecycle.didBecomeActive --> AppAction.reachability(.startMonitoring)
        #expect(bridge.derive(from: .lifecycle(.didBecomeActive)) == .reachability(.startMonitoring))
        #expect(bridge.derive(from: .lifecycle(.didEnterBackground)) == nil)
    }

    @Test func theBridgesAloneInAMiddlewareTester() async {
        let tester = MiddlewareTester(lifeSignalBridges, state: AppState())
        // No check-in pending: a new connection syncs nothing.
        #expect(await tester.handle(.reachability(.connectedToWifi)).isEmpty)

        tester.state.checkIn.pendingSyncCount = 2
        let sent = await tester.handle(.reachability(.connectedToWifi))
        #expect(sent.map(\.action) == [.checkIn(.sync)])
        #expect(sent[0].source.info?.hasPrefix("Bridged from reachability(ReachabilityEvent.connectedToWifi)") == true)
    }

    @Test func aCasePathHeldInAVariableBridgesLikeALiteral() async {
        let trigger: CaseKeyPath<AppAction, Void> = \.lifecycle.didBecomeActive
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(trigger --> .reachability(.startMonitoring))

        let tester = MiddlewareTester(bridges, state: AppState())
        #expect(await tester.handle(.lifecycle(.didBecomeActive)).map(\.action) == [.reachability(.startMonitoring)])
        #expect(await tester.handle(.lifecycle(.didEnterBackground)).isEmpty)
    }

    @Test func aStateBridgeReadsTheStateAfterTheReducer() {
        let syncWhenPending: StateBridge<AppAction, AppState> =
            \.reachability.connected --> { _, state in
                state.checkIn.hasPending ? AppAction.checkIn(.sync) : nil
            }

        var state = AppState()
        #expect(syncWhenPending.derive(from: .reachability(.connectedToWifi), state: state) == nil)
        state.checkIn.pendingSyncCount = 1
        #expect(
            syncWhenPending.derive(from: .reachability(.connectedToWifi), state: state) == .checkIn(.sync)
        )
        #expect(syncWhenPending.derive(from: .reachability(.disconnected), state: state) == nil)
    }
}
