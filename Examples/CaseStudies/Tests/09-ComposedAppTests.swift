import Aqueduct
import AqueductTesting
import Synchronization
import Testing

@testable import CaseStudies

@MainActor
@Suite(.timeLimit(.minutes(3))) struct ComposedAppTests {
    typealias App = ComposedApp

    let scheduler = TestScheduler()
    /// Set by the fact client once its task has been cancelled.
    let sawCancellation = Flag()

    /// The app's store with client doubles, its effects run by `scheduler`.
    func makeStore() -> Store<App.Action, App.State> {
        let clock = scheduler.clock
        let facts = EffectsAndCancellation.FactClient {
            [sawCancellation] number throws(EffectsAndCancellation.FactError) in
            try? await clock.sleep(for: .seconds(1))
            if Task.isCancelled { sawCancellation.set() }
            return "\(number) is a good number."
        }
        let search = DebounceAndThrottle.Client(search: { query in [query.uppercased()] }, save: { _ in })
        return Store(
            initialState: App.State(),
            reducer: App.reducer,
            middleware: App.middleware(facts: facts, search: search, clock: clock),
            scheduler: scheduler
        )
    }

    @Test func bothFeaturesRunOnTheOneClock() async {
        let store = makeStore()
        store.dispatch(.search(.queryChanged("milk")))
        store.dispatch(.facts(.increment))
        store.dispatch(.facts(.loadFact))
        #expect(store.state.facts.isLoading)  // dispatch processes at once

        await scheduler.clock.advance(by: .milliseconds(300))  // the debounce ends; the search runs
        #expect(store.state.search.results == ["MILK"])
        #expect(store.state.facts.isLoading)

        await scheduler.clock.advance(by: .milliseconds(700))  // the fact's second is up
        #expect(store.state.facts.fact == "1 is a good number.")
        #expect(!store.state.facts.isLoading)
    }

    @Test func whatOtherThreadsDispatchWaitsForTheTest() async {
        let store = makeStore()
        let dispatcher = store.dispatcher
        await Task.detached { dispatcher.dispatch(.facts(.increment)) }.value
        #expect(store.state.facts.count == 0)  // arrived, not processed yet
        await scheduler.run()
        #expect(store.state.facts.count == 1)
    }

    @Test func releasingTheStoreEndsItsEffects() async {
        var store: Store<App.Action, App.State>? = makeStore()
        weak let released = store
        store?.dispatch(.facts(.loadFact))
        await scheduler.run()  // the load is asleep on the clock
        #expect(!sawCancellation.isSet)

        store = nil
        #expect(released == nil)
        await scheduler.run()  // the load's task wakes, cancelled
        #expect(sawCancellation.isSet)
    }

    final class Flag: Sendable {
        private let value = Atomic<Bool>(false)
        var isSet: Bool { value.load(ordering: .relaxed) }
        func set() { value.store(true, ordering: .relaxed) }
    }
}
