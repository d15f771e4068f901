import Aqueduct
import AqueductTesting
import Testing

@MainActor
@Suite(.timeLimit(.minutes(3))) struct EffectTests {
    enum Action: Sendable, Equatable {
        case start(String)
        case startLatest(String)
        case stop
        case finished(String)
    }

    /// Effects that wait on a stream until cancelled, recording both events.
    static func middleware(log: EventLog) -> TestMiddleware<Action, [String]> {
        TestMiddleware { action, _, _ in
            func waiting(_ name: String) -> Effect<Action> {
                .run { _ in
                    log.record("\(name) started")
                    let stream = AsyncStream<Int> { _ in }
                    for await _ in stream {}
                    log.record("\(name) cancelled")
                }
            }
            switch action {
            case .start(let name): return waiting(name).cancellable(id: "work")
            case .startLatest(let name): return waiting(name).cancellable(id: "work", cancelInFlight: true)
            case .stop: return .cancel(id: "work")
            case .finished: return .none
            }
        }
    }

    static let reducer = Reducer<Action, [String]>.reduce { action, names in
        if case .finished(let name) = action { names.append(name) }
    }

    // Effect semantics are tested through a TestStore: it runs the same engine as a Store, and
    // each step settles (the effects have run as far as they can), so nothing is polled.

    /// The state after the reducer, read from a `.run`'s work: `await state()`, a hop to the
    /// main actor — which the test store's scheduler follows, so this is deterministic.
    @Test func aRunEffectReadsTheStateAfterTheReducer() async {
        let middleware = TestMiddleware<CounterAction, Int> { action, _, state in
            guard action == .increment else { return .none }
            return .run { send in
                let count = await state()  // after this action's reducer: 1
                if count.isMultiple(of: 2) == false { send(.set(count * 10)) }
            }
        }
        let store = TestStore(initialState: 0, reducer: counterReducer, middleware: middleware)
        await store.dispatch(.increment) { $0 = 1 }
        await store.receive(.set(10)) { $0 = 10 }
        await store.finish()
    }

    @Test func cancelByIDCancelsEveryEffectUnderIt() async {
        let log = EventLog()
        let store = TestStore(initialState: [], reducer: Self.reducer, middleware: Self.middleware(log: log))
        await store.dispatch(.start("a"))
        await store.dispatch(.start("b"))
        #expect(log.all == ["a started", "b started"])
        await store.dispatch(.stop)
        #expect(Set(log.all) == ["a started", "b started", "a cancelled", "b cancelled"])
        await store.finish()
    }

    enum IDAction: Sendable, Equatable {
        case start(Int)
        case stop(Int)
    }

    /// An id is its value and its type: numbers of equal value and different types are
    /// different ids (`AnyHashable` would make them one).
    @Test func idsOfEqualValueAndDifferentTypesAreDifferentIDs() async {
        let ids: [any Hashable & Sendable] = [7, UInt8(7), Int32(7), 7.0]
        let log = EventLog()
        let middleware = TestMiddleware<IDAction, Int> { action, _, _ in
            switch action {
            case .start(let index):
                return .run { _ in
                    let stream = AsyncStream<Int> { _ in }
                    for await _ in stream {}
                    log.record("\(index) cancelled")
                }
                .cancellable(id: ids[index])
            case .stop(let index):
                return .cancel(id: ids[index])
            }
        }
        let store = TestStore(initialState: 0, reducer: .identity, middleware: middleware)
        for index in ids.indices { await store.dispatch(.start(index)) }
        for index in ids.indices {
            await store.dispatch(.stop(index))
            #expect(log.all == (0...index).map { "\($0) cancelled" })
        }
        await store.finish()
    }

    @Test func cancelInFlightCancelsThePreviousEffect() async {
        let log = EventLog()
        let store = TestStore(initialState: [], reducer: Self.reducer, middleware: Self.middleware(log: log))
        await store.dispatch(.startLatest("a"))
        #expect(log.all == ["a started"])
        await store.dispatch(.startLatest("b"))
        #expect(Set(log.all) == ["a started", "a cancelled", "b started"])
        await store.dispatch(.stop)
        #expect(log.all.count == 4)
        #expect(log.all.last == "b cancelled")
        await store.finish()
    }

    @Test func runEffectActionsCarryTheCauseSourceWithInfo() async {
        let middleware = TestMiddleware<Action, [String]> { action, _, _ in
            guard case .start(let name) = action else { return .none }
            return .run { send in send(.finished(name)) }
        }
        let store = TestStore(initialState: [], reducer: Self.reducer, middleware: middleware)
        let line = #line + 1
        await store.dispatch(.start("x"))
        let received = await store.receive(.finished("x")) { $0 = ["x"] }
        let source = try! #require(received?.source)
        #expect(source.file == "AqueductTests/EffectTests.swift")
        #expect(source.line == UInt(line))
        #expect(source.function == "runEffectActionsCarryTheCauseSourceWithInfo()")
        #expect(source.info == "Sent by an effect of start(\"x\")")
        await store.finish()
    }

    @Test func sendEffectIsProcessedInTheSameDispatch() {
        let middleware = TestMiddleware<Action, [String]> { action, _, _ in
            guard case .start(let name) = action else { return .none }
            return .merge(.send(.finished(name + "1")), .none, .send(.finished(name + "2")))
        }
        let store = Store(initialState: [], reducer: Self.reducer, middleware: middleware)
        store.dispatch(.start("n"))
        #expect(store.state == ["n1", "n2"])
    }

    @Test func mergeDropsNoneAndFlattens() {
        #expect(Effect<Action>.merge([]).isNone)
        #expect(Effect<Action>.merge(.none, .none).isNone)
        #expect(!Effect<Action>.merge(.none, .send(.stop)).isNone)
    }

    @Test func mappedEffectEmbedsItsActions() async {
        let middleware = TestMiddleware<AppAction, AppState> { action, _, _ in
            guard action == .text(.append("go")) else { return .none }
            return Effect<CounterAction>.merge(.send(.increment), .immediate { send in send(.set(10)) })
                .map(AppAction.counter)
        }
        let reducer =
            counterReducer.lift(action: \AppAction.Cases.counter, state: \AppState.count)
            <> textReducer.lift(action: \AppAction.Cases.text, state: \AppState.text)
        let store = TestStore(initialState: AppState(), reducer: reducer, middleware: middleware)
        await store.dispatch(.text(.append("go"))) { $0.text = "go" }
        await store.receive(.counter(.increment)) { $0.count = 1 }
        await store.receive(\.counter.set, 10) { $0.count = 10 }
    }

    @Test func cancellingAnOuterIDCancelsAnEffectMarkedInsideIt() async {
        let log = EventLog()
        let middleware = TestMiddleware<Action, [String]> { action, _, _ in
            switch action {
            case .start(let name):
                // A feature marks its effect; the app wraps it again to cancel everything at once.
                return Self.waiting(name, log: log).cancellable(id: "inner").cancellable(id: "outer")
            case .stop: return .cancel(id: "outer")
            default: return .none
            }
        }
        let store = TestStore(initialState: [], reducer: Self.reducer, middleware: middleware)
        await store.dispatch(.start("nested"))
        #expect(log.all == ["nested started"])
        await store.dispatch(.stop)
        #expect(log.all == ["nested started", "nested cancelled"])
        await store.finish()
    }

    @Test func aCancelledEffectIsReportedUntilItsWorkReturns() async {
        let gate = Release()
        let middleware = TestMiddleware<Action, [String]> { action, _, _ in
            switch action {
            case .start:
                // Work that ignores cancellation: it returns only when the test lets it.
                return .run { _ in await gate.wait() }
                    .cancellable(id: "stubborn")
            case .stop: return .cancel(id: "stubborn")
            default: return .none
            }
        }
        let scheduler = TestScheduler()
        let store = Store(initialState: [], reducer: Self.reducer, middleware: middleware, scheduler: scheduler)
        store.dispatch(.start("s"))
        store.dispatch(.stop)
        await scheduler.run()
        #expect(store.runningEffects == ["start(\"s\") (cancelled)"])
        gate.open()
        await scheduler.run()
        #expect(store.runningEffects.isEmpty)
    }

    // MARK: - Pinned behaviours of the engine: each fails under a realistic mutation of it.

    /// A feature whose deadline restarts on every check-in: the lifted form of the check-in
    /// example's deadline.
    enum Deadline: Sendable, Equatable {
        case checkIn
        case passed
    }

    enum Lifted: CaseAccessible, Sendable, Equatable {
        case deadline(Deadline)
    }

    struct DeadlineMiddleware: Middleware {
        let clock: TestClock

        func handle(action: Deadline, from source: ActionSource, state: GetState<Int>) -> Effect<Deadline> {
            guard action == .checkIn else { return .none }
            return .run { [clock] send in
                do { try await clock.sleep(for: .seconds(24 * 3600)) } catch { return }
                send(.passed)
            }
            .cancellable(id: "deadline", cancelInFlight: true)
        }
    }

    @Test func aLiftedEffectKeepsCancelInFlight() async {
        let clock = TestClock()
        let passes = Reducer<Lifted, Int>.reduce { action, count in
            if action == .deadline(.passed) { count += 1 }
        }
        let store = TestStore(
            initialState: 0,
            reducer: passes,
            middleware: DeadlineMiddleware(clock: clock).lift(
                action: \Lifted.Cases.deadline,
                state: \Int.self
            )
        )
        await store.dispatch(.deadline(.checkIn))
        await clock.advance(by: .seconds(6 * 3600))
        await store.dispatch(.deadline(.checkIn))
        #expect(clock.sleeperCount == 1)
        // Past the first check-in's deadline only: it was cancelled in flight, nothing arrives.
        await clock.advance(by: .seconds(18 * 3600))
        await clock.advance(by: .seconds(6 * 3600))
        await store.receive(.deadline(.passed)) { $0 = 1 }
        await store.finish()
    }

    @Test func aMappedEffectKeepsExplicitSources() async {
        let given = ActionSource(file: "Feature/Given.swift", function: "given()", line: 42, info: "explicit")
        let feature = TestMiddleware<CounterAction, Int> { action, _, _ in
            switch action {
            case .increment: return .send(.set(10), from: given)
            case .decrement: return .immediate { send in send(.set(20), from: given) }
            case .set(0): return .run { send in send(.set(30), from: given) }
            case .set: return .none
            }
        }
        let store = TestStore(
            initialState: AppState(),
            reducer: counterReducer.lift(action: \AppAction.Cases.counter, state: \AppState.count),
            middleware: feature.lift(
                action: \AppAction.Cases.counter,
                state: \AppState.count
            )
        )
        await store.dispatch(.counter(.increment)) { $0.count = 1 }
        #expect(await store.receive(.counter(.set(10))) { $0.count = 10 }?.source == given)
        await store.dispatch(.counter(.decrement)) { $0.count = 9 }
        #expect(await store.receive(.counter(.set(20))) { $0.count = 20 }?.source == given)
        await store.dispatch(.counter(.set(0))) { $0.count = 0 }
        #expect(await store.receive(.counter(.set(30))) { $0.count = 30 }?.source == given)
        await store.finish()
    }

    @Test func noneMarkedCancelInFlightCancelsTheEffectRunningUnderItsID() async {
        let log = EventLog()
        let middleware = TestMiddleware<Action, [String]> { action, _, _ in
            switch action {
            case .start(let name): return Self.waiting(name, log: log).cancellable(id: "work")
            case .stop: return Effect<Action>.none.cancellable(id: "work", cancelInFlight: true)
            default: return .none
            }
        }
        let store = TestStore(initialState: [], reducer: Self.reducer, middleware: middleware)
        await store.dispatch(.start("a"))
        #expect(log.all == ["a started"])
        await store.dispatch(.stop)
        #expect(log.all == ["a started", "a cancelled"])
        await store.finish()
    }

    @Test func aCancelledEffectThatSendsAfterCatchingTheCancellationIsNotReduced() async {
        let clock = TestClock()
        let middleware = TestMiddleware<Action, [String]> { action, _, _ in
            switch action {
            case .start(let name):
                return .run { send in
                    do {
                        try await clock.sleep(for: .seconds(60))
                    } catch {
                        send(.finished("\(name) after its cancellation"))
                    }
                }
                .cancellable(id: "work")
            case .stop: return .cancel(id: "work")
            default: return .none
            }
        }
        let store = TestStore(initialState: [], reducer: Self.reducer, middleware: middleware)
        await store.dispatch(.start("a"))
        #expect(clock.sleeperCount == 1)
        await store.dispatch(.stop)
        #expect(clock.sleeperCount == 0)
        // Exhaustive: an action reduced after the cancellation would be reported as not received.
        await store.finish()
        #expect(store.state.isEmpty)
    }

    @Test func runningEffectsAreListedOldestFirst() {
        let log = EventLog()
        let names = (0..<16).map { "effect \($0)" }
        let store = Store(initialState: [], reducer: Self.reducer, middleware: Self.middleware(log: log))
        for name in names { store.dispatch(.start(name)) }
        #expect(store.runningEffects == names.map { "start(\"\($0)\")" })
    }

    /// Effects that wait on a stream until cancelled, recording both events.
    static func waiting(_ name: String, log: EventLog) -> Effect<Action> {
        .run { _ in
            log.record("\(name) started")
            let never = AsyncStream<Int> { _ in }
            for await _ in never {}
            log.record("\(name) cancelled")
        }
    }
}
