extension Middleware where InputAction == OutputAction, State: Identifiable, State.ID: Sendable {
    /// Lifts an element's middleware into a collection of elements addressed by id.
    ///
    /// The global action's case carries the element's id and the element's action, labelled
    /// `id` and `action`. For each global action of that case:
    ///
    /// - the element's middleware sees the element's action, with the global action's source;
    /// - its state getter reads *that element* of the current state, found by id on every read
    ///   — after the reducer when it is called from the returned effect, as for any middleware;
    /// - the actions it sends are embedded with the same id and case;
    /// - the identifiers of its effects (``Effect/cancellable(id:cancelInFlight:)``,
    ///   ``Effect/cancel(id:)``, debounce and throttle) belong to the element: element 1
    ///   cancelling `"save"` leaves the `"save"` of element 2 running.
    ///
    /// ```swift
    /// detail.lift(
    ///     action: \ShellAction.Cases.rows,
    ///     elements: \ShellState.rows,
    ///     onDroppedAction: reports.handler
    /// )
    /// ```
    ///
    /// ## An element's effects end with the element
    /// After every action, once the reducer has run, the effects started by elements that are
    /// no longer in the collection — whichever action removed them — are cancelled, with the
    /// guarantee of ``Effect/cancel(id:)``: none of their actions is processed afterwards, not
    /// one already waiting, not one sent later from any thread. An element removed by one action
    /// and added again with the same id by a later one starts clean; removed and added again by
    /// the same action, it is the element that was there. An element's middleware cannot remove
    /// its element with
    /// ``Effect/dismiss`` (that is reported and ignored): send the parent's action.
    ///
    /// ## A missing element
    /// An action for an element that is not in the collection when the action arrives — one
    /// removed by an earlier action of the same cascade, say — is dropped: the element's
    /// middleware does not see it, and the lifted middleware reports a ``DroppedElementAction``
    /// (to standard error unless `onDroppedAction` is given). Nothing crashes, and the reducer
    /// and the other middlewares process the action as usual. If the element is removed by the
    /// reducer of the action being handled, the effect's state getter keeps returning the
    /// element as it last read it. An action for an id that several elements share reaches none
    /// of them, and is reported in the same way.
    ///
    /// The element middleware's start effect is not run: when the store starts there is no
    /// element to give it. Lift a source-only middleware with `lift(action:)`.
    ///
    /// - Parameters:
    ///   - action: The case of the global action that holds an element's id and action.
    ///     Resolved once, here.
    ///   - elements: Reads the array of elements from the global state.
    ///   - onDroppedAction: Receives the report of an action dropped because its element is
    ///     missing, on the main actor. `nil`, the default, writes it to standard error.
    ///   - file: The file of this call, shown in reports; leave the default.
    ///   - line: The line of this call, shown in reports; leave the default.
    /// - Returns: The lifted middleware.
    /// - Complexity: O(*n*) in the number of elements for each element action (the whole array
    ///   is read, to find a duplicated id) and each read of the element's state; one extraction
    ///   for an action of another case.
    // Inlinable so that the search by id is specialised for the app's element type: unspecialised,
    // reading an element's id allocates: one allocation per element searched, on every element action.
    @inlinable
    public func lift<GlobalAction, GlobalState>(
        action: CaseKeyPath<GlobalAction, (id: State.ID, action: InputAction)>,
        elements: @escaping @Sendable (GlobalState) -> [State],
        onDroppedAction: (@MainActor @Sendable (DroppedElementAction) -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> some Middleware<GlobalAction, GlobalAction, GlobalState> {
        let path = CasePath(action)
        let embed = path._embed
        return CollectionMiddleware<
            Self, State.ID, (id: State.ID, action: InputAction), GlobalAction, GlobalState, [State]
        >(
            base: self,
            visit: path._visit,
            key: { $0.id },
            elementAction: { $0.action },
            embedOutput: { id, local in embed((id: id, action: local)) },
            elements: elements,
            locate: { elements, id in elements.lookup(id: id) },
            addressing: .id,
            dismissal: nil,
            onDroppedAction: onDroppedAction ?? DroppedElementAction.writeToStandardError,
            liftedAt: "\(file):\(line)",
            end: .endRemoved(elements: elements)
        )
    }
}

extension Middleware where InputAction == OutputAction {
    /// Lifts an element's middleware into an array of elements addressed by index.
    ///
    /// Like the lift by id, with the case's payload labelled `index` and `action`: the element's
    /// state getter reads whatever element is at that index when it is called — after an
    /// insertion before it, a different element — and an action for an index outside the array
    /// is dropped and reported. The effects an index started are cancelled when the array
    /// becomes too short to hold the index: removing an element in the middle ends the effects of
    /// the last index, not those of the element removed. Prefer ids when elements move.
    ///
    /// ```swift
    /// detail.lift(
    ///     action: \ShellAction.Cases.rowAt,
    ///     elements: \ShellState.rows,
    ///     onDroppedAction: reports.handler
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - action: The case of the global action that holds an index and the element's action.
    ///     Resolved once, here.
    ///   - elements: Reads the array of elements from the global state.
    ///   - onDroppedAction: Receives the report of an action dropped because its index is
    ///     outside the array, on the main actor. `nil`, the default, writes it to standard error.
    ///   - file: The file of this call, shown in reports; leave the default.
    ///   - line: The line of this call, shown in reports; leave the default.
    /// - Returns: The lifted middleware.
    /// - Complexity: O(1) to find the element, plus reading the array from the global state.
    public func lift<GlobalAction, GlobalState>(
        action: CaseKeyPath<GlobalAction, (index: Int, action: InputAction)>,
        elements: @escaping @Sendable (GlobalState) -> [State],
        onDroppedAction: (@MainActor @Sendable (DroppedElementAction) -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> some Middleware<GlobalAction, GlobalAction, GlobalState> {
        let path = CasePath(action)
        let embed = path._embed
        return CollectionMiddleware<Self, Int, (index: Int, action: InputAction), GlobalAction, GlobalState, [State]>(
            base: self,
            visit: path._visit,
            key: { $0.index },
            elementAction: { $0.action },
            embedOutput: { index, local in embed((index: index, action: local)) },
            elements: elements,
            locate: { elements, index in elements.indices.contains(index) ? .at(index) : .missing },
            addressing: .index,
            dismissal: nil,
            onDroppedAction: onDroppedAction ?? DroppedElementAction.writeToStandardError,
            liftedAt: "\(file):\(line)",
            end: .endRemovedIndices(elements: elements)
        )
    }
}
