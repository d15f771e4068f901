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
}
