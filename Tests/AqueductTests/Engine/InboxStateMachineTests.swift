import Testing

@testable import Aqueduct

/// The inbox: pure transitions.
@Suite struct InboxStateMachineTests {
    typealias Machine = InboxStateMachine<Int>

    static let source = ActionSource(file: "T/T.swift", function: "t()", line: 1)

    @Test func theFirstActionIntoAnEmptyInboxAsksForOneDrainForItsWholeBatch() {
        var machine = Machine()
        #expect(machine.state == .empty)
        guard case .requestDrain = machine.enqueue(1, Self.source, causedBy: nil, lifetime: nil) else {
            Issue.record("no drain asked")
            return
        }
        guard case .none = machine.enqueue(2, Self.source, causedBy: nil, lifetime: nil) else {
            Issue.record("a second drain asked")
            return
        }
        #expect(machine.state == .awaitingDrain(count: 2))
        var batch = Machine.Batch()
        machine.take(exchanging: &batch)
        #expect(batch.entries.map(\.action) == [1, 2])
        #expect(machine.state == .empty)
        guard case .requestDrain = machine.enqueue(3, Self.source, causedBy: nil, lifetime: nil) else {
            Issue.record("no drain asked after a take")
            return
        }
    }

    /// The high-water mark is the largest batch a take found, and room is below the bound.
    @Test func aTakeRecordsTheHighWaterMarkAndRoomEndsAtTheBound() {
        var machine = Machine()
        var batch = Machine.Batch()
        for action in 0..<3 { _ = machine.enqueue(action, Self.source, causedBy: nil, lifetime: nil) }
        machine.take(exchanging: &batch)
        batch.removeAll()
        _ = machine.enqueue(3, Self.source, causedBy: nil, lifetime: nil)
        machine.take(exchanging: &batch)
        #expect(machine.highWater == 3)
        batch.removeAll()
        for action in 0..<(Machine.bound - 1) { _ = machine.enqueue(action, Self.source, causedBy: nil, lifetime: nil) }
        #expect(machine.hasRoom)
        _ = machine.enqueue(0, Self.source, causedBy: nil, lifetime: nil)
        #expect(!machine.hasRoom)
    }

    @Test func takesAreNumberedAndAnActionKnowsWhichTakeWillTakeIt() {
        var machine = Machine()
        #expect(machine.takes == 0)
        #expect(machine.nextTake == 1)
        _ = machine.enqueue(1, Self.source, causedBy: nil, lifetime: nil)
        var batch = Machine.Batch()
        machine.take(exchanging: &batch)
        #expect(machine.takes == 1)
        #expect(machine.nextTake == 2)
        // A drain nobody asked for counts too: what waited before it has been taken.
        batch.removeAll()
        machine.take(exchanging: &batch)
        #expect(batch.isEmpty)
        #expect(machine.takes == 2)
    }

    @Test func actionsFromOneCallSiteShareASourceAndEachComesOutWithTheSourceItWasSentWith() {
        var machine = Machine()
        let here = ActionSource(file: "T/T.swift", function: "t()", line: 1)
        let nextLine = ActionSource(file: "T/T.swift", function: "t()", line: 2)
        let withInfo = ActionSource(file: "T/T.swift", function: "t()", line: 1, info: "why")
        let bridged = ActionCause(seq: 4, kind: .bridgedFrom)
        let sent: [(Int, ActionSource, ActionCause?)] = [
            (1, here, nil), (2, here, nil), (3, here, nil),  // one run
            (4, nextLine, nil),  // another line
            (5, here, nil),
            (6, here, bridged), (7, here, bridged),  // another cause: one run
            (8, here, ActionCause(seq: 5, kind: .bridgedFrom)),  // another cause's number
            (9, withInfo, nil), (10, withInfo, nil),  // one node: one run
            (11, ActionSource(file: "T/T.swift", function: "t()", line: 1, info: "why"), nil),  // another node
        ]
        for (action, source, cause) in sent { _ = machine.enqueue(action, source, causedBy: cause, lifetime: nil) }
        var batch = Machine.Batch()
        machine.take(exchanging: &batch)
        #expect(batch.runs.map(\.count) == [3, 1, 1, 2, 1, 2, 1])
        let taken = batch.entries
        #expect(taken.map(\.action) == Array(1...11))
        #expect(taken.map(\.source.line) == [1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1])
        #expect(taken.map(\.source.cause) == sent.map(\.2))
        #expect(taken.map(\.source.info) == Array(repeating: nil, count: 8) + ["why", "why", "why"])
    }

