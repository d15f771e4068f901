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
/// The value and the mutex share one buffer (as swift-nio's `NIOLockedValueBox` keeps them),
/// reached through its pointers: a class's stored `var` would be checked for exclusive access
/// at run time on every use, under the lock, where the senders of a store's inbox contend.
/// ``withLock(_:)`` is inlinable, so that its body is specialised and inlined where it is used.
///
/// `@unchecked Sendable` because the compiler cannot see that every access to the value goes
/// through `withLock`; this class is not public and its storage is internal, so that holds.
@usableFromInline
package final class LockedValue<Value: Sendable>: @unchecked Sendable {
    /// The value (the header) and the mutex (the one element).
    @usableFromInline
    internal final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        deinit {
            withUnsafeMutablePointers { _, mutex in
                pthread_mutex_destroy(mutex)
                mutex.deinitialize(count: 1)
            }
        }
    }

    @usableFromInline
    internal let storage: Storage

    @usableFromInline
    package init(_ value: Value) {
        storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in value }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
        }
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }
}
