import Testing

@testable import Aqueduct

/// The lock-protected half of the engine: the inbox, the running effects, the executor's
/// activity and the waiters of a test driver.
@Suite struct RuntimeStorageTests {
    static let source = ActionSource(file: "T/T.swift", function: "t()", line: 1)

    @Test func theFirstActionIntoAnEmptyInboxSchedulesOneDrain() {
        let storage = RuntimeStorage<Int>()
        let scheduled = EventLog()
        storage.setScheduler { scheduled.record("drain") }
        storage.enqueue(1, Self.source)
        storage.enqueue(2, Self.source)
        #expect(scheduled.all == ["drain"])
        var batch: [(action: Int, source: ActionSource)] = []
        storage.takeInbox(into: &batch)
        #expect(batch.map(\.action) == [1, 2])
        storage.enqueue(3, Self.source)
        #expect(scheduled.all == ["drain", "drain"])
    }

    @Test func aWaiterIsResumedByTheNextEventOrAtOnceIfItAlreadyHappened() async {
        let storage = RuntimeStorage<Int>()
        let before = storage.activity.generation
        storage.enqueue(1, Self.source)
        #expect(await storage.wait(since: before, until: nil))  // the event already happened
        let now = storage.activity.generation
        async let woken = storage.wait(since: now, until: nil)
        // The waiter may register before or after this event: either way it is not missed.
        storage.enqueue(2, Self.source)
        #expect(await woken)
    }

    @Test func aWaitWithNoEventEndsAtItsDeadlineWithFalse() async {
        let storage = RuntimeStorage<Int>()
        #expect(!(await storage.wait(since: storage.activity.generation, until: .now + .milliseconds(10))))
    }

    @Test func cancellingTheWaitingTaskEndsTheWaitWithFalse() async {
        let storage = RuntimeStorage<Int>()
        let generation = storage.activity.generation
        let waiting = Task { await storage.wait(since: generation, until: nil) }
        waiting.cancel()
        #expect(!(await waiting.value))
    }

    @Test func anEffectThatEndsBeforeItIsRegisteredIsNotListed() async {
        let storage = RuntimeStorage<Int>()
        let token = storage.reserveEffect()
        let task = Task<Void, Never> {}
        storage.effectFinished(token)
        storage.register(token, .init(ids: [], task: task, describe: { "early" }))
        #expect(storage.runningEffects.isEmpty)
        #expect(storage.activity.runningEffects == 0)
    }

    @Test func cancellingMarksEffectsOnceAndListsThemUntilTheirWorkReturns() {
        let storage = RuntimeStorage<Int>()
        let tokens = (0..<3).map { _ in storage.reserveEffect() }
        let tasks = tokens.map { _ in Task<Void, Never> { try? await Task.sleep(for: .seconds(3600)) } }
        for (token, task) in zip(tokens, tasks) {
            storage.register(
                token,
                .init(ids: [EffectID(token == 1 ? "b" : "a")], task: task, describe: { "\(token)" })
            )
        }
        storage.cancel(id: EffectID("a"))
        #expect(storage.runningEffects == ["0 (cancelled)", "1", "2 (cancelled)"])
        #expect(tasks.map(\.isCancelled) == [true, false, true])
        storage.cancel(tokens: 1..<2)
        storage.effectFinished(tokens[0])
        #expect(storage.runningEffects == ["1 (cancelled)", "2 (cancelled)"])
        storage.cancelAll()
    }

    @Test func onlyTheExecutorStartingAndRunningOutOfWorkAreEvents() {
        let storage = RuntimeStorage<Int>()
        let start = storage.activity.generation
        storage.jobEnqueued()
        storage.jobEnqueued()
        #expect(storage.activity.generation == start + 1)
        storage.jobFinished()
        #expect(storage.activity.generation == start + 1)
        storage.jobFinished()
        #expect(storage.activity.generation == start + 2)
        #expect(storage.activity.activeJobs == 0)
    }
}
