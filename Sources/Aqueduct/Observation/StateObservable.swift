/// A store or a projection of one: something whose state can be observed. ``Store`` and
/// ``StoreProjection`` conform.
///
/// Three ways to observe, each per path:
///
/// | You need | Use |
/// |---|---|
/// | SwiftUI / `withObservationTracking` | a dynamic member: `store.profile`, `row.title` |
/// | a callback on the main actor | ``subscribe(_:_:_:)`` |
/// | an `AsyncSequence` | ``values(of:_:)`` |
///
/// ```swift
/// let subscription = store.subscribe(\.profile.name, .removingDuplicates) { name in
///     label.text = name
/// }
/// store.dispatch(.profile(.rename("Grace")))
/// #expect(label.text == "Grace")
/// subscription.cancel()
/// ```
///
/// Whether an observer hears duplicates is said where it subscribes (``Deduplication``), never
/// decided by the value's conformances. The work after an action grows with the number of
/// *distinct paths* observed, never with the number of observers, projections or their depth;
/// a store nobody observes keeps its fast path. Observing through a projection is observing the
/// composed path on the root store: `profile.subscribe(\.name, .removingDuplicates)` and
/// `store.subscribe(\.profile.name, .removingDuplicates)` share one comparison.
///
/// Write generic views and helpers against this protocol to take a store or a projection alike:
///
/// ```swift
/// static func record<Value>(
///     _ path: KeyPath<FeatureState, Value>,
///     of source: some StateObservable<FeatureState>,
///     _ deduplication: Deduplication<Value>,
///     into heard: @escaping @MainActor (Value) -> Void
/// ) -> StoreSubscription {
///     source.subscribe(path, deduplication, heard)
/// }
/// ```
///
/// Main-actor isolated. Conform only ``Store`` and ``StoreProjection``; the protocol exists so
/// that code can take either.
@MainActor
@dynamicMemberLookup
public protocol StateObservable<State> {
    /// The type of the observed state.
    associatedtype State

    /// The current state. Reading it is not tracked by the Observation framework; read through
    /// dynamic members for that.
    var state: State { get }

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
    ///     render(store.profile)  // tracks \.profile only
    /// } onChange: {
    ///     scheduleRender()  // after an action that changed the profile
    /// }
    /// ```
    ///
    /// A path read this way is compared with `==` after each action until it next changes (then
    /// the trackers that read it fire and it is forgotten until read again), so an untouched
    /// store keeps its fast path.
    ///
    /// - Parameter path: The path from the state to the value.
    /// - Returns: The current value.
    /// - Complexity: A dictionary lookup of the path; after each action, one comparison per
    ///   distinct path read.
    subscript<Value: Equatable>(dynamicMember path: KeyPath<State, Value>) -> Value { get }

    /// Calls `observer` on the main actor with the value at `path` after each processed action,
    /// or only after those that changed it, as `deduplication` says, until the subscription is
    /// cancelled or released.
    ///
    /// Actions the observer dispatches are queued behind the current one. The observer is not
    /// called with the current value; read it from ``state`` if you need it.
    ///
    /// ```swift
    /// let subscription = store.subscribe(\.profile.name, .removingDuplicates) { name in
    ///     label.text = name
    /// }
    /// store.dispatch(.profile(.rename("Grace")))
    /// #expect(label.text == "Grace")
    /// subscription.cancel()
    /// ```
    ///
    /// - Parameters:
    ///   - path: The path from the state to the value; `\.self` for the whole state.
    ///   - deduplication: Every value, or only changed ones (see ``Deduplication``).
    ///   - observer: Receives each value.
    /// - Returns: The subscription; keep it as long as you want to observe.
    /// - Complexity: After each action, one comparison of the path's value, shared by every
    ///   observer of that path with ``Deduplication/removingDuplicates``, then one call per
    ///   observer that hears it.
    func subscribe<Value>(
        _ path: KeyPath<State, Value>,
        _ deduplication: Deduplication<Value>,
        _ observer: @escaping @MainActor (Value) -> Void
    ) -> StoreSubscription

    /// The value at `path` as an `AsyncSequence`: the current value first, then its value after
    /// each processed action, or only after those that changed it, as `deduplication` says.
    ///
    /// A slow consumer does not slow the store: it skips to the newest value (see
    /// ``StateStream``). The stream ends when the iterating task is cancelled or the store is
    /// released.
    ///
    /// ```swift
    /// for await name in store.values(of: \.profile.name, .removingDuplicates) {
    ///     names.append(name)  // the current name first, then each change
    ///     // …
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - path: The path from the state to the value; `\.self` for the whole state.
    ///   - deduplication: Every value, or only changed ones (see ``Deduplication``).
    /// - Returns: A stream that observes until it ends or is released.
    /// - Complexity: After each action, one comparison of the path's value, shared by every
    ///   observer of that path with ``Deduplication/removingDuplicates``; a new value replaces at
    ///   most one buffered value.
    func values<Value: Sendable>(
        of path: KeyPath<State, Value>,
        _ deduplication: Deduplication<Value>
    ) -> StateStream<Value>
}

extension ObservationTarget {
    /// ``StateObservable/subscribe(_:_:_:)`` for a path of this target's state.
    @inlinable
    internal func subscribe<Value>(
        _ path: KeyPath<State, Value>,
        _ deduplication: Deduplication<Value>,
        _ observer: @escaping @MainActor (Value) -> Void
    ) -> StoreSubscription {
        subscribe(
            path,
            isDuplicate: deduplication._isDuplicate ?? { _, _ in false },
            sharing: deduplication._isEquality,
            observer
        )
    }

    /// ``StateObservable/values(of:_:)`` for a path of this target's state.
    @inlinable
    internal func values<Value: Sendable>(
        of path: KeyPath<State, Value>,
        _ deduplication: Deduplication<Value>
    ) -> StateStream<Value> {
        stream(path, isDuplicate: deduplication._isDuplicate ?? { _, _ in false }, sharing: deduplication._isEquality)
    }
}
