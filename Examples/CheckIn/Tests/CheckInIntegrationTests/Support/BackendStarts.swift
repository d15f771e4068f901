import ExampleTestSupport

import class Aqueduct.LockedValue

/// The reference backends of this test target start a few at a time.
///
/// A start costs a Python interpreter — and on PostgreSQL the psycopg driver — a few hundred
/// milliseconds of CPU. Dozens of them starting together, as the suites of a parallel run begin
/// on 2 busy cores, outlast the 15 s a backend has to print its port (``BackendProcess``). A
/// start here waits for a free slot — an event, not the clock — and the slots count backends
/// *starting*, not running. (``BackendProcessGroup`` starts its processes together on purpose,
/// in suites that run one test at a time.)
///
/// ```swift
/// let backend = try await BackendStarts.backend(database: database.argument)
/// ```
enum BackendStarts {
    private static let slots = Slots(4)

    /// Starts a reference backend once a slot is free.
    ///
    /// - Parameters:
    ///   - database: Its `--database`.
    ///   - token: The bearer token it accepts.
    ///   - arguments: More arguments.
    /// - Returns: The running backend.
    /// - Throws: ``ServerProcess/StartupError`` with what it said on standard error.
    static func backend(
        database: String,
        token: String = "test-token",
        arguments: [String] = []
    ) async throws -> BackendProcess {
        await slots.acquire()
        defer { slots.release() }
        return try await BackendProcess.start(databasePath: database, token: token, arguments: arguments)
    }

    /// A counting semaphore whose waiters are resumed in the order they came.
    private final class Slots: Sendable {
        private struct State {
            var free: Int
            var waiting: [CheckedContinuation<Void, Never>] = []
        }

        private let state: LockedValue<State>

        init(_ count: Int) {
            state = LockedValue(State(free: count))
        }

        func acquire() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let granted = state.withLock { state in
                    guard state.free > 0 else {
                        state.waiting.append(continuation)
                        return false
                    }
                    state.free -= 1
                    return true
                }
                if granted { continuation.resume() }
            }
        }

        func release() {
            let next = state.withLock { state in
                guard !state.waiting.isEmpty else {
                    state.free += 1
                    return CheckedContinuation<Void, Never>?.none
                }
                return state.waiting.removeFirst()
            }
            next?.resume()
        }
    }
}
