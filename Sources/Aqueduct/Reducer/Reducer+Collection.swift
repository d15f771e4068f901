extension Reducer where State: Identifiable & Sendable {
    /// Lifts an element's reducer into a collection of elements addressed by id.
    ///
    /// The global action carries the element's id and the element's action. An action for an
    /// id that is not in the collection changes nothing: the element may have been removed
    /// while the action was on its way, which is not an error.
    ///
    /// ```swift
    /// enum AppAction: CaseAccessible { case todo(id: Todo.ID, TodoAction) /* … */ }
    /// // Generated: var todo: (id: Todo.ID, TodoAction)?
    /// let app = todoReducer.lift(elementAction: \AppAction.todo, elements: \AppState.todos)
    /// ```
    ///
    /// Key path literals convert to the function this takes, compiled as direct reads; the
    /// conversion drops the labels of a generated accessor's tuple, `(id: Todo.ID, TodoAction)`.
    ///
    /// - Parameters:
    ///   - elementAction: Extracts an element id and the element's action from a global action,
    ///     or returns `nil` for other actions.
    ///   - elements: The path from the global state to the array of elements.
    /// - Returns: The lifted reducer.
    /// - Complexity: O(*n*) in the number of elements to find the id.
    public func lift<GlobalAction, GlobalState>(
        elementAction: @escaping @Sendable (GlobalAction) -> (State.ID, Action)?,
        elements: WritableKeyPath<GlobalState, [State]> & Sendable
    ) -> Reducer<GlobalAction, GlobalState> {
        if _isIdentity { return .identity }
        let reduce = _reduce
        return .reduce { globalAction, globalState in
            guard let (id, localAction) = elementAction(globalAction) else { return }
            guard let index = globalState[keyPath: elements].firstIndex(where: { $0.id == id }) else { return }
            reduce(localAction, &globalState[keyPath: elements][index])
        }
    }
}

extension Reducer {
    /// Lifts an element's reducer into an array of elements addressed by index.
    ///
    /// An action for an index outside the array changes nothing.
    ///
    /// ```swift
    /// let app = counter.lift(indexedAction: \AppAction.counterAt, elements: \AppState.counters)
    /// ```
    ///
    /// Key path literals convert to the function this takes, compiled as direct reads.
    ///
    /// - Parameters:
    ///   - indexedAction: Extracts an index and the element's action from a global action, or
    ///     returns `nil` for other actions.
    ///   - elements: The path from the global state to the array.
    /// - Returns: The lifted reducer.
    public func lift<GlobalAction, GlobalState>(
        indexedAction: @escaping @Sendable (GlobalAction) -> (Int, Action)?,
        elements: WritableKeyPath<GlobalState, [State]> & Sendable
    ) -> Reducer<GlobalAction, GlobalState> {
        if _isIdentity { return .identity }
        let reduce = _reduce
        return .reduce { globalAction, globalState in
            guard let (index, localAction) = indexedAction(globalAction) else { return }
            guard globalState[keyPath: elements].indices.contains(index) else { return }
            reduce(localAction, &globalState[keyPath: elements][index])
        }
    }
}
