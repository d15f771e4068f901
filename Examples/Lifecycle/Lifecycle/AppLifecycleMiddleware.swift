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
/// Main-actor isolated. Releasing the middleware (with its store) stops listening.
@MainActor
public final class AppLifecycleMiddleware: Middleware {
    private let client: LifecycleClient
    private var listening: Task<Void, Never>?

    /// Creates the middleware.
    ///
    /// - Parameter client: Where lifecycle events come from.
    public nonisolated init(client: LifecycleClient) {
        self.client = client
    }

    isolated deinit {
        listening?.cancel()
    }

    /// Starts listening: each event the client emits is dispatched as an action.
    public func start(_ context: MiddlewareContext<AppLifecycleAction, Void>) {
        listening?.cancel()
        let dispatcher = context.dispatcher
        // Start the client here, not in the task: the POSIX adapter arms its signal handlers
        // before `events()` returns, so a SIGTERM right after start-up is an event, not the
        // default action that kills the process.
        let events = client.events()
        listening = Task.detached {
            for await event in events {
                dispatcher.dispatch(AppLifecycleAction(event))
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
        return .immediate { _ in
            // A main-actor task runs after the current synchronous cascade has finished.
            Task { @MainActor in client.acknowledge(event) }
        }
    }
}
