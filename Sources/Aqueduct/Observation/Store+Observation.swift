extension Store: StateObservable {
    /// Not API: the store's observation hub, for the members of ``StateObservable``.
    public var _observationScope: _ObservationScope<State> {
        _ObservationScope(store: _observationHub)
    }

    /// The store's observation hub, created on first use.
    internal var _observationHub: ObservationHub<State> {
        if let hub = _observation { return hub }
        let hub = ObservationHub<State>(memory: _stateMemory) { [weak self] in
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
        _fields.pointee.hasObservers = _observation?.isWatching == true
    }
}
