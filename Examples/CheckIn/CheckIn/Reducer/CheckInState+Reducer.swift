import Aqueduct
import CheckInClient

extension CheckInState {
    /// The check-in feature's reducer: commands set their in-flight flag and clear the last
    /// error; results record what the backend answered.
    ///
    /// ```swift
    /// let store = Store(initialState: CheckInState(), reducer: CheckInState.reducer, middleware: middleware)
    /// ```
    public static let reducer = Reducer<CheckInAction, CheckInState>.reduce { action, state in
        switch action {
        case .checkIn:
            state.isCheckingIn = true
            state.lastError = nil
        case .refresh:
            state.isRefreshing = true
            state.lastError = nil
        case .triggerAlert, .cancelAlert:
            state.isChangingAlert = true
            state.lastError = nil
        case .sync:
            state.isSyncing = true
            state.lastError = nil
        case .flush:
            state.isFlushing = true
            state.lastError = nil
        case .setInterval(let interval):
            state.interval = interval
            // The middleware schedules the deadline again: passed already, it says so at once.
            state.isOverdue = false
        case .setContact(let contact):
            state.contact = contact

        case .checkedIn(let checkIn):
            state.isCheckingIn = false
            state.history.removeAll { $0.id == checkIn.id }
            state.history.insert(
                checkIn,
                at: state.history.firstIndex { $0.date <= checkIn.date } ?? state.history.endIndex
            )
            if state.lastCheckIn.map({ $0.date <= checkIn.date }) ?? true {
                state.lastCheckIn = checkIn
                state.isOverdue = false
            }
        case .historyLoaded(let history):
            state.isRefreshing = false
            state.history = history
            if let newest = history.max(by: { $0.date < $1.date }),
                state.lastCheckIn.map({ $0.date < newest.date }) ?? true
            {
                state.lastCheckIn = newest
                state.isOverdue = false
            }
        case .alertTriggered(let alert):
            state.isChangingAlert = false
            state.activeAlert = alert
        case .alertCancelled:
            state.isChangingAlert = false
            state.activeAlert = nil
        case .activeAlertLoaded(let alert):
            // A refresh that answers while an alert is being triggered or cancelled is older
            // than that change: keep what the change will report.
            if !state.isChangingAlert { state.activeAlert = alert }
        case .synced:
            state.isSyncing = false
        case .pendingCountLoaded(let count):
            state.pendingSyncCount = count
        case .flushed:
            state.isFlushing = false
        case .failed(let operation, let error):
            state.lastError = error
            switch operation {
            case .checkIn: state.isCheckingIn = false
            case .refresh: state.isRefreshing = false
            case .triggerAlert: state.isChangingAlert = false
            case .cancelAlert:
                state.isChangingAlert = false
                // The backend has no active alert: whatever this state still shows is stale.
                if error == .notActive { state.activeAlert = nil }
            case .sync: state.isSyncing = false
            case .flush: break  // `flushed` follows.
            }
        case .deadlinePassed:
            state.isOverdue = true
        }
    }
}