    @Test func sourcesMadeApartFromTheSameLiteralsShareARunAndOtherLiteralsDoNot() {
        var machine = Machine()
        let file: StaticString = "T/T.swift"
        let otherFile: StaticString = "T/U.swift"
        let function: StaticString = "t()"
        // Three sources made one by one, as a dispatcher's default arguments make them.
        for action in 1...3 {
            _ = machine.enqueue(
                action,
                ActionSource(file: file, function: function, line: 7),
                causedBy: nil,
                lifetime: nil
            )
        }
        _ = machine.enqueue(4, ActionSource(file: otherFile, function: function, line: 7), causedBy: nil, lifetime: nil)
        var batch = Machine.Batch()
        machine.take(exchanging: &batch)
        #expect(batch.runs.map(\.count) == [3, 1])
        #expect(batch.entries.map(\.source.file) == ["T/T.swift", "T/T.swift", "T/T.swift", "T/U.swift"])
    }

    @Test func eachActionKeepsTheLifetimeOfTheEffectThatSentItStoredOncePerRun() {
        var machine = Machine()
        let first = EffectLifetime(token: 0, describe: { "first" })
        let second = EffectLifetime(token: 1, describe: { "second" })
        _ = machine.enqueue(1, Self.source, causedBy: nil, lifetime: first)
        _ = machine.enqueue(2, Self.source, causedBy: nil, lifetime: first)
        _ = machine.enqueue(3, Self.source, causedBy: nil, lifetime: nil)
        _ = machine.enqueue(4, Self.source, causedBy: nil, lifetime: second)
        _ = machine.enqueue(5, Self.source, causedBy: nil, lifetime: first)
        var batch = Machine.Batch()
        machine.take(exchanging: &batch)
        #expect(batch.entries.map { $0.lifetime?.token } == [0, 0, nil, 1, 0])
        #expect(batch.runs.map(\.count) == [2, 1, 1, 1])
        batch.removeAll()
        #expect(batch.isEmpty && batch.runs.isEmpty)
    }

    @Test func eachActionIsStampedWithItsCauseAsItEntersReplacingTheOneItsSourceCarried() {
        var machine = Machine()
        var forwarded = Self.source
        forwarded._stampCause(ActionCause(seq: 7, kind: .dispatchedDuring))
        _ = machine.enqueue(1, forwarded, causedBy: nil, lifetime: nil)
        _ = machine.enqueue(2, forwarded, causedBy: ActionCause(seq: 3, kind: .sentByEffect), lifetime: nil)
        var batch = Machine.Batch()
        machine.take(exchanging: &batch)
        #expect(batch.entries.map(\.source.cause) == [nil, ActionCause(seq: 3, kind: .sentByEffect)])
        #expect(forwarded.cause == ActionCause(seq: 7, kind: .dispatchedDuring))  // the sender's copy
    }

    @Test func theBatchesSwapSoThatBothKeepTheirCapacity() {
        var machine = Machine()
        for value in 0..<100 { _ = machine.enqueue(value, Self.source, causedBy: nil, lifetime: nil) }
        var batch = Machine.Batch()
        machine.take(exchanging: &batch)
        let capacity = batch.actions.capacity
        batch.removeAll()
        _ = machine.enqueue(100, Self.source, causedBy: nil, lifetime: nil)
        machine.take(exchanging: &batch)
        // The batch handed back with the second take is the one the inbox kept: the first
        // batch's array went back to the inbox, with its capacity, for the next one.
        batch.removeAll()
        _ = machine.enqueue(101, Self.source, causedBy: nil, lifetime: nil)
        var third = Machine.Batch()
        machine.take(exchanging: &third)
        #expect(third.actions.capacity >= capacity)
        #expect(third.entries.map(\.action) == [101])
    }
}
