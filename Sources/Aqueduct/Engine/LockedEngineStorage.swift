/// The lock and the shared state of a ``Engine``: what dispatchers, effects and test
/// schedulers reach from any thread — three small state machines behind one lock:
///
/// - ``InboxStateMachine``: the actions sent from any isolation, until the main actor drains
///   them;
/// - ``EffectRegistryStateMachine``: the effects alive, and their cancellation;
/// - ``ThrottleStateMachine``: the throttled ids.
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
    }

    @usableFromInline
    internal let state = LockedValue(State())

    /// Told of each action an effect sent after its work had returned (and was not
    /// cancelled), which is dropped: the action, and the description of what started the
    /// effect.
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
        /// Dropped: its effect was cancelled.
        case cancelled
        /// Dropped: its effect's work had returned.
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
                guard lifetime.isOpen else { return lifetime.isCancelled ? .cancelled : .late }
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
        case .queued, .cancelled: break
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
    @inlinable
    internal func takeInbox(exchanging batch: inout Batch) {
        state.withLock { state in
            state.inbox.take(exchanging: &batch)
            state.registry.retire(takes: state.inbox.takes)
        }
    }

    /// The actions waiting in the inbox, oldest first.
    package var inboxActions: [(action: Action, source: ActionSource)] {
        state.withLock { $0.inbox.entries }.map { ($0.action, $0.source) }
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
    /// - Parameter shouldCancel: Selects by token and ids; called under the lock.
    internal func cancel(where shouldCancel: (EffectRegistryStateMachine.Entry) -> Bool) {
        let tasks = state.withLock { state in
            let cancelled = state.registry.cancel(where: shouldCancel)
            if !state.throttles.isEmpty {
                for token in cancelled.tokens { state.throttles.waitingEffectEnded(token) }
            }
            return cancelled.tasks
        }
        for task in tasks { task.cancel() }
    }

    /// Cancels every effect marked with `id`.
    @usableFromInline
    internal func cancel(id: EffectID) {
        cancel { $0.ids.contains(id) }
    }

    /// Cancels the effects whose tokens are in `tokens`.
    package func cancel(tokens: Range<Int>) {
        cancel { tokens.contains($0.token) }
    }

    /// Cancels every effect.
    package func cancelAll() {
        cancel { _ in true }
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
        if case .wait(_, let replaced?) = action { cancel { $0.token == replaced } }
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
