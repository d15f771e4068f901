import AqueductTesting
import Testing

@testable import Aqueduct

@MainActor
@Suite(.timeLimit(.minutes(3))) struct MiddlewareTests {
    /// A middleware that records its name for every action and sends a follow-up for `.set`.
    static func named(_ name: String, log: EventLog) -> TestMiddleware<CounterAction, Int> {
        TestMiddleware { action, _, _ in
            log.record("\(name):\(action)")
            if case .set(let value) = action, value > 0 { return .send(.set(value - 1)) }
            return .none
        }
    }

    static func transcript(
        _ build: (EventLog) -> AnyMiddleware<CounterAction, CounterAction, Int>
    ) -> (log: [String], state: Int) {
        let log = EventLog()
        let store = Store(initialState: 0, reducer: counterReducer, middleware: build(log))
        store.dispatch(.set(2))
        store.dispatch(.increment)
        return (log.all, store.state)
    }

    @Test func compositionIsAssociativeAndFlat() {
        let left = Self.transcript { log in
            AnyMiddleware((Self.named("a", log: log) <> Self.named("b", log: log)) <> Self.named("c", log: log))
        }
        let right = Self.transcript { log in
            AnyMiddleware(Self.named("a", log: log) <> (Self.named("b", log: log) <> Self.named("c", log: log)))
        }
        #expect(left.log == right.log)
        #expect(left.state == right.state)
        #expect(left.log.prefix(3) == ["a:set(2)", "b:set(2)", "c:set(2)"])
        let log = EventLog()
        let nested = (Self.named("a", log: log) <> Self.named("b", log: log)) <> Self.named("c", log: log)
        #expect(Self.mergedParts(nested.handle(action: .set(2), from: ActionSource(), state: GetState { 0 })) == 3)
    }

    /// The number of effects merged into `effect`: 1 for an effect that is not a merge, 0 for none.
    static func mergedParts(_ effect: Effect<CounterAction>) -> Int {
        if effect.isNone { return 0 }
        if case .merge(let parts) = effect.operation { return parts.count }
        return 1
    }

    @Test func aCompositionBuiltAtRunTimeCallsEachPartInTurn() {
        let built = Self.transcript { log in
            var middleware: any Middleware<CounterAction, CounterAction, Int> = Self.named("a", log: log)
            for name in ["b", "c"] { middleware = middleware <> Self.named(name, log: log) }
            return AnyMiddleware(middleware)
        }
        let written = Self.transcript { log in
            AnyMiddleware(Self.named("a", log: log) <> Self.named("b", log: log) <> Self.named("c", log: log))
        }
        #expect(built.log == written.log)
        #expect(built.log.prefix(3) == ["a:set(2)", "b:set(2)", "c:set(2)"])
        #expect(built.state == written.state)
    }

    @Test func identityChangesNothingAndAStoreSeesThroughPairsOfIdentities() {
        let alone = Self.transcript { log in AnyMiddleware(Self.named("a", log: log)) }
        let withIdentity = Self.transcript { log in
            AnyMiddleware(
                IdentityMiddleware() <> Self.named("a", log: log)
                    <> IdentityMiddleware<CounterAction, CounterAction, Int>()
            )
        }
        #expect(alone.log == withIdentity.log)
        #expect(alone.state == withIdentity.state)
        let log = EventLog()
        let twoIdentities = IdentityMiddleware<CounterAction, CounterAction, Int>() <> IdentityMiddleware()
        #expect(AnyMiddleware(twoIdentities).isIdentity)
        #expect(AnyMiddleware(IdentityMiddleware() <> twoIdentities).isIdentity)
        #expect(AnyMiddleware(AnyMiddleware(twoIdentities) <> IdentityMiddleware()).isIdentity)
        #expect(!AnyMiddleware(twoIdentities <> Self.named("a", log: log)).isIdentity)
        #expect(!AnyMiddleware(Self.named("a", log: log) <> twoIdentities).isIdentity)
    }

    /// A middleware with the default start hooks.
    struct DefaultStart: Middleware {
        func handle(action: CounterAction, from source: ActionSource, state: GetState<Int>) -> Effect<CounterAction> {
            .none
        }
    }

    @Test func aCompositionHasAStartHookOfItsOwnWhenAnyPartHasOne() {
        let context = MiddlewareContext<CounterAction, Int>(dispatcher: Dispatcher { _, _ in }, state: GetState { 0 })
        let own = TestMiddleware<CounterAction, Int> { _, _, _ in .none }
        #expect(!DefaultStart()._legacyStart(context))
        #expect(!((DefaultStart() <> DefaultStart()) <> DefaultStart())._legacyStart(context))
        #expect(!(IdentityMiddleware() <> DefaultStart())._legacyStart(context))
        #expect(((DefaultStart() <> DefaultStart()) <> own)._legacyStart(context))
        #expect((DefaultStart() <> (own <> DefaultStart()))._legacyStart(context))
        #expect((own <> (DefaultStart() <> DefaultStart()))._legacyStart(context))
        let features =
            Feature(reducer: counterReducer, middleware: DefaultStart())
            <> Feature(reducer: .identity, middleware: own)
        #expect(features._middleware?._legacyStart(context) == true)
    }

    @Test func erasingTwiceKeepsTheSameMiddleware() {
        let log = EventLog()
        let once = AnyMiddleware(Self.named("a", log: log))
        let twice = AnyMiddleware(once)
        #expect(twice.base is TestMiddleware<CounterAction, Int>)
    }

    @Test func liftIgnoresOtherFeaturesAndEmbedsOutput() {
        let log = EventLog()
        var states: [Int] = []
        let feature = TestMiddleware<CounterAction, Int> { action, _, state in
            log.record("\(action)")
            states.append(state())
            return action == .increment ? .send(.set(100)) : .none
        }
        let lifted = feature.lift(
            action: \AppAction.Cases.counter,
            state: \AppState.count
        )
        let reducer =
            counterReducer.lift(action: \AppAction.Cases.counter, state: \AppState.count)
            <> textReducer.lift(action: \AppAction.Cases.text, state: \AppState.text)
        let store = Store(initialState: AppState(count: 7), reducer: reducer, middleware: lifted)
        store.dispatch(.text(.append("x")))
        store.dispatch(.counter(.increment))
        #expect(log.all == ["increment", "set(100)"])
        #expect(states == [7, 8])
        #expect(store.state == AppState(count: 100, text: "x"))
    }

    @Test func aMiddlewareThatReadsNoStateIsLiftedByItsCaseAloneAndItsStartHookSendsThroughIt() async {
        // A source of actions: its start hook dispatches, its handler answers `.decrement`.
        let source = TestMiddleware<CounterAction, Void>(
            onHandle: { action, _, _ in action == .decrement ? .send(.set(0)) : .none },
            onStart: { context in context.dispatcher.dispatch(.increment) }
        )
        let store = Store(
            initialState: AppState(count: 5),
            reducer: counterReducer.lift(action: \AppAction.Cases.counter, state: \AppState.count),
            middleware: source.lift(action: \AppAction.Cases.counter)
        )
        // The start hook's increment arrives through the store's inbox, embedded in `.counter`.
        for await count in store.values(of: \.count, .removingDuplicates) where count == 6 { break }
        store.dispatch(.counter(.decrement))
        #expect(store.state.count == 0)
    }

    @Test func liftThenComposeEqualsComposeThenLift() {
        func run(_ middleware: some Middleware<AppAction, AppAction, AppState>) -> [String] {
            let store = Store(
                initialState: AppState(),
                reducer: counterReducer.lift(action: \AppAction.Cases.counter, state: \AppState.count),
                middleware: middleware
            )
            store.dispatch(.counter(.set(2)))
            store.dispatch(.text(.append("z")))
            return ["\(store.state.count)"]
        }
        let logA = EventLog()
        let logB = EventLog()
        let composedThenLifted = (Self.named("a", log: logA) <> Self.named("b", log: logA))
            .lift(action: \AppAction.Cases.counter, state: \AppState.count)
        let liftedThenComposed =
            Self.named("a", log: logB).lift(
                action: \AppAction.Cases.counter,
                state: \AppState.count
            )
            <> Self.named("b", log: logB).lift(
                action: \AppAction.Cases.counter,
                state: \AppState.count
            )
        #expect(run(composedThenLifted) == run(liftedThenComposed))
        #expect(logA.all == logB.all)
        #expect(logA.all.first == "a:set(2)")
    }

    @Test func sourcePropagatesThroughLiftedMiddlewareEffects() {
        var sources: [ActionSource] = []
        let feature = TestMiddleware<CounterAction, Int> { action, source, _ in
            if action == .set(1) { sources.append(source) }
            return action == .increment ? .send(.set(1)) : .none
        }
        let lifted = feature.lift(
            action: \AppAction.Cases.counter,
            state: \AppState.count
        )
        let store = Store(
            initialState: AppState(),
            reducer: counterReducer.lift(action: \AppAction.Cases.counter, state: \AppState.count),
            middleware: lifted
        )
        let line = #line + 1
        store.dispatch(.counter(.increment))
        let source = try! #require(sources.first)
        #expect(source.file == "AqueductTests/MiddlewareTests.swift")
        #expect(source.line == UInt(line))
        #expect(source.info == "Sent by an effect of counter(CounterAction.increment)")
    }

    @Test func liftedStartHookDispatchesEmbeddedActions() async {
        let feature = TestMiddleware<CounterAction, Int>(
            onHandle: { _, _, _ in .none },
            onStart: { context in context.dispatcher.dispatch(.set(context.state() * 3)) }
        )
        let scheduler = TestScheduler()
        let store = Store(
            initialState: AppState(count: 5),
            reducer: counterReducer.lift(action: \AppAction.Cases.counter, state: \AppState.count),
            middleware: feature.lift(
                action: \AppAction.Cases.counter,
                state: \AppState.count
            ),
            scheduler: scheduler
        )
        #expect(store.state.count == 5)  // dispatched from the start hook: waits in the inbox
        await scheduler.run()
        #expect(store.state.count == 15)
    }
}
