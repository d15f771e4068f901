import AllocationCounter

/// Times `body` and counts the heap allocations made while it runs, on every thread.
///
/// Counting is switched on just before the clock starts and off just after it stops, so the
/// setup before the call (a fresh store) and the teardown after it are neither timed nor
/// counted.
///
/// The measured work is bracketed by ``instructionGateRegionBegins()`` and
/// ``instructionGateRegionEnds()``: under callgrind, the instruction gate counts what runs
/// between them (see `.ci/instruction-gate`).
@inline(__always)
func measure(_ body: () -> Void) -> Sample {
    allocation_counter_start()
    let start = MonotonicClock.nanoseconds()
    instructionGateRegionBegins()
    body()
    instructionGateRegionEnds()
    let end = MonotonicClock.nanoseconds()
    let allocations = allocation_counter_stop()
    return Sample(nanoseconds: end - start, allocations: allocations)
}

/// Times `body` and counts the heap allocations made while it runs **on the calling thread
/// only**: for a workload whose own share is the point while another thread works beside it
/// (the recorder's writer). Under the instruction gate, the region's instructions are those of
/// the calling thread only too (see ``regionCountsTheMeasuredThreadOnly``), so such a row is
/// exact and gated although the other thread runs during it.
@inline(__always)
func measureThisThread(_ body: () -> Void) -> Sample {
    var sample = measure(body)
    sample.allocations = allocation_counter_measured_thread()
    regionCountsTheMeasuredThreadOnly = true
    return sample
}

/// Whether the last measured region counts the measuring thread's work only
/// (``measureThisThread(_:)``); the instruction gate reads and resets it after each run.
nonisolated(unsafe) var regionCountsTheMeasuredThreadOnly = false

/// Times asynchronous work, for scenarios whose actions are processed by other tasks; the
/// allocation count includes every thread's allocations. The body starts on the main actor.
@MainActor
@inline(__always)
func measureAsync(_ body: () async -> Void) async -> Sample {
    allocation_counter_start()
    let start = MonotonicClock.nanoseconds()
    instructionGateRegionBegins()
    await body()
    instructionGateRegionEnds()
    let end = MonotonicClock.nanoseconds()
    let allocations = allocation_counter_stop()
    return Sample(nanoseconds: end - start, allocations: allocations)
}

/// Whether allocation counts mean anything on this platform (the counter interposes glibc's
/// allocator; elsewhere it counts nothing).
var allocationCountingIsAvailable: Bool {
    allocation_counter_is_available() != 0
}

/// Whether this run counts instructions under callgrind (`--instruction-regions`): a workload
/// then must not suspend between its regions (callgrind 3.19 crashes on it).
nonisolated(unsafe) var countingInstructions = false

/// The number of measured regions run so far: the instruction gate checks that each workload's
/// run measured exactly one.
nonisolated(unsafe) var measuredRegions = 0

/// Marks the start of a measured region for callgrind, which the instruction gate runs with
/// `--zero-before` on this function: every cost counted before it is discarded. Never inlined,
/// and its name is matched by `.ci/instruction-gate`: keep them.
@inline(never)
func instructionGateRegionBegins() {
    measuredRegions &+= 1
}

/// Marks the end of a measured region for callgrind, which the instruction gate runs with
/// `--dump-before` on this function: each dump holds the instructions of one region. Never
/// inlined, and its name is matched by `.ci/instruction-gate`: keep them.
@inline(never)
func instructionGateRegionEnds() {
    blackHole(measuredRegions)
}
