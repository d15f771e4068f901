import Aqueduct

/// The actions a test store's runtime has processed and the test has not yet asserted, with
/// the state before and after each.
///
/// The runtime calls ``record(_:_:state:)`` after each action; the state before an action is
/// the state after the one before it (or the initial state), since only actions change a test
/// store's state.
@MainActor
final class ProcessedActions<Action: Sendable, State> {
    struct Entry {
        let action: Action
        let source: ActionSource
        let before: State
        let after: State

        var dispatched: DispatchedAction<Action> { DispatchedAction(action: action, source: source) }
    }

    var entries: [Entry] = [] {
        didSet { pending.withLock { $0 = entries.map(\.dispatched) } }
    }

    /// The state after the last recorded action.
    private var last: State

    /// The actions of ``entries``, readable from any isolation — by a test store's `deinit`.
    nonisolated let pending = LockedValue<[DispatchedAction<Action>]>([])

    init(initialState: State) {
        self.last = initialState
    }

    func record(_ action: Action, _ source: ActionSource, state: State) {
        entries.append(Entry(action: action, source: source, before: last, after: state))
        last = state
    }
}
