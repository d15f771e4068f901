import AllocationCounter

/// Times `body` and counts the heap allocations made while it runs: the main actor's (the
/// main dispatch queue's, whichever thread runs it), and apart every thread's. Called on the
/// main actor.
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
    startCounting()
    let start = MonotonicClock.nanoseconds()
    instructionGateRegionBegins()
    body()
    instructionGateRegionEnds()
    let end = MonotonicClock.nanoseconds()
    return counted(nanoseconds: end - start)
}

/// Measures `body` as ``measure(_:)`` does (its allocation count is the main actor's), and
/// under the instruction gate counts the instructions of the calling thread only (see
/// ``regionCountsTheMeasuredThreadOnly``): for a workload whose own share is the point while
/// another thread works beside it (the recorder's writer).
@inline(__always)
func measureThisThread(_ body: () -> Void) -> Sample {
    let sample = measure(body)
    regionCountsTheMeasuredThreadOnly = true
    return sample
}

/// Measures `count` calls of `body` made one at a time, `pause` nanoseconds apart, as an app's
/// actions come while other threads (the recorder's writer) catch up between them: only the
/// calls are timed, and the allocations are the main actor's (the pauses make none). Each pause
/// spins on the clock rather than sleeping, which would take at least the kernel's timer slack
/// and let the core idle. Under the instruction gate the region counts this thread alone, the
/// spinning included.
func measureApart(_ count: Int, pause: UInt64, _ body: (Int) -> Void) -> Sample {
    startCounting()
    instructionGateRegionBegins()
    var nanoseconds: UInt64 = 0
    for index in 0..<count {
        let start = MonotonicClock.nanoseconds()
        body(index)
        let end = MonotonicClock.nanoseconds()
        nanoseconds += end - start
        while MonotonicClock.nanoseconds() - end < pause {}
    }
    instructionGateRegionEnds()
    regionCountsTheMeasuredThreadOnly = true
    return counted(nanoseconds: nanoseconds)
}

/// Whether the last measured region counts the measuring thread's work only
/// (``measureThisThread(_:)``); the instruction gate reads and resets it after each run.
nonisolated(unsafe) var regionCountsTheMeasuredThreadOnly = false

/// Times asynchronous work, for scenarios whose actions are processed by other tasks; the
/// main actor's count follows it across suspensions (the main dispatch queue's allocations,
/// whichever thread runs it), the other count is every thread's. The body starts on the main
/// actor.
@MainActor
@inline(__always)
func measureAsync(_ body: () async -> Void) async -> Sample {
    startCounting()
    let start = MonotonicClock.nanoseconds()
    instructionGateRegionBegins()
    await body()
    instructionGateRegionEnds()
    let end = MonotonicClock.nanoseconds()
    return counted(nanoseconds: end - start)
}

/// Starts counting; the main actor's count is only the workload's when the region runs on it.
/// Not when counting instructions: the instruction gate reports no allocations, and the
/// counter's own instructions (a queue lookup per allocation) would be counted as the
/// workload's, so its `malloc` wrappers then cost what they cost switched off, one load.
@inline(__always)
private func startCounting() {
    if countingInstructions { return }
    allocation_counter_start()
    precondition(
        !allocationCountingIsAvailable || allocation_counter_started_on_the_main_actor() != 0,
        "a measured region must begin on the main actor: its count is the main actor's allocations"
    )
}

/// Stops counting and reads both counts. The region must begin on the main actor, whose
/// allocations are the workload's count.
@inline(__always)
private func counted(nanoseconds: UInt64) -> Sample {
    let everyThread = allocation_counter_stop()
    return Sample(
        nanoseconds: nanoseconds,
        allocations: allocation_counter_main_actor(),
        everyThreadAllocations: everyThread
    )
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
