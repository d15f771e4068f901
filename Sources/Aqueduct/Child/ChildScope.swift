/// One lift of child features — an optional child, a collection's elements, a stack's entries —
/// as the engine sees it: what ties each child's effects to the child, so that they end when
/// the child's state goes away (see ``ChildTracker``).
///
/// A lift makes one scope when it is built. Its effects for a child run under the cancellation
/// id ``ChildEffectID`` (the scope and the child's key), and the lift ends every action with
/// ``Effect/Operation/endRemovedChildren(_:)``: after the reducer, the engine cancels, as
/// `.cancel(id:)` does, the effects of every child of the scope that started effects and is no
/// longer in the state. The engine keeps one ``ChildTracker`` per store and scope, so a lifted
/// middleware used by several stores follows each store's state.
@usableFromInline
internal protocol ChildScope: AnyObject, Sendable {
    /// What a child of this scope is, for the record of its removal: `stack entry`, `element`,
    /// `element at index`, `child`.
    var childKind: String { get }

    /// Makes the tracker of this scope's children for one store, reading that store's state;
    /// `nil` when `state` is not the state the lift was built for (a lift nested inside an
    /// element's middleware: its children's effects then end with the outer element).
    @MainActor
    func makeTracker<State>(reading state: GetState<State>) -> (any ChildTracker)?
}

/// The children of one scope that started effects in one store, and how to tell which of them
/// are gone.
@MainActor
@usableFromInline
internal protocol ChildTracker: AnyObject {
    /// A child started an effect.
    func started(_ key: EffectID)
    /// Forgets the tracked children that are no longer in the state, and returns their keys.
    func takeRemoved() -> [EffectID]
}

/// The cancellation id under which every effect of one child runs: removing the child cancels
/// it, with the guarantee of `.cancel(id:)`.
internal struct ChildEffectID: Hashable, Sendable, CustomStringConvertible {
    let scope: ObjectIdentifier
    let key: EffectID

    var description: String { "child \(key)" }
}

/// A ``ChildScope`` whose children are found by key in a part of the global state: the scope of
/// every lift (an optional child has one key, `()`).
///
/// `sweep` receives the current global state and the tracked keys — in the order they first
/// started effects, or sorted by `order` when it is given — and returns the positions of those
/// that are gone, in increasing order; each shape finds them the cheapest way it can (a stack,
/// its keys sorted, walks from its top).
@usableFromInline
internal final class KeyedChildScope<GlobalState, Key: Hashable & Sendable>: ChildScope {
    let sweep: @MainActor @Sendable (GlobalState, [Key]) -> [Int]
    let order: (@Sendable (Key, Key) -> Bool)?
    @usableFromInline
    let childKind: String

    @usableFromInline
    init(
        childKind: String,
        order: (@Sendable (Key, Key) -> Bool)? = nil,
        sweep: @escaping @MainActor @Sendable (GlobalState, [Key]) -> [Int]
    ) {
        self.childKind = childKind
        self.order = order
        self.sweep = sweep
    }

    @MainActor
    @usableFromInline
    func makeTracker<State>(reading state: GetState<State>) -> (any ChildTracker)? {
        guard let state = state as? GetState<GlobalState> else { return nil }
        return KeyedChildTracker(state: state, order: order, sweep: sweep)
    }
}

/// The tracker of a ``KeyedChildScope`` in one store.
@MainActor
internal final class KeyedChildTracker<GlobalState, Key: Hashable & Sendable>: ChildTracker {
    let state: GetState<GlobalState>
    let order: (@Sendable (Key, Key) -> Bool)?
    let sweep: @MainActor @Sendable (GlobalState, [Key]) -> [Int]
    /// The children that started effects, each once: in the order they first did, or sorted.
    private var keys: [Key] = []
    private var isTracked: Set<Key> = []

    init(
        state: GetState<GlobalState>,
        order: (@Sendable (Key, Key) -> Bool)?,
        sweep: @escaping @MainActor @Sendable (GlobalState, [Key]) -> [Int]
    ) {
        self.state = state
        self.order = order
        self.sweep = sweep
    }

    func started(_ key: EffectID) {
        guard let key = key.base as? Key, isTracked.insert(key).inserted else { return }
        guard let order else { return keys.append(key) }
        // Usually the newest child (a stack's top): found from the end.
        var position = keys.count
        while position > 0, order(key, keys[position - 1]) { position -= 1 }
        keys.insert(key, at: position)
    }

    func takeRemoved() -> [EffectID] {
        if keys.isEmpty { return [] }
        let gone = sweep(state(), keys)
        if gone.isEmpty { return [] }
        var removed: [EffectID] = []
        removed.reserveCapacity(gone.count)
        for position in gone.reversed() {
            let key = keys.remove(at: position)
            isTracked.remove(key)
            removed.append(EffectID(key))
        }
        return removed.reversed()
    }
}
