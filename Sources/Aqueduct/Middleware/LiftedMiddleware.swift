/// A middleware working in a larger action and state than it was written for: what
/// `lift(action:state:)` returns.
///
/// Global actions of other cases are ignored (no effect, no call), the feature's output actions
/// are embedded with the same case path, and the feature reads its part of the global state.
struct LiftedMiddleware<Base: Middleware, GlobalAction, GlobalState>: Middleware
where Base.InputAction == Base.OutputAction {
    let base: Base
    /// The feature's case of the global action, resolved once when the lift was built.
    let action: CasePath<GlobalAction, Base.InputAction>
    let extractState: @Sendable (GlobalState) -> Base.State

    @MainActor
    func start(_ context: MiddlewareContext<GlobalAction, GlobalState>) {
        base._legacyStart(
            context.forPart(
                dispatcher: context.dispatcher.contramap(action._embed),
                state: context.state.map(extractState)
            )
        )
    }

    /// The base's start effect, its actions embedded.
    @MainActor
    func start(state: GetState<GlobalState>) -> Effect<GlobalAction> {
        base._startEffect(state: state.map(extractState)).map(action._embed)
    }

    @MainActor
    func handle(action: GlobalAction, from source: ActionSource, state: GetState<GlobalState>) -> Effect<GlobalAction> {
        var effect = Effect<GlobalAction>.none
        _ = self.action._visit(action) { local in
            effect = base.handle(action: local, from: source, state: state.map(extractState)).map(self.action._embed)
            return true
        }
        return effect
    }
}

extension LiftedMiddleware: StartForwarding {}
