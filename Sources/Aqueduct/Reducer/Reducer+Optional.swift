extension Reducer {
    /// Lifts a child feature's reducer into an optional state of its parent: a presented
    /// detail, alert or sheet.
    ///
    /// The global action's case holds a ``PresentationAction``. A
    /// ``PresentationAction/presented(_:)`` action is reduced into the child's state when it is
    /// there, and changes nothing when it is `nil` (the middleware lifted the same way reports
    /// it); ``PresentationAction/dismiss`` sets the child's state to `nil`. Compose it after the
    /// parent's reducer, which presents the child by setting its state.
    ///
    /// ```swift
    /// detailReducer.lift(action: \ShellAction.Cases.detail, state: \ShellState.detail)
    /// ```
    ///
    /// - Parameters:
    ///   - action: The case of the global action that holds the child's presentation actions.
    ///     Resolved once, here.
    ///   - state: The path from the global state to the child's optional state.
    /// - Returns: The lifted reducer.
    public func lift<GlobalAction, GlobalState>(
        action: CaseKeyPath<GlobalAction, PresentationAction<Action>>,
        state: WritableKeyPath<GlobalState, State?> & Sendable
    ) -> Reducer<GlobalAction, GlobalState> {
        let reduce = _reduce
        let visit = CasePath(action)._visit
        return .reduce { globalAction, globalState in
            _ = visit(globalAction) { presentation in
                switch presentation {
                case .presented(let local):
                    guard globalState[keyPath: state] != nil else { return true }
                    reduce(local, &globalState[keyPath: state]!)
                case .dismiss:
                    globalState[keyPath: state] = nil
                }
                return true
            }
        }
    }
}
