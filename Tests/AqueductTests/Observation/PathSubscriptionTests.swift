import Aqueduct
import Testing

@MainActor
@Suite struct PathSubscriptionTests {
    @Test func aPathObserverHearsOnlyChangesOfItsValue() {
        let store = makeFeatureStore()
        var names: [String] = []
        let subscription = store.subscribe(\.profile.name) { names.append($0) }
        store.dispatch(.counter(.increment))
        store.dispatch(.profile(.rename("Grace")))
        store.dispatch(.profile(.birthday))
        store.dispatch(.profile(.rename("Grace")))
        store.dispatch(.profile(.rename("Ada")))
        #expect(names == ["Grace", "Ada"])
        _ = subscription
    }

    @Test func aValueThatIsNotEquatableIsDeliveredAfterEveryAction() {
        let store = makeFeatureStore()
        var counts: [Int] = []
        let subscription = store.subscribe(\.snapshot) { counts.append($0.count) }
        store.dispatch(.counter(.increment))
        store.dispatch(.profile(.rename("Grace")))
        #expect(counts == [1, 1])
        #expect(store.observedPathCount == 1)
        _ = subscription
    }

    @Test func observersOfTheWholeStateHearEachChange() {
        let store = makeFeatureStore()
        var counts: [Int] = []
        let subscription = store.subscribe(\.self) { counts.append($0.count) }
        store.dispatch(.counter(.increment))
        store.dispatch(.counter(.set(1)))  // no change: not delivered
        store.dispatch(.profile(.rename("Grace")))
        #expect(counts == [1, 1])
        _ = subscription
    }

    /// A state that is not `Equatable`.
    struct Tally {
        var count = 0
    }

    @Test func observersOfAWholeStateThatIsNotEquatableHearEveryAction() {
        let store = Store(
            initialState: Tally(),
            reducer: Reducer<CounterAction, Tally>.reduce { action, tally in
                if action == .increment { tally.count += 1 }
            }
        )
        var counts: [Int] = []
        var subscription: StoreSubscription? = store.subscribe(\.self) { counts.append($0.count) }
        store.dispatch(.increment)
        store.dispatch(.decrement)
        subscription = nil
        store.dispatch(.increment)
        #expect(counts == [1, 1])
        #expect(subscription == nil)
    }

    @Test func releasingTheSubscriptionStopsTheObserver() {
        let store = makeFeatureStore()
        var counts: [Int] = []
        var subscription: StoreSubscription? = store.subscribe(\.count) { counts.append($0) }
        store.dispatch(.counter(.increment))
        subscription = nil
        store.dispatch(.counter(.increment))
        #expect(counts == [1])
        #expect(store.observedPathCount == 0)
        #expect(subscription == nil)
    }

    @Test func cancellingTheSubscriptionStopsTheObserver() {
        let store = makeFeatureStore()
        var counts: [Int] = []
        let subscription = store.subscribe(\.count) { counts.append($0) }
        store.dispatch(.counter(.increment))
        subscription.cancel()
        store.dispatch(.counter(.increment))
        #expect(counts == [1])
        #expect(store.observedPathCount == 0)
    }

    @Test func observersOfOnePathShareOneComparison() {
        let store = makeFeatureStore()
        var calls = 0
        let subscriptions = (0..<100).map { _ in store.subscribe(\.count) { _ in calls += 1 } }
        #expect(store.observedPathCount == 1)
        store.dispatch(.counter(.increment))
        #expect(calls == 100)
        _ = subscriptions
    }

    @Test func actionsDispatchedByAnObserverAreQueued() {
        let store = makeFeatureStore()
        var seen: [Int] = []
        let subscription = store.subscribe(\.count) { [unowned store] count in
            seen.append(count)
            if count < 3 { store.dispatch(.counter(.increment)) }
        }
        store.dispatch(.counter(.increment))
        #expect(seen == [1, 2, 3])
        _ = subscription
    }
}
