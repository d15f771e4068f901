#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a lock: state that several threads share, read and changed one thread at a
/// time.
///
/// The lock of Aqueduct, its testing library and its examples, for the few structures that are
/// reached from any thread (a store's inbox and effect registry, a test clock's sleepers) and for
/// what an app's middleware clients share between a callback thread and their callers. State that
/// one isolation owns needs no lock: the store's state is on the main actor, and a client that
/// serialises work can be an actor.
///
/// ```swift
/// final class Downloads: Sendable {
///     private let progress = LockedValue<[String: Double]>([:])
///
///     func update(_ name: String, to fraction: Double) {  // from a transfer's thread
///         progress.withLock { $0[name] = fraction }
///     }
///
///     var finished: [String] {  // from anywhere
///         progress.withLock { progress in progress.filter { $0.value == 1 }.map(\.key) }
///     }
/// }
/// ```
///
/// Like the standard library's `Mutex`, it guards any value, `Sendable` or not: the value is
/// handed over on creation (`sending`), and what a closure reads out is handed over too, so
/// nothing the lock guards escapes it unguarded. `Sendable`: share it between threads and tasks.
///
/// ## Why not `Synchronization.Mutex`
/// On Linux `Mutex` is a futex, which ThreadSanitizer cannot see: when threads contend for a value
/// a `Mutex` guards, it reports a data race that is not there (two threads incrementing a
/// `Mutex<Int>` under `swift run --sanitize=thread` with Swift 6.3: a report on every run, and the
/// right count). ThreadSanitizer understands pthread mutexes (the same program with a pthread
/// mutex: no report), and CI runs every test of the framework and of the examples under it, where
/// a report fails the run. So this lock is a pthread mutex — on Linux glibc's adaptive one,
/// which, like `Mutex`, retries briefly before it sleeps — and code that runs under
/// ThreadSanitizer uses it rather than `Mutex`. (`Mutex` told to ThreadSanitizer through its
/// annotations was tried in this type's place, and made the store's inbox slower.)
///
/// The mutex is not recursive: calling ``withLock(_:)`` again from its `body`, on the same lock,
/// never returns. Keep `body` short and synchronous; it cannot `await`.
public final class LockedValue<Value>: Sendable {
    /// The value (the header) and the mutex (the one element), in one allocation.
    @usableFromInline
    internal final class Buffer: ManagedBuffer<Value, pthread_mutex_t> {
        deinit {
            withUnsafeMutablePointerToElements { mutex in
                let result = pthread_mutex_destroy(mutex)
                if result != 0 { lockFailed("pthread_mutex_destroy", result) }
                mutex.deinitialize(count: 1)
            }
        }
    }

    // `nonisolated(unsafe)`: the compiler cannot see that the value is reached only through
    // `withLock`, which holds the mutex. The value is reached through a pointer, not a stored
    // `var` of a class, which Swift would check for exclusive access at run time on every use.
    // The pointers stay valid while `buffer` lives, and it lives as long as this lock.

    /// Owns the memory `value` and `mutex` point to.
    nonisolated(unsafe) private let buffer: Buffer
    @usableFromInline
    nonisolated(unsafe) internal let value: UnsafeMutablePointer<Value>
    @usableFromInline
    nonisolated(unsafe) internal let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates a lock around `value`.
    ///
    /// - Parameter value: The initial value, handed over to the lock.
    public init(_ value: sending Value) {
        buffer = unsafeDowncast(Buffer.create(minimumCapacity: 1) { _ in value }, to: Buffer.self)
        (self.value, mutex) = buffer.withUnsafeMutablePointers { ($0, $1) }
        mutex.initialize(to: pthread_mutex_t())
        #if canImport(Glibc)
        // Adaptive: under contention glibc retries briefly before sleeping in the kernel, where
        // a plain mutex makes a futex call to wait and another to wake, for a critical section
        // of a few dozen instructions (the inbox's senders: scenario g's budget).
        var attributes = pthread_mutexattr_t()
        let initialised = pthread_mutexattr_init(&attributes)
        if initialised != 0 { lockFailed("pthread_mutexattr_init", initialised) }
        defer { pthread_mutexattr_destroy(&attributes) }
        let typed = pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        if typed != 0 { lockFailed("pthread_mutexattr_settype", typed) }
        let result = pthread_mutex_init(mutex, &attributes)
        #else
        let result = pthread_mutex_init(mutex, nil)
        #endif
        if result != 0 { lockFailed("pthread_mutex_init", result) }
    }

    /// Runs `body` with exclusive access to the value, and returns what it returns.
    ///
    /// ```swift
    /// let hits = LockedValue(0)
    /// hits.withLock { $0 += 1 }
    /// let count = hits.withLock { $0 }
    /// ```
    ///
    /// Blocks the calling thread while another holds the lock. Do not call it again from `body`
    /// on the same lock: the mutex is not recursive.
    ///
    /// - Parameter body: Reads or changes the value.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; the lock is released either way.
    @inlinable
    public func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        let locked = pthread_mutex_lock(mutex)
        if locked != 0 { lockFailed("pthread_mutex_lock", locked) }
        defer {
            let unlocked = pthread_mutex_unlock(mutex)
            if unlocked != 0 { lockFailed("pthread_mutex_unlock", unlocked) }
        }
        return try body(&value.pointee)
    }
}

/// Stops the program: a pthread call of ``LockedValue`` failed. A `fatalError`, not a
/// `precondition`, so that release builds say why too. Out of line: the lock's fast path only
/// tests the result.
@usableFromInline
@inline(never)
internal func lockFailed(_ call: String, _ result: Int32) -> Never {
    fatalError(lockFailure(call, result))
}

/// The message of ``lockFailed(_:_:)``: the call, the error's name and what it means for this
/// lock.
internal func lockFailure(_ call: String, _ result: Int32) -> String {
    let meaning =
        switch result {
        case EINVAL: "EINVAL: the mutex is not initialised, or was destroyed"
        case EBUSY: "EBUSY: the mutex is locked"
        case EPERM: "EPERM: the calling thread does not hold the mutex"
        case EDEADLK: "EDEADLK: the calling thread already holds the mutex (withLock called from its own body)"
        case EAGAIN: "EAGAIN: the system lacks the resources for another mutex"
        case ENOMEM: "ENOMEM: not enough memory for another mutex"
        default: "error \(result)"
        }
    return "LockedValue: \(call) failed with \(meaning)"
}
