import Aqueduct
import AqueductTesting
import Dispatch
import Testing

/// Settling is an `await` on the test store's own executor: no other test store's effects
/// delay it, whatever they do, and a busy machine only makes it slower.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct TestStoreSettlingTests {
    @Test func twoHundredTestStoresInParallelEachOnItsOwnClock() async {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<200 {
                group.addTask { await Self.searchOnItsOwnClock() }
            }
        }
    }

    /// A debounced search with a query cancelled in flight, on a test store and a clock of its own.
    static func searchOnItsOwnClock() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: SearchState(),
            reducer: searchReducer,
            middleware: SearchMiddleware(client: .groceries, clock: clock)
        )
        await store.dispatch(.queryChanged("mi")) {
            $0.query = "mi"
            $0.isLoading = true
        }
        await clock.advance(by: .milliseconds(299))
        await store.dispatch(.queryChanged("mil")) { $0.query = "mil" }
        #expect(clock.sleeperCount == 1)  // the first search was cancelled in flight
        await clock.advance(by: .milliseconds(299))
        #expect(store.state.results.isEmpty)
        await clock.advance(by: .milliseconds(1))
        await store.receive(\.loaded) {
            $0.results = ["Milk", "Mild cheese"]
            $0.isLoading = false
        }
        await store.finish()
    }

    @Test func anEffectBlockedOnAClientDoubleStallsOnlyItsOwnTestStore() async {
        let gate = Gate()
        let blocking = AnyMiddleware<SearchAction, SearchAction, SearchState>(handle: { action, _, _ in
            guard case .cancel = action else { return .none }
            return .run { _ in gate.block() }
        })
        let blocked = TestStore(initialState: SearchState(), reducer: searchReducer, middleware: blocking)
        blocked.timeout = .milliseconds(200)
        // Another test store goes through a whole flow while the first one's executor is blocked.
        let other = Task { @MainActor in
            let clock = TestClock()
            let store = TestStore(
                initialState: SearchState(),
                reducer: searchReducer,
                middleware: SearchMiddleware(client: .groceries, clock: clock)
            )
            await store.dispatch(.queryChanged("bread")) {
                $0.query = "bread"
                $0.isLoading = true
            }
            await clock.advance(by: .milliseconds(300))
            await store.receive(\.loaded) {
                $0.results = ["Bread"]
                $0.isLoading = false
            }
            await store.finish()
        }
        await withKnownIssue {
            await blocked.dispatch(.cancel)
        } matching: { issue in
            issue.isFailure
                && issue.description.contains("An effect made no progress for 0.2 seconds")
                && issue.description.contains("• cancel")
        }
        await other.value
        gate.open()
        // The stall is over: on a busy machine the unblocked thread may take longer than the
        // 0.2 s that detected it to be scheduled again.
        blocked.timeout = .seconds(30)
        await blocked.finish()
    }

    /// A client that hops to the main actor twice — and back to the effect between the hops —
    /// before the effect sends: settled by counting, not by luck. (The test store decides only
    /// after a turn of the main actor that sees no new job: see `TestScheduler`.)
    @Test func anEffectThatHopsToTheMainActorAndBackIsSettled() async {
        let doubling = AnyMiddleware<CounterAction, CounterAction, CounterState>(handle: { action, _, _ in
            guard case .set(let value) = action else { return .none }
            return .run { send in
                let once = await MainActor.run { value * 2 }
                let doubled = await MainActorClient.half(of: once * 2)
                send(.clamped(doubled))
            }
        })
        let store = TestStore(initialState: CounterState(), reducer: counterReducer, middleware: doubling)
        var history: [Int] = []
        for value in 1...20 {
            await store.dispatch(.set(value)) {
                $0.count = value
                $0.history.append(value)
            }
            history += [value, 2 * value]
            // Settled: the main-actor step ran and the action it led to was processed.
            #expect(store.state.history == history)
            await store.receive(\.clamped, 2 * value) {
                $0.count = 2 * value
                $0.history.append(2 * value)
            }
        }
        await store.finish()
    }

    /// Main-actor work that waits for later main-actor work is not seen by settling (see
    /// `TestScheduler`): the effect waiting for its answer may still be running once the store
    /// has settled. In exhaustive mode `finish()` waits for it to end instead of reporting it.
    @Test func finishWaitsForAnEffectThatEndsOnlyAfterTheStoreHasSettled() async {
        let answer = Answer()
        let ended = Log<Int>()
        let store = TestStore(
            initialState: CounterState(),
            reducer: .identity,
            middleware: Self.waiting(for: answer, ended)
        )
        await store.dispatch(.incrementTwice)
        Self.onMainActor(afterTurns: 10) { answer.give() }
        await store.finish(timeout: .seconds(30))
        #expect(ended.all == [1])
    }

    /// With exhaustivity off, `finish()` does not wait for the effects still running: it lets
    /// them be. The answer this effect waits for comes only once `finish()` has returned; a
    /// finish that waited would wait for the hour it is given, until the suite's time limit
    /// fails the test.
    @Test func aNonExhaustiveFinishDoesNotWaitForTheEffectsStillRunning() async {
        let answer = Answer()
        let ended = Log<Int>()
        let store = TestStore(
            initialState: CounterState(),
            reducer: .identity,
            middleware: Self.waiting(for: answer, ended)
        )
        store.exhaustivity = .off
        await store.dispatch(.incrementTwice)
        await store.finish(timeout: .seconds(3_600))
        #expect(ended.all.isEmpty)
        answer.give()
    }

    /// A middleware whose effect waits for `answer`, then logs 1 in `ended`.
    static func waiting(
        for answer: Answer,
        _ ended: Log<Int>
    ) -> AnyMiddleware<CounterAction, CounterAction, CounterState> {
        AnyMiddleware(handle: { _, _, _ in
            .run { _ in
                await answer.wait()
                ended.append(1)
            }
        })
    }

    /// Runs `body` on the main actor once `turns` more turns of it have passed: each turn a
    /// main-actor task that starts the next.
    static func onMainActor(afterTurns turns: Int, _ body: @escaping @MainActor @Sendable () -> Void) {
        Task { @MainActor in
            if turns == 0 { body() } else { onMainActor(afterTurns: turns - 1, body) }
        }
    }

    @Test func anEffectStillRunsToItsEndAfterItsTestStoreIsGone() async {
        // The executor is kept alive by the task running on it: the cancelled effect unwinds
        // on it after the test store, and its engine, were released.
        let (ended, signal) = AsyncStream.makeStream(of: Void.self)
        let waiting = AnyMiddleware<CounterAction, CounterAction, CounterState>(handle: { _, _, _ in
            .run { _ in
                let never = AsyncStream<Never> { _ in }
                for await _ in never {}
                signal.yield()
                signal.finish()
            }
        })
        var store: TestStore<CounterAction, CounterState>? = TestStore(
            initialState: CounterState(),
            reducer: Reducer.identity,
            middleware: waiting
        )
        store?.exhaustivity = .off
        await store?.dispatch(.increment)
        store = nil
        var unwound = false
        for await _ in ended { unwound = true }
        #expect(unwound)
    }
}

/// A client on the main actor: each call hops there and back.
@MainActor
enum MainActorClient {
    static func half(of value: Int) async -> Int {
        value / 2
    }
}

/// Blocks the thread that calls ``block()`` until ``open()``: a client double that blocks, as a
/// synchronous call into a C library might.
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    func block() {
        semaphore.wait()
    }

    func open() {
        semaphore.signal()
    }
}

/// An answer a client double waits for, given from elsewhere, once.
final class Answer: Sendable {
    private struct State {
        var isGiven = false
        var waiting: CheckedContinuation<Void, Never>?
    }

    private let state = LockedValue(State())

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isGiven = state.withLock { state in
                if !state.isGiven { state.waiting = continuation }
                return state.isGiven
            }
            if isGiven { continuation.resume() }
        }
    }

    func give() {
        let waiting = state.withLock { state in
            state.isGiven = true
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume()
    }
}
