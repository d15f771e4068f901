import Aqueduct
import Dispatch
import Foundation

/// Background threads that send through an effect's `Send` as fast as they can — before and
/// after the effect is cancelled — for the tests of "cancel means cancel".
///
/// Each thread sends until ``cancelProcessed()`` is called (the cancellation has been processed
/// on the main actor) — at most `limit` times: then it waits for it without spinning, so that a
/// test that fails cannot fill the memory — then `after` more times, then finishes.
/// ``finished()`` returns when every thread has. Threads, not tasks: they ignore cancellation,
/// as a C library's callback thread would, and hold the `Send` after the effect's task is
/// cancelled.
final class Flood: Sendable {
    private let isCancelProcessed = LockedValue(false)
    private let cancelled = DispatchSemaphore(value: 0)
    private let threads: Int
    private let limit: Int
    private let after: Int
    private let done: AsyncStream<Void>
    private let doneContinuation: AsyncStream<Void>.Continuation

    init(threads: Int = 2, limit: Int = 2_000, after: Int = 200) {
        self.threads = threads
        self.limit = limit
        self.after = after
        (done, doneContinuation) = AsyncStream.makeStream(of: Void.self)
    }

    /// Starts the threads, each calling `send` in a loop.
    func start(_ send: @escaping @Sendable () -> Void) {
        for _ in 0..<threads {
            let thread = Thread { [self] in
                var sent = 0
                while !isCancelProcessed.withLock({ $0 }) {
                    guard sent < limit else {
                        cancelled.wait()
                        cancelled.signal()  // for the next thread
                        break
                    }
                    send()
                    sent += 1
                }
                for _ in 0..<after { send() }
                doneContinuation.yield()
            }
            thread.start()
        }
    }

    /// The cancellation has been processed: each thread sends `after` more, then finishes.
    func cancelProcessed() {
        let first = isCancelProcessed.withLock { done in
            defer { done = true }
            return !done
        }
        if first { cancelled.signal() }
    }

    /// Returns when every thread has finished.
    func finished() async {
        var count = 0
        for await _ in done {
            count += 1
            if count == threads { return }
        }
    }
}

/// Suspends until the task is cancelled: an effect's work that runs until cancelled, while
/// the threads it started send.
func untilCancelled() async {
    let never = AsyncStream<Never> { _ in }
    for await _ in never {}
}
