import Testing

@testable import Aqueduct

/// The main-actor half of the engine, as a pure value: each transition and what it asks for.
@Suite struct DispatchStateMachineTests {
    typealias Machine = DispatchStateMachine<Int>

    static let source = ActionSource(file: "T/T.swift", function: "t()", line: 1)

    @Test func anIdleMachineProcessesAndABusyOneQueues() {
        var machine = Machine()
        guard case .process = machine.dispatch(1, from: Self.source) else { Issue.record("not processed"); return }
        guard case .queued = machine.dispatch(2, from: Self.source) else { Issue.record("not queued"); return }
        let finished = machine.finishIfNothingQueued()
        #expect(!finished)
        guard case .process(2, _) = machine.next() else { Issue.record("queued action lost"); return }
        guard case .finished = machine.next() else { Issue.record("not finished"); return }
        #expect(!machine.isProcessing)
    }

    @Test func aDispatchThatQueuesNothingFinishesAtOnce() {
        var machine = Machine()
        _ = machine.dispatch(1, from: Self.source)
        let finished = machine.finishIfNothingQueued()
        #expect(finished)
        #expect(!machine.isProcessing)
        guard case .process = machine.dispatch(2, from: Self.source) else { Issue.record("not idle"); return }
    }

    @Test func queuedActionsComeOutFirstInFirstOut() {
        var machine = Machine()
        _ = machine.dispatch(0, from: Self.source)
        for value in 1...5 { _ = machine.dispatch(value, from: Self.source) }
        var order: [Int] = []
        while case .process(let value, _) = machine.next() {
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
        guard case .process(1, _) = machine.next(), case .process(2, _) = machine.next() else {
            Issue.record("processed too few")
            return
        }
        guard case .runaway(3, _, let limit, let dropped) = machine.next() else {
            Issue.record("no runaway")
            return
        }
        #expect(limit == 3)
        #expect(dropped == 3)  // 3, 4 and 5
        #expect(!machine.isProcessing)
        guard case .process = machine.dispatch(7, from: Self.source) else { Issue.record("not idle"); return }
    }

    @Test func workBegunWhileProcessingLeavesTheDrainToTheDispatch() {
        var machine = Machine()
        let began = machine.beginWork()
        let beganAgain = machine.beginWork()
        #expect(began)
        #expect(!beganAgain)
        guard case .queued = machine.dispatch(1, from: Self.source) else { Issue.record("not queued"); return }
    }
}
