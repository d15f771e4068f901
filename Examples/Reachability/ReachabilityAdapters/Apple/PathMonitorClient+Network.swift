#if canImport(Network)
import Dispatch
import Network
import ReachabilityClient
import class Aqueduct.LockedValue

extension PathMonitorClient {
    /// The Apple adapter: one `NWPathMonitor` per stream.
    ///
    /// `NWPathMonitor` reports the current path right after `start(queue:)` and then every update, sometimes
    /// repeating an equal path; this adapter translates each `NWPath` into a ``NetworkPath`` and yields it only when
    /// it differs from the last one. Stopping the consumer cancels the monitor.
    ///
    /// - Returns: A client for Apple platforms.
    public static func networkFramework() -> PathMonitorClient {
        PathMonitorClient { () throws(PathMonitorError) -> AsyncStream<NetworkPath> in
            let (stream, continuation) = AsyncStream.makeStream(of: NetworkPath.self)
            let monitor = NWPathMonitorBox(NWPathMonitor())
            let last = LastPathBox()
            monitor.monitor.pathUpdateHandler = { nwPath in
                let path = NetworkPath(nwPath)
                if last.replace(with: path) { continuation.yield(path) }
            }
            continuation.onTermination = { _ in monitor.monitor.cancel() }
            monitor.monitor.start(queue: DispatchQueue(label: "Aqueduct.Reachability.NWPathMonitor"))
            return stream
        }
    }
}

/// Carries an `NWPathMonitor` into the `@Sendable` termination handler.
///
/// `@unchecked` because older SDKs do not declare `NWPathMonitor` `Sendable`, although Apple documents it as safe to
/// use from any thread (`cancel()` in particular); the box adds no state of its own. Private to this file.
private final class NWPathMonitorBox: @unchecked Sendable {
    let monitor: NWPathMonitor

    init(_ monitor: NWPathMonitor) {
        self.monitor = monitor
    }
}

/// The last path yielded, for de-duplication; the handler runs on a serial queue but the mutex keeps it honest.
private final class LastPathBox: Sendable {
    private let last = LockedValue<NetworkPath?>(nil)

    /// Stores `path`; `true` if it differs from the previous one.
    func replace(with path: NetworkPath) -> Bool {
        last.withLock { last in
            guard last != path else { return false }
            last = path
            return true
        }
    }
}

extension NetworkPath {
    /// Translates an `NWPath`: satisfied → connected; the first matching interface type in the order wired, Wi-Fi,
    /// cellular, loopback, other; the name of the first available interface; `isExpensive` and `isConstrained` as
    /// reported.
    fileprivate init(_ path: NWPath) {
        guard path.status == .satisfied else {
            self = .disconnected
            return
        }
        let kind: NetworkPath.InterfaceKind
        if path.usesInterfaceType(.wiredEthernet) {
            kind = .wired
        } else if path.usesInterfaceType(.wifi) {
            kind = .wifi
        } else if path.usesInterfaceType(.cellular) {
            kind = .cellular
        } else if path.usesInterfaceType(.loopback) {
            kind = .loopback
        } else {
            kind = .other
        }
        self.init(
            status: .connected,
            interfaceKind: kind,
            interfaceName: path.availableInterfaces.first?.name,
            isExpensive: path.isExpensive,
            isConstrained: path.isConstrained
        )
    }
}
#endif
