/* harness.c - check bookkeeping, a small formatter and the PRNG. */
#include "harness.h"

#include <stdarg.h>

static unsigned current_failures;
static unsigned total_checks;

bool fxlt_check(bool ok, const char *file, int line, const char *expr)
{
    total_checks++;
    if (!ok) {
        if (current_failures < 5)
            fxlt_printf("    FAIL %s:%d: %s\n", file, line, expr);
        current_failures++;
    }
    return ok;
}

bool fxlt_check_eq(long long a, long long b, const char *file, int line, const char *expr)
{
    if (a != b && current_failures < 5)
        fxlt_printf("    got %lld, expected %lld\n", a, b);
    return fxlt_check(a == b, file, line, expr);
}

static bool asserts_expected;
static uint32_t asserts_seen;

void fxlt_expect_asserts(bool on)
{
    asserts_expected = on;
}

uint32_t fxlt_asserts_seen(void)
{
    return asserts_seen;
}

/* A broken precondition inside the library counts as a failed check
 * (unless a test feeds out-of-domain input on purpose). */
void fxl_port_assert_failed(const char *expr, const char *file, int line)
{
    asserts_seen++;
    if (!asserts_expected)
        fxlt_check(false, file, line, expr);
}

static void put_unsigned(char **p, const char *end, unsigned long long v, unsigned base, int width,
                         char pad)
{
    char tmp[24];
    int n = 0;
    do {
        unsigned d = (unsigned)(v % base);
        tmp[n++] = (char)(d < 10 ? '0' + d : 'a' + (d - 10));
        v /= base;
    } while (v != 0);
    while (width-- > n && *p < end)
        *(*p)++ = pad;
    while (n > 0 && *p < end)
        *(*p)++ = tmp[--n];
}

void fxlt_printf(const char *fmt, ...)
{
    char buf[256];
    char *p = buf, *end = buf + sizeof buf - 1;
    va_list ap;

    va_start(ap, fmt);
    while (*fmt != '\0' && p < end) {
        int width = 0, longs = 0;
        char pad = ' ';
        if (*fmt != '%') {
            *p++ = *fmt++;
            continue;
        }
        fmt++;
        if (*fmt == '0')
            pad = '0';
        while (*fmt >= '0' && *fmt <= '9')
            width = width * 10 + (*fmt++ - '0');
        while (*fmt == 'l') {
            longs++;
            fmt++;
        }
        switch (*fmt) {
        case 's': {
            const char *s = va_arg(ap, const char *);
            int len = 0;
            while (s[len] != '\0')
                len++;
            while (width-- > len && p < end)
                *p++ = ' ';
            while (*s != '\0' && p < end)
                *p++ = *s++;
            break;
        }
        case 'c':
            *p++ = (char)va_arg(ap, int);
            break;
        case 'd': {
            long long v = longs >= 2 ? va_arg(ap, long long)
                          : longs == 1 ? (long long)va_arg(ap, long)
                                       : (long long)va_arg(ap, int);
            unsigned long long m = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
            if (v < 0)
                *p++ = '-';
            put_unsigned(&p, end, m, 10, width, pad);
            break;
        }
        case 'u':
        case 'x': {
            unsigned long long v = longs >= 2 ? va_arg(ap, unsigned long long)
                                   : longs == 1 ? (unsigned long long)va_arg(ap, unsigned long)
                                                : (unsigned long long)va_arg(ap, unsigned);
            put_unsigned(&p, end, v, *fmt == 'x' ? 16u : 10u, width, pad);
            break;
        }
        case '%':
            *p++ = '%';
            break;
        default:
            *p++ = '?';
            break;
        }
        if (*fmt != '\0')
            fmt++;
    }
    va_end(ap);
    *p = '\0';
    fxl_port_write(buf);
}

uint64_t fxlt_next(fxlt_rng *rng)
{
    uint64_t z = (rng->state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

uint32_t fxlt_below(fxlt_rng *rng, uint32_t n)
{
    return (uint32_t)(((fxlt_next(rng) >> 32) * n) >> 32);
}

int32_t fxlt_range(fxlt_rng *rng, int32_t lo, int32_t hi)
{
    uint64_t span = (uint64_t)((int64_t)hi - (int64_t)lo) + 1u;
    return (int32_t)((int64_t)lo + (int64_t)((fxlt_next(rng) >> 11) % span));
}

static uint64_t seed_value = FXLT_SEED;

bool fxlt_check_cover(bool ok, const char *file, int line, const char *expr)
{
    if (ok || FXLT_PROPERTY_DIVISOR <= 4 || seed_value == FXLT_SEED)
        return fxlt_check(ok, file, line, expr);
    fxlt_printf("    coverage not reached (1/%u of the cases, another seed): %s:%d: %s\n",
                (unsigned)FXLT_PROPERTY_DIVISOR, file, line, expr);
    return true;
}

void fxlt_seed(uint64_t seed)
{
    seed_value = seed;
}

fxlt_rng fxlt_rng_for(const char *test_name)
{
    fxlt_rng r;
    uint64_t h = seed_value;
    while (*test_name != '\0')
        h = (h ^ (uint8_t)*test_name++) * UINT64_C(0x100000001B3);
    r.state = h;
    return r;
}

static const char *only_pattern;
static unsigned shard_k, shard_n;

void fxlt_shard(unsigned k, unsigned n)
{
    shard_k = k;
    shard_n = n;
}

void fxlt_only(const char *pattern)
{
    only_pattern = pattern;
}

/* Whether "suite.case" starts with one of the pattern's comma-separated items. */
static int selected(const char *suite, const char *name)
{
    const char *item = only_pattern;
    if (item == NULL || *item == '\0')
        return 1;
    while (*item != '\0') {
        const char *p = item, *q = suite;
        while (*p != '\0' && *p != ',' && *q != '\0' && *p == *q) {
            p++;
            q++;
        }
        if (*q == '\0' && *p == '.') {
            p++;
            q = name;
            while (*p != '\0' && *p != ',' && *q != '\0' && *p == *q) {
                p++;
                q++;
            }
        }
        if (*p == '\0' || *p == ',')
            return 1;
        while (*item != '\0' && *item != ',')
            item++;
        if (*item == ',')
            item++;
    }
    return 0;
}

int fxlt_run(const fxlt_suite *const *suites, size_t count)
{
    unsigned passed = 0, failed = 0, index = 0;
    size_t s, c;

    fxlt_printf("fixlaser tests, seed 0x%llx\n", (unsigned long long)seed_value);
    for (s = 0; s < count; s++) {
        for (c = 0; c < suites[s]->count; c++) {
            const fxlt_case *tc = &suites[s]->cases[c];
            if (!selected(suites[s]->name, tc->name))
                continue;
            if (shard_n > 1 && (index++ % shard_n) != shard_k)
                continue;
            current_failures = 0;
            tc->fn();
            if (current_failures == 0) {
                passed++;
                fxlt_printf("ok   %s.%s\n", suites[s]->name, tc->name);
            } else {
                failed++;
                fxlt_printf("FAIL %s.%s (%u failed checks)\n", suites[s]->name, tc->name,
                            current_failures);
            }
        }
    }
    fxlt_printf("%u checks\n", total_checks);
    fxlt_printf("%u passed, %u failed\n", passed, failed);
    return (int)failed;
}
