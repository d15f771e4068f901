import Aqueduct
import AqueductTesting
import Testing

@MainActor
@Suite struct EffectTests {
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

    @Test func cancelByIDCancelsEveryEffectUnderIt() async {
        let log = EventLog()
        let store = Store(initialState: [], reducer: Self.reducer, middleware: Self.middleware(log: log))
        store.dispatch(.start("a"))
        store.dispatch(.start("b"))
        #expect(await eventually { Set(log.all) == ["a started", "b started"] })
        store.dispatch(.stop)
        #expect(await eventually { Set(log.all) == ["a started", "b started", "a cancelled", "b cancelled"] })
    }

    @Test func cancelInFlightCancelsThePreviousEffect() async {
        let log = EventLog()
        let store = Store(initialState: [], reducer: Self.reducer, middleware: Self.middleware(log: log))
        store.dispatch(.startLatest("a"))
        #expect(await eventually { log.all == ["a started"] })
        store.dispatch(.startLatest("b"))
        #expect(await eventually { Set(log.all) == ["a started", "a cancelled", "b started"] })
        store.dispatch(.stop)
        #expect(await eventually { log.all.count == 4 })
        #expect(log.all.last == "b cancelled")
    }

    @Test func runEffectActionsCarryTheCauseSourceWithInfo() async {
        let middleware = TestMiddleware<Action, [String]> { action, _, _ in
            guard case .start(let name) = action else { return .none }
            return .run { send in send(.finished(name)) }
        }
        let store = TestStore(initialState: [], reducer: Self.reducer, middleware: middleware)
        let line = #line + 1
        await store.send(.start("x"))
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
            counterReducer.lift(action: \AppAction.counter, state: \AppState.count)
            <> textReducer.lift(action: \AppAction.text, state: \AppState.text)
        let store = TestStore(initialState: AppState(), reducer: reducer, middleware: middleware)
        await store.send(.text(.append("go"))) { $0.text = "go" }
        await store.receive(.counter(.increment)) { $0.count = 1 }
        await store.receive(\.counter?.set, 10) { $0.count = 10 }
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
        let store = Store(initialState: [], reducer: Self.reducer, middleware: middleware)
        store.dispatch(.start("nested"))
        #expect(await eventually { log.all == ["nested started"] })
        store.dispatch(.stop)
        #expect(await eventually { log.all == ["nested started", "nested cancelled"] })
    }

    @Test func aCancelledEffectIsReportedUntilItsWorkReturns() async {
        let gate = EventLog()
        let middleware = TestMiddleware<Action, [String]> { action, _, _ in
            switch action {
            case .start:
                // Work that ignores cancellation: it returns only when the test lets it.
                return .run { _ in
                    while !gate.all.contains("release") { try? await Task.sleep(for: .milliseconds(1)) }
                }
                .cancellable(id: "stubborn")
            case .stop: return .cancel(id: "stubborn")
            default: return .none
            }
        }
        let store = Store(initialState: [], reducer: Self.reducer, middleware: middleware)
        store.dispatch(.start("s"))
        store.dispatch(.stop)
        #expect(store.runningEffects == ["start(\"s\") (cancelled)"])
        gate.record("release")
        #expect(await eventually { store.runningEffects.isEmpty })
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
