/// A middleware written for one entry of a navigation stack, working for every entry: what
/// `lift(action:elements:onDroppedAction:file:line:)` into a ``ChildStack`` returns. Entries'
/// actions go through the collection lift (one of each); pushes and pops are checked here.
struct StackMiddleware<Base: Middleware, GlobalAction, GlobalState>: Middleware
where Base.InputAction == Base.OutputAction {
    typealias Entries = CollectionMiddleware<
        Base, StackID, (id: StackID, action: Base.InputAction), GlobalAction, GlobalState, ChildStack<Base.State>
    >

    /// The entries' middleware, lifted like a collection's, which also ends popped entries'
    /// effects.
    let entries: Entries
    let action: CasePath<GlobalAction, StackAction<Base.State, Base.InputAction>>
    let stack: @Sendable (GlobalState) -> ChildStack<Base.State>

    init(
        base: Base,
        action: CasePath<GlobalAction, StackAction<Base.State, Base.InputAction>>,
        stack: @escaping @Sendable (GlobalState) -> ChildStack<Base.State>,
        onDroppedAction: @escaping @MainActor @Sendable (DroppedElementAction) -> Void,
        liftedAt: String
    ) {
        self.action = action
        self.stack = stack
        let visit = action._visit
        let embed = action._embed
        entries = Entries(
            base: base,
            visit: { globalAction, body in
                visit(globalAction) { stackAction in
                    guard case .element(let id, let local) = stackAction else { return true }
                    return body((id: id, action: local))
                }
            },
            key: { $0.id },
            elementAction: { $0.action },
            embedOutput: { id, local in embed(.element(id: id, action: local)) },
            elements: stack,
            locate: { stack, id in stack.index(of: id).map(ElementLookup.at) ?? .missing },
            addressing: .stackEntry,
            dismissal: { id in embed(.popFrom(id: id)) },
            onDroppedAction: onDroppedAction,
            liftedAt: liftedAt,
            end: .endPopped(stack: stack)
        )
    }

    @MainActor
    func handle(action: GlobalAction, from source: ActionSource, state: GetState<GlobalState>) -> Effect<GlobalAction> {
        _ = self.action._visit(action) { stackAction in
            check(stackAction, of: action, from: source, state: state)
            return true
        }
        return entries.handle(action: action, from: source, state: state)
    }

    /// Reports a pop the stack cannot follow; the reducer leaves the stack as it is.
    @MainActor
    private func check(
        _ stackAction: StackAction<Base.State, Base.InputAction>,
        of action: GlobalAction,
        from source: ActionSource,
        state: GetState<GlobalState>
    ) {
        let problem: (element: String, problem: String)
        switch stackAction {
        case .element, .push:
            return
        case .pop:
            guard stack(state()).isEmpty else { return }
            problem = ("top of the stack", "a pop of an empty stack")
        case .popTo(let id), .popFrom(let id):
            let current = stack(state())
            guard current.index(of: id) == nil else { return }
            problem = (
                "stack entry \(id)",
                "a pop to a missing entry: no entry with id \(id) among \(current.count)"
            )
        }
        entries.onDroppedAction(
            DroppedElementAction(
                action: ActionDescription.describe(action),
                source: source,
                element: problem.element,
                elementCount: stack(state()).count,
                liftedAt: entries.liftedAt,
                problem: problem.problem
            )
        )
    }
}
