import AqueductTesting
import Testing

@testable import Aqueduct

/// An effect's `Send`: sending with backpressure, which keeps the store's inbox bounded however
/// fast the senders, and the report of sends after the effect's work returned, once per effect.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct SendTests {
    enum Action: Sendable, Equatable {
        case start(senders: Int, count: Int)
        case next(sender: Int, value: Int)
        case stop
        case marker
    }

    struct Tally: Sendable, Equatable {
        var lastSeen: [Int] = []
        var total = 0
        var outOfOrder = 0
        var markers = 0
    }

    static let reducer = Reducer<Action, Tally>.reduce { action, tally in
        switch action {
        case .start(let senders, _):
            tally.lastSeen = [Int](repeating: -1, count: senders)
        case .next(let sender, let value):
            // Every action once, each sender's in its order: each value follows the last seen.
            if value != tally.lastSeen[sender] + 1 { tally.outOfOrder += 1 }
            tally.lastSeen[sender] = value
            tally.total += 1
        case .stop:
            break
        case .marker:
            tally.markers += 1
        }
    }

    /// `.start` floods from `senders` child tasks, each sending `count` actions with
    /// backpressure; `.stop` cancels the flood.
    static let flood = TestMiddleware<Action, Tally> { action, _, _ in
        switch action {
        case .start(let senders, let count):
            return Effect.run { send in
                await withTaskGroup(of: Void.self) { group in
                    for sender in 0..<senders {
                        group.addTask {
                            for value in 0..<count { await send.withBackpressure(.next(sender: sender, value: value)) }
                        }
                    }
                }
            }
            .cancellable(id: "flood")
        case .stop:
            return .cancel(id: "flood")
        default:
            return .none
        }
    }

    /// The same flood from unstructured tasks the work awaits: cancelling the effect does not
    /// cancel them, so only the effect's cancellation can end their wait.
    static let unstructuredFlood = TestMiddleware<Action, Tally> { action, _, _ in
        switch action {
        case .start(let senders, let count):
            return Effect.run { send in
                let tasks = (0..<senders).map { sender in
                    Task {
                        for value in 0..<count { await send.withBackpressure(.next(sender: sender, value: value)) }
                    }
                }
                for task in tasks { await task.value }
            }
            .cancellable(id: "flood")
        case .stop:
            return .cancel(id: "flood")
        default:
            return .none
        }
    }

    static let source = ActionSource(file: "T/T.swift", function: "t()", line: 1)

    /// A production store, flooded from four tasks on the global executor's threads that each
    /// send 5,000 actions with backpressure (20 times the bound in all): the main actor never finds more than the bound
    /// (plus one action a sender let through with the others) waiting in the inbox, the
    /// senders did wait, and every action is reduced once, in its sender's order.
    @Test func aFloodWithBackpressureKeepsTheInboxBoundedAndEveryActionInOrder() async {
        let (senders, count) = (4, 5_000)
        let store = Store(initialState: Tally(), reducer: Self.reducer, middleware: Self.flood)
        let totals = store.values(of: \.total, .removingDuplicates)
        store.dispatch(.start(senders: senders, count: count))
        for await total in totals where total == senders * count { break }
        let storage = store._runtime.storage
        #expect(store.state.outOfOrder == 0)
        #expect(store.state.lastSeen == [Int](repeating: count - 1, count: senders))
        #expect(storage.inboxRoomWaits > 0)
        #expect(storage.inboxHighWater <= InboxStateMachine<Action>.bound + senders)
    }

    /// Without backpressure, the same flood is not held back: what the bound above is measured
    /// against (the inbox of a plain `send` grows past the bound).
    @Test func aFloodWithoutBackpressureIsNotHeldBack() async {
        let (senders, count) = (4, 5_000)
        let middleware = TestMiddleware<Action, Tally> { action, _, _ in
            guard case .start(let senders, let count) = action else { return .none }
            return .run { send in
                await withTaskGroup(of: Void.self) { group in
                    for sender in 0..<senders {
                        group.addTask { for value in 0..<count { send(.next(sender: sender, value: value)) } }
                    }
                }
            }
        }
        let store = Store(initialState: Tally(), reducer: Self.reducer, middleware: middleware)
        let totals = store.values(of: \.total, .removingDuplicates)
        store.dispatch(.start(senders: senders, count: count))
        for await total in totals where total == senders * count { break }
        #expect(store.state.outOfOrder == 0)
        #expect(store._runtime.storage.inboxRoomWaits == 0)
    }

    /// An engine whose inbox is drained only when the test says, flooded by one sender with
    /// backpressure until it waits for room.
    static func waitingSender(
        _ middleware: TestMiddleware<Action, Tally> = flood
    ) async throws -> (Engine<Action, Tally>, DrainingByHand) {
        let scheduler = DrainingByHand()
        let runtime = Engine(
            initialState: Tally(),
            reducer: reducer,
            middleware: AnyMiddleware(middleware),
            scheduler: scheduler
        )
        runtime.dispatch(.start(senders: 1, count: InboxStateMachine<Action>.bound + 10), from: source)
        // Not a wait on the clock: the sender registers as waiting, under the lock, when it
        // finds the inbox full, which it fills without the main actor. (A sender that never
        // waits ends here at the suite's time limit.)
        while runtime.storage.inboxRoomWaits == 0 {
            try Task.checkCancellation()
            await Task.yield()
        }
        return (runtime, scheduler)
    }

    @Test func aSenderWaitingForRoomGoesOnWhenTheMainActorTakesTheInbox() async throws {
        let bound = InboxStateMachine<Action>.bound
        let (runtime, scheduler) = try await Self.waitingSender()
        #expect(runtime.storage.inboxCount == bound)
        runtime.drainInbox()
        let effect = try #require(scheduler.tasks.first)
        await effect.value  // the last ten fit: it returns
        runtime.drainInbox()
        #expect(runtime.state.total == bound + 10)
        #expect(runtime.state.outOfOrder == 0)
        #expect(runtime.storage.inboxHighWater == bound)
    }

    /// A cancelled effect does not hang in its awaiting send — whether its sender is the
    /// effect's task or a task it started, which the cancellation does not cancel: the
    /// cancellation resumes it, and what it sent is dropped.
    @Test(arguments: [false, true])
    func cancellingAnEffectResumesItsSenderWaitingForRoom(unstructured: Bool) async throws {
        let (runtime, scheduler) = try await Self.waitingSender(unstructured ? Self.unstructuredFlood : Self.flood)
        runtime.dispatch(.stop, from: Self.source)
        let effect = try #require(scheduler.tasks.first)
        await effect.value
        runtime.drainInbox()
        #expect(runtime.state.total == 0)
    }

    /// Releasing the store resumes a sender waiting for room: nothing will drain the inbox.
    @Test(arguments: [false, true])
    func releasingTheEngineResumesItsSenderWaitingForRoom(unstructured: Bool) async throws {
        var (runtime, scheduler): (Engine<Action, Tally>?, DrainingByHand) = try await Self.waitingSender(
            unstructured ? Self.unstructuredFlood : Self.flood
        )
        #expect(runtime != nil)
        runtime = nil
        let effect = try #require(scheduler.tasks.first)
        await effect.value
    }

    /// A sender whose own task is cancelled while it waits (the effect's work cancels it) is
    /// resumed, and its action is not lost: the effect runs, so it is sent.
    @Test func aSenderWhoseTaskIsCancelledWhileWaitingIsResumedAndLosesNothing() async throws {
        let bound = InboxStateMachine<Action>.bound
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let middleware = TestMiddleware<Action, Tally> { action, _, _ in
            guard case .start(_, let count) = action else { return .none }
            return .run { send in
                let sender = Task {
                    for value in 0..<count { await send.withBackpressure(.next(sender: 0, value: value)) }
                }
                for await _ in gate { break }
                sender.cancel()
                await sender.value
                send(.marker)
            }
        }
        let (runtime, scheduler) = try await Self.waitingSender(middleware)
        open.yield()
        let effect = try #require(scheduler.tasks.first)
        await effect.value
        runtime.drainInbox()
        // The bound's actions, the one it waited to send, and the marker; nothing after.
        #expect(runtime.state.total == bound + 1)
        #expect(runtime.state.outOfOrder == 0)
        #expect(runtime.state.markers == 1)
    }

    /// A send made by hand never waits.
    @Test func aSendMadeByHandSendsWithBackpressureAtOnce() async {
        let sent = EventLog()
        let send = Send<Int> { action, _ in sent.record("\(action)") }
        // Off the main actor, as an effect's work runs: from this main-actor test each awaiting
        // send would be two hops, each behind every other test's main-actor jobs.
        await Task.detached {
            for action in 0..<(InboxStateMachine<Int>.bound * 2) { await send.withBackpressure(action) }
        }.value
        #expect(sent.all.count == InboxStateMachine<Int>.bound * 2)
    }

    /// A task the effect leaked, sending 2,000 actions after the work returned: one report for
    /// the effect, not one per send — and one for each effect that does it.
    @Test func sendsAfterTheWorkReturnedAreReportedOncePerEffect() async throws {
        // One gate for each effect's leaked task (a stream has one reader), and one stream
        // that each task ends with.
        let gates = (0..<2).map { _ in AsyncStream.makeStream(of: Void.self) }
        let (ended, end) = AsyncStream.makeStream(of: Void.self)
        let reports = EventLog()
        let middleware = TestMiddleware<Action, Tally> { action, _, _ in
            guard case .start(let effect, let count) = action else { return .none }
            let gate = gates[effect].stream
            return .run { send in
                // Started by the work, not awaited by it: it sends once the test opens its gate,
                // after the work has returned.
                Task.detached {
                    for await _ in gate { break }
                    for value in 0..<count { send(.next(sender: effect, value: value)) }
                    for value in count..<(2 * count) {
                        await send.withBackpressure(.next(sender: effect, value: value))
                    }
                    end.yield()
                }
            }
        }
        let scheduler = DrainingByHand()
        let runtime = Engine(
            initialState: Tally(),
            reducer: Self.reducer,
            middleware: AnyMiddleware(middleware),
            scheduler: scheduler,
            onLateSend: { action, startedBy in reports.record("\(action) by an effect of \(startedBy)") }
        )
        runtime.dispatch(.start(senders: 0, count: 1_000), from: Self.source)
        runtime.dispatch(.start(senders: 1, count: 1_000), from: Self.source)
        for effect in scheduler.tasks { await effect.value }  // both works returned
        for gate in gates { gate.continuation.yield() }
        var endings = ended.makeAsyncIterator()
        for _ in gates { await endings.next() }
        #expect(
            reports.all.sorted() == [
                "next(sender: 0, value: 0) by an effect of start(senders: 0, count: 1000)",
                "next(sender: 1, value: 0) by an effect of start(senders: 1, count: 1000)",
            ]
        )
        runtime.drainInbox()
        #expect(runtime.state.total == 0)
    }

    /// An escaped `ImmediateSend` called 2,000 times is reported once.
    @Test func anEscapedImmediateSendIsReportedOnce() {
        var escaped: ImmediateSend<Action>?
        let middleware = TestMiddleware<Action, Tally> { action, _, _ in
            action == .marker ? .immediate { send in escaped = send } : .none
        }
        let reports = EventLog()
        let runtime = Engine(
            initialState: Tally(),
            reducer: Self.reducer,
            middleware: AnyMiddleware(middleware),
            onLateSend: { action, _ in reports.record("\(action)") }
        )
        runtime.dispatch(.marker, from: Self.source)
        for _ in 0..<2_000 { escaped?(.marker) }
        #expect(runtime.state.markers == 1)
        #expect(reports.all == ["marker"])
    }
}
