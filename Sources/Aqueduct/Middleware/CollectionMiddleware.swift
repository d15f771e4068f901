/// A middleware written for one element of a collection, working for every element of it: what
/// `lift(action:elements:onDroppedAction:file:line:)` returns (elements addressed by id or by
/// index). See that method for what it does with each action.
struct CollectionMiddleware<Base: Middleware, Key: Hashable & Sendable, Payload, GlobalAction, GlobalState>: Middleware
where Base.InputAction == Base.OutputAction {
    /// How an element is addressed, for the report of a missing element.
    enum Addressing: String, Sendable {
        case id
        case index
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
    let elements: @Sendable (GlobalState) -> [Base.State]
    /// The position of the element with a key in the elements, or `nil` if none has it.
    let locate: @Sendable ([Base.State], Key) -> Int?
    let addressing: Addressing
    let onDroppedAction: @MainActor @Sendable (DroppedElementAction) -> Void
    let liftedAt: String

    /// Passes an element's action to the element's middleware, with a state getter for that
    /// element, when the element is in the collection; drops and reports it otherwise.
    ///
    /// - Parameters:
    ///   - action: The global action about to be reduced.
    ///   - source: Its source, passed on to the element's middleware.
    ///   - state: The global state getter.
    /// - Returns: The element middleware's effect, its actions embedded and its identifiers
    ///   scoped to the element; ``Effect/none`` for an action that names no element or a
    ///   missing one.
    /// - Complexity: O(*n*) in the number of elements to find an id, O(1) for an index, and
    ///   the same for each read of the element's state.
    @MainActor
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
        return effect
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
        guard let index = locate(current, key) else {
            onDroppedAction(
                DroppedElementAction(
                    action: ActionDescription.describe(action),
                    source: source,
                    element: "\(addressing.rawValue) \(ActionDescription.describe(key))",
                    elementCount: current.count,
                    liftedAt: liftedAt
                )
            )
            return .none
        }
        let elements = self.elements
        let locate = self.locate
        // Read on the main actor only, like every state getter: the box never crosses threads.
        let lastKnown = LastKnownElement(current[index])
        let elementState = GetState<Base.State> {
            let current = elements(state())
            if let index = locate(current, key) { lastKnown.value = current[index] }
            return lastKnown.value
        }
        let embed = embedOutput
        return base.handle(action: elementAction, from: source, state: elementState)
            .map { embed(key, $0) }
            .scoped(to: key)
    }
}
