import Testing

@testable import AqueductTesting

/// The test scheduler's state: pure transitions. Jobs are only counted and moved here, never
/// run, so the tests use no job at all where they can; parked jobs need real ones, which only
/// an executor gets: those cases are covered by `TestSchedulerTests`.
@Suite struct TestSchedulerStateMachineTests {
    @Test func stepsNestAndTheSchedulerPausesWhenTheLastEnds() {
        var machine = TestSchedulerStateMachine()
        guard case .paused(let parked) = machine.mode, parked.isEmpty else {
            Issue.record("not paused")
            return
        }
        #expect(machine.stepBegan().isEmpty)
        #expect(machine.stepBegan().isEmpty)
        guard case .active(steps: 2) = machine.mode else { Issue.record("not two steps"); return }
        machine.stepEnded()
        guard case .active(steps: 1) = machine.mode else { Issue.record("not one step"); return }
        machine.stepEnded()
        guard case .paused = machine.mode else { Issue.record("not paused again"); return }
    }

    @Test func aReleasedSchedulerStaysReleased() {
        var machine = TestSchedulerStateMachine()
        #expect(machine.released().isEmpty)
        #expect(machine.stepBegan().isEmpty)
        machine.stepEnded()
        guard case .released = machine.mode else { Issue.record("not released"); return }
    }

    @Test func everyEventAdvancesTheGenerationAndADrainRequestIsKeptUntilTaken() {
        var machine = TestSchedulerStateMachine()
        let start = machine.generation
        _ = machine.drainRequested(.init(runtime: nil))
        _ = machine.drainRequested(.init(runtime: nil))
        #expect(machine.generation == start + 2)
        #expect(machine.takeDrainRequests().count == 2)
        #expect(machine.drainRequests.isEmpty)
    }

    @Test func aWaiterIsToldAtOnceIfTheEventAlreadyHappenedOrItsTaskWasCancelled() async {
        var machine = TestSchedulerStateMachine()
        let before = machine.generation
        _ = machine.drainRequested(.init(runtime: nil))
        let id = machine.makeWaiterID()
        let happened = await withCheckedContinuation { continuation in
            guard case .resume(let happened) = machine.wait(id: id, since: before, continuation) else {
                Issue.record("suspended after the event")
                continuation.resume(returning: false)
                return
            }
            continuation.resume(returning: happened)
        }
        #expect(happened)
        let cancelled = machine.makeWaiterID()
        #expect(machine.abandonWait(cancelled, becauseOfCancellation: true) == nil)
        let resumed = await withCheckedContinuation { continuation in
            guard case .resume(let happened) = machine.wait(id: cancelled, since: machine.generation, continuation)
            else {
                Issue.record("a cancelled waiter suspended")
                continuation.resume(returning: true)
                return
            }
            continuation.resume(returning: happened)
        }
        #expect(!resumed)
    }
}
