/* harness.h - fixlaser's test harness. Portable: output goes through
 * fxl_port_write only, so the same suite runs on the host and as a GBA ROM.
 * A test is a named function; it passes when none of its checks fail. */
#ifndef FXLT_HARNESS_H
#define FXLT_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fixlaser/config.h" /* the port's configuration (FXL_CONFIG_FILE) */
#include "test_port.h"

/* FXL_EWRAM_BSS: on the tests' and benchmarks' large zeroed buffers. The
 * GBA port (port/gba/fxl_port.h) puts them in its 256 KiB EWRAM; empty
 * elsewhere. */
#ifndef FXL_EWRAM_BSS
#define FXL_EWRAM_BSS
#endif

/* One scratch buffer for the suites' largest arrays (the chain tests' two
 * 4096-square lists, the wall tests' inflated rooms): a test case may use
 * it from its start to its end and must not expect it to keep anything
 * between cases. On the GBA it is in EWRAM, which could not hold each
 * suite's own copy. */
#define FXLT_SCRATCH_BYTES 131072u
typedef union fxlt_scratch_mem {
    uint64_t align;
    unsigned char bytes[FXLT_SCRATCH_BYTES];
} fxlt_scratch_mem;
extern fxlt_scratch_mem fxlt_scratch;

typedef void (*fxlt_fn)(void);

typedef struct fxlt_case {
    const char *name;
    fxlt_fn fn;
} fxlt_case;

typedef struct fxlt_suite {
    const char *name;
    const fxlt_case *cases;
    size_t count;
} fxlt_suite;

#define FXLT_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Property-test sizes: the host runs the full count; a slow target scales
 * it down by defining FXLT_PROPERTY_DIVISOR (the exact unit cases never
 * shrink). */
#ifndef FXLT_PROPERTY_DIVISOR
#define FXLT_PROPERTY_DIVISOR 1
#endif
#define FXLT_CASES(n) ((uint32_t)((n) / FXLT_PROPERTY_DIVISOR))

/* Records a check; prints the first few failures of a test. */
bool fxlt_check(bool ok, const char *file, int line, const char *expr);
#define CHECK(cond) fxlt_check((cond) ? true : false, __FILE__, __LINE__, #cond)
#define CHECK_EQ(a, b) fxlt_check_eq((long long)(a), (long long)(b), __FILE__, __LINE__, #a " == " #b)
bool fxlt_check_eq(long long a, long long b, const char *file, int line, const char *expr);

/* A coverage check: the random cases drew enough of what the test is
 * about (a band's cases, a filter's decisions, hits and misses both) for
 * its answers to mean something, or a rate only many cases show (a
 * filter's undecided band is thin). A failed check in full runs
 * (FXLT_PROPERTY_DIVISOR <= 4: the host and sanitizer suites, under any
 * seed) and in every run under the committed seed. A divided run under
 * another seed (the GBA's 1/500 of the cases: make soak-gba,
 * check-seed-gba) may draw too few; there it prints a note and passes,
 * while every answer it did draw is still checked. */
bool fxlt_check_cover(bool ok, const char *file, int line, const char *expr);
#define CHECK_COVER(cond) fxlt_check_cover((cond) ? true : false, __FILE__, __LINE__, #cond)

/* While on, a broken precondition of a library call (FXL_ASSERT) is only
 * counted (fxlt_asserts_seen), not a failed check: for tests that feed
 * out-of-domain input on purpose (no undefined behaviour allowed). */
void fxlt_expect_asserts(bool on);
uint32_t fxlt_asserts_seen(void);

/* printf subset: %s %c %d %u %ld %lu %lld %llu %x %%, with optional width
 * and zero flag (e.g. %08x). */
void fxlt_printf(const char *fmt, ...);

/* Deterministic random numbers (splitmix64), identical on every platform.
 * Draw at most once per full expression (one statement, or one declarator
 * of a declaration): the order in which a call's arguments are evaluated is
 * unspecified, x86-64 and ARM GCC do differ, and a test's sequence of
 * draws must be the same everywhere for the corpus hash to match. */
typedef struct fxlt_rng {
    uint64_t state;
} fxlt_rng;
uint64_t fxlt_next(fxlt_rng *rng);
uint32_t fxlt_below(fxlt_rng *rng, uint32_t n);            /* 0..n-1 */
int32_t fxlt_range(fxlt_rng *rng, int32_t lo, int32_t hi); /* lo..hi inclusive */

/* The seed every property test derives its generator from (printed). The
 * committed runs use FXLT_SEED; fxlt_seed picks another one for a soak
 * (the hosted port takes it from the FXLT_SEED environment variable:
 * `make soak`). The corpus hashes use their own fixed generator, so they
 * hold under any seed. */
#define FXLT_SEED UINT64_C(0x5EED0F1A5E12D00D)
void fxlt_seed(uint64_t seed);
fxlt_rng fxlt_rng_for(const char *test_name);

/* Runs the suites; returns the number of failed tests. */
int fxlt_run(const fxlt_suite *const *suites, size_t count);

/* Runs only the tests named by `pattern` (NULL or "": all): a comma-separated
 * list of suite names ("sweep") or suite.case names ("sweep.turn_exact"), each
 * matching the tests whose full name starts with it. The hosted port takes it
 * from the FXLT_ONLY environment variable (`make test T=sweep,cast`). */
void fxlt_only(const char *pattern);

/* Runs only every n-th selected test, starting at the k-th (0 <= k < n; n <= 1:
 * all): `make test` runs two shards side by side and adds their counts
 * (tools/test_shards.sh). The hosted port takes "k/n" from FXLT_SHARD. */
void fxlt_shard(unsigned k, unsigned n);

#endif
