import Aqueduct
import Testing

@MainActor
@Suite struct PathSubscriptionTests {
    @Test func aPathObserverHearsOnlyChangesOfItsValue() {
        let store = makeFeatureStore()
        var names: [String] = []
        let subscription = store.subscribe(\.profile.name, .removingDuplicates) { names.append($0) }
        store.dispatch(.counter(.increment))
        store.dispatch(.profile(.rename("Grace")))
        store.dispatch(.profile(.birthday))
        store.dispatch(.profile(.rename("Grace")))
        store.dispatch(.profile(.rename("Ada")))
        #expect(names == ["Grace", "Ada"])
        _ = subscription
    }

    @Test func anEquatableValueObservedWithKeepingDuplicatesIsDeliveredAfterEveryAction() {
        let store = makeFeatureStore()
        var names: [String] = []
        let subscription = store.subscribe(\.profile.name, .keepingDuplicates) { names.append($0) }
        store.dispatch(.counter(.increment))
        store.dispatch(.profile(.rename("Grace")))
        #expect(names == ["Ada", "Grace"])
        #expect(store.observedPathCount == 1)
        _ = subscription
    }

    @Test func aComparisonOfItsOwnDecidesWhatIsADuplicate() {
        let store = makeFeatureStore()
        var names: [String] = []
        let sameLength = Deduplication<String>.removingDuplicates(by: { $0.count == $1.count })
        let subscription = store.subscribe(\.profile.name, sameLength) { names.append($0) }
        store.dispatch(.profile(.rename("Eve")))  // 3 letters, was 3: a duplicate
        store.dispatch(.profile(.rename("Grace")))
        store.dispatch(.profile(.rename("Alice")))  // 5 letters again: a duplicate
        store.dispatch(.profile(.rename("Ada")))
        #expect(names == ["Grace", "Ada"])
        _ = subscription
    }

    /// A helper written once for every value, as a generic view would be: what its callers hear
    /// is what they pass, not what the value's conformances would choose.
    static func record<Value>(
        _ path: KeyPath<FeatureState, Value>,
        of source: some StateObservable<FeatureState>,
        _ deduplication: Deduplication<Value>,
        into heard: @escaping @MainActor (Value) -> Void
    ) -> StoreSubscription {
        source.subscribe(path, deduplication, heard)
    }

    @Test func aGenericHelperDeduplicatesAsItsCallerSays() {
        let store = makeFeatureStore()
        var removing: [Int] = []
        var keeping: [Int] = []
        let subscriptions = [
            Self.record(\.count, of: store, .removingDuplicates) { removing.append($0) },
            Self.record(\.count, of: store, .keepingDuplicates) { keeping.append($0) },
        ]
        store.dispatch(.counter(.increment))
        store.dispatch(.profile(.birthday))
        #expect(removing == [1])
        #expect(keeping == [1, 1])
        _ = subscriptions
    }

    @Test func aValueThatIsNotEquatableIsDeliveredAfterEveryAction() {
        let store = makeFeatureStore()
        var counts: [Int] = []
        let subscription = store.subscribe(\.snapshot, .keepingDuplicates) { counts.append($0.count) }
        store.dispatch(.counter(.increment))
        store.dispatch(.profile(.rename("Grace")))
        #expect(counts == [1, 1])
        #expect(store.observedPathCount == 1)
        _ = subscription
    }

    @Test func observersOfTheWholeStateHearEachChange() {
        let store = makeFeatureStore()
        var counts: [Int] = []
        let subscription = store.subscribe(\.self, .removingDuplicates) { counts.append($0.count) }
        store.dispatch(.counter(.increment))
        store.dispatch(.counter(.set(1)))  // no change: not delivered
        store.dispatch(.profile(.rename("Grace")))
        #expect(counts == [1, 1])
        _ = subscription
    }

    @Test func observersOfAnEquatableWholeStateKeepingDuplicatesHearEveryAction() {
        let store = makeFeatureStore()
        var counts: [Int] = []
        let subscription = store.subscribe(\.self, .keepingDuplicates) { counts.append($0.count) }
        store.dispatch(.counter(.increment))
        store.dispatch(.counter(.set(1)))  // no change: still delivered
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
        var subscription: StoreSubscription? = store.subscribe(\.self, .keepingDuplicates) { counts.append($0.count) }
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
        var subscription: StoreSubscription? = store.subscribe(\.count, .removingDuplicates) { counts.append($0) }
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
        let subscription = store.subscribe(\.count, .removingDuplicates) { counts.append($0) }
        store.dispatch(.counter(.increment))
        subscription.cancel()
        store.dispatch(.counter(.increment))
        #expect(counts == [1])
        #expect(store.observedPathCount == 0)
    }

    @Test func observersOfOnePathShareOneComparison() {
        let store = makeFeatureStore()
        var calls = 0
        let subscriptions = (0..<100).map { _ in store.subscribe(\.count, .removingDuplicates) { _ in calls += 1 } }
        #expect(store.observedPathCount == 1)
        store.dispatch(.counter(.increment))
        #expect(calls == 100)
        _ = subscriptions
    }

    @Test func actionsDispatchedByAnObserverAreQueued() {
        let store = makeFeatureStore()
        var seen: [Int] = []
        let subscription = store.subscribe(\.count, .removingDuplicates) { [unowned store] count in
            seen.append(count)
            if count < 3 { store.dispatch(.counter(.increment)) }
        }
        store.dispatch(.counter(.increment))
        #expect(seen == [1, 2, 3])
        _ = subscription
    }
}
