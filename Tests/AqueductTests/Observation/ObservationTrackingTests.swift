import Aqueduct
import Observation
import Testing

@MainActor
@Suite struct ObservationTrackingTests {
    @Test func trackingFiresForAReadPathAndNotForAnUnrelatedOne() {
        let store = makeFeatureStore()
        let log = EventLog()
        let count = withObservationTracking {
            store.count
        } onChange: {
            log.record("count changed")
        }
        #expect(count == 0)
        store.dispatch(.profile(.rename("Grace")))
        store.dispatch(.profile(.birthday))
        #expect(log.all.isEmpty)
        store.dispatch(.counter(.increment))
        #expect(log.all == ["count changed"])
    }

    @Test func trackingIsPerPathNotPerStore() {
        let store = makeFeatureStore()
        let log = EventLog()
        withObservationTracking {
            _ = store[dynamicMember: \.profile.name]
        } onChange: {
            log.record("name")
        }
        withObservationTracking {
            _ = store[dynamicMember: \.profile.age]
        } onChange: {
            log.record("age")
        }
        store.dispatch(.profile(.birthday))
        #expect(log.all == ["age"])
        store.dispatch(.profile(.rename("Grace")))
        #expect(log.all == ["age", "name"])
    }

    @Test func aChainOfMembersTracksItsFirstMember() {
        let store = makeFeatureStore()
        let log = EventLog()
        withObservationTracking {
            _ = store.profile.name
        } onChange: {
            log.record("profile")
        }
        store.dispatch(.profile(.birthday))
        #expect(log.all == ["profile"])
    }

    @Test func anActionThatLeavesTheValueEqualDoesNotFire() {
        let store = makeFeatureStore(FeatureState(count: 4))
        let log = EventLog()
        withObservationTracking {
            _ = store.count
        } onChange: {
            log.record("count")
        }
        store.dispatch(.counter(.set(4)))
        #expect(log.all.isEmpty)
    }

    @Test func aFiredPathIsForgottenUntilReadAgain() {
        let store = makeFeatureStore()
        let log = EventLog()
        withObservationTracking {
            _ = store.count
        } onChange: {
            log.record("first")
        }
        #expect(store.observedPathCount == 1)
        store.dispatch(.counter(.increment))
        #expect(store.observedPathCount == 0)
        withObservationTracking {
            _ = store.count
        } onChange: {
            log.record("second")
        }
        store.dispatch(.counter(.increment))
        #expect(log.all == ["first", "second"])
    }

    @Test func projectionsAreTrackedPerPathOnTheRootStore() {
        let store = makeFeatureStore()
        let profile = store.projection(action: \.profile, state: \.profile)
        let log = EventLog()
        withObservationTracking {
            _ = profile.name
        } onChange: {
            log.record("name")
        }
        profile.dispatch(.birthday)
        store.dispatch(.counter(.increment))
        #expect(log.all.isEmpty)
        profile.dispatch(.rename("Grace"))
        #expect(log.all == ["name"])
    }

    @Test func aProjectionAndTheStoreShareTheTrackingKeyOfAPath() {
        let store = makeFeatureStore()
        let profile = store.projection(action: \.profile, state: \.profile)
        _ = profile.name
        _ = store[dynamicMember: \.profile.name]
        #expect(store.observedPathCount == 1)
    }
}
