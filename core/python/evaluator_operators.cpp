// Operators with Python semantics on 64-bit ints (overflow is an error), floats, sequences,
// dicts and sets; comparisons, identity and containment.

#include "core/python/evaluator_impl.h"

#include <cmath>

namespace ts::py {

namespace {

std::string_view opSymbol(Kind op)
{
    switch (op) {
    case Kind::Add: return "+";
    case Kind::Sub: return "-";
    case Kind::Mult: return "*";
    case Kind::MatMult: return "@";
    case Kind::Div: return "/";
    case Kind::Mod: return "%";
    case Kind::Pow: return "** or pow()";
    case Kind::LShift: return "<<";
    case Kind::RShift: return ">>";
    case Kind::BitOr: return "|";
    case Kind::BitXor: return "^";
    case Kind::BitAnd: return "&";
    case Kind::FloorDiv: return "//";
    case Kind::Lt: return "<";
    case Kind::LtE: return "<=";
    case Kind::Gt: return ">";
    case Kind::GtE: return ">=";
    default: return "?";
    }
}

// Python's float floor division and modulo (the result of % takes the sign of the divisor).
std::pair<double, double> floatDivmod(double a, double b)
{
    double mod = std::fmod(a, b);
    double div = (a - mod) / b;
    if (mod != 0.0) {
        if ((b < 0) != (mod < 0)) {
            mod += b;
            div -= 1.0;
        }
    } else {
        mod = std::copysign(0.0, b);
    }
    double floorDiv = 0.0;
    if (div != 0.0) {
        floorDiv = std::floor(div);
        if (div - floorDiv > 0.5)
            floorDiv += 1.0;
    } else {
        floorDiv = std::copysign(0.0, a / b);
    }
    return {floorDiv, mod};
}
} // namespace

Value Evaluator::Impl::unary(Kind op, const Value& v)
{
    switch (op) {
    case Kind::Not: return Value::boolean(!truth(v));
    case Kind::USub:
        if (v.isIntLike()) {
            if (v.asInt() == kInt64Min)
                tooLarge();
            return Value::integer(-v.asInt());
        }
        if (v.isFloat())
            return Value::real(-v.asFloat());
        evalError("bad operand type for unary -: '" + tn(v) + "'");
    case Kind::UAdd:
        if (v.isIntLike())
            return Value::integer(v.asInt());
        if (v.isFloat())
            return v;
        evalError("bad operand type for unary +: '" + tn(v) + "'");
    case Kind::Invert:
        if (v.isIntLike())
            return Value::integer(~v.asInt());
        evalError("bad operand type for unary ~: '" + tn(v) + "'");
    default: notLiteral("unknown unary operator");
    }
}

void Evaluator::Impl::unsupported(Kind op, const Value& a, const Value& b)
{
    evalError("unsupported operand type(s) for " + std::string(opSymbol(op)) + ": '" + tn(a) + "' and '" + tn(b) +
              "'");
}

Value Evaluator::Impl::intBinary(Kind op, std::int64_t x, std::int64_t y)
{
    std::int64_t r = 0;
    switch (op) {
    case Kind::Add:
        if (__builtin_add_overflow(x, y, &r))
            tooLarge();
        return Value::integer(r);
    case Kind::Sub:
        if (__builtin_sub_overflow(x, y, &r))
            tooLarge();
        return Value::integer(r);
    case Kind::Mult:
        if (__builtin_mul_overflow(x, y, &r))
            tooLarge();
        return Value::integer(r);
    case Kind::Div:
        if (y == 0)
            evalError("division by zero");
        return Value::real(static_cast<double>(x) / static_cast<double>(y));
    case Kind::FloorDiv:
    case Kind::Mod: {
        if (y == 0)
            evalError(op == Kind::Mod ? "integer modulo by zero" : "integer division or modulo by zero");
        if (y == -1) {
            if (op == Kind::Mod)
                return Value::integer(0);
            if (x == kInt64Min)
                tooLarge();
            return Value::integer(-x);
        }
        std::int64_t q = x / y;
        std::int64_t m = x % y;
        if (m != 0 && ((m < 0) != (y < 0))) {
            q -= 1;
            m += y;
        }
        return Value::integer(op == Kind::Mod ? m : q);
    }
    case Kind::Pow: {
        if (y < 0) {
            if (x == 0)
                evalError("0.0 cannot be raised to a negative power");
            return Value::real(std::pow(static_cast<double>(x), static_cast<double>(y)));
        }
        std::int64_t result = 1;
        std::int64_t base = x;
        std::int64_t e = y;
        while (e > 0) {
            if (e & 1)
                if (__builtin_mul_overflow(result, base, &result))
                    tooLarge();
            e >>= 1;
            if (e > 0 && __builtin_mul_overflow(base, base, &base))
                tooLarge();
        }
        return Value::integer(result);
    }
    case Kind::LShift:
        if (y < 0)
            evalError("negative shift count");
        if (x == 0)
            return Value::integer(0);
        if (y >= 63)
            tooLarge();
        if (x > (kInt64Max >> y) || x < (kInt64Min >> y))
            tooLarge();
        return Value::integer(static_cast<std::int64_t>(static_cast<std::uint64_t>(x) << y));
    case Kind::RShift:
        if (y < 0)
            evalError("negative shift count");
        return Value::integer(y >= 64 ? (x < 0 ? -1 : 0) : x >> y);
    case Kind::BitAnd: return Value::integer(x & y);
    case Kind::BitOr: return Value::integer(x | y);
    case Kind::BitXor: return Value::integer(x ^ y);
    default: return Value();
    }
}

Value Evaluator::Impl::floatBinary(Kind op, const Value& a, const Value& b)
{
    const double x = a.asFloat();
    const double y = b.asFloat();
    switch (op) {
    case Kind::Add: return Value::real(x + y);
    case Kind::Sub: return Value::real(x - y);
    case Kind::Mult: return Value::real(x * y);
    case Kind::Div:
        if (y == 0.0)
            evalError("float division by zero");
        return Value::real(x / y);
    case Kind::FloorDiv:
        if (y == 0.0)
            evalError("float floor division by zero");
        return Value::real(floatDivmod(x, y).first);
    case Kind::Mod:
        if (y == 0.0)
            evalError("float modulo");
        return Value::real(floatDivmod(x, y).second);
    case Kind::Pow: {
        if (x == 0.0 && y < 0.0)
            evalError("0.0 cannot be raised to a negative power");
        if (x < 0.0 && std::isfinite(y) && y != std::trunc(y))
            evalError("negative number raised to a fractional power gives a complex number, which is not "
                      "supported");
        const double r = std::pow(x, y);
        if (std::isinf(r) && std::isfinite(x) && std::isfinite(y))
            evalError("OverflowError: numerical result out of range");
        return Value::real(r);
    }
    default: unsupported(op, a, b);
    }
}

Value Evaluator::Impl::repeat(const Value& sequence, const Value& count)
{
    const std::int64_t n = std::max<std::int64_t>(0, count.asInt());
    const std::int64_t length = sequence.size();  // bytes of a str
    std::int64_t total = 0;
    if (__builtin_mul_overflow(n, length, &total))
        total = kInt64Max;
    checkSize(total);
    if (sequence.isStr()) {
        tick(1 + total / 32);
        std::string out;
        out.reserve(static_cast<std::size_t>(total));
        for (std::int64_t i = 0; i < n; ++i)
            out += sequence.asStr();
        return Value::string(std::move(out));
    }
    tick(total);
    std::vector<Value> out;
    out.reserve(static_cast<std::size_t>(total));
    for (std::int64_t i = 0; i < n; ++i)
        out.insert(out.end(), sequence.items().begin(), sequence.items().end());
    return sequence.isList() ? Value::list(std::move(out)) : Value::tuple(std::move(out));
}

Value Evaluator::Impl::binary(Kind op, const Value& a, const Value& b)
{
    if (isNumeric(a) && isNumeric(b)) {
        const bool bitwise = op == Kind::BitAnd || op == Kind::BitOr || op == Kind::BitXor ||
                             op == Kind::LShift || op == Kind::RShift;
        if (op == Kind::MatMult)
            unsupported(op, a, b);
        if (a.isFloat() || b.isFloat()) {
            if (bitwise)
                unsupported(op, a, b);
            return floatBinary(op, a, b);
        }
        if (a.isBool() && b.isBool() && (op == Kind::BitAnd || op == Kind::BitOr || op == Kind::BitXor))
            return Value::boolean(intBinary(op, a.asInt(), b.asInt()).asInt() != 0);
        return intBinary(op, a.asInt(), b.asInt());
    }
    switch (op) {
    case Kind::Add:
        if (a.type() == b.type() && (a.isStr() || a.isList() || a.isTuple())) {
            if (a.isStr()) {
                checkSize(static_cast<std::int64_t>(a.asStr().size() + b.asStr().size()));
                tick(1 + static_cast<std::int64_t>(a.asStr().size() + b.asStr().size()) / 32);
                return Value::string(a.asStr() + b.asStr());
            }
            checkSize(a.size() + b.size());
            tick(a.size() + b.size());
            std::vector<Value> out = a.items();
            out.insert(out.end(), b.items().begin(), b.items().end());
            return a.isList() ? Value::list(std::move(out)) : Value::tuple(std::move(out));
        }
        if (a.isStr() || a.isList() || a.isTuple())
            evalError("can only concatenate " + tn(a) + " (not \"" + tn(b) + "\") to " + tn(a));
        break;
    case Kind::Mult:
        if ((a.isStr() || a.isList() || a.isTuple()) && b.isIntLike())
            return repeat(a, b);
        if ((b.isStr() || b.isList() || b.isTuple()) && a.isIntLike())
            return repeat(b, a);
        if (a.isStr() || a.isList() || a.isTuple())
            evalError("can't multiply sequence by non-int of type '" + tn(b) + "'");
        if (b.isStr() || b.isList() || b.isTuple())
            evalError("can't multiply sequence by non-int of type '" + tn(a) + "'");
        break;
    case Kind::Mod:
        if (a.isStr())
            notLiteral("'%' string formatting cannot be evaluated safely");
        break;
    case Kind::BitOr:
        if (a.isDict() && b.isDict()) {
            checkSize(a.size() + b.size());
            tick(a.size() + b.size());
            return Value::withEntries(a, b.entries());
        }
        [[fallthrough]];
    case Kind::BitAnd:
    case Kind::BitXor:
    case Kind::Sub:
        if (a.isSet() && b.isSet())
            return setOperation(op, a, b);
        break;
    default: break;
    }
    unsupported(op, a, b);
}

Value Evaluator::Impl::setOperation(Kind op, const Value& a, const Value& b)
{
    tick(a.size() + b.size());
    std::vector<Value> out;
    switch (op) {
    case Kind::BitOr:
        out = a.items();
        out.insert(out.end(), b.items().begin(), b.items().end());
        break;
    case Kind::BitAnd:
        for (const Value& v : a.items())
            if (b.containsKey(v))
                out.push_back(v);
        break;
    case Kind::Sub:
        for (const Value& v : a.items())
            if (!b.containsKey(v))
                out.push_back(v);
        break;
    default:
        for (const Value& v : a.items())
            if (!b.containsKey(v))
                out.push_back(v);
        for (const Value& v : b.items())
            if (!a.containsKey(v))
                out.push_back(v);
        break;
    }
    checkSize(static_cast<std::int64_t>(out.size()));
    return Value::set(std::move(out));
}

bool Evaluator::Impl::equal(const Value& a, const Value& b)
{
    tick(std::min(a.weight(), b.weight()));
    return a == b;
}

bool Evaluator::Impl::less(const Value& a, const Value& b, CompareOp op)
{
    tick(std::min(a.weight(), b.weight()));
    const auto r = richCompare(a, b, op);
    if (!r) {
        static const char* symbols[] = {"<", "<=", ">", ">="};
        evalError(std::string("'") + symbols[static_cast<int>(op)] + "' not supported between instances of '" +
                  tn(a) + "' and '" + tn(b) + "'");
    }
    return *r;
}

bool Evaluator::Impl::identical(const Value& a, const Value& b)
{
    if (a.type() != b.type())
        return false;
    switch (a.type()) {
    case Value::Type::None: return true;
    case Value::Type::Bool:
    case Value::Type::Int:
    case Value::Type::Float:
    case Value::Type::Str:
    case Value::Type::Module:
    case Value::Type::Builtin: return a == b;
    case Value::Type::List:
    case Value::Type::Tuple:
    case Value::Type::Set: return &a.items() == &b.items();
    case Value::Type::Dict: return &a.entries() == &b.entries();
    case Value::Type::Config: return &a.config() == &b.config();
    case Value::Type::Range: return &a.rangeValue() == &b.rangeValue();
    default: return a == b;
    }
}

bool Evaluator::Impl::contains(const Value& container, const Value& item)
{
    switch (container.type()) {
    case Value::Type::Str:
        if (!item.isStr())
            evalError("'in <string>' requires string as left operand, not " + tn(item));
        tick(1 + static_cast<std::int64_t>(container.asStr().size()) / 32);
        return container.asStr().find(item.asStr()) != std::string::npos;
    case Value::Type::Dict:
    case Value::Type::Set: requireHashable(item); return container.containsKey(item);
    case Value::Type::Range: {
        if (!isNumeric(item))
            return false;
        if (item.isFloat() && item.asFloat() != std::trunc(item.asFloat()))
            return false;
        if (item.isFloat() && !(std::fabs(item.asFloat()) < 9.2e18))
            return false;
        const std::int64_t v = item.asInt();
        const RangeValue& r = container.rangeValue();
        if (r.size() == 0)
            return false;
        const bool inside = r.step > 0 ? (v >= r.start && v < r.stop) : (v <= r.start && v > r.stop);
        return inside && ((static_cast<Int128>(v) - r.start) % r.step) == 0;
    }
    case Value::Type::Tensor: notLiteral("membership in a tensor cannot be evaluated safely");
    case Value::Type::List:
    case Value::Type::Tuple:
    case Value::Type::Generator: {
        bool found = false;
        forEach(container, [&](const Value& v) {
            tick();
            found = equal(v, item);
            return !found;
        });
        return found;
    }
    default: evalError("argument of type '" + tn(container) + "' is not iterable");
    }
}

Value Evaluator::Impl::compareChain(const Node* node, const Frame* frame)
{
    Value left = eval(node->child("left"), frame);
    const auto& ops = node->list("ops");
    const auto& comparators = node->list("comparators");
    for (std::size_t i = 0; i < ops.size() && i < comparators.size(); ++i) {
        Value right = eval(comparators[i], frame);
        if (!compare(ops[i]->kind, left, right))
            return Value::boolean(false);
        left = std::move(right);
    }
    return Value::boolean(true);
}

bool Evaluator::Impl::compare(Kind op, const Value& a, const Value& b)
{
    switch (op) {
    case Kind::Eq: return equal(a, b);
    case Kind::NotEq: return !equal(a, b);
    case Kind::Lt: return less(a, b, CompareOp::Lt);
    case Kind::LtE: return less(a, b, CompareOp::Le);
    case Kind::Gt: return less(a, b, CompareOp::Gt);
    case Kind::GtE: return less(a, b, CompareOp::Ge);
    case Kind::Is: return identical(a, b);
    case Kind::IsNot: return !identical(a, b);
    case Kind::In: return contains(b, a);
    case Kind::NotIn: return !contains(b, a);
    default: notLiteral("unknown comparison operator");
    }
}

} // namespace ts::py
