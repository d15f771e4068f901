import Aqueduct
import Foundation

enum CounterAction: CaseAccessible, Sendable, Equatable {
    case increment
    case decrement
    case set(Int)
}

let counterReducer = Reducer<CounterAction, Int>.reduce { action, count in
    switch action {
    case .increment: count += 1
    case .decrement: count -= 1
    case .set(let value): count = value
    }
}

struct AppState: Equatable, Sendable {
    var count = 0
    var text = ""
}

enum TextAction: Sendable, Equatable {
    case append(String)
}

enum AppAction: CaseAccessible, Sendable, Equatable {
    case counter(CounterAction)
    case text(TextAction)
}

let textReducer = Reducer<TextAction, String>.reduce { action, text in
    switch action {
    case .append(let suffix): text += suffix
    }
}

/// A thread-safe list of events, for effects and middlewares that run off the main actor.
///
/// Behind the package's `LockedValue`, which ThreadSanitizer understands (the concurrency
/// tests run under it in CI).
final class EventLog: Sendable {
    private let events = LockedValue<[String]>([])

    func record(_ event: String) {
        events.withLock { $0.append(event) }
    }

    var all: [String] {
        events.withLock { $0 }
    }
}

/// A middleware made of closures, for tests.
struct TestMiddleware<Action: Sendable, State>: Middleware {
    let onHandle: @MainActor @Sendable (Action, ActionSource, GetState<State>) -> Effect<Action>
    var onStart: @MainActor @Sendable (MiddlewareContext<Action, State>) -> Void = { _ in }

    func start(_ context: MiddlewareContext<Action, State>) {
        onStart(context)
    }

    func handle(action: Action, from source: ActionSource, state: GetState<State>) -> Effect<Action> {
        onHandle(action, source, state)
    }
}

/// Waits, on the main actor, until `condition` holds, giving other tasks and the store's inbox
/// time to run. Fails by returning `false` after `limit` polls instead of hanging.
@MainActor
func eventually(limit: Int = 5_000, _ condition: @MainActor () -> Bool) async -> Bool {
    for _ in 0..<limit {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return condition()
}
