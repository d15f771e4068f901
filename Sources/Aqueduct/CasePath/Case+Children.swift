extension Case {
    /// The step into the actions of one entry of a navigation stack: `\.path[id: StackID(0)]` is the
    /// case ``StackAction/element(id:action:)`` with that id.
    ///
    /// A test names an entry's action with it, to dispatch it or to receive it:
    ///
    /// ```swift
    /// await store.dispatch(\.path[id: StackID(0)].load)
    /// await clock.advance(by: .seconds(1))
    /// await store.receive(\.path[id: StackID(0)].loaded, 10) { $0.path[id: StackID(0)]?.loaded = [10] }
    /// ```
    ///
    /// It extracts the entry's action from an action for the entry with `id` only, and embeds
    /// an entry's action as `.element(id: id, action: …)`: `CasePath(\AppAction.Cases.path[id: StackID(0)])`
    /// embeds `.load` as `.path(.element(id: StackID(0), action: .load))`. A failure names it as written,
    /// `\.path[id: #0].loaded`.
    ///
    /// - Parameter id: The entry's id.
    /// - Returns: The step, whose payload is the entry's action.
    public subscript<Element, ElementAction>(id id: StackID) -> Case<Root, ElementAction>
    where Value == StackAction<Element, ElementAction> {
        Case<Root, ElementAction>(
            _path: _path.appending(
                CasePath(
                    "[id: \(id)]",
                    embed: { .element(id: id, action: $0) },
                    extract: { stackAction in
                        guard case .element(id, let action) = stackAction else { return nil }
                        return action
                    }
                )
            )
        )
    }

    /// The step into the actions of the element with `id` of a collection, for a case labelled
    /// `id` and `action` (what `lift(action:elements:)` and `projection(element:in:action:)`
    /// take): `\.todo[id: 1]` is the case `todo` with that id.
    ///
    /// For an action with a case `rows(id: Int, action: DetailAction)`, of rows whose first has
    /// the id 1:
    ///
    /// ```swift
    /// await store.dispatch(\.rows[id: 1].load)
    /// await clock.advance(by: .seconds(1))
    /// await store.receive(\.rows[id: 1].loaded, 1) { $0.rows[0].loaded = [1] }
    /// ```
    ///
    /// It extracts the element's action from an action for the element with `id` only, and
    /// embeds an element's action as the case with `id`. A failure names it as written,
    /// `\.rows[id: 1].loaded`.
    ///
    /// - Parameter id: The element's id.
    /// - Returns: The step, whose payload is the element's action.
    public subscript<ID: Hashable & Sendable, ElementAction>(id id: ID) -> Case<Root, ElementAction>
    where Value == (id: ID, action: ElementAction) {
        Case<Root, ElementAction>(
            _path: _path.appending(
                CasePath(
                    "[id: \(String(reflecting: id))]",
                    embed: { (id: id, action: $0) },
                    extract: { element in element.id == id ? element.action : nil }
                )
            )
        )
    }
}
