import Aqueduct

/// The state of a ``TestScheduler``: its jobs, the drains its engines asked for, and the test
/// steps waiting on it. A pure value behind the scheduler's lock; each transition returns what
/// to do outside the lock — run jobs, resume waiters.
///
/// Jobs run only while a test step awaits the scheduler (``Mode/active(steps:)``): otherwise
/// they are parked, in order, and nothing an effect does happens between two steps of a test.
/// Once the scheduler is released, every job runs as it comes, so that effects cancelled with
/// their store still unwind.
///
/// Every event a step may wait for — a job queued, a job returned, a drain asked for — advances
/// ``generation`` and resumes the waiters registered before it. A waiter compares generations,
/// so no event is lost between reading the state and waiting.
struct TestSchedulerStateMachine: Sendable {
    /// Whether jobs run.
    enum Mode: Sendable {
        /// No test step awaits the scheduler: jobs wait, parked, oldest first.
        case paused(parked: [UnownedJob])
        /// `steps` test steps await the scheduler: jobs run as they come.
        case active(steps: Int)
        /// The scheduler was released: jobs run as they come, for good.
        case released
    }

    /// A test step waiting for the next event.
    struct Waiter: Sendable {
        let continuation: CheckedContinuation<Bool, Never>
        /// Ends the wait at the step's failure bound, if it has one.
        var timer: Task<Void, Never>?
    }

    /// An engine that asked for a drain; held weakly, like every engine the scheduler serves.
    struct DrainRequest: Sendable {
        weak var runtime: (any DrainingEngine)?
    }

    private(set) var mode = Mode.paused(parked: [])
    /// Jobs handed to the scheduler's queue that have not returned.
    private(set) var runningJobs = 0
    /// When the job the queue is running began, if it is running one: jobs run one at a time,
    /// and one handed over may still wait for a thread, which is a busy machine, not a stall.
    private(set) var executingSince: ContinuousClock.Instant?
    private(set) var drainRequests: [DrainRequest] = []
    private(set) var generation: UInt64 = 0
    private var waiters = WaiterList<Waiter>()

    /// Advances the generation and hands over every waiter, to be resumed.
    private mutating func advance() -> [Waiter] {
        generation &+= 1
        return waiters.removeAll()
    }

    // MARK: Jobs

    /// What to do with a job just queued.
    enum EnqueueAction {
        /// Run it on the scheduler's queue, and resume these waiters.
        case run(UnownedJob, [Waiter])
        /// It is parked; resume these waiters.
        case parked([Waiter])
    }

    /// A job of one of the scheduler's tasks was queued.
    mutating func jobEnqueued(_ job: UnownedJob) -> EnqueueAction {
        switch mode {
        case .paused(var parked):
            mode = .paused(parked: [])
            parked.append(job)
            mode = .paused(parked: parked)
            return .parked(advance())
        case .active, .released:
            runningJobs += 1
            return .run(job, advance())
        }
    }

    /// The queue began to run a job handed to it.
    mutating func jobStarted(at instant: ContinuousClock.Instant) {
        precondition(runningJobs > 0, "TestSchedulerStateMachine: a job started that was not handed over")
        precondition(executingSince == nil, "TestSchedulerStateMachine: a job started while another ran")
        executingSince = instant
    }

    /// A job handed to the queue returned.
    mutating func jobReturned() -> [Waiter] {
        precondition(runningJobs > 0, "TestSchedulerStateMachine: a job returned that was not running")
        runningJobs -= 1
        executingSince = nil
        return advance()
    }

    /// A test step begins to await the scheduler: parked jobs run.
    ///
    /// - Returns: The parked jobs, oldest first, to run.
    mutating func stepBegan() -> [UnownedJob] {
        switch mode {
        case .paused(let parked):
            mode = .active(steps: 1)
            runningJobs += parked.count
            return parked
        case .active(let steps):
            mode = .active(steps: steps + 1)
            return []
        case .released:
            return []
        }
    }

    /// A test step stopped awaiting the scheduler.
    mutating func stepEnded() {
        switch mode {
        case .paused:
            preconditionFailure("TestSchedulerStateMachine: a step ended that did not begin")
        case .active(let steps):
            mode = steps > 1 ? .active(steps: steps - 1) : .paused(parked: [])
        case .released:
            return
        }
    }

    /// The scheduler was released: every job runs from now on.
    ///
    /// - Returns: The parked jobs, oldest first, to run.
    mutating func released() -> [UnownedJob] {
        defer { mode = .released }
        guard case .paused(let parked) = mode else { return [] }
        runningJobs += parked.count
        return parked
    }

    // MARK: Drains

    /// An engine's inbox received its first action: it asks for a drain.
    mutating func drainRequested(_ request: DrainRequest) -> [Waiter] {
        drainRequests.append(request)
        return advance()
    }

    /// A step takes the drain requests, to drain those engines on the main actor.
    mutating func takeDrainRequests() -> [DrainRequest] {
        defer { drainRequests = [] }
        return drainRequests
    }

    // MARK: Waiting

    mutating func makeWaiterID() -> Int {
        waiters.makeID()
    }

    /// What to do with a step about to wait.
    enum WaitAction {
        /// Suspend until an event, the failure bound or the task's cancellation.
        case suspend
        /// Do not wait: resume at once with `true` (the event has already happened) or
        /// `false` (the waiting task was cancelled).
        case resume(Bool)
    }

    /// A step waits for the first event after `generation`.
    mutating func wait(
        id: Int,
        since generation: UInt64,
        _ continuation: CheckedContinuation<Bool, Never>
    )
        -> WaitAction
    {
        switch waiters.register(id, isDue: self.generation != generation, Waiter(continuation: continuation)) {
        case .cancelled: .resume(false)
        case .due: .resume(true)
        case .waiting: .suspend
        }
    }

    /// Attaches the timer that bounds a wait. Returns `false` when the waiter has already been
    /// resumed, so that the timer is cancelled.
    mutating func attachTimer(_ timer: Task<Void, Never>, to id: Int) -> Bool {
        waiters.update(id) { $0.timer = timer }
    }

    /// The wait's failure bound passed, or its task was cancelled: removes the waiter, to be
    /// resumed with `false`.
    mutating func abandonWait(_ id: Int, becauseOfCancellation: Bool) -> Waiter? {
        waiters.remove(id, becauseOfCancellation: becauseOfCancellation)
    }
}
