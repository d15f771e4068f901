extension Feature {
    /// Lifts an entry's feature into a ``ChildStack`` of entries, a navigation stack: its
    /// reducer, its middleware and its functions, with one case path and one path to the stack.
    ///
    /// The global action's case holds a ``StackAction``. Each part does what it does lifted
    /// alone with `lift(action:elements:)` into a stack: ``StackAction/element(id:action:)``
    /// reaches the entry with that id (its middleware sees the action and reads the entry, its
    /// reducer and functions change the entry in place, the actions its effects send are
    /// embedded with the same id, the identifiers of its effects belong to the entry); the
    /// other actions push and pop; an ``Effect/dismiss`` an entry returns, from its middleware
    /// or a function, becomes ``StackAction/popFrom(id:)`` of the entry. An action the stack
    /// cannot follow changes nothing and is reported as a ``DroppedElementAction``.
    ///
    /// ## An entry's effects end with the entry
    /// After every action, once the reducers have run, the effects started by entries no longer
    /// in the stack — from their middleware or their functions — are cancelled, with the
    /// guarantee of ``Effect/cancel(id:)``.
    ///
    /// A board that pushes tallies onto a stack:
    ///
    /// ```swift
    /// struct Board: Equatable, Sendable {
    ///     // …
    ///     var path = ChildStack<Tally>()
    /// }
    /// enum BoardAction: CaseAccessible, Sendable, Equatable {
    ///     // …
    ///     case path(StackAction<Tally, TallyAction>)
    ///     // …
    /// }
    /// // …
    /// Feature(reducer: Board.reducer)
    ///     // …
    ///     <> tally.lift(action: \BoardAction.Cases.path, elements: \Board.path)
    /// ```
    ///
    /// - Parameters:
    ///   - action: The case of the global action that holds the stack's actions. Resolved once,
    ///     here.
    ///   - elements: The path from the global state to the stack.
    ///   - onDroppedAction: Receives the reports of actions the stack cannot follow, on the main
    ///     actor. `nil`, the default, writes them to standard error.
    ///   - file: The file of this call, shown in reports; leave the default.
    ///   - line: The line of this call, shown in reports; leave the default.
    /// - Returns: The lifted feature.
    /// - Complexity: O(log *n*) in the number of entries to find an id; after every action,
    ///   O(log *n*) per entry popped by it.
    public func lift<GlobalAction, GlobalState>(
        action: CaseKeyPath<GlobalAction, StackAction<State, Action>>,
        elements: WritableKeyPath<GlobalState, ChildStack<State>> & Sendable,
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
                let end = EndRemovedChildren<GlobalAction>.endPopped { (global: GlobalState) in
                    global[keyPath: elements]
                }
                return { globalAction, globalState in
                    var effect = Effect<GlobalAction>.none
                    _ = visit(globalAction) { stackAction in
                        guard case .element(let id, let local) = stackAction else {
                            globalState[keyPath: elements].navigate(stackAction)
                            return true
                        }
                        guard let position = globalState[keyPath: elements].index(of: id) else { return true }
                        let localEffect = reduce(local, &globalState[keyPath: elements][position])
                        if localEffect.isNone { return true }
                        let embedded = localEffect.map { embed(.element(id: id, action: $0)) }
                            .replacingDismiss(with: .send(embed(.popFrom(id: id))))
                        effect = Effect(.child(end.scope, key: EffectID(id), embedded.scoped(to: id)))
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
