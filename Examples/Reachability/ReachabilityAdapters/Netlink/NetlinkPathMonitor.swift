#if os(Linux)
import Foundation
import Netlink
import ReachabilityClient

/// The Linux adapter of ``PathMonitorClient``: real kernel events from an `AF_NETLINK` / `NETLINK_ROUTE` socket.
///
/// Each call to ``paths()`` opens a socket bound to the link, IPv4/IPv6 address and IPv4/IPv6 route multicast
/// groups, dumps the current links, addresses and routes, then follows live events on a dedicated thread (never a
/// cooperative-pool thread). It keeps a table of links, addresses and routes and derives the path:
///
/// - **connected** when a unicast default route (IPv4 or IPv6) goes through a non-loopback interface that is up
///   (`IFF_UP`), running (`IFF_RUNNING`) and operationally up or unknown;
/// - the interface **kind** from sysfs (`wireless/` or `DEVTYPE=wlan` → Wi-Fi, `DEVTYPE=wwan` or type 512/519 →
///   cellular, type 1 → wired), falling back to the netlink link type when sysfs belongs to another namespace;
/// - **expensive** for cellular and tethering drivers, **constrained** from ``Configuration``.
///
/// The stream yields the first path once the dumps are complete, then each *changed* path. A malformed message is
/// reported to ``Configuration/diagnostics`` and skipped; lost events (`ENOBUFS`) trigger a fresh dump. When the
/// consumer stops, the thread wakes, closes the socket and exits.
///
/// ```swift
/// for await path in try NetlinkPathMonitor().paths() {
///     print(path)   // "connected wired eth0 expensive=false constrained=false"
/// }
/// ```
///
/// Linux only. A value type, `Sendable`; each stream owns its socket and thread.
public struct NetlinkPathMonitor: Sendable {
    /// How interfaces are classified and where problems are reported.
    public var configuration: Configuration

    /// Creates a monitor; nothing is opened until ``paths()`` is called.
    ///
    /// - Parameter configuration: Classification and diagnostics settings.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// A ``PathMonitorClient`` backed by this monitor.
    public var client: PathMonitorClient {
        let monitor = self
        return PathMonitorClient { () throws(PathMonitorError) -> AsyncStream<NetworkPath> in
            try monitor.paths()
        }
    }

    /// Opens a netlink socket and starts following the network path.
    ///
    /// - Returns: A stream of paths: the initial one, then each change. It finishes only if the socket fails
    ///   irrecoverably; stopping its consumer closes the socket.
    /// - Throws: ``PathMonitorError/systemCallFailed(operation:code:)`` when the socket or its wake-up descriptor
    ///   cannot be created or bound.
    public func paths() throws(PathMonitorError) -> AsyncStream<NetworkPath> {
        let socket: NetlinkSocket
        let wake: WakeSignal
        do {
            socket = try NetlinkSocket.openRoute()
        } catch {
            throw .systemCallFailed(operation: error.operation, code: error.code)
        }
        do {
            wake = try WakeSignal()
        } catch {
            socket.close()
            throw .systemCallFailed(operation: error.operation, code: error.code)
        }
        let (stream, continuation) = AsyncStream.makeStream(of: NetworkPath.self, bufferingPolicy: .bufferingNewest(64))
        continuation.onTermination = { _ in wake.signal() }
        let configuration = self.configuration
        let thread = Thread {
            NetlinkPathReader(socket: socket, wake: wake, continuation: continuation, configuration: configuration)
                .run()
        }
        thread.name = "Aqueduct.NetlinkPathMonitor"
        thread.start()
        return stream
    }
}
#endif
