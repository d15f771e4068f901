/// What observes paths of one state: a store's ``ObservationHub`` for paths of its state, and a
/// projection, which composes its path from the root state with the one asked for and passes it
/// to the root store's hub. ``StateObservable``'s members are written once on top of this.
@MainActor
@usableFromInline
internal protocol ObservationTarget<State>: AnyObject {
    associatedtype State

    /// Reads the value at `path` and, inside `withObservationTracking`, tracks that path.
    func trackedRead<Value: Equatable>(_ path: KeyPath<State, Value>) -> Value

    /// Calls `observer` with the value at `path` after each action that changed it: compared
    /// with `isDuplicate`; observers of one path `sharing` a watcher compare it once. `sharing`
    /// is only `true` when `isDuplicate` is the value's `==` (see ``StoredWord``).
    func subscribe<Value>(
        _ path: KeyPath<State, Value>,
        isDuplicate: @escaping (Value, Value) -> Bool,
        sharing: Bool,
        _ observer: @escaping @MainActor (Value) -> Void
    ) -> StoreSubscription

    /// A stream of the value at `path`, starting with the current one.
    func stream<Value: Sendable>(
        _ path: KeyPath<State, Value>,
        isDuplicate: @escaping (Value, Value) -> Bool,
        sharing: Bool
    ) -> StateStream<Value>
}
