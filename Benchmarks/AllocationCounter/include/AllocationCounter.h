// Exact heap-allocation counts for the benchmarks.
//
// This target defines malloc, calloc, realloc, free and the aligned allocators, forwarding
// each to glibc's own implementation (__libc_malloc and friends). Linked into an executable,
// those definitions interpose on every allocation of the process — Swift runtime, Foundation,
// Dispatch, all threads — so the counts are exact. Link it into benchmark executables only.
//
// Counting is off until allocation_counter_start(); while off, the wrappers cost one relaxed
// atomic load. Two counts are kept: every thread's, and the main actor's — the allocations made
// while a thread runs the main dispatch queue, whose jobs are the main actor's on Linux — so
// that a benchmark measuring main-actor work is not blurred by other threads (a task pool, a
// writer) allocating for reasons of their own. The main actor's count leaves out libdispatch's
// own allocations (its per-thread continuation caches refill from the heap when dry, and which
// thread runs the main queue, and so which cache, follows scheduling).
#ifndef AQUEDUCT_ALLOCATION_COUNTER_H
#define AQUEDUCT_ALLOCATION_COUNTER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// 1 when this platform's allocator is interposed (Linux with glibc, no sanitizer), 0
/// elsewhere; where it is 0 the counts are always 0 and mean nothing.
int allocation_counter_is_available(void);

/// Resets the counts to zero and starts counting, on every thread and, apart, on the main
/// dispatch queue.
void allocation_counter_start(void);

/// Stops counting and returns the number of allocations since allocation_counter_start():
/// calls of malloc, calloc, posix_memalign, aligned_alloc, memalign, valloc, pvalloc, and
/// realloc calls that allocate (a non-zero size).
uint64_t allocation_counter_stop(void);

/// The allocations made on the main dispatch queue (the main actor) between the last start and
/// stop, whichever thread ran it: counted as allocation_counter_stop() counts, except those
/// libdispatch's own code makes.
uint64_t allocation_counter_main_actor(void);

/// 1 when the calling thread is running the main dispatch queue (the main actor), 0 otherwise.
int allocation_counter_started_on_the_main_actor(void);

/// The number of free calls (with a non-null pointer) counted between the last start and stop.
uint64_t allocation_counter_frees(void);

#ifdef __cplusplus
}
#endif

#endif
