/// The middleware that does nothing. Composing with it changes nothing, and a store given only
/// this middleware skips middleware altogether.
///
/// ```swift
/// let middleware = IdentityMiddleware<AppAction, AppAction, AppState>() <> logger // same as logger
/// ```
public struct IdentityMiddleware<InputAction, OutputAction, State>: Middleware, Sendable {
    /// Creates the identity middleware.
    public init() {}

    /// Returns ``Effect/none``.
    @MainActor
    public func handle(action: InputAction, from source: ActionSource, state: GetState<State>) -> Effect<OutputAction> {
        .none
    }
}
