import Aqueduct

/// The actions a test store's runtime has processed and the test has not yet asserted, with
/// the state before and after each.
///
/// The runtime calls ``record(_:_:state:)`` after each action; the state before an action is
/// the state after the one before it (or the initial state), since only actions change a test
/// store's state.
///
/// Linear in the number of actions: recording one and taking the oldest are O(1) (amortised),
/// so a test store with thousands of actions waiting to be received, or a replay of a long
/// recording, costs what its actions cost, not their square.
@MainActor
final class ProcessedActions<Action: Sendable, State> {
    struct Entry {
        let action: Action
        let source: ActionSource
        let before: State
        let after: State

        var dispatched: DispatchedAction<Action> { DispatchedAction(action: action, source: source) }
    }

    /// The entries, oldest first: a queue that takes from the front in O(1) and keeps the
    /// actions of its entries readable from any isolation (``pending``) in step, one element per
    /// change.
    struct Entries: RandomAccessCollection {
        /// The elements; those before `head` are taken.
        private var storage: [Entry] = []
        private var head = 0
        fileprivate let pending: LockedValue<PendingActions>

        fileprivate init(pending: LockedValue<PendingActions>) {
            self.pending = pending
        }

        var startIndex: Int { 0 }
        var endIndex: Int { storage.count - head }
        subscript(position: Int) -> Entry { storage[head + position] }

        mutating func append(_ entry: Entry) {
            storage.append(entry)
            pending.withLock { $0.append(entry.dispatched) }
        }

        /// Takes the oldest entry. Requires a non-empty queue.
        @discardableResult
        mutating func removeFirst() -> Entry {
            precondition(head < storage.count, "removeFirst() on no processed action")
            let entry = storage[head]
            head += 1
            // Drop the taken ones once they are half the storage: amortised O(1) a take.
            if head == storage.count {
                storage.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 1_024, head * 2 >= storage.count {
                storage.removeFirst(head)
                head = 0
            }
            pending.withLock { $0.removeFirst() }
            return entry
        }

        mutating func removeAll() {
            storage.removeAll()
            head = 0
            pending.withLock { $0.removeAll() }
        }
    }

    /// The actions of ``entries``, oldest first, as a queue of the same shape.
    struct PendingActions: Sendable {
        private var actions: [DispatchedAction<Action>] = []
        private var head = 0

        /// The actions, oldest first.
        var all: [DispatchedAction<Action>] { Array(actions[head...]) }

        mutating func append(_ action: DispatchedAction<Action>) { actions.append(action) }

        mutating func removeFirst() {
            head += 1
            if head == actions.count {
                actions.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 1_024, head * 2 >= actions.count {
                actions.removeFirst(head)
                head = 0
            }
        }

        mutating func removeAll() {
            actions.removeAll()
            head = 0
        }
    }

    var entries: Entries

    /// The state after the last recorded action.
    private var last: State

    /// The actions of ``entries``, kept in step with them for ``unreceived``.
    private nonisolated let pending: LockedValue<PendingActions>

    /// The actions of ``entries``, oldest first, readable from any isolation — by a test
    /// store's `deinit`.
    nonisolated var unreceived: [DispatchedAction<Action>] { pending.withLock { $0.all } }

    init(initialState: State) {
        self.last = initialState
        let pending = LockedValue(PendingActions())
        self.pending = pending
        self.entries = Entries(pending: pending)
    }

    func record(_ action: Action, _ source: ActionSource, state: State) {
        entries.append(Entry(action: action, source: source, before: last, after: state))
        last = state
    }
}
