extension Store {
    /// A view of this store on a sub-state and a sub-action, for a feature or a view that
    /// should not see the whole store.
    ///
    /// The projection reads its state through `state` from this store's state and dispatches
    /// by embedding its action in the case `action` names. Projections of projections compose
    /// the path and the embedding once, so depth costs nothing per read or dispatch. See
    /// ``StoreProjection``.
    ///
    /// ```swift
    /// let profile = store.projection(action: \.profile, state: \.profile)
    /// profile.dispatch(.rename("Grace"))  // source: this line
    /// #expect(profile.name == "Grace")
    /// ```
    ///
    /// - Parameters:
    ///   - action: The case of the store's action that holds the projection's action (`\.self`
    ///     for the same action). Resolved once, here.
    ///   - state: The path from the store's state to the sub-state.
    /// - Returns: The projection. It holds no subscription and costs a dispatch nothing.
    @inlinable
    public func projection<LocalAction, LocalState>(
        action: CaseKeyPath<Action, LocalAction>,
        state: KeyPath<State, LocalState>
    ) -> StoreProjection<LocalAction, LocalState> {
        let embed = CasePath(action)._embed
        return StoreProjection(
            _root: RootedProjection(store: self, path: state, embed: embed),
            _send: { localAction, source in self.dispatch(embed(localAction), from: source) },
            _offset: MemoryLayout<State>.offset(of: state)
        )
    }

    /// A projection onto the element with `id` in a collection of the state, for a row view.
    ///
    /// The element is found by id on each read, so it follows the element when the collection
    /// is reordered. If the element is removed while the projection is still in use, the
    /// projection keeps reading the last value it saw, and its actions still reach the store,
    /// where a reducer lifted into the collection with `lift(action:elements:)` ignores ids that
    /// are gone.
    ///
    /// ```swift
    /// let sameRow = store.projection(element: todo.id, in: \.todoList.todos, action: \.todoList.todo)
    /// sameRow?.dispatch(.retitle("oat milk"))
    /// ```
    ///
    /// - Parameters:
    ///   - id: The element's id.
    ///   - elements: The path from the store's state to the array.
    ///   - action: The case of the store's action that holds an element's id and action,
    ///     labelled `id` and `action`. Resolved once, here.
    /// - Returns: The projection, or `nil` if no element has that id now.
    /// - Complexity: O(*n*) in the number of elements, for each read.
    public func projection<Element: Identifiable, ElementAction>(
        element id: Element.ID,
        in elements: KeyPath<State, [Element]>,
        action: CaseKeyPath<Action, (id: Element.ID, action: ElementAction)>
    ) -> StoreProjection<ElementAction, Element>? {
        let embed = CasePath(action)._embed
        return RootedProjection(store: self, path: \State.self, embed: { $0 })
            .projection(element: id, in: elements, action: { embed((id: $0, action: $1)) })
            .map(StoreProjection.init)
    }
}
