import Foundation
import Testing

@testable import AqueductRecording

/// The recorder's clock: a reading's wall-clock time is when it was taken.
struct MonotonicClockTests {
    /// Asked 20 ms later, a reading's date is still between the two dates read around it. The
    /// bound allows for a clock slewed by NTP (at most 500 parts a million) and for this thread
    /// being preempted while the date is worked out: no answer can be closer than the time the
    /// call took. Built at the call (`Date()`), the date would be 20 ms late.
    @Test func aReadingsDateIsWhenItWasTakenNotWhenItIsAskedFor() {
        let before = Date()
        let reading = MonotonicClock.nanoseconds()
        let after = Date()
        usleep(20_000)
        let asked = MonotonicClock.nanoseconds()
        let date = MonotonicClock.date(ofReading: reading)
        let took = Double(MonotonicClock.nanoseconds() - asked) / 1_000_000_000
        #expect(date >= before.addingTimeInterval(-0.000_1 - took))
        #expect(date <= after.addingTimeInterval(0.000_1 + took))
    }

    /// Readings only grow; one that is not yet reached counts as now.
    @Test func readingsGrowAndAReadingAheadOfTheClockIsNow() {
        let first = MonotonicClock.nanoseconds()
        let second = MonotonicClock.nanoseconds()
        #expect(second >= first)
        let before = Date()
        let date = MonotonicClock.date(ofReading: .max)
        let after = Date()
        #expect(date >= before)
        #expect(date <= after)
    }

    /// A thread preempted while it read the two clocks reads a wide bracket: the date is worked
    /// out from the tightest of the next few instead, and only the tightest counts.
    @Test func aPreemptedBracketIsNotTheOneADateIsWorkedOutFrom() {
        let wall = Date(timeIntervalSince1970: 1_000_000)
        func bracket(width: UInt64, wallOffBy seconds: Double) -> MonotonicClock.Bracket {
            .init(wall: wall.addingTimeInterval(seconds), middle: 5_000_000_000, width: width)
        }
        var brackets = [
            bracket(width: 30_000_000, wallOffBy: 0.015),
            bracket(width: 1_000_000, wallOffBy: 0.000_5),
            bracket(width: 500, wallOffBy: 0),
            bracket(width: 100, wallOffBy: 0.3),
        ]
        let read = brackets.count
        let date = MonotonicClock.date(ofReading: 4_000_000_000) { brackets.removeFirst() }
        #expect(date == wall.addingTimeInterval(-1))
        // The tight bracket ends the search: the fourth is not read.
        #expect(read - brackets.count == 3)
    }
}
