// cpp_smoke.cpp - a C++ game's view of fixlaser on the GBA: compiled as
// Butano compiles (arm-none-eabi-g++ -std=c++17 -fno-exceptions -fno-rtti,
// with -Wold-style-cast -Wuseless-cast as errors) against the headers and
// libraries `make install-gba` installs, linked into a ROM and run under
// gbarun by `make gba-cpp-smoke` (part of make check). It fails (a nonzero
// count) if a laser, sweep, curvy laser or cast answers wrongly.
#include <fixlaser.h>

#include "test_port.h"

namespace {

int failed = 0;

void expect(bool ok, const char *what)
{
    if (!ok) {
        fxl_port_write("cpp_smoke: FAILED ");
        fxl_port_write(what);
        fxl_port_write("\n");
        ++failed;
    }
}

constexpr fix16_t px(fix16_t v)
{
    return v * 65536;
}

} // namespace

int main()
{
    fxl_port_init();
    // A 200 px box laser to the right of (20, 80), 4 px half-width.
    fxl_laser l = fxl_laser_from_emitter(FXL_LASER_BOX, fxl_vec2_make(px(20), px(80)), 0, px(200), px(4));
    fxl_laser_prep lp;
    expect(fxl_laser_prepare(&l, &lp) == FXL_OK, "prepare");
    expect(fxl_laser_vs_circle(&lp, fxl_circle_make(px(100), px(86), px(2))), "touching circle hits");
    expect(!fxl_laser_vs_circle(&lp, fxl_circle_make(px(100), px(86) + 1, px(2))), "one raw step off misses");
    // The same laser turning 90 degrees about its emitter passes over (20, 150).
    fxl_sweep s = fxl_sweep_turn(&l, 1024);
    fxl_sweep_prep sp;
    expect(fxl_sweep_prepare(&s, &sp) == FXL_OK, "sweep prepare");
    expect(fxl_sweep_vs_circle(&sp, fxl_circle_make(px(60), px(120), px(2))), "sweep catches the pass");
    // A curvy laser of three nodes bending at (60, 40).
    static fxl_curvy_node nodes[8];
    static fxl_aabb boxes[FXL_CURVY_BOXES(8)];
    fxl_curvy c;
    expect(fxl_curvy_init(&c, nodes, 8, boxes, FXL_CURVY_BOXES(8), px(4), 0) == FXL_OK, "curvy init");
    fxl_curvy_push(&c, fxl_vec2_make(px(20), px(40)), px(3));
    fxl_curvy_push(&c, fxl_vec2_make(px(60), px(40)), px(3));
    fxl_curvy_push(&c, fxl_vec2_make(px(60), px(100)), px(3));
    expect(fxl_curvy_vs_circle(&c, fxl_circle_make(px(65), px(70), px(2))), "curvy hit");
    expect(!fxl_curvy_vs_circle(&c, fxl_circle_make(px(40), px(70), px(2))), "inside the bend: miss");
    // The first laser cast against a two-sided wall across x = 120.
    fxl_wall w = {{px(120), px(0)}, {px(120), px(160)}};
    fxl_wall_prep wp;
    expect(fxl_wall_prepare(&w, &wp) == FXL_OK, "wall");
    fxl_cast cast;
    expect(fxl_laser_cast(&l, &wp, 1, FXL_CAST_TWO_SIDED, &cast, nullptr) == FXL_OK, "cast");
    expect(cast.length == px(100) && cast.wall == 0, "cast stops at the wall");
    fxl_port_write(failed == 0 ? "cpp_smoke: ok\n" : "cpp_smoke: failures\n");
    fxl_port_finish(failed);
}
