import Testing

@testable import Aqueduct

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The lock under contention: every change made through it is kept, and (in CI's
/// ThreadSanitizer stage, which fails on any report) ThreadSanitizer sees it as a lock, which it
/// would not see a `Synchronization.Mutex` as (``LockedValue`` says why).
@Suite struct LockedValueTests {
    /// A non-`Sendable` value, as a lock may guard.
    final class Counter {
        var count = 0
        var log: [Int] = []
    }

    @Test func eightTasksChangingOneValueLoseNothing() async {
        let counter = LockedValue(Counter())

        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for step in 0..<2_000 {
                        counter.withLock { counter in
                            counter.count += 1
                            counter.log.append(task * 10_000 + step)
                        }
                    }
                }
            }
        }

        #expect(counter.withLock { $0.count } == 16_000)
        #expect(counter.withLock { Set($0.log).count } == 16_000)
    }

    #if canImport(Glibc)
    /// glibc's adaptive kind, which the inbox's contending senders rely on: a plain mutex
    /// sleeps in the kernel at once (scenario g in the benchmark).
    @Test func onLinuxTheMutexIsGlibcsAdaptiveOne() {
        let value = LockedValue(0)
        // glibc keeps the kind in the mutex; the low bits are the type given to the attributes.
        #expect(value.mutex.pointee.__data.__kind & 0x7f == Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        value.withLock { $0 += 1 }
        #expect(value.withLock { $0 } == 1)
    }
    #endif

    @Test func whatTheBodyThrowsIsRethrownAndTheLockReleased() {
        struct Refused: Error {}
        let value = LockedValue(1)

        #expect(throws: Refused.self) { try value.withLock { (_: inout Int) throws(Refused) in throw Refused() } }

        #expect(value.withLock { $0 } == 1)
    }

    @Test func aFailedPthreadCallTrapsWithTheErrorsNameAndMeaning() {
        #expect(
            lockFailure("pthread_mutex_destroy", EBUSY)
                == "LockedValue: pthread_mutex_destroy failed with EBUSY: the mutex is locked"
        )
        #expect(lockFailure("pthread_mutex_unlock", EPERM).contains("EPERM: the calling thread does not hold"))
        #expect(lockFailure("pthread_mutex_lock", 12_345) == "LockedValue: pthread_mutex_lock failed with error 12345")
    }

    #if os(macOS) || os(Linux)
    /// A lock released while held: pthread_mutex_destroy refuses it (EBUSY), and the lock traps
    /// rather than free a mutex some thread holds. (Under ThreadSanitizer its own report of a
    /// locked mutex destroyed ends the child first.)
    @Test func aLockReleasedWhileHeldTraps() async {
        await #expect(processExitsWith: .failure) {
            var value: LockedValue<Int>? = LockedValue(0)
            #expect(pthread_mutex_lock(value!.mutex) == 0)
            value = nil
        }
    }
    #endif
}
