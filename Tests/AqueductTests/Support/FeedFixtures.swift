import Aqueduct
import AqueductTesting

/// The domain of the effect operator tests: commands, each answered by the effect under test,
/// and results, which the reducer records in the order they are processed.
enum Feed: Sendable, Equatable {
    case go(String)
    case stop
    case got(String)

    var got: String? {
        if case .got(let value) = self { return value }
        return nil
    }
}

/// Records each `.got` in order.
let feedReducer = Reducer<Feed, [String]>.reduce { action, results in
    if case .got(let value) = action { results.append(value) }
}

/// A test store of the feed whose middleware answers `.go(name)` with `go(name)` and
/// `.stop` with `stop` (nothing by default).
@MainActor
func feedStore(
    go: @escaping @MainActor @Sendable (String, GetState<[String]>) -> Effect<Feed>,
    stop: @escaping @MainActor @Sendable () -> Effect<Feed> = { .none }
) -> TestStore<Feed, [String]> {
    TestStore(initialState: [], reducer: feedReducer, middleware: feedMiddleware(go: go, stop: stop))
}

/// The middleware of ``feedStore(go:stop:)``.
func feedMiddleware(
    go: @escaping @MainActor @Sendable (String, GetState<[String]>) -> Effect<Feed>,
    stop: @escaping @MainActor @Sendable () -> Effect<Feed> = { .none }
) -> TestMiddleware<Feed, [String]> {
    TestMiddleware { action, _, state in
        switch action {
        case .go(let name): return go(name, state)
        case .stop: return stop()
        case .got: return .none
        }
    }
}

/// The counter feature's middleware lifted into `AppAction`/`AppState`, answering
/// `.increment` with `effect` and `.decrement` with `stop`: how a lift sees the operators.
@MainActor
func liftedCounterStore(
    _ effect: @escaping @MainActor @Sendable () -> Effect<CounterAction>,
    stop: @escaping @MainActor @Sendable () -> Effect<CounterAction> = { .none }
) -> TestStore<AppAction, AppState> {
    let feature = TestMiddleware<CounterAction, Int> { action, _, _ in
        switch action {
        case .increment: return effect()
        case .decrement: return stop()
        case .set: return .none
        }
    }
    return TestStore(
        initialState: AppState(),
        reducer: counterReducer.lift(action: \AppAction.Cases.counter, state: \AppState.count),
        middleware: feature.lift(
            action: \AppAction.Cases.counter,
            state: \AppState.count
        )
    )
}
