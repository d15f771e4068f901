import Aqueduct
import ReachabilityClient

/// Watches the network while asked to and reports its transitions as ``ReachabilityEvent``s.
///
/// - ``ReachabilityEvent/startMonitoring`` starts the ``PathMonitorClient`` (restarting it if
///   it was running);
/// - ``ReachabilityEvent/stopMonitoring`` cancels it, which closes the underlying monitor;
/// - every path the monitor reports is compared with the last one this middleware reported,
///   and only the differences are sent (``ReachabilityTransition``), across restarts too;
/// - a monitor that cannot start sends ``ReachabilityEvent/monitoringFailed(_:)``.
///
/// It reads no state. An app wires it with the feature's reducer, as one feature
/// (``ReachabilityState/feature(client:)``):
///
/// ```swift
/// let reachability = ReachabilityState.feature(client: .live)
///     .lift(action: \AppAction.Cases.reachability, state: \AppState.reachability)
/// ```
///
/// `Sendable`; its effect runs off the main actor and its actions reach the store through the
/// store's inbox.
public struct ReachabilityMiddleware: Middleware {
    /// The cancellation identifier of the monitoring effect.
    private struct Monitoring: Hashable, Sendable {}

    private let client: PathMonitorClient
    private let lastReported: LastReportedPath

    /// Creates the middleware.
    ///
    /// - Parameter client: The path monitor to use: `.live` (netlink on Linux, `NWPathMonitor`
    ///   on Apple platforms), or a ``ManualPathMonitor``'s client in tests.
    public init(client: PathMonitorClient) {
        self.client = client
        self.lastReported = LastReportedPath()
    }

    /// Starts or stops the monitor; ignores the events it sends itself.
    public func handle(
        action: ReachabilityEvent,
        from source: ActionSource,
        state: GetState<Void>
    ) -> Effect<ReachabilityEvent> {
        switch action {
        case .startMonitoring:
            let client = self.client
            let lastReported = self.lastReported
            return .run { send in
                let paths: AsyncStream<NetworkPath>
                do throws(PathMonitorError) {
                    paths = try client.paths()
                } catch {
                    send(.monitoringFailed(error))
                    return
                }
                for await path in paths {
                    for event in await lastReported.update(to: path) { send(event) }
                }
            }
            .cancellable(id: Monitoring(), cancelInFlight: true)
        case .stopMonitoring:
            return .cancel(id: Monitoring())
        default:
            return .none
        }
    }
}

/// The last path the middleware reported, shared by its successive monitoring effects so that a
/// restart does not repeat what the app already knows. An actor: the effects of a stopped and a
/// restarted monitor may overlap, and each update must see the one before it.
private actor LastReportedPath {
    private var path: NetworkPath?

    /// Records `current` and returns the events that describe the change.
    func update(to current: NetworkPath) -> [ReachabilityEvent] {
        defer { path = current }
        return ReachabilityTransition.events(from: path, to: current)
    }
}
