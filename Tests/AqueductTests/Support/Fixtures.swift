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
/// Behind `LockedValue`, which ThreadSanitizer understands (the concurrency
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

/// Suspends ``wait()`` callers, ignoring cancellation, until ``open()``: work that does not stop
/// when its task is cancelled. `NSLock`, like ``EventLog``, for ThreadSanitizer.
final class Release: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var isOpen = false
    nonisolated(unsafe) private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        await withCheckedContinuation { continuation in
            let opened = lock.withLock {
                if !isOpen { waiters.append(continuation) }
                return isOpen
            }
            if opened { continuation.resume() }
        }
    }

    func open() {
        let resumed = lock.withLock {
            isOpen = true
            defer { waiters = [] }
            return waiters
        }
        for waiter in resumed { waiter.resume() }
    }
}
