#pragma once
// The abstract values the compiler computes with: what is known at compile time about a value
// of one program instance. Scalars of the launch (ints, program ids, constexprs) are concrete;
// tiles are described by shape, element type and where they live; index arithmetic is kept as
// an affine form (base + sum of per-axis strides x index) so that masks become boxes and
// pointers become strided DMA descriptors, exactly as the Ascend compiler folds them.
//
// Trivially copyable on purpose: the compiler snapshots the whole slot array at loop entries.

#include "core/npu/kernel_ir.h"

#include <cstdint>

namespace ts::npu {

inline constexpr int kMaxRank = 4;

struct AVal {
    enum class K : std::uint8_t { Unknown, None, Int, Float, Bool, Dtype, Str, Ptr, Tile, BlockPtr, Tuple };
    // Where a tile's data is.
    enum class Home : std::uint8_t {
        Affine,   // integer index arithmetic folded into addresses (not materialised)
        Mask,     // a box mask folded into DMA bounds (not materialised)
        PtrTile,  // pointer tile: tensor + affine element offsets
        Gather,   // pointer tile with offsets from data (discrete access)
        UB,       // data in the unified buffer
        L1,       // a tile loaded for the cube unit
        L0C,      // a tl.dot result in the cube accumulator
    };

    K k = K::Unknown;
    Dt dt = Dt::Unknown;          // Tile element type; Ptr/BlockPtr pointee; Dtype value
    Home home = Home::UB;
    std::uint8_t rank = 0;        // Tile/BlockPtr rank; Tuple item count
    bool approxMask = false;      // Mask: the box is an approximation (count scaled by frac)
    bool fedByLoad = false;       // UB tile whose buffer is an MTE2 destination
    std::int16_t tensor = -1;     // Ptr/PtrTile/Gather/BlockPtr: tensor argument index
    std::int32_t buf = -1;        // UB/L1/L0C tile: buffer identity (copies share it)
    std::int64_t i = 0;           // Int value; Bool 0/1; Affine/PtrTile base (elements)
    // How `i` varies over the programs and loop iterations: it takes values i + k * gran
    // (0: the same everywhere). Alignment must hold for all of them, not just the one traced.
    std::int64_t gran = 0;
    double f = 1.0;               // Float value; Mask: fraction of the box that is active
    std::int64_t shape[kMaxRank] = {1, 1, 1, 1};   // Tile/BlockPtr block shape; Tuple items
    std::int64_t stride[kMaxRank] = {0, 0, 0, 0};  // Affine/PtrTile per-axis stride; BlockPtr strides
    std::int64_t lo[kMaxRank] = {0, 0, 0, 0};      // Mask box lower bound; BlockPtr offsets
    std::int64_t hi[kMaxRank] = {0, 0, 0, 0};      // Mask box upper bound; BlockPtr tensor dims

    static AVal unknown() { return {}; }
    static AVal none() { AVal v; v.k = K::None; return v; }
    static AVal integer(std::int64_t x) { AVal v; v.k = K::Int; v.i = x; v.dt = Dt::I32; return v; }
    static AVal real(double x) { AVal v; v.k = K::Float; v.f = x; v.dt = Dt::F32; return v; }
    static AVal boolean(bool b) { AVal v; v.k = K::Bool; v.i = b ? 1 : 0; v.dt = Dt::I1; return v; }
    static AVal dtype(Dt d) { AVal v; v.k = K::Dtype; v.dt = d; return v; }
    static AVal pointer(int tensorIndex, Dt pointee) { AVal v; v.k = K::Ptr; v.tensor = std::int16_t(tensorIndex); v.dt = pointee; return v; }

    bool isInt() const { return k == K::Int || k == K::Bool; }
    bool isScalarNumber() const { return k == K::Int || k == K::Bool || k == K::Float; }
    bool isTile() const { return k == K::Tile; }
    std::int64_t numel() const
    {
        std::int64_t n = 1;
        for (int d = 0; d < rank; ++d)
            n *= shape[d];
        return n;
    }
};

} // namespace ts::npu
