extension Store {
    /// A projection onto a presented child — a detail, a sheet, an alert — while it is
    /// presented: a store of exactly the child's feature, for the child's view.
    ///
    /// The projection reads the child's state and dispatches the child's actions wrapped in
    /// ``PresentationAction/presented(_:)`` of the case `action` names, with the call site (or
    /// the source you pass) as their ``ActionSource``.
    ///
    /// For a state with a property `detail: Detail?` and an action with a case
    /// `detail(PresentationAction<DetailAction>)`:
    ///
    /// ```swift
    /// if let detail = store.projection(presented: \.detail, action: \.detail) {
    ///     detail.dispatch(.load)  // store.dispatch(.detail(.presented(.load)))
    /// }
    /// ```
    ///
    /// ## After the dismissal
    /// A projection held after its child was dismissed keeps reading the last value it saw, as
    /// an element's projection does after the element is removed; its actions still reach the
    /// store, where the reducer lifted with `lift(action:state:)` ignores them and the lifted
    /// middleware reports them as a ``DroppedElementAction``. A presented child has no id: a
    /// projection held across a dismissal *and a new presentation* addresses the new child, as
    /// `store.dispatch(.detail(.presented(…)))` would. Make the projection where the child is
    /// shown, for each presentation.
    ///
    /// - Parameters:
    ///   - state: The path from the store's state to the child's optional state.
    ///   - action: The case of the store's action that holds the child's presentation actions.
    ///     Resolved once, here.
    /// - Returns: The projection, or `nil` if the child is not presented now.
    /// - Complexity: O(1) besides reading the child's state, for each read and dispatch.
    public func projection<ChildAction, ChildState>(
        presented state: KeyPath<State, ChildState?>,
        action: CaseKeyPath<Action, PresentationAction<ChildAction>>
    ) -> StoreProjection<ChildAction, ChildState>? {
        let embed = CasePath(action)._embed
        return childProjection(state, embed: { embed(.presented($0)) })
    }

    /// A projection onto the entry with `id` of a navigation stack: a store of exactly the
    /// entry's feature, for the screen that shows it.
    ///
    /// The entry is found by id on each read, so the projection keeps addressing its entry
    /// whatever is pushed above it or popped from above it. It dispatches the entry's actions
    /// wrapped in ``StackAction/element(id:action:)`` with the entry's id, with the call site
    /// (or the source you pass) as their ``ActionSource``. Once the entry is popped, the
    /// projection keeps reading the last value it saw, and its actions still reach the store,
    /// where the reducer lifted with `lift(action:elements:)` ignores them and the lifted
    /// middleware reports them; a stack never gives an id twice, so they never reach another
    /// entry.
    ///
    /// For a state with a property `path: ChildStack<Detail>` and an action with a case
    /// `path(StackAction<Detail, DetailAction>)`:
    ///
    /// ```swift
    /// for id in store.state.path.ids {
    ///     let screen = store.projection(element: id, in: \.path, action: \.path)
    ///     screen?.dispatch(.load)  // store.dispatch(.path(.element(id: id, action: .load)))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - id: The entry's id.
    ///   - stack: The path from the store's state to the stack.
    ///   - action: The case of the store's action that holds the stack's actions. Resolved
    ///     once, here.
    /// - Returns: The projection, or `nil` if the stack holds no entry with that id now.
    /// - Complexity: O(log *n*) in the number of entries, for each read.
    public func projection<Element, ElementAction>(
        element id: StackID,
        in stack: KeyPath<State, ChildStack<Element>>,
        action: CaseKeyPath<Action, StackAction<Element, ElementAction>>
    ) -> StoreProjection<ElementAction, Element>? {
        let embed = CasePath(action)._embed
        return childProjection(
            stack.appending(path: \ChildStack<Element>.[id: id]),
            embed: { embed(.element(id: id, action: $0)) }
        )
    }

    /// A projection of the child at `path`, a path that finds `nil` once the child is gone,
    /// that embeds with `embed`; `nil` if the child is not there now.
    private func childProjection<ChildAction, ChildState>(
        _ path: KeyPath<State, ChildState?>,
        embed: @escaping (ChildAction) -> Action
    ) -> StoreProjection<ChildAction, ChildState>? {
        guard let child = self.state[keyPath: path] else { return nil }
        return StoreProjection(
            _root: RootedChildProjection(store: self, child: path, local: \ChildState.self, last: child, embed: embed),
            _send: { childAction, source in self.dispatch(embed(childAction), from: source) },
            _offset: nil
        )
    }
}
