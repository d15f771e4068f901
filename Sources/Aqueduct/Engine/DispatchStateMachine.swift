/// What an engine is doing on the main actor: idle, processing an action, or running work that
/// is not an action (an effect run for a middleware under test, a concatenation's part) — with
/// a FIFO of actions queued behind it. Each transition says what the engine must do next. Kept
/// in place by its engine, never copied: its queue's buffer is shared by copies (see
/// ``ActionQueue``).
///
/// Actions dispatched while another is being processed (by a middleware, an effect, an
/// observer) are queued and processed after it, never re-entrantly. One dispatch may set off
/// at most ``cascadeLimit`` actions, itself included; the one over the limit and everything
/// queued behind it are dropped and reported as a runaway loop. A queued action an effect sent
/// is dropped, unprocessed, if that effect was cancelled meanwhile (see ``EffectLifetime``).
///
/// It numbers the actions in processing order and stamps each one's source with its number
/// (``ActionSource/seq``) when it begins, and with its cause (``ActionSource/cause``) when it is
/// dispatched: the cause the caller gave (an effect, a bridge), or — for an action dispatched
/// while another is processed with none given — that action, `dispatchedDuring`. Stamping
/// writes three words of a source; it allocates nothing.
///
/// The queue (``ActionQueue``) moves actions in and out without copying them, and keeps its
/// buffer between cascades, so a dispatch that queues nothing allocates nothing, nor does a
/// cascade that queues no more than an earlier one. A queued action's source, stamped with its
/// cause, and the lifetime of the effect that sent it are its ``QueuedOrigin``, kept beside the
/// queue until it empties: an immediate effect's actions sent without a source of their own
/// all have the same one, and share it (``enqueue(_:origin:)``), so queueing one of them moves
/// the action alone.
@usableFromInline
internal struct DispatchStateMachine<Action> {
    @usableFromInline
    internal enum State {
        /// Nothing is being processed.
        case idle
        /// The action numbered `seq` is being processed, the `processed`th of its cascade.
        case processing(seq: Int, processed: Int)
        /// Work that is not an action of this engine runs; `processed` actions of its cascade
        /// so far.
        case working(processed: Int)
    }

    @usableFromInline
    internal var state = State.idle
    @usableFromInline
    internal var queue = ActionQueue<Action>()
    /// The origins of the queued actions, each entry's at its ``ActionQueue/Entry/origin``;
    /// empty once the queue is.
    @usableFromInline
    internal var origins: [QueuedOrigin] = []
    /// Changes each time ``origins`` is emptied: an origin a sender added is its to share
    /// while this is the number it saw (see ``enqueue(_:origin:)``).
    @usableFromInline
    internal var originsGeneration = 1
    @usableFromInline
    internal var cascadeLimit = 100_000
    /// The number the next action to begin processing gets.
    @usableFromInline
    internal var nextSeq = 0

    @usableFromInline
    internal init() {}

    /// Whether nothing is being processed.
    @inlinable
    internal var isIdle: Bool {
        if case .idle = state { return true }
        return false
    }

    /// What to do with a dispatched action.
    @usableFromInline
    internal enum DispatchAction {
        /// Nothing was being processed: process the action now, as number `seq`, then drain the
        /// queue.
        case process(seq: Int)
        /// Another action is being processed: queue the action behind it with
        /// ``enqueue(_:from:causedBy:lifetime:)``.
        case queue
    }

    /// An action is dispatched. Nothing being processed, it gets its number and is processed
    /// now; otherwise it is to be queued. The caller stamps the source of an action processed
    /// now only if something reads it.
    @inlinable
    internal mutating func dispatch() -> DispatchAction {
        defer { _checkInvariants() }
        guard case .idle = state else { return .queue }
        let seq = nextSeq
        nextSeq &+= 1
        state = .processing(seq: seq, processed: 1)
        return .process(seq: seq)
    }

