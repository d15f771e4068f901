import Aqueduct
import AqueductTesting
import Testing

@Suite struct TestClockTests {
    @Test func timeMovesOnlyWhenAdvanced() async {
        let clock = TestClock()
        #expect(clock.now == TestClock.Instant())
        await clock.advance(by: .seconds(5))
        #expect(clock.now == TestClock.Instant(offset: .seconds(5)))
        await clock.advance(to: TestClock.Instant(offset: .seconds(1)))  // the past: no change
        #expect(clock.now.offset == .seconds(5))
    }

    @Test func sleepersWakeWhenTheirDeadlineIsReachedInDeadlineOrder() async throws {
        let clock = TestClock()
        let woken = Log<String>()
        let late = Task {
            try await clock.sleep(for: .seconds(2))
            woken.append("late at \(clock.now.offset)")
        }
        let early = Task {
            try await clock.sleep(for: .seconds(1))
            woken.append("early at \(clock.now.offset)")
        }
        #expect(await eventually { clock.sleeperCount == 2 })
        await clock.advance(by: .milliseconds(999))
        #expect(woken.all.isEmpty)
        #expect(clock.sleeperCount == 2)
        await clock.advance(by: .seconds(5))
        try await early.value
        try await late.value
        #expect(woken.all == ["early at 1.0 seconds", "late at 2.0 seconds"])
        #expect(clock.now.offset == .milliseconds(5_999))
    }

    @Test func sleepingUntilThePastReturnsAtOnce() async throws {
        let clock = TestClock(now: TestClock.Instant(offset: .seconds(10)))
        try await clock.sleep(until: TestClock.Instant(offset: .seconds(3)))
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellingASleeperEndsItsSleepWithCancellationError() async throws {
        let clock = TestClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        #expect(await eventually { clock.sleeperCount == 1 })
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func aTaskCancelledBeforeItSleepsDoesNotSleep() async {
        let clock = TestClock()
        let sleeper = Task {
            while !Task.isCancelled { await Task.yield() }
            try await clock.sleep(for: .seconds(60))
        }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func runWakesARepeatingTimerUntilItStops() async throws {
        let clock = TestClock()
        let ticks = Log<Int>()
        let timer = Task {
            for _ in 0..<3 {
                try await clock.sleep(for: .seconds(1))
                ticks.append(1)
            }
        }
        #expect(await eventually { clock.sleeperCount == 1 })
        await clock.run()
        try await timer.value
        #expect(ticks.all.count == 3)
        #expect(clock.now.offset == .seconds(3))
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
        await clock.advance(by: .milliseconds(299))
        #expect(queries.all.isEmpty)
        await clock.advance(by: .milliseconds(1))
        await store.receive(\.loaded) {
            $0.results = ["MIL"]
            $0.isLoading = false
        }
        #expect(queries.all == ["mil"])
        #expect(clock.now.offset == .milliseconds(700))
        await store.finish()
    }
}
