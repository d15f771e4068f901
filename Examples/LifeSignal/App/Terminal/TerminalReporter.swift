import Aqueduct
import CheckIn
import CheckInClient

/// Prints the results of check-in operations on the terminal as they arrive — whether a typed
/// command or a bridge (a sync when the network returns) started them — and the alert notice's
/// reminders, and keeps the screen tidy across the lifecycle: "Syncing and saving…" on the way
/// out, whatever asked for it, and the prompt drawn again when the app comes back from Ctrl-Z.
/// The pending count is printed when it changes to a non-zero value.
///
/// A middleware of the app: it reads the state after the reducer and sends nothing.
///
/// ```swift
/// let middleware = TerminalReporter(screen: TerminalScreen(printer: .standardOutput)) <> lifeSignalBridges
/// ```
public struct TerminalReporter: Middleware {
    private let screen: TerminalScreen

    /// Creates the reporter.
    ///
    /// - Parameter screen: Where the lines go: the terminal in the app, a closure's screen in tests.
    public init(screen: TerminalScreen) {
        self.screen = screen
    }

    /// Prints a line for a check-in result or the end of the app, after the reducer; hands the
    /// screen to the shell on suspension and takes it back on activation.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - source: Who sent it.
    ///   - state: The app state.
    /// - Returns: An immediate effect that prints, or `.none`.
    @MainActor
    public func handle(action: AppAction, from source: ActionSource, state: GetState<AppState>) -> Effect<AppAction> {
        let screen = self.screen
        switch action {
        case .lifecycle(.didEnterBackground):
            return .immediate { _ in screen.suspend() }
        case .lifecycle(.didBecomeActive):
            return .immediate { _ in screen.resume() }
        case .lifecycle(.willTerminate) where !state().isTerminating:
            return .immediate { _ in
                screen.stopPrompting()
                screen.say("Syncing and saving…")
            }
        case .alertNotice(.presented(.remind)):
            return .immediate { _ in
                if let notice = state().alertNotice { screen.say(TerminalText.reminder(notice)) }
            }
        default:
            break
        }
        guard let checkInAction = action.checkIn else { return .none }
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
            if let text = line(state().checkIn) { screen.say(text) }
        }
    }
}