    /// Queues an action behind the one being processed (or the work running). Its source is
    /// stamped with `cause` — or, when none is given, with the action being processed as
    /// `dispatchedDuring` — and moved into a new origin, with the `lifetime` of the effect that
    /// sent it: the source is not copied.
    @inlinable
    internal mutating func enqueue(
        _ action: consuming Action,
        from source: consuming ActionSource,
        causedBy cause: ActionCause?,
        lifetime: EffectLifetime?
    ) {
        let origin = addOrigin(source, causedBy: cause, lifetime: lifetime)
        enqueue(action, origin: origin)
    }

    /// Keeps the origin of actions about to be queued — `source`, stamped as
    /// ``enqueue(_:from:causedBy:lifetime:)`` stamps it, and `lifetime` — and returns its
    /// number, for ``enqueue(_:origin:)``; valid while ``originsGeneration`` does not change.
    @inlinable
    internal mutating func addOrigin(
        _ source: consuming ActionSource,
        causedBy cause: ActionCause?,
        lifetime: EffectLifetime?
    ) -> Int {
        switch state {
        case .processing(let seq, _):
            source._stampCause(cause ?? ActionCause(seq: seq, kind: .dispatchedDuring))
        case .working:
            source._stampCause(cause)
        case .idle:
            preconditionFailure("DispatchStateMachine: an action was queued while idle")
        }
        origins.append(QueuedOrigin(source: source, lifetime: lifetime))
        return origins.count &- 1
    }

    /// Queues an action behind the one being processed (or the work running), from the origin
    /// numbered `origin`: one that ``addOrigin(_:causedBy:lifetime:)`` returned since
    /// ``originsGeneration`` last changed. A sender whose actions all have the same source and
    /// cause (an immediate effect's) adds its origin once and queues the rest with it.
    // Always inlined, as is ``ActionQueue/append(_:origin:)``: out of line, the compiler merges
    // the specialisations for two action types into one function, a call per queued action
    // (scenario k's budget, the instruction gate).
    @inlinable @inline(__always)
    internal mutating func enqueue(_ action: consuming Action, origin: Int) {
        defer { _checkInvariants() }
        queue.append(action, origin: origin)
    }

    /// The source of the actions queued from `origin`, stamped with their cause (not with their
    /// numbers): valid until the queue empties.
    @inlinable
    internal func source(of origin: Int) -> ActionSource {
        origins[origin].source
    }

    /// Whether the effect that sent `queued`, if one did, was cancelled.
    @inlinable
    internal func isCancelled(_ queued: ActionQueue<Action>.Entry) -> Bool {
        origins[queued.origin].lifetime?.isCancelled == true
    }

    /// Work that is not an action of this engine (an effect run for a middleware under test, a
    /// concatenation's part) begins. Returns `false` when an action is already being processed,
    /// so that the caller leaves draining the queue to it.
    @inlinable
    internal mutating func beginWork() -> Bool {
        defer { _checkInvariants() }
        guard case .idle = state else { return false }
        state = .working(processed: 0)
        return true
    }

    /// The dispatched action was processed. Returns `true` when nothing was queued behind it
    /// (the engine is idle again), `false` when the queue must be drained with ``next()``.
    ///
    /// The common case of a dispatch that queues nothing, kept small enough to inline, so that
    /// a dispatch that queues nothing makes no call here.
    @inlinable
    internal mutating func finishIfNothingQueued() -> Bool {
        defer { _checkInvariants() }
        if !queue.isEmpty { return false }
        if case .idle = state { preconditionFailure("DispatchStateMachine: finished while idle") }
        state = .idle
        return true
    }

    /// What to do after an action was processed.
    @usableFromInline
    internal enum NextAction {
        /// Process the next queued action, as number `seq`: its source is its origin's
        /// (``source(of:)``), stamped with `seq`. Consecutive actions of one origin (an
        /// immediate effect's) have the same source but for the number: the engine copies it
        /// once and stamps each one's number on its copy.
        case process(Action, origin: Int, seq: Int)
        /// The queue is empty; the engine is idle again.
        case finished
        /// The cascade went over the limit: `action` and everything behind it were dropped and
        /// the engine is idle, so that what the report's handler dispatches is processed.
        case runaway(Action, ActionSource, limit: Int, droppedCount: Int)
    }

