/// What one timed repetition measured: its wall-clock time and the heap allocations made
/// while it ran, on every thread.
struct Sample: Sendable {
    /// Time from the first action to the last one processed.
    var nanoseconds: UInt64
    /// Allocation calls (`malloc` and friends) made during that time.
    var allocations: UInt64
}
