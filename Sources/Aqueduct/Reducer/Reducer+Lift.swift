extension Reducer {
    /// Lifts a feature's reducer into a larger action and state.
    ///
    /// The lifted reducer ignores global actions of other cases and applies the feature reducer
    /// in place to the sub-state at `state`.
    ///
    /// ```swift
    /// let counter = counterReducer.lift(action: \AppAction.Cases.counter, state: \AppState.count)
    /// ```
    ///
    /// - Parameters:
    ///   - action: The case of the global action that holds the feature's action, usually
    ///     generated for a ``CaseAccessible`` enum. Resolved once, here.
    ///   - state: The path from the global state to the feature's state.
    /// - Returns: The lifted reducer.
    public func lift<GlobalAction, GlobalState>(
        action: CaseKeyPath<GlobalAction, Action>,
        state: WritableKeyPath<GlobalState, State> & Sendable
    ) -> Reducer<GlobalAction, GlobalState> {
        if _isIdentity { return .identity }
        let reduce = _reduce
        let visit = CasePath(action)._visit
        return .reduce { globalAction, globalState in
            _ = visit(globalAction) { localAction in
                reduce(localAction, &globalState[keyPath: state])
                return true
            }
        }
    }
}
