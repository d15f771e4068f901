import Aqueduct
import Dispatch

/// What a ``TestScheduler`` is made of, kept alive by the tasks running on it: the executor of
/// its tasks (one serial queue), its state (``TestSchedulerStateMachine``), and the settling
/// that test steps await.
///
/// A task does not keep its preferred executor alive, and an effect cancelled when its store
/// goes away still runs a last job to unwind; so each task's closure holds the core, and every
/// job handed to the queue holds it until the job has run.
///
/// Jobs of default actors that a task calls run here too (they follow the task's preferred
/// executor). Unstructured tasks it starts with `Task {}` do not, nor jobs of actors with an
/// executor of their own, nor the main actor's.
final class TestSchedulerCore: TaskExecutor, EngineScheduler, Sendable {
    private let queue: DispatchQueue
    private let state = LockedValue(TestSchedulerStateMachine())
    /// How long one job may run before a step that waits for it gives up and says so; `nil`
    /// waits as long as it takes. A test store sets its timeout.
    private let bound = LockedValue<Duration?>(nil)
    /// Failures recorded by code running on the scheduler's tasks (an unimplemented endpoint),
    /// which know no test: the step that ran them reports them in the test's task.
    private let deferredFailures = LockedValue<[(message: String, site: CallSite)]>([])

    /// - Parameter target: The queue the scheduler's own queue runs its jobs on; the default
    ///   global queue when `nil`. A test of the scheduler suspends it to hold jobs back.
    init(target: DispatchQueue? = nil) {
        queue = DispatchQueue(label: "AqueductTesting.TestScheduler", target: target)
    }

    /// The scheduler whose task is running, if any: a `TestClock` records it with each
    /// sleeper, and settles it after waking the sleeper.
    @TaskLocal static var current: TestSchedulerCore?

    var failureBound: Duration? {
        get { bound.withLock { $0 } }
        set { bound.withLock { $0 = newValue } }
    }

