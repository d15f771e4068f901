import Aqueduct
import AqueductTesting
import Testing

/// A production store driven by a test scheduler: its effects run, and what they send is
/// processed, only while the test awaits the scheduler — and then as far as they can.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct TestSchedulerTests {
    @Test func aStoreOnATestSchedulerIsDrivenByTheTest() async {
        let scheduler = TestScheduler()
        let queries = Log<String>()
        let client = SearchClient { query in
            queries.append(query)
            return [query.uppercased()]
        }
        let store = Store(
            initialState: SearchState(),
            reducer: searchReducer,
            middleware: SearchMiddleware(client: client, clock: scheduler.clock),
            scheduler: scheduler
        )
        store.dispatch(.queryChanged("mil"))
        await scheduler.clock.advance(by: .milliseconds(299))
        #expect(queries.all.isEmpty)
        await scheduler.clock.advance(by: .milliseconds(1))  // the debounce ends; the search runs
        #expect(queries.all == ["mil"])
        #expect(store.state.results == ["MIL"])
    }

    @Test func theSearchOfTheDocumentation() async {
        let scheduler = TestScheduler()
        let store = Store(
            initialState: SearchState(),
            reducer: searchReducer,
            middleware: SearchMiddleware(client: .groceries, clock: scheduler.clock),
            scheduler: scheduler
        )
        store.dispatch(.queryChanged("mil"))
        await scheduler.clock.advance(by: .milliseconds(300))  // the debounce ends; the search runs
        #expect(store.state.results == ["Milk", "Mild cheese"])
    }

    @Test func jobsQueuedBetweenStepsRunInTheOrderTheyWereQueued() async {
        let scheduler = TestScheduler()
        let started = Log<Int>()
        // No step awaits the scheduler: each task's first job is parked until `run()`.
        let tasks = (0..<5).map { index in scheduler.task { started.append(index) } }
        #expect(started.all.isEmpty)
        await scheduler.run()
        #expect(started.all == [0, 1, 2, 3, 4])
        for task in tasks { await task.value }
    }

    @Test func nothingAnEffectDoesHappensBetweenTwoSteps() async {
        let scheduler = TestScheduler()
        let calls = Log<String>()
        let client = SearchClient { query in
            calls.append(query)
            return []
        }
        let store = Store(
            initialState: SearchState(),
            reducer: searchReducer,
            middleware: SearchMiddleware(client: client, clock: ImmediateClock()),
            scheduler: scheduler
        )
        store.dispatch(.queryChanged("milk"))
        // However long the test takes here, the effect has not run: its jobs wait for a step.
        #expect(calls.all.isEmpty)
        #expect(store.runningEffects == ["queryChanged(\"milk\")"])
        await scheduler.run()
        #expect(calls.all == ["milk"])
        #expect(store.state.isLoading == false)
        #expect(store.runningEffects.isEmpty)
    }

    /// The double hop of `TestStoreSettlingTests`, on a production store: after each `run()`,
    /// the effect has hopped to the main actor and back twice and what it sent is processed.
    @Test func anEffectThatHopsToTheMainActorTwiceIsRunToItsEnd() async {
        let doubling = AnyMiddleware<CounterAction, CounterAction, CounterState>(handle: { action, _, _ in
            guard case .set(let value) = action else { return .none }
            return .run { send in
                let once = await MainActor.run { value * 2 }
                send(.clamped(await MainActorClient.half(of: once * 2)))
            }
        })
        let scheduler = TestScheduler()
        let store = Store(
            initialState: CounterState(),
            reducer: counterReducer,
            middleware: doubling,
            scheduler: scheduler
        )
        for value in 1...20 {
            store.dispatch(.set(value))
            await scheduler.run()
            #expect(store.state.count == 2 * value)
        }
    }

    @Test func aTaskOfTheTestConsumesAStreamOfTheStore() async {
        let scheduler = TestScheduler()
        let store = Store(initialState: CounterState(), reducer: counterReducer, scheduler: scheduler)
        let counts = store.values(of: \.count, .removingDuplicates)
        let seen = scheduler.task { await counts.prefix(3).reduce(into: []) { $0.append($1) } }
        await scheduler.run()  // it takes the current count and waits for the next
        store.dispatch(.increment)
        await scheduler.run()
        store.dispatch(.increment)
        await scheduler.run()
        #expect(await seen.value == [0, 1, 2])
    }

    @Test func aTaskOfTheTestAsleepOnTheClockIsWokenAndAwaited() async {
        let scheduler = TestScheduler()
        let clock = scheduler.clock
        let ticks = Log<Duration>()
        scheduler.task {
            for _ in 0..<3 {
                try? await clock.sleep(for: .seconds(1))
                ticks.append(clock.now.offset)
            }
        }
        // The clock lets its scheduler run the task up to its first sleep before time moves.
        await clock.advance(by: .milliseconds(2_500))
        #expect(ticks.all == [.seconds(1), .seconds(2)])
        await clock.advance(by: .milliseconds(500))
        #expect(ticks.all == [.seconds(1), .seconds(2), .seconds(3)])
    }

    @Test func whatOtherThreadsDispatchIsProcessedWhenTheTestSaysSo() async {
        let scheduler = TestScheduler()
        let store = Store(initialState: CounterState(), reducer: counterReducer, scheduler: scheduler)
        let dispatcher = store.dispatcher
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<1_000 { dispatcher.dispatch(.increment) }
                }
            }
        }
        #expect(store.state.count == 0)
        await scheduler.run()
        #expect(store.state.count == 4_000)
    }

    @Test func effectsCancelledWithTheirStoreUnwindOnceTheSchedulerIsGoneToo() async {
        let (ended, end) = AsyncStream.makeStream(of: Void.self)
        let waiting = AnyMiddleware<CounterAction, CounterAction, CounterState>(handle: { _, _, _ in
            .run { _ in
                let never = AsyncStream<Never> { _ in }
                for await _ in never {}
                end.finish()
            }
        })
        var scheduler: TestScheduler? = TestScheduler()
        var store: Store<CounterAction, CounterState>? = Store(
            initialState: CounterState(),
            reducer: counterReducer,
            middleware: waiting,
            scheduler: scheduler!
        )
        store?.dispatch(.increment)
        await scheduler?.run()
        store = nil  // cancels the effect: its unwinding is a job, parked until a step…
        scheduler = nil  // …or until the scheduler is released: then every job runs
        for await _ in ended {}
    }
}
