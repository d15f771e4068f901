extension Middleware where InputAction == OutputAction {
    /// Lifts an entry's middleware into a ``ChildStack``: a navigation stack.
    ///
    /// The global action's case holds a ``StackAction``. For ``StackAction/element(id:action:)``
    /// of an entry in the stack, the entry's middleware sees the action, its state getter reads
    /// that entry (found by id on every read; as last read once the entry is popped), its actions
    /// are embedded with the same id, its effect ids belong to the entry, and an
    /// ``Effect/dismiss`` it returns becomes ``StackAction/popFrom(id:)`` of the entry.
    ///
    /// ## An entry's effects end with the entry
    /// After every action, once the reducer has run, the effects started by entries no longer in
    /// the stack — whichever action popped them — are cancelled, with the guarantee of
    /// ``Effect/cancel(id:)``: none of their actions is processed afterwards.
    ///
    /// ## Bad input
    /// An action for an entry not in the stack, a ``StackAction/pop`` of an empty stack, and a
    /// ``StackAction/popTo(id:)`` or ``StackAction/popFrom(id:)`` of an id the stack does not
    /// hold are reported as a ``DroppedElementAction`` with the action and its source (to
    /// standard error unless `onDroppedAction` is given); the lifted reducer leaves the stack
    /// as it is. Nothing crashes.
    ///
    /// ```swift
    /// detail.lift(
    ///     action: \ShellAction.Cases.path,
    ///     elements: \ShellState.path,
    ///     onDroppedAction: reports.handler
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - action: The case of the global action that holds the stack's actions. Resolved once,
    ///     here.
    ///   - elements: Reads the stack from the global state.
    ///   - onDroppedAction: Receives the reports of actions the stack cannot follow, on the main
    ///     actor. `nil`, the default, writes them to standard error.
    ///   - file: The file of this call, shown in reports; leave the default.
    ///   - line: The line of this call, shown in reports; leave the default.
    /// - Returns: The lifted middleware.
    /// - Complexity: O(log *n*) in the number of entries to find an id; after every action,
    ///   O(log *n*) per entry popped by it.
    public func lift<GlobalAction, GlobalState>(
        action: CaseKeyPath<GlobalAction, StackAction<State, InputAction>>,
        elements: @escaping @Sendable (GlobalState) -> ChildStack<State>,
        onDroppedAction: (@MainActor @Sendable (DroppedElementAction) -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> some Middleware<GlobalAction, GlobalAction, GlobalState> {
        StackMiddleware(
            base: self,
            action: CasePath(action),
            stack: elements,
            onDroppedAction: onDroppedAction ?? DroppedElementAction.writeToStandardError,
            liftedAt: "\(file):\(line)"
        )
    }
}
