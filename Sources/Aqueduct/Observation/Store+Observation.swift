extension Store {
    /// The store's observation hub, created on first use.
    internal var _observationHub: ObservationHub<State> {
        if let hub = _observation { return hub }
        let hub = ObservationHub<State>(state: _statePointer) { [weak self] in
            self?._updateHasObservers()
        }
        _observation = hub
        return hub
    }

    /// The number of distinct state paths observed right now (by observers, streams and armed
    /// Observation trackers). For tests.
    package var observedPathCount: Int { _observation?.watchedPathCount ?? 0 }

    // MARK: Observation framework

    /// Reads the value at `path` and, inside `withObservationTracking` (and so in a SwiftUI
    /// view's body), tracks that path only: the tracker fires after an action that changed
    /// this value, and not after actions that changed only other parts of the state.
    ///
    /// `store.title` is the same as `store.observable(\.title)` (dynamic member lookup).
    ///
    /// ```swift
    /// withObservationTracking {
    ///     render(store.observable(\.profile.name))   // or store.profile.name
    /// } onChange: {
    ///     scheduleRender()   // only when profile.name changed
    /// }
    /// ```
    ///
    /// Reading ``state`` is *not* tracked; read through this method or dynamic members.
    /// A path read this way is compared after each action until it next changes (then the
    /// trackers that read it fire and it is forgotten until read again), so an untouched
    /// store keeps its fast path.
    ///
    /// - Parameter path: The path from the state to the value.
    /// - Returns: The current value.
    /// - Complexity: A dictionary lookup of the path; after each action, one comparison per
    ///   distinct path read.
    public func observable<Value: Equatable>(_ path: KeyPath<State, Value>) -> Value {
        _observationHub.trackedRead(path)
    }

    /// Reads a field of the state with Observation tracking: `store.count` is
    /// `store.observable(\.count)`. See ``observable(_:)``.
    ///
    /// - Parameter path: The path from the state to the value.
    public subscript<Value: Equatable>(dynamicMember path: KeyPath<State, Value>) -> Value {
        _observationHub.trackedRead(path)
    }

    // MARK: Synchronous observers

    /// Calls `observer` on the main actor with the value at `path` after each processed action
    /// that changed it (compared with `==`), until the subscription is cancelled or released.
    ///
    /// Observers of the same path share one comparison per action. Actions the observer
    /// dispatches are queued behind the current one. The observer is not called with the
    /// current value; read it from ``state`` if you need it.
    ///
    /// ```swift
    /// let subscription = store.subscribe(\.profile.name) { name in label.text = name }
    /// ```
    ///
    /// - Parameters:
    ///   - path: The path from the state to the value.
    ///   - observer: Receives each new value.
    /// - Returns: The subscription; keep it as long as you want to observe.
    public func subscribe<Value: Equatable>(
        _ path: KeyPath<State, Value>,
        _ observer: @escaping @MainActor (Value) -> Void
    ) -> StoreSubscription {
        _observationHub.subscribe(path, isDuplicate: { $0 == $1 }, sharing: true, observer)
    }

    /// Calls `observer` with the value at `path` after each processed action, skipping the
    /// values `removeDuplicates` says are the same as the previous one.
    ///
    /// ```swift
    /// let subscription = store.subscribe(\.items, removeDuplicates: { $0.count == $1.count }) { items in
    ///     badge.count = items.count
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - path: The path from the state to the value.
    ///   - removeDuplicates: Returns `true` when the new value (second) is the same as the
    ///     previous one (first) and should not be delivered.
    ///   - observer: Receives each new value.
    /// - Returns: The subscription; keep it as long as you want to observe.
    public func subscribe<Value>(
        _ path: KeyPath<State, Value>,
        removeDuplicates: @escaping (Value, Value) -> Bool,
        _ observer: @escaping @MainActor (Value) -> Void
    ) -> StoreSubscription {
        _observationHub.subscribe(path, isDuplicate: removeDuplicates, sharing: false, observer)
    }

    // MARK: Streams

    /// The value at `path`: the current one first, then each change (compared with `==`).
    ///
    /// A slow consumer does not slow the store: it skips to the newest value (see
    /// ``StateStream``).
    ///
    /// ```swift
    /// for await name in store.observe(\.profile.name) { print(name) }
    /// ```
    ///
    /// - Parameter path: The path from the state to the value.
    /// - Returns: A stream that observes until it ends or is released.
    public func observe<Value: Sendable & Equatable>(_ path: KeyPath<State, Value>) -> StateStream<Value> {
        _observationHub.stream(path, isDuplicate: { $0 == $1 }, sharing: true)
    }

    /// The value at `path`: the current one first, then its value after each processed action
    /// — every action, as a value that is not `Equatable` cannot be compared.
    ///
    /// - Parameter path: The path from the state to the value.
    /// - Returns: A stream that observes until it ends or is released.
    public func observe<Value: Sendable>(_ path: KeyPath<State, Value>) -> StateStream<Value> {
        _observationHub.stream(path, isDuplicate: { _, _ in false }, sharing: false)
    }

    /// The value at `path`: the current one first, then each value that `removeDuplicates`
    /// says differs from the previous one.
    ///
    /// ```swift
    /// store.observe(\.temperature, removeDuplicates: { abs($0 - $1) < 0.5 })
    /// ```
    ///
    /// - Parameters:
    ///   - path: The path from the state to the value.
    ///   - removeDuplicates: Returns `true` when the new value (second) is the same as the
    ///     previous one (first) and should be skipped.
    /// - Returns: A stream that observes until it ends or is released.
    public func observe<Value: Sendable>(
        _ path: KeyPath<State, Value>,
        removeDuplicates: @escaping (Value, Value) -> Bool
    ) -> StateStream<Value> {
        _observationHub.stream(path, isDuplicate: removeDuplicates, sharing: false)
    }
}

extension Store where State: Sendable {
    /// The state: the current one first, then the state after each processed action.
    ///
    /// When the state is `Equatable`, states equal to the previous one are skipped.
    ///
    /// ```swift
    /// for await state in store.states { render(state) }
    /// ```
    public var states: StateStream<State> {
        _observationHub.stream(\State.self, isDuplicate: { _, _ in false }, sharing: false)
    }

    /// The state: the current one first, then each state that `removeDuplicates` says differs
    /// from the previous one.
    ///
    /// - Parameter removeDuplicates: Returns `true` when the new state (second) is the same as
    ///   the previous one (first) and should be skipped.
    /// - Returns: A stream that observes until it ends or is released.
    public func states(removeDuplicates: @escaping (State, State) -> Bool) -> StateStream<State> {
        _observationHub.stream(\State.self, isDuplicate: removeDuplicates, sharing: false)
    }
}

extension Store where State: Sendable & Equatable {
    /// The state: the current one first, then each state that differs from the previous one.
    ///
    /// ```swift
    /// for await state in store.states { render(state) }
    /// ```
    public var states: StateStream<State> {
        _observationHub.stream(\State.self, isDuplicate: { $0 == $1 }, sharing: true)
    }
}
