import AqueductPersistence
import CheckInClient
import LifecycleAdapters
import LifecycleClient
import ReachabilityAdapters
import ReachabilityClient

/// The clients LifeSignal's features talk to, and where it keeps what outlives a run, picked as
/// one set: ``live(_:)`` from the command line and the environment, ``preview`` in memory, and
/// in tests the clients' `test` values (`CheckInTestSupport`, `LifecycleTestSupport`,
/// `ReachabilityTestSupport`), each endpoint the test leaves out unimplemented, with an
/// in-memory storage. A `Sendable` value.
///
/// ```swift
/// let clients = try LifeSignalClients.live(options)   // SQLite or HTTP, POSIX signals, netlink
/// let store = LifeSignalApp.makeStore(clients: .preview)
/// ```
public struct LifeSignalClients: Sendable {
    /// The check-in backend.
    public var backend: LifeSignalBackend
    /// Where lifecycle events come from.
    public var lifecycle: LifecycleClient
    /// Where network paths come from.
    public var pathMonitor: PathMonitorClient
    /// Where the settings and the last screen are kept (``LifeSignalPersistence``).
    public var storage: any PersistenceStorage

    /// Creates a set from its clients.
    ///
    /// - Parameters:
    ///   - backend: The check-in backend.
    ///   - lifecycle: Where lifecycle events come from.
    ///   - pathMonitor: Where network paths come from.
    ///   - storage: Where the settings and the last screen are kept: by default in memory,
    ///     empty — nothing saved before, nothing kept after.
    public init(
        backend: LifeSignalBackend,
        lifecycle: LifecycleClient,
        pathMonitor: PathMonitorClient,
        storage: any PersistenceStorage = InMemoryStorage()
    ) {
        self.backend = backend
        self.lifecycle = lifecycle
        self.pathMonitor = pathMonitor
        self.storage = storage
    }

    /// The live set the options select: the backend ``LifeSignalBackend/open(_:)`` opens, POSIX
    /// signals that end the event stream on termination (the app exits once its last flush is
    /// over), the platform's network monitor — or, with `--network none`, one that reports
    /// a disconnected path and nothing else — and files in the data directory for the settings
    /// and the last screen.
    ///
    /// - Parameter options: The parsed options.
    /// - Returns: The set.
    /// - Throws: ``LifeSignalStartupError`` naming the directory or file that cannot be used.
    public static func live(_ options: LifeSignalOptions) throws(LifeSignalStartupError) -> LifeSignalClients {
        let pathMonitor: PathMonitorClient =
            switch options.network {
            case .live: .live
            case .none: ManualPathMonitor(initial: .disconnected).client
            }
        return LifeSignalClients(
            backend: try LifeSignalBackend.open(options),
            lifecycle: POSIXSignalLifecycle(configuration: .init(termination: .finishStream)).client,
            pathMonitor: pathMonitor,
            storage: FileStorage(directory: options.dataDirectory)
        )
    }

    /// The preview set: an empty in-memory backend, an app that becomes active and stays so, a
    /// network connected over Wi-Fi, an empty in-memory storage. Each access is a new set.
    public static var preview: LifeSignalClients {
        LifeSignalClients(
            backend: LifeSignalBackend(client: .preview, summary: "in-memory preview"),
            lifecycle: .preview,
            pathMonitor: .preview,
            storage: InMemoryStorage()
        )
    }
}
