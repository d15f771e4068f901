import Aqueduct
import AqueductTesting
import Observation
import Synchronization
import Testing

@testable import CaseStudies

/// Each way of observing hears the path it asked for, and nothing else.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct ProjectionsAndObservationTests {
    typealias Feature = ProjectionsAndObservation

    let store = Store(initialState: Feature.State(), reducer: Feature.reducer)

    @Test func aProjectionReadsAndDispatchesItsFeatureOnly() {
        let profile = store.projection(action: \.profile, state: \.profile)
        profile.dispatch(.rename("Grace"))  // store.dispatch(.profile(.rename("Grace"))), source: this line
        profile.dispatch(.visit)
        #expect(store.state.profile == Feature.Profile(name: "Grace", visits: 1))
        #expect(profile.state == store.state.profile)
        #expect(profile.name == "Grace")
    }

    @Test func aSubscriberHearsOnlyChangesOfItsPath() {
        let label = Feature.ProfileLabel(showing: store.projection(action: \.profile, state: \.profile))
        #expect(label.text == "Ada")

        store.dispatch(.messageArrived)  // another feature
        store.dispatch(.profile(.visit))  // the profile, but not its name
        store.dispatch(.profile(.rename("Ada")))  // the same name
        #expect(label.redraws == 0)

        store.dispatch(.profile(.rename("Grace")))
        #expect(label.text == "Grace")
        #expect(label.redraws == 1)

        label.stop()
        store.dispatch(.profile(.rename("Lin")))
        #expect(label.text == "Grace")
    }

    @Test func aLabelTakesTheStoreAsWellAsAProjection() {
        let root = Store(initialState: Feature.Profile(name: "Lin"), reducer: Feature.profileReducer)
        let label = Feature.ProfileLabel(showing: root)
        root.dispatch(.rename("Ada"))
        #expect(label.text == "Ada")
    }

    /// A stream starts with the current value; its consumer runs on a `TestScheduler`, so the
    /// test awaits it instead of hoping it ran.
    @Test func aStreamStartsWithTheCurrentValueThenEachChange() async {
        let scheduler = TestScheduler()
        let store = Store(initialState: Feature.State(), reducer: Feature.reducer, scheduler: scheduler)
        let names = store.values(of: \.profile.name, .removingDuplicates)
        let seen = scheduler.task { await names.prefix(3).reduce(into: []) { $0.append($1) } }
        await scheduler.run()  // it takes "Ada" and waits for the next
        store.dispatch(.profile(.rename("Grace")))
        await scheduler.run()
        store.dispatch(.profile(.visit))  // not a change of the name: nothing to take
        store.dispatch(.messageArrived)
        await scheduler.run()
        store.dispatch(.profile(.rename("Lin")))
        await scheduler.run()
        #expect(await seen.value == ["Ada", "Grace", "Lin"])
    }

    /// What a SwiftUI body does: a read through a dynamic member tracks that path only.
    @Test func observationTrackingFiresOnlyForThePathRead() {
        let profile = store.projection(action: \.profile, state: \.profile)
        let changes = ChangeCount()
        var shown = ""
        withObservationTracking {
            shown = profile.name  // tracks \.profile.name on the store
        } onChange: {
            changes.add()
        }
        #expect(shown == "Ada")

        store.dispatch(.messageArrived)
        store.dispatch(.profile(.visit))
        #expect(changes.count == 0)

        store.dispatch(.profile(.rename("Grace")))
        #expect(changes.count == 1)
    }

    /// How many times a tracker fired: `onChange` is `@Sendable`.
    final class ChangeCount: Sendable {
        private let value = Atomic<Int>(0)
        var count: Int { value.load(ordering: .relaxed) }
        func add() { value.add(1, ordering: .relaxed) }
    }
}
