extension Feature {
    /// Lifts a presented child feature — a detail, an alert, a sheet — into its parent, where
    /// the child's state is optional: its reducer, its middleware and its functions, with one
    /// case path and one state path.
    ///
    /// The global action's case holds a ``PresentationAction``. Each part does what it does
    /// lifted alone with `lift(action:state:)` into an optional state:
    /// ``PresentationAction/presented(_:)`` reaches the child while it is presented (its
    /// middleware sees the action, its reducer and functions change its state, the actions its
    /// effects send are embedded as `.presented`); ``PresentationAction/dismiss`` sets its
    /// state to `nil`; an ``Effect/dismiss`` the child returns, from its middleware or a
    /// function, becomes ``PresentationAction/dismiss``. An action for an absent child changes
    /// nothing and is reported as a ``DroppedElementAction``.
    ///
    /// ## The child's effects end with the child
    /// After every action, once the reducers have run, the effects the child started — from
    /// its middleware or its functions — are cancelled if its state has become `nil`, with the
    /// guarantee of ``Effect/cancel(id:)``; when its state is `Identifiable`, also if it has
    /// been replaced by a child with another id. Compose the lifted child after the parent
    /// feature, which presents it by setting its state.
    ///
    /// A board that presents a tally as a sheet, in `var sheet: Tally?`, with
    /// `case sheet(PresentationAction<TallyAction>)`; its own reducer sets `sheet`:
    ///
    /// ```swift
    /// Feature(reducer: Board.reducer)
    ///     // …
    ///     <> tally.lift(action: \BoardAction.Cases.sheet, state: \Board.sheet)
    /// ```
    ///
    /// - Parameters:
    ///   - action: The case of the global action that holds the child's presentation actions.
    ///     Resolved once, here.
    ///   - state: The path from the global state to the child's optional state.
    ///   - onDroppedAction: Receives the report of an action dropped because the child is
    ///     absent, on the main actor. `nil`, the default, writes it to standard error.
    ///   - file: The file of this call, shown in reports; leave the default.
    ///   - line: The line of this call, shown in reports; leave the default.
    /// - Returns: The lifted feature.
    /// - Complexity: O(1) per action besides reading the child's state.
    public func lift<GlobalAction, GlobalState>(
        action: CaseKeyPath<GlobalAction, PresentationAction<Action>>,
        state: WritableKeyPath<GlobalState, State?> & Sendable,
        onDroppedAction: (@MainActor @Sendable (DroppedElementAction) -> Void)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Feature<GlobalAction, GlobalState> {
        liftingChild(
            reducer: { $0.lift(action: action, state: state) },
            step: { reduce in
                let path = CasePath(action)
                let visit = path._visit
                let embed = path._embed
                let end = EndRemovedChildren<GlobalAction>.endDismissed { (global: GlobalState) in
                    global[keyPath: state]
                }
                let instance = PresentedChildKey.reader(for: State.self)
                return { globalAction, globalState in
                    var effect = Effect<GlobalAction>.none
                    _ = visit(globalAction) { presentation in
                        switch presentation {
                        case .presented(let local):
                            guard globalState[keyPath: state] != nil else { return true }
                            // The instance that handled the action: read before its reducer runs, as
                            // the lifted middleware reads it.
                            let key = PresentedChildKey(
                                instance: instance.map { $0.instance(of: globalState[keyPath: state]!) }
                            )
                            let local = reduce(local, &globalState[keyPath: state]!)
                            if local.isNone { return true }
                            effect = Effect(
                                .child(
                                    end.scope,
                                    key: EffectID(key),
                                    local.map { embed(.presented($0)) }.replacingDismiss(with: .send(embed(.dismiss)))
                                )
                            )
                        case .dismiss:
                            globalState[keyPath: state] = nil
                        }
                        return true
                    }
                    return end.after(effect)
                }
            },
            middleware: {
                $0.lift(
                    action: action,
                    state: { (global: GlobalState) in global[keyPath: state] },
                    onDroppedAction: onDroppedAction,
                    file: file,
                    line: line
                )
            }
        )
    }
}
