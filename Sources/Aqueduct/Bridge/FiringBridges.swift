/// What ``BridgeEntry/fire(_:matched:_:)`` walks the bridges for: the action that matched, the
/// state getter when a bridge reads it, and how a derived action's source is made. Generic, not
/// an existential, so that the walk is specialised for each kind of firing.
@usableFromInline
internal protocol FiringBridges<Action, State>: AnyObject {
    associatedtype Action: Sendable
    associatedtype State
    /// The action that matched.
    @MainActor var cause: Action { get }
    /// The state getter, when a bridge from the first that matched on reads the state.
    @MainActor var state: GetState<State>? { get }
    /// The source of the action `bridge` derived from ``cause``.
    @MainActor func derivedSource(for bridge: BridgeEntry<Action, State>) -> ActionSource
}
