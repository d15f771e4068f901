/// The part of a runtime that other threads reach: the inbox of actions sent from any
/// isolation, the registry of running effects, the activity of the executor they run on, and
/// the waiters of a test driver. A pure value, kept behind ``RuntimeStorage``'s lock: each
/// transition changes the state and returns what the storage must do outside the lock —
/// schedule a drain, resume waiters, cancel tasks.
///
/// Every event a waiter may be waiting for — an action in the inbox, an effect ending, the
/// executor starting or running out of work — advances ``generation``, and resumes the waiters
/// registered before it. A waiter compares generations, so no wake-up is lost between reading
/// the state and waiting.
@usableFromInline
internal struct RuntimeStateMachine<Action: Sendable>: Sendable {
    /// One running asynchronous effect.
    @usableFromInline
    internal struct RunningEffect: Sendable {
        /// The ids of every `.cancellable` around the effect, outermost first.
        let ids: [EffectID]
        let task: Task<Void, Never>
        /// Describes the action that started the effect; built only when read.
        let describe: @Sendable () -> String
        /// Cancelled but not yet returned: the entry stays until the work returns, so work
        /// that ignores cancellation is still reported as running.
        var isCancelled = false
        /// Part of a concatenation, whose task awaits it: the concatenation's entry stands for
        /// it in the descriptions and counts that a test reads.
        var isNested = false

        @usableFromInline
        init(ids: [EffectID], task: Task<Void, Never>, describe: @escaping @Sendable () -> String) {
            self.ids = ids
            self.task = task
            self.describe = describe
        }
    }

    /// A test driver waiting for the next event.
    @usableFromInline
    internal struct Waiter: Sendable {
        let id: Int
        let continuation: CheckedContinuation<Bool, Never>
        var timer: Task<Void, Never>?
    }

    // The inbox.
    @usableFromInline
    internal var inbox: [(action: Action, source: ActionSource)] = []
    @usableFromInline
    internal var isDrainScheduled = false
    /// Schedules a drain on the main actor; `nil` for a test runtime, whose driver drains.
    @usableFromInline
    internal var scheduleDrain: (@Sendable () -> Void)?
    /// Drains the inbox on the main actor, for ``RuntimeStorage/settle(noProgressFor:)``; set
    /// for a test runtime only, capturing it weakly.
    internal var drain: (@MainActor @Sendable () -> Void)?

    // The running effects, by the token each got when it started (tokens grow, so they order
    // the effects oldest first).
    internal var nextToken = 0
    internal var running: [Int: RunningEffect] = [:]
    /// Tokens whose work returned before the effect was registered.
    internal var finishedEarly: Set<Int> = []
    /// The throttled ids, each with when it last let an effect through and the effect waiting
    /// for the end of its interval.
    internal var throttles: [EffectID: ThrottleRecord] = [:]

    // Activity and waiters.
    internal var activeJobs = 0
    @usableFromInline
    internal var generation: UInt64 = 0
    @usableFromInline
    internal var waiters: [Waiter] = []
    internal var nextWaiterID = 0
    /// Waiters whose task was cancelled before they were registered.
    internal var cancelledEarly: Set<Int> = []

    @usableFromInline
    internal init() {}

    internal var activity: RuntimeActivity {
        RuntimeActivity(
            generation: generation,
            activeJobs: activeJobs,
            inboxCount: inbox.count,
            runningEffects: running.count
        )
    }

    /// Advances the generation and hands over every waiter, to be resumed.
    @usableFromInline
    internal mutating func advance() -> [Waiter] {
        generation &+= 1
        if waiters.isEmpty { return [] }
        defer { waiters.removeAll() }
        return waiters
    }

    // MARK: Inbox

    /// What to do after an action entered the inbox.
    @usableFromInline
    internal enum EnqueueAction {
        case none
        /// The inbox was empty and nothing is scheduled: schedule one drain.
        case scheduleDrain(@Sendable () -> Void)
        /// A test driver is waiting: resume it.
        case resume([Waiter])
    }

