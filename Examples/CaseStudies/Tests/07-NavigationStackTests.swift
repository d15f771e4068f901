import Aqueduct
import AqueductTesting
import Testing

@testable import CaseStudies

@MainActor
@Suite(.timeLimit(.minutes(3))) struct NavigationStackTests {
    typealias Feature = NavigationStack

    let clock = TestClock()

    /// Bodies that take a second of `clock` to load.
    func makeStore() -> TestStore<Feature.Action, Feature.State> {
        TestStore(
            initialState: Feature.State(),
            reducer: Feature.reducer,
            middleware: Feature.middleware(loadBody: { [clock] title in
                try? await clock.sleep(for: .seconds(1))
                return "All about \(title)."
            })
        )
    }

    @Test func aPushedScreenLoadsItsBody() async {
        let store = makeStore()
        await store.dispatch(.path(.push(Feature.Topic(title: "Rivers")))) {
            $0.path.push(Feature.Topic(title: "Rivers"))
        }
        #expect(store.state.path.ids == [StackID(0)])
        await store.dispatch(.path(.element(id: StackID(0), action: .onAppear)))
        await clock.advance(by: .seconds(1))
        await store.receive(.path(.element(id: StackID(0), action: .bodyLoaded("All about Rivers.")))) {
            $0.path[id: StackID(0)]?.body = "All about Rivers."
        }
        await store.finish()
    }

    @Test func aScreenAsksItsParentToPushTheRelatedTopic() async {
        let store = makeStore()
        await store.dispatch(.path(.push(Feature.Topic(title: "Rivers")))) {
            $0.path.push(Feature.Topic(title: "Rivers"))
        }
        await store.dispatch(.path(.element(id: StackID(0), action: .relatedTapped("Deltas")))) {
            $0.path.push(Feature.Topic(title: "Deltas"))
        }
        #expect(store.state.path.ids == [StackID(0), StackID(1)])
        #expect(store.state.path.map(\.title) == ["Rivers", "Deltas"])
        await store.finish()
    }

    @Test func aScreenClosesItselfAndTheScreensAboveIt() async {
        let store = makeStore()
        await store.dispatch(.path(.push(Feature.Topic(title: "Rivers")))) {
            $0.path.push(Feature.Topic(title: "Rivers"))
        }
        await store.dispatch(.path(.push(Feature.Topic(title: "Deltas")))) {
            $0.path.push(Feature.Topic(title: "Deltas"))
        }
        await store.dispatch(.path(.push(Feature.Topic(title: "Silt")))) { $0.path.push(Feature.Topic(title: "Silt")) }
        await store.dispatch(.path(.element(id: StackID(1), action: .closeTapped)))
        await store.receive(.path(.popFrom(id: StackID(1)))) { $0.path.pop(from: StackID(1)) }
        #expect(store.state.path.ids == [StackID(0)])
        await store.finish()
    }

    @Test func poppingEndsTheLoadsOfTheScreensPoppedOnly() async {
        let store = makeStore()
        await store.dispatch(.path(.push(Feature.Topic(title: "Rivers")))) {
            $0.path.push(Feature.Topic(title: "Rivers"))
        }
        await store.dispatch(.path(.element(id: StackID(0), action: .onAppear)))
        await store.dispatch(.path(.push(Feature.Topic(title: "Deltas")))) {
            $0.path.push(Feature.Topic(title: "Deltas"))
        }
        await store.dispatch(.path(.element(id: StackID(1), action: .onAppear)))
        await store.dispatch(.path(.popTo(id: StackID(0)))) { $0.path.pop() }

        // A new screen is #2, never #1 again: nothing meant for the popped screen reaches it.
        await store.dispatch(.path(.push(Feature.Topic(title: "Silt")))) { $0.path.push(Feature.Topic(title: "Silt")) }
        #expect(store.state.path.ids == [StackID(0), StackID(2)])
        await clock.advance(by: .seconds(1))
        // Only the screen still there receives its body.
        await store.receive(.path(.element(id: StackID(0), action: .bodyLoaded("All about Rivers.")))) {
            $0.path[id: StackID(0)]?.body = "All about Rivers."
        }
        #expect(store.state.path[id: StackID(2)]?.body == nil)
        await store.finish()
    }
}
