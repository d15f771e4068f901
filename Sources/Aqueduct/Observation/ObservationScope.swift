/// Not API: what a ``StateObservable`` value observes through, so that the protocol's members
/// are written once. Only ``Store`` and ``StoreProjection`` can make one.
///
/// Main-actor isolated.
@MainActor
public struct _ObservationScope<State> {
    internal let target: any ObservationTarget<State>

    internal init(_ target: any ObservationTarget<State>) {
        self.target = target
    }
}
