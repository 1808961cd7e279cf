/* gba_hw.h - the few Game Boy Advance hardware registers fixlaser's GBA port
 * touches: waitstate control, two cascaded timers used as a cycle counter,
 * and mGBA's debug-output registers. Addresses and bit layouts from GBATEK;
 * the debug registers from mGBA (src/gba/io.c, opt/libgba/mgba.c).
 */
#ifndef FXL_GBA_HW_H
#define FXL_GBA_HW_H

#include <stdint.h>

/* ---- registers ---------------------------------------------------------- */

#define FXL_GBA_REG16(addr) (*(volatile uint16_t *)(addr))
#define FXL_GBA_REG32(addr) (*(volatile uint32_t *)(addr))

/* WAITCNT: cartridge waitstates and prefetch. */
#define FXL_GBA_REG_WAITCNT FXL_GBA_REG16(0x04000204u)
/* 0x4317, the value commercial cartridges use: SRAM 8 cycles, ROM WS0
 * first access 3 cycles / sequential 1 cycle, WS2 8/8 (unused), game pak
 * prefetch buffer on. */
#define FXL_GBA_WAITCNT_FAST 0x4317u

/* Interrupt master enable / enable registers. */
#define FXL_GBA_REG_IE  FXL_GBA_REG16(0x04000200u)
#define FXL_GBA_REG_IME FXL_GBA_REG16(0x04000208u)

/* Timers 2 and 3: counter/reload (low halfword) and control (high). */
#define FXL_GBA_REG_TM2D   FXL_GBA_REG16(0x04000108u)
#define FXL_GBA_REG_TM2CNT FXL_GBA_REG16(0x0400010Au)
#define FXL_GBA_REG_TM3D   FXL_GBA_REG16(0x0400010Cu)
#define FXL_GBA_REG_TM3CNT FXL_GBA_REG16(0x0400010Eu)
#define FXL_GBA_TM_FREQ_1  0x0000u /* prescaler: every CPU cycle (16.78 MHz) */
#define FXL_GBA_TM_CASCADE 0x0004u /* count the previous timer's overflows */
#define FXL_GBA_TM_ENABLE  0x0080u

/* mGBA debug output (emulator only; reads back as open bus on hardware). */
#define FXL_GBA_MGBA_DEBUG_STRING 0x04FFF600u               /* 256 bytes */
#define FXL_GBA_MGBA_DEBUG_FLAGS  FXL_GBA_REG16(0x04FFF700u) /* level|0x100 sends */
#define FXL_GBA_MGBA_DEBUG_ENABLE FXL_GBA_REG16(0x04FFF780u) /* write 0xC0DE */
#define FXL_GBA_MGBA_DEBUG_MAGIC_IN  0xC0DEu
#define FXL_GBA_MGBA_DEBUG_MAGIC_OUT 0x1DEAu /* read back when enabled */
#define FXL_GBA_MGBA_DEBUG_SEND  0x0100u
/* Levels: mGBA logs 1 << level (0 fatal, 1 error, 2 warn, 3 info, 4 debug). */
#define FXL_GBA_MGBA_LOG_FATAL 0u
#define FXL_GBA_MGBA_LOG_ERROR 1u
#define FXL_GBA_MGBA_LOG_WARN  2u
#define FXL_GBA_MGBA_LOG_INFO  3u
#define FXL_GBA_MGBA_LOG_DEBUG 4u
/* Longest message: the buffer is 256 bytes including the terminating NUL. */
#define FXL_GBA_MGBA_DEBUG_MAX 255u

/* ---- helpers -------------------------------------------------------------- */

#ifdef __cplusplus
extern "C" {
#endif

/* Sets WAITCNT to 0x4317 (ROM 3/1 waitstates, prefetch on). */
void fxl_gba_set_waitstates(void);

/* Starts timers 2 (prescaler 1) + 3 (cascade) from zero, as tonc's
 * profile_start(). */
void fxl_gba_timer_start(void);

/* Stops both timers; returns the CPU cycles counted since
 * fxl_gba_timer_start(), as tonc's profile_stop() (wraps after 2^32
 * cycles, about 256 s). */
uint32_t fxl_gba_timer_stop(void);

/* Turns on mGBA's debug output; returns 1 when running under mGBA (the enable
 * register reads back 0x1DEA), else 0 (real hardware, other emulators). */
int fxl_gba_debug_enable(void);

/* 1 if fxl_gba_debug_enable() found mGBA's debug registers. */
int fxl_gba_debug_available(void);

/* Sends one message (at most 255 characters of s; the rest is dropped) to
 * mGBA's log at the given level (FXL_GBA_MGBA_LOG_*). No-op unless
 * fxl_gba_debug_enable() succeeded. */
void fxl_gba_debug_send(const char *s, unsigned level);

/* fxl_gba_debug_send(s, FXL_GBA_MGBA_LOG_INFO). Does not split lines or
 * strip '\n': one call is one message. */
void fxl_gba_debug_line(const char *s);

/* Halts the CPU forever with interrupts off (BIOS Halt in a loop). */
void fxl_gba_halt_forever(void) __attribute__((noreturn));

#ifdef __cplusplus
}
#endif

#endif /* FXL_GBA_HW_H */
