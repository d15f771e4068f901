import Foundation
import Testing

@testable import AqueductRecording

/// The recorder's clock: a reading's wall-clock time is when it was taken.
struct MonotonicClockTests {
    /// Asked 20 ms later, a reading's date is still between the two dates read around it. (The
    /// bound allows for a clock slewed by NTP, at most 500 parts a million.)
    @Test func aReadingsDateIsWhenItWasTakenNotWhenItIsAskedFor() {
        let before = Date()
        let reading = MonotonicClock.nanoseconds()
        let after = Date()
        usleep(20_000)
        let date = MonotonicClock.date(ofReading: reading)
        #expect(date >= before.addingTimeInterval(-0.000_1))
        #expect(date <= after.addingTimeInterval(0.000_1))
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
}
