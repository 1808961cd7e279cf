/* syscalls.c - the minimal system layer newlib needs on a bare Game Boy
 * Advance, so that ROMs can use <math.h> (sin, cos, atan2, sqrt set errno),
 * <stdio.h> (snprintf; printf to stdout/stderr), malloc, assert and abort.
 *
 * - _sbrk hands out EWRAM between the linker symbols __heap_start and
 *   __heap_end (the status block above it is never touched).
 * - _write on fd 1/2 forwards to fxl_port_write() when test_port.c is linked
 *   (weak reference), so printf output becomes mGBA debug lines; otherwise
 *   output is discarded.
 * - _exit(status) (also reached through exit(), abort() and a failed
 *   assert, with status 1) calls fxl_port_finish(status) when test_port.c is
 *   linked, so the runner sees a failure; otherwise it halts forever.
 * - Everything else (files, processes) fails with the usual errno.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/times.h>
#include <sys/types.h>

#include "gba_hw.h"

#undef errno
extern int errno;

/* Optional hooks from test_port.c (weak: 0 when not linked). */
extern void fxl_port_write(const char *s) __attribute__((weak));
extern void fxl_port_finish(int failed) __attribute__((weak, noreturn));

/* Linker script symbols (gba.ld). */
extern char __heap_start[];
extern char __heap_end[];

/* Prototypes (newlib declares some of these only internally). */
void *_sbrk(ptrdiff_t incr);
int _write(int fd, const void *buf, size_t len);
int _read(int fd, void *buf, size_t len);
int _close(int fd);
int _open(const char *path, int flags, int mode);
int _fstat(int fd, struct stat *st);
int _stat(const char *path, struct stat *st);
int _isatty(int fd);
off_t _lseek(int fd, off_t off, int whence);
int _kill(int pid, int sig);
int _getpid(void);
void _exit(int status) __attribute__((noreturn));
clock_t _times(struct tms *buf);
int _unlink(const char *path);
int _link(const char *old_path, const char *new_path);

void *_sbrk(ptrdiff_t incr)
{
    /* Addresses as integers: the heap bounds are two different linker
     * symbols, so pointer differences between them are not portable C. */
    static uintptr_t brk;
    const uintptr_t lo = (uintptr_t)__heap_start;
    const uintptr_t hi = (uintptr_t)__heap_end;
    uintptr_t prev;

    if (brk == 0) {
        brk = lo;
    }
    prev = brk;
    if (incr >= 0) {
        if ((uintptr_t)incr > hi - prev) {
            errno = ENOMEM;
            return (void *)-1;
        }
        brk = prev + (uintptr_t)incr;
    } else {
        const uintptr_t release = (uintptr_t)(-(incr + 1)) + 1u; /* -incr, no overflow */
        if (release > prev - lo) {
            errno = EINVAL;
            return (void *)-1;
        }
        brk = prev - release;
    }
    return (void *)prev;
}

int _write(int fd, const void *buf, size_t len)
{
    const char *p = (const char *)buf;
    size_t done = 0;

    if (fd != 1 && fd != 2) {
        errno = EBADF;
        return -1;
    }
    if (fxl_port_write == NULL) {
        return (int)len;
    }
    while (done < len) {
        char chunk[64];
        size_t n = 0;
        while (n < sizeof chunk - 1 && done < len) {
            char c = p[done++];
            if (c != '\0') {
                chunk[n++] = c;
            }
        }
        chunk[n] = '\0';
        fxl_port_write(chunk);
    }
    return (int)len;
}

int _read(int fd, void *buf, size_t len)
{
    (void)buf;
    (void)len;
    if (fd == 0) {
        return 0; /* end of file */
    }
    errno = EBADF;
    return -1;
}

int _close(int fd)
{
    if (fd >= 0 && fd <= 2) {
        return 0;
    }
    errno = EBADF;
    return -1;
}

int _open(const char *path, int flags, int mode)
{
    (void)path;
    (void)flags;
    (void)mode;
    errno = ENOENT;
    return -1;
}

int _fstat(int fd, struct stat *st)
{
    if (fd >= 0 && fd <= 2) {
        st->st_mode = S_IFCHR;
        return 0;
    }
    errno = EBADF;
    return -1;
}

int _stat(const char *path, struct stat *st)
{
    (void)path;
    (void)st;
    errno = ENOENT;
    return -1;
}

int _isatty(int fd)
{
    if (fd >= 0 && fd <= 2) {
        return 1;
    }
    errno = EBADF;
    return 0;
}

off_t _lseek(int fd, off_t off, int whence)
{
    (void)fd;
    (void)off;
    (void)whence;
    errno = ESPIPE;
    return (off_t)-1;
}

int _kill(int pid, int sig)
{
    (void)pid;
    (void)sig;
    errno = EINVAL;
    return -1;
}

int _getpid(void)
{
    return 1;
}

void _exit(int status)
{
    if (fxl_port_finish != NULL) {
        fxl_port_finish(status);
    }
    fxl_gba_halt_forever();
}

clock_t _times(struct tms *buf)
{
    (void)buf;
    errno = ENOSYS;
    return (clock_t)-1;
}

int _unlink(const char *path)
{
    (void)path;
    errno = ENOENT;
    return -1;
}

int _link(const char *old_path, const char *new_path)
{
    (void)old_path;
    (void)new_path;
    errno = EMLINK;
    return -1;
}
