// `scripts/bench-timeline`: counts the heap allocations a stretch of code
// makes. Linking this target into an executable replaces malloc and its
// kin there (and, by ELF symbol interposition, in every library it loads)
// with glibc's own, counted. For benchmarks only; never link it into Hark.
#pragma once
#include <stdint.h>

/// Allocations (malloc, calloc, realloc, the aligned ones) since start.
uint64_t bench_allocations(void);
/// Bytes asked for by those allocations.
uint64_t bench_allocated_bytes(void);
