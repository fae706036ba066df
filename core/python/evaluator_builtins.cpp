// The built-in functions (abs ... zip) and the table that dispatches every builtin value,
// methods and module functions included, to its implementation.

#include "core/python/evaluator_impl.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <unordered_map>

namespace ts::py {

std::int64_t floatToInt(double x)
{
    if (std::isnan(x))
        evalError("cannot convert float NaN to integer");
    if (std::isinf(x))
        evalError("cannot convert float infinity to integer");
    if (x >= 9223372036854775808.0 || x < -9223372036854775808.0)
        tooLarge();
    return static_cast<std::int64_t>(x);
}

Value Evaluator::Impl::callBuiltin(const BuiltinValue& b, const std::vector<Value>& positional,
                                   const std::vector<std::pair<std::string, Value>>& keywords,
                                   const Node* node)
{
    static const std::unordered_map<std::string_view, BuiltinFn> table = {
        {"abs", &Impl::bAbs}, {"all", &Impl::bAllAny}, {"any", &Impl::bAllAny}, {"bool", &Impl::bBool},
        {"dict", &Impl::bDict}, {"divmod", &Impl::bDivmod}, {"enumerate", &Impl::bEnumerate},
        {"filter", &Impl::bFilter}, {"float", &Impl::bFloat}, {"int", &Impl::bInt},
        {"isinstance", &Impl::bIsinstance}, {"len", &Impl::bLen}, {"list", &Impl::bSequence},
        {"tuple", &Impl::bSequence}, {"set", &Impl::bSequence}, {"map", &Impl::bMap}, {"max", &Impl::bMinMax},
        {"min", &Impl::bMinMax}, {"pow", &Impl::bPow}, {"range", &Impl::bRange}, {"repr", &Impl::bRepr},
        {"reversed", &Impl::bReversed}, {"round", &Impl::bRound}, {"sorted", &Impl::bSorted},
        {"str", &Impl::bStr}, {"sum", &Impl::bSum}, {"zip", &Impl::bZip},
        {"triton.Config", &Impl::bConfig}, {"triton.cdiv", &Impl::bCdiv},
        {"triton.next_power_of_2", &Impl::bNextPowerOf2}, {"triton.language.constexpr", &Impl::bConstexpr},
        {"math.ceil", &Impl::bMathRound}, {"math.floor", &Impl::bMathRound}, {"math.trunc", &Impl::bMathRound},
        {"math.sqrt", &Impl::bMathFloat}, {"math.log", &Impl::bMathFloat}, {"math.log2", &Impl::bMathFloat},
        {"math.log10", &Impl::bMathFloat}, {"math.exp", &Impl::bMathFloat}, {"math.gcd", &Impl::bGcd},
        {"math.prod", &Impl::bProd}, {"math.isqrt", &Impl::bIsqrt},
        {"dict.get", &Impl::bDictMethod}, {"dict.keys", &Impl::bDictMethod},
        {"dict.values", &Impl::bDictMethod}, {"dict.items", &Impl::bDictMethod},
        {"dict.copy", &Impl::bDictMethod}, {"list.index", &Impl::bSeqMethod}, {"list.count", &Impl::bSeqMethod},
        {"list.copy", &Impl::bSeqMethod}, {"tuple.index", &Impl::bSeqMethod},
        {"tuple.count", &Impl::bSeqMethod}, {"str.upper", &Impl::bStrMethod}, {"str.lower", &Impl::bStrMethod},
        {"str.strip", &Impl::bStrMethod}, {"str.lstrip", &Impl::bStrMethod}, {"str.rstrip", &Impl::bStrMethod},
        {"str.split", &Impl::bStrMethod}, {"str.join", &Impl::bStrMethod}, {"str.replace", &Impl::bStrMethod},
        {"str.startswith", &Impl::bStrMethod}, {"str.endswith", &Impl::bStrMethod},
        {"tensor.numel", &Impl::bTensorMethod}, {"tensor.nelement", &Impl::bTensorMethod},
        {"tensor.size", &Impl::bTensorMethod}, {"tensor.stride", &Impl::bTensorMethod},
        {"tensor.dim", &Impl::bTensorMethod}, {"tensor.ndimension", &Impl::bTensorMethod},
        {"tensor.element_size", &Impl::bTensorMethod}, {"tensor.is_contiguous", &Impl::bTensorMethod},
        {"Config.all_kwargs", &Impl::bAllKwargs},
    };
    auto it = table.find(b.name);
    if (it == table.end()) {
        if (const HostFunction* host = hostFunction(b.name)) {
            EvalResult r = host->call(positional, keywords);
            if (!r.ok())
                evalError(r.error ? r.error->message : host->name + "() failed");
            return std::move(*r.value);
        }
        notLiteral("call to '" + b.name + "' cannot be evaluated safely");
    }
    const std::string_view name = b.name;
    const Args a{b.self ? name.substr(name.rfind('.') + 1) : name, positional, keywords, node};
    return (this->*(it->second))(a, b);
}

Value Evaluator::Impl::bAbs(const Args& a, const BuiltinValue&)
{
    a.noKeywords();
    a.arity(1, 1);
    const Value& v = a[0];
    if (v.isIntLike()) {
        if (v.asInt() == kInt64Min)
            tooLarge();
        return Value::integer(std::abs(v.asInt()));
    }
    if (v.isFloat())
        return Value::real(std::fabs(v.asFloat()));
    evalError("bad operand type for abs(): '" + tn(v) + "'");
}

Value Evaluator::Impl::bAllAny(const Args& a, const BuiltinValue& b)
{
    a.noKeywords();
    a.arity(1, 1);
    const bool isAll = b.name == "all";
    bool result = isAll;
    forEach(a[0], [&](const Value& v) {
        tick();
        if (truth(v) != isAll) {
            result = !isAll;
            return false;
        }
        return true;
    });
    return Value::boolean(result);
}

Value Evaluator::Impl::bBool(const Args& a, const BuiltinValue&)
{
    a.noKeywords();
    a.arity(0, 1);
    return Value::boolean(a.count() && truth(a[0]));
}

std::vector<std::pair<Value, Value>> Evaluator::Impl::dictEntriesFrom(const Value& source, const char* fn)
{
    if (source.isDict()) {
        tick(source.size());
        return source.entries();
    }
    std::vector<std::pair<Value, Value>> entries;
    std::int64_t index = 0;
    forEach(source, [&](const Value& element) {
        tick();
        std::vector<Value> pair = collect(element);
        if (pair.size() != 2)
            evalError(std::string(fn) == "update" || std::string(fn) == "dict"
                          ? "dictionary update sequence element #" + std::to_string(index) + " has length " +
                                std::to_string(pair.size()) + "; 2 is required"
                          : "dictionary update sequence element has the wrong length");
        requireHashable(pair[0]);
        entries.emplace_back(std::move(pair[0]), std::move(pair[1]));
        checkSize(static_cast<std::int64_t>(entries.size()));
        ++index;
        return true;
    });
    return entries;
}

Value Evaluator::Impl::bDict(const Args& a, const BuiltinValue&)
{
    a.arity(0, 1);
    std::vector<std::pair<Value, Value>> entries;
    if (a.count())
        entries = dictEntriesFrom(a[0], "dict");
    for (const auto& [k, v] : a.keywords)
        entries.emplace_back(Value::string(k), v);
    checkSize(static_cast<std::int64_t>(entries.size()));
    return Value::dict(std::move(entries));
}

Value Evaluator::Impl::bDivmod(const Args& a, const BuiltinValue&)
{
    a.noKeywords();
    a.arity(2, 2);
    return Value::tuple({binary(Kind::FloorDiv, a[0], a[1]), binary(Kind::Mod, a[0], a[1])});
}

Value Evaluator::Impl::bEnumerate(const Args& a, const BuiltinValue&)
{
    a.allowKeywords({"iterable", "start"});
    a.arity(0, 2);
    const Value* iterable = a.argument(0, "iterable");
    if (!iterable)
        evalError("enumerate() missing required argument 'iterable'");
    const Value* startValue = a.argument(1, "start");
    std::int64_t i = startValue ? indexValue(*startValue, "") : 0;
    std::vector<Value> out;
    forEach(*iterable, [&](const Value& v) {
        tick();
        out.push_back(Value::tuple({Value::integer(i), v}));
        if (__builtin_add_overflow(i, 1, &i))
            tooLarge();
        checkSize(static_cast<std::int64_t>(out.size()));
        return true;
    });
    return Value::list(std::move(out));
}

Value Evaluator::Impl::bFilter(const Args& a, const BuiltinValue&)
{
    a.noKeywords();
    a.arity(2, 2);
    std::vector<Value> out;
    forEach(a[1], [&](const Value& v) {
        tick();
        const bool keep = a[0].isNone() ? truth(v) : truth(callValue(a[0], {v}, {}, a.node));
        if (keep)
            out.push_back(v);
        checkSize(static_cast<std::int64_t>(out.size()));
        return true;
    });
    return Value::list(std::move(out));
}

Value Evaluator::Impl::bMap(const Args& a, const BuiltinValue&)
{
    a.noKeywords();
    if (a.count() < 2)
        evalError("map() must have at least two arguments.");
    std::vector<std::vector<Value>> columns;
    std::size_t n = std::numeric_limits<std::size_t>::max();
    for (std::size_t i = 1; i < a.count(); ++i) {
        columns.push_back(collect(a[i]));
        n = std::min(n, columns.back().size());
    }
    std::vector<Value> out;
    for (std::size_t row = 0; row < n; ++row) {
        std::vector<Value> callArgs;
        for (const auto& column : columns)
            callArgs.push_back(column[row]);
        out.push_back(callValue(a[0], callArgs, {}, a.node));
    }
    return Value::list(std::move(out));
}

std::string Evaluator::Impl::stripped(const std::string& s)
{
    const auto first = s.find_first_not_of(" \t\n\r\f\v");
    if (first == std::string::npos)
        return {};
    const auto last = s.find_last_not_of(" \t\n\r\f\v");
    return s.substr(first, last - first + 1);
}

// Removes the underscores Python allows between digits; nullopt when one is misplaced.
std::optional<std::string> Evaluator::Impl::withoutUnderscores(const std::string& s)
{
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '_') {
            if (i == 0 || i + 1 == s.size() || !std::isxdigit(static_cast<unsigned char>(s[i - 1])) ||
                !std::isxdigit(static_cast<unsigned char>(s[i + 1])))
                return std::nullopt;
            continue;
        }
        out += s[i];
    }
    return out;
}

