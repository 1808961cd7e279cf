/* stubs-o32_soft.h - empty stand-in for the soft-float glibc stubs list,
 * which Debian's mipsel cross libc (a hard-float build) does not ship.
 * `make retro` compiles the core and libfixmath with -msoft-float
 * -ffreestanding; libfixmath's <limits.h> still reaches glibc's
 * <gnu/stubs.h>, which only lists unimplemented libc functions (none is
 * used). Found last (-idirafter port/retro). */
