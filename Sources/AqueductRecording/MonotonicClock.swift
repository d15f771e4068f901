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

    /// The wall-clock time at which the clock read `reading`: the wall clock now, less the time
    /// since then.
    ///
    /// The wall clock is read between two monotonic readings, and the tightest of a few such
    /// brackets is kept: a thread preempted between the two clocks' reads would otherwise shift
    /// the answer by as long as it was preempted. The answer is off by at most half the tightest
    /// bracket.
    ///
    /// A wall clock set forwards or backwards between the reading and this call moves the
    /// answer with it, as it would have moved a `Date()` read at that moment after the change.
    ///
    /// - Parameter reading: An earlier ``nanoseconds()``; one not yet reached counts as now.
    /// - Returns: The wall-clock time of that reading.
    @usableFromInline
    package static func date(ofReading reading: UInt64) -> Date {
        date(ofReading: reading, bracketing: bracket)
    }

    /// ``date(ofReading:)`` with the brackets read by `bracketing`, so that a test can hand it a
    /// preempted one.
    static func date(ofReading reading: UInt64, bracketing: () -> Bracket) -> Date {
        var best = bracketing()
        var tries = 1
        while best.width > tightBracket && tries < bracketTries {
            let next = bracketing()
            if next.width < best.width { best = next }
            tries += 1
        }
        let elapsed = best.middle >= reading ? best.middle - reading : 0
        return best.wall.addingTimeInterval(-Double(elapsed) / 1_000_000_000)
    }

    /// A bracket this narrow (in nanoseconds) was not preempted: it is kept at once.
    static let tightBracket: UInt64 = 20_000

    /// How many brackets ``date(ofReading:)`` reads at most, looking for a tight one.
    static let bracketTries = 4

    /// A wall-clock time read between two monotonic readings `width` nanoseconds apart;
    /// `middle` is the reading halfway between them.
    struct Bracket {
        var wall: Date
        var middle: UInt64
        var width: UInt64
    }

    /// The wall clock read between two monotonic readings.
    static func bracket() -> Bracket {
        let before = nanoseconds()
        let wall = Date()
        let after = nanoseconds()
        let width = after &- before
        return Bracket(wall: wall, middle: before &+ width / 2, width: width)
    }
}
