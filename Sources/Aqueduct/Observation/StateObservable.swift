/// A store or a projection of one: something whose state can be observed. ``Store`` and
/// ``StoreProjection`` conform, and share one implementation of these members.
///
/// Three ways to observe, each per path:
///
/// | You need | Use |
/// |---|---|
/// | SwiftUI / `withObservationTracking` | a dynamic member: `store.profile`, `row.title` |
/// | a callback on the main actor | `subscribe(_:_:)` |
/// | an `AsyncSequence` | `values(of:)` |
///
/// ```swift
/// let subscription = store.subscribe(\.profile.name) { name in label.text = name }
/// for await count in store.values(of: \.count) { print(count) }
/// withObservationTracking { render(store.profile) } onChange: { scheduleRender() }
/// ```
///
/// The work after an action grows with the number of *distinct paths* observed, never with the
/// number of observers, projections or their depth; a store nobody observes keeps its fast
/// path. Observing through a projection is observing the composed path on the root store:
/// `profile.subscribe(\.name)` and `store.subscribe(\.profile.name)` share one comparison.
///
/// Write generic views and helpers against this protocol to take a store or a projection alike:
///
/// ```swift
/// @MainActor func bindBadge(to source: some StateObservable<Inbox>) -> StoreSubscription {
///     source.subscribe(\.unreadCount) { badge.count = $0 }
/// }
/// ```
///
/// Main-actor isolated. Only ``Store`` and ``StoreProjection`` can conform: the requirement
/// `_observationScope` is not API, and its type cannot be made outside this module.
@MainActor
@dynamicMemberLookup
public protocol StateObservable<State> {
    /// The type of the observed state.
    associatedtype State

    /// The current state. Reading it is not tracked by the Observation framework; read through
    /// dynamic members for that.
    var state: State { get }

    /// Not API: where this value's state is observed. Implemented by ``Store`` and
    /// ``StoreProjection`` only.
    var _observationScope: _ObservationScope<State> { get }
}

extension StateObservable {
    /// Reads a field of the state and, inside `withObservationTracking` (and so in a SwiftUI
    /// view's body), tracks that field only: `store.title` fires the tracker after an action
    /// that changed `title`, not after actions that changed only other parts of the state.
    ///
    /// A chain such as `store.profile.name` tracks `profile` (the first member is the tracked
    /// read; `.name` is read from its value). To track a deeper path in one read, subscript
    /// with it: `store[dynamicMember: \.profile.name]`, or read through a projection.
    ///
    /// ```swift
    /// withObservationTracking {
    ///     render(store.profile)        // tracks \.profile
    /// } onChange: {
    ///     scheduleRender()             // only after an action that changed profile
    /// }
    /// ```
    ///
    /// A path read this way is compared after each action until it next changes (then the
    /// trackers that read it fire and it is forgotten until read again), so an untouched store
    /// keeps its fast path.
    ///
    /// - Parameter path: The path from the state to the value.
    /// - Returns: The current value.
    /// - Complexity: A dictionary lookup of the path; after each action, one comparison per
    ///   distinct path read.
    public subscript<Value: Equatable>(dynamicMember path: KeyPath<State, Value>) -> Value {
        _observationScope.target.trackedRead(path)
    }

    /// Calls `observer` on the main actor with the value at `path` after each processed action
    /// that changed it (compared with `==`), until the subscription is cancelled or released.
    ///
    /// Observers of the same path share one comparison per action. Actions the observer
    /// dispatches are queued behind the current one. The observer is not called with the
    /// current value; read it from ``state`` if you need it.
    ///
    /// ```swift
    /// let subscription = store.subscribe(\.profile.name) { name in label.text = name }
    /// let whole = store.subscribe(\.self) { state in render(state) }
    /// ```
    ///
    /// - Parameters:
    ///   - path: The path from the state to the value; `\.self` for the whole state.
    ///   - observer: Receives each new value.
    /// - Returns: The subscription; keep it as long as you want to observe.
    /// - Complexity: After each action, one comparison of the path's value, shared by every
    ///   observer of that path, then one call per observer when it changed.
    // Inlinable, like the other `subscribe`, and the whole state of a store goes straight to its
    // hub: must stay so, or each whole-state observer is wrapped in reabstraction thunks on its
    // way through generic code, every call goes through them, and benchmark scenario c's budget
    // fails.
    @inlinable
    public func subscribe<Value: Equatable>(
        _ path: KeyPath<State, Value>,
        _ observer: @escaping @MainActor (Value) -> Void
    ) -> StoreSubscription {
        let scope = _observationScope
        if let hub = scope.storeHub, Value.self == State.self, path == \State.self as AnyKeyPath {
            return hub.subscribeToState(path, isDuplicate: { $0 == $1 }, observer)
        }
        return scope.target.subscribe(path, isDuplicate: { $0 == $1 }, sharing: true, observer)
    }

    /// Calls `observer` on the main actor with the value at `path` after every processed
    /// action: a value that is not `Equatable` cannot be compared, so each action counts as a
    /// change.
    ///
    /// ```swift
    /// let subscription = store.subscribe(\.self) { state in render(state) }
    /// ```
    ///
    /// - Parameters:
    ///   - path: The path from the state to the value; `\.self` for the whole state.
    ///   - observer: Receives the value after each action.
    /// - Returns: The subscription; keep it as long as you want to observe.
    /// - Complexity: After each action, one read of the path per observer.
    @inlinable
    public func subscribe<Value>(
        _ path: KeyPath<State, Value>,
        _ observer: @escaping @MainActor (Value) -> Void
    ) -> StoreSubscription {
        let scope = _observationScope
        if let hub = scope.storeHub, Value.self == State.self, path == \State.self as AnyKeyPath {
            return hub.subscribeToState(path, isDuplicate: nil, observer)
        }
        return scope.target.subscribe(path, isDuplicate: { _, _ in false }, sharing: false, observer)
    }

    /// The value at `path` as an `AsyncSequence`: the current value first, then each change
    /// (compared with `==`).
    ///
    /// A slow consumer does not slow the store: it skips to the newest value (see
    /// ``StateStream``). The stream ends when the iterating task is cancelled or the store is
    /// released.
    ///
    /// ```swift
    /// for await name in store.values(of: \.profile.name) { print(name) }
    /// for await state in store.values(of: \.self) { render(state) }
    /// ```
    ///
    /// - Parameter path: The path from the state to the value; `\.self` for the whole state.
    /// - Returns: A stream that observes until it ends or is released.
    /// - Complexity: After each action, one comparison of the path's value, shared by every
    ///   observer of that path; a change replaces at most one buffered value.
    public func values<Value: Sendable & Equatable>(of path: KeyPath<State, Value>) -> StateStream<Value> {
        _observationScope.target.stream(path, isDuplicate: { $0 == $1 }, sharing: true)
    }

    /// The value at `path` as an `AsyncSequence`: the current value first, then its value after
    /// every processed action — a value that is not `Equatable` cannot be compared.
    ///
    /// ```swift
    /// for await snapshot in store.values(of: \.document) { save(snapshot) }
    /// ```
    ///
    /// - Parameter path: The path from the state to the value; `\.self` for the whole state.
    /// - Returns: A stream that observes until it ends or is released.
    public func values<Value: Sendable>(of path: KeyPath<State, Value>) -> StateStream<Value> {
        _observationScope.target.stream(path, isDuplicate: { _, _ in false }, sharing: false)
    }
}
