extension Middleware where State: Identifiable, State.ID: Sendable {
    /// Lifts an element's middleware into a collection of elements addressed by id.
    ///
    /// The global action carries the element's id and the element's action; the element's
    /// middleware handles it with a state getter that reads that element, finds it by id on
    /// every read, and reads it after the reducer when called from the effect. What it sends is
    /// embedded with the same id, and its effect identifiers belong to the element. An action
    /// for an id that is not in the collection is dropped and reported (see
    /// ``DroppedElementAction``). See ``CollectionMiddleware``.
    ///
    /// ```swift
    /// enum AppAction: CaseAccessible { case todo(id: Todo.ID, TodoAction) /* … */ }
    /// // Generated: var todo: (id: Todo.ID, TodoAction)?
    /// let todos = TodoMiddleware(client: client)
    ///     .lift(elementAction: \AppAction.todo, outputAction: AppAction.todo, elements: \AppState.todos)
    /// ```
    ///
    /// Key path literals convert to the functions this takes, compiled as direct reads.
    ///
    /// - Parameters:
    ///   - elementAction: Extracts an element id and the element's action from a global action,
    ///     or returns `nil` for other actions.
    ///   - outputAction: Embeds an element id and an action the element's middleware sends into
    ///     the global action.
    ///   - elements: Reads the array of elements from the global state.
    ///   - onDroppedAction: Receives the report of an action dropped because its element is
    ///     missing, on the main actor. `nil`, the default, writes it to standard error.
    ///   - file: The file of this call, shown in reports; leave the default.
    ///   - line: The line of this call, shown in reports; leave the default.
    /// - Returns: The lifted middleware.
    /// - Complexity: O(*n*) in the number of elements for each element action and each read of
    ///   the element's state; nothing for other actions beyond `elementAction`.
    public func lift<GlobalInput, GlobalOutput, GlobalState>(
        elementAction: @escaping @Sendable (GlobalInput) -> (State.ID, InputAction)?,
        outputAction: @escaping @Sendable (State.ID, OutputAction) -> GlobalOutput,
        elements: @escaping @Sendable (GlobalState) -> [State],
        onDroppedAction: (@MainActor @Sendable (DroppedElementAction) -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> CollectionMiddleware<Self, State.ID, GlobalInput, GlobalOutput, GlobalState> {
        CollectionMiddleware(
            base: self,
            extractInput: elementAction,
            embedOutput: outputAction,
            elements: elements,
            locate: { elements, id in elements.firstIndex { $0.id == id } },
            addressing: .id,
            onDroppedAction: onDroppedAction ?? DroppedElementAction.writeToStandardError,
            liftedAt: "\(file):\(line)"
        )
    }
}

extension Middleware {
    /// Lifts an element's middleware into an array of elements addressed by index.
    ///
    /// Like `lift(elementAction:outputAction:elements:onDroppedAction:file:line:)`, with an
    /// index in place of the id: the element's state getter reads whatever element is at that
    /// index when it is called — after an insertion before it, a different element — and an
    /// action for an index outside the array is dropped and reported. Prefer ids when elements
    /// move.
    ///
    /// ```swift
    /// // enum AppAction { case counter(at: Int, CounterAction) /* … */ }
    /// let counters = CounterMiddleware()
    ///     .lift(indexedAction: \AppAction.counterAt, outputAction: AppAction.counter, elements: \AppState.counters)
    /// ```
    ///
    /// - Parameters:
    ///   - indexedAction: Extracts an index and the element's action from a global action, or
    ///     returns `nil` for other actions.
    ///   - outputAction: Embeds an index and an action the element's middleware sends into the
    ///     global action.
    ///   - elements: Reads the array of elements from the global state.
    ///   - onDroppedAction: Receives the report of an action dropped because its index is
    ///     outside the array, on the main actor. `nil`, the default, writes it to standard error.
    ///   - file: The file of this call, shown in reports; leave the default.
    ///   - line: The line of this call, shown in reports; leave the default.
    /// - Returns: The lifted middleware.
    /// - Complexity: O(1) to find the element, plus reading the array from the global state.
    public func lift<GlobalInput, GlobalOutput, GlobalState>(
        indexedAction: @escaping @Sendable (GlobalInput) -> (Int, InputAction)?,
        outputAction: @escaping @Sendable (Int, OutputAction) -> GlobalOutput,
        elements: @escaping @Sendable (GlobalState) -> [State],
        onDroppedAction: (@MainActor @Sendable (DroppedElementAction) -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> CollectionMiddleware<Self, Int, GlobalInput, GlobalOutput, GlobalState> {
        CollectionMiddleware(
            base: self,
            extractInput: indexedAction,
            embedOutput: outputAction,
            elements: elements,
            locate: { elements, index in elements.indices.contains(index) ? index : nil },
            addressing: .index,
            onDroppedAction: onDroppedAction ?? DroppedElementAction.writeToStandardError,
            liftedAt: "\(file):\(line)"
        )
    }
}
