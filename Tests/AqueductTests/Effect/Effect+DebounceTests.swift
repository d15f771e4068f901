import Aqueduct
import AqueductTesting
import Testing

@MainActor
@Suite(.timeLimit(.minutes(3))) struct EffectDebounceTests {
    /// A search: each query asks for results, debounced by 300 ms under one id.
    static func search(
        clock: TestClock,
        queries: EventLog
    ) -> @MainActor @Sendable (String, GetState<[String]>) -> Effect<Feed> {
        { query, _ in
            .run { send in
                queries.record(query)
                send(.got(query.uppercased()))
            }
            .debounce(id: "search", for: .milliseconds(300), clock: clock)
        }
    }

    @Test func onlyTheLatestRunsOnceQuietForTheDuration() async {
        let clock = TestClock()
        let queries = EventLog()
        let store = feedStore(go: Self.search(clock: clock, queries: queries))
        await store.dispatch(.go("m"))
        await clock.advance(by: .milliseconds(200))
        await store.dispatch(.go("mi"))
        await clock.advance(by: .milliseconds(200))
        let line = #line + 1
        await store.dispatch(.go("mil"))
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .milliseconds(299))
        #expect(queries.all.isEmpty)
        await clock.advance(by: .milliseconds(1))
        let results = await store.receive(.got("MIL")) { $0 = ["MIL"] }
        #expect(queries.all == ["mil"])
        #expect(results?.source.line == UInt(line))
        #expect(results?.source.info == "Sent by an effect of go(\"mil\")")
        await store.finish()
    }

    @Test func cancellingTheIDCancelsTheWaitingEffect() async {
        let clock = TestClock()
        let queries = EventLog()
        let store = feedStore(go: Self.search(clock: clock, queries: queries), stop: { .cancel(id: "search") })
        await store.dispatch(.go("milk"))
        await store.dispatch(.stop)
        #expect(clock.sleeperCount == 0)
        await clock.advance(by: .seconds(1))
        await store.finish()
        #expect(queries.all.isEmpty)
    }

    @Test func aNewerEffectCancelsTheOneAlreadyRunning() async {
        let clock = TestClock()
        let log = EventLog()
        let store = feedStore(go: { name, _ in
            .run { send in
                log.record("\(name) started")
                try? await clock.sleep(for: .seconds(10))
                send(.got(name))
            }
            .debounce(id: "slow", for: .seconds(1), clock: clock)
        })
        await store.dispatch(.go("a"))
        await clock.advance(by: .seconds(1))
        #expect(log.all == ["a started"])
        await store.dispatch(.go("b"))
        await clock.advance(by: .seconds(11))
        #expect(log.all == ["a started", "b started"])
        await store.receive(.got("b")) { $0 = ["b"] }
        await store.finish()
    }

    @Test func aDebouncedSendIsProcessedWhenThePauseIsOver() async {
        let clock = TestClock()
        let store = feedStore(go: { name, _ in
            .send(.got(name)).debounce(id: "save", for: .seconds(1), clock: clock)
        })
        let line = #line + 1
        await store.dispatch(.go("draft"))
        #expect(store.state.isEmpty)
        await clock.advance(by: .seconds(1))
        let saved = await store.receive(.got("draft")) { $0 = ["draft"] }
        #expect(saved?.source.line == UInt(line))
        #expect(saved?.source.info == "Sent by an effect of go(\"draft\")")
        await store.finish()
    }

    @Test func debouncingNoneNeitherWaitsNorCancels() async {
        let clock = TestClock()
        #expect(Effect<Feed>.none.debounce(id: "save", for: .seconds(1), clock: clock).isNone)
        let store = feedStore(go: { name, _ in
            let effect: Effect<Feed> = name.isEmpty ? .none : .send(.got(name))
            return effect.debounce(id: "save", for: .seconds(1), clock: clock)
        })
        await store.dispatch(.go("kept"))
        await store.dispatch(.go(""))
        await clock.advance(by: .seconds(1))
        await store.receive(.got("kept")) { $0 = ["kept"] }
        await store.finish()
    }

    @Test func aLiftedDebounceEmbedsItsActionAndKeepsItsID() async {
        let clock = TestClock()
        let store = liftedCounterStore(
            { .send(.set(10)).debounce(id: "save", for: .seconds(1), clock: clock) },
            stop: { .cancel(id: "save") }
        )
        await store.dispatch(.counter(.increment)) { $0.count = 1 }
        await clock.advance(by: .milliseconds(500))
        await store.dispatch(.counter(.increment)) { $0.count = 2 }
        await clock.advance(by: .milliseconds(500))
        #expect(store.state.count == 2)  // the first was replaced by the second
        await clock.advance(by: .milliseconds(500))
        let saved = await store.receive(.counter(.set(10))) { $0.count = 10 }
        #expect(saved?.source.info == "Sent by an effect of counter(CounterAction.increment)")
        await store.dispatch(.counter(.increment)) { $0.count = 11 }
        await store.dispatch(.counter(.decrement)) { $0.count = 10 }  // cancels "save"
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    @Test func eachElementIsDebouncedOnItsOwn() async {
        let clock = TestClock()
        let rows = TestMiddleware<RowAction, Row> { action, _, _ in
            guard case .start(let title) = action else { return .none }
            return .send(.saved(title: title)).debounce(id: "save", for: .seconds(1), clock: clock)
        }
        let store = TestStore(
            initialState: RowListState(),
            reducer: CollectionMiddlewareTests.listReducer,
            middleware: CollectionMiddlewareTests.byID(rows)
        )
        await store.dispatch(.row(id: 1, action: .start("one")))
        await clock.advance(by: .milliseconds(500))
        await store.dispatch(.row(id: 2, action: .start("two")))  // another element: row 1's stays
        await clock.advance(by: .milliseconds(500))
        let saved = await store.receive(.row(id: 1, action: .saved(title: "one"))) { $0.rows[0].title = "one" }
        #expect(saved?.source.info == "Sent by an effect of row(id: 1, action: RowAction.start(\"one\"))")
        await store.dispatch(.row(id: 2, action: .start("two again")))  // the same element: replaces its own
        await clock.advance(by: .seconds(1))
        await store.receive(.row(id: 2, action: .saved(title: "two again"))) { $0.rows[1].title = "two again" }
        await store.finish()
    }

    /// Keeps its clock as an app's composition root injects it: `any Clock<Duration>`.
    struct Autosave: Middleware {
        let clock: any Clock<Duration>

        func handle(action: Feed, from source: ActionSource, state: GetState<[String]>) -> Effect<Feed> {
            guard case .go(let draft) = action else { return .none }
            return .send(.got(draft)).debounce(id: "autosave", for: .seconds(2), clock: clock)
        }
    }

    @Test func aClockInjectedAsAnyClockIsTheOneThePauseIsMeasuredOn() async {
        let clock = TestClock()
        let store = TestStore(initialState: [], reducer: feedReducer, middleware: Autosave(clock: clock))
        await store.dispatch(.go("draft"))
        await clock.advance(by: .seconds(1))
        await store.dispatch(.go("final draft"))
        await clock.advance(by: .seconds(2))
        await store.receive(.got("final draft")) { $0 = ["final draft"] }
        await store.finish()
    }

    @Test func aMiddlewareTesterSeesOnlyTheLatestAfterTheClockIsAdvanced() async {
        let clock = TestClock()
        let tester = MiddlewareTester(
            feedMiddleware(go: { name, _ in
                .send(.got(name)).debounce(id: "search", for: .milliseconds(300), clock: clock)
            }),
            state: []
        )
        #expect(await tester.handle(.go("mi"), awaitingEffects: false).isEmpty)
        #expect(await tester.handle(.go("milk"), awaitingEffects: false).isEmpty)
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .milliseconds(300))
        let sent = await tester.waitForDispatches(count: 1)
        #expect(sent.map(\.action) == [.got("milk")])
        #expect(sent.first?.source.info == "Sent by an effect of go(\"milk\")")
    }
}
