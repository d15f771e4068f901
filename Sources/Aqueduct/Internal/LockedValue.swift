#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a pthread mutex: the one lock of the package, for the store's few
/// cross-thread structures (the inbox, the effect registry, a state stream's buffer), for
/// `AqueductTesting` (the test clock, the middleware tester) and for the package's tests, all of
/// which run under ThreadSanitizer in CI.
///
/// Why not `Synchronization.Mutex`: on Linux its futex-based lock is invisible to
/// ThreadSanitizer, which then reports false races on every contended access (reproduced with a
/// generic class appending from eight tasks) and would make the sanitizer stage of CI useless.
/// ThreadSanitizer understands pthread mutexes.
///
/// `@unchecked Sendable` because the compiler cannot see that every access to `value` goes
/// through `withLock`; this class is not public and `value` is private, so that holds.
@usableFromInline
package final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    @usableFromInline
    package init(_ value: Value) {
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

    /// Runs `body` with exclusive access to the value.
    @usableFromInline
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
