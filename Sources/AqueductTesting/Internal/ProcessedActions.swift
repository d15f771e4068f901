import Aqueduct

/// The actions a test store's engine has processed and the test has not yet asserted, with
/// the state before and after each.
///
/// The engine calls ``record(_:_:state:)`` after each action; the state before an action is
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
        private var queue = FrontTakingQueue<Entry>()
        fileprivate let pending: LockedValue<FrontTakingQueue<DispatchedAction<Action>>>

        fileprivate init(pending: LockedValue<FrontTakingQueue<DispatchedAction<Action>>>) {
            self.pending = pending
        }

        var startIndex: Int { 0 }
        var endIndex: Int { queue.count }
        subscript(position: Int) -> Entry { queue[position] }

        mutating func append(_ entry: Entry) {
            queue.append(entry)
            pending.withLock { $0.append(entry.dispatched) }
        }

        /// Takes the oldest entry. Requires a non-empty queue.
        @discardableResult
        mutating func removeFirst() -> Entry {
            let entry = queue.removeFirst()
            pending.withLock { _ = $0.removeFirst() }
            return entry
        }

        mutating func removeAll() {
            queue.removeAll()
            pending.withLock { $0.removeAll() }
        }
    }

    var entries: Entries

    /// The state after the last recorded action.
    private var last: State

    /// The actions of ``entries``, kept in step with them for ``unreceived``.
    private nonisolated let pending: LockedValue<FrontTakingQueue<DispatchedAction<Action>>>

    /// The actions of ``entries``, oldest first, readable from any isolation — by a test
    /// store's `deinit`.
    nonisolated var unreceived: [DispatchedAction<Action>] { pending.withLock { $0.all } }

    init(initialState: State) {
        self.last = initialState
        let pending = LockedValue(FrontTakingQueue<DispatchedAction<Action>>())
        self.pending = pending
        self.entries = Entries(pending: pending)
    }

    func record(_ action: Action, _ source: ActionSource, state: State) {
        entries.append(Entry(action: action, source: source, before: last, after: state))
        last = state
    }
}
