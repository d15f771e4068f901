// Interposes the allocator to count allocations exactly. See include/AllocationCounter.h.
#define _GNU_SOURCE  // dl_iterate_phdr
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
#include <link.h>
#include <stdint.h>
#include <string.h>
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
// The main actor's allocations: those made while a thread runs the main dispatch queue. On Linux
// the main actor's jobs are the main queue's work items, and after dispatch_main() parks the
// main thread a pool thread drains that queue — a different one from job to job — so the
// main actor is recognised by its queue, not by its thread. One thread at a time drains it.
static atomic_uint_fast64_t main_actor_allocations = 0;

// libdispatch's, declared here rather than through <dispatch/dispatch.h> (which wants blocks):
// the current queue's label when the queue is NULL (DISPATCH_CURRENT_QUEUE_LABEL), and the main
// queue (what dispatch_get_main_queue() returns). Weak, so that a process without libdispatch
// links; then nothing is the main actor.
extern const char *dispatch_queue_get_label(void *queue) __attribute__((weak));
extern char _dispatch_main_q[] __attribute__((weak));
static const char *main_queue_label = NULL;

static inline bool on_the_main_queue(void) {
    return main_queue_label != NULL && dispatch_queue_get_label(NULL) == main_queue_label;
}

// libdispatch's own code, whose allocations are not the main actor's count: it keeps a cache of
// continuations per thread and refills it from the heap when it runs dry, and the thread that
// runs the main queue changes from job to job, so when a refill falls inside a measured region
// follows thread scheduling. (Every thread's count keeps them.)
static uintptr_t dispatch_text_start = 0;
static uintptr_t dispatch_text_end = 0;

static int find_dispatch_text(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    (void)data;
    if (info->dlpi_name == NULL || strstr(info->dlpi_name, "/libdispatch.so") == NULL) return 0;
    for (int index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[index];
        if (header->p_type != PT_LOAD || !(header->p_flags & PF_X)) continue;
        dispatch_text_start = info->dlpi_addr + header->p_vaddr;
        dispatch_text_end = dispatch_text_start + header->p_memsz;
        return 1;
    }
    return 0;
}

static inline bool called_by_dispatch(const void *caller) {
    uintptr_t address = (uintptr_t)caller;
    return address >= dispatch_text_start && address < dispatch_text_end;
}

#define COUNT_ALLOCATION() count_allocation(__builtin_return_address(0))

static inline __attribute__((always_inline)) void count_allocation(const void *caller) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
        if (on_the_main_queue() && !called_by_dispatch(caller)) {
            atomic_fetch_add_explicit(&main_actor_allocations, 1, memory_order_relaxed);
        }
    }
}

int allocation_counter_is_available(void) { return 1; }

void allocation_counter_start(void) {
    if (main_queue_label == NULL && dispatch_queue_get_label != NULL && _dispatch_main_q != NULL) {
        main_queue_label = dispatch_queue_get_label(_dispatch_main_q);
        dl_iterate_phdr(find_dispatch_text, NULL);
    }
    atomic_store_explicit(&allocations, 0, memory_order_relaxed);
    atomic_store_explicit(&frees, 0, memory_order_relaxed);
    atomic_store_explicit(&main_actor_allocations, 0, memory_order_relaxed);
    atomic_store_explicit(&counting, true, memory_order_seq_cst);
}

uint64_t allocation_counter_stop(void) {
    atomic_store_explicit(&counting, false, memory_order_seq_cst);
    return atomic_load_explicit(&allocations, memory_order_relaxed);
}

uint64_t allocation_counter_main_actor(void) {
    return atomic_load_explicit(&main_actor_allocations, memory_order_relaxed);
}

int allocation_counter_started_on_the_main_actor(void) { return on_the_main_queue() ? 1 : 0; }

uint64_t allocation_counter_frees(void) { return atomic_load_explicit(&frees, memory_order_relaxed); }

void *malloc(size_t size) {
    COUNT_ALLOCATION();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    COUNT_ALLOCATION();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    if (size != 0) COUNT_ALLOCATION();
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    if (pointer != NULL && atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
    }
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    COUNT_ALLOCATION();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    COUNT_ALLOCATION();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment == 0 || alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    COUNT_ALLOCATION();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void *valloc(size_t size) {
    COUNT_ALLOCATION();
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    COUNT_ALLOCATION();
    return __libc_pvalloc(size);
}

#else

int allocation_counter_is_available(void) { return 0; }
void allocation_counter_start(void) {}
uint64_t allocation_counter_stop(void) { return 0; }
uint64_t allocation_counter_frees(void) { return 0; }
uint64_t allocation_counter_main_actor(void) { return 0; }
int allocation_counter_started_on_the_main_actor(void) { return 1; }

#endif
