#include "core/analysis/launch_expr.h"

#include <algorithm>
#include <array>

namespace ts::analysis {

std::int64_t floorDiv(std::int64_t a, std::int64_t b)
{
    const std::int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

std::int64_t floorMod(std::int64_t a, std::int64_t b)
{
    const std::int64_t r = a % b;
    return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

namespace {

// One operator on two values; nullopt for a division by zero or an overflow.
std::optional<std::int64_t> apply(LaunchExpr::Op op, std::int64_t a, std::int64_t b)
{
    std::int64_t out = 0;
    switch (op) {
    case LaunchExpr::Op::Add:
        if (__builtin_add_overflow(a, b, &out))
            return std::nullopt;
        return out;
    case LaunchExpr::Op::Sub:
        if (__builtin_sub_overflow(a, b, &out))
            return std::nullopt;
        return out;
    case LaunchExpr::Op::Mul:
        if (__builtin_mul_overflow(a, b, &out))
            return std::nullopt;
        return out;
    case LaunchExpr::Op::FloorDiv:
        if (b == 0 || (a == INT64_MIN && b == -1))
            return std::nullopt;
        return floorDiv(a, b);
    case LaunchExpr::Op::CeilDiv:
        // triton.cdiv(a, b) = (a + b - 1) // b
        if (b == 0 || __builtin_add_overflow(a, b - 1, &out) || (out == INT64_MIN && b == -1))
            return std::nullopt;
        return floorDiv(out, b);
    case LaunchExpr::Op::Mod:
        // x % -1 is 0 in Python; in C++ INT64_MIN % -1 traps, so it is never computed.
        if (b == 0)
            return std::nullopt;
        return b == -1 ? 0 : floorMod(a, b);
    case LaunchExpr::Op::Min:
        return std::min(a, b);
    case LaunchExpr::Op::Max:
        return std::max(a, b);
    default:
        return std::nullopt;
    }
}

} // namespace

LaunchExpr::LaunchExpr()
    : m_steps{{Op::Const, 0}}
{
}

LaunchExpr LaunchExpr::constant(std::int64_t value)
{
    LaunchExpr e;
    e.m_steps[0].value = value;
    return e;
}

LaunchExpr LaunchExpr::slot(int index)
{
    LaunchExpr e;
    e.m_steps[0] = {Op::Slot, index};
    return e;
}

LaunchExpr LaunchExpr::binary(Op op, const LaunchExpr& a, const LaunchExpr& b)
{
    const auto ca = a.constantValue();
    const auto cb = b.constantValue();
    if (ca && cb)
        if (const auto folded = apply(op, *ca, *cb))
            return constant(*folded);
    // x * 1, x + 0, x // 1: the operand itself, so that equal indices compare equal.
    if (cb && ((*cb == 1 && (op == Op::Mul || op == Op::FloorDiv || op == Op::CeilDiv)) ||
               (*cb == 0 && (op == Op::Add || op == Op::Sub))))
        return a;
    if (ca && ((*ca == 1 && op == Op::Mul) || (*ca == 0 && op == Op::Add)))
        return b;
    LaunchExpr e;
    e.m_steps.reserve(a.m_steps.size() + b.m_steps.size() + 1);
    e.m_steps.assign(a.m_steps.begin(), a.m_steps.end());
    e.m_steps.insert(e.m_steps.end(), b.m_steps.begin(), b.m_steps.end());
    e.m_steps.push_back({op, 0});
    return e;
}

LaunchExpr LaunchExpr::negate(const LaunchExpr& a)
{
    if (const auto c = a.constantValue(); c && *c != INT64_MIN)
        return constant(-*c);
    LaunchExpr e = a;
    e.m_steps.push_back({Op::Neg, 0});
    return e;
}

std::optional<std::int64_t> LaunchExpr::constantValue() const
{
    if (m_steps.size() == 1 && m_steps[0].op == Op::Const)
        return m_steps[0].value;
    return std::nullopt;
}

bool LaunchExpr::usesSlot(int index) const
{
    return std::any_of(m_steps.begin(), m_steps.end(),
                       [&](const Step& s) { return s.op == Op::Slot && s.value == index; });
}

std::optional<std::int64_t> LaunchExpr::eval(const std::int64_t* slots) const
{
    // Most are one constant or one slot (a block size, a coefficient): no stack for those.
    if (m_steps.size() == 1 && m_steps[0].op == Op::Const)
        return m_steps[0].value;
    if (m_steps.size() == 1 && m_steps[0].op == Op::Slot) {
        const std::int64_t v = slots[m_steps[0].value];
        return v == kUnknownSlot ? std::nullopt : std::optional<std::int64_t>(v);
    }
    // Expressions are short (a grid, a block): a small fixed stack, no allocation.
    std::array<std::int64_t, 32> stack;
    std::size_t top = 0;
    for (const Step& s : m_steps) {
        switch (s.op) {
        case Op::Const:
        case Op::Slot: {
            if (top == stack.size())
                return std::nullopt;
            const std::int64_t v = s.op == Op::Const ? s.value : slots[s.value];
            if (s.op == Op::Slot && v == kUnknownSlot)
                return std::nullopt;
            stack[top++] = v;
            break;
        }
        case Op::Neg:
            if (top < 1 || stack[top - 1] == INT64_MIN)
                return std::nullopt;
            stack[top - 1] = -stack[top - 1];
            break;
        default: {
            if (top < 2)
                return std::nullopt;
            const auto v = apply(s.op, stack[top - 2], stack[top - 1]);
            if (!v)
                return std::nullopt;
            --top;
            stack[top - 1] = *v;
            break;
        }
        }
    }
    return top == 1 ? std::optional<std::int64_t>(stack[0]) : std::nullopt;
}

std::string LaunchExpr::text(const std::vector<std::string>& slotNames) const
{
    // Rebuilt from the postfix steps; every compound operand is parenthesised.
    std::vector<std::pair<std::string, bool>> stack; // text, compound
    for (const Step& s : m_steps) {
        switch (s.op) {
        case Op::Const:
            stack.emplace_back(std::to_string(s.value), false);
            break;
        case Op::Slot:
            stack.emplace_back(std::size_t(s.value) < slotNames.size() ? slotNames[std::size_t(s.value)] : "?", false);
            break;
        case Op::Neg:
            if (!stack.empty())
                stack.back() = {"-" + (stack.back().second ? "(" + stack.back().first + ")" : stack.back().first), true};
            break;
        default: {
            if (stack.size() < 2)
                return "?";
            auto b = stack.back();
            stack.pop_back();
            auto a = stack.back();
            stack.pop_back();
            auto wrap = [](const std::pair<std::string, bool>& t) { return t.second ? "(" + t.first + ")" : t.first; };
            std::string text;
            switch (s.op) {
            case Op::Add: text = wrap(a) + " + " + wrap(b); break;
            case Op::Sub: text = wrap(a) + " - " + wrap(b); break;
            case Op::Mul: text = wrap(a) + " * " + wrap(b); break;
            case Op::FloorDiv: text = wrap(a) + " // " + wrap(b); break;
            case Op::Mod: text = wrap(a) + " % " + wrap(b); break;
            case Op::CeilDiv: stack.emplace_back("cdiv(" + a.first + ", " + b.first + ")", false); continue;
            case Op::Min: stack.emplace_back("min(" + a.first + ", " + b.first + ")", false); continue;
            case Op::Max: stack.emplace_back("max(" + a.first + ", " + b.first + ")", false); continue;
            default: break;
            }
            stack.emplace_back(std::move(text), true);
            break;
        }
        }
    }
    return stack.size() == 1 ? stack[0].first : "?";
}

} // namespace ts::analysis
