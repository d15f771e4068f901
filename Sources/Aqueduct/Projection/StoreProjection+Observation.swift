extension StoreProjection {
    /// Reads the value at `path` of the projection's state and, inside
    /// `withObservationTracking` (and so in a SwiftUI view's body), tracks that path only.
    ///
    /// Tracking is on the root store, by the composed path: `projection.observable(\.name)`
    /// and `store.observable(\.profile.name)` are the same tracked path. See
    /// ``Store/observable(_:)``.
    ///
    /// ```swift
    /// Text(profile.name)   // dynamic member: profile.observable(\.name)
    /// ```
    ///
    /// - Parameter path: The path from the projection's state to the value.
    /// - Returns: The current value.
    public func observable<Value: Equatable>(_ path: KeyPath<State, Value>) -> Value {
        _root.trackedRead(path)
    }

    /// Reads a field of the projection's state with Observation tracking: `projection.name`
    /// is `projection.observable(\.name)`.
    ///
    /// - Parameter path: The path from the projection's state to the value.
    public subscript<Value: Equatable>(dynamicMember path: KeyPath<State, Value>) -> Value {
        _root.trackedRead(path)
    }

    /// Calls `observer` with the value at `path` after each processed action that changed it.
    /// See ``Store/subscribe(_:_:)``.
    ///
    /// ```swift
    /// let subscription = profile.subscribe(\.name) { name in label.text = name }
    /// ```
    ///
    /// - Parameters:
    ///   - path: The path from the projection's state to the value.
    ///   - observer: Receives each new value.
    /// - Returns: The subscription; keep it as long as you want to observe.
    public func subscribe<Value: Equatable>(
        _ path: KeyPath<State, Value>,
        _ observer: @escaping @MainActor (Value) -> Void
    ) -> StoreSubscription {
        _root.subscribe(path, isDuplicate: { $0 == $1 }, sharing: true, observer)
    }

    /// Calls `observer` with the value at `path` after each processed action, skipping values
    /// `removeDuplicates` says are the same as the previous one.
    ///
    /// - Parameters:
    ///   - path: The path from the projection's state to the value.
    ///   - removeDuplicates: Returns `true` when the new value (second) is the same as the
    ///     previous one (first).
    ///   - observer: Receives each new value.
    /// - Returns: The subscription; keep it as long as you want to observe.
    public func subscribe<Value>(
        _ path: KeyPath<State, Value>,
        removeDuplicates: @escaping (Value, Value) -> Bool,
        _ observer: @escaping @MainActor (Value) -> Void
    ) -> StoreSubscription {
        _root.subscribe(path, isDuplicate: removeDuplicates, sharing: false, observer)
    }

    /// The value at `path`: the current one first, then each change (compared with `==`).
    /// See ``StateStream``.
    ///
    /// - Parameter path: The path from the projection's state to the value.
    /// - Returns: A stream that observes until it ends or is released.
    public func observe<Value: Sendable & Equatable>(_ path: KeyPath<State, Value>) -> StateStream<Value> {
        _root.stream(path, isDuplicate: { $0 == $1 }, sharing: true)
    }

    /// The value at `path`: the current one first, then its value after each processed action.
    ///
    /// - Parameter path: The path from the projection's state to the value.
    /// - Returns: A stream that observes until it ends or is released.
    public func observe<Value: Sendable>(_ path: KeyPath<State, Value>) -> StateStream<Value> {
        _root.stream(path, isDuplicate: { _, _ in false }, sharing: false)
    }

    /// The value at `path`: the current one first, then each value that `removeDuplicates`
    /// says differs from the previous one.
    ///
    /// - Parameters:
    ///   - path: The path from the projection's state to the value.
    ///   - removeDuplicates: Returns `true` when the new value (second) is the same as the
    ///     previous one (first).
    /// - Returns: A stream that observes until it ends or is released.
    public func observe<Value: Sendable>(
        _ path: KeyPath<State, Value>,
        removeDuplicates: @escaping (Value, Value) -> Bool
    ) -> StateStream<Value> {
        _root.stream(path, isDuplicate: removeDuplicates, sharing: false)
    }
}

extension StoreProjection where State: Sendable {
    /// The projection's state: the current one first, then its value after each processed
    /// action (only the changed ones when the state is `Equatable`).
    public var states: StateStream<State> {
        _root.stream(\State.self, isDuplicate: { _, _ in false }, sharing: false)
    }
}

extension StoreProjection where State: Sendable & Equatable {
    /// The projection's state: the current one first, then each value that differs from the
    /// previous one.
    public var states: StateStream<State> {
        _root.stream(\State.self, isDuplicate: { $0 == $1 }, sharing: true)
    }
}
