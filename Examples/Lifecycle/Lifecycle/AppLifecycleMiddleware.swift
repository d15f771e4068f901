import Aqueduct
import LifecycleClient

/// A source-only middleware that turns a ``LifecycleClient``'s ``LifecycleEvent``s into
/// ``AppLifecycleAction``s and completes the client's acknowledgement handshake.
///
/// It reads no state and reacts to its own actions only to acknowledge them, once the store
/// has finished the dispatch that processed them — so the actions bridges derive from
/// `didEnterBackground` or `willTerminate` are processed before the process is suspended or
/// exits.
///
/// ```swift
/// let lifecycle = AppLifecycleMiddleware(client: POSIXSignalLifecycle().client)
///     .lift(action: \AppAction.Cases.lifecycle)
/// ```
///
/// Its listener is the effect its ``start(state:)`` returns: the store owns it, runs it on its
/// scheduler (a test scheduler in tests) and ends it when the store is released.
public struct AppLifecycleMiddleware: Middleware {
    private let client: LifecycleClient

    /// Creates the middleware.
    ///
    /// - Parameter client: Where lifecycle events come from.
    public init(client: LifecycleClient) {
        self.client = client
    }

    /// Listens for as long as the store lives: each event the client emits is sent as an
    /// action.
    public func start(state: GetState<Void>) -> Effect<AppLifecycleAction> {
        // Start the client here, not in the effect's task: the POSIX adapter arms its signal
        // handlers before `events()` returns, so a SIGTERM right after start-up is an event, not
        // the default action that kills the process.
        let events = client.events()
        return .run { send in
            for await event in events {
                send(AppLifecycleAction(event))
            }
        }
    }

    /// Acknowledges an event that needs it, after the dispatch that processed it is complete.
    public func handle(
        action: AppLifecycleAction,
        from source: ActionSource,
        state: GetState<Void>
    ) -> Effect<AppLifecycleAction> {
        let event = action.event
        guard event.requiresAcknowledgement else { return .none }
        let client = self.client
        return .run { _ in
            // The store processes an action and everything it sets off in one synchronous run on
            // the main actor: this hop runs after it.
            await MainActor.run { client.acknowledge(event) }
        }
    }
}