    /// An action was sent from some isolation.
    @inlinable
    internal mutating func enqueue(_ action: Action, _ source: ActionSource) -> EnqueueAction {
        inbox.append((action, source))
        if !waiters.isEmpty { return .resume(advance()) }
        generation &+= 1
        guard !isDrainScheduled, let scheduleDrain else { return .none }
        isDrainScheduled = true
        return .scheduleDrain(scheduleDrain)
    }

    /// The main actor drains the inbox: swaps the pending actions into `batch` (which must be
    /// empty), so that both arrays keep their capacity from one batch to the next.
    @inlinable
    internal mutating func takeInbox(into batch: inout [(action: Action, source: ActionSource)]) {
        swap(&inbox, &batch)
        isDrainScheduled = false
    }

    // MARK: Effects

    /// An effect is about to start; returns its token.
    internal mutating func reserveEffect() -> Int {
        defer { nextToken += 1 }
        return nextToken
    }

    /// The token the next effect will get: effects started from now on have this token or a
    /// later one.
    internal var effectTokenMark: Int { nextToken }

    /// An effect started: registers it, unless its work has already returned.
    internal mutating func register(_ token: Int, _ effect: RunningEffect) {
        if finishedEarly.remove(token) == nil {
            running[token] = effect
        }
    }

    /// An effect's work returned.
    internal mutating func effectFinished(_ token: Int) -> [Waiter] {
        if running.removeValue(forKey: token) == nil {
            finishedEarly.insert(token)
            return []
        }
        return advance()
    }

    /// Cancels the effects `shouldCancel` selects that are not cancelled yet; returns their tasks.
    internal mutating func cancel(where shouldCancel: (Int, RunningEffect) -> Bool) -> [Task<Void, Never>] {
        var tasks: [Task<Void, Never>] = []
        for (token, effect) in running where !effect.isCancelled && shouldCancel(token, effect) {
            running[token]?.isCancelled = true
            tasks.append(effect.task)
        }
        return tasks
    }

    /// The running effects, oldest first.
    internal var runningEffects: [(token: Int, effect: RunningEffect)] {
        running.sorted { $0.key < $1.key }.map { (token: $0.key, effect: $0.value) }
    }

    /// Marks the effects whose tokens are in `tokens` as parts of a concatenation; returns
    /// their tasks, for the concatenation to await.
    internal mutating func nest(tokens: Range<Int>) -> [Task<Void, Never>] {
        var tasks: [Task<Void, Never>] = []
        for token in tokens {
            guard let effect = running[token] else { continue }
            running[token]?.isNested = true
            tasks.append(effect.task)
        }
        return tasks
    }

    // MARK: Throttles

    /// What the runtime knows of one throttled id.
    internal struct ThrottleRecord: Sendable {
        /// When the last effect was let through, an instant of `timing`'s clock.
        var lastStart: any Sendable
        /// The clock of the last effect let through, to tell when its interval is over.
        var timing: ThrottleTiming
        /// The token of the effect waiting for the end of the interval, if one was scheduled.
        /// It waits as long as that effect runs and is not cancelled.
        var waiting: Int?
    }

    /// What to do with an effect throttled under an id.
    internal enum ThrottleAction {
        /// Run it now: its interval starts now.
        case run
        /// Schedule it for the end of the interval that started at `lastStart`; cancel the
        /// task of the effect it replaces, if any.
        case wait(lastStart: any Sendable, replacing: Task<Void, Never>?)
        /// Drop it: the first effect of the interval already waits.
        case drop
    }

