#if os(Linux)
import Netlink
import ReachabilityClient

extension PathMonitorClient {
    /// The Linux netlink adapter; see ``NetlinkPathMonitor``.
    ///
    /// - Parameter configuration: Classification and diagnostics settings.
    /// - Returns: A client whose streams each own a netlink socket and a reader thread.
    public static func netlink(
        configuration: NetlinkPathMonitor.Configuration = NetlinkPathMonitor.Configuration()
    ) -> PathMonitorClient {
        NetlinkPathMonitor(configuration: configuration).client
    }
}
#endif
