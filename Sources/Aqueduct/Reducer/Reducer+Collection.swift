extension Reducer where State: Identifiable & Sendable {
    /// Lifts an element's reducer into a collection of elements addressed by id.
    ///
    /// The global action's case carries the element's id and the element's action, labelled
    /// `id` and `action`. An action for an id that is not in the collection changes nothing:
    /// the element may have been removed while the action was on its way, which is not an
    /// error. Nor does an action for an id that several elements share: it reaches none of them
    /// (the lifted middleware reports it).
    ///
    /// ```swift
    /// enum TodoListAction: CaseAccessible, Sendable, Equatable {
    ///     case todo(id: Todo.ID, action: TodoAction)
    ///     case add(Todo)
    /// }
    /// // …
    /// todoReducer.lift(action: \TodoListAction.Cases.todo, elements: \TodoListState.todos)
    /// ```
    ///
    /// - Parameters:
    ///   - action: The case of the global action that holds an element's id and action.
    ///     Resolved once, here.
    ///   - elements: The path from the global state to the array of elements.
    /// - Returns: The lifted reducer.
    /// - Complexity: O(*n*) in the number of elements to find the id.
    // Inlinable so that the search by id is specialised for the app's element type: unspecialised,
    // reading an element's id allocates: one allocation per element searched, on every element action.
    @inlinable
    public func lift<GlobalAction, GlobalState>(
        action: CaseKeyPath<GlobalAction, (id: State.ID, action: Action)>,
        elements: WritableKeyPath<GlobalState, [State]> & Sendable
    ) -> Reducer<GlobalAction, GlobalState> {
        if _isIdentity { return .identity }
        let reduce = _reduce
        let visit = CasePath(action)._visit
        return .reduce { globalAction, globalState in
            _ = visit(globalAction) { element in
                let id = element.id
                // A missing id or a duplicated one: the action reaches no element.
                guard case .at(let index) = globalState[keyPath: elements].lookup(id: id) else { return true }
                reduce(element.action, &globalState[keyPath: elements][index])
                return true
            }
        }
    }
}

extension Reducer {
    /// Lifts an element's reducer into an array of elements addressed by index.
    ///
    /// The global action's case carries the index and the element's action, labelled `index`
    /// and `action`. An action for an index outside the array changes nothing.
    ///
    /// ```swift
    /// detailReducer.lift(action: \ShellAction.Cases.rowAt, elements: \ShellState.rows)
    /// ```
    ///
    /// - Parameters:
    ///   - action: The case of the global action that holds an index and the element's action.
    ///     Resolved once, here.
    ///   - elements: The path from the global state to the array.
    /// - Returns: The lifted reducer.
    public func lift<GlobalAction, GlobalState>(
        action: CaseKeyPath<GlobalAction, (index: Int, action: Action)>,
        elements: WritableKeyPath<GlobalState, [State]> & Sendable
    ) -> Reducer<GlobalAction, GlobalState> {
        if _isIdentity { return .identity }
        let reduce = _reduce
        let visit = CasePath(action)._visit
        return .reduce { globalAction, globalState in
            _ = visit(globalAction) { element in
                guard globalState[keyPath: elements].indices.contains(element.index) else { return true }
                reduce(element.action, &globalState[keyPath: elements][element.index])
                return true
            }
        }
    }
}
