/// The inbox of an engine: the actions sent from any isolation — by dispatchers and by the
/// `Send` of asynchronous effects — waiting for the main actor to take them out, in the order
/// they arrived. A pure value behind ``LockedEngineStorage``'s lock.
///
/// It is empty, or it holds a batch waiting for the drain it asked for (``State``). The first
/// action into an empty inbox asks for one drain (``EnqueueAction/requestDrain``); the actions
/// that follow join it until the drain takes them all at once (``take(exchanging:)``), so that
/// one main-actor hop serves the whole batch. Takes are numbered: an action enqueued now is
/// taken by take number ``nextTake``, which the effect registry uses to tell when nothing an
/// effect sent can still be waiting.
///
/// It is bounded for the senders that ask: an effect's awaiting send
/// (`Send.withBackpressure(_:)`) waits while ``bound`` actions or more wait here (``hasRoom``),
/// as one of the ``roomWaiters``, until the next take empties the inbox or its effect is
/// cancelled. Dispatchers and plain sends are never held back. ``highWater`` is the most
/// actions a take has found waiting.
///
/// The state is kept as the batch itself, not as an enum holding it: the batch is empty
/// exactly when no drain is asked for, and an enum whose payload is taken out and put back on
/// every send would cost a retain and a release of its arrays under the lock, where the senders
/// contend. ``state`` reads it as the enum. The batches swap places at each take —
/// the one taken for the one the drain has emptied — so that both keep their capacity.
@usableFromInline
internal struct InboxStateMachine<Action: Sendable>: Sendable {
    /// Actions waiting, oldest first, each with its source and, when an effect sent it, the
    /// effect's lifetime.
    ///
    /// The actions are kept apart from their sources, in runs: consecutive actions with the
    /// same source and the same sender (a dispatcher's call site in a loop, an effect's sends)
    /// share one ``Run``. Under the lock where senders contend, an action from the same call
    /// site as the last one writes the action and a count, not its 64-byte source, and the
    /// actions' array holds many actions per cache line.
    @usableFromInline
    internal struct Batch: Sendable {
        /// Consecutive actions with the same source, stamped with their cause, and the same
        /// sender: the lifetime of the effect that sent them, or `nil` for a dispatcher.
        @usableFromInline
        internal struct Run: Sendable {
            @usableFromInline var source: ActionSource
            @usableFromInline let lifetime: EffectLifetime?
            /// The number of actions in the run: at least 1.
            @usableFromInline var count: Int

            @inlinable
            internal init(source: ActionSource, lifetime: EffectLifetime?, count: Int) {
                self.source = source
                self.lifetime = lifetime
                self.count = count
            }
        }

        /// The actions waiting, oldest first.
        @usableFromInline
        internal var actions: [Action] = []
        /// Their sources and senders, in runs whose counts add up to the number of actions.
        @usableFromInline
        internal var runs: [Run] = []

        @inlinable
        internal init() {}

        @inlinable
        internal var isEmpty: Bool { actions.isEmpty }

        /// Appends an action with its source stamped with `cause`, sent by the effect with
        /// `lifetime` (or a dispatcher): it joins the last run when that run's source and sender
        /// are the same, and the source is copied only for a new run.
        @inlinable
        internal mutating func append(
            _ action: consuming Action,
            _ source: borrowing ActionSource,
            causedBy cause: ActionCause?,
            lifetime: EffectLifetime?
        ) {
            actions.append(action)
            let last = runs.count &- 1
            if last >= 0, runs[last].lifetime === lifetime,
                runs[last].source._isIdentical(to: source, stampedWith: cause)
            {
                runs[last].count &+= 1
                return
            }
            var stamped = copy source
            stamped._stampCause(cause)
            runs.append(Run(source: stamped, lifetime: lifetime, count: 1))
        }

        /// Calls `body` with each action waiting, oldest first, its source and the lifetime of
        /// the effect that sent it: the runs taken apart, nothing copied into a new array.
        @inlinable
        internal func forEach(_ body: (Action, ActionSource, EffectLifetime?) -> Void) {
            var index = 0
            for run in runs {
                for _ in 0..<run.count {
                    body(actions[index], run.source, run.lifetime)
                    index += 1
                }
            }
        }