Value Evaluator::Impl::bFloat(const Args& a, const BuiltinValue&)
{
    a.noKeywords();
    a.arity(0, 1);
    if (!a.count())
        return Value::real(0.0);
    const Value& v = a[0];
    if (isNumeric(v))
        return Value::real(v.asFloat());
    if (!v.isStr())
        evalError("float() argument must be a string or a real number, not '" + tn(v) + "'");
    const std::string text = stripped(v.asStr());
    std::string lower = text;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    std::string body = lower;
    double sign = 1.0;
    if (!body.empty() && (body[0] == '+' || body[0] == '-')) {
        sign = body[0] == '-' ? -1.0 : 1.0;
        body.erase(0, 1);
    }
    if (body == "inf" || body == "infinity")
        return Value::real(sign * std::numeric_limits<double>::infinity());
    if (body == "nan")
        return Value::real(std::numeric_limits<double>::quiet_NaN());
    const auto clean = withoutUnderscores(lower);
    const bool plain = clean && !clean->empty() &&
                       clean->find_first_not_of("0123456789.e+-") == std::string::npos &&
                       clean->find_first_of("0123456789") != std::string::npos;
    if (plain) {
        char* end = nullptr;
        const double d = std::strtod(clean->c_str(), &end);
        if (end == clean->c_str() + clean->size())
            return Value::real(d);
    }
    evalError("could not convert string to float: " + v.repr());
}

