/// Not API: what a ``StateObservable`` value observes through, so that the protocol's members
/// are written once. Only ``Store`` and ``StoreProjection`` can make one.
///
/// Main-actor isolated.
@MainActor
public struct _ObservationScope<State> {
    @usableFromInline
    internal let target: any ObservationTarget<State>
    /// The store's hub when this is a store (so `State` is the store's whole state); `nil` for a
    /// projection.
    @usableFromInline
    internal let storeHub: ObservationHub<State>?

    /// The scope of a store.
    internal init(store hub: ObservationHub<State>) {
        self.target = hub
        self.storeHub = hub
    }

    /// The scope of a projection.
    internal init(projection target: any ObservationTarget<State>) {
        self.target = target
        self.storeHub = nil
    }
}
