import Testing

@testable import Aqueduct

/// The main-actor half of the engine, as a pure value: each transition and what it asks for.
@Suite struct DispatchStateMachineTests {
    typealias Machine = DispatchStateMachine<Int>

    static let source = ActionSource(file: "T/T.swift", function: "t()", line: 1)

    @Test func anIdleMachineProcessesAndABusyOneQueues() {
        var machine = Machine()
        guard case .process = machine.dispatch(1, from: Self.source) else { Issue.record("not processed"); return }
        guard case .queue = machine.dispatch(2, from: Self.source) else { Issue.record("not queued"); return }
        let finished = machine.finishIfNothingQueued()
        #expect(!finished)
        guard machine.nextToProcess()?.action == 2 else { Issue.record("queued action lost"); return }
        guard case .finished = machine.next() else { Issue.record("not finished"); return }
        #expect(machine.isIdle)
    }

    @Test func aDispatchThatQueuesNothingFinishesAtOnce() {
        var machine = Machine()
        _ = machine.dispatch(1, from: Self.source)
        let finished = machine.finishIfNothingQueued()
        #expect(finished)
        #expect(machine.isIdle)
        guard case .process = machine.dispatch(2, from: Self.source) else { Issue.record("not idle"); return }
    }

    @Test func queuedActionsComeOutFirstInFirstOut() {
        var machine = Machine()
        _ = machine.dispatch(0, from: Self.source)
        for value in 1...5 { _ = machine.dispatch(value, from: Self.source) }
        var order: [Int] = []
        while let value = machine.nextToProcess()?.action {
            order.append(value)
            if value == 2 { _ = machine.dispatch(6, from: Self.source) }
        }
        #expect(order == [1, 2, 3, 4, 5, 6])
    }

    @Test func theActionOverTheLimitAndEverythingBehindItAreDropped() {
        var machine = Machine()
        machine.cascadeLimit = 3
        _ = machine.dispatch(0, from: Self.source)
        for value in 1...5 { _ = machine.dispatch(value, from: Self.source) }
        guard machine.nextToProcess()?.action == 1, machine.nextToProcess()?.action == 2 else {
            Issue.record("processed too few")
            return
        }
        guard case .runaway(3, _, let limit, let dropped) = machine.next() else {
            Issue.record("no runaway")
            return
        }
        #expect(limit == 3)
        #expect(dropped == 3)  // 3, 4 and 5
        #expect(machine.isIdle)
        guard case .process = machine.dispatch(7, from: Self.source) else { Issue.record("not idle"); return }
    }

    @Test func workBegunWhileProcessingLeavesTheDrainToTheDispatch() {
        var machine = Machine()
        let began = machine.beginWork()
        let beganAgain = machine.beginWork()
        #expect(began)
        #expect(!beganAgain)
        guard case .queue = machine.dispatch(1, from: Self.source) else { Issue.record("not queued"); return }
    }
}

extension DispatchStateMachineTests {
    @Test func aQueuedActionOfAnEffectCancelledMeanwhileIsDroppedUnprocessed() {
        var machine = Machine()
        let cancelled = EffectLifetime(token: 0, describe: { "cancelled" })
        let running = EffectLifetime(token: 1, describe: { "running" })
        _ = machine.dispatch(0, from: Self.source, causedBy: nil)
        _ = machine.dispatch(1, from: Self.source, causedBy: nil, lifetime: cancelled)
        _ = machine.dispatch(2, from: Self.source, causedBy: nil, lifetime: running)
        _ = machine.dispatch(3, from: Self.source, causedBy: nil, lifetime: cancelled)
        cancelled.cancel()  // by the action processed before they come out
        var order: [Int] = []
        while let value = machine.nextToProcess()?.action { order.append(value) }
        #expect(order == [2])
        #expect(machine.isIdle)
    }
}

extension DispatchStateMachine {
    /// Dispatches an action as the engine does: processed now when the machine is idle,
    /// otherwise queued with ``enqueue(_:from:causedBy:lifetime:)``.
    fileprivate mutating func dispatch(
        _ action: Action,
        from source: ActionSource,
        causedBy cause: ActionCause? = nil,
        lifetime: EffectLifetime? = nil
    ) -> DispatchAction {
        let next = dispatch()
        if case .queue = next { enqueue(action, from: source, causedBy: cause, lifetime: lifetime) }
        return next
    }

