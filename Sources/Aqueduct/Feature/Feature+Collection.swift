extension Feature where State: Identifiable & Sendable, State.ID: Sendable {
    /// Lifts an element's feature into a collection of elements addressed by id: its reducer,
    /// its middleware and its functions, with one case path and one path to the elements.
    ///
    /// The global action's case carries the element's id and the element's action, labelled
    /// `id` and `action`. Each part does what it does lifted alone with
    /// `lift(action:elements:)`: the element's middleware sees the action and reads that
    /// element, its reducer and functions change that element in place, the actions its
    /// effects send are embedded with the same id, and the identifiers of its effects belong
    /// to the element (element 1 cancelling `"save"` leaves the `"save"` of element 2 running).
    /// An action for an id that is not in the collection, or that several elements share,
    /// changes nothing and is reported as a ``DroppedElementAction``.
    ///
    /// ## An element's effects end with the element
    /// After every action, once the reducers have run, the effects started by elements that
    /// are no longer in the collection — from their middleware or their functions — are
    /// cancelled, with the guarantee of ``Effect/cancel(id:)``. An element cannot remove itself
    /// with ``Effect/dismiss`` (that is reported and ignored): send the parent's action.
    ///
    /// A board of tallies lifts one tally's feature into its array of tallies:
    ///
    /// ```swift
    /// struct Board: Equatable, Sendable {
    ///     // …
    ///     var tallies: [Tally] = []
    ///     // …
    /// }
    /// enum BoardAction: CaseAccessible, Sendable, Equatable {
    ///     // …
    ///     case tallies(id: Int, action: TallyAction)
    ///     // …
    /// }
    /// // …
    /// Feature(reducer: Board.reducer)
    ///     // …
    ///     <> tally.lift(action: \BoardAction.Cases.tallies, elements: \Board.tallies)
    /// ```
    ///
    /// - Parameters:
    ///   - action: The case of the global action that holds an element's id and action.
    ///     Resolved once, here.
    ///   - elements: The path from the global state to the array of elements.
    ///   - onDroppedAction: Receives the report of an action dropped because its element is
    ///     missing, on the main actor. `nil`, the default, writes it to standard error.
    ///   - file: The file of this call, shown in reports; leave the default.
    ///   - line: The line of this call, shown in reports; leave the default.
    /// - Returns: The lifted feature.
    /// - Complexity: O(*n*) in the number of elements to find an id.
    public func lift<GlobalAction, GlobalState>(
        action: CaseKeyPath<GlobalAction, (id: State.ID, action: Action)>,
        elements: WritableKeyPath<GlobalState, [State]> & Sendable,
        onDroppedAction: (@MainActor @Sendable (DroppedElementAction) -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Feature<GlobalAction, GlobalState> {
        liftingChild(
            reducer: { $0.lift(action: action, elements: elements) },
            step: { reduce in
                let path = CasePath(action)
                let visit = path._visit
                let embed = path._embed
                let end = EndRemovedChildren<GlobalAction>.endRemoved { (global: GlobalState) in
                    global[keyPath: elements]
                }
                return { globalAction, globalState in
                    var effect = Effect<GlobalAction>.none
                    _ = visit(globalAction) { element in
                        let id = element.id
                        // A missing id or a duplicated one: the action reaches no element.
                        guard case .at(let index) = globalState[keyPath: elements].lookup(id: id) else { return true }
                        let local = reduce(element.action, &globalState[keyPath: elements][index])
                        if local.isNone { return true }
                        effect = Effect(
                            .child(
                                end.scope,
                                key: EffectID(id),
                                local.map { embed((id: id, action: $0)) }.scoped(to: id)
                            )
                        )
                        return true
                    }
                    return end.after(effect)
                }
            },
            middleware: {
                $0.lift(
                    action: action,
                    elements: { (global: GlobalState) in global[keyPath: elements] },
                    onDroppedAction: onDroppedAction,
                    file: file,
                    line: line
                )
            }
        )
    }
}
