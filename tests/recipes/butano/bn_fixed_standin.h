// bn_fixed_standin.h - the part of Butano's bn::fixed the recipe uses
// (fixed_t<12>: data(), from_data(), from an int), so that make recipes
// builds without Butano; a Butano game includes "bn_fixed.h" instead.
#ifndef BN_FIXED_STANDIN_H
#define BN_FIXED_STANDIN_H

namespace bn {

class fixed {
public:
    constexpr fixed() = default;
    constexpr fixed(int integer) : _data(integer * 4096) {}
    static constexpr fixed from_data(int data)
    {
        fixed f;
        f._data = data;
        return f;
    }
    constexpr int data() const { return _data; }
    constexpr int integer() const { return _data / 4096; }

private:
    int _data = 0;
};

} // namespace bn

#endif // BN_FIXED_STANDIN_H
