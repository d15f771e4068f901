import Foundation
import Testing

import class Aqueduct.LockedValue

/// Marks a suite whose tests block their thread, and runs at most one fewer of them at once than
/// the machine has cores (at least one).
///
/// These tests wait for a child process (`waitpid`) and for Chromium's replies on a pipe, and a
/// synchronous test body runs on one of the cooperative pool's threads, which are as many as the
/// cores. Unbounded, they took the whole pool: on two cores, every other test of the run — the
/// main actor's among them, whose effects resume on the pool — waited behind them for a minute
/// and more, past its time limit. A test here first waits for a slot, a suspension that holds no
/// thread, so one of the pool's threads is always free for the rest of the run.
///
/// The bodies stay on the pool's threads: Chromium started from them has run reliably, and one
/// started from threads of this process's own did not (several launches in a row failed under
/// load, for a reason not found).
struct BlocksItsThread: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    /// The slots every marked test of the run shares.
    static let slots = Slots(max(1, ProcessInfo.processInfo.activeProcessorCount - 1))

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's own scope only gathers its tests: each test case takes a slot of its own.
        guard testCase != nil else { return try await function() }
        try await Self.slots.holding { try await function() }
    }

    /// A counting semaphore whose waiters are resumed in the order they came.
    ///
    /// (The examples package's `BackendStarts` has one like it: a test target of one package
    /// cannot import another package's.)
    final class Slots: Sendable {
        private struct State {
            var free: Int
            var waiting: [CheckedContinuation<Void, Never>] = []
        }

        private let state: LockedValue<State>
        /// Called when a caller finds no slot free and waits (for a test to see it wait).
        private let willWait: @Sendable () -> Void

        init(_ count: Int, willWait: @escaping @Sendable () -> Void = {}) {
            state = LockedValue(State(free: count))
            self.willWait = willWait
        }

        /// Runs `body` once a slot is free, and frees it when `body` returns or throws.
        func holding<Result>(_ body: () async throws -> Result) async rethrows -> Result {
            await acquire()
            defer { release() }
            return try await body()
        }

        private func acquire() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let granted = state.withLock { state in
                    guard state.free > 0 else {
                        state.waiting.append(continuation)
                        return false
                    }
                    state.free -= 1
                    return true
                }
                if granted { continuation.resume() } else { willWait() }
            }
        }

        private func release() {
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

extension Trait where Self == BlocksItsThread {
    /// The suite's tests block their thread: at most one fewer than the cores run at once (see
    /// ``BlocksItsThread``).
    static var blocksItsThread: Self { BlocksItsThread() }
}
