import Aqueduct

/// The actions a ``TestStore``'s store has processed and the test has not yet asserted, with
/// the state before and after each.
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

    /// The actions of ``entries``, readable from any isolation — by a test store's `deinit`.
    nonisolated let pending = LockedValue<[DispatchedAction<Action>]>([])
}

/// Wraps the middleware under test to record every action the store processes, with its
/// source and the state before and after the reducer.
///
/// The record is made by an immediate effect merged *after* the wrapped middleware's effect:
/// it runs right after the reducer, before any action that effect sends is processed, so the
/// record is in processing order.
struct RecordingMiddleware<Action: Sendable, State>: Middleware {
    let base: AnyMiddleware<Action, Action, State>?
    let processed: ProcessedActions<Action, State>

    func start(_ context: MiddlewareContext<Action, State>) {
        base?.start(context)
    }

    func handle(action: Action, from source: ActionSource, state: GetState<State>) -> Effect<Action> {
        let before = state()
        let effect = base?.handle(action: action, from: source, state: state) ?? .none
        let processed = self.processed
        return .merge(
            effect,
            .immediate { _ in
                processed.entries.append(.init(action: action, source: source, before: before, after: state()))
            }
        )
    }
}
