import Aqueduct
import Lifecycle
import Reachability

/// The state of the lifecycle and reachability demos.
public struct DemoState: Equatable, Sendable {
    /// What the user chose.
    public struct Settings: Equatable, Sendable {
        /// Whether to stop monitoring the network in the background.
        public var shouldUseReachability = true
    }

    /// The settings.
    public var settings = Settings()
    /// The last lifecycle event.
    public var phase: AppLifecycleAction?
    /// Whether the network is being monitored.
    public var isMonitoring = false
    /// The last connection event the monitor reported.
    public var connection: ReachabilityEvent?

    /// The initial state.
    public init() {}

    /// The demos' reducer.
    public static let reducer = Reducer<DemoAction, DemoState>.reduce { action, state in
        switch action {
        case .lifecycle(let phase):
            state.phase = phase
        case .reachability(.startMonitoring):
            state.isMonitoring = true
        case .reachability(.stopMonitoring), .reachability(.monitoringFailed):
            state.isMonitoring = false
        case .reachability(let event) where event.connected != nil || event == .disconnected:
            state.connection = event
        case .reachability:
            break
        }
    }
}
