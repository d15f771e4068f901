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
    /// Whether the network is being monitored.
    public var isMonitoring = false
    /// The last connection event the monitor reported.
    public var connection: ReachabilityEvent?
    /// The check-in feature.
    public var checkIn: CheckInState
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

    /// The app's reducer: lifecycle and reachability here, the check-in feature's reducer lifted.
    public static let reducer: Reducer<AppAction, AppState> =
        Reducer<AppAction, AppState>.reduce { action, state in
            switch action {
            case .lifecycle(let phase):
                state.phase = phase
                if phase == .willTerminate { state.isTerminating = true }
            case .reachability(.startMonitoring):
                state.isMonitoring = true
            case .reachability(.stopMonitoring), .reachability(.monitoringFailed):
                state.isMonitoring = false
            case .reachability(let event) where event.connected != nil || event == .disconnected:
                state.connection = event
            case .checkIn(.flushed) where state.isTerminating:
                state.isReadyToExit = true
            case .reachability, .checkIn:
                break
            }
        }
        <> CheckInState.reducer.lift(action: \AppAction.Cases.checkIn, state: \AppState.checkIn)
}
