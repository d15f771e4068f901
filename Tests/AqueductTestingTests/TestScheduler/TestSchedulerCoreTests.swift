import Dispatch
import Testing

@testable import AqueductTesting

/// The scheduler's no-progress bound counts the time a job runs, not the time it waits for a
/// thread: on a busy machine jobs wait their turn, and a correct test must not fail for it.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct TestSchedulerCoreTests {
    @Test func aJobWaitingForAThreadLongerThanTheBoundIsNotAStall() async {
        let threads = DispatchQueue(label: "TestSchedulerCoreTests.threads")
        threads.suspend()  // the scheduler's queue gets no thread until the test resumes this
        let core = TestSchedulerCore(target: threads)
        let ran = core.makeTask(priority: nil) { true }
        // Gives the thread back only well past the bound that settling is given below (itself
        // longer than a busy machine preempts a thread running the job).
        let giveBack = Task.detached {
            try? await Task.sleep(for: .seconds(1))
            threads.resume()
        }
        let (settled, _) = await core.settle(noProgressFor: .milliseconds(250))
        #expect(settled, "a job that had not started was taken for a stalled one")
        #expect(await ran.value)
        await giveBack.value
    }

    @Test func aJobRunningLongerThanTheBoundIsAStall() async {
        let core = TestSchedulerCore()
        let gate = DispatchSemaphore(value: 0)
        let blocked = core.makeTask(priority: nil) { gate.wait() }
        let (settled, _) = await core.settle(noProgressFor: .milliseconds(50))
        #expect(!settled)
        gate.signal()
        await blocked.value
        #expect(await core.settle(noProgressFor: nil).settled)
    }
}
