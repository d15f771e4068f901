extension StoreProjection: StateObservable {
    /// Not API: the root store's observation hub, reached through this projection's composed
    /// path, for the members of ``StateObservable``.
    public var _observationScope: _ObservationScope<State> {
        _ObservationScope(projection: _root.observationTarget)
    }
}