    /// Takes the next queued action as the engine's drain does, whichever its origin (shared or
    /// its own): the action and its source, stamped with its number; `nil` when ``next()``
    /// says something else.
    fileprivate mutating func nextToProcess() -> (action: Action, source: ActionSource, shared: Bool)? {
        switch next() {
        case .process(let action, let origin, let seq):
            var source = source(of: origin)
            source._seq = seq
            return (action, source, true)
        case .processOwn(let action, let seq):
            var source = takeOwnOrigin().source
            source._seq = seq
            return (action, source, false)
        case .finished, .runaway:
            return nil
        }
    }
}

extension DispatchStateMachineTests {
    @Test func actionsAreNumberedWhenTheyBeginAndStampedWithTheirCauseWhenQueued() {
        var machine = Machine()
        guard case .process(seq: 0) = machine.dispatch(0, from: Self.source, causedBy: nil) else {
            Issue.record("the first action is not number 0")
            return
        }
        _ = machine.dispatch(1, from: Self.source, causedBy: nil)
        _ = machine.dispatch(2, from: Self.source, causedBy: ActionCause(seq: 0, kind: .bridgedFrom))
        guard let one = machine.nextToProcess(), one.action == 1 else {
            Issue.record("queued actions lost")
            return
        }
        #expect(one.source.seq == 1 && one.source.cause == ActionCause(seq: 0, kind: .dispatchedDuring))
        guard let two = machine.nextToProcess(), two.action == 2 else {
            Issue.record("queued actions lost")
            return
        }
        #expect(two.source.seq == 2 && two.source.cause == ActionCause(seq: 0, kind: .bridgedFrom))
        guard case .finished = machine.next() else { Issue.record("not finished"); return }
        guard case .process(seq: 3) = machine.dispatch(3, from: Self.source, causedBy: nil) else {
            Issue.record("numbers do not go on across dispatches")
            return
        }
    }
}

extension DispatchStateMachineTests {
    @Test func actionsQueuedWithOneOriginShareItsSourceAndComeOutInOrderWithTheOthers() {
        var machine = Machine()
        _ = machine.dispatch(0, from: Self.source, causedBy: nil)
        let shared = ActionSource(file: "T/Effect.swift", function: "effect()", line: 9)
        let origin = machine.addOrigin(shared, causedBy: ActionCause(seq: 0, kind: .sentByEffect), lifetime: nil)
        machine.enqueue(1, origin: origin)
        _ = machine.dispatch(2, from: Self.source, causedBy: nil)
        machine.enqueue(3, origin: origin)
        var seen: [(value: Int, shared: Bool, seq: Int?, file: String, cause: ActionCause?)] = []
        while let next = machine.nextToProcess() {
            seen.append((next.action, next.shared, next.source.seq, next.source.file, next.source.cause))
        }
        #expect(seen.map(\.value) == [1, 2, 3])
        #expect(seen.map(\.seq) == [1, 2, 3])
        // 2 was queued with a source of its own: its origin is its own, not a shared one.
        #expect(seen.map(\.shared) == [true, false, true])
        #expect(seen.map(\.file) == ["T/Effect.swift", "T/T.swift", "T/Effect.swift"])
        #expect(seen[2].cause == ActionCause(seq: 0, kind: .sentByEffect))
        #expect(seen[1].cause == ActionCause(seq: 0, kind: .dispatchedDuring))
        #expect(machine.isIdle && machine.origins.isEmpty && machine.ownOrigins.isEmpty)
    }

    @Test func theOriginsAreEmptiedWithTheQueueAndTheirGenerationChanges() {
        var machine = Machine()
        _ = machine.dispatch(0, from: Self.source, causedBy: nil)
        let generation = machine.originsGeneration
        let origin = machine.addOrigin(Self.source, causedBy: nil, lifetime: nil)
        machine.enqueue(1, origin: origin)
        _ = machine.dispatch(2, from: Self.source, causedBy: nil)
        #expect(machine.origins.count == 1 && machine.ownOrigins.count == 1)
        while machine.nextToProcess() != nil {}
        // An origin a sender kept from this cascade is not valid in the next.
        #expect(machine.origins.isEmpty && machine.originsGeneration != generation)
    }
}
