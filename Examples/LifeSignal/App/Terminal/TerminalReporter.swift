import Aqueduct
import CheckIn
import CheckInClient

/// Prints the results of check-in operations on the terminal as they arrive — whether a typed
/// command or a bridge (a sync when the network returns) started them. The pending count is
/// printed when it changes to a non-zero value.
///
/// A middleware of the app: it reads the state after the reducer and sends nothing.
///
/// ```swift
/// let middleware = TerminalReporter(output: .standardOutput) <> lifeSignalBridges
/// ```
public struct TerminalReporter: Middleware {
    private let output: LogPrinter

    /// Creates the reporter.
    ///
    /// - Parameter output: Where the lines go: standard output in the app, a closure in tests.
    public init(output: LogPrinter) {
        self.output = output
    }

    /// Prints a line for a check-in result, after the reducer.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - source: Who sent it.
    ///   - state: The app state.
    /// - Returns: An immediate effect that prints, or `.none`.
    @MainActor
    public func handle(action: AppAction, from source: ActionSource, state: GetState<AppState>) -> Effect<AppAction> {
        guard let checkInAction = action.checkIn else { return .none }
        let output = self.output
        let line: @MainActor (CheckInState) -> String?
        switch checkInAction {
        case .checkedIn(let checkIn):
            line = { state in
                let due = state.deadline.map { " Next check-in due by \(TerminalText.date($0))." } ?? ""
                return "Checked in at \(TerminalText.date(checkIn.date)).\(due)"
            }
        case .pendingCountLoaded(let count) where count > 0 && count != state().checkIn.pendingSyncCount:
            // `handle` runs before the reducer: the state still holds the previous count.
            line = { _ in "\(TerminalText.plural(count, "check-in")) waiting to sync." }
        case .synced(let count) where count > 0:
            line = { _ in "Synced \(TerminalText.plural(count, "check-in")) to the backend." }
        case .alertTriggered(let alert):
            line = { _ in
                "Alert triggered at \(TerminalText.date(alert.triggeredAt)). Type 'cancel-alert' to cancel it."
            }
        case .alertCancelled:
            line = { _ in "Alert cancelled." }
        case .failed(let operation, let error):
            line = { _ in "Could not \(operation): \(error)." }
        case .deadlinePassed:
            line = { state in
                let due = state.deadline.map { " was due by \(TerminalText.date($0))" } ?? " is due"
                return "You are overdue: your check-in\(due). Type 'check-in'."
            }
        default:
            return .none
        }
        return .immediate { _ in
            if let text = line(state().checkIn) { output.print(text + "\n") }
        }
    }
}
