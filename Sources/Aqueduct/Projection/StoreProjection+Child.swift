extension StoreProjection {
    /// A projection onto a presented child of this projection's state, while it is presented.
    ///
    /// See ``Store/projection(presented:action:)``, which this composes with: the child's
    /// actions are wrapped in ``PresentationAction/presented(_:)`` and then embedded as this
    /// projection's are, in one call. For an app whose feature `shell` presents a `detail`:
    ///
    /// ```swift
    /// let shell = store.projection(action: \.shell, state: \.shell)
    /// let detail = shell.projection(presented: \.detail, action: \.detail)
    /// ```
    ///
    /// - Parameters:
    ///   - state: The path from this projection's state to the child's optional state.
    ///   - action: The case of this projection's action that holds the child's presentation
    ///     actions. Resolved once, here.
    /// - Returns: The projection, or `nil` if the child is not presented now.
    /// - Complexity: O(1) besides reading the child's state, for each read and dispatch.
    public func projection<ChildAction, ChildState>(
        presented state: KeyPath<State, ChildState?>,
        action: CaseKeyPath<Action, PresentationAction<ChildAction>>
    ) -> StoreProjection<ChildAction, ChildState>? {
        let embed = CasePath(action)._embed
        return childProjection(state, embed: { embed(.presented($0)) })
    }

    /// A projection onto the entry with `id` of a navigation stack in this projection's state.
    ///
    /// See ``Store/projection(element:in:action:)-(StackID,_,_)``. For an app whose feature
    /// `shell` holds a stack `path`, the projection of the top entry:
    ///
    /// ```swift
    /// let shell = store.projection(action: \.shell, state: \.shell)
    /// let top = shell.state.path.ids.last.flatMap { shell.projection(element: $0, in: \.path, action: \.path) }
    /// ```
    ///
    /// - Parameters:
    ///   - id: The entry's id.
    ///   - stack: The path from this projection's state to the stack.
    ///   - action: The case of this projection's action that holds the stack's actions.
    ///     Resolved once, here.
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
    /// that embeds with `embed` and then as this projection does; `nil` if the child is not
    /// there now.
    private func childProjection<ChildAction, ChildState>(
        _ path: KeyPath<State, ChildState?>,
        embed: @escaping (ChildAction) -> Action
    ) -> StoreProjection<ChildAction, ChildState>? {
        let send = _send
        return _root.projection(action: embed, child: path).map { root in
            StoreProjection<ChildAction, ChildState>(
                _root: root,
                _send: { childAction, source in send(embed(childAction), source) },
                _offset: nil
            )
        }
    }
}
