extension StoreProjection: StateObservable {
    /// Reads a field of the state with Observation tracking, by the composed path on the root
    /// store. See ``StateObservable/subscript(dynamicMember:)``.
    public subscript<Value: Equatable>(dynamicMember path: KeyPath<State, Value>) -> Value {
        _root.observationTarget.trackedRead(path)
    }

    /// Calls `observer` with the value at `path` after each action, or each change, by the
    /// composed path on the root store. See ``StateObservable/subscribe(_:_:_:)``.
    public func subscribe<Value>(
        _ path: KeyPath<State, Value>,
        _ deduplication: Deduplication<Value>,
        _ observer: @escaping @MainActor (Value) -> Void
    ) -> StoreSubscription {
        _root.observationTarget.subscribe(path, deduplication, observer)
    }

    /// The value at `path` as an `AsyncSequence`, by the composed path on the root store. See
    /// ``StateObservable/values(of:_:)``.
    public func values<Value: Sendable>(
        of path: KeyPath<State, Value>,
        _ deduplication: Deduplication<Value>
    ) -> StateStream<Value> {
        _root.observationTarget.values(of: path, deduplication)
    }
}
