import Aqueduct
import AqueductTesting
import Testing

/// A long-living listener written as a middleware's start effect: the counter's `set` for each
/// number its source yields, until `incrementTwice` cancels it (any action would do; this one
/// is the fixture's). When cancelled, it says so in `ended`.
struct NumberListener: Middleware {
    let numbers: AsyncStream<Int>
    var ended: Log<String>? = nil

    func start(state: GetState<CounterState>) -> Effect<CounterAction> {
        let numbers = self.numbers
        let ended = self.ended
        return .run { send in
            await withTaskCancellationHandler {
                for await number in numbers { send(.set(number)) }
            } onCancel: {
                ended?.append("cancelled")
            }
        }
        .cancellable(id: "listener")
    }

    func handle(
        action: CounterAction,
        from source: ActionSource,
        state: GetState<CounterState>
    ) -> Effect<CounterAction> {
        action == .incrementTwice ? .cancel(id: "listener") : .none
    }
}

/// A start effect that sends one action and returns.
struct OneShotStart: Middleware {
    func start(state: GetState<CounterState>) -> Effect<CounterAction> {
        .run { send in send(.set(await state().count + 1)) }
    }

    func handle(
        action: CounterAction,
        from source: ActionSource,
        state: GetState<CounterState>
    ) -> Effect<CounterAction> {
        .none
    }
}

/// A middleware's start effect is an effect its store owns: run on the store's scheduler,
/// received step by step by a test store, cancelled by id and by the store's release.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct StartEffectTests {
    @Test func aListenersActionsAreReceivedStepByStep() async {
        let (numbers, source) = AsyncStream.makeStream(of: Int.self)
        let store = TestStore(
            initialState: CounterState(),
            reducer: counterReducer,
            middleware: NumberListener(numbers: numbers)
        )
        source.yield(4)
        await store.receive(\.set, 4) {
            $0.count = 4
            $0.history = [4]
        }
        source.yield(7)
        await store.receive(\.set, 7) {
            $0.count = 7
            $0.history.append(7)
        }
        await store.dispatch(.incrementTwice) { $0.history.append(7) }
        source.yield(9)  // the listener was cancelled: nothing arrives, nothing is left running
        await store.finish()
    }

    @Test func theActionsAStartEffectSendsNameTheMiddleware() async {
        let (numbers, source) = AsyncStream.makeStream(of: Int.self)
        let store = TestStore(
            initialState: CounterState(),
            reducer: counterReducer,
            middleware: NumberListener(numbers: numbers)
        )
        source.yield(1)
        let received = await store.receive(\.set, 1) {
            $0.count = 1
            $0.history = [1]
        }
        #expect(received?.source.info == "Started by NumberListener.start(state:)")
        #expect(received?.source.function == "start(state:)")
        source.finish()
        await store.finish()
    }

    @Test func composedMiddlewaresEachStartTheirEffect() async {
        let (first, firstSource) = AsyncStream.makeStream(of: Int.self)
        let (second, secondSource) = AsyncStream.makeStream(of: Int.self)
        let store = TestStore(
            initialState: CounterState(),
            reducer: counterReducer,
            middleware: NumberListener(numbers: first) <> CounterMiddleware() <> NumberListener(numbers: second)
        )
        secondSource.yield(2)
        await store.receive(\.set, 2) {
            $0.count = 2
            $0.history = [2]
        }
        firstSource.yield(3)
        await store.receive(\.set, 3) {
            $0.count = 3
            $0.history.append(3)
        }
        // One cancellation id, two listeners: `.cancel(id:)` ends both.
        await store.dispatch(.incrementTwice) { $0.history.append(3) }
        await store.receive(\.increment) {
            $0.count = 4
            $0.history.append(4)
        }
        await store.receive(\.increment) {
            $0.count = 5
            $0.history.append(5)
        }
        await store.finish()
    }

    @Test func aFeaturesMiddlewareStartsItsListenerToo() async {
        let (numbers, source) = AsyncStream.makeStream(of: Int.self)
        let store = TestStore(
            initialState: CounterState(),
            feature: Feature(reducer: counterReducer, middleware: NumberListener(numbers: numbers))
        )
        source.yield(6)
        await store.receive(\.set, 6) {
            $0.count = 6
            $0.history = [6]
        }
        source.finish()
        await store.finish()
    }

    @Test func releasingTheStoreEndsTheListenerAndNothingItSendsIsReduced() async {
        let scheduler = TestScheduler()
        let (numbers, source) = AsyncStream.makeStream(of: Int.self)
        let ended = Log<String>()
        let reduced = Log<Int>()
        let recording = Reducer<CounterAction, CounterState>.reduce { action, _ in
            if case .set(let number) = action { reduced.append(number) }
        }
        var store: Store<CounterAction, CounterState>? = Store(
            initialState: CounterState(),
            reducer: recording,
            middleware: NumberListener(numbers: numbers, ended: ended),
            scheduler: scheduler
        )
        source.yield(1)
        await scheduler.run()
        #expect(reduced.all == [1])
        #expect(store?.runningEffects == ["the start of NumberListener"])
        weak let released = store
        store = nil
        #expect(released == nil)
        #expect(ended.all == ["cancelled"])
        source.yield(2)
        await scheduler.run()
        #expect(reduced.all == [1])
    }

    @Test func aMiddlewareTesterRunsTheStartEffect() async {
        let (numbers, source) = AsyncStream.makeStream(of: Int.self)
        let tester = MiddlewareTester(NumberListener(numbers: numbers), state: CounterState())
        #expect(tester.start().isEmpty)
        source.yield(5)
        source.yield(6)
        let sent = await tester.waitForDispatches(count: 2)
        #expect(sent.map(\.action) == [.set(5), .set(6)])
        #expect(sent.allSatisfy { $0.source.info == "Started by NumberListener.start(state:)" })
        source.finish()
    }

    @Test func eachPartOfANestedCompositionNamesTheActionsItsStartEffectSends() async {
        let (first, firstSource) = AsyncStream.makeStream(of: Int.self)
        let (second, secondSource) = AsyncStream.makeStream(of: Int.self)
        let tester = MiddlewareTester(
            (NumberListener(numbers: first) <> OneShotStart()) <> NumberListener(numbers: second),
            state: CounterState()
        )
        tester.start()
        firstSource.yield(5)
        secondSource.yield(6)
        let sent = await tester.waitForDispatches(count: 3)
        let names = Set(sent.map { $0.source.info })
        #expect(names == ["Started by NumberListener.start(state:)", "Started by OneShotStart.start(state:)"])
        for action in [CounterAction.set(5), .set(6), .set(1)] { #expect(sent.contains { $0.action == action }) }
        firstSource.finish()
        secondSource.finish()
    }

    @Test func aMiddlewareTesterStopsWaitingWhenNoEffectIsLeftRunning() async {
        let tester = MiddlewareTester(OneShotStart(), state: CounterState())
        // Far beyond the suite's time limit: only seeing that nothing runs ends the wait.
        tester.timeout = .seconds(3_600)
        tester.start()
        await withKnownIssue {
            await tester.waitForDispatches(count: 2)
        } matching: { issue in
            issue.isFailure
                && issue.description.contains(
                    "Expected 2 dispatched actions, but 1 arrived and no effect is left running"
                )
        }
        #expect(tester.dispatched.map(\.action) == [.set(1)])
    }
}
