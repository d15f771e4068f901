/// The inbox of a runtime: the actions sent from any isolation — by dispatchers and by the
/// `Send` of asynchronous effects — waiting for the main actor to take them out, in the order
/// they arrived. A pure value behind ``RuntimeStorage``'s lock.
///
/// The first action into an empty inbox asks for one drain (``EnqueueAction/requestDrain``);
/// the actions that follow join it until the drain takes them all at once
/// (``take(exchanging:)``), so that one main-actor hop serves the whole batch. Takes are
/// numbered: an action enqueued now is taken by take number ``nextTake``, which the effect
/// registry uses to tell when nothing an effect sent can still be waiting.
///
/// The arrays swap places at each take — the batch taken for the one the drain has emptied —
/// so that both keep their capacity from one batch to the next.
@usableFromInline
internal struct InboxStateMachine<Action: Sendable>: Sendable {
    /// One action waiting, with its source and, when an effect sent it, the effect's lifetime.
    @usableFromInline
    internal struct Entry: Sendable {
        @usableFromInline var action: Action
        @usableFromInline var source: ActionSource
        @usableFromInline var lifetime: EffectLifetime?

        @inlinable
        internal init(action: Action, source: ActionSource, lifetime: EffectLifetime?) {
            self.action = action
            self.source = source
            self.lifetime = lifetime
        }
    }

    @usableFromInline
    internal enum State: Sendable {
        /// Nothing waits and no drain is asked for. `spare` is empty; its capacity is kept for
        /// the next batch.
        case empty(spare: [Entry])
        /// `entries` wait, oldest first, for the drain asked for when the first arrived.
        case awaitingDrain([Entry])
        /// Only while an array is taken out of the state to be changed in place (so that it is
        /// not copied); never seen outside a transition.
        case modifying
    }

    @usableFromInline
    internal var state = State.empty(spare: [])

    /// The number of takes so far.
    @usableFromInline
    internal var takes = 0

    @inlinable
    internal init() {}

    /// The number of the take that will take an action enqueued now.
    @inlinable
    internal var nextTake: Int { takes + 1 }

    /// The number of actions waiting.
    internal var count: Int {
        switch state {
        case .empty: 0
        case .awaitingDrain(let entries): entries.count
        case .modifying: preconditionFailure("InboxStateMachine: read while modifying")
        }
    }

    /// The actions waiting, oldest first.
    internal var entries: [Entry] {
        switch state {
        case .empty: []
        case .awaitingDrain(let entries): entries
        case .modifying: preconditionFailure("InboxStateMachine: read while modifying")
        }
    }

    /// What to do after an action entered the inbox.
    @usableFromInline
    internal enum EnqueueAction {
        /// Nothing: a drain is already asked for.
        case none
        /// The inbox was empty: ask for one drain, which will take this action and those that
        /// follow it.
        case requestDrain
    }

    /// An action was sent.
    ///
    /// - Complexity: O(1), amortised over the growth of the array.
    @inlinable
    internal mutating func enqueue(_ entry: Entry) -> EnqueueAction {
        switch state {
        case .empty(var entries):
            state = .modifying
            entries.append(entry)
            state = .awaitingDrain(entries)
            return .requestDrain
        case .awaitingDrain(var entries):
            state = .modifying
            entries.append(entry)
            state = .awaitingDrain(entries)
            return .none
        case .modifying:
            preconditionFailure("InboxStateMachine: enqueue while modifying")
        }
    }

    /// The main actor drains: takes every action waiting, and hands over `spare` — the emptied
    /// array of its last batch — to hold the next ones. Counts as a take even when nothing
    /// waits (a drain nobody asked for: a concatenation's, a test driver's).
    ///
    /// - Parameter spare: An empty array; on return, the actions taken, oldest first.
    @inlinable
    internal mutating func take(exchanging spare: inout [Entry]) {
        precondition(spare.isEmpty, "InboxStateMachine: the array handed over to take a batch is not empty")
        takes += 1
        switch state {
        case .empty:
            return
        case .awaitingDrain(let entries):
            state = .empty(spare: spare)
            spare = entries
        case .modifying:
            preconditionFailure("InboxStateMachine: take while modifying")
        }
    }
}
