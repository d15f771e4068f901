import Aqueduct
import CheckIn
import Lifecycle
import Reachability

/// The state of the LifeSignal app. An `Equatable`, `Sendable` value.
///
/// ```swift
/// let state = AppState(checkIn: CheckInState(interval: .seconds(86_400), hasSyncQueue: true))
/// ```
public struct AppState: Equatable, Sendable {
    /// The last lifecycle event.
    public var phase: AppLifecycleAction?
    /// The reachability feature.
    public var reachability = ReachabilityState()
    /// The check-in feature.
    public var checkIn: CheckInState
    /// The screens pushed over the prompt: the history, each time it is asked for.
    public var path = ChildStack<HistoryScreen>()
    /// The notice of the alert triggered here, while it is active and not acknowledged.
    public var alertNotice: AlertNotice?
    /// Whether the flush that follows `willTerminate` is over: the app may exit.
    public var isReadyToExit = false

    /// Creates the initial state.
    ///
    /// - Parameter checkIn: The check-in feature's initial state, with its settings.
    public init(checkIn: CheckInState = CheckInState()) {
        self.checkIn = checkIn
    }

    /// Whether the app was told it will terminate. Stored, not derived from ``phase``: a
    /// lifecycle event that arrives after `willTerminate` (the start-up activation, delivered
    /// asynchronously, can) must not cancel the exit.
    public var isTerminating = false

    /// The app's own reducer: the last lifecycle event, whether the app may exit, and the alert
    /// notice, presented when an alert is triggered and taken away when it is cancelled. The
    /// features keep their own state; the history screens are pushed by the terminal.
    public static let reducer = Reducer<AppAction, AppState>.reduce { action, state in
        switch action {
        case .lifecycle(let phase):
            state.phase = phase
            if phase == .willTerminate { state.isTerminating = true }
        case .checkIn(.flushed) where state.isTerminating:
            state.isReadyToExit = true
        case .checkIn(.alertTriggered(let alert)):
            state.alertNotice = AlertNotice(alert: alert)
        case .checkIn(.alertCancelled):
            state.alertNotice = nil
        case .reachability, .checkIn, .path, .alertNotice:
            break
        }
    }
}
