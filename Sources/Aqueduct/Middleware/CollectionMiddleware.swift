/// A middleware written for one element of a collection, working for every element of it: what
/// `lift(action:elements:onDroppedAction:file:line:)` returns (elements of an array addressed by
/// id or by index, entries of a ``ChildStack``). See that method for what it does with each
/// action.
@usableFromInline
struct CollectionMiddleware<
    Base: Middleware,
    Key: Hashable & Sendable,
    Payload,
    GlobalAction,
    GlobalState,
    Elements: RandomAccessCollection<Base.State>
>: Middleware
where Base.InputAction == Base.OutputAction, Elements.Index == Int {
    /// How an element is addressed, for the report of a missing element.
    @usableFromInline
    enum Addressing: String, Sendable {
        case id
        case index
        case stackEntry = "stack entry"
    }

    /// The element's middleware.
    let base: Base
    /// Visits the payload of the case that carries element actions (see ``CasePath``); resolved
    /// when the lift was built.
    let visit: @Sendable (GlobalAction, (Payload) -> Bool) -> Bool
    /// The element's id or index in a payload.
    let key: @Sendable (Payload) -> Key
    /// The element's action in a payload.
    let elementAction: @Sendable (Payload) -> Base.InputAction
    /// Embeds an element's key and action into a global action.
    let embedOutput: @Sendable (Key, Base.OutputAction) -> GlobalAction
    let elements: @Sendable (GlobalState) -> Elements
    /// Where the element with a key is in the elements.
    let locate: @Sendable (Elements, Key) -> ElementLookup
    let addressing: Addressing
    /// The global action that removes the element with a key, into which an ``Effect/dismiss``
    /// of the element's middleware turns; `nil` when elements cannot dismiss themselves (an
    /// array's: the dismissal is reported and ignored).
    let dismissal: (@Sendable (Key) -> GlobalAction)?
    let onDroppedAction: @MainActor @Sendable (DroppedElementAction) -> Void
    let liftedAt: String
    /// Ends the effects of the elements that are gone, after every action.
    let end: EndRemovedChildren<GlobalAction>

    @usableFromInline
    init(
        base: Base,
        visit: @escaping @Sendable (GlobalAction, (Payload) -> Bool) -> Bool,
        key: @escaping @Sendable (Payload) -> Key,
        elementAction: @escaping @Sendable (Payload) -> Base.InputAction,
        embedOutput: @escaping @Sendable (Key, Base.OutputAction) -> GlobalAction,
        elements: @escaping @Sendable (GlobalState) -> Elements,
        locate: @escaping @Sendable (Elements, Key) -> ElementLookup,
        addressing: Addressing,
        dismissal: (@Sendable (Key) -> GlobalAction)?,
        onDroppedAction: @escaping @MainActor @Sendable (DroppedElementAction) -> Void,
        liftedAt: String,
        end: EndRemovedChildren<GlobalAction>
    ) {
        self.base = base
        self.visit = visit
        self.key = key
        self.elementAction = elementAction
        self.embedOutput = embedOutput
        self.elements = elements
        self.locate = locate
        self.addressing = addressing
        self.dismissal = dismissal
        self.onDroppedAction = onDroppedAction
        self.liftedAt = liftedAt
        self.end = end
    }

    /// Passes an element's action to the element's middleware, with a state getter for that
    /// element, when the element is in the collection; drops and reports it otherwise. After
    /// every action, the effects of the elements that are gone are cancelled.
    ///
    /// - Parameters:
    ///   - action: The global action about to be reduced.
    ///   - source: Its source, passed on to the element's middleware.
    ///   - state: The global state getter.
    /// - Returns: The element middleware's effect, its actions embedded, its identifiers
    ///   scoped to the element and run as the element's; then the end of the removed elements'
    ///   effects.
    /// - Complexity: O(*n*) in the number of elements to find an id, O(1) for an index, and
    ///   the same for each read of the element's state.
    @MainActor
    @usableFromInline
    func handle(action: GlobalAction, from source: ActionSource, state: GetState<GlobalState>) -> Effect<GlobalAction> {
        var effect = Effect<GlobalAction>.none
        _ = visit(action) { payload in
            effect = handle(
                key: key(payload),
                elementAction: elementAction(payload),
                of: action,
                from: source,
                state: state
            )
            return true
        }
        return end.after(effect)
    }

    @MainActor
    private func handle(
        key: Key,
        elementAction: Base.InputAction,
        of action: GlobalAction,
        from source: ActionSource,
        state: GetState<GlobalState>
    ) -> Effect<GlobalAction> {
        let current = elements(state())
        let index: Int
        switch locate(current, key) {
        case .at(let position):
            index = position
        case .missing:
            report(action, from: source, key: key, count: current.count, problem: nil)
            return .none
        case .duplicated(let duplicates):
            let element = "\(addressing.rawValue) \(ActionDescription.describe(key))"
            report(
                action,
                from: source,
                key: key,
                count: current.count,
                problem: "a duplicated id: \(duplicates) elements with \(element) among \(current.count), "
                    + "the action reaches none of them"
            )
            return .none
        }
        let elements = self.elements
        let locate = self.locate
        // Read on the main actor only, like every state getter: the box never crosses threads.
        let lastKnown = LastSeenChild(current[index])
        let elementState = GetState<Base.State> {
            let current = elements(state())
            if case .at(let index) = locate(current, key) { lastKnown.value = current[index] }
            return lastKnown.value
        }
        let embed = embedOutput
        let effect = base.handle(action: elementAction, from: source, state: elementState)
        if effect.isNone { return .none }
        var embedded = effect.map { embed(key, $0) }
        if let dismissal { embedded = embedded.replacingDismiss(with: .send(dismissal(key))) }
        return Effect(.child(end.scope, key: EffectID(key), embedded.scoped(to: key)))
    }

    /// Reports an action dropped because its element is missing, or `problem`.
    @MainActor
    private func report(_ action: GlobalAction, from source: ActionSource, key: Key, count: Int, problem: String?) {
        onDroppedAction(
            DroppedElementAction(
                action: ActionDescription.describe(action),
                source: source,
                element: "\(addressing.rawValue) \(ActionDescription.describe(key))",
                elementCount: count,
                liftedAt: liftedAt,
                problem: problem
            )
        )
    }
}

extension EndRemovedChildren {
    /// The end of the removed elements' effects for elements addressed by id: a tracked element
    /// is gone when no element has its id.
    @inlinable
    static func endRemoved<GlobalState, Element: Identifiable>(
        elements: @escaping @Sendable (GlobalState) -> [Element]
    ) -> EndRemovedChildren where Element.ID: Sendable {
        EndRemovedChildren(
            KeyedChildScope<GlobalState, Element.ID>(childKind: "element") { state, tracked in
                let current = elements(state)
                // A few tracked elements are looked for; many, against a set of the ids.
                if tracked.count <= 4 {
                    return tracked.indices.filter { position in !current.contains { $0.id == tracked[position] } }
                }
                let present = Set(current.map(\.id))
                return tracked.indices.filter { !present.contains(tracked[$0]) }
            }
        )
    }

    /// The end of the removed elements' effects for elements addressed by index: a tracked
    /// index is gone when it is outside the array.
    @usableFromInline
    static func endRemovedIndices<GlobalState, Element>(
        elements: @escaping @Sendable (GlobalState) -> [Element]
    ) -> EndRemovedChildren {
        EndRemovedChildren(
            KeyedChildScope<GlobalState, Int>(childKind: "element at index") { state, tracked in
                let count = elements(state).count
                return tracked.indices.filter { tracked[$0] >= count }
            }
        )
    }
}
