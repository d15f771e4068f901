extension Store: StateObservable {
    /// Reads a field of the state with Observation tracking. See
    /// ``StateObservable/subscript(dynamicMember:)``.
    public subscript<Value: Equatable>(dynamicMember path: KeyPath<State, Value>) -> Value {
        _observationHub.trackedRead(path)
    }

    /// Calls `observer` with the value at `path` after each action, or each change. See
    /// ``StateObservable/subscribe(_:_:_:)``.
    // Inlinable, and the whole state goes straight to the hub's state observers: must stay so,
    // or each whole-state observer is re-wrapped for the generic calling convention on its way
    // through generic code, and every call to it goes through those wrappers (see
    // `StateObservers`).
    @inlinable
    public func subscribe<Value>(
        _ path: KeyPath<State, Value>,
        _ deduplication: Deduplication<Value>,
        _ observer: @escaping @MainActor (Value) -> Void
    ) -> StoreSubscription {
        if Value.self == State.self, path == \State.self as AnyKeyPath {
            return _observationHub.subscribeToState(path, isDuplicate: deduplication._isDuplicate, observer)
        }
        return _observationHub.subscribe(path, deduplication, observer)
    }

    /// The value at `path` as an `AsyncSequence`. See ``StateObservable/values(of:_:)``.
    public func values<Value: Sendable>(
        of path: KeyPath<State, Value>,
        _ deduplication: Deduplication<Value>
    ) -> StateStream<Value> {
        _observationHub.values(of: path, deduplication)
    }

    /// The store's observation hub, created on first use.
    @usableFromInline
    internal var _observationHub: ObservationHub<State> {
        if let hub = _observation { return hub }
        let hub = ObservationHub<State>(memory: _runtime.memory) { [weak self] in
            self?._updateHasObservers()
        }
        _observation = hub
        return hub
    }

    /// The number of distinct state paths observed right now (by observers, streams and armed
    /// Observation trackers). For tests.
    package var observedPathCount: Int { _observation?.watchedPathCount ?? 0 }

    /// Sets `hasObservers` from the observation hub: set while it watches anything.
    internal func _updateHasObservers() {
        _runtime.memory.fields.hasObservers = _observation?.isWatching == true
    }
}