    // MARK: Executor

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        switch state.withLock({ $0.jobEnqueued(job) }) {
        case .run(let job, let waiters):
            run(job)
            Self.resume(waiters)
        case .parked(let waiters):
            Self.resume(waiters)
        }
    }

    private func run(_ job: UnownedJob) {
        queue.async { [self] in
            state.withLock { $0.jobStarted(at: .now) }
            job.runSynchronously(on: asUnownedTaskExecutor())
            Self.resume(state.withLock { $0.jobReturned() })
        }
    }

    /// Starts a task on this scheduler, as ``current``.
    func makeTask<Success: Sendable>(
        priority: TaskPriority?,
        _ operation: @escaping @Sendable () async -> Success
    ) -> Task<Success, Never> {
        Task.detached(executorPreference: self, priority: priority) { [self] in
            await Self.$current.withValue(self) { await operation() }
        }
    }

    /// The scheduler's handle was released: every job runs from now on.
    func release() {
        for job in state.withLock({ $0.released() }) { run(job) }
    }

    // MARK: EngineScheduler

    func startTask(priority: TaskPriority?, _ work: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        makeTask(priority: priority, work)
    }

    @MainActor
    func attach(_ runtime: any DrainingEngine) -> @Sendable () -> Void {
        let request = TestSchedulerStateMachine.DrainRequest(runtime: runtime)
        return { [weak self] in
            guard let self else { return }
            Self.resume(state.withLock { $0.drainRequested(request) })
        }
    }

    // MARK: Failures

    /// Keeps a failure for the step running now (or the next) to report in the test's task.
    func deferFailure(_ message: String, at site: CallSite) {
        deferredFailures.withLock { $0.append((message, site)) }
    }

    /// Reports the failures kept so far, in the order they were recorded.
    private func reportDeferredFailures() {
        let failures = deferredFailures.withLock { failures in
            defer { failures.removeAll() }
            return failures
        }
        for failure in failures { FailureReporter.record(failure.message, at: failure.site) }
    }

    // MARK: Settling

    /// Runs every job and drains every engine that asks, until nothing more can run: no job
    /// queued or running, no action waiting, and no main-actor step that a job queued still to
    /// run.
    ///
    /// Exact, not a guess: jobs are counted as they are queued and as they return; and the main
    /// actor's executor runs its jobs first in, first out. A job that hops to the main actor
    /// (an effect's `await MainActor.run`, a `@MainActor` client) queues that main-actor step
    /// before it returns; so once no job is left, one turn of the main actor — a main-actor job
    /// queued now, at the back of its line — comes after every such step, each of which either
    /// queues another job, asks for a drain, or leaves its effect suspended. Only if that turn
    /// sees no new event has the scheduler settled. Main-actor work that itself waits for later
    /// main-actor work (a main-actor task it starts, a yield there) is not seen.
    ///
    /// - Parameter bound: How long one job may run before this gives up; `nil` waits as long as
    ///   it takes. Time a job spends waiting for a thread does not count: on a busy machine the
    ///   queue's jobs wait their turn, and that is not the stall this bound is for (a job that
    ///   blocks its thread).
    /// - Returns: Whether it settled (else a job ran for `bound` without returning), and the
    ///   generation it decided on, to wait for the next event from.
    @MainActor
    func settle(noProgressFor bound: Duration?) async -> (settled: Bool, generation: UInt64) {
        beginStep()
        defer {
            endStep()
            reportDeferredFailures()
        }
        while true {
            for request in state.withLock({ $0.takeDrainRequests() }) {
                request.runtime?.drainInbox()
            }
            let (generation, runningJobs, hasDrains) = state.withLock {
                ($0.generation, $0.runningJobs, !$0.drainRequests.isEmpty)
            }
            if hasDrains { continue }
            if runningJobs > 0 {
                if await waitForEvent(since: generation, until: bound.map(stallDeadline)) { continue }
                // No event by the deadline: a stall only if one job has run that long.
                guard let bound, let since = state.withLock({ $0.executingSince }), since + bound <= .now else {
                    continue
                }
                return (false, generation)
            }
            await mainActorTurn()
            if state.withLock({ $0.generation }) == generation { return (true, generation) }
        }
    }

    /// Settles, then, while `condition` does not hold, waits for the next event — a job, a
    /// drain (an action sent from elsewhere) — and settles again.
    ///
    /// - Parameters:
    ///   - deadline: The failure bound: when to stop waiting for an event.
    ///   - bound: How long a job may run without an event while settling.
    ///   - nothingCanArrive: Whether to stop at once, with nothing running that could make the
    ///     condition hold; checked after each settle.
    ///   - condition: What the caller waits for; checked on the main actor after each settle.
    /// - Returns: How the wait ended.
    @MainActor
    func wait(
        until deadline: ContinuousClock.Instant,
        noProgressFor bound: Duration?,
        givingUpWhen nothingCanArrive: () -> Bool,
        for condition: () -> Bool
    ) async -> WaitOutcome {
        beginStep()
        defer {
            endStep()
            reportDeferredFailures()
        }
        while true {
            let (settled, generation) = await settle(noProgressFor: bound)
            if condition() { return .satisfied }
            guard settled else { return .stalled }
            if nothingCanArrive() { return .nothingRunning }
            guard await waitForEvent(since: generation, until: deadline) else { return .timedOut }
        }
    }

    /// When the job running now will have run for `bound` — or, while the jobs handed over wait
    /// for a thread (a busy machine), `bound` from now, to look again then.
    private func stallDeadline(_ bound: Duration) -> ContinuousClock.Instant {
        (state.withLock { $0.executingSince } ?? .now) + bound
    }

    /// How a wait ended.
    enum WaitOutcome: Sendable, Equatable {
        /// The condition holds.
        case satisfied
        /// The condition does not hold and nothing is running that could make it.
        case nothingRunning
        /// The deadline passed with effects still running, none of them runnable: suspended
        /// on a `TestClock` nobody advances, a stream, a continuation.
        case timedOut
        /// A job made no progress for the no-progress bound.
        case stalled
    }

    private func beginStep() {
        for job in state.withLock({ $0.stepBegan() }) { run(job) }
    }

    private func endStep() {
        state.withLock { $0.stepEnded() }
    }

    /// Returns after every main-actor job queued before it: the continuation is resumed by a
    /// main-actor job queued behind them. (Resumed from another thread instead, it could be
    /// resumed before this task has even suspended, and run on at once.)
    @MainActor
    private func mainActorTurn() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Task { @MainActor in continuation.resume() }
        }
    }

    /// Suspends until the first event after `generation`.
    ///
    /// - Parameters:
    ///   - generation: The generation the caller decided on.
    ///   - deadline: When to give up — a failure bound, never a condition for anything; `nil`
    ///     waits for the event.
    /// - Returns: `true` after an event; `false` when the deadline passed or the waiting task
    ///   was cancelled first.
    private func waitForEvent(since generation: UInt64, until deadline: ContinuousClock.Instant?) async -> Bool {
        let id = state.withLock { $0.makeWaiterID() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                switch state.withLock({ $0.wait(id: id, since: generation, continuation) }) {
                case .resume(let happened):
                    continuation.resume(returning: happened)
                case .suspend:
                    guard let deadline else { return }
                    let timer = Task { [self] in
                        try? await Task.sleep(until: deadline, clock: .continuous)
                        abandonWait(id, becauseOfCancellation: false)
                    }
                    if !state.withLock({ $0.attachTimer(timer, to: id) }) { timer.cancel() }
                }
            }
        } onCancel: {
            abandonWait(id, becauseOfCancellation: true)
        }
    }

    private func abandonWait(_ id: Int, becauseOfCancellation: Bool) {
        guard let waiter = state.withLock({ $0.abandonWait(id, becauseOfCancellation: becauseOfCancellation) })
        else { return }
        waiter.timer?.cancel()
        waiter.continuation.resume(returning: false)
    }

    private static func resume(_ waiters: [TestSchedulerStateMachine.Waiter]) {
        for waiter in waiters {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: true)
        }
    }
}
