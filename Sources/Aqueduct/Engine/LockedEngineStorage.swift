/// The lock and the shared state of a ``Engine``: what dispatchers, effects and test
/// schedulers reach from any thread — three small state machines behind one lock:
///
/// - ``InboxStateMachine``: the actions sent from any isolation, until the main actor drains
///   them;
/// - ``EffectRegistryStateMachine``: the effects alive, and their cancellation;
/// - ``ThrottleStateMachine``: the throttled ids.
///
/// It also holds back the senders that ask for backpressure (``waitForRoom(sentBy:)``) while
/// the inbox is full, and resumes them when the main actor takes the inbox, when their effect
/// is cancelled, when their task is, or when the engine is released.
///
/// It performs what their transitions return — asking for a drain, cancelling tasks — always
/// after releasing the lock: cancelling a task runs its cancellation handlers, which may send.
/// (The lifetimes' phases are the one thing changed under the lock, by the registry, so that a
/// send and a cancellation or a return are ordered: see ``EffectLifetime``.)
///
/// Effects and dispatchers hold the storage, never the engine: releasing a store frees its
/// state, reducer and middleware at once, and cancels its effects, whatever they still hold.
@usableFromInline
package final class LockedEngineStorage<Action: Sendable>: Sendable {
    @usableFromInline
    internal typealias Batch = InboxStateMachine<Action>.Batch

    /// Everything behind the lock.
    @usableFromInline
    internal struct State: Sendable {
        @usableFromInline
        internal var inbox = InboxStateMachine<Action>()
        @usableFromInline
        internal var registry = EffectRegistryStateMachine()
        internal var throttles = ThrottleStateMachine()
        /// Asks for a drain; set by the engine as soon as it is made, before anything can send.
        @usableFromInline
        internal var requestDrain: (@Sendable () -> Void)?
        /// Whether the engine was released: nothing will drain the inbox, so nobody waits
        /// for room.
        internal var isReleased = false
    }

    @usableFromInline
    internal let state = LockedValue(State())

    /// Told of the first action each effect sent after its work had returned (and was not
    /// cancelled), which is dropped: the action, and the description of what started the
    /// effect. The effect's later sends are dropped without a word: a task that leaked the
    /// `Send` is one bug, however many actions it sends.
    @usableFromInline
    internal let onLateSend: @Sendable (_ action: Action, _ startedBy: String) -> Void

    @usableFromInline
    internal init(onLateSend: @escaping @Sendable (_ action: Action, _ startedBy: String) -> Void) {
        self.onLateSend = onLateSend
    }

    /// Sets how a drain is asked for when the first action enters the empty inbox.
    @usableFromInline
    internal func setDrainRequest(_ request: @escaping @Sendable () -> Void) {
        state.withLock { $0.requestDrain = request }
    }

    // MARK: Inbox

    /// What became of an action sent into the inbox.
    @usableFromInline
    internal enum EnqueueOutcome {
        /// It waits; nothing to do.
        case queued
        /// It waits, first of its batch: ask for a drain with this.
        case requestDrain(@Sendable () -> Void)
        /// Dropped: its effect was cancelled, or its work had returned and a late send of it
        /// was already reported.
        case dropped
        /// Dropped: its effect's work had returned; the first such send of the effect, to
        /// report.
        case late
    }

    /// Appends an action sent from any isolation — by a dispatcher (`lifetime` `nil`) or by an
    /// effect's `Send`, unless that effect was cancelled or its work returned — with its source
    /// stamped with `cause`.
    ///
    /// - Complexity: O(1), amortised.
    @inlinable
    internal func enqueue(
        _ action: Action,
        _ source: ActionSource,
        causedBy cause: ActionCause?,
        from lifetime: EffectLifetime?
    ) {
        let outcome = state.withLock { state -> EnqueueOutcome in
            if let lifetime {
                guard lifetime.isOpen else {
                    return lifetime.isCancelled || !lifetime.markLateSend() ? .dropped : .late
                }
                lifetime.recordSend(takenBy: state.inbox.nextTake)
            }
            switch state.inbox.enqueue(action, source, causedBy: cause, lifetime: lifetime) {
            case .none:
                return .queued
            case .requestDrain:
                guard let request = state.requestDrain else {
                    preconditionFailure("LockedEngineStorage: an action arrived before the runtime could drain it")
                }
                return .requestDrain(request)
            }
        }
        switch outcome {
        case .queued, .dropped: break
        case .requestDrain(let request): request()
        case .late: lateSend(action, from: lifetime)
        }
    }

    @usableFromInline
    internal func lateSend(_ action: Action, from lifetime: EffectLifetime?) {
        onLateSend(action, lifetime?.describe() ?? "")
    }

    /// Takes every action waiting, for the main actor to process; forgets the effects that
    /// returned and whose actions have all been processed (see ``EffectRegistryStateMachine``).
    ///
    /// - Parameter batch: An empty batch, whose capacity the inbox keeps; on return, the
    ///   actions, oldest first.
    /// The senders waiting for room are resumed: the inbox is empty.
    @inlinable
    internal func takeInbox(exchanging batch: inout Batch) {
        let waiters = state.withLock { state -> [UnsafeContinuation<Void, Never>]? in
            state.inbox.take(exchanging: &batch)
            state.registry.retire(takes: state.inbox.takes)
            return state.inbox.roomWaiters.isEmpty ? nil : state.inbox.removeAllRoomWaiters()
        }
        if let waiters { for waiter in waiters { waiter.resume() } }
    }

    // MARK: Backpressure

    /// Returns when the inbox has room for an action of the effect with `lifetime`: at once
    /// while fewer than ``InboxStateMachine/bound`` actions wait; otherwise when the main
    /// actor has taken them. Returns at once, too, once the effect is cancelled or its work
    /// returned (what it sends is dropped anyway), when the calling task is cancelled, and
    /// once the engine is released.
    ///
    /// Not atomic with the send that follows: senders resumed together may each add one
    /// action over the bound.
    @usableFromInline
    internal func waitForRoom(sentBy lifetime: EffectLifetime) async {
        while true {
            let id = state.withLock { state -> Int? in
                if state.inbox.hasRoom || !lifetime.isOpen || state.isReleased { return nil }
                return state.inbox.makeWaiterID()
            }
            guard let id, !Task.isCancelled else { return }
            await withTaskCancellationHandler {
                await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                    // Checked again under the lock: a take, a cancellation of the effect or of
                    // the task (whose flag is set before its handler runs) may have come
                    // between the two locks.
                    let waits = state.withLock { state -> Bool in
                        if state.inbox.hasRoom || !lifetime.isOpen || state.isReleased || Task.isCancelled {
                            return false
                        }
                        state.inbox.waitForRoom(sentBy: lifetime, continuation, id: id)
                        return true
                    }
                    if !waits { continuation.resume() }
                }
            } onCancel: {
                state.withLock { $0.inbox.removeRoomWaiter(id: id) }?.resume()
            }
        }
    }

    /// The engine is released: nothing will drain the inbox again. Cancels every effect and
    /// resumes every sender waiting for room, and from now on none waits.
    internal func engineReleased() {
        let waiters = state.withLock { state in
            state.isReleased = true
            return state.inbox.removeRoomWaiters { _ in true }
        }
        for waiter in waiters { waiter.resume() }
        cancelAll()
    }

    /// The most actions the main actor has found waiting in the inbox at one take.
    package var inboxHighWater: Int {
        state.withLock { $0.inbox.highWater }
    }

    /// The number of times a sender waited for room in the inbox.
    package var inboxRoomWaits: Int {
        state.withLock { $0.inbox.roomWaits }
    }

    /// The actions waiting in the inbox, oldest first.
    package var inboxActions: [(action: Action, source: ActionSource)] {
        // The batch is copied under the lock (its arrays are shared, not copied), and its runs
        // are taken apart after.
        state.withLock { $0.inbox.waiting }.entries.map { ($0.action, $0.source) }
    }

    /// The number of actions waiting in the inbox.
    package var inboxCount: Int {
        state.withLock { $0.inbox.count }
    }

    // MARK: Effects

    /// Registers an effect about to start.
    @usableFromInline
    internal func register(
        ids: [EffectID],
        parent: Int?,
        describe: @escaping @Sendable () -> String
    ) -> EffectLifetime {
        state.withLock { $0.registry.register(ids: ids, parent: parent, describe: describe) }
    }

    /// Attaches the task that runs the effect's work; cancels it at once if the effect was
    /// cancelled meanwhile.
    @usableFromInline
    internal func attach(_ task: Task<Void, Never>, to lifetime: EffectLifetime) {
        if case .cancel(let task) = state.withLock({ $0.registry.attach(task, to: lifetime.token) }) {
            task.cancel()
        }
    }

    /// The work of an effect returned: it sends nothing more.
    ///
    /// - Parameters:
    ///   - lifetime: The effect's lifetime.
    ///   - sentSynchronously: Whether it may have queued actions on the main actor's dispatch
    ///     queue (a synchronous effect's work).
    @usableFromInline
    internal func effectReturned(_ lifetime: EffectLifetime, sentSynchronously: Bool = false) {
        state.withLock { state in
            state.registry.returned(lifetime.token, takes: state.inbox.takes, sentSynchronously: sentSynchronously)
            if !state.throttles.isEmpty { state.throttles.waitingEffectEnded(lifetime.token) }
        }
    }

    /// The token the next effect will get.
    package var effectTokenMark: Int {
        state.withLock { $0.registry.tokenMark }
    }

    /// Cancels the effects `shouldCancel` selects (with the parts of the concatenations among
    /// them): from now on nothing they sent and nothing they send is processed.
    ///
    /// - Parameter shouldCancel: Selects by token and ids; called under the lock, on every
    ///   effect alive.
    internal func cancel(where shouldCancel: (EffectRegistryStateMachine.Entry) -> Bool) {
        cancel { $0.cancel(where: shouldCancel) }
    }

    /// Cancels every effect marked with `id`; costs what it cancels (see
    /// ``EffectRegistryStateMachine``).
    ///
    /// - Returns: How many effects it ended (those whose work had not returned).
    @usableFromInline
    @discardableResult
    internal func cancel(id: EffectID) -> Int {
        cancel { $0.cancel(id: id) }
    }

    /// Cancels the effects whose tokens are in `tokens`.
    package func cancel(tokens: Range<Int>) {
        cancel { $0.cancel(tokens: tokens) }
    }

    /// Cancels every effect.
    package func cancelAll() {
        cancel { _ in true }
    }

    /// Runs a cancellation of the registry under the lock, then cancels the tasks and resumes
    /// the senders of the cancelled effects outside it.
    @discardableResult
    private func cancel(
        _ transition: (inout EffectRegistryStateMachine) -> (tokens: [Int], tasks: [Task<Void, Never>])
    ) -> Int {
        let (count, tasks, waiters) = state.withLock {
            state -> (Int, [Task<Void, Never>], [UnsafeContinuation<Void, Never>]) in
            let cancelled = transition(&state.registry)
            if cancelled.tokens.isEmpty { return (0, [], []) }
            if !state.throttles.isEmpty {
                for token in cancelled.tokens { state.throttles.waitingEffectEnded(token) }
            }
            // A sender of a cancelled effect stops waiting for room: what it sends is dropped.
            let waiters =
                state.inbox.roomWaiters.isEmpty
                ? [] : state.inbox.removeRoomWaiters { $0.lifetime.isCancelled }
            return (cancelled.tokens.count, cancelled.tasks, waiters)
        }
        for waiter in waiters { waiter.resume() }
        for task in tasks { task.cancel() }
        return count
    }

    /// The work the registry's cancels have done (see ``EffectRegistryStateMachine/visits``).
    internal var effectRegistryVisits: Int {
        state.withLock { $0.registry.visits }
    }

    /// Descriptions of the effects whose work has not returned, oldest first: the action that
    /// started each one, and ` (cancelled)` for those cancelled. A concatenation is one effect:
    /// the parts it awaits are not listed.
    package var runningEffects: [String] {
        state.withLock { $0.registry.running }.map {
            $0.entry.lifetime.describe() + ($0.isCancelled ? " (cancelled)" : "")
        }
    }

    /// The number of effects whose work has not returned, the parts of concatenations included.
    package var runningEffectCount: Int {
        state.withLock { $0.registry.runningCount }
    }

    /// The tasks of the running effects whose tokens are in `tokens`, oldest first; for a
    /// concatenation, its own task, not those of the parts it awaits.
    package func tasks(tokens: Range<Int>) -> [Task<Void, Never>] {
        state.withLock { $0.registry.tasks(tokens: tokens) }
    }

    /// The number of running effects whose tokens are in `tokens`, counting a concatenation
    /// and the parts it awaits as one.
    package func runningCount(tokens: Range<Int>) -> Int {
        state.withLock { $0.registry.running }.count { tokens.contains($0.entry.token) }
    }

    /// The tasks of the effects with tokens in `tokens` whose work has not returned, parts
    /// included: what a concatenation awaits of one of its parts.
    internal func partTasks(tokens: Range<Int>) -> [Task<Void, Never>] {
        state.withLock { $0.registry.partTasks(tokens: tokens) }
    }

    // MARK: Throttles

    /// Decides what to do with an effect throttled under `id` that arrives at `now`; cancels
    /// the waiting effect it replaces, if any.
    internal func throttle(
        _ id: EffectID,
        at now: any Sendable,
        timing: ThrottleTiming,
        latest: Bool
    ) -> ThrottleStateMachine.ArrivalAction {
        let action = state.withLock { $0.throttles.arrive(id, at: now, timing: timing, latest: latest) }
        if case .wait(_, let replaced?) = action { cancel(tokens: replaced..<(replaced + 1)) }
        return action
    }

    /// The effect scheduled for the end of `id`'s interval started, with `token`.
    internal func throttleScheduled(_ id: EffectID, token: Int) {
        state.withLock { $0.throttles.scheduled(id, token: token) }
    }

    /// The effect waiting under `id` was let through at `now`.
    internal func throttleLetThrough(_ id: EffectID, at now: any Sendable) {
        state.withLock { $0.throttles.letThrough(id, at: now) }
    }
}