Value Evaluator::Impl::bInt(const Args& a, const BuiltinValue&)
{
    a.allowKeywords({"base"});
    a.arity(0, 2);
    if (!a.count())
        return Value::integer(0);
    const Value* baseValue = a.argument(1, "base");
    const Value& v = a[0];
    if (!baseValue) {
        if (v.isIntLike())
            return Value::integer(v.asInt());
        if (v.isFloat())
            return Value::integer(floatToInt(v.asFloat()));
    }
    if (!v.isStr()) {
        if (baseValue)
            evalError("int() can't convert non-string with explicit base");
        evalError("int() argument must be a string, a bytes-like object or a real number, not '" + tn(v) + "'");
    }
    std::int64_t base = baseValue ? indexValue(*baseValue, "") : 10;
    if (base != 0 && (base < 2 || base > 36))
        evalError("int() base must be >= 2 and <= 36, or 0");
    return Value::integer(intFromText(v, base));
}

// int(text, base) of a str: a sign, a base prefix (0x, 0o, 0b; base 0 takes it from the prefix),
// underscores between digits, surrounding whitespace; the result must fit in 64 bits.
std::int64_t Evaluator::Impl::intFromText(const Value& v, std::int64_t base)
{
    const std::string invalid =
        "invalid literal for int() with base " + std::to_string(base) + ": " + v.repr();
    std::string text = stripped(v.asStr());
    bool negative = false;
    if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
        negative = text[0] == '-';
        text.erase(0, 1);
    }
    auto hasPrefix = [&](char p) {
        return text.size() > 2 && text[0] == '0' && std::tolower(static_cast<unsigned char>(text[1])) == p;
    };
    if ((base == 0 || base == 16) && hasPrefix('x')) {
        base = 16;
        text.erase(0, 2);
    } else if ((base == 0 || base == 8) && hasPrefix('o')) {
        base = 8;
        text.erase(0, 2);
    } else if ((base == 0 || base == 2) && hasPrefix('b')) {
        base = 2;
        text.erase(0, 2);
    } else if (base == 0) {
        base = 10;
        if (text.size() > 1 && text[0] == '0' && text.find_first_not_of("0_") != std::string::npos)
            evalError(invalid);
    }
    const auto clean = withoutUnderscores(text);
    if (!clean || clean->empty())
        evalError(invalid);
    std::int64_t result = 0;
    for (char c : *clean) {
        const int digit = std::isdigit(static_cast<unsigned char>(c))
                              ? c - '0'
                              : (std::isalpha(static_cast<unsigned char>(c))
                                     ? std::tolower(static_cast<unsigned char>(c)) - 'a' + 10
                                     : 99);
        if (digit >= base)
            evalError(invalid);
        // Accumulate negatively so that INT64_MIN parses.
        if (__builtin_mul_overflow(result, base, &result) || __builtin_sub_overflow(result, digit, &result))
            tooLarge();
    }
    if (!negative) {
        if (result == kInt64Min)
            tooLarge();
        result = -result;
    }
    return result;
}

