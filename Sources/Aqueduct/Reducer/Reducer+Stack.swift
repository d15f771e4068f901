extension Reducer {
    /// Lifts an entry's reducer into a ``ChildStack`` of entries: a navigation stack.
    ///
    /// The global action's case holds a ``StackAction``: ``StackAction/element(id:action:)`` is
    /// reduced into the entry with that id; the others push and pop. An action the stack cannot
    /// follow (an entry already popped, a pop of an empty stack, a pop to an id it does not
    /// hold) changes nothing; the middleware lifted into the stack reports it.
    ///
    /// ```swift
    /// detailReducer.lift(action: \ShellAction.Cases.path, elements: \ShellState.path)
    /// ```
    ///
    /// - Parameters:
    ///   - action: The case of the global action that holds the stack's actions. Resolved once,
    ///     here.
    ///   - elements: The path from the global state to the stack.
    /// - Returns: The lifted reducer.
    /// - Complexity: O(log *n*) in the number of entries to find an id.
    public func lift<GlobalAction, GlobalState>(
        action: CaseKeyPath<GlobalAction, StackAction<State, Action>>,
        elements: WritableKeyPath<GlobalState, ChildStack<State>> & Sendable
    ) -> Reducer<GlobalAction, GlobalState> {
        let reduce = _reduce
        let visit = CasePath(action)._visit
        return .reduce { globalAction, globalState in
            _ = visit(globalAction) { stackAction in
                if case .element(let id, let local) = stackAction {
                    guard let position = globalState[keyPath: elements].index(of: id) else { return true }
                    reduce(local, &globalState[keyPath: elements][position])
                } else {
                    globalState[keyPath: elements].navigate(stackAction)
                }
                return true
            }
        }
    }
}
