// Exact heap-allocation counts for the benchmarks.
//
// This target defines malloc, calloc, realloc, free and the aligned allocators, forwarding
// each to glibc's own implementation (__libc_malloc and friends). Linked into an executable,
// those definitions interpose on every allocation of the process — Swift runtime, Foundation,
// Dispatch, all threads — so the counts are exact. Link it into benchmark executables only.
//
// Counting is off until allocation_counter_start(); while off, the wrappers cost one relaxed
// atomic load. Counters are atomic, so allocations on any thread are counted; those of the
// thread that started counting are also counted apart.
#ifndef AQUEDUCT_ALLOCATION_COUNTER_H
#define AQUEDUCT_ALLOCATION_COUNTER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// 1 when this platform's allocator is interposed (Linux with glibc, no sanitizer), 0
/// elsewhere; where it is 0 the counts are always 0 and mean nothing.
int allocation_counter_is_available(void);

/// Resets the counts to zero and starts counting, on every thread.
void allocation_counter_start(void);

/// Stops counting and returns the number of allocations since allocation_counter_start():
/// calls of malloc, calloc, posix_memalign, aligned_alloc, memalign, valloc, pvalloc, and
/// realloc calls that allocate (a non-zero size).
uint64_t allocation_counter_stop(void);

/// Of the allocations allocation_counter_stop() returned, those made on the thread that called
/// allocation_counter_start(): the measured thread's own, whatever other threads did meanwhile.
uint64_t allocation_counter_measured_thread(void);

/// The number of free calls (with a non-null pointer) counted between the last start and stop.
uint64_t allocation_counter_frees(void);

#ifdef __cplusplus
}
#endif

#endif