bool Evaluator::Impl::isInstanceOf(const Value& v, const Value& type)
{
    const std::string& name = type.builtinValue().name;
    if (name == "int")
        return v.isIntLike();
    if (name == "bool")
        return v.isBool();
    if (name == "float")
        return v.isFloat();
    if (name == "str")
        return v.isStr();
    if (name == "list")
        return v.isList();
    if (name == "tuple")
        return v.isTuple();
    if (name == "dict")
        return v.isDict();
    if (name == "set")
        return v.isSet();
    if (name == "range")
        return v.type() == Value::Type::Range;
    if (name == "triton.Config")
        return v.isConfig();
    return false;
}

Value Evaluator::Impl::bIsinstance(const Args& a, const BuiltinValue&)
{
    a.noKeywords();
    a.arity(2, 2);
    static const std::set<std::string, std::less<>> types = {"int", "bool", "float", "str", "list", "tuple",
                                                              "dict", "set", "range", "triton.Config"};
    std::vector<Value> candidates = a[1].isTuple() ? a[1].items() : std::vector<Value>{a[1]};
    for (const Value& t : candidates) {
        if (t.type() != Value::Type::Builtin || t.builtinValue().self || !types.count(t.builtinValue().name))
            notLiteral("isinstance() with " + t.repr() + " cannot be evaluated safely");
        if (isInstanceOf(a[0], t))
            return Value::boolean(true);
    }
    return Value::boolean(false);
}

