import AqueductTesting
import LifecycleClient

extension LifecycleClient {
    /// The test set: every endpoint the test does not pass is unimplemented, and fails the test,
    /// naming itself, if the code under test calls it.
    ///
    /// ```swift
    /// let client = LifecycleClient.test(events: { AsyncStream { $0.finish() } })
    /// ```
    ///
    /// A test that scripts events passes a ``ScriptedLifecycle``'s client instead.
    ///
    /// - Parameters:
    ///   - events: The `events` endpoint; unimplemented by default (it returns a finished stream).
    ///   - acknowledge: The `acknowledge` endpoint; unimplemented by default.
    /// - Returns: The client.
    public static func test(
        events: @escaping @Sendable () -> AsyncStream<LifecycleEvent> = {
            unimplemented(LifecycleClient.self, "events")
            return AsyncStream { $0.finish() }
        },
        acknowledge: @escaping @Sendable (_ event: LifecycleEvent) -> Void = { _ in
            unimplemented(LifecycleClient.self, "acknowledge")
        }
    ) -> LifecycleClient {
        LifecycleClient(events: events, acknowledge: acknowledge)
    }
}