    /// An effect throttled under `id` arrives at `now` (an instant of `timing`'s clock).
    ///
    /// Also forgets the ids of the same clock whose interval is over with nothing waiting.
    ///
    /// - Complexity: O(*n*) in the number of throttled ids remembered.
    internal mutating func throttle(
        _ id: EffectID,
        at now: any Sendable,
        timing: ThrottleTiming,
        latest: Bool
    ) -> ThrottleAction {
        let over = throttles.compactMap { other, record in
            other != id && waitingEffect(of: record) == nil
                && record.timing.isWithinInterval(record.lastStart, now) == false ? other : nil
        }
        for other in over { throttles[other] = nil }
        if let record = throttles[id] {
            if let (token, waiting) = waitingEffect(of: record) {
                guard latest else { return .drop }
                running[token]?.isCancelled = true
                return .wait(lastStart: record.lastStart, replacing: waiting.task)
            }
            if timing.isWithinInterval(record.lastStart, now) == true {
                return .wait(lastStart: record.lastStart, replacing: nil)
            }
        }
        throttles[id] = ThrottleRecord(lastStart: now, timing: timing, waiting: nil)
        return .run
    }

    /// The effect scheduled for the end of `id`'s interval started, with `token`.
    internal mutating func throttleScheduled(_ id: EffectID, token: Int) {
        throttles[id]?.waiting = token
    }

    /// The effect waiting under `id` was let through at `now`: a new interval starts.
    internal mutating func throttleLetThrough(_ id: EffectID, at now: any Sendable) {
        throttles[id]?.lastStart = now
        throttles[id]?.waiting = nil
    }

    /// The effect waiting for the end of `record`'s interval, if it still runs uncancelled.
    private func waitingEffect(of record: ThrottleRecord) -> (Int, RunningEffect)? {
        guard let token = record.waiting, let effect = running[token], !effect.isCancelled else { return nil }
        return (token, effect)
    }

    // MARK: Executor activity

    /// A job was queued on the runtime's executor.
    internal mutating func jobEnqueued() -> [Waiter] {
        activeJobs += 1
        return activeJobs == 1 ? advance() : []
    }

    /// A job on the runtime's executor returned.
    internal mutating func jobFinished() -> [Waiter] {
        activeJobs -= 1
        return activeJobs == 0 ? advance() : []
    }

    // MARK: Waiters

    internal mutating func makeWaiterID() -> Int {
        defer { nextWaiterID += 1 }
        return nextWaiterID
    }

    /// What to do with a driver about to wait.
    internal enum WaitAction {
        /// Suspend until an event, the deadline or the task's cancellation.
        case suspend
        /// Do not wait: resume at once with `true` (the event has already happened) or
        /// `false` (the waiting task was cancelled).
        case resume(Bool)
    }

    /// A driver waits for the first event after `generation`.
    internal mutating func wait(
        id: Int,
        since generation: UInt64,
        _ continuation: CheckedContinuation<Bool, Never>
    ) -> WaitAction {
        if cancelledEarly.remove(id) != nil { return .resume(false) }
        if self.generation != generation { return .resume(true) }
        waiters.append(Waiter(id: id, continuation: continuation))
        return .suspend
    }

    /// Attaches the timer that bounds a wait. Returns `false` when the waiter has already been
    /// resumed, so that the timer is cancelled.
    internal mutating func attachTimer(_ timer: Task<Void, Never>, to id: Int) -> Bool {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return false }
        waiters[index].timer = timer
        return true
    }

    /// The wait's deadline passed, or its task was cancelled: removes the waiter, to be
    /// resumed with `false`.
    internal mutating func abandonWait(_ id: Int, becauseOfCancellation: Bool) -> Waiter? {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else {
            if becauseOfCancellation { cancelledEarly.insert(id) }
            return nil
        }
        return waiters.remove(at: index)
    }
}

/// What a test driver reads from a runtime to decide whether to wait: taken under the lock, in
/// one piece.
package struct RuntimeActivity: Sendable {
    /// Advances with every event; see ``RuntimeStateMachine``.
    package let generation: UInt64
    /// Jobs queued or running on the runtime's executor (a test executor only).
    package let activeJobs: Int
    /// Actions waiting in the inbox.
    package let inboxCount: Int
    /// Effects whose work has not returned, cancelled or not.
    package let runningEffects: Int
}
