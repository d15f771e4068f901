// Compiled only with the engine's invariant checks (`AQUEDUCT_INTERNAL_CHECKS=1 swift test`, as
// CI's ThreadSanitizer stage runs): without them `_checkInvariants()` is empty, and nothing traps.
// Each test breaks one machine's invariant through internal access, then runs a transition,
// whose check must trap: the test passes when its child process fails (an exit test).
#if AQUEDUCT_INTERNAL_CHECKS && (os(macOS) || os(Linux) || os(Windows))
import Testing

@testable import Aqueduct

@Suite struct InvariantCheckTests {
    static let source = ActionSource(file: "T/T.swift", function: "t()", line: 1)

    /// Expects the child's standard error to hold the invariant's message: the trap is the one
    /// the test broke, not another.
    static func expectTrap(
        _ result: ExitTest.Result?,
        saying message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains(message), "\(standardError)", sourceLocation: sourceLocation)
    }

    @Test func aConsistentRunOfEachMachineDoesNotTrap() {
        var dispatch = DispatchStateMachine<Int>()
        _ = dispatch.dispatch()
        let lifetime = EffectLifetime(token: 0, describe: { "effect" })
        dispatch.enqueue(1, from: Self.source, causedBy: nil, lifetime: lifetime)
        dispatch.enqueue(2, from: Self.source, causedBy: nil, lifetime: nil)
        drain: while true {
            switch dispatch.next() {
            case .process: continue
            case .processOwn: _ = dispatch.takeOwnOrigin()
            case .finished, .runaway: break drain
            }
        }
        #expect(dispatch.isIdle)

        var inbox = InboxStateMachine<Int>()
        _ = inbox.enqueue(1, Self.source, causedBy: nil, lifetime: lifetime)
        var batch = InboxStateMachine<Int>.Batch()
        inbox.take(exchanging: &batch)
        #expect(batch.entries.count == 1)

        var registry = EffectRegistryStateMachine()
        let registered = registry.register(ids: [], parent: nil, describe: { "effect" })
        _ = registry.cancel { _ in true }
        registry.returned(registered.token, takes: 0)
        #expect(registry.entries.isEmpty)
    }

    @Test func theDispatchMachineTrapsWhenItsStateIsNotTheLastNumberGiven() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var machine = DispatchStateMachine<Int>()
            _ = machine.dispatch()  // processing action 0
            machine.nextSeq = 7  // as if 1 to 6 had been given out, none of them processing
            machine.enqueue(1, from: InvariantCheckTests.source, causedBy: nil, lifetime: nil)
        }
        Self.expectTrap(result, saying: "DispatchStateMachine: processing action 0, but the last number given is 6")
    }

    @Test func theDispatchMachineTrapsWhenItIdlesWithAnOriginKept() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var machine = DispatchStateMachine<Int>()
            _ = machine.dispatch()
            // An origin kept with no action queued: finishing leaves it for the next cascade,
            // whose origins would then count from it.
            machine.origins.append(QueuedOrigin(source: InvariantCheckTests.source, lifetime: nil))
            _ = machine.finishIfNothingQueued()
        }
        Self.expectTrap(result, saying: "DispatchStateMachine: idle with 1 origins kept")
    }

    @Test func theInboxTrapsWhenASenderWaitsForRoomTwice() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var machine = InboxStateMachine<Int>()
            let lifetime = EffectLifetime(token: 0, describe: { "effect" })
            let id = machine.makeWaiterID()
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                machine.waitForRoom(sentBy: lifetime, continuation, id: id)
                // The same waiter again: one resume would leave it pending, two would resume
                // its continuation twice.
                machine.waitForRoom(sentBy: lifetime, continuation, id: id)
            }
        }
        Self.expectTrap(result, saying: "InboxStateMachine: waiter 1 waits twice")
    }

    @Test func theInboxTrapsWhenATakeIsHandedABatchNotEmptied() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var machine = InboxStateMachine<Int>()
            // The drain's spare batch still holds a run: the next actions would join it, and
            // take its source and sender.
            var spare = InboxStateMachine<Int>.Batch()
            spare.runs.append(.init(source: InvariantCheckTests.source, lifetime: nil, count: 1))
            machine.take(exchanging: &spare)
        }
        Self.expectTrap(result, saying: "InboxStateMachine: 1 runs for 0 actions waiting")
    }

    @Test func theRegistryTrapsWhenALifetimeIsCancelledBehindItsBack() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var machine = EffectRegistryStateMachine()
            let lifetime = machine.register(ids: [], parent: nil, describe: { "effect" })
            lifetime.cancel()  // not through cancel(where:): its entry still says it is starting
            _ = machine.register(ids: [], parent: nil, describe: { "another" })
        }
        Self.expectTrap(result, saying: "EffectRegistryStateMachine: effect 0 runs, its lifetime not open")
    }

    @Test func theRegistryTrapsWhenAPartIsRegisteredBeforeItsConcatenation() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var machine = EffectRegistryStateMachine()
            // Token 0, a part of effect 5, which does not exist yet: cancelling 5 would miss it.
            _ = machine.register(ids: [], parent: 5, describe: { "part" })
        }
        Self.expectTrap(result, saying: "EffectRegistryStateMachine: effect 0 is a part of 5, a later one")
    }
}
#endif
