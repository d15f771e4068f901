/// The middleware that does nothing. Composing with it changes nothing, and a store given only
/// this middleware skips middleware altogether.
struct IdentityMiddleware<InputAction, OutputAction, State>: Middleware, Sendable {
    @MainActor
    func handle(action: InputAction, from source: ActionSource, state: GetState<State>) -> Effect<OutputAction> {
        .none
    }
}
