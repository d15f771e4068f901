import Aqueduct
import AqueductTesting
import Testing

@MainActor
@Suite(.timeLimit(.minutes(3))) struct EffectThrottleTests {
    /// A refresh throttled to one a second under one id; `.stop` cancels the id.
    static func refreshes(clock: TestClock, latest: Bool) -> TestStore<Feed, [String]> {
        feedStore(
            go: { name, _ in
                .run { send in send(.got(name)) }.throttle(
                    id: "refresh",
                    for: .seconds(1),
                    clock: clock,
                    latest: latest
                )
            },
            stop: { .cancel(id: "refresh") }
        )
    }

    @Test func theFirstRunsAtOnceAndTheNewestOfTheIntervalAtItsEnd() async {
        let clock = TestClock()
        let store = Self.refreshes(clock: clock, latest: true)
        await store.dispatch(.go("a"))
        await store.receive(.got("a")) { $0 = ["a"] }
        await clock.advance(by: .milliseconds(300))
        await store.dispatch(.go("b"))
        await clock.advance(by: .milliseconds(300))
        let line = #line + 1
        await store.dispatch(.go("c"))
        await clock.advance(by: .milliseconds(399))
        #expect(store.state == ["a"])
        await clock.advance(by: .milliseconds(1))
        let newest = await store.receive(.got("c")) { $0.append("c") }
        #expect(newest?.source.line == UInt(line))
        #expect(newest?.source.info == "Sent by an effect of go(\"c\")")
        // The next interval starts when "c" was let through, at 1 s: "d" at 1.2 s waits for 2 s.
        await clock.advance(by: .milliseconds(200))
        await store.dispatch(.go("d"))
        await clock.advance(by: .milliseconds(799))
        #expect(store.state == ["a", "c"])
        await clock.advance(by: .milliseconds(1))
        await store.receive(.got("d")) { $0.append("d") }
        await store.finish()
    }

    @Test func withoutLatestTheFirstOfTheIntervalRunsAtItsEnd() async {
        let clock = TestClock()
        let store = Self.refreshes(clock: clock, latest: false)
        await store.dispatch(.go("a"))
        await store.receive(.got("a")) { $0 = ["a"] }
        await clock.advance(by: .milliseconds(300))
        await store.dispatch(.go("b"))
        await clock.advance(by: .milliseconds(300))
        await store.dispatch(.go("c"))  // dropped
        await clock.advance(by: .milliseconds(400))
        let first = await store.receive(.got("b")) { $0.append("b") }
        #expect(first?.source.info == "Sent by an effect of go(\"b\")")
        await clock.advance(by: .seconds(5))
        await store.finish()
    }

    @Test func anEffectAfterAQuietIntervalRunsAtOnce() async {
        let clock = TestClock()
        let store = Self.refreshes(clock: clock, latest: true)
        await store.dispatch(.go("a"))
        await store.receive(.got("a")) { $0 = ["a"] }
        await clock.advance(by: .seconds(1))  // exactly the interval: it is over
        await store.dispatch(.go("b"))
        await store.receive(.got("b")) { $0.append("b") }
        #expect(clock.sleeperCount == 0)
        await store.finish()
    }

    @Test func cancellingTheIDCancelsTheWaitingEffectButKeepsTheInterval() async {
        let clock = TestClock()
        let store = Self.refreshes(clock: clock, latest: true)
        await store.dispatch(.go("a"))
        await store.receive(.got("a")) { $0 = ["a"] }
        await clock.advance(by: .milliseconds(500))
        await store.dispatch(.go("b"))
        #expect(clock.sleeperCount == 1)
        await store.dispatch(.stop)
        #expect(clock.sleeperCount == 0)
        await clock.advance(by: .milliseconds(100))
        await store.dispatch(.go("c"))  // still within the interval that "a" started: waits
        #expect(store.state == ["a"])
        await clock.advance(by: .milliseconds(400))
        await store.receive(.got("c")) { $0.append("c") }
        await store.finish()
    }

    @Test func cancellingTheIDCancelsTheEffectLetThrough() async {
        let clock = TestClock()
        let store = feedStore(
            go: { name, _ in
                .run { send in
                    try? await clock.sleep(for: .seconds(5))
                    send(.got(name))
                }
                .throttle(id: "refresh", for: .seconds(1), clock: clock, latest: true)
            },
            stop: { .cancel(id: "refresh") }
        )
        await store.dispatch(.go("a"))
        #expect(clock.sleeperCount == 1)
        await store.dispatch(.stop)
        #expect(clock.sleeperCount == 0)
        await store.finish()
    }

    @Test func cancelInFlightAroundAThrottleCancelsTheEffectWaiting() async {
        let clock = TestClock()
        let store = feedStore(go: { name, _ in
            .send(.got(name))
                .throttle(id: "refresh", for: .seconds(1), clock: clock, latest: false)
                .cancellable(id: "latest refresh", cancelInFlight: true)
        })
        await store.dispatch(.go("a"))
        await store.receive(.got("a")) { $0 = ["a"] }
        await store.dispatch(.go("b"))
        // "b" waits; "c" cancels it in flight before the throttle sees it, so "c" waits
        // instead, although the throttle keeps the first of an interval.
        await store.dispatch(.go("c"))
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .seconds(1))
        await store.receive(.got("c")) { $0.append("c") }
        await store.finish()
    }

    @Test func aThrottledSendIsProcessedAtTheEndOfTheInterval() async {
        let clock = TestClock()
        let store = feedStore(go: { name, _ in
            .send(.got(name)).throttle(id: "refresh", for: .seconds(1), clock: clock, latest: true)
        })
        await store.dispatch(.go("a"))
        await store.receive(.got("a")) { $0 = ["a"] }
        await store.dispatch(.go("b"))
        await clock.advance(by: .seconds(1))
        let later = await store.receive(.got("b")) { $0.append("b") }
        #expect(later?.source.info == "Sent by an effect of go(\"b\")")
        await store.finish()
    }

    @Test func throttlingNoneGivesNone() {
        #expect(Effect<Feed>.none.throttle(id: "refresh", for: .seconds(1), clock: TestClock(), latest: true).isNone)
    }

    @Test func eachStoreThrottlesOnItsOwn() async {
        let clock = TestClock()
        let first = Self.refreshes(clock: clock, latest: true)
        let second = Self.refreshes(clock: clock, latest: true)
        await first.dispatch(.go("a"))
        await first.receive(.got("a")) { $0 = ["a"] }
        await second.dispatch(.go("b"))  // the same id and clock, another store: not throttled
        await second.receive(.got("b")) { $0 = ["b"] }
        await first.finish()
        await second.finish()
    }

    @Test func aLiftedThrottleEmbedsItsActionAndKeepsItsID() async {
        let clock = TestClock()
        let store = liftedCounterStore(
            { .send(.set(100)).throttle(id: "sync", for: .seconds(1), clock: clock, latest: true) },
            stop: { .cancel(id: "sync") }
        )
        await store.dispatch(.counter(.increment)) { $0.count = 1 }
        await store.receive(.counter(.set(100))) { $0.count = 100 }
        await store.dispatch(.counter(.increment)) { $0.count = 101 }
        await clock.advance(by: .seconds(1))
        let later = await store.receive(.counter(.set(100))) { $0.count = 100 }
        #expect(later?.source.info == "Sent by an effect of counter(CounterAction.increment)")
        await store.dispatch(.counter(.increment)) { $0.count = 101 }
        await store.dispatch(.counter(.decrement)) { $0.count = 100 }  // cancels "sync": nothing waits
        #expect(clock.sleeperCount == 0)
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    @Test func eachElementIsThrottledOnItsOwn() async {
        let clock = TestClock()
        let rows = TestMiddleware<RowAction, Row> { action, _, _ in
            guard case .start(let title) = action else { return .none }
            return .send(.saved(title: title)).throttle(id: "save", for: .seconds(1), clock: clock, latest: true)
        }
        let store = TestStore(
            initialState: RowListState(),
            reducer: CollectionMiddlewareTests.listReducer,
            middleware: CollectionMiddlewareTests.byID(rows)
        )
        await store.dispatch(.row(id: 1, action: .start("one")))
        await store.receive(.row(id: 1, action: .saved(title: "one"))) { $0.rows[0].title = "one" }
        await store.dispatch(.row(id: 2, action: .start("two")))  // another element: not throttled
        await store.receive(.row(id: 2, action: .saved(title: "two"))) { $0.rows[1].title = "two" }
        await store.dispatch(.row(id: 1, action: .start("one again")))  // the same element: waits
        await clock.advance(by: .seconds(1))
        let later = await store.receive(.row(id: 1, action: .saved(title: "one again"))) {
            $0.rows[0].title = "one again"
        }
        #expect(later?.source.info == "Sent by an effect of row(id: 1, action: RowAction.start(\"one again\"))")
        await store.finish()
    }

    @Test func aMiddlewareTesterSeesTheFirstAtOnceAndTheNewestLater() async {
        let clock = TestClock()
        let tester = MiddlewareTester(
            feedMiddleware(go: { name, _ in
                .send(.got(name)).throttle(id: "refresh", for: .seconds(1), clock: clock, latest: true)
            }),
            state: []
        )
        #expect(await tester.handle(.go("a"), awaitingEffects: false).map(\.action) == [.got("a")])
        #expect(await tester.handle(.go("b"), awaitingEffects: false).isEmpty)
        #expect(await tester.handle(.go("c"), awaitingEffects: false).isEmpty)
        await clock.advance(by: .seconds(1))
        let sent = await tester.waitForDispatches(count: 2)
        #expect(sent.map(\.action) == [.got("a"), .got("c")])
    }
}
