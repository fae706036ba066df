#pragma once
// An integer expression of a launch that may depend on a candidate's values: a grid dimension
// (`triton.cdiv(n_rows, meta['XBLOCK'])`), a block size, a loop's bounds. Compiled once per
// analysis from the grid's and the kernel's Python, with the launch's own integers folded in,
// and evaluated per candidate from its values ("slots") in a few nanoseconds, so that a
// million-point lattice can be judged point by point.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ts::analysis {

class LaunchExpr {
public:
    enum class Op : std::uint8_t { Const, Slot, Add, Sub, Mul, FloorDiv, CeilDiv, Mod, Min, Max, Neg };

    LaunchExpr(); // the constant 0
    static LaunchExpr constant(std::int64_t value);
    static LaunchExpr slot(int index);
    // Folds two constants into one (Python's semantics: floor division and modulo round toward
    // minus infinity); a division by a constant zero stays an expression that fails to evaluate.
    static LaunchExpr binary(Op op, const LaunchExpr& a, const LaunchExpr& b);
    static LaunchExpr negate(const LaunchExpr& a);

    std::optional<std::int64_t> constantValue() const;
    bool usesSlot(int index) const;
    // The value for one candidate; nullopt on a division by zero, an overflow or a slot whose
    // value is `kUnknownSlot`.
    std::optional<std::int64_t> eval(const std::int64_t* slots) const;
    // Python-like text for messages: "cdiv(n_rows, XBLOCK)", "XBLOCK", "64".
    std::string text(const std::vector<std::string>& slotNames) const;

    friend bool operator==(const LaunchExpr&, const LaunchExpr&) = default;

private:
    // Postfix: constants and slots push, operators pop their operands.
    struct Step {
        Op op = Op::Const;
        std::int64_t value = 0; // Const: the value; Slot: the index
        friend bool operator==(const Step&, const Step&) = default;
    };
    std::vector<Step> m_steps;
};

// A slot without a value for a candidate (a parameter the candidate does not set and that has
// no default).
inline constexpr std::int64_t kUnknownSlot = INT64_MIN;

// Python's floor division and modulo of int64 (b != 0).
std::int64_t floorDiv(std::int64_t a, std::int64_t b);
std::int64_t floorMod(std::int64_t a, std::int64_t b);

} // namespace ts::analysis
