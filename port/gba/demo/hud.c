/* hud.c - the demo's text helpers (no printf: keeps the ROM small and
 * fast), its debug log lines, the self-check's assertions and cycle
 * summaries. */
#include "demo.h"

void sb_reset(strbuf *b)
{
    b->n = 0;
    b->s[0] = '\0';
}

void sb_str(strbuf *b, const char *s)
{
    while (*s != '\0' && b->n + 1 < sizeof b->s) {
        b->s[b->n++] = *s++;
    }
    b->s[b->n] = '\0';
}

/* Decimal by repeated subtraction: Thumb code on the ARM7TDMI has no
 * divide and libgcc's costs ~300 cycles per digit. */
void sb_u32(strbuf *b, uint32_t v)
{
    static const uint32_t pow10[10] = {1000000000u, 100000000u, 10000000u, 1000000u, 100000u,
                                       10000u,      1000u,      100u,      10u,      1u};
    int k, started = 0;
    for (k = 0; k < 10; ++k) {
        char d = '0';
        while (v >= pow10[k]) {
            v -= pow10[k];
            ++d;
        }
        started |= d != '0' || k == 9;
        if (started && b->n + 1 < sizeof b->s) {
            b->s[b->n++] = d;
        }
    }
    b->s[b->n] = '\0';
}

/* A label and a number: "HITS 12" */
void sb_kv(strbuf *b, const char *label, uint32_t v)
{
    sb_str(b, label);
    sb_u32(b, v);
}

/* cycles as a percentage of a frame with one decimal: "12.3%" */
void sb_pct(strbuf *b, uint32_t cycles)
{
    /* 32-bit only (libgcc's 64-bit division is slow here): exact for
     * cycles < 34 million; 280896 / 8 = 35112. */
    uint32_t tenths = (cycles * 125u + FRAME_CYCLES / 16u) / (FRAME_CYCLES / 8u);
    sb_u32(b, tenths / 10u);
    sb_str(b, ".");
    sb_u32(b, tenths % 10u);
    sb_str(b, "%");
}

void log_line(strbuf *b)
{
    fxl_port_write(b->s);
    fxl_port_write("\n");
}

/* Copies now[0..n) into page[0..n) and returns 1 if they differed. */
int hud_changed(uint32_t *page, const uint32_t *now, int n)
{
    int k, diff = 0;
    for (k = 0; k < n; ++k) {
        diff |= page[k] != now[k];
        page[k] = now[k];
    }
    return diff;
}

int demo_failed;

void check(int ok, const char *what)
{
    fxl_port_write(ok ? "demo: ok   " : "demo: FAIL ");
    fxl_port_write(what);
    fxl_port_write("\n");
    demo_failed += !ok;
}

static void sort_u32(uint32_t *v, size_t n)
{
    size_t gap, i, j;
    for (gap = n / 2; gap > 0; gap /= 2) {
        for (i = gap; i < n; ++i) {
            uint32_t t = v[i];
            for (j = i; j >= gap && v[j - gap] > t; j -= gap) {
                v[j] = v[j - gap];
            }
            v[j] = t;
        }
    }
}

void summary_cycles(strbuf *b, const char *what, uint32_t *v, size_t n)
{
    sort_u32(v, n);
    sb_reset(b);
    sb_str(b, "demo: ");
    sb_str(b, what);
    sb_str(b, " cycles/frame min ");
    sb_u32(b, v[0]);
    sb_str(b, " median ");
    sb_u32(b, v[n / 2]);
    sb_str(b, " max ");
    sb_u32(b, v[n - 1]);
    sb_str(b, " (busiest frame ");
    sb_pct(b, v[n - 1]);
    sb_str(b, " of 280896)");
    log_line(b);
}

