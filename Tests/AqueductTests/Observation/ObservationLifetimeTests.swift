import Aqueduct
import Testing

/// Holds the last reference to a store so that another task can drop it.
final class StoreHandoff<Action: Sendable, State>: Sendable {
    private let store: LockedValue<Store<Action, State>?>

    init(_ store: Store<Action, State>) {
        self.store = LockedValue(store)
    }

    /// Drops the store, on whatever thread calls it.
    func release() {
        let store = self.store.withLock { store in
            defer { store = nil }
            return store
        }
        _ = consume store
    }
}

@MainActor
@Suite(.timeLimit(.minutes(3))) struct ObservationLifetimeTests {
    /// A subscription reaches the store's observation hub through a link the hub clears when it
    /// goes away. A store released off the main actor must not leave a moment in which a
    /// subscription cancelled on the main actor reads a dying hub: the store's deinit is
    /// isolated to the main actor, so the hub is released there. Run under ThreadSanitizer in
    /// CI. Each round hops to the main actor, which every test of the run
    /// shares: 50 rounds, so that on a busy machine the rounds do not wait out the time limit.
    @Test(arguments: [true, false])
    func aStoreReleasedFromADetachedTaskWhileItsSubscriptionIsCancelled(cancelFirst: Bool) async {
        for _ in 0..<50 {
            var store: Store<FeatureAction, FeatureState>? = makeFeatureStore()
            let subscription = store!.subscribe(\.count, .removingDuplicates) { _ in }
            let values = store!.values(of: \.count, .removingDuplicates)
            let handoff = StoreHandoff(store!)
            store = nil
            let release = Task.detached { handoff.release() }
            if cancelFirst {
                subscription.cancel()
                await release.value
            } else {
                await release.value
                subscription.cancel()
            }
            // The store went away: its hub ended the stream after the current value.
            var iterator = values.makeAsyncIterator()
            #expect(await iterator.next() == 0)
            #expect(await iterator.next() == nil)
        }
    }

    @Test func aSubscriptionOutlivingItsStoreCancelsQuietly() {
        var store: Store<FeatureAction, FeatureState>? = makeFeatureStore()
        weak let released = store
        let subscription = store!.subscribe(\.count, .removingDuplicates) { _ in }
        store = nil
        #expect(released == nil)
        subscription.cancel()
        subscription.cancel()
    }
}
