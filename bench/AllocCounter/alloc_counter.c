// See include/alloc_counter.h. glibc still exports its allocator under
// __libc_* names, so the counted versions forward there without dlsym
// (which itself allocates, and would recurse).
#include "alloc_counter.h"

#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static uint64_t allocations;
static uint64_t bytes;

static void count(size_t size) {
  __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add(&bytes, size, __ATOMIC_RELAXED);
}

uint64_t bench_allocations(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }
uint64_t bench_allocated_bytes(void) { return __atomic_load_n(&bytes, __ATOMIC_RELAXED); }

void *malloc(size_t size) {
  count(size);
  return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
  count(count_ * size);
  return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
  count(size);
  return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
  count(size);
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  count(size);
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL && size != 0) return ENOMEM;
  count(size);
  *out = pointer;
  return 0;
}
