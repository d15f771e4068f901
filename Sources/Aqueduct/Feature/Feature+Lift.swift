extension Feature {
    /// Lifts a feature into a larger action and state: its reducer, its middleware and its
    /// functions, with one case path and one state path.
    ///
    /// The lifted feature ignores global actions of other cases; for its case, it does what
    /// each part lifted with `lift(action:state:)` does: the middleware sees the feature's
    /// action and reads the feature's state, the reducer and the functions change that state in
    /// place, and the actions its effects send are embedded with the same case path.
    ///
    /// A board that holds a tally, in `var tally: Tally`, with `case tally(TallyAction)`:
    ///
    /// ```swift
    /// tally.lift(action: \BoardAction.Cases.tally, state: \Board.tally)
    /// ```
    ///
    /// - Parameters:
    ///   - action: The case of the global action that holds the feature's action, usually
    ///     generated for a ``CaseAccessible`` enum. Resolved once, here.
    ///   - state: The path from the global state to the feature's state.
    /// - Returns: The lifted feature.
    public func lift<GlobalAction, GlobalState>(
        action: CaseKeyPath<GlobalAction, Action>,
        state: WritableKeyPath<GlobalState, State> & Sendable
    ) -> Feature<GlobalAction, GlobalState> {
        if isIdentity { return .identity }
        let reduction: Feature<GlobalAction, GlobalState>.Reduction
        switch _reduction {
        case .reducer(let reducer):
            reduction = .reducer(reducer.lift(action: action, state: state))
        case .effects(let reduce):
            let path = CasePath(action)
            let visit = path._visit
            let embed = path._embed
            reduction = .effects { globalAction, globalState in
                var effect = Effect<GlobalAction>.none
                _ = visit(globalAction) { localAction in
                    effect = reduce(localAction, &globalState[keyPath: state]).map(embed)
                    return true
                }
                return effect
            }
        }
        var middleware: AnyMiddleware<GlobalAction, GlobalAction, GlobalState>?
        if let local = _middleware {
            middleware = AnyMiddleware(
                local.lift(action: action, state: { (global: GlobalState) in global[keyPath: state] })
            )
        }
        return Feature<GlobalAction, GlobalState>(_reduction: reduction, middleware: middleware)
    }
}

extension Feature {
    /// The frame of the child lifts (a presented child, a collection, a stack): the identity stays
    /// the identity; a reducer is lifted by `reducer`, a one-function step by `step`; and the
    /// middleware by `middleware` — the identity's when the feature has none, because the lifted
    /// middleware is what reports the actions for a child that is not there.
    internal func liftingChild<GlobalAction, GlobalState, Lifted: Middleware>(
        reducer: (Reducer<Action, State>) -> Reducer<GlobalAction, GlobalState>,
        step: (
            @escaping @Sendable (Action, inout State) -> Effect<Action>
        ) -> @Sendable (GlobalAction, inout GlobalState) -> Effect<GlobalAction>,
        middleware: (AnyMiddleware<Action, Action, State>) -> Lifted
    ) -> Feature<GlobalAction, GlobalState>
    where Lifted.InputAction == GlobalAction, Lifted.OutputAction == GlobalAction, Lifted.State == GlobalState {
        if isIdentity { return .identity }
        let reduction: Feature<GlobalAction, GlobalState>.Reduction
        switch _reduction {
        case .reducer(let local): reduction = .reducer(reducer(local))
        case .effects(let reduce): reduction = .effects(step(reduce))
        }
        let lifted = middleware(_middleware ?? AnyMiddleware(IdentityMiddleware()))
        return Feature<GlobalAction, GlobalState>(_reduction: reduction, middleware: AnyMiddleware(lifted))
    }
}
