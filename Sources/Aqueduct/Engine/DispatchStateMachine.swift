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
/// queue: an immediate effect's actions sent without a source of their own all have the same
/// one, and share it (``origins``, ``enqueue(_:origin:)``), so queueing one of them moves the
/// action alone; any other queued action (a bridge's, a middleware's) has its own, moved into
/// a second queue in the same order (``ownOrigins``) and out of it as the action comes out.
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
    /// The origins that queued actions share, each entry's at its ``ActionQueue/Entry/origin``;
    /// empty once the queue is.
    @usableFromInline
    internal var origins: [QueuedOrigin] = []
    /// The origins of the queued actions that have their own (an entry's origin is
    /// ``ownOrigin``), in the order of those actions: each is moved in as its action is queued
    /// and out as it comes out, never copied, and the shared ``origins`` are left empty — a
    /// bridged action costs no origin added, copied out and emptied (scenario e's and i's
    /// budgets, the instruction gate). Each entry's `origin` is unused.
    @usableFromInline
    internal var ownOrigins = ActionQueue<QueuedOrigin>()
    /// The ``ActionQueue/Entry/origin`` of a queued action whose origin is its own, the next in
    /// ``ownOrigins``.
    @usableFromInline
    internal static var ownOrigin: Int { -1 }
    /// Changes each time ``origins`` is emptied: an origin a sender added is its to share
    /// while this is the number it saw (see ``enqueue(_:origin:)``).
    @usableFromInline
    internal var originsGeneration = 1
    @usableFromInline
    internal var cascadeLimit = 100_000
    /// The number the next action to begin processing gets.
    @usableFromInline
    internal var nextSeq = 0
    #if AQUEDUCT_INTERNAL_CHECKS
    /// Whether ``next()`` said ``NextAction/processOwn(_:seq:)`` and the engine has not taken
    /// the origin yet: the one moment the own origins outnumber the queued actions.
    @usableFromInline
    internal var ownOriginOut = false
    #endif

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
    /// `dispatchedDuring` — and moved into its own origin (``ownOrigins``), with the `lifetime`
    /// of the effect that sent it: the source is not copied.
    // Never inlined (but specialised): inlined, its two appends make the engine's dispatch too
    // large to inline into a plain dispatch (scenario a's store, about 30 instructions an action).
    @inlinable @inline(never)
    internal mutating func enqueue(
        _ action: consuming Action,
        from source: consuming ActionSource,
        causedBy cause: ActionCause?,
        lifetime: consuming EffectLifetime?
    ) {
        enqueueInlined(action, from: source, causedBy: cause, lifetime: lifetime)
    }

    /// ``enqueue(_:from:causedBy:lifetime:)``, always inlined: for a caller that does nothing
    /// else, where inlining costs no other path (a bridge's derived actions, which the engine
    /// queues from a closure of their own: scenario e's budget, the instruction gate).
    @inlinable @inline(__always)
    internal mutating func enqueueInlined(
        _ action: consuming Action,
        from source: consuming ActionSource,
        causedBy cause: ActionCause?,
        lifetime: consuming EffectLifetime?
    ) {
        defer { _checkInvariants() }
        stamp(&source, causedBy: cause)
        ownOrigins.append(QueuedOrigin(source: source, lifetime: lifetime), origin: Self.ownOrigin)
        queue.append(action, origin: Self.ownOrigin)
    }

    /// Stamps the source of an action about to be queued with `cause`, or — when none is given
    /// and an action is being processed — with that action, `dispatchedDuring`.
    @inlinable
    internal func stamp(_ source: inout ActionSource, causedBy cause: ActionCause?) {
        switch state {
        case .processing(let seq, _):
            source._stampCause(cause ?? ActionCause(seq: seq, kind: .dispatchedDuring))
        case .working:
            source._stampCause(cause)
        case .idle:
            preconditionFailure("DispatchStateMachine: an action was queued while idle")
        }
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
        stamp(&source, causedBy: cause)
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

    /// Whether the effect that sent `queued`, an action of a shared origin, was cancelled.
    @inlinable
    internal func isCancelled(_ queued: ActionQueue<Action>.Entry) -> Bool {
        origins[queued.origin].lifetime?.isCancelled == true
    }

    /// Takes the origin of a queued action that has its own out of ``ownOrigins``: the next
    /// one, as the actions come out in the order they were queued.
    @inlinable
    internal mutating func takeOwnOrigin() -> QueuedOrigin {
        #if AQUEDUCT_INTERNAL_CHECKS
        ownOriginOut = false
        #endif
        return ownOrigins.removeFirstAction()
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
        /// Process the next queued action, as number `seq`, whose origin is its own: the next
        /// in ``ownOrigins``, which the engine takes with ``takeOwnOrigin()`` before it does
        /// anything else, and stamps with `seq`. Left there until then, so that its source is
        /// moved once, into the engine's local, rather than through this enum's payload
        /// (scenario e's budget, the instruction gate).
        case processOwn(Action, seq: Int)
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
        if queued.origin == Self.ownOrigin {
            if isNextOwnOriginCancelled {
                _ = takeOwnOrigin()
                return nextAfterDroppingCancelled()
            }
            return beginOwn(queued.action)
        }
        if isCancelled(queued) { return nextAfterDroppingCancelled() }
        return begin(queued)
    }

    /// Whether the effect that sent the next action with an origin of its own was cancelled:
    /// read in place, at the front of ``ownOrigins``.
    @inlinable
    internal var isNextOwnOriginCancelled: Bool {
        ownOrigins.first { $0.action.lifetime?.isCancelled == true }
    }

    /// Drops queued actions of cancelled effects, then takes the next one.
    @usableFromInline
    internal mutating func nextAfterDroppingCancelled() -> NextAction {
        while let queued = queue.removeFirst() {
            if queued.origin == Self.ownOrigin {
                if isNextOwnOriginCancelled {
                    _ = takeOwnOrigin()
                    continue
                }
                return beginOwn(queued.action)
            }
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
        guard let seq = number() else { return runaway(queued.action, origins[queued.origin].source) }
        return .process(queued.action, origin: queued.origin, seq: seq)
    }

    /// The queued action whose origin is its own comes out, its origin still at the front of
    /// ``ownOrigins``: it gets its number, unless the cascade is over its limit.
    @inlinable
    internal mutating func beginOwn(_ action: consuming Action) -> NextAction {
        guard let seq = number() else { return runaway(action, takeOwnOrigin().source) }
        #if AQUEDUCT_INTERNAL_CHECKS
        ownOriginOut = true
        #endif
        return .processOwn(action, seq: seq)
    }

    /// Gives the queued action coming out its number, or `nil` when the cascade is over its
    /// limit.
    @inlinable
    internal mutating func number() -> Int? {
        let processed: Int
        switch state {
        case .processing(_, let count), .working(let count): processed = count
        case .idle: preconditionFailure("DispatchStateMachine: a queued action came out while idle")
        }
        if processed >= cascadeLimit { return nil }
        let seq = nextSeq
        nextSeq &+= 1
        state = .processing(seq: seq, processed: processed + 1)
        return seq
    }

    /// The cascade went over its limit with `action`: it and everything behind it are dropped.
    @usableFromInline
    internal mutating func runaway(_ action: consuming Action, _ source: consuming ActionSource) -> NextAction {
        let dropped = queue.count + 1
        queue.removeAll()
        ownOrigins.removeAll()
        removeOrigins()
        state = .idle
        return .runaway(action, source, limit: cascadeLimit, droppedCount: dropped)
    }
}

/// Where a queued action came from: its source, stamped with its cause, and the lifetime of
/// the effect that sent it, if one did — what ``DispatchStateMachine`` checks for a
/// cancellation as the action comes out.
@usableFromInline
internal struct QueuedOrigin {
    @usableFromInline
    internal var source: ActionSource
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
        ownOrigins._checkInvariants()
        let ownOriginsOut = ownOriginOut ? 1 : 0
        precondition(
            ownOrigins.count <= queue.count + ownOriginsOut,
            "DispatchStateMachine: \(ownOrigins.count) own origins for \(queue.count) queued actions"
                + (ownOriginOut ? " and one taken out" : "")
        )
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
                origin == Self.ownOrigin ? !ownOrigins.isEmpty : origin >= 0 && origin < origins.count,
                "DispatchStateMachine: the last queued action's origin \(origin) is past the \(origins.count) origins"
            )
        }
    }
    #else
    @inlinable @inline(__always)
    internal func _checkInvariants() {}
    #endif
}
