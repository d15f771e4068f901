import Aqueduct
import AqueductTesting
import Testing

@Suite(.timeLimit(.minutes(3))) struct TestClockTests {
    @Test func timeMovesOnlyWhenAdvanced() async {
        let clock = TestClock()
        #expect(clock.now == TestClock.Instant())
        await clock.advance(by: .seconds(5))
        #expect(clock.now == TestClock.Instant(offset: .seconds(5)))
        await clock.advance(to: TestClock.Instant(offset: .seconds(1)))  // the past: no change
        #expect(clock.now.offset == .seconds(5))
    }

    @MainActor
    @Test func sleepersWakeWhenTheirDeadlineIsReachedInDeadlineOrder() async throws {
        let scheduler = TestScheduler()
        let clock = scheduler.clock
        let woken = Log<String>()
        let late = scheduler.task {
            try? await clock.sleep(for: .seconds(2))
            woken.append("late at \(clock.now.offset)")
        }
        let early = scheduler.task {
            try? await clock.sleep(for: .seconds(1))
            woken.append("early at \(clock.now.offset)")
        }
        await clock.advance(by: .milliseconds(999))  // the scheduler settles first: both sleep
        #expect(woken.all.isEmpty)
        #expect(clock.sleeperCount == 2)
        await clock.advance(by: .seconds(5))
        // Each woke, and ran to its end, before the clock moved on.
        #expect(woken.all == ["early at 1.0 seconds", "late at 2.0 seconds"])
        #expect(clock.now.offset == .milliseconds(5_999))
        await early.value
        await late.value
    }

    @MainActor
    @Test func sleepersDueAtOneDeadlineWakeInTheOrderTheySlept() async {
        let scheduler = TestScheduler()
        let clock = scheduler.clock
        let woken = Log<Int>()
        var sleepers: [Task<Void, Never>] = []
        for sleeper in [2, 0, 1] {
            sleepers.append(
                scheduler.task {
                    try? await clock.sleep(until: TestClock.Instant(offset: .seconds(1)))
                    woken.append(sleeper)
                }
            )
            await scheduler.run()  // it sleeps before the next one starts
        }
        #expect(clock.sleeperCount == 3)
        await clock.advance(by: .seconds(1))
        #expect(woken.all == [2, 0, 1])
        for sleeper in sleepers { await sleeper.value }
    }

    @Test func anImmediateClocksSleepMovesItToTheDeadlineAndReturns() async throws {
        let clock = TestClock.immediate()
        try await clock.sleep(for: .seconds(3_600))
        #expect(clock.now == TestClock.Instant(offset: .seconds(3_600)))
        // An earlier deadline does not move it back.
        try await clock.sleep(until: TestClock.Instant(offset: .seconds(10)))
        #expect(clock.now.offset == .seconds(3_600))
        #expect(clock.sleeperCount == 0)
    }

    @Test func anImmediateClocksSleepInACancelledTaskThrows() async {
        let clock = TestClock.immediate()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.now.offset == .zero)
    }

    /// What cancels a sleep on an immediate clock is processed before the sleeper runs, with no
    /// turn given to anyone: on a test scheduler a task runs only in the test's steps. The
    /// search debounced first is cancelled in flight by the second query before either runs.
    @MainActor
    @Test func aDebounceRestartedBetweenStepsEndsTheFirstSearchOnAnImmediateClock() async {
        let scheduler = TestScheduler()
        let queries = Log<String>()
        let client = SearchClient { query in
            queries.append(query)
            return [query.uppercased()]
        }
        let store = Store(
            initialState: SearchState(),
            reducer: searchReducer,
            middleware: SearchMiddleware(client: client, clock: TestClock.immediate()),
            scheduler: scheduler
        )
        store.dispatch(.queryChanged("mi"))
        store.dispatch(.queryChanged("mil"))
        await scheduler.run()
        #expect(queries.all == ["mil"])
        #expect(store.state.results == ["MIL"])
        #expect(store.runningEffects.isEmpty)
    }

    @Test func sleepingUntilThePastReturnsAtOnce() async throws {
        let clock = TestClock(now: TestClock.Instant(offset: .seconds(10)))
        try await clock.sleep(until: TestClock.Instant(offset: .seconds(3)))
        #expect(clock.sleeperCount == 0)
    }

    @MainActor
    @Test func cancellingASleeperEndsItsSleepWithCancellationError() async throws {
        let scheduler = TestScheduler()
        let clock = scheduler.clock
        let sleeper = scheduler.task { () -> (any Error)? in
            do { try await clock.sleep(for: .seconds(60)) } catch { return error }
            return nil
        }
        await scheduler.run()
        #expect(clock.sleeperCount == 1)
        sleeper.cancel()
        #expect(clock.sleeperCount == 0)
        await scheduler.run()
        #expect(await sleeper.value is CancellationError)
    }

    @MainActor
    @Test func aTaskCancelledBeforeItSleepsDoesNotSleep() async {
        let scheduler = TestScheduler()
        let clock = scheduler.clock
        let sleeper = scheduler.task { () -> (any Error)? in
            do { try await clock.sleep(for: .seconds(60)) } catch { return error }
            return nil
        }
        sleeper.cancel()  // before its first job ran: the scheduler had not run it yet
        await scheduler.run()
        #expect(await sleeper.value is CancellationError)
        #expect(clock.sleeperCount == 0)
    }

    @MainActor
    @Test func runWakesARepeatingTimerUntilItStops() async throws {
        let scheduler = TestScheduler()
        let clock = scheduler.clock
        let ticks = Log<Int>()
        let timer = scheduler.task {
            for _ in 0..<3 {
                try? await clock.sleep(for: .seconds(1))
                ticks.append(1)
            }
        }
        await clock.run()
        #expect(ticks.all.count == 3)
        #expect(clock.now.offset == .seconds(3))
        await timer.value
    }

    /// The debounce of ``SearchMiddleware``: each query cancels the one before; only the last,
    /// 300 ms of test-clock time after it was typed, reaches the client.
    @MainActor
    @Test func debounceInAnEffectRunsOnTheInjectedClock() async {
        let clock = TestClock()
        let queries = Log<String>()
        let client = SearchClient { query in
            queries.append(query)
            return [query.uppercased()]
        }
        let store = TestStore(
            initialState: SearchState(),
            reducer: searchReducer,
            middleware: SearchMiddleware(client: client, clock: clock)
        )
        await store.dispatch(.queryChanged("m")) {
            $0.query = "m"
            $0.isLoading = true
        }
        await clock.advance(by: .milliseconds(200))
        await store.dispatch(.queryChanged("mi")) { $0.query = "mi" }
        await clock.advance(by: .milliseconds(200))
        await store.dispatch(.queryChanged("mil")) { $0.query = "mil" }
        await clock.advance(by: .milliseconds(299))  // not yet
        #expect(queries.all.isEmpty)
        await clock.advance(by: .milliseconds(1))  // the debounce fires
        await store.receive(\.loaded) {
            $0.results = ["MIL"]
            $0.isLoading = false
        }
        #expect(queries.all == ["mil"])
        #expect(clock.now.offset == .milliseconds(700))
        await store.finish()
    }
}
