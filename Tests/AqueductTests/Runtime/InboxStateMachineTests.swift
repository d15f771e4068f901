import Testing

@testable import Aqueduct

/// The inbox: pure transitions.
@Suite struct InboxStateMachineTests {
    typealias Machine = InboxStateMachine<Int>

    static let source = ActionSource(file: "T/T.swift", function: "t()", line: 1)

    static func entry(_ action: Int) -> Machine.Entry {
        Machine.Entry(action: action, source: source, lifetime: nil)
    }

    @Test func theFirstActionIntoAnEmptyInboxAsksForOneDrainForItsWholeBatch() {
        var machine = Machine()
        guard case .requestDrain = machine.enqueue(Self.entry(1)) else { Issue.record("no drain asked"); return }
        guard case .none = machine.enqueue(Self.entry(2)) else { Issue.record("a second drain asked"); return }
        #expect(machine.count == 2)
        var batch: [Machine.Entry] = []
        machine.take(exchanging: &batch)
        #expect(batch.map(\.action) == [1, 2])
        #expect(machine.count == 0)
        guard case .requestDrain = machine.enqueue(Self.entry(3)) else {
            Issue.record("no drain asked after a take")
            return
        }
    }

    @Test func takesAreNumberedAndAnActionKnowsWhichTakeWillTakeIt() {
        var machine = Machine()
        #expect(machine.takes == 0)
        #expect(machine.nextTake == 1)
        _ = machine.enqueue(Self.entry(1))
        var batch: [Machine.Entry] = []
        machine.take(exchanging: &batch)
        #expect(machine.takes == 1)
        #expect(machine.nextTake == 2)
        // A drain nobody asked for counts too: what waited before it has been taken.
        batch.removeAll()
        machine.take(exchanging: &batch)
        #expect(batch.isEmpty)
        #expect(machine.takes == 2)
    }

    @Test func theBatchArraysSwapSoThatBothKeepTheirCapacity() {
        var machine = Machine()
        for value in 0..<100 { _ = machine.enqueue(Self.entry(value)) }
        var batch: [Machine.Entry] = []
        machine.take(exchanging: &batch)
        let capacity = batch.capacity
        batch.removeAll(keepingCapacity: true)
        _ = machine.enqueue(Self.entry(100))
        machine.take(exchanging: &batch)
        // The array handed back with the second batch is the one the inbox kept: the first
        // batch's array went back to the inbox, with its capacity, for the next one.
        batch.removeAll(keepingCapacity: true)
        _ = machine.enqueue(Self.entry(101))
        var third: [Machine.Entry] = []
        machine.take(exchanging: &third)
        #expect(third.capacity >= capacity)
        #expect(third.map(\.action) == [101])
    }
}
