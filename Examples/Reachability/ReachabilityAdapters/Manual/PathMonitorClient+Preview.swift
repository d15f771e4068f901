import ReachabilityClient

extension PathMonitorClient {
    /// The preview set: connected over Wi-Fi, and nothing changes. Each access is a new
    /// ``ManualPathMonitor``.
    public static var preview: PathMonitorClient {
        ManualPathMonitor(initial: NetworkPath(status: .connected, interfaceKind: .wifi)).client
    }
}
