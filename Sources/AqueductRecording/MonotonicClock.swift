#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Readings of the system's monotonic clock, in nanoseconds: how the recorder times an action
/// on the main actor. Two readings cost less than `ContinuousClock.now` twice and `Date()`;
/// a record's wall-clock time is worked out from its reading on the writer's queue instead.
@usableFromInline
package enum MonotonicClock {
    /// The clock's reading now, in nanoseconds since an arbitrary start (the machine's boot).
    @inlinable
    package static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }

    /// The wall-clock time at which the clock read `reading`: now, less the time since then.
    ///
    /// A wall clock set forwards or backwards between the reading and this call moves the
    /// answer with it, as it would have moved a `Date()` read at that moment after the change.
    ///
    /// - Parameter reading: An earlier ``nanoseconds()``.
    /// - Returns: The wall-clock time of that reading.
    @usableFromInline
    package static func date(ofReading reading: UInt64) -> Date {
        let now = nanoseconds()
        let elapsed = now >= reading ? now - reading : 0
        return Date(timeIntervalSinceNow: -Double(elapsed) / 1_000_000_000)
    }
}
