import AllocationCounter

/// Times `body` and counts the heap allocations made while it runs, on every thread.
///
/// Counting is switched on just before the clock starts and off just after it stops, so the
/// setup before the call (a fresh store) and the teardown after it are neither timed nor
/// counted.
@inline(__always)
func measure(_ body: () -> Void) -> Sample {
    allocation_counter_start()
    let start = MonotonicClock.nanoseconds()
    body()
    let end = MonotonicClock.nanoseconds()
    let allocations = allocation_counter_stop()
    return Sample(nanoseconds: end - start, allocations: allocations)
}

/// Times asynchronous work, for scenarios whose actions are processed by other tasks; the
/// allocation count includes every thread's allocations. The body starts on the main actor.
@MainActor
@inline(__always)
func measureAsync(_ body: () async -> Void) async -> Sample {
    allocation_counter_start()
    let start = MonotonicClock.nanoseconds()
    await body()
    let end = MonotonicClock.nanoseconds()
    let allocations = allocation_counter_stop()
    return Sample(nanoseconds: end - start, allocations: allocations)
}

/// Whether allocation counts mean anything on this platform (the counter interposes glibc's
/// allocator; elsewhere it counts nothing).
var allocationCountingIsAvailable: Bool {
    allocation_counter_is_available() != 0
}
