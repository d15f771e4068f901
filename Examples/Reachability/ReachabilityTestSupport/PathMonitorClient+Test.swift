import AqueductTesting
import ReachabilityClient

extension PathMonitorClient {
    /// The test set: unless the test passes `paths`, the endpoint is unimplemented, and fails the
    /// test, naming itself, if the code under test calls it.
    ///
    /// ```swift
    /// let client = PathMonitorClient.test()  // a feature that must not start monitoring
    /// ```
    ///
    /// A test that feeds paths passes a `ManualPathMonitor`'s client instead.
    ///
    /// - Parameter paths: The `paths` endpoint; unimplemented by default (it returns a finished
    ///   stream).
    /// - Returns: The client.
    public static func test(
        paths: @escaping @Sendable () throws(PathMonitorError) -> AsyncStream<NetworkPath> = {
            unimplemented(PathMonitorClient.self, "paths")
            return AsyncStream { $0.finish() }
        }
    ) -> PathMonitorClient {
        PathMonitorClient(paths: paths)
    }
}
