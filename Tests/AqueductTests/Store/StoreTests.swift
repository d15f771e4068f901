import Aqueduct
import AqueductTesting
import Testing

@MainActor
@Suite(.timeLimit(.minutes(3))) struct StoreTests {
    @Test func dispatchReducesBeforeReturning() {
        let store = Store(initialState: 0, reducer: counterReducer)
        store.dispatch(.increment)
        store.dispatch(.increment)
        store.dispatch(.decrement)
        #expect(store.state == 1)
    }

    @Test func processingOrderIsMiddlewareThenReducerThenEffectThenObservers() {
        let log = EventLog()
        let middleware = TestMiddleware<CounterAction, Int> { action, _, state in
            log.record("handle \(action) sees \(state())")
            return .immediate { _ in log.record("effect sees \(state())") }
        }
        let store = Store(initialState: 0, reducer: counterReducer, middleware: middleware)
        let subscription = store.subscribe(\.self, .removingDuplicates) { state in log.record("observer sees \(state)")
        }
        store.dispatch(.set(5))
        #expect(log.all == ["handle set(5) sees 0", "effect sees 5", "observer sees 5"])
        _ = subscription
    }

    @Test func actionsFromMiddlewareAreQueuedFirstInFirstOut() {
        let log = EventLog()
        let middleware = TestMiddleware<CounterAction, Int> { action, _, _ in
            log.record("\(action)")
            guard case .set(let value) = action, value > 0 else { return .none }
            return .merge(.send(.set(value - 1)), .send(.increment))
        }
        let store = Store(initialState: 0, reducer: counterReducer, middleware: middleware)
        store.dispatch(.set(2))
        #expect(log.all == ["set(2)", "set(1)", "increment", "set(0)", "increment"])
        #expect(store.state == 1)
    }

    @Test func actionsFromObserversAreQueuedNeverReentrant() {
        let store = Store(initialState: 0, reducer: counterReducer)
        var depth = 0
        var maxDepth = 0
        var seen: [Int] = []
        let subscription = store.subscribe(\.self, .removingDuplicates) { [unowned store] state in
            depth += 1
            maxDepth = max(maxDepth, depth)
            seen.append(state)
            if state < 3 { store.dispatch(.increment) }
            if state == 1 { store.dispatch(.set(10)) }
            depth -= 1
        }
        store.dispatch(.increment)
        // 1 queues increment then set(10); the increment (→ 2) queues another increment behind
        // set(10), so the order is 1, 2, 10, 11 — first in, first out.
        #expect(seen == [1, 2, 10, 11])
        #expect(maxDepth == 1)
        #expect(store.state == 11)
        _ = subscription
    }

    @Test func releasedSubscriptionStopsObserving() {
        let store = Store(initialState: 0, reducer: counterReducer)
        var seen: [Int] = []
        var subscription: StoreSubscription? = store.subscribe(\.self, .removingDuplicates) { seen.append($0) }
        store.dispatch(.increment)
        subscription = nil
        store.dispatch(.increment)
        #expect(seen == [1])
        #expect(subscription == nil)
    }

    @Test func dispatchRecordsTheCallSite() {
        let log = EventLog()
        let middleware = TestMiddleware<CounterAction, Int> { _, source, _ in
            log.record("\(source.file):\(source.line) \(source.function) \(source.info ?? "-")")
            return .none
        }
        let store = Store(initialState: 0, reducer: counterReducer, middleware: middleware)
        let line = #line + 1
        store.dispatch(.increment, info: "by hand")
        #expect(log.all == ["AqueductTests/StoreTests.swift:\(line) dispatchRecordsTheCallSite() by hand"])
    }

    @Test func runawayLoopIsReportedWithTheActionAndItsSource() {
        let middleware = TestMiddleware<CounterAction, Int> { action, _, _ in
            action == .increment ? .send(.increment) : .none
        }
        let store = Store(initialState: 0, reducer: counterReducer, middleware: middleware)
        store.cascadeLimit = 50
        var reports: [RunawayLoop] = []
        store.onRunawayLoop = { reports.append($0) }
        store.dispatch(.increment)
        let report = try! #require(reports.first)
        #expect(reports.count == 1)
        #expect(report.action == "increment")
        #expect(report.limit == 50)
        #expect(report.source.file == "AqueductTests/StoreTests.swift")
        #expect(report.source.info?.contains("Sent by an effect of increment") == true)
        #expect(report.description.contains("runaway action loop"))
        #expect(store.state == 50)
        // The store stays usable.
        store.cascadeLimit = 100_000
        store.dispatch(.set(7))
        #expect(store.state == 7)
    }

    @Test(arguments: [1, 2, 3])
    func aRunawayLoopCountsExactlyWhatItDropped(fanOut: Int) {
        // Each increment sends `fanOut` increments. With a limit of 10 the store processes 10
        // actions, and the queue then holds 10 × fanOut − 9 of them: the one over the limit
        // and everything behind it are dropped.
        let middleware = TestMiddleware<CounterAction, Int> { action, _, _ in
            action == .increment ? .merge(Array(repeating: .send(.increment), count: fanOut)) : .none
        }
        let store = Store(initialState: 0, reducer: counterReducer, middleware: middleware)
        store.cascadeLimit = 10
        var reports: [RunawayLoop] = []
        store.onRunawayLoop = { reports.append($0) }
        store.dispatch(.increment)
        #expect(store.state == 10)
        #expect(reports.map(\.droppedCount) == [10 * fanOut - 9])
        #expect(reports.first?.description.contains("dropped \(10 * fanOut - 9) queued action(s)") == true)
    }

    @Test func anActionDispatchedFromTheRunawayHandlerIsProcessed() {
        let middleware = TestMiddleware<CounterAction, Int> { action, _, _ in
            action == .increment ? .send(.increment) : .none
        }
        let store = Store(initialState: 0, reducer: counterReducer, middleware: middleware)
        store.cascadeLimit = 10
        store.onRunawayLoop = { [unowned store] _ in store.dispatch(.set(-1)) }
        store.dispatch(.increment)
        #expect(store.state == -1)
    }

    /// An `ImmediateSend` is for the work it was given to: once that has returned, what it
    /// sends is dropped and reported (a store: on standard error; a test store: as a failure).
    @Test func anEscapedImmediateSendIsDroppedAndReported() {
        var escaped: ImmediateSend<CounterAction>?
        let middleware = TestMiddleware<CounterAction, Int> { action, _, _ in
            action == .decrement ? .immediate { send in escaped = send } : .none
        }
        let late = EventLog()
        let runtime = Engine(
            initialState: 0,
            reducer: counterReducer,
            middleware: AnyMiddleware(middleware),
            onLateSend: { action, startedBy in late.record("\(action) by an effect of \(startedBy)") }
        )
        runtime.dispatch(.decrement, from: ActionSource(file: "T/T.swift", function: "t()", line: 1))
        escaped?(.set(5))
        #expect(runtime.state == -1)
        #expect(late.all == ["set(5) by an effect of decrement"])
    }

    @Test func middlewareStartHookGetsADispatcherAndState() async {
        let middleware = TestMiddleware<CounterAction, Int>(
            onHandle: { _, _, _ in .none },
            onStart: { context in
                context.dispatcher.dispatch(.set(context.state() + 41))
            }
        )
        let scheduler = TestScheduler()
        let store = Store(initialState: 1, reducer: counterReducer, middleware: middleware, scheduler: scheduler)
        await scheduler.run()
        #expect(store.state == 42)
    }

    @Test func dispatcherKeepsEachSendersOrderAndReducesEveryActionOnce() async {
        struct Tally: Sendable {
            var lastSeen = [Int](repeating: -1, count: 8)
            var total = 0
            var outOfOrder = 0
        }
        enum Action: Sendable { case next(task: Int, value: Int) }
        let reducer = Reducer<Action, Tally>.reduce { action, tally in
            guard case .next(let task, let value) = action else { return }
            if value != tally.lastSeen[task] + 1 { tally.outOfOrder += 1 }
            tally.lastSeen[task] = value
            tally.total += 1
        }
        // A store as in production: the global executor's tasks send, the main actor drains.
        let store = Store(initialState: Tally(), reducer: reducer)
        let dispatcher = store.dispatcher
        let totals = store.values(of: \.total, .removingDuplicates)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for value in 0..<10_000 { dispatcher.dispatch(.next(task: task, value: value)) }
                }
            }
        }
        // Awaits the drains' observable result, whatever batches they took.
        for await total in totals where total == 80_000 { break }
        #expect(store.state.outOfOrder == 0)
        #expect(store.state.lastSeen == [Int](repeating: 9_999, count: 8))
    }

    @Test func releasingTheStoreFreesTheMiddlewareAndCancelsItsEffects() async {
        final class Owner: Sendable {
            let log = EventLog()
        }
        struct Holding: Middleware {
            let owner: Owner
            func handle(action: CounterAction, from source: ActionSource, state: GetState<Int>) -> Effect<CounterAction>
            {
                let log = owner.log
                return .run { _ in
                    let stream = AsyncStream<Int> { _ in }
                    log.record("started")
                    for await _ in stream {}
                    log.record("cancelled")
                }
            }
        }
        var owner: Owner? = Owner()
        weak let weakOwner = owner
        let log = owner!.log
        let scheduler = TestScheduler()
        var store: Store<CounterAction, Int>? = Store(
            initialState: 0,
            reducer: counterReducer,
            middleware: Holding(owner: owner!),
            scheduler: scheduler
        )
        owner = nil
        store?.dispatch(.increment)
        await scheduler.run()
        #expect(log.all == ["started"])
        #expect(weakOwner != nil)
        store = nil
        #expect(weakOwner == nil)
        await scheduler.run()
        #expect(log.all == ["started", "cancelled"])
    }
}
