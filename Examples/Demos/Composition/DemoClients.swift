import LifecycleAdapters
import LifecycleClient
import ReachabilityAdapters
import ReachabilityClient

/// The clients the demos' features talk to, picked as one set: ``live(_:)`` from the command
/// line, ``preview`` for a run that touches no signal and no network, and in tests the clients'
/// `test` values (`LifecycleTestSupport`, `ReachabilityTestSupport`), each endpoint the test
/// leaves out unimplemented. A `Sendable` value.
///
/// ```swift
/// let store = DemoApp.makeStore(clients: .live(options))
/// ```
public struct DemoClients: Sendable {
    /// Where lifecycle events come from.
    public var lifecycle: LifecycleClient
    /// Where network paths come from.
    public var pathMonitor: PathMonitorClient

    /// Creates a set from its clients.
    ///
    /// - Parameters:
    ///   - lifecycle: Where lifecycle events come from.
    ///   - pathMonitor: Where network paths come from.
    public init(lifecycle: LifecycleClient, pathMonitor: PathMonitorClient) {
        self.lifecycle = lifecycle
        self.pathMonitor = pathMonitor
    }

    /// The live set the options select: POSIX signals, and the platform's network monitor — or,
    /// with `--network none`, one that reports a disconnected path and nothing else.
    ///
    /// - Parameter options: The parsed command line.
    /// - Returns: The set.
    public static func live(_ options: DemoOptions) -> DemoClients {
        switch options.network {
        case .live: DemoClients(lifecycle: .live, pathMonitor: .live)
        case .none: DemoClients(lifecycle: .live, pathMonitor: ManualPathMonitor(initial: .disconnected).client)
        }
    }

    /// The preview set: the app becomes active and is connected over Wi-Fi, and nothing changes.
    public static var preview: DemoClients {
        DemoClients(lifecycle: .preview, pathMonitor: .preview)
    }
}
