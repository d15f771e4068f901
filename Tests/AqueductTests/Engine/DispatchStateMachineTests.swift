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
        guard case .process(2, _, _) = machine.next() else { Issue.record("queued action lost"); return }
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
        while case .process(let value, _, _) = machine.next() {
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
        guard case .process(1, _, _) = machine.next(), case .process(2, _, _) = machine.next() else {
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
        while case .process(let value, _, _) = machine.next() { order.append(value) }
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
        guard case .process(1, let first, let one) = machine.next() else {
            Issue.record("queued actions lost")
            return
        }
        #expect(one == 1 && machine.source(of: first).cause == ActionCause(seq: 0, kind: .dispatchedDuring))
        guard case .process(2, let second, let two) = machine.next() else {
            Issue.record("queued actions lost")
            return
        }
        #expect(two == 2 && machine.source(of: second).cause == ActionCause(seq: 0, kind: .bridgedFrom))
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
        var seen: [(value: Int, origin: Int, seq: Int, file: String, cause: ActionCause?)] = []
        while case .process(let value, let from, let seq) = machine.next() {
            let source = machine.source(of: from)
            seen.append((value, from, seq, source.file, source.cause))
        }
        #expect(seen.map(\.value) == [1, 2, 3])
        #expect(seen.map(\.seq) == [1, 2, 3])
        #expect(seen[0].origin == seen[2].origin && seen[1].origin != seen[0].origin)
        #expect(seen.map(\.file) == ["T/Effect.swift", "T/T.swift", "T/Effect.swift"])
        #expect(seen[2].cause == ActionCause(seq: 0, kind: .sentByEffect))
        #expect(seen[1].cause == ActionCause(seq: 0, kind: .dispatchedDuring))
        #expect(machine.isIdle && machine.origins.isEmpty)
    }

    @Test func theOriginsAreEmptiedWithTheQueueAndTheirGenerationChanges() {
        var machine = Machine()
        _ = machine.dispatch(0, from: Self.source, causedBy: nil)
        let generation = machine.originsGeneration
        _ = machine.dispatch(1, from: Self.source, causedBy: nil)
        #expect(machine.origins.count == 1)
        while case .process = machine.next() {}
        // An origin a sender kept from this cascade is not valid in the next.
        #expect(machine.origins.isEmpty && machine.originsGeneration != generation)
    }
}
