/// A middleware written for a presented child, working in its parent: what
/// `lift(action:state:onDroppedAction:file:line:)` with an optional state returns. See that
/// method for what it does with each action.
struct OptionalChildMiddleware<Base: Middleware, GlobalAction, GlobalState>: Middleware
where Base.InputAction == Base.OutputAction {
    let base: Base
    /// The case of the global action that holds the child's presentation actions.
    let action: CasePath<GlobalAction, PresentationAction<Base.InputAction>>
    let child: @Sendable (GlobalState) -> Base.State?
    let end: EndRemovedChildren<GlobalAction>
    /// Reads the id of a child whose state is `Identifiable`: its instance (see
    /// ``PresentedChildKey``).
    let instance: (any ChildInstanceReader<Base.State>)?
    let onDroppedAction: @MainActor @Sendable (DroppedElementAction) -> Void
    let liftedAt: String

    init(
        base: Base,
        action: CasePath<GlobalAction, PresentationAction<Base.InputAction>>,
        child: @escaping @Sendable (GlobalState) -> Base.State?,
        onDroppedAction: @escaping @MainActor @Sendable (DroppedElementAction) -> Void,
        liftedAt: String
    ) {
        self.base = base
        self.action = action
        self.child = child
        self.onDroppedAction = onDroppedAction
        self.liftedAt = liftedAt
        self.end = .endDismissed(child: child)
        self.instance = PresentedChildKey.reader(for: Base.State.self)
    }

    @MainActor
    func handle(action: GlobalAction, from source: ActionSource, state: GetState<GlobalState>) -> Effect<GlobalAction> {
        var effect = Effect<GlobalAction>.none
        _ = self.action._visit(action) { presentation in
            effect = handle(presentation, of: action, from: source, state: state)
            return true
        }
        return end.after(effect)
    }

    @MainActor
    private func handle(
        _ presentation: PresentationAction<Base.InputAction>,
        of action: GlobalAction,
        from source: ActionSource,
        state: GetState<GlobalState>
    ) -> Effect<GlobalAction> {
        guard let current = child(state()) else {
            onDroppedAction(
                DroppedElementAction(
                    action: ActionDescription.describe(action),
                    source: source,
                    element: "presented child",
                    elementCount: 0,
                    liftedAt: liftedAt,
                    problem: "an absent child: the presented child is nil"
                )
            )
            return .none
        }
        guard case .presented(let local) = presentation else { return .none }
        let child = self.child
        // Read on the main actor only, like every state getter: the box never crosses threads.
        let lastKnown = LastSeenChild(current)
        let childState = GetState<Base.State> {
            if let current = child(state()) { lastKnown.value = current }
            return lastKnown.value
        }
        let embed = self.action._embed
        let effect = base.handle(action: local, from: source, state: childState)
        if effect.isNone { return .none }
        return Effect(
            .child(
                end.scope,
                key: EffectID(PresentedChildKey(instance: instance?.instance(of: current))),
                effect.map { embed(.presented($0)) }.replacingDismiss(with: .send(embed(.dismiss)))
            )
        )
    }
}
