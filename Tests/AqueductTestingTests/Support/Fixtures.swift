import Aqueduct
import AqueductTesting

// MARK: - Counter: synchronous effects, an Equatable action

enum CounterAction: CaseAccessible, Sendable, Equatable {
    case increment
    case set(Int)
    case clamped(Int)
    case incrementTwice
}

struct CounterState: Equatable, Sendable {
    var count = 0
    var history: [Int] = []
}

let counterReducer = Reducer<CounterAction, CounterState>.reduce { action, state in
    switch action {
    case .increment: state.count += 1
    case .set(let value), .clamped(let value): state.count = value
    case .incrementTwice: break
    }
    state.history.append(state.count)
}

/// Clamps `set` to at most 10 (by sending `clamped(10)`) and turns `incrementTwice` into two
/// increments — all synchronous effects.
struct CounterMiddleware: Middleware {
    func handle(
        action: CounterAction,
        from source: ActionSource,
        state: GetState<CounterState>
    ) -> Effect<CounterAction> {
        switch action {
        case .set(let value) where value > 10: .send(.clamped(10))
        case .incrementTwice: .merge(.send(.increment), .send(.increment))
        default: .none
        }
    }
}

// MARK: - Search: asynchronous effects, a client double, a clock, a non-Equatable action

struct SearchFailure: Error, Equatable {
    let reason: String
}

/// Not `Equatable` (it carries `any Error`): the test store must not need it to be.
enum SearchAction: CaseAccessible, Sendable {
    case queryChanged(String)
    case loaded([String])
    case failed(any Error)
    case cancel
}

struct SearchState: Equatable, Sendable {
    var query = ""
    var results: [String] = []
    var isLoading = false
    var error: String?
}

let searchReducer = Reducer<SearchAction, SearchState>.reduce { action, state in
    switch action {
    case .queryChanged(let query):
        state.query = query
        state.isLoading = !query.isEmpty
    case .loaded(let results):
        state.results = results
        state.isLoading = false
    case .failed(let error):
        state.error = "\(error)"
        state.isLoading = false
    case .cancel:
        state.isLoading = false
    }
}

/// The middleware client: a domain interface the feature talks to.
struct SearchClient: Sendable {
    var search: @Sendable (String) async throws -> [String]
}

/// Debounces queries by 300 ms on the injected clock, then asks the client.
struct SearchMiddleware<C: Clock<Duration>>: Middleware {
    let client: SearchClient
    let clock: C

    func handle(action: SearchAction, from source: ActionSource, state: GetState<SearchState>) -> Effect<SearchAction> {
        switch action {
        case .queryChanged(let query) where !query.isEmpty:
            let client = client
            let clock = clock
            return .run { send in
                do {
                    try await clock.sleep(for: .milliseconds(300))
                } catch {
                    return
                }
                do {
                    send(.loaded(try await client.search(query)))
                } catch {
                    send(.failed(error))
                }
            }
            .cancellable(id: "search", cancelInFlight: true)
        case .cancel:
            return .cancel(id: "search")
        default:
            return .none
        }
    }
}

extension SearchClient {
    /// Answers every query with the groceries whose names contain it.
    static let groceries = SearchClient { query in
        ["Milk", "Bread", "Mild cheese"].filter { $0.lowercased().contains(query.lowercased()) }
    }

    /// Fails every query.
    static let failing = SearchClient { _ in throw SearchFailure(reason: "offline") }
}

/// A thread-safe list, for what tasks and client doubles record off the main actor.
final class Log<Element: Sendable>: Sendable {
    private let elements = LockedValue<[Element]>([])

    func append(_ element: Element) {
        elements.withLock { $0.append(element) }
    }

    var all: [Element] {
        elements.withLock { $0 }
    }
}
