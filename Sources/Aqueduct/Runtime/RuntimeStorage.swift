/// The lock and the shared state of a ``StoreRuntime``: what dispatchers, effects, the test
/// executor and a `TestClock` reach from any thread.
///
/// It performs what the transitions of ``RuntimeStateMachine`` return — scheduling a drain,
/// resuming waiters, cancelling tasks — always after releasing the lock. Effects, dispatchers
/// and the executor hold the storage, never the runtime: releasing a store frees its state,
/// reducer and middleware at once, and cancels its effects, whatever they still hold.
@usableFromInline
package final class RuntimeStorage<Action: Sendable>: Sendable {
    @usableFromInline
    internal let machine = LockedValue(RuntimeStateMachine<Action>())

    @usableFromInline
    internal init() {}

    /// Sets how a drain is scheduled when the first action enters an empty inbox (a store's
    /// main-actor task). Without it the driver drains (a test runtime).
    internal func setScheduler(_ schedule: @escaping @Sendable () -> Void) {
        machine.withLock { $0.scheduleDrain = schedule }
    }

    /// Sets the main-actor drain that ``settle(noProgressFor:)`` calls (a test runtime).
    internal func setDrain(_ drain: @escaping @MainActor @Sendable () -> Void) {
        machine.withLock { $0.drain = drain }
    }

    // MARK: Inbox

    /// Appends an action sent from any isolation.
    @inlinable
    internal func enqueue(_ action: Action, _ source: ActionSource) {
        switch machine.withLock({ $0.enqueue(action, source) }) {
        case .none: break
        case .scheduleDrain(let schedule): schedule()
        case .resume(let waiters): Self.resume(waiters)
        }
    }

    /// Swaps the pending actions into `batch`, which must be empty.
    @inlinable
    internal func takeInbox(into batch: inout [(action: Action, source: ActionSource)]) {
        machine.withLock { $0.takeInbox(into: &batch) }
    }

    /// The actions waiting in the inbox, oldest first.
    package var inboxActions: [(action: Action, source: ActionSource)] {
        machine.withLock { $0.inbox }
    }

    // MARK: Effects

    @usableFromInline
    internal func reserveEffect() -> Int {
        machine.withLock { $0.reserveEffect() }
    }

    @usableFromInline
    internal func register(_ token: Int, _ effect: RuntimeStateMachine<Action>.RunningEffect) {
        machine.withLock { $0.register(token, effect) }
    }

    @usableFromInline
    internal func effectFinished(_ token: Int) {
        Self.resume(machine.withLock { $0.effectFinished(token) })
    }

    /// The token the next effect will get.
    package var effectTokenMark: Int {
        machine.withLock { $0.effectTokenMark }
    }

    /// Cancels every effect marked with `id`. Their entries stay until their work returns.
    @usableFromInline
    internal func cancel(id: EffectID) {
        for task in machine.withLock({ $0.cancel { _, effect in effect.ids.contains(id) } }) { task.cancel() }
    }

    /// Cancels the effects whose tokens are in `tokens`.
    package func cancel(tokens: Range<Int>) {
        for task in machine.withLock({ $0.cancel { token, _ in tokens.contains(token) } }) { task.cancel() }
    }

    /// Cancels every effect.
    package func cancelAll() {
        for task in machine.withLock({ $0.cancel { _, _ in true } }) { task.cancel() }
    }

    /// Descriptions of the effects whose work has not returned, oldest first: the action that
    /// started each one, and ` (cancelled)` for those cancelled. A concatenation is one effect:
    /// the parts it awaits are not listed.
    package var runningEffects: [String] {
        machine.withLock { $0.runningEffects }.filter { !$0.effect.isNested }.map { entry in
            entry.effect.describe() + (entry.effect.isCancelled ? " (cancelled)" : "")
        }
    }

    /// The tasks of the running effects whose tokens are in `tokens`, oldest first; for a
    /// concatenation, its own task, not those of the parts it awaits.
    package func tasks(tokens: Range<Int>) -> [Task<Void, Never>] {
        machine.withLock { $0.runningEffects }.filter { tokens.contains($0.token) && !$0.effect.isNested }
            .map(\.effect.task)
    }

    /// The number of running effects whose tokens are in `tokens`, counting a concatenation
    /// and the parts it awaits as one.
    package func runningCount(tokens: Range<Int>) -> Int {
        machine.withLock { $0.runningEffects }.count { tokens.contains($0.token) && !$0.effect.isNested }
    }

    /// Marks the effects whose tokens are in `tokens` as parts of a concatenation, which
    /// awaits them; returns their tasks.
    internal func nest(tokens: Range<Int>) -> [Task<Void, Never>] {
        machine.withLock { $0.nest(tokens: tokens) }
    }

    // MARK: Throttles

    /// Decides what to do with an effect throttled under `id` that arrives at `now`; cancels
    /// the waiting effect it replaces, if any.
    internal func throttle(
        _ id: EffectID,
        at now: any Sendable,
        timing: ThrottleTiming,
        latest: Bool
    ) -> RuntimeStateMachine<Action>.ThrottleAction {
        let action = machine.withLock { $0.throttle(id, at: now, timing: timing, latest: latest) }
        if case .wait(_, let replaced?) = action { replaced.cancel() }
        return action
    }

    /// The effect scheduled for the end of `id`'s interval started, with `token`.
    internal func throttleScheduled(_ id: EffectID, token: Int) {
        machine.withLock { $0.throttleScheduled(id, token: token) }
    }

    /// The effect waiting under `id` was let through at `now`.
    internal func throttleLetThrough(_ id: EffectID, at now: any Sendable) {
        machine.withLock { $0.throttleLetThrough(id, at: now) }
    }

    /// Runs a test runtime's effect with this storage as ``EffectRuntimeContext/current``.
    @usableFromInline
    internal func runInContext(_ operation: @Sendable (Send<Action>) async -> Void, _ send: Send<Action>) async {
        await EffectRuntimeContext.$current.withValue(self) { await operation(send) }
    }

    // MARK: Executor activity

    internal func jobEnqueued() {
        Self.resume(machine.withLock { $0.jobEnqueued() })
    }

    internal func jobFinished() {
        Self.resume(machine.withLock { $0.jobFinished() })
    }

    // MARK: Waiting

    /// The state the drivers decide on, read in one piece.
    package var activity: RuntimeActivity {
        machine.withLock { $0.activity }
    }

    /// Suspends until the first event after `generation` (see ``RuntimeStateMachine``).
    ///
    /// - Parameters:
    ///   - generation: The generation of the ``activity`` the caller decided on.
    ///   - deadline: When to give up; `nil` waits for the event.
    /// - Returns: `true` after an event; `false` when the deadline passed or the waiting task
    ///   was cancelled first.
    package func wait(since generation: UInt64, until deadline: ContinuousClock.Instant?) async -> Bool {
        let id = machine.withLock { $0.makeWaiterID() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                switch machine.withLock({ $0.wait(id: id, since: generation, continuation) }) {
                case .resume(let happened):
                    continuation.resume(returning: happened)
                case .suspend:
                    guard let deadline else { return }
                    // The deadline is the failure bound of a test, never a condition for
                    // correctness: an event resumes the waiter and cancels the timer.
                    let timer = Task { [self] in
                        try? await Task.sleep(until: deadline, clock: .continuous)
                        abandonWait(id, becauseOfCancellation: false)
                    }
                    if !machine.withLock({ $0.attachTimer(timer, to: id) }) { timer.cancel() }
                }
            }
        } onCancel: {
            abandonWait(id, becauseOfCancellation: true)
        }
    }

    private func abandonWait(_ id: Int, becauseOfCancellation: Bool) {
        guard let waiter = machine.withLock({ $0.abandonWait(id, becauseOfCancellation: becauseOfCancellation) })
        else { return }
        waiter.timer?.cancel()
        waiter.continuation.resume(returning: false)
    }

    @usableFromInline
    internal static func resume(_ waiters: [RuntimeStateMachine<Action>.Waiter]) {
        for waiter in waiters {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: true)
        }
    }
}

