import Aqueduct
import AqueductTesting
import Testing

@MainActor
@Suite(.timeLimit(.minutes(3))) struct MiddlewareTesterTests {
    @Test func recordsSynchronousEffectsInOrderWithTheirSources() async {
        let tester = MiddlewareTester(CounterMiddleware(), state: CounterState())
        let line = #line + 1
        let sent = await tester.handle(.incrementTwice)
        #expect(sent.map(\.action) == [.increment, .increment])
        #expect(sent.allSatisfy { $0.source.line == UInt(line) })
        #expect(sent.allSatisfy { $0.source.info == "Sent by an effect of incrementTwice" })
        #expect(await tester.handle(.set(3)).isEmpty)
        #expect(tester.dispatched.count == 2)
    }

    @Test func awaitsAsynchronousEffects() async {
        let tester = MiddlewareTester(
            SearchMiddleware(client: .groceries, clock: ImmediateClock()),
            state: SearchState()
        )
        let sent = await tester.handle(.queryChanged("bread"))
        #expect(sent.map(\.description) == ["loaded([\"Bread\"])"])
    }

    @Test func recordsCancellations() async {
        let tester = MiddlewareTester(SearchMiddleware(client: .groceries, clock: TestClock()), state: SearchState())
        #expect(await tester.handle(.cancel).isEmpty)
        #expect(tester.cancelledIDs == ["search"])
    }

    @Test func immediateEffectsReadTheStateAfterTheReducer() async {
        let onlyWhenPositive = AnyMiddleware<CounterAction, CounterAction, CounterState>(handle: { action, _, state in
            guard case .set = action else { return .none }
            return .immediate { send in
                if state().count > 0 { send(.increment) }
            }
        })
        let tester = MiddlewareTester(onlyWhenPositive, state: CounterState())
        #expect(await tester.handle(.set(-1), reducing: counterReducer).isEmpty)
        let sent = await tester.handle(.set(4), reducing: counterReducer)
        #expect(sent.map(\.action) == [.increment])
        #expect(tester.state.count == 4)
    }

    @Test func handleSeesTheStateBeforeReducingAndTheEffectAfter() async {
        let seen = Log<String>()
        let reader = AnyMiddleware<CounterAction, CounterAction, CounterState>(handle: { _, _, state in
            seen.append("handle sees \(state().count)")
            return .immediate { _ in seen.append("effect sees \(state().count)") }
        })
        let tester = MiddlewareTester(reader, state: CounterState(count: 1))
        await tester.handle(.set(4), reducing: counterReducer)
        #expect(seen.all == ["handle sees 1", "effect sees 4"])
    }

    @Test func recordsWhatTheStartHookDispatchesNowAndLater() async {
        let source = AnyMiddleware<CounterAction, CounterAction, CounterState>(
            handle: { _, _, _ in .none },
            start: { context in
                context.dispatcher.dispatch(.set(context.state().count + 1))
                let dispatcher = context.dispatcher
                Task.detached { dispatcher.dispatch(.increment, info: "later") }
            }
        )
        let tester = MiddlewareTester(source, state: CounterState(count: 41))
        let now = tester.start()
        #expect(now.map(\.action).first == .set(42))
        let all = await tester.waitForDispatches(count: 2)
        #expect(all.map(\.action) == [.set(42), .increment])
        #expect(all[1].source.info == "later")
    }

    @Test func derivesSourcesAsTheStoreDoes() async {
        // The tester builds derived sources itself; they must read as the store's do.
        let store = TestStore(initialState: CounterState(), reducer: counterReducer, middleware: CounterMiddleware())
        let tester = MiddlewareTester(CounterMiddleware(), state: CounterState())
        let source = ActionSource(file: "App/Feature.swift", function: "tap()", line: 7)
        await store.dispatch(.incrementTwice, from: source) { $0.history = [0] }
        let fromStore = await store.receive(\.increment) {
            $0.count = 1
            $0.history.append(1)
        }
        await store.skipReceivedActions()
        let fromTester = await tester.handle(.incrementTwice, from: source)
        // Derived separately, their info lines are different lines that read the same (see
        // ActionSource's equality): compare what they read.
        #expect(fromStore?.source.info == fromTester.first?.source.info)
        #expect(fromStore?.source.info == "Sent by an effect of incrementTwice")
        #expect(fromStore?.source.description == fromTester.first?.source.description)
    }

    @Test func effectsOnATestClockAreNotAwaitedWhenAsked() async {
        let clock = TestClock()
        let tester = MiddlewareTester(SearchMiddleware(client: .groceries, clock: clock), state: SearchState())
        #expect(await tester.handle(.queryChanged("mi"), awaitingEffects: false).isEmpty)
        #expect(await tester.handle(.queryChanged("milk"), awaitingEffects: false).isEmpty)
        #expect(clock.sleeperCount == 1)  // the first was cancelled in flight
        await clock.advance(by: .milliseconds(300))
        let sent = await tester.waitForDispatches(count: 1)
        #expect(sent.map(\.description) == ["loaded([\"Milk\"])"])
        #expect(sent[0].source.info == "Sent by an effect of queryChanged(\"milk\")")
    }

    @Test func releasingTheTesterCancelsEffectsStillRunning() async {
        let clock = TestClock()
        var tester: MiddlewareTester<SearchMiddleware<TestClock>>? = MiddlewareTester(
            SearchMiddleware(client: .groceries, clock: clock),
            state: SearchState()
        )
        await tester?.handle(.queryChanged("milk"), awaitingEffects: false)
        #expect(clock.sleeperCount == 1)
        tester = nil
        // Released on the main actor: its engine cancelled the effect, whose sleep ended at once.
        #expect(clock.sleeperCount == 0)
    }

    @Test func anEffectThatDoesNotEndFailsAndIsCancelled() async {
        let clock = TestClock()
        let tester = MiddlewareTester(SearchMiddleware(client: .groceries, clock: clock), state: SearchState())
        tester.timeout = .milliseconds(50)
        await withKnownIssue {
            await tester.handle(.queryChanged("milk"))
        } matching: { issue in
            issue.isFailure
                && issue.description.contains(
                    "An effect of queryChanged(\"milk\") still running after 0.05 seconds; cancelled"
                )
        }
        #expect(clock.sleeperCount == 0)
    }
}

/// A clock that never waits, for testing a middleware's output without its timing.
struct ImmediateClock: Clock {
    var now: ContinuousClock.Instant { ContinuousClock.now }
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
    }
}
