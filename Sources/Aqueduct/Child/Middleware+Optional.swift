extension Middleware where InputAction == OutputAction {
    /// Lifts a presented child's middleware into its parent, where the child's state is
    /// optional: a detail, an alert, a sheet.
    ///
    /// The global action's case holds a ``PresentationAction``. For each global action of that
    /// case:
    ///
    /// - ``PresentationAction/presented(_:)``: the child's middleware sees the child's action
    ///   while the child is presented; its state getter reads the child's state (as it last
    ///   read it, once the child is gone); the actions it sends are embedded as `.presented`;
    ///   an ``Effect/dismiss`` it returns becomes ``PresentationAction/dismiss``.
    /// - While the child is `nil`, the action is dropped and reported as a
    ///   ``DroppedElementAction`` (to standard error unless `onDroppedAction` is given), like
    ///   an action for a missing collection element; a ``PresentationAction/dismiss`` of an
    ///   absent child too. The reducer and the other middlewares process it as usual.
    ///
    /// ## The child's effects end with the child
    /// After every action, once the reducer has run, the effects the child started are
    /// cancelled if its state has become `nil` — whichever action did it — with the guarantee
    /// of ``Effect/cancel(id:)``: none of their actions is processed afterwards. A child
    /// presented again starts clean. A child whose state is `Identifiable` is a new child when
    /// its id changes: replaced in place by one with another id, its effects end too — and an
    /// ``Effect/dismiss`` it returned, still queued, with them. A child that is not
    /// `Identifiable`, replaced without passing through `nil`, is the same child.
    ///
    /// ```swift
    /// detail.lift(action: \ShellAction.Cases.detail, state: \ShellState.detail, onDroppedAction: reports.handler)
    /// ```
    ///
    /// The child middleware's start effect is not run: when the store starts there may be no
    /// child to give it.
    ///
    /// - Parameters:
    ///   - action: The case of the global action that holds the child's presentation actions.
    ///     Resolved once, here.
    ///   - state: Reads the child's optional state from the global state.
    ///   - onDroppedAction: Receives the report of an action dropped because the child is
    ///     absent, on the main actor. `nil`, the default, writes it to standard error.
    ///   - file: The file of this call, shown in reports; leave the default.
    ///   - line: The line of this call, shown in reports; leave the default.
    /// - Returns: The lifted middleware.
    /// - Complexity: O(1) per action besides reading the child's state.
    public func lift<GlobalAction, GlobalState>(
        action: CaseKeyPath<GlobalAction, PresentationAction<InputAction>>,
        state: @escaping @Sendable (GlobalState) -> State?,
        onDroppedAction: (@MainActor @Sendable (DroppedElementAction) -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> some Middleware<GlobalAction, GlobalAction, GlobalState> {
        OptionalChildMiddleware(
            base: self,
            action: CasePath(action),
            child: state,
            onDroppedAction: onDroppedAction ?? DroppedElementAction.writeToStandardError,
            liftedAt: "\(file):\(line)"
        )
    }
}