extension RuntimeStorage: SettlingRuntime {
    /// Waits until the runtime has no runnable effect work: the test executor has no job queued
    /// or running, and the inbox is drained — by this method, on the main actor, so the
    /// actions the effects sent are processed (and may start more effects, which are waited
    /// for in turn).
    ///
    /// No wall-clock budget decides that the runtime settled: only the executor's job count
    /// and the inbox do. `bound` is the failure bound for an executor that makes no progress
    /// (a job blocked on a thread): after that long without an event, this returns `false`.
    ///
    /// An effect that hops to the main actor is not a job on the runtime's executor while it is
    /// there. Settling yields the main actor once before it decides, so a main-actor step
    /// queued ahead of it runs first and its hop back is seen; main-actor work that itself
    /// waits for later main-actor work is not.
    ///
    /// - Parameter bound: How long the executor may make no progress before this gives up.
    /// - Returns: `true` when settled; `false` when the executor made no progress for `bound`.
    @MainActor
    @discardableResult
    package func settle(noProgressFor bound: Duration) async -> Bool {
        while true {
            let drain = machine.withLock { $0.drain }
            drain?()
            let activity = self.activity
            if activity.inboxCount > 0, drain != nil { continue }
            if activity.activeJobs == 0 {
                await Task.yield()
                if self.activity.generation == activity.generation { return true }
                continue
            }
            guard await wait(since: activity.generation, until: .now + bound) else { return false }
        }
    }
}

/// A runtime that can wait until its effects have run as far as they can. The storage of a
/// test runtime is one; `TestClock` uses it to let the tasks it wakes run.
package protocol SettlingRuntime: AnyObject, Sendable {
    /// See ``RuntimeStorage/settle(noProgressFor:)``.
    @MainActor
    @discardableResult
    func settle(noProgressFor bound: Duration) async -> Bool
}

/// The test runtime whose effect is running in the current task, if any: `TestClock` records
/// it with each sleeper, and after waking sleepers waits until their runtimes settle.
package enum EffectRuntimeContext {
    /// The current task's test runtime; `nil` outside the effects of a test runtime.
    @TaskLocal
    package static var current: (any SettlingRuntime)?
}