Value Evaluator::Impl::bLen(const Args& a, const BuiltinValue&)
{
    a.noKeywords();
    a.arity(1, 1);
    const Value& v = a[0];
    switch (v.type()) {
    case Value::Type::Str: return Value::integer(characterCount(v.asStr()));
    case Value::Type::List:
    case Value::Type::Tuple:
    case Value::Type::Set:
    case Value::Type::Dict:
    case Value::Type::Range: return Value::integer(v.size());
    case Value::Type::Tensor:
        if (v.tensorValue().shape.empty())
            evalError("len() of a 0-d tensor");
        return Value::integer(v.tensorValue().shape.front());
    default: evalError("object of type '" + tn(v) + "' has no len()");
    }
}

Value Evaluator::Impl::bSequence(const Args& a, const BuiltinValue& b)
{
    a.noKeywords();
    a.arity(0, 1);
    std::vector<Value> items = a.count() ? collect(a[0]) : std::vector<Value>{};
    if (b.name == "list")
        return Value::list(std::move(items));
    if (b.name == "tuple")
        return Value::tuple(std::move(items));
    for (const Value& v : items)
        requireHashable(v);
    return Value::set(std::move(items));
}

Value Evaluator::Impl::bMinMax(const Args& a, const BuiltinValue& b)
{
    a.allowKeywords({"key", "default"});
    const bool isMax = b.name == "max";
    const Value* key = a.keyword("key");
    if (key && key->isNone())
        key = nullptr;
    const Value* fallback = a.keyword("default");
    std::vector<Value> items;
    if (a.count() == 0)
        evalError(b.name + " expected at least 1 argument, got 0");
    if (a.count() == 1) {
        items = collect(a[0]);
    } else {
        if (fallback)
            evalError("Cannot specify a default for " + b.name + "() with multiple positional arguments");
        items = a.positional;
    }
    if (items.empty()) {
        if (fallback)
            return *fallback;
        evalError(b.name + "() arg is an empty sequence");
    }
    std::size_t best = 0;
    Value bestKey = key ? callValue(*key, {items[0]}, {}, a.node) : items[0];
    for (std::size_t i = 1; i < items.size(); ++i) {
        tick();
        Value k = key ? callValue(*key, {items[i]}, {}, a.node) : items[i];
        if (isMax ? less(k, bestKey, CompareOp::Gt) : less(k, bestKey, CompareOp::Lt)) {
            best = i;
            bestKey = std::move(k);
        }
    }
    return items[best];
}

