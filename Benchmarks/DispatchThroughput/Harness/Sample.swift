/// What one timed repetition measured: its wall-clock time and the heap allocations made
/// while it ran, the main actor's and every thread's.
struct Sample: Sendable {
    /// Time from the first action to the last one processed.
    var nanoseconds: UInt64
    /// Allocation calls (`malloc` and friends) made during that time on the main actor, which
    /// runs the store and the workload (the main dispatch queue, whichever thread runs it).
    var allocations: UInt64
    /// Allocation calls made during that time on every thread: the main actor's, and those of
    /// the task pool, the recorder's writer, a test scheduler's jobs.
    var everyThreadAllocations: UInt64

    /// The count a workload that counts `threads` is gated on.
    func allocations(on threads: AllocationThreads) -> UInt64 {
        switch threads {
        case .mainActor: allocations
        case .every: everyThreadAllocations
        }
    }
}

/// Whose allocations a workload's count is: the main actor's, or every thread's.
enum AllocationThreads: String, Sendable {
    /// The main actor's, which runs the store and the workload: what the work itself
    /// allocates, whatever other threads do meanwhile. Exact for any work the main actor does.
    case mainActor = "main actor"
    /// Every thread's: for a workload whose measured work runs on other threads by design
    /// (concurrent dispatchers, a writer until it has written), at the price of a count that
    /// follows thread scheduling.
    case every
}
