# gba-toolchain.cmake - CMake toolchain file for a Game Boy Advance build
# with arm-none-eabi-gcc (Debian's gcc-arm-none-eabi, or devkitARM's when
# DEVKITARM is set in the environment):
#   cmake -S game -B build-gba -DCMAKE_TOOLCHAIN_FILE=<fixlaser>/tools/cmake/gba-toolchain.cmake \
#         -DFIXLASER_LIBFIXMATH_DIR=<libfixmath source tree>
# The ARM7TDMI flags of the Makefile's GBA build (port/gba/gba.mk: GBA_ARCH)
# for every C, C++ and assembly compile; FIXLASER_GBA=ON makes fixlaser's
# CMakeLists.txt build the port's configuration and ARM routines. Linking a
# ROM stays the game's: crt0, linker script and header fixer
# (docs/guide/gba.md; `make install-gba` installs this repository's).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)
if(DEFINED ENV{DEVKITARM})
    set(_fxl_gba_prefix "$ENV{DEVKITARM}/bin/arm-none-eabi-")
else()
    set(_fxl_gba_prefix "arm-none-eabi-")
endif()
set(CMAKE_C_COMPILER "${_fxl_gba_prefix}gcc")
set(CMAKE_CXX_COMPILER "${_fxl_gba_prefix}g++")
set(CMAKE_ASM_COMPILER "${_fxl_gba_prefix}gcc")
set(CMAKE_AR "${_fxl_gba_prefix}ar" CACHE FILEPATH "")
set(CMAKE_RANLIB "${_fxl_gba_prefix}ranlib" CACHE FILEPATH "")
set(_fxl_gba_arch "-mcpu=arm7tdmi -mtune=arm7tdmi -mthumb -mthumb-interwork")
set(CMAKE_C_FLAGS_INIT "${_fxl_gba_arch}")
set(CMAKE_CXX_FLAGS_INIT "${_fxl_gba_arch}")
set(CMAKE_ASM_FLAGS_INIT "${_fxl_gba_arch}")
# No ROM is linked while CMake probes the compiler (no crt0 or script yet).
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(FIXLASER_GBA ON CACHE BOOL "the GBA port's configuration and ARM routines")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