Value Evaluator::Impl::bPow(const Args& a, const BuiltinValue&)
{
    a.allowKeywords({"base", "exp", "mod"});
    a.arity(0, 3);
    const Value* base = a.argument(0, "base");
    const Value* exponent = a.argument(1, "exp");
    const Value* mod = a.argument(2, "mod");
    if (!base || !exponent)
        evalError("pow() missing required argument '" + std::string(base ? "exp" : "base") + "'");
    if (!mod || mod->isNone())
        return binary(Kind::Pow, *base, *exponent);
    if (!base->isIntLike() || !exponent->isIntLike() || !mod->isIntLike())
        evalError("pow() 3rd argument not allowed unless all arguments are integers");
    if (exponent->asInt() < 0)
        evalError("pow() with a negative exponent and a modulus is not supported");
    const std::int64_t m = mod->asInt();
    if (m == 0)
        evalError("pow() 3rd argument cannot be 0");
    Int128 result = 1;
    Int128 x = base->asInt() % m;
    for (std::int64_t e = exponent->asInt(); e > 0; e >>= 1) {
        tick();
        if (e & 1)
            result = (result * x) % m;
        x = (x * x) % m;
    }
    std::int64_t r = static_cast<std::int64_t>(result % m);
    if (r != 0 && ((r < 0) != (m < 0)))
        r += m;
    return Value::integer(r);
}

Value Evaluator::Impl::bRange(const Args& a, const BuiltinValue&)
{
    a.noKeywords();
    if (a.count() == 0)
        evalError("range expected at least 1 argument, got 0");
    a.arity(1, 3);
    const std::int64_t first = indexValue(a[0], "");
    if (a.count() == 1)
        return Value::range(0, first, 1);
    const std::int64_t stop = indexValue(a[1], "");
    const std::int64_t step = a.count() == 3 ? indexValue(a[2], "") : 1;
    if (step == 0)
        evalError("range() arg 3 must not be zero");
    return Value::range(first, stop, step);
}

Value Evaluator::Impl::bRepr(const Args& a, const BuiltinValue&)
{
    a.noKeywords();
    a.arity(1, 1);
    tick(a[0].weight());
    std::string text = a[0].repr();
    checkSize(static_cast<std::int64_t>(text.size()));
    return Value::string(std::move(text));
}

Value Evaluator::Impl::bStr(const Args& a, const BuiltinValue&)
{
    a.noKeywords();
    a.arity(0, 1);
    if (!a.count())
        return Value::string("");
    tick(a[0].weight());
    std::string text = a[0].str();
    checkSize(static_cast<std::int64_t>(text.size()));
    return Value::string(std::move(text));
}

Value Evaluator::Impl::bReversed(const Args& a, const BuiltinValue&)
{
    a.noKeywords();
    a.arity(1, 1);
    const Value& v = a[0];
    if (!(v.isList() || v.isTuple() || v.isStr() || v.type() == Value::Type::Range || v.isDict()))
        evalError("'" + tn(v) + "' object is not reversible");
    std::vector<Value> items = collect(v);
    std::reverse(items.begin(), items.end());
    return Value::list(std::move(items));
}

Value Evaluator::Impl::bRound(const Args& a, const BuiltinValue&)
{
    a.allowKeywords({"number", "ndigits"});
    a.arity(0, 2);
    const Value* number = a.argument(0, "number");
    if (!number)
        evalError("round() missing required argument 'number' (pos 1)");
    const Value* digitsValue = a.argument(1, "ndigits");
    const bool hasDigits = digitsValue && !digitsValue->isNone();
    const std::int64_t digits = hasDigits ? indexValue(*digitsValue, "") : 0;
    if (number->isIntLike()) {
        const std::int64_t x = number->asInt();
        if (!hasDigits || digits >= 0)
            return Value::integer(x);
        if (digits < -18)
            return Value::integer(0);
        std::int64_t p = 1;
        for (std::int64_t i = 0; i < -digits; ++i)
            p *= 10;
        std::int64_t q = x / p, r = x % p;
        if (r < 0) {
            r += p;
            q -= 1;
        }
        if (2 * static_cast<Int128>(r) > p || (2 * static_cast<Int128>(r) == p && (q & 1)))
            q += 1;
        std::int64_t result = 0;
        if (__builtin_mul_overflow(q, p, &result))
            tooLarge();
        return Value::integer(result);
    }
    if (!number->isFloat())
        evalError("type " + tn(*number) + " doesn't define __round__ method");
    const double x = number->asFloat();
    if (!hasDigits)
        return Value::integer(floatToInt(std::nearbyint(x)));
    if (!std::isfinite(x) || digits > 323)
        return Value::real(x);
    if (digits >= 0) {
        // printf rounds the exact binary value correctly, half to even, as Python does.
        char buf[512];
        std::snprintf(buf, sizeof buf, "%.*f", static_cast<int>(std::min<std::int64_t>(digits, 340)), x);
        return Value::real(std::strtod(buf, nullptr));
    }
    if (digits < -308)
        return Value::real(std::copysign(0.0, x));
    const double p = std::pow(10.0, static_cast<double>(-digits));
    return Value::real(std::nearbyint(x / p) * p);
}