        /// The actions waiting, oldest first, each with its source and sender's lifetime.
        ///
        /// - Complexity: O(*n*): for inspection, not for the drain.
        internal var entries: [(action: Action, source: ActionSource, lifetime: EffectLifetime?)] {
            var entries: [(action: Action, source: ActionSource, lifetime: EffectLifetime?)] = []
            entries.reserveCapacity(actions.count)
            forEach { entries.append(($0, $1, $2)) }
            return entries
        }

        /// Empties the batch, keeping its capacity.
        @inlinable
        internal mutating func removeAll() {
            actions.removeAll(keepingCapacity: true)
            runs.removeAll(keepingCapacity: true)
        }
    }

    /// What the inbox is doing.
    internal enum State: Equatable {
        /// Nothing waits and no drain is asked for.
        case empty
        /// `count` actions wait for the drain asked for when the first arrived.
        case awaitingDrain(count: Int)
    }

    /// The actions waiting: empty exactly when no drain is asked for.
    @usableFromInline
    internal var waiting = Batch()

    /// The number of takes so far.
    @usableFromInline
    internal var takes = 0

    /// The most actions a take has found waiting: the inbox's high-water mark.
    @usableFromInline
    internal var highWater = 0

    /// The number of actions at which an awaiting send waits for room: big enough that a batch
    /// still shares one main-actor hop among many actions, small enough that a sender faster
    /// than the main actor holds two batches of memory (the one waiting, the one processed).
    package static var bound: Int { 1_024 }

    /// A sender waiting for room: resumed by the next take, by its effect's cancellation, or
    /// by its task's.
    @usableFromInline
    internal struct RoomWaiter: Sendable {
        internal let id: Int
        internal let lifetime: EffectLifetime
        internal let continuation: UnsafeContinuation<Void, Never>
    }

    /// The senders waiting for room, oldest first.
    @usableFromInline
    internal var roomWaiters: [RoomWaiter] = []

    /// The number of times a sender waited for room so far.
    internal var roomWaits = 0

    /// The id the next waiter gets.
    internal var nextWaiterID = 0

    @inlinable
    internal init() {}

    /// The number of the take that will take an action enqueued now.
    @inlinable
    internal var nextTake: Int { takes + 1 }

    /// What the inbox is doing.
    internal var state: State {
        waiting.isEmpty ? .empty : .awaitingDrain(count: waiting.actions.count)
    }

    /// The number of actions waiting.
    internal var count: Int { waiting.actions.count }

    /// What to do after an action entered the inbox.
    @usableFromInline
    internal enum EnqueueAction {
        /// Nothing: a drain is already asked for.
        case none
        /// The inbox was empty: ask for one drain, which will take this action and those that
        /// follow it.
        case requestDrain
    }

    /// An action was sent, by the effect with `lifetime` or (`nil`) a dispatcher; its source
    /// is stamped with `cause` as it enters.
    ///
    /// - Complexity: O(1), amortised over the growth of the arrays.
    @inlinable
    internal mutating func enqueue(
        _ action: consuming Action,
        _ source: borrowing ActionSource,
        causedBy cause: ActionCause?,
        lifetime: EffectLifetime?
    ) -> EnqueueAction {
        defer { _checkInvariants() }
        let wasEmpty = waiting.isEmpty
        waiting.append(action, source, causedBy: cause, lifetime: lifetime)
        return wasEmpty ? .requestDrain : .none
    }

    /// Whether an awaiting send may send now: fewer than ``bound`` actions wait.
    internal var hasRoom: Bool { waiting.actions.count < Self.bound }

    /// A sender found no room: it waits, with `continuation`, until the next take (or its
    /// cancellation, which calls ``removeRoomWaiter(id:)``).
    internal mutating func waitForRoom(
        sentBy lifetime: EffectLifetime,
        _ continuation: UnsafeContinuation<Void, Never>,
        id: Int
    ) {
        defer { _checkInvariants() }
        roomWaits += 1
        roomWaiters.append(RoomWaiter(id: id, lifetime: lifetime, continuation: continuation))
    }

    /// A new id for a waiter.
    internal mutating func makeWaiterID() -> Int {
        defer { _checkInvariants() }
        nextWaiterID += 1
        return nextWaiterID
    }

