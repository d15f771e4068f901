import Aqueduct
import AqueductTesting
import CheckIn
import CheckInClient
import Foundation
import Testing

/// The check-in feature through a `TestStore`: the production reducer and middleware with a
/// client double and a `TestClock`; every state change and every received action asserted.
@MainActor
@Suite struct CheckInMiddlewareTests {
    let clock = TestClock()
    let day: Duration = .seconds(24 * 60 * 60)

    /// The wall clock of the tests: ``start`` plus the time the test clock has advanced.
    var now: @Sendable () -> Date {
        { [clock] in start.addingTimeInterval(Double(clock.now.offset.components.seconds)) }
    }

    func makeStore(
        client: CheckInClient = .double(),
        sync: CheckInSync? = nil,
        state: CheckInState = CheckInState()
    ) -> TestStore<CheckInAction, CheckInState> {
        TestStore(
            initialState: state,
            reducer: CheckInState.reducer,
            middleware: CheckInMiddleware(client: client, sync: sync, clock: clock, now: now)
        )
    }

    @Test func checkingInRecordsItAndBecomesOverdueAtTheDeadline() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: CheckInState(),
            reducer: CheckInState.reducer,
            middleware: CheckInMiddleware(client: .double(), clock: clock, now: { start })
        )
        let checkIn = CheckIn(id: checkInID(0), date: start)

        await store.dispatch(.checkIn) { $0.isCheckingIn = true }  // asserts the exact change
        await store.receive(\.checkedIn, checkIn) {  // an action an effect sent back
            $0.isCheckingIn = false
            $0.lastCheckIn = checkIn
            $0.history = [checkIn]
        }
        await clock.advance(by: .seconds(24 * 60 * 60 - 1))  // a day, in no time
        #expect(!store.state.isOverdue)
        await clock.advance(by: .seconds(1))
        await store.receive(\.deadlinePassed) { $0.isOverdue = true }
        await store.finish()  // nothing left over: no action, no running effect
    }

    @Test func anIntegrationTestChecksOnlyWhatItCaresAbout() async {
        let store = TestStore(
            initialState: CheckInState(),
            reducer: CheckInState.reducer,
            middleware: CheckInMiddleware(client: .double(), clock: TestClock(), now: { start })
        )
        store.exhaustivity = .off

        await store.dispatch(.checkIn)
        await store.receive(\.checkedIn) { $0.history = [CheckIn(id: checkInID(0), date: start)] }
        await store.finish()  // the deadline is still scheduled: cancelled, not a failure
    }

    @Test func oneSendsEffectsCanBeAwaitedOnTheirOwn() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: CheckInState(),
            reducer: CheckInState.reducer,
            middleware: CheckInMiddleware(client: .double(), clock: clock, now: { start })
        )
        let stored = CheckIn(id: checkInID(0), date: start)

        let checkIn = await store.dispatch(.checkIn) { $0.isCheckingIn = true }
        await checkIn.finish()  // the call to the client has returned
        await store.receive(\.checkedIn, stored) {
            $0.isCheckingIn = false
            $0.lastCheckIn = stored
            $0.history = [stored]
        }
        // The deadline was started by `.checkedIn`, a received action: not `checkIn`'s effect.
        #expect(!checkIn.isCancelled)
        #expect(clock.sleeperCount == 1)
        await store.skipInFlightEffects()
        await store.finish()
    }

    @Test func theMiddlewareAloneTurnsAClientFailureIntoAnAction() async {
        let tester = MiddlewareTester(
            CheckInMiddleware(client: .failing(.unauthorized), clock: TestClock()),
            state: CheckInState()
        )

        let sent = await tester.handle(.checkIn)
        #expect(sent.map(\.action) == [.failed(operation: .checkIn, error: .unauthorized)])
        #expect(sent[0].source.info == "Sent by an effect of checkIn")
    }

    @Test func anIntervalTooLargeForTheClockDoesNotTrap() async {
        var state = CheckInState()
        state.interval = .seconds(Int64.max / 2)
        let store = makeStore(state: state)
        let checkIn = CheckIn(id: checkInID(0), date: start)

        await store.dispatch(.checkIn) { $0.isCheckingIn = true }
        await store.receive(\.checkedIn, checkIn) {
            $0.isCheckingIn = false
            $0.lastCheckIn = checkIn
            $0.history = [checkIn]
        }
        #expect(!store.state.isOverdue)
        // The deadline is scheduled (clamped), not passed: it is the one effect still running.
        #expect(await store.skipInFlightEffects().count == 1)
        await store.finish()
    }

    @Test func aNewCheckInReschedulesTheDeadlineAndClearsOverdue() async {
        let store = makeStore()
        let first = CheckIn(id: checkInID(0), date: start)
        let second = CheckIn(id: checkInID(30), date: start.addingTimeInterval(30 * 3600))

        await store.dispatch(.checkIn) { $0.isCheckingIn = true }
        await store.receive(\.checkedIn, first) {
            $0.isCheckingIn = false
            $0.lastCheckIn = first
            $0.history = [first]
        }
        await clock.advance(by: day)
        await store.receive(\.deadlinePassed) { $0.isOverdue = true }

        await clock.advance(by: .seconds(6 * 3600))
        await store.dispatch(.checkIn) { $0.isCheckingIn = true }
        await store.receive(\.checkedIn, second) {
            $0.isCheckingIn = false
            $0.lastCheckIn = second
            $0.history = [second, first]
            $0.isOverdue = false
        }
        // The new deadline is 24 h after the second check-in, not after the first.
        await clock.advance(by: day - .seconds(1))
        #expect(!store.state.isOverdue)
        await clock.advance(by: .seconds(1))
        await store.receive(\.deadlinePassed) { $0.isOverdue = true }
        await store.finish()
    }

    @Test func aNewIntervalMovesTheDeadlineOfTheLastCheckIn() async {
        let store = makeStore()
        let checkIn = CheckIn(id: checkInID(0), date: start)
        await store.dispatch(.checkIn) { $0.isCheckingIn = true }
        await store.receive(\.checkedIn, checkIn) {
            $0.isCheckingIn = false
            $0.lastCheckIn = checkIn
            $0.history = [checkIn]
        }
        await clock.advance(by: .seconds(3600))
        // An hour after the check-in: two hours from it, not a day.
        await store.dispatch(.setInterval(.seconds(2 * 3600))) { $0.interval = .seconds(2 * 3600) }
        await store.dispatch(.setContact("Ada")) { $0.contact = "Ada" }
        await clock.advance(by: .seconds(3600 - 1))
        #expect(!store.state.isOverdue)
        await clock.advance(by: .seconds(1))
        await store.receive(\.deadlinePassed) { $0.isOverdue = true }

        // Longer again: no longer overdue, until the new deadline.
        await store.dispatch(.setInterval(.seconds(3 * 3600))) {
            $0.interval = .seconds(3 * 3600)
            $0.isOverdue = false
        }
        await clock.advance(by: .seconds(3600))
        await store.receive(\.deadlinePassed) { $0.isOverdue = true }
        // Shorter than the time already gone: overdue at once.
        await store.dispatch(.setInterval(.seconds(60))) {
            $0.interval = .seconds(60)
            $0.isOverdue = false
        }
        await store.receive(\.deadlinePassed) { $0.isOverdue = true }
        await store.finish()
    }

    @Test func aCheckInWhileOfflineReportsTheDomainError() async {
        let store = TestStore(
            initialState: CheckInState(),
            reducer: CheckInState.reducer,
            middleware: CheckInMiddleware(client: .failing(.offline), clock: TestClock())
        )

        await store.dispatch(.checkIn) { $0.isCheckingIn = true }
        await store.receive(where: { $0.failed?.error == .offline }) {
            $0.isCheckingIn = false
            $0.lastError = .offline
        }
        await store.finish()
    }

    @Test func theNextCommandClearsTheLastError() async {
        let store = makeStore(client: .failing(.offline))
        await store.dispatch(.checkIn) { $0.isCheckingIn = true }
        await store.receive(where: { $0.failed?.error == .offline }) {
            $0.isCheckingIn = false
            $0.lastError = .offline
        }
        await store.dispatch(.triggerAlert) {
            $0.isChangingAlert = true
            $0.lastError = nil
        }
        let failure = await store.receive(where: { $0.failed?.error == .offline }) {
            $0.isChangingAlert = false
            $0.lastError = .offline
        }
        #expect(failure?.action.failed?.operation == .triggerAlert)
        await store.finish()
    }

    @Test func triggeringAndCancellingAnAlert() async {
        let store = makeStore()
        let active = Alert(id: alertID, state: .active, triggeredAt: start)
        let cancelled = Alert(id: alertID, state: .cancelled, triggeredAt: start, cancelledAt: start)

        await store.dispatch(.triggerAlert) { $0.isChangingAlert = true }
        await store.receive(\.alertTriggered, active) {
            $0.isChangingAlert = false
            $0.activeAlert = active
        }
        await store.dispatch(.cancelAlert) { $0.isChangingAlert = true }
        await store.receive(\.alertCancelled, cancelled) {
            $0.isChangingAlert = false
            $0.activeAlert = nil
        }
        await store.finish()
    }

    @Test func triggeringWhileAnAlertIsActiveFailsWithAlreadyActiveAndLoadsThatAlert() async {
        let elsewhere = Alert(id: alertID, state: .active, triggeredAt: start)
        let store = makeStore(
            client: .double(
                triggerAlert: { () throws(CheckInError) in throw .alreadyActive },
                activeAlert: { elsewhere }
            )
        )

        await store.dispatch(.triggerAlert) { $0.isChangingAlert = true }
        let failure = await store.receive(where: { $0.failed?.error == .alreadyActive }) {
            $0.isChangingAlert = false
            $0.lastError = .alreadyActive
        }
        #expect(failure?.action == .failed(operation: .triggerAlert, error: .alreadyActive))
        await store.receive(\.activeAlertLoaded, elsewhere) { $0.activeAlert = elsewhere }
        await store.finish()
    }

    @Test func cancellingWithNoKnownAlertAsksTheBackendAndFailsWithNotActiveWhenItHasNone() async {
        let store = makeStore(
            client: .double(cancelAlert: { _ throws(CheckInError) in
                throw .backendFailure("must not be called")
            })
        )

        await store.dispatch(.cancelAlert) { $0.isChangingAlert = true }
        let failure = await store.receive(where: { $0.failed?.error == .notActive }) {
            $0.isChangingAlert = false
            $0.lastError = .notActive
        }
        #expect(failure?.action.failed?.operation == .cancelAlert)
        await store.finish()
    }

    @Test func cancellingWithNoKnownAlertCancelsTheOneTheBackendHas() async {
        let elsewhere = Alert(id: alertID, state: .active, triggeredAt: start)
        let cancelled = Alert(id: alertID, state: .cancelled, triggeredAt: start, cancelledAt: start)
        let store = makeStore(client: .double(activeAlert: { elsewhere }))

        await store.dispatch(.cancelAlert) { $0.isChangingAlert = true }
        await store.receive(\.alertCancelled, cancelled) { $0.isChangingAlert = false }
        await store.finish()
    }

    @Test func cancellingAnAlertTheBackendNoLongerHasActiveFailsWithNotActiveAndForgetsIt() async {
        var state = CheckInState()
        let active = Alert(id: alertID, state: .active, triggeredAt: start)
        state.activeAlert = active
        let store = makeStore(
            client: .double(cancelAlert: { _ throws(CheckInError) in throw .notActive }),
            state: state
        )

        await store.dispatch(.cancelAlert) { $0.isChangingAlert = true }
        await store.receive(where: { $0.failed?.error == .notActive }) {
            $0.isChangingAlert = false
            $0.lastError = .notActive
            $0.activeAlert = nil
        }
        await store.finish()
    }

    @Test func aRefreshAnsweringDuringAnAlertChangeDoesNotUndoIt() {
        var state = CheckInState()
        let triggered = Alert(id: alertID, state: .active, triggeredAt: start)
        CheckInState.reducer(.triggerAlert, &state)
        CheckInState.reducer(.activeAlertLoaded(nil), &state)  // the refresh started before
        CheckInState.reducer(.alertTriggered(triggered), &state)
        #expect(state.activeAlert == triggered)
        CheckInState.reducer(.activeAlertLoaded(nil), &state)  // a refresh after the change
        #expect(state.activeAlert == nil)
    }

    @Test func refreshLoadsHistoryAndAlertAndAnOldCheckInIsOverdueAtOnce() async {
        let old = CheckIn(id: checkInID(1), date: start.addingTimeInterval(-30 * 3600))
        let older = CheckIn(id: checkInID(2), date: start.addingTimeInterval(-60 * 3600))
        let active = Alert(id: alertID, state: .active, triggeredAt: start)
        let store = makeStore(client: .double(history: { _ in [old, older] }, activeAlert: { active }))

        await store.dispatch(.refresh) { $0.isRefreshing = true }
        await store.receive(\.historyLoaded, [old, older]) {
            $0.isRefreshing = false
            $0.history = [old, older]
            $0.lastCheckIn = old
        }
        await store.receive(\.deadlinePassed) { $0.isOverdue = true }
        await store.receive(\.activeAlertLoaded, active) { $0.activeAlert = active }
        await store.finish()
    }

    @Test func aRefreshWithASyncQueueLoadsTheHistoryThenTheAlertThenThePendingCount() async {
        let store = makeStore(
            sync: .double(sync: { 0 }, pendingCount: { 3 }),
            state: CheckInState(hasSyncQueue: true)
        )

        await store.dispatch(.refresh) { $0.isRefreshing = true }
        await store.receive(\.historyLoaded, []) { $0.isRefreshing = false }
        await store.receive(\.activeAlertLoaded)
        await store.receive(\.pendingCountLoaded, 3) { $0.pendingSyncCount = 3 }
        await store.finish()
    }

    @Test func aRefreshThatFailsReportsEachFailure() async {
        let store = makeStore(client: .failing(.unauthorized))

        await store.dispatch(.refresh) { $0.isRefreshing = true }
        await store.receive(where: { $0.failed?.error == .unauthorized }) {
            $0.isRefreshing = false
            $0.lastError = .unauthorized
        }
        await store.receive(where: { $0.failed?.error == .unauthorized })
        await store.finish()
    }

    @Test func withoutASyncQueueSyncAndFlushAnswerAtOnce() async {
        let store = makeStore()

        await store.dispatch(.sync) { $0.isSyncing = true }
        await store.receive(\.synced, 0) { $0.isSyncing = false }
        await store.dispatch(.flush) { $0.isFlushing = true }
        await store.receive(\.flushed) { $0.isFlushing = false }
        await store.finish()
    }

    @Test func syncPushesAndReportsThePendingCount() async {
        let store = makeStore(
            sync: .double(sync: { 2 }, pendingCount: { 0 }),
            state: CheckInState(hasSyncQueue: true)
        )

        await store.dispatch(.sync) { $0.isSyncing = true }
        await store.receive(\.synced, 2) { $0.isSyncing = false }
        await store.receive(\.pendingCountLoaded, 0) { $0.pendingSyncCount = 0 }
        await store.finish()
    }

    @Test func aBurstOfSyncsPushesAtOnceAndOnceMoreAtTheEndOfTheInterval() async {
        let store = makeStore(
            sync: .double(sync: { 1 }, pendingCount: { 0 }),
            state: CheckInState(hasSyncQueue: true)
        )

        await store.dispatch(.sync) { $0.isSyncing = true }
        await store.receive(\.synced, 1) { $0.isSyncing = false }
        await store.receive(\.pendingCountLoaded, 0) { $0.pendingSyncCount = 0 }
        // Becoming active and the network coming back ask again within the 2 s interval: one
        // more sync, at its end.
        await store.dispatch(.sync) { $0.isSyncing = true }
        await store.dispatch(.sync)
        await clock.advance(by: .seconds(1))
        #expect(store.state.isSyncing)
        await clock.advance(by: .seconds(1))
        await store.receive(\.synced, 1) { $0.isSyncing = false }
        await store.receive(\.pendingCountLoaded, 0)
        // A flush is not throttled: the last sync before the app ends runs at once.
        await store.dispatch(.flush) { $0.isFlushing = true }
        await store.receive(\.synced, 1)
        await store.receive(\.pendingCountLoaded, 0)
        await store.receive(\.flushed) { $0.isFlushing = false }
        await store.finish()
    }

    @Test func aSyncWhileOfflineKeepsTheCheckInsPending() async {
        let store = makeStore(
            sync: .double(sync: { () throws(CheckInError) in throw .offline }, pendingCount: { 2 }),
            state: CheckInState(hasSyncQueue: true)
        )

        await store.dispatch(.sync) { $0.isSyncing = true }
        let failure = await store.receive(where: { $0.failed?.error == .offline }) {
            $0.isSyncing = false
            $0.lastError = .offline
        }
        #expect(failure?.action.failed?.operation == .sync)
        await store.receive(\.pendingCountLoaded, 2) { $0.pendingSyncCount = 2 }
        #expect(store.state.hasPending)
        await store.finish()
    }

    @Test func aCheckInWithASyncQueueReportsItPending() async {
        let store = makeStore(
            sync: .double(sync: { 1 }, pendingCount: { 1 }),
            state: CheckInState(hasSyncQueue: true)
        )
        let checkIn = CheckIn(id: checkInID(0), date: start)

        await store.dispatch(.checkIn) { $0.isCheckingIn = true }
        await store.receive(\.checkedIn, checkIn) {
            $0.isCheckingIn = false
            $0.lastCheckIn = checkIn
            $0.history = [checkIn]
        }
        await store.receive(\.pendingCountLoaded, 1) { $0.pendingSyncCount = 1 }
        #expect(await store.skipInFlightEffects() == ["checkedIn(CheckIn(id: \(checkInID(0)), date: \(start)))"])
        await store.finish()
    }

    @Test func flushSyncsEvenWhenItFailsAndThenReportsFlushed() async {
        let store = makeStore(
            sync: .double(sync: { () throws(CheckInError) in throw .offline }, pendingCount: { 1 }),
            state: CheckInState(hasSyncQueue: true)
        )

        await store.dispatch(.flush) { $0.isFlushing = true }
        let failure = await store.receive(where: { $0.failed?.error == .offline }) { $0.lastError = .offline }
        #expect(failure?.action.failed?.operation == .flush)
        await store.receive(\.pendingCountLoaded, 1) { $0.pendingSyncCount = 1 }
        await store.receive(\.flushed) { $0.isFlushing = false }
        await store.finish()
    }
}