void Evaluator::Impl::sortValues(std::vector<Value>& items, const Value* key, bool reverse)
{
    if (key && key->isNone())
        key = nullptr;
    std::vector<Value> keys;
    keys.reserve(items.size());
    for (const Value& v : items)
        keys.push_back(key ? callValue(*key, {v}, {}, nullptr) : v);
    std::vector<std::size_t> order(items.size());
    std::iota(order.begin(), order.end(), 0);
    // Python's reverse sort keeps equal elements in their original order.
    if (reverse)
        std::reverse(order.begin(), order.end());
    tick(static_cast<std::int64_t>(items.size()));
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t x, std::size_t y) { return less(keys[x], keys[y]); });
    if (reverse)
        std::reverse(order.begin(), order.end());
    std::vector<Value> sorted;
    sorted.reserve(items.size());
    for (std::size_t i : order)
        sorted.push_back(items[i]);
    items = std::move(sorted);
}

Value Evaluator::Impl::bSorted(const Args& a, const BuiltinValue&)
{
    a.allowKeywords({"key", "reverse"});
    a.arity(1, 1);
    std::vector<Value> items = collect(a[0]);
    const Value* reverse = a.keyword("reverse");
    sortValues(items, a.keyword("key"), reverse && truth(*reverse));
    return Value::list(std::move(items));
}

Value Evaluator::Impl::bSum(const Args& a, const BuiltinValue&)
{
    a.allowKeywords({"start"});
    a.arity(1, 2);
    const Value* start = a.argument(1, "start");
    Value total = start ? *start : Value::integer(0);
    if (total.isStr())
        evalError("sum() can't sum strings [use ''.join(seq) instead]");
    forEach(a[0], [&](const Value& v) {
        tick();
        total = binary(Kind::Add, total, v);
        return true;
    });
    return total;
}

Value Evaluator::Impl::bZip(const Args& a, const BuiltinValue&)
{
    a.allowKeywords({"strict"});
    const Value* strict = a.keyword("strict");
    std::vector<std::vector<Value>> columns;
    std::size_t n = a.count() ? std::numeric_limits<std::size_t>::max() : 0;
    for (const Value& it : a.positional) {
        columns.push_back(collect(it));
        n = std::min(n, columns.back().size());
    }
    if (strict && truth(*strict))
        for (std::size_t i = 0; i < columns.size(); ++i)
            if (columns[i].size() != n)
                evalError("zip() argument " + std::to_string(i + 1) + " is " +
                          (columns[i].size() > n ? "longer" : "shorter") + " than argument 1");
    std::vector<Value> out;
    out.reserve(n);
    for (std::size_t row = 0; row < n; ++row) {
        tick();
        std::vector<Value> tuple;
        for (const auto& column : columns)
            tuple.push_back(column[row]);
        out.push_back(Value::tuple(std::move(tuple)));
    }
    return Value::list(std::move(out));
}

} // namespace ts::py