    /// Removes the waiter with `id`, if it still waits: its task was cancelled.
    ///
    /// - Returns: Its continuation, to resume; `nil` if it no longer waits.
    internal mutating func removeRoomWaiter(id: Int) -> UnsafeContinuation<Void, Never>? {
        defer { _checkInvariants() }
        guard let index = roomWaiters.firstIndex(where: { $0.id == id }) else { return nil }
        return roomWaiters.remove(at: index).continuation
    }

    /// Removes every waiter: a take has emptied the inbox.
    ///
    /// - Returns: Their continuations, oldest first, to resume.
    @usableFromInline
    internal mutating func removeAllRoomWaiters() -> [UnsafeContinuation<Void, Never>] {
        defer {
            roomWaiters.removeAll()
            _checkInvariants()
        }
        return roomWaiters.map(\.continuation)
    }

    /// Removes the waiters `shouldResume` selects.
    ///
    /// - Returns: Their continuations, oldest first, to resume.
    internal mutating func removeRoomWaiters(
        where shouldResume: (RoomWaiter) -> Bool
    ) -> [UnsafeContinuation<Void, Never>] {
        defer { _checkInvariants() }
        var resumed: [UnsafeContinuation<Void, Never>] = []
        roomWaiters.removeAll { waiter in
            guard shouldResume(waiter) else { return false }
            resumed.append(waiter.continuation)
            return true
        }
        return resumed
    }

    /// The main actor drains: takes every action waiting, and hands over `spare` — the emptied
    /// batch of its last drain — to hold the next ones. Counts as a take even when nothing
    /// waits (a drain nobody asked for: a concatenation's, a test driver's).
    ///
    /// - Parameter spare: An empty batch; on return, the actions taken, oldest first.
    @inlinable
    internal mutating func take(exchanging spare: inout Batch) {
        precondition(spare.isEmpty, "InboxStateMachine: the batch handed over to take the next one is not empty")
        defer { _checkInvariants() }
        takes += 1
        // The inbox only grows between takes: the batch taken is its largest since the last.
        if waiting.actions.count > highWater { highWater = waiting.actions.count }
        swap(&waiting, &spare)
    }
}

// MARK: Invariants

extension InboxStateMachine.Batch {
    #if AQUEDUCT_INTERNAL_CHECKS
    /// Traps unless the runs agree with the actions: as many runs as actions at most, none
    /// without an action, the last one not empty. O(1).
    @usableFromInline
    internal func _checkInvariants() {
        precondition(
            runs.count <= actions.count && runs.isEmpty == actions.isEmpty,
            "InboxStateMachine: \(runs.count) runs for \(actions.count) actions waiting"
        )
        if let count = runs.last?.count {
            precondition(
                count >= 1 && count <= actions.count,
                "InboxStateMachine: the last run has \(count) of the \(actions.count) actions waiting"
            )
        }
    }
    #else
    @inlinable @inline(__always)
    internal func _checkInvariants() {}
    #endif
}

extension InboxStateMachine {
    #if AQUEDUCT_INTERNAL_CHECKS
    /// Traps unless the machine is consistent; called at the end of each transition. Compiled
    /// only with `AQUEDUCT_INTERNAL_CHECKS` (see `Package.swift`). O(1) in the actions waiting,
    /// O(*w*) in the senders waiting for room.
    @usableFromInline
    internal func _checkInvariants() {
        waiting._checkInvariants()
        precondition(takes >= 0 && highWater >= 0, "InboxStateMachine: \(takes) takes, high water \(highWater)")
        precondition(
            roomWaiters.count <= roomWaits,
            "InboxStateMachine: \(roomWaiters.count) senders wait for room, but only \(roomWaits) ever waited"
        )
        // A waiter is pending once, or resumed (and gone): never both, never twice.
        var ids = Set<Int>(minimumCapacity: roomWaiters.count)
        for waiter in roomWaiters {
            precondition(
                waiter.id >= 1 && waiter.id <= nextWaiterID,
                "InboxStateMachine: waiter \(waiter.id) was never given out (the last is \(nextWaiterID))"
            )
            precondition(ids.insert(waiter.id).inserted, "InboxStateMachine: waiter \(waiter.id) waits twice")
        }
    }
    #else
    @inlinable @inline(__always)
    internal func _checkInvariants() {}
    #endif
}
