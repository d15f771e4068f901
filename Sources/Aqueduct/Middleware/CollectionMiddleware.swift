/// A middleware written for one element of a collection, working for every element of it.
///
/// Built by `lift(elementAction:outputAction:elements:onDroppedAction:file:line:)` (elements
/// addressed by id) or `lift(indexedAction:outputAction:elements:onDroppedAction:file:line:)`
/// (addressed by index), the way a reducer lifts with ``Reducer/lift(elementAction:elements:)``.
/// For each global action that names an element:
///
/// - the element's middleware sees the element's action, with the global action's source;
/// - its state getter reads *that element* of the current state — after the reducer when it is
///   called from the returned effect, as for any middleware;
/// - the actions it sends are embedded with the element's id or index into the global action;
/// - the identifiers of its effects (``Effect/cancellable(id:cancelInFlight:)``,
///   ``Effect/cancel(id:)``) belong to the element: element 1 cancelling `"save"` leaves the
///   `"save"` of element 2 running.
///
/// ```swift
/// // enum AppAction { case todo(id: Todo.ID, TodoAction) /* … */ }
/// let todos = TodoMiddleware(client: client)
///     .lift(elementAction: \AppAction.todo, outputAction: AppAction.todo, elements: \AppState.todos)
/// let bridges = todoBridges   // a BridgeMiddleware<TodoAction, Todo> lifts the same way
///     .lift(elementAction: \AppAction.todo, outputAction: AppAction.todo, elements: \AppState.todos)
/// ```
///
/// ## A missing element
/// An action for an element that is not in the collection when the action arrives — one
/// removed while an effect was still working for it, say — is dropped: the element's middleware
/// does not see it, and the lifted middleware reports a ``DroppedElementAction`` (to standard
/// error unless it was given a handler). Nothing crashes, and the reducer and the other
/// middlewares process the action as usual. If the element is removed by the reducer of the
/// action being handled, the effect's state getter keeps returning the element as it last read
/// it.
///
/// ## Id or index
/// An element addressed by id is found by its id on every read, so it is the same element
/// after the collection was reordered or had elements inserted before it. An element addressed
/// by index is whatever element is at that index when it is read.
///
/// The element middleware's start hook is not called: when the store starts there is no element
/// to give it. Lift a source-only middleware with `lift(inputAction:outputAction:state:)`.
///
/// `CollectionMiddleware` is a `Sendable` value; the store calls it on the main actor.
public struct CollectionMiddleware<Base: Middleware, Key: Hashable & Sendable, InputAction, OutputAction, State>:
    Middleware
{
    /// How an element is addressed, for the report of a missing element.
    enum Addressing: String, Sendable {
        case id
        case index
    }

    /// The element's middleware.
    public let base: Base
    let extractInput: @Sendable (InputAction) -> (Key, Base.InputAction)?
    let embedOutput: @Sendable (Key, Base.OutputAction) -> OutputAction
    let elements: @Sendable (State) -> [Base.State]
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
    public func handle(action: InputAction, from source: ActionSource, state: GetState<State>) -> Effect<OutputAction> {
        guard let (key, elementAction) = extractInput(action) else { return .none }
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
