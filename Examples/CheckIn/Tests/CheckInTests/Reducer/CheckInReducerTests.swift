import Aqueduct
import CheckIn
import CheckInClient
import Foundation
import Testing

/// The reducer alone: pure state transitions.
@Suite struct CheckInReducerTests {
    func reduce(_ state: CheckInState, _ actions: CheckInAction...) -> CheckInState {
        var state = state
        for action in actions { CheckInState.reducer(action, &state) }
        return state
    }

    @Test func theDeadlineIsTheLastCheckInPlusTheInterval() {
        let checkIn = CheckIn(id: checkInID(0), date: start)
        let state = reduce(CheckInState(interval: .seconds(3600)), .checkIn, .checkedIn(checkIn))
        #expect(state.deadline == start.addingTimeInterval(3600))
        #expect(CheckInState().deadline == nil)
    }

    @Test func anOlderCheckInArrivingLateDoesNotReplaceTheLastOne() {
        let newer = CheckIn(id: checkInID(2), date: start.addingTimeInterval(7200))
        let older = CheckIn(id: checkInID(1), date: start)
        let state = reduce(CheckInState(), .checkedIn(newer), .deadlinePassed, .checkedIn(older))
        #expect(state.lastCheckIn == newer)
        #expect(state.history == [newer, older])
        #expect(state.isOverdue)
    }

    @Test func aRefreshWhileOverdueKeepsIsOverdue() {
        let checkIn = CheckIn(id: checkInID(0), date: start)
        let overdue = reduce(CheckInState(), .checkedIn(checkIn), .deadlinePassed)
        #expect(overdue.isOverdue)
        #expect(reduce(overdue, .refresh).isOverdue)
        // The history answers with nothing newer than the last check-in: still overdue.
        #expect(reduce(overdue, .refresh, .historyLoaded([checkIn])).isOverdue)
        #expect(reduce(overdue, .refresh, .historyLoaded([])).isOverdue)
    }

    @Test func aRepeatedCheckInIsKeptOnce() {
        let checkIn = CheckIn(id: checkInID(0), date: start)
        let state = reduce(CheckInState(), .checkedIn(checkIn), .checkedIn(checkIn))
        #expect(state.history == [checkIn])
    }

    @Test(arguments: CheckInOperation.allCases)
    func aFailureClearsItsInFlightFlag(operation: CheckInOperation) {
        let started = reduce(CheckInState(), .checkIn, .refresh, .triggerAlert, .sync, .flush)
        let failed = reduce(started, .failed(operation: operation, error: .offline))
        #expect(failed.lastError == .offline)
        #expect(failed.isCheckingIn == (operation != .checkIn))
        #expect(failed.isRefreshing == (operation != .refresh))
        #expect(failed.isChangingAlert == (operation != .triggerAlert && operation != .cancelAlert))
        #expect(failed.isSyncing == (operation != .sync))
        #expect(failed.isFlushing)
    }
}
