import Testing

@testable import Aqueduct

/// The registry of the effects alive: pure transitions — what each returns, and the lifetimes
/// it marks.
@Suite struct EffectRegistryStateMachineTests {
    typealias Machine = EffectRegistryStateMachine

    static func register(_ machine: inout Machine, ids: [String] = [], parent: Int? = nil) -> EffectLifetime {
        machine.register(ids: ids.map(EffectID.init), parent: parent, describe: { "effect" })
    }

    static let forever = Task<Void, Never> {
        let never = AsyncStream<Never> { _ in }
        for await _ in never {}
    }

    @Test func anEffectRunsUntilItsWorkReturnsThenClosesAndIsForgotten() {
        var machine = Machine()
        let lifetime = Self.register(&machine)
        #expect(lifetime.token == 0 && machine.tokenMark == 1)
        #expect(lifetime.isOpen && !lifetime.isCancelled)
        guard case .none = machine.attach(Self.forever, to: 0) else { Issue.record("cancelled"); return }
        #expect(machine.runningCount == 1)
        let wasRunning = machine.returned(0, takes: 0)
        #expect(wasRunning)
        #expect(!lifetime.isOpen && !lifetime.isCancelled)
        // It sent nothing into the inbox: nothing can wait, so it is forgotten at once.
        #expect(machine.entries.isEmpty)
    }

    @Test func anEffectThatReturnsBeforeItsTaskIsAttachedIsNotListed() {
        var machine = Machine()
        _ = Self.register(&machine)
        machine.returned(0, takes: 0)
        guard case .none = machine.attach(Self.forever, to: 0) else { Issue.record("cancelled"); return }
        #expect(machine.running.isEmpty)
    }

    @Test func anEffectCancelledBeforeItsTaskIsAttachedHasItsTaskCancelledWhenItIs() {
        var machine = Machine()
        let lifetime = Self.register(&machine, ids: ["a"])
        let cancelled = machine.cancel { $0.ids.contains(EffectID("a")) }
        #expect(cancelled.tokens == [0] && cancelled.tasks.isEmpty)
        #expect(lifetime.isCancelled)
        guard case .cancel = machine.attach(Self.forever, to: 0) else { Issue.record("not cancelled"); return }
        #expect(machine.running.map(\.isCancelled) == [true])
    }

    @Test func cancellingSelectsBySetAndMarksEachLifetimeOnce() {
        var machine = Machine()
        let lifetimes = ["a", "b", "a"].map { Self.register(&machine, ids: [$0]) }
        for token in 0..<3 { _ = machine.attach(Task {}, to: token) }
        let first = machine.cancel { $0.ids.contains(EffectID("a")) }
        #expect(first.tokens == [0, 2] && first.tasks.count == 2)
        #expect(lifetimes.map(\.isCancelled) == [true, false, true])
        // Cancelled already: not again.
        let again = machine.cancel { _ in true }
        #expect(again.tokens == [1])
        #expect(machine.running.map(\.isCancelled) == [true, true, true])
    }

    @Test func cancellingAConcatenationCancelsItsPartsAndPartsOfACancelledOneAreBornCancelled() {
        var machine = Machine()
        let concatenation = Self.register(&machine, ids: ["save"])
        let part = Self.register(&machine, parent: concatenation.token)
        let unrelated = Self.register(&machine)
        _ = machine.cancel { $0.ids.contains(EffectID("save")) }
        #expect(concatenation.isCancelled && part.isCancelled && !unrelated.isCancelled)
        let later = Self.register(&machine, parent: concatenation.token)
        #expect(later.isCancelled)
        // A part is awaited by its concatenation, not listed on its own.
        #expect(machine.running.map(\.entry.token) == [0, 2])
    }

    @Test func anEffectThatSentIntoTheInboxStaysCancellableUntilThatBatchIsProcessed() {
        var machine = Machine()
        let lifetime = Self.register(&machine, ids: ["search"])
        // It sent an action that take number 1 will take, then its work returned.
        lifetime.recordSend(takenBy: 1)
        machine.returned(0, takes: 0)
        #expect(machine.retiring == [0])
        #expect(machine.runningCount == 0)  // returned: not running, but still reachable
        machine.retire(takes: 1)  // take 1 took it; its batch is being processed
        let cancelled = machine.cancel { $0.ids.contains(EffectID("search")) }
        #expect(lifetime.isCancelled)  // what it sent is dropped
        #expect(cancelled.tokens.isEmpty)  // no work to stop
        machine.retire(takes: 2)  // take 2 began: batch 1 was processed
        #expect(machine.entries.isEmpty && machine.retiring.isEmpty)
    }

