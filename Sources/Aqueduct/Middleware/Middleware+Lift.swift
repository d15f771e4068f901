extension Middleware where InputAction == OutputAction {
    /// Lifts this middleware into a larger action and state.
    ///
    /// One case path does both directions: it picks the global actions this middleware sees
    /// (the others are ignored at the cost of one extraction) and embeds the actions it sends.
    ///
    /// ```swift
    /// EffectsAndCancellation.FactMiddleware(client: facts)
    ///     .lift(action: \Action.Cases.facts, state: \State.facts)
    /// ```
    ///
    /// - Parameters:
    ///   - action: The case of the global action that holds this middleware's actions. Resolved
    ///     once, here.
    ///   - state: Reads this middleware's state from the global state; a key path literal
    ///     (`\State.facts`) compiles to a direct read.
    /// - Returns: The lifted middleware.
    public func lift<GlobalAction, GlobalState>(
        action: CaseKeyPath<GlobalAction, InputAction>,
        state: @escaping @Sendable (GlobalState) -> State
    ) -> some Middleware<GlobalAction, GlobalAction, GlobalState> {
        LiftedMiddleware(base: self, action: CasePath(action), extractState: state)
    }
}

extension Middleware where InputAction == OutputAction, State == Void {
    /// Lifts a middleware that reads no state — a source of actions, such as a lifecycle or
    /// reachability middleware — into a larger action and any state.
    ///
    /// ```swift
    /// AppLifecycleMiddleware(client: lifecycle).lift(action: \AppAction.Cases.lifecycle)
    /// ```
    ///
    /// - Parameter action: The case of the global action that holds this middleware's actions.
    ///   Resolved once, here.
    /// - Returns: The lifted middleware.
    public func lift<GlobalAction, GlobalState>(
        action: CaseKeyPath<GlobalAction, InputAction>
    ) -> some Middleware<GlobalAction, GlobalAction, GlobalState> {
        LiftedMiddleware(base: self, action: CasePath(action), extractState: { _ in () })
    }
}
