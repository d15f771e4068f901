#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a pthread mutex: the one lock of the examples, for every state that several
/// threads share — a reader thread and its consumer, a signal queue and its session, a request
/// and its deadline.
///
/// Why not `Synchronization.Mutex`: on Linux its futex-based lock is invisible to
/// ThreadSanitizer, which then reports races on every access it guards, and CI runs every test
/// target of the examples under ThreadSanitizer. ThreadSanitizer understands pthread mutexes.
/// (The framework's own lock is internal to it, so the examples have this one.)
///
/// Like `Mutex`, it takes any value, `Sendable` or not (a `DispatchSource` on Linux is not): the
/// value is handed over on creation (`sending`), and a closure that reads it out must hand over
/// what it returns, so nothing the lock guards escapes unguarded.
///
/// ```swift
/// let hits = LockedValue(0)
/// hits.withLock { $0 += 1 }
/// let count = hits.withLock { $0 }
/// ```
///
/// `@unchecked Sendable`: the compiler cannot see that every access to `value` goes through
/// `withLock`; `value` is private and `withLock` holds the mutex, so that holds. `package`
/// access, never public API.
package final class LockedValue<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// Creates the lock around `value`.
    ///
    /// - Parameter value: The initial value, handed over to the lock.
    package init(_ value: sending Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value. Do not call it again from `body`: the
    /// mutex is not recursive.
    ///
    /// - Parameter body: Reads or changes the value.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    package func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
