import Aqueduct
import AqueductTesting
import Testing

/// `dispatch` returns the effects it started, to await or cancel.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct TestStoreTaskTests {
    /// A search whose client answers from another task: the effect is suspended, not on the
    /// test store's executor, when `dispatch` returns.
    static let elsewhere = SearchClient { query in
        await Task.detached { ["\(query) from elsewhere"] }.value
    }

    @Test func finishWaitsForTheEffectsOfThatSend() async {
        let store = TestStore(
            initialState: SearchState(),
            reducer: searchReducer,
            middleware: SearchMiddleware(client: Self.elsewhere, clock: ImmediateClock())
        )
        let search = await store.dispatch(.queryChanged("milk")) {
            $0.query = "milk"
            $0.isLoading = true
        }
        await search.finish()
        #expect(!search.isCancelled)
        await store.receive(\.loaded, ["milk from elsewhere"]) {
            $0.results = ["milk from elsewhere"]
            $0.isLoading = false
        }
        await store.finish()
    }

    @Test func cancelEndsTheEffectsOfThatSendOnly() async {
        let clock = TestClock()
        let first = DeadlineMiddleware(id: "first", clock: clock)
        let second = DeadlineMiddleware(id: "second", clock: clock)
        let store = TestStore(
            initialState: [],
            reducer: deadlineReducer,
            middleware: first <> second
        )
        let both = await store.dispatch(.start)
        #expect(clock.sleeperCount == 2)
        let third = await store.dispatch(.startAgain)
        #expect(clock.sleeperCount == 3)
        await both.cancel()
        #expect(both.isCancelled)
        #expect(!third.isCancelled)
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .seconds(60))
        await store.receive(.passed("again")) { $0 = ["again"] }
        await third.finish()
        await store.finish()
    }

    @Test func finishFailsNamingTheSendWhoseEffectIsStillSuspended() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: SearchState(),
            reducer: searchReducer,
            middleware: SearchMiddleware(client: .groceries, clock: clock)
        )
        let search = await store.dispatch(.queryChanged("milk")) {
            $0.query = "milk"
            $0.isLoading = true
        }
        await withKnownIssue {
            await search.finish(timeout: .milliseconds(50))
        } matching: { issue in
            issue.isFailure
                && issue.description.contains(
                    "Expected the effects of dispatching queryChanged(\"milk\") to finish, but 1 effect still running"
                )
        }
        await search.cancel()
        #expect(clock.sleeperCount == 0)
        await store.finish()
    }

    @Test func aSendThatStartsNoEffectHasNothingToAwaitOrCancel() async {
        let store = TestStore(initialState: CounterState(), reducer: counterReducer)
        let task = await store.dispatch(.increment) {
            $0.count = 1
            $0.history = [1]
        }
        await task.finish()
        await task.cancel()
        #expect(!task.isCancelled)
        await store.finish()
    }

    @Test func effectsOfActionsSentSynchronouslyBelongToTheSend() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: [],
            reducer: deadlineReducer,
            middleware: DeadlineMiddleware(id: "now", clock: clock, chains: .synchronously)
        )
        let task = await store.dispatch(.start)
        await store.receive(.startAgain)
        #expect(clock.sleeperCount == 2)
        await task.cancel()
        #expect(clock.sleeperCount == 0)
        await store.finish()
    }

    @Test func effectsOfActionsReceivedLaterAreNotTheSends() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: [],
            reducer: deadlineReducer,
            middleware: DeadlineMiddleware(id: "now", clock: clock, chains: .fromAnEffect)
        )
        let task = await store.dispatch(.start)
        await store.receive(.startAgain)
        #expect(clock.sleeperCount == 2)
        await task.cancel()
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .seconds(60))
        await store.receive(.passed("again")) { $0 = ["again"] }
        await store.finish()
    }
}

enum DeadlineAction: Sendable, Equatable {
    case start
    case startAgain
    case passed(String)
}

let deadlineReducer = Reducer<DeadlineAction, [String]>.reduce { action, passed in
    if case .passed(let name) = action { passed.append(name) }
}

/// Sleeps a minute on the clock after `start` (as `id`) and, for the middleware with id
/// "second" or one that chains, after `startAgain` (as "again"), then sends `passed`. A
/// middleware that chains sends `startAgain` after `start`: synchronously, or from an effect.
struct DeadlineMiddleware: Middleware {
    enum Chaining: Sendable {
        case none
        case synchronously
        case fromAnEffect
    }

    let id: String
    let clock: TestClock
    var chains = Chaining.none

    func handle(action: DeadlineAction, from source: ActionSource, state: GetState<[String]>) -> Effect<DeadlineAction>
    {
        func deadline(_ name: String) -> Effect<DeadlineAction> {
            .run { [clock] send in
                do { try await clock.sleep(for: .seconds(60)) } catch { return }
                send(.passed(name))
            }
        }
        switch (action, chains) {
        case (.start, .none): return deadline(id)
        case (.start, .synchronously): return .merge(deadline(id), .send(.startAgain))
        case (.start, .fromAnEffect): return .merge(deadline(id), .run { send in send(.startAgain) })
        case (.startAgain, .none): return id == "second" ? deadline("again") : .none
        case (.startAgain, _): return deadline("again")
        case (.passed, _): return .none
        }
    }
}
