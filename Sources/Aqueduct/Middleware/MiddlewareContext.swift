/// What a middleware's start hook receives: a dispatcher for its output and a state getter.
///
/// ```swift
/// public func start(_ context: MiddlewareContext<AppLifecycleAction, Void>) {
///     listening?.cancel()
///     let dispatcher = context.dispatcher
///     // …
///     let events = client.events()
///     listening = Task.detached {
///         for await event in events {
///             dispatcher.dispatch(AppLifecycleAction(event))
///         }
///     }
/// }
/// ```
///
/// `Sendable`; the dispatcher works from any isolation, the state getter on the main actor.
public struct MiddlewareContext<Action, State>: Sendable {
    /// Dispatches the middleware's output actions into the store, from any isolation.
    public let dispatcher: Dispatcher<Action>

    /// Reads the store's current state, on the main actor.
    public let state: GetState<State>

    /// Creates a context. Stores create these; tests can too, to start a middleware by hand.
    ///
    /// - Parameters:
    ///   - dispatcher: Where output actions go.
    ///   - state: Reads the current state.
    public init(dispatcher: Dispatcher<Action>, state: GetState<State>) {
        self.dispatcher = dispatcher
        self.state = state
    }
}
