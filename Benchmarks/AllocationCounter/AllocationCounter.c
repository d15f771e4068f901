// Interposes the allocator to count allocations exactly. See include/AllocationCounter.h.
#include "AllocationCounter.h"

// Sanitizers bring their own malloc; interposing it too would clash, so under a sanitizer the
// counter is unavailable and counts nothing.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define ALLOCATION_COUNTER_SANITIZED 1
#endif
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(ALLOCATION_COUNTER_SANITIZED)

#include <errno.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

// glibc's own allocator, exported under these names for exactly this purpose.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

static atomic_bool counting = false;
static atomic_uint_fast64_t allocations = 0;
static atomic_uint_fast64_t frees = 0;
// The thread that started counting, and its own count (touched by that thread only). In the
// executable's own TLS block, so reading it allocates nothing.
static _Thread_local bool is_measured_thread = false;
static _Thread_local uint64_t measured_thread_allocations = 0;

static inline void count_allocation(void) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
        if (is_measured_thread) measured_thread_allocations += 1;
    }
}

int allocation_counter_is_available(void) { return 1; }

void allocation_counter_start(void) {
    is_measured_thread = true;
    measured_thread_allocations = 0;
    atomic_store_explicit(&allocations, 0, memory_order_relaxed);
    atomic_store_explicit(&frees, 0, memory_order_relaxed);
    atomic_store_explicit(&counting, true, memory_order_seq_cst);
}

uint64_t allocation_counter_stop(void) {
    atomic_store_explicit(&counting, false, memory_order_seq_cst);
    return atomic_load_explicit(&allocations, memory_order_relaxed);
}

uint64_t allocation_counter_measured_thread(void) { return measured_thread_allocations; }

uint64_t allocation_counter_frees(void) { return atomic_load_explicit(&frees, memory_order_relaxed); }

void *malloc(size_t size) {
    count_allocation();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_allocation();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    if (size != 0) count_allocation();
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    if (pointer != NULL && atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
    }
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment == 0 || alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    count_allocation();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void *valloc(size_t size) {
    count_allocation();
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    count_allocation();
    return __libc_pvalloc(size);
}

#else

int allocation_counter_is_available(void) { return 0; }
void allocation_counter_start(void) {}
uint64_t allocation_counter_stop(void) { return 0; }
uint64_t allocation_counter_measured_thread(void) { return 0; }
uint64_t allocation_counter_frees(void) { return 0; }

#endif
