import Aqueduct
import AqueductTesting
import Testing

// Examples of AqueductTesting's doc comments that no other test shows, compiled and run here:
// each doc comment quotes the code of its test, and the test checks what the comment says.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct TestStoreDocCommentTests {
    @Test func eachDispatchAssertsItsChangeAndReturnsItsEffects() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: SearchState(),
            reducer: searchReducer,
            middleware: SearchMiddleware(client: .groceries, clock: clock)
        )
        await store.dispatch(.cancel)  // no state change expected
        let search = await store.dispatch(.queryChanged("milk")) {  // its effects, to finish or cancel
            $0.query = "milk"
            $0.isLoading = true
        }
        #expect(!search.isCancelled)
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .milliseconds(300))
        await search.finish()
        await store.receive(\.loaded) {
            $0.results = ["Milk"]
            $0.isLoading = false
        }
        await store.finish()
    }

    @Test func whatAnActionSetsOffKeepsTheSourceItWasDispatchedWith() async {
        let store = TestStore(initialState: CounterState(), reducer: counterReducer, middleware: CounterMiddleware())
        let source = ActionSource(file: "App/Counter.swift", function: "tap()", line: 12)
        await store.dispatch(.set(12), from: source) {
            $0.count = 12
            $0.history = [12]
        }
        let clamped = await store.receive(\.clamped) {
            $0.count = 10
            $0.history.append(10)
        }
        #expect(clamped?.source.file == "App/Counter.swift")
        #expect(clamped?.source.line == 12)
        #expect(clamped?.source.info == "Sent by an effect of set(12)")
        await store.finish()
    }
}