    /// An action (or the work) was processed: takes the next queued action whose effect was not
    /// cancelled.
    // Small enough to inline into the drain: the loop that drops the actions of cancelled
    // effects is out of line, so that taking a queued action makes no call.
    @inlinable
    internal mutating func next() -> NextAction {
        defer { _checkInvariants() }
        guard let queued = queue.removeFirst() else { return finished() }
        if isCancelled(queued) { return nextAfterDroppingCancelled() }
        return begin(queued)
    }

    /// Drops queued actions of cancelled effects, then takes the next one.
    @usableFromInline
    internal mutating func nextAfterDroppingCancelled() -> NextAction {
        while let queued = queue.removeFirst() {
            if isCancelled(queued) { continue }
            return begin(queued)
        }
        return finished()
    }

    /// The queue is empty: the engine is idle again.
    @inlinable
    internal mutating func finished() -> NextAction {
        removeOrigins()
        state = .idle
        return .finished
    }

    /// Empties ``origins``, once nothing queued refers to them: the numbers given out are no
    /// longer valid.
    @inlinable
    internal mutating func removeOrigins() {
        if origins.isEmpty { return }
        origins.removeAll(keepingCapacity: true)
        originsGeneration &+= 1
    }

    /// The queued action comes out: it gets its number, unless the cascade is over its limit.
    @inlinable
    internal mutating func begin(_ queued: consuming ActionQueue<Action>.Entry) -> NextAction {
        let processed: Int
        switch state {
        case .processing(_, let count), .working(let count): processed = count
        case .idle: preconditionFailure("DispatchStateMachine: a queued action came out while idle")
        }
        if processed >= cascadeLimit { return runaway(queued) }
        let seq = nextSeq
        nextSeq &+= 1
        state = .processing(seq: seq, processed: processed + 1)
        return .process(queued.action, origin: queued.origin, seq: seq)
    }

    /// The cascade went over its limit with `queued`: it and everything behind it are dropped.
    @usableFromInline
    internal mutating func runaway(_ queued: consuming ActionQueue<Action>.Entry) -> NextAction {
        let dropped = queue.count + 1
        let source = origins[queued.origin].source
        queue.removeAll()
        removeOrigins()
        state = .idle
        return .runaway(queued.action, source, limit: cascadeLimit, droppedCount: dropped)
    }
}

/// Where a queued action came from: its source, stamped with its cause, and the lifetime of
/// the effect that sent it, if one did — what ``DispatchStateMachine`` checks for a
/// cancellation as the action comes out.
@usableFromInline
internal struct QueuedOrigin {
    @usableFromInline
    internal let source: ActionSource
    @usableFromInline
    internal let lifetime: EffectLifetime?

    @inlinable
    internal init(source: consuming ActionSource, lifetime: EffectLifetime?) {
        self.source = source
        self.lifetime = lifetime
    }
}

// MARK: Invariants

extension DispatchStateMachine {
    #if AQUEDUCT_INTERNAL_CHECKS
    /// Traps unless the machine is consistent; called at the end of each transition. Compiled
    /// only with `AQUEDUCT_INTERNAL_CHECKS` (see `Package.swift`); O(1), so that a cascade of
    /// 100,000 actions stays linear with it on.
    @usableFromInline
    internal func _checkInvariants() {
        queue._checkInvariants()
        switch state {
        case .idle:
            precondition(queue.isEmpty, "DispatchStateMachine: idle with \(queue.count) actions queued")
            precondition(origins.isEmpty, "DispatchStateMachine: idle with \(origins.count) origins kept")
        case .processing(let seq, let processed):
            precondition(
                seq == nextSeq &- 1,
                "DispatchStateMachine: processing action \(seq), but the last number given is \(nextSeq &- 1)"
            )
            precondition(processed >= 1, "DispatchStateMachine: processing the \(processed)th action of a cascade")
        case .working(let processed):
            precondition(processed >= 0, "DispatchStateMachine: working after \(processed) actions")
        }
        if let origin = queue._lastOrigin {
            precondition(
                origin >= 0 && origin < origins.count,
                "DispatchStateMachine: the last queued action's origin \(origin) is past the \(origins.count) origins"
            )
        }
    }
    #else
    @inlinable @inline(__always)
    internal func _checkInvariants() {}
    #endif
}
