// What the modules autotune code imports provide: triton (Config, cdiv, next_power_of_2),
// triton.language (constexpr, dtypes), torch (dtypes) and math; and the builtin scope.

#include "core/python/evaluator_impl.h"

#include <cmath>
#include <numeric>
#include <unordered_map>

namespace ts::py {

namespace {

// Names Python's autotune users import from triton / triton.language / torch / math.
const std::set<std::string, std::less<>>& dtypeNames()
{
    static const std::set<std::string, std::less<>> names = {
        "float16", "half", "bfloat16", "float32", "float", "float64", "double", "int8", "uint8",
        "int16", "short", "int32", "int", "int64", "long", "bool", "int1", "uint16", "uint32",
        "uint64", "complex64", "complex128", "float8_e4m3fn", "float8_e5m2", "float8e4nv",
        "float8e5", "fp8e4nv", "fp8e5"};
    return names;
}

// Built-in function values are made once and shared.
Value builtinNamed(std::string_view name)
{
    static const std::unordered_map<std::string_view, Value> cache = [] {
        std::unordered_map<std::string_view, Value> c;
        for (const char* n : {"triton.Config", "triton.cdiv", "triton.next_power_of_2", "triton.language.constexpr",
                              "math.ceil", "math.floor", "math.sqrt", "math.log", "math.log2", "math.log10",
                              "math.exp", "math.gcd", "math.prod", "math.isqrt", "math.trunc"})
            c.emplace(n, Value::builtin(n));
        return c;
    }();
    auto it = cache.find(name);
    return it != cache.end() ? it->second : Value::builtin(std::string(name));
}
} // namespace

std::optional<Value> moduleAttribute(const std::string& module, const std::string& attr)
{
    const bool triton = module == "triton" || module.rfind("triton.", 0) == 0;
    if (triton) {
        if (attr == "Config")
            return builtinNamed("triton.Config");
        if (attr == "cdiv")
            return builtinNamed("triton.cdiv");
        if (attr == "next_power_of_2")
            return builtinNamed("triton.next_power_of_2");
        if (module == "triton" && attr == "language")
            return Value::module("triton.language");
        if (module == "triton.language") {
            if (attr == "constexpr")
                return builtinNamed("triton.language.constexpr");
            if (dtypeNames().count(attr))
                return Value::string(TensorValue{attr, {}}.dtypeName());
        }
        return std::nullopt;
    }
    if (module == "torch" && dtypeNames().count(attr))
        return Value::string(TensorValue{attr, {}}.dtypeName());
    if (module == "math") {
        static const std::set<std::string, std::less<>> functions = {
            "ceil", "floor", "sqrt", "log", "log2", "log10", "exp", "gcd", "prod", "isqrt", "trunc"};
        if (functions.count(attr))
            return builtinNamed("math." + attr);
        if (attr == "pi")
            return Value::real(3.141592653589793);
        if (attr == "e")
            return Value::real(2.718281828459045);
        if (attr == "inf")
            return Value::real(std::numeric_limits<double>::infinity());
        if (attr == "nan")
            return Value::real(std::numeric_limits<double>::quiet_NaN());
    }
    return std::nullopt;
}

const Scope& builtinScope()
{
    static const Scope scope = [] {
        Scope s;
        for (const char* name : {"abs", "all", "any", "bool", "dict", "divmod", "enumerate", "filter", "float",
                                 "int", "isinstance", "len", "list", "map", "max", "min", "pow", "range", "repr",
                                 "reversed", "round", "set", "sorted", "str", "sum", "tuple", "zip"})
            s.emplace(name, Value::builtin(name));
        // Recognised without an import, as the decorators and launch specs use them.
        s.emplace("Config", builtinNamed("triton.Config"));
        s.emplace("triton", Value::module("triton"));
        s.emplace("tl", Value::module("triton.language"));
        s.emplace("math", Value::module("math"));
        s.emplace("torch", Value::module("torch"));
        return s;
    }();
    return scope;
}

// triton.Config(kwargs, num_warps=4, num_stages=3, num_ctas=1, maxnreg=None, pre_hook=None,
// ir_override=None): only what the call passes is recorded.
Value Evaluator::Impl::bConfig(const Args& a, const BuiltinValue&)
{
    static const char* names[] = {"kwargs", "num_warps", "num_stages", "num_ctas", "maxnreg", "pre_hook",
                                  "ir_override"};
    constexpr std::size_t kPositional = sizeof names / sizeof names[0];
    if (a.count() > kPositional)
        evalError("triton.Config() takes at most " + std::to_string(kPositional) + " positional arguments (" +
                  std::to_string(a.count()) + " given)");
    std::vector<std::pair<std::string, Value>> given;
    for (std::size_t i = 0; i < a.count(); ++i)
        given.emplace_back(names[i], a[i]);
    for (const auto& [k, v] : a.keywords) {
        for (const auto& g : given)
            if (g.first == k)
                evalError("triton.Config() got multiple values for argument '" + k + "'");
        given.emplace_back(k, v);
    }
    ConfigValue c;
    if (a.node) {
        c.line = a.node->line;
        c.column = a.node->col + 1;
    }
    bool hasKwargs = false;
    for (auto& [name, v] : given) {
        if (name == "kwargs") {
            hasKwargs = true;
            if (!v.isDict())
                evalError("triton.Config() kwargs must be a dict, not '" + tn(v) + "'");
            for (const auto& [k, value] : v.entries()) {
                if (!k.isStr())
                    evalError("triton.Config() kwargs keys must be strings, not '" + tn(k) + "'");
                c.kwargs.emplace_back(k.asStr(), value);
            }
        } else if (name == "num_warps" || name == "num_stages" || name == "num_ctas") {
            std::optional<std::int64_t>& field =
                name == "num_warps" ? c.numWarps : (name == "num_stages" ? c.numStages : c.numCtas);
            if (v.isNone())
                field.reset();
            else if (v.isIntLike())
                field = v.asInt();
            else
                evalError("triton.Config() " + name + " must be an int, not '" + tn(v) + "'");
        } else {
            c.options.emplace_back(name, v);
        }
    }
    if (!hasKwargs)
        evalError("triton.Config() missing 1 required positional argument: 'kwargs'");
    return Value::config(std::move(c));
}

Value Evaluator::Impl::bCdiv(const Args& a, const BuiltinValue&)
{
    a.allowKeywords({"x", "div"});
    const Value* x = a.argument(0, "x");
    const Value* div = a.argument(1, "div");
    if (a.count() > 2 || !x || !div)
        evalError("cdiv() takes exactly 2 arguments (x, div)");
    return binary(Kind::FloorDiv, binary(Kind::Sub, binary(Kind::Add, *x, *div), Value::integer(1)), *div);
}

Value Evaluator::Impl::bNextPowerOf2(const Args& a, const BuiltinValue&)
{
    a.allowKeywords({"n"});
    const Value* n = a.argument(0, "n");
    if (a.count() > 1 || !n)
        evalError("next_power_of_2() takes exactly one argument (n)");
    if (!n->isIntLike())
        evalError("next_power_of_2() needs an int, not '" + tn(*n) + "'");
    const std::int64_t v = n->asInt();
    if (v <= 0)
        return Value::integer(0);  // as Triton's bit trick gives for n <= 0
    std::int64_t p = 1;
    while (p < v)
        if (__builtin_mul_overflow(p, 2, &p))
            tooLarge();
    return Value::integer(p);
}

Value Evaluator::Impl::bConstexpr(const Args& a, const BuiltinValue&)
{
    a.noKeywords();
    a.arity(1, 1);
    return a[0];
}

double Evaluator::Impl::realArgument(const Value& v, std::string_view fn)
{
    if (!isNumeric(v))
        evalError("must be real number, not " + tn(v) + " (in " + std::string(fn) + "())");
    return v.asFloat();
}

Value Evaluator::Impl::bMathRound(const Args& a, const BuiltinValue& b)
{
    a.noKeywords();
    a.arity(1, 1);
    if (a[0].isIntLike())
        return Value::integer(a[0].asInt());
    const double x = realArgument(a[0], a.fn);
    const double r =
        b.name == "math.ceil" ? std::ceil(x) : (b.name == "math.floor" ? std::floor(x) : std::trunc(x));
    return Value::integer(floatToInt(r));
}

Value Evaluator::Impl::bMathFloat(const Args& a, const BuiltinValue& b)
{
    a.noKeywords();
    const bool isLog = b.name == "math.log";
    a.arity(1, isLog ? 2 : 1);
    const double x = realArgument(a[0], a.fn);
    double r = 0.0;
    if (b.name == "math.sqrt") {
        if (x < 0)
            evalError("math domain error");
        r = std::sqrt(x);
    } else if (b.name == "math.exp") {
        r = std::exp(x);
        if (std::isinf(r) && std::isfinite(x))
            evalError("math range error");
    } else {
        if (x <= 0)
            evalError("math domain error");
        r = b.name == "math.log2" ? std::log2(x) : (b.name == "math.log10" ? std::log10(x) : std::log(x));
        if (isLog && a.count() == 2) {
            const double base = realArgument(a[1], a.fn);
            if (base <= 0)
                evalError("math domain error");
            const double d = std::log(base);
            if (d == 0.0)
                evalError("float division by zero");
            r /= d;
        }
    }
    return Value::real(r);
}

Value Evaluator::Impl::bGcd(const Args& a, const BuiltinValue&)
{
    a.noKeywords();
    std::int64_t g = 0;
    for (const Value& v : a.positional) {
        const std::int64_t x = indexValue(v, "");
        if (x == kInt64Min)
            tooLarge();
        g = std::gcd(g, std::abs(x));
    }
    return Value::integer(g);
}

Value Evaluator::Impl::bProd(const Args& a, const BuiltinValue&)
{
    a.allowKeywords({"start"});
    a.arity(1, 1);
    const Value* start = a.keyword("start");
    Value total = start ? *start : Value::integer(1);
    forEach(a[0], [&](const Value& v) {
        tick();
        total = binary(Kind::Mult, total, v);
        return true;
    });
    return total;
}

Value Evaluator::Impl::bIsqrt(const Args& a, const BuiltinValue&)
{
    a.noKeywords();
    a.arity(1, 1);
    const std::int64_t n = indexValue(a[0], "");
    if (n < 0)
        evalError("isqrt() argument must be nonnegative");
    auto r = static_cast<std::int64_t>(std::sqrt(static_cast<double>(n)));
    while (r > 0 && static_cast<Int128>(r) * r > n)
        --r;
    while (static_cast<Int128>(r + 1) * (r + 1) <= n)
        ++r;
    return Value::integer(r);
}

} // namespace ts::py