    @Test func aSynchronousEffectIsForgottenAtTheNextTake() {
        var machine = Machine()
        let lifetime = Self.register(&machine, ids: ["now"])
        // Its actions wait on the main actor's queue: processed before take 4 begins.
        machine.returned(0, takes: 3, sentSynchronously: true)
        machine.retire(takes: 3)
        _ = machine.cancel { $0.ids.contains(EffectID("now")) }
        #expect(lifetime.isCancelled)
        machine.retire(takes: 4)
        #expect(machine.entries.isEmpty)
    }

    @Test func aCancelledEffectStaysListedUntilItsWorkReturns() {
        var machine = Machine()
        _ = Self.register(&machine, ids: ["a"])
        _ = machine.attach(Self.forever, to: 0)
        _ = machine.cancel { _ in true }
        #expect(machine.runningCount == 1)
        let wasRunning = machine.returned(0, takes: 0)
        #expect(!wasRunning)  // it was cancelled
        #expect(machine.runningCount == 0)
    }

    @Test func tasksAndCountsByTokenRange() {
        var machine = Machine()
        let concatenation = Self.register(&machine)
        _ = machine.attach(Self.forever, to: concatenation.token)
        let part = Self.register(&machine, parent: concatenation.token)
        _ = machine.attach(Self.forever, to: part.token)
        #expect(machine.tasks(tokens: 0..<2).count == 1)  // the concatenation's own task
        #expect(machine.partTasks(tokens: 1..<2).count == 1)  // what it awaits of its part
        #expect(machine.runningCount == 2)
    }

    @Test func cancellingByIDVisitsOnlyWhatItCancels() {
        var machine = Machine()
        for row in 0..<1_000 { _ = Self.register(&machine, ids: ["row \(row)"]) }
        let marked = (0..<3).map { _ in Self.register(&machine, ids: ["rows", "timer"]) }
        let cancelled = machine.cancel(id: EffectID("timer"))
        #expect(cancelled.tokens == [1_000, 1_001, 1_002])
        #expect(marked.allSatisfy { $0.isCancelled })
        // One bucket read, three entries, each leaving two buckets: 1,000 other effects unseen.
        #expect(machine.visits == 1 + 3 * (1 + 2))
        // Cancelled: out of the index, so a second cancel by either id finds nothing.
        #expect(machine.cancel(id: EffectID("rows")).tokens.isEmpty)
        #expect(machine.visits == 11)
    }

    @Test func cancellingByIDReachesTheParts() {
        var machine = Machine()
        let concatenation = Self.register(&machine, ids: ["save"])
        let part = Self.register(&machine, parent: concatenation.token)
        let nested = Self.register(&machine, parent: part.token)
        _ = machine.cancel(id: EffectID("save"))
        #expect(concatenation.isCancelled && part.isCancelled && nested.isCancelled)
        #expect(machine.cancel(tokens: 0..<3).tokens.isEmpty)  // cancelled already
    }

    @Test func theIndexForgetsEffectsWithTheirEntries() {
        var machine = Machine()
        let returned = Self.register(&machine, ids: ["a", "b"])
        let cancelled = Self.register(&machine, ids: ["a"])
        let part = Self.register(&machine, ids: ["a"], parent: cancelled.token)
        #expect(machine.byID.count == 2 && machine.parts.count == 1)
        machine.returned(returned.token, takes: 0)
        _ = machine.cancel(id: EffectID("a"))
        #expect(machine.byID.isEmpty)
        machine.returned(part.token, takes: 0)
        machine.returned(cancelled.token, takes: 0)
        #expect(machine.entries.isEmpty && machine.parts.isEmpty)
        // An id used again indexes only the new effect.
        let again = Self.register(&machine, ids: ["a"])
        #expect(machine.cancel(id: EffectID("a")).tokens == [again.token])
    }
}
