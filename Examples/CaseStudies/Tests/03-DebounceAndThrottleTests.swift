import Aqueduct
import AqueductTesting
import Testing

@testable import CaseStudies

/// Time on a `TestClock` moves only when the test advances it, so "300 ms of quiet" and "one
/// save per 2 seconds" are exact: nothing happens a millisecond early, and no test sleeps.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct DebounceAndThrottleTests {
    typealias Feature = DebounceAndThrottle

    let clock = TestClock()
    let groceries = Feature.Client(
        search: { query in ["Milk", "Mild cheese", "Flour"].filter { $0.lowercased().hasPrefix(query) } },
        save: { _ in }
    )

    func makeStore() -> TestStore<Feature.Action, Feature.State> {
        TestStore(
            initialState: Feature.State(),
            reducer: Feature.reducer,
            middleware: Feature.SearchMiddleware(client: groceries, clock: clock)
        )
    }

    @Test func onlyTheQueryThatStaysSearches() async {
        let store = makeStore()
        await store.dispatch(.queryChanged("m")) { $0.query = "m" }
        await clock.advance(by: .milliseconds(200))
        await store.dispatch(.queryChanged("mi")) { $0.query = "mi" }
        await clock.advance(by: .milliseconds(200))
        await store.dispatch(.queryChanged("mil")) { $0.query = "mil" }
        await clock.advance(by: .milliseconds(299))
        #expect(store.state.results.isEmpty)  // "m" and "mi" never searched; "mil" not yet
        await clock.advance(by: .milliseconds(1))
        // One search, for the last query: an exhaustive store would fail on any other.
        await store.receive(.resultsLoaded(["Milk", "Mild cheese"])) { $0.results = ["Milk", "Mild cheese"] }
        await store.finish()
    }

    @Test func clearingTheQueryCancelsTheSearchThatWaits() async {
        let store = makeStore()
        await store.dispatch(.queryChanged("fl")) { $0.query = "fl" }
        await clock.advance(by: .milliseconds(100))
        await store.dispatch(.queryChanged("")) { $0.query = "" }
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    @Test func savesAtOnceThenTheNewestDraftAtTheEndOfTheInterval() async {
        let store = makeStore()
        await store.dispatch(.draftChanged("D")) { $0.draft = "D" }
        await store.receive(.draftSaved("D")) { $0.lastSaved = "D" }  // the first goes through at once

        await clock.advance(by: .milliseconds(500))
        await store.dispatch(.draftChanged("De")) { $0.draft = "De" }
        await clock.advance(by: .milliseconds(500))
        await store.dispatch(.draftChanged("Dear")) { $0.draft = "Dear" }  // replaces "De", which waits
        await clock.advance(by: .milliseconds(999))
        #expect(store.state.lastSaved == "D")
        await clock.advance(by: .milliseconds(1))  // 2 s after the first save
        await store.receive(.draftSaved("Dear")) { $0.lastSaved = "Dear" }

        // Quiet for a whole interval: the next change goes through at once again.
        await clock.advance(by: .seconds(2))
        await store.dispatch(.draftChanged("Dear Ada")) { $0.draft = "Dear Ada" }
        await store.receive(.draftSaved("Dear Ada")) { $0.lastSaved = "Dear Ada" }
        await store.finish()
    }
}
