import AqueductTesting
import Testing

@testable import Aqueduct

/// The lock-protected half of the engine, as the effects and dispatchers of other threads see
/// it: the inbox, the effect registry, and what the storage does outside the lock.
@Suite struct LockedEngineStorageTests {
    typealias Batch = InboxStateMachine<Int>.Batch

    static let source = ActionSource(file: "T/T.swift", function: "t()", line: 1)

    static func makeStorage(late: EventLog = EventLog()) -> LockedEngineStorage<Int> {
        LockedEngineStorage<Int> { action, startedBy in late.record("\(action) from \(startedBy)") }
    }

    @Test func theFirstActionIntoAnEmptyInboxAsksForOneDrain() {
        let storage = Self.makeStorage()
        let requested = EventLog()
        storage.setDrainRequest { requested.record("drain") }
        storage.enqueue(1, Self.source, causedBy: nil, from: nil)
        storage.enqueue(2, Self.source, causedBy: nil, from: nil)
        #expect(requested.all == ["drain"])
        var batch = Batch()
        storage.takeInbox(exchanging: &batch)
        #expect(batch.entries.map(\.action) == [1, 2])
        storage.enqueue(3, Self.source, causedBy: nil, from: nil)
        #expect(requested.all == ["drain", "drain"])
    }

    @Test func anEffectSendsWhileItRunsAndNothingOnceCancelledOrReturned() {
        let late = EventLog()
        let storage = Self.makeStorage(late: late)
        storage.setDrainRequest {}
        let cancelled = storage.register(ids: [EffectID("a")], parent: nil, describe: { "cancelled one" })
        let returned = storage.register(ids: [], parent: nil, describe: { "returned one" })
        storage.enqueue(1, Self.source, causedBy: nil, from: cancelled)
        storage.enqueue(2, Self.source, causedBy: nil, from: returned)
        storage.cancel(id: EffectID("a"))
        storage.effectReturned(returned)
        storage.enqueue(3, Self.source, causedBy: nil, from: cancelled)  // dropped, silently
        storage.enqueue(4, Self.source, causedBy: nil, from: returned)  // dropped, and reported
        storage.enqueue(5, Self.source, causedBy: nil, from: returned)  // dropped: reported already
        var batch = Batch()
        storage.takeInbox(exchanging: &batch)
        // 1 was sent before the cancellation: it is in the batch, but its lifetime says
        // cancelled, so the main actor drops it as it takes it out.
        #expect(batch.entries.map(\.action) == [1, 2])
        #expect(batch.entries.map { $0.lifetime?.isCancelled } == [true, false])
        #expect(late.all == ["4 from returned one"])
    }

    @Test func anEffectWhoseWorkReturnedIsCancellableWhileWhatItSentWaits() {
        let storage = Self.makeStorage()
        storage.setDrainRequest {}
        let search = storage.register(ids: [EffectID("search")], parent: nil, describe: { "search" })
        storage.enqueue(1, Self.source, causedBy: nil, from: search)
        storage.effectReturned(search)
        #expect(storage.runningEffects.isEmpty)  // not running…
        storage.cancel(id: EffectID("search"))
        #expect(search.isCancelled)  // …but what it sent is dropped
        var batch = Batch()
        storage.takeInbox(exchanging: &batch)
        batch.removeAll()
        storage.takeInbox(exchanging: &batch)  // its batch is done: it is forgotten
        #expect(storage.state.withLock { $0.registry.entries.isEmpty })
    }

    @Test func cancellingListsEffectsUntilTheirWorkReturnsAndCancelsTheirTasks() {
        let storage = Self.makeStorage()
        let lifetimes = (0..<3).map { index in
            storage.register(ids: [EffectID(index == 1 ? "b" : "a")], parent: nil, describe: { "\(index)" })
        }
        let tasks = lifetimes.map { _ in
            Task<Void, Never> {
                let never = AsyncStream<Never> { _ in }
                for await _ in never {}
            }
        }
        for (lifetime, task) in zip(lifetimes, tasks) { storage.attach(task, to: lifetime) }
        storage.cancel(id: EffectID("a"))
        #expect(storage.runningEffects == ["0 (cancelled)", "1", "2 (cancelled)"])
        #expect(tasks.map(\.isCancelled) == [true, false, true])
        storage.cancel(tokens: 1..<2)
        storage.effectReturned(lifetimes[0])
        #expect(storage.runningEffects == ["1 (cancelled)", "2 (cancelled)"])
        storage.cancelAll()
    }

    @Test func aThrottledEffectThatWaitsIsReplacedByCancellingIt() {
        let storage = Self.makeStorage()
        let clock = TestClock()
        let timing = ThrottleTiming(clock, Duration.milliseconds(1_000))
        let id = EffectID("refresh")
        guard case .run = storage.throttle(id, at: clock.now, timing: timing, latest: true) else {
            Issue.record("not run")
            return
        }
        guard case .wait = storage.throttle(id, at: clock.now, timing: timing, latest: true) else {
            Issue.record("not waiting")
            return
        }
        let waiting = storage.register(ids: [id], parent: nil, describe: { "waiting" })
        storage.throttleScheduled(id, token: waiting.token)
        guard case .wait(_, let replaced?) = storage.throttle(id, at: clock.now, timing: timing, latest: true) else {
            Issue.record("not replaced")
            return
        }
        #expect(replaced == waiting.token)
        #expect(waiting.isCancelled)
    }
}
