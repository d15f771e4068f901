import ReachabilityClient

extension PathMonitorClient {
    /// The platform's real monitor: netlink on Linux, `NWPathMonitor` on Apple platforms; elsewhere a client whose
    /// ``paths()`` throws ``PathMonitorError/unsupportedPlatform``.
    public static var live: PathMonitorClient {
        #if os(Linux)
        return .netlink()
        #elseif canImport(Network)
        return .networkFramework()
        #else
        return PathMonitorClient { () throws(PathMonitorError) -> AsyncStream<NetworkPath> in
            throw .unsupportedPlatform
        }
        #endif
    }
}
