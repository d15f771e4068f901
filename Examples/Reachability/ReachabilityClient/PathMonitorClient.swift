/// The reachability middleware client: a backend-agnostic source of ``NetworkPath`` values.
///
/// Each call to ``paths()`` starts one monitor and returns its stream. The stream yields the current path first, then
/// a new value each time the path *changes* (adapters de-duplicate). When the consumer stops — the task iterating the
/// stream is cancelled, or the stream is dropped — the stream's `onTermination` stops the underlying monitor and
/// releases its resources (on Linux: the netlink socket and its reader thread).
///
/// Adapters:
/// - ``live``: netlink on Linux, `NWPathMonitor` on Apple platforms.
/// - ``netlink(configuration:)`` (Linux) and ``networkFramework()`` (Apple) by name.
/// - ``ManualPathMonitor/client`` for tests and previews.
///
/// ```swift
/// let client = PathMonitorClient.live
/// let task = Task {
///     var previous: NetworkPath?
///     for await path in try client.paths() {
///         for event in ReachabilityTransition.events(from: previous, to: path) { send(event) }
///         previous = path
///     }
/// }
/// // later: task.cancel() stops the monitor.
/// ```
///
/// A struct of `@Sendable` closures: `Sendable`, callable from any isolation.
public struct PathMonitorClient: Sendable {
    /// Starts a monitor and returns its paths; see ``paths()``.
    public var makePaths: @Sendable () throws(PathMonitorError) -> AsyncStream<NetworkPath>

    /// Creates a client from a closure that starts a monitor.
    ///
    /// - Parameter paths: Starts one monitor per call and returns its stream; the stream's `onTermination` must stop
    ///   that monitor. Throws ``PathMonitorError`` if the monitor cannot start.
    public init(paths: @escaping @Sendable () throws(PathMonitorError) -> AsyncStream<NetworkPath>) {
        self.makePaths = paths
    }

    /// Starts a monitor and returns the stream of its paths.
    ///
    /// - Returns: A stream that yields the current path, then each changed path, until the consumer stops or the
    ///   backend fails irrecoverably (then the stream finishes).
    /// - Throws: ``PathMonitorError`` when the monitor cannot be started (for example the socket cannot be opened).
    public func paths() throws(PathMonitorError) -> AsyncStream<NetworkPath> {
        try makePaths()
    }
}
