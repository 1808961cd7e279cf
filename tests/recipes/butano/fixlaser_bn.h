// fixlaser_bn.h - fixlaser's numbers to and from Butano's (copy it into a
// Butano game's include/; docs/guide/integrate.md, "Butano").
//
// bn::fixed is fixed_t<12>: an int holding value * 4096 (20.12). fixlaser's
// fix16_t is an int32 holding value * 65536 (Q16.16). So
//   Q16.16 raw = 20.12 raw * 16         exact, for |value| < 32768 px; fixlaser
//                                        accepts |coordinate| < 16384 px
//                                        (FXL_COORD_MAX) and sizes < 4096 px
//   20.12 raw  = floor(Q16.16 raw / 16) drops the 4 low bits (1/4096 px),
//                                        rounding towards minus infinity
// Angles: fxl_angle counts 4096 steps a turn, Butano's rotation angles are
// degrees in a bn::fixed, so
//   20.12 raw of the degrees = (steps & 4095) * 360   exact
//   steps = round(degrees raw / 360)                   to the nearest step
// No floating point, no undefined behaviour for any int input (the shifts
// are multiplications and divisions written out).
#ifndef FIXLASER_BN_H
#define FIXLASER_BN_H

#include <stdint.h>

#include <fixlaser.h>

namespace fxl_bn {

// Q16.16 from a bn::fixed (exact inside fixlaser's domain).
template <typename Fixed> constexpr fix16_t to_fix16(Fixed v)
{
    return static_cast<fix16_t>(static_cast<uint32_t>(v.data()) * 16u);
}

// bn::fixed from Q16.16: the largest 20.12 value not above it.
template <typename Fixed> constexpr Fixed from_fix16(fix16_t v)
{
    return Fixed::from_data((v - (v & 15)) / 16);
}

// A point from two bn::fixed coordinates (x right, y down, as both use).
template <typename Fixed> constexpr fxl_vec2 to_vec2(Fixed x, Fixed y)
{
    return fxl_vec2_make(to_fix16(x), to_fix16(y));
}

// Degrees (bn::fixed, as bn::sprite_ptr::set_rotation_angle takes) from
// fixlaser's 4096-step angle: exact. Butano turns sprites anticlockwise on
// screen and fixlaser's angles turn clockwise (y grows down): pass
// to_degrees(-angle) to draw a laser's angle.
template <typename Fixed> constexpr Fixed to_degrees(fxl_angle a)
{
    return Fixed::from_data((a & 4095) * 360);
}

// fixlaser's angle from degrees in a bn::fixed (0..360), to the nearest step.
template <typename Fixed> constexpr fxl_angle from_degrees(Fixed deg)
{
    return (((deg.data() % (360 * 4096) + 360 * 4096) % (360 * 4096) + 180) / 360) & 4095;
}

} // namespace fxl_bn

#endif // FIXLASER_BN_H
