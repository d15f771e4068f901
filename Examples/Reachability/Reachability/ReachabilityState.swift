import Aqueduct
import ReachabilityClient

/// What the reachability feature knows: whether the network is being monitored, and the last
/// connection the monitor reported.
///
/// An app lifts the feature once — its reducer and its middleware — with one case path and one
/// state path:
///
/// ```swift
/// let reachability = ReachabilityState.feature(client: pathMonitor)
///     .lift(action: \AppAction.Cases.reachability, state: \AppState.reachability)
/// ```
///
/// An `Equatable`, `Sendable` value.
public struct ReachabilityState: Equatable, Sendable {
    /// Whether the network is being monitored: from ``ReachabilityEvent/startMonitoring`` until
    /// ``ReachabilityEvent/stopMonitoring`` or ``ReachabilityEvent/monitoringFailed(_:)``.
    public var isMonitoring: Bool
    /// The last connection event the monitor reported — a `connectedTo…` case or
    /// ``ReachabilityEvent/disconnected`` — or `nil` before the first.
    public var connection: ReachabilityEvent?

    /// Creates a state.
    ///
    /// - Parameters:
    ///   - isMonitoring: Whether the network is being monitored; not by default.
    ///   - connection: The last connection event; none by default.
    public init(isMonitoring: Bool = false, connection: ReachabilityEvent? = nil) {
        self.isMonitoring = isMonitoring
        self.connection = connection
    }

    /// The reachability feature's reducer: it follows the commands and the connection events;
    /// cost and constraint events change nothing it keeps.
    public static let reducer = Reducer<ReachabilityEvent, ReachabilityState>.reduce { event, state in
        switch event {
        case .startMonitoring:
            state.isMonitoring = true
        case .stopMonitoring, .monitoringFailed:
            state.isMonitoring = false
        case .connectedToWired, .connectedToWifi, .connectedToCellular, .connectedToOther, .disconnected:
            state.connection = event
        case .becameExpensive, .becameCheap, .becameConstrained, .becameUnconstrained:
            break
        }
    }

    /// The reachability feature: the ``reducer`` and a ``ReachabilityMiddleware`` on `client`.
    ///
    /// - Parameter client: The path monitor to use: `.live`, or a `ManualPathMonitor`'s client
    ///   in tests.
    /// - Returns: The feature, to lift into an app.
    public static func feature(client: PathMonitorClient) -> Feature<ReachabilityEvent, ReachabilityState> {
        // The middleware reads no state: lifted along the identity case path into this state.
        Feature(reducer: reducer, middleware: ReachabilityMiddleware(client: client).lift(action: \.self))
    }
}
