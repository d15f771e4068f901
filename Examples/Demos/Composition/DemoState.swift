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
    /// The reachability feature.
    public var reachability = ReachabilityState()

    /// The initial state.
    public init() {}

    /// The demos' own reducer: the last lifecycle event. The reachability feature keeps its own
    /// state.
    public static let reducer = Reducer<DemoAction, DemoState>.reduce { action, state in
        if case .lifecycle(let phase) = action { state.phase = phase }
    }
}
