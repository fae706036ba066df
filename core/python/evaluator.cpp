#include "core/python/evaluator.h"
#include "core/util/utf8.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <limits>
#include <new>
#include <numeric>
#include <set>
#include <unordered_map>

namespace ts::py {

namespace {

__extension__ typedef __int128 Int128;  // exact intermediate arithmetic

constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kInt64Min = std::numeric_limits<std::int64_t>::min();

// Internal failure; converted to EvalResult at the public boundary.
struct Failure {
    EvalError error;
    bool unknownRef = false;  // an unknown name or attribute: a call through it says "call to"
};

[[noreturn]] void raise(const char* code, std::string message, bool unknownRef = false)
{
    throw Failure{EvalError{code, 0, 0, std::move(message)}, unknownRef};
}

[[noreturn]] void notLiteral(const std::string& what, bool unknownRef = false)
{
    raise("not-a-literal", "not a literal: " + what, unknownRef);
}

[[noreturn]] void evalError(std::string message)
{
    raise("eval-error", std::move(message));
}

[[noreturn]] void tooLarge()
{
    evalError("integer too large (beyond 64 bits)");
}

std::string tn(const Value& v)
{
    return std::string(v.typeName());
}

// Local variables: a chain of scopes, innermost first (comprehension, call, captured).
struct Frame {
    const Scope* vars = nullptr;
    const Frame* parent = nullptr;
};

enum class Flow { Normal, Break, Continue, Return };
enum class Mode { Module, Function };

std::string dottedName(const Node* node)
{
    if (!node)
        return {};
    if (node->is(Kind::Name))
        return node->id();
    if (node->is(Kind::Attribute)) {
        std::string base = dottedName(node->child("value"));
        return base.empty() ? std::string() : base + "." + node->str("attr");
    }
    return {};
}

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

std::string_view statementName(Kind kind)
{
    switch (kind) {
    case Kind::Try:
    case Kind::TryStar: return "'try' statement";
    case Kind::With:
    case Kind::AsyncWith: return "'with' statement";
    case Kind::Match: return "'match' statement";
    case Kind::Raise: return "'raise' statement";
    case Kind::Import:
    case Kind::ImportFrom: return "import";
    case Kind::FunctionDef:
    case Kind::AsyncFunctionDef: return "nested function definition";
    case Kind::ClassDef: return "class definition";
    case Kind::Global: return "'global' statement";
    case Kind::Nonlocal: return "'nonlocal' statement";
    case Kind::AsyncFor: return "'async for' loop";
    default: return "statement";
    }
}

bool isNumeric(const Value& v)
{
    return v.isIntLike() || v.isFloat();
}

// The characters (code points) of a UTF-8 string.
std::vector<std::string_view> characters(const std::string& s)
{
    std::vector<std::string_view> out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const auto n = std::min<std::size_t>(static_cast<std::size_t>(utf8Length(static_cast<unsigned char>(s[i]))),
                                             s.size() - i);
        out.emplace_back(s.data() + i, n);
        i += n;
    }
    return out;
}

bool isAscii(const std::string& s)
{
    return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

std::int64_t characterCount(const std::string& s)
{
    if (isAscii(s))
        return static_cast<std::int64_t>(s.size());
    return static_cast<std::int64_t>(characters(s).size());
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

// Python slice semantics: clamps start/stop to a sequence of `length` and counts the result.
struct SliceSpec {
    std::int64_t start = 0, step = 1, count = 0;
};

SliceSpec adjustSlice(std::optional<std::int64_t> start, std::optional<std::int64_t> stop,
                      std::optional<std::int64_t> step, std::int64_t length)
{
    SliceSpec s;
    s.step = step.value_or(1);
    if (s.step == 0)
        evalError("slice step cannot be zero");
    if (s.step < -kInt64Max)
        s.step = -kInt64Max;
    const std::int64_t lower = s.step > 0 ? 0 : -1;
    const std::int64_t upper = s.step > 0 ? length : length - 1;
    auto clamp = [&](std::optional<std::int64_t> v, std::int64_t absent) {
        if (!v)
            return absent;
        std::int64_t x = *v;
        if (x < 0) {
            x = x < kInt64Min + length ? lower : x + length;
            if (x < lower)
                x = lower;
        } else if (x > upper) {
            x = upper;
        }
        return x;
    };
    s.start = clamp(start, s.step > 0 ? lower : upper);
    const std::int64_t end = clamp(stop, s.step > 0 ? upper : lower);
    if (s.step > 0)
        s.count = end > s.start ? (end - s.start - 1) / s.step + 1 : 0;
    else
        s.count = s.start > end ? (s.start - end - 1) / (-s.step) + 1 : 0;
    return s;
}

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

const std::set<std::string, std::less<>>& mutatingMethods()
{
    static const std::set<std::string, std::less<>> names = {"append", "extend", "insert", "sort", "reverse",
                                                             "update", "add", "clear", "pop"};
    return names;
}

// Every name a statement binds in the scope it runs in (assignment targets, loop variables,
// imports, definitions, receivers of in-place updates), without entering nested scopes.
void collectTargetNames(const Node* target, std::vector<std::string>& out)
{
    if (!target)
        return;
    switch (target->kind) {
    case Kind::Name: out.push_back(target->id()); break;
    case Kind::Tuple:
    case Kind::List:
        for (const Node* e : target->list("elts"))
            collectTargetNames(e, out);
        break;
    case Kind::Starred: collectTargetNames(target->child("value"), out); break;
    case Kind::Subscript:  // `NAME[key] = v` changes NAME; attributes of objects are not tracked
        if (const Node* base = target->child("value"); base && base->is(Kind::Name))
            out.push_back(base->id());
        break;
    default: break;
    }
}

void collectBoundNames(const Node* stmt, std::vector<std::string>& out)
{
    if (!stmt)
        return;
    switch (stmt->kind) {
    case Kind::Assign:
        for (const Node* t : stmt->list("targets"))
            collectTargetNames(t, out);
        break;
    case Kind::AugAssign:
    case Kind::AnnAssign: collectTargetNames(stmt->child("target"), out); break;
    case Kind::Delete:
        for (const Node* t : stmt->list("targets"))
            collectTargetNames(t, out);
        break;
    case Kind::For:
    case Kind::AsyncFor: collectTargetNames(stmt->child("target"), out); break;
    case Kind::FunctionDef:
    case Kind::AsyncFunctionDef:
    case Kind::ClassDef: out.push_back(stmt->str("name")); return;
    case Kind::Import:
    case Kind::ImportFrom:
        for (const Node* alias : stmt->list("names")) {
            std::string name = alias->str("asname");
            if (name.empty()) {
                name = alias->str("name");
                if (auto dot = name.find('.'); dot != std::string::npos)
                    name = name.substr(0, dot);
            }
            if (name != "*")
                out.push_back(name);
        }
        return;
    case Kind::With:
    case Kind::AsyncWith:
        for (const Node* item : stmt->list("items"))
            collectTargetNames(item->child("optional_vars"), out);
        break;
    case Kind::Expr:
        if (const Node* call = stmt->child("value"); call && call->is(Kind::Call)) {
            const Node* func = call->child("func");
            if (func && func->is(Kind::Attribute) && mutatingMethods().count(func->str("attr")) &&
                func->child("value")->is(Kind::Name))
                out.push_back(func->child("value")->id());
        }
        return;
    default: break;
    }
    for (std::string_view block : {"body", "orelse", "finalbody"})
        for (const Node* s : stmt->list(block))
            collectBoundNames(s, out);
    for (const Node* handler : stmt->list("handlers")) {
        if (!handler->str("name").empty())
            out.push_back(handler->str("name"));
        for (const Node* s : handler->list("body"))
            collectBoundNames(s, out);
    }
    for (const Node* c : stmt->list("cases"))
        for (const Node* s : c->list("body"))
            collectBoundNames(s, out);
}

// The first statement a simple function may not contain, or nullptr.
const Node* unsupportedStatement(const std::vector<const Node*>& body)
{
    for (const Node* s : body) {
        if (!s)
            continue;
        switch (s->kind) {
        case Kind::Expr:
        case Kind::Assign:
        case Kind::AugAssign:
        case Kind::AnnAssign:
        case Kind::Return:
        case Kind::Pass:
        case Kind::Break:
        case Kind::Continue:
        case Kind::Delete:
        case Kind::Raise:
        case Kind::Assert: break;
        case Kind::For:
        case Kind::While:
        case Kind::If:
            if (const Node* bad = unsupportedStatement(s->list("body")))
                return bad;
            if (const Node* bad = unsupportedStatement(s->list("orelse")))
                return bad;
            break;
        default: return s;
        }
    }
    return nullptr;
}

// Arguments of a built-in call, with helpers that produce Python's messages.
struct Args {
    std::string_view fn;
    const std::vector<Value>& positional;
    const std::vector<std::pair<std::string, Value>>& keywords;
    const Node* node = nullptr;

    std::size_t count() const { return positional.size(); }
    const Value& operator[](std::size_t i) const { return positional[i]; }

    void noKeywords() const
    {
        if (!keywords.empty())
            evalError(std::string(fn) + "() takes no keyword arguments");
    }
    void allowKeywords(std::initializer_list<std::string_view> allowed) const
    {
        for (const auto& [k, v] : keywords)
            if (std::find(allowed.begin(), allowed.end(), k) == allowed.end())
                evalError(std::string(fn) + "() got an unexpected keyword argument '" + k + "'");
    }
    void arity(std::size_t min, std::size_t max) const
    {
        const std::size_t n = positional.size();
        if (n >= min && n <= max)
            return;
        if (min == max && min == 1)
            evalError(std::string(fn) + "() takes exactly one argument (" + std::to_string(n) + " given)");
        if (n < min)
            evalError(std::string(fn) + " expected at least " + std::to_string(min) + " argument" +
                      (min == 1 ? "" : "s") + ", got " + std::to_string(n));
        evalError(std::string(fn) + " expected at most " + std::to_string(max) + " argument" +
                  (max == 1 ? "" : "s") + ", got " + std::to_string(n));
    }
    const Value* keyword(std::string_view name) const
    {
        for (const auto& [k, v] : keywords)
            if (k == name)
                return &v;
        return nullptr;
    }
    // Positional `index` or keyword `name`, whichever was given.
    const Value* argument(std::size_t index, std::string_view name) const
    {
        const Value* kw = keyword(name);
        if (index < positional.size()) {
            if (kw)
                evalError(std::string(fn) + "() got multiple values for argument '" + std::string(name) + "'");
            return &positional[index];
        }
        return kw;
    }
};

std::int64_t indexValue(const Value& v, std::string_view what)
{
    if (!v.isIntLike())
        evalError("'" + tn(v) + "' object cannot be interpreted as an integer" +
                  (what.empty() ? std::string() : " (" + std::string(what) + ")"));
    return v.asInt();
}

} // namespace

// ---------------------------------------------------------------------------------------------

class Evaluator::Impl {
public:
    Impl(const Module* module, EvalLimits limits) : module_(module), limits_(limits)
    {
        if (module_ && module_->root())
            bindModule();
    }

    const Module* module_;
    EvalLimits limits_;
    Scope moduleScope_;
    std::map<std::string, EvalError, std::less<>> unevaluable_;

    template <typename Fn>
    EvalResult guarded(Fn&& fn)
    {
        reset();
        EvalResult result;
        try {
            result.value = fn();
        } catch (Failure& f) {
            result.error = std::move(f.error);
        } catch (const std::bad_alloc&) {
            result.error = EvalError{"eval-limit", 0, 0, "evaluation limit: out of memory"};
        } catch (const std::length_error&) {
            result.error = EvalError{"eval-limit", 0, 0, "evaluation limit: out of memory"};
        }
        return result;
    }

    // ---- limits ----

    std::int64_t steps_ = 0;
    std::int64_t callDepth_ = 0;
    std::int64_t nesting_ = 0;

    void reset()
    {
        steps_ = 0;
        callDepth_ = 0;
        nesting_ = 0;
    }

    void tick(std::int64_t n = 1)
    {
        if (n < 0 || n > limits_.maxSteps || (steps_ += n) > limits_.maxSteps)
            raise("eval-limit", "evaluation limit: more than " + std::to_string(limits_.maxSteps) + " steps");
    }

    void checkSize(std::int64_t n)
    {
        if (n > limits_.maxContainerSize)
            raise("eval-limit",
                  "evaluation limit: more than " + std::to_string(limits_.maxContainerSize) + " elements");
    }

    struct Nesting {
        Impl& impl;
        explicit Nesting(Impl& i) : impl(i)
        {
            if (++impl.nesting_ > impl.limits_.maxNestingDepth) {
                --impl.nesting_;
                raise("eval-limit", "evaluation limit: expressions nested more than " +
                                        std::to_string(impl.limits_.maxNestingDepth) + " levels deep");
            }
        }
        ~Nesting() { --impl.nesting_; }
    };

    struct CallDepth {
        Impl& impl;
        explicit CallDepth(Impl& i) : impl(i)
        {
            if (++impl.callDepth_ > impl.limits_.maxCallDepth) {
                --impl.callDepth_;
                raise("eval-limit", "evaluation limit: more than " + std::to_string(impl.limits_.maxCallDepth) +
                                        " nested calls");
            }
        }
        ~CallDepth() { --impl.callDepth_; }
    };

    static void locate(Failure& f, const Node* node)
    {
        if (f.error.line == 0 && node && node->line > 0) {
            f.error.line = node->line;
            f.error.column = node->col + 1;
        }
    }

    // ---- module binding ----

    void markUnevaluable(const std::string& name, const EvalError& error)
    {
        moduleScope_.erase(name);
        unevaluable_[name] = error;
    }

    void bindModuleName(const std::string& name, Value value)
    {
        unevaluable_.erase(name);
        moduleScope_[name] = std::move(value);
    }

    void bindModule()
    {
        std::string stem = std::filesystem::path(module_->fileName()).stem().string();
        moduleScope_["__name__"] = Value::string(stem.empty() || stem == "__main__" ? "__module__" : stem);
        Scope& scope = moduleScope_;
        for (const Node* stmt : module_->root()->list("body")) {
            if (!stmt)
                continue;
            reset();
            try {
                Value returned;
                execStatement(stmt, scope, Mode::Module, returned);
            } catch (Failure& f) {
                locate(f, stmt);
                std::vector<std::string> names;
                collectBoundNames(stmt, names);
                for (const std::string& name : names)
                    markUnevaluable(name, f.error);
            } catch (const std::bad_alloc&) {
                std::vector<std::string> names;
                collectBoundNames(stmt, names);
                for (const std::string& name : names)
                    markUnevaluable(name, EvalError{"eval-limit", stmt->line, stmt->col + 1,
                                                    "evaluation limit: out of memory"});
            }
        }
    }

    void bindImport(const Node* stmt)
    {
        if (stmt->is(Kind::Import)) {
            for (const Node* alias : stmt->list("names")) {
                const std::string& name = alias->str("name");
                const std::string& asName = alias->str("asname");
                if (!asName.empty())
                    bindModuleName(asName, Value::module(name));
                else
                    bindModuleName(name.substr(0, name.find('.')), Value::module(name.substr(0, name.find('.'))));
            }
            return;
        }
        const std::string& from = stmt->str("module");
        const Field* level = stmt->field("level");
        for (const Node* alias : stmt->list("names")) {
            const std::string& name = alias->str("name");
            if (name == "*")
                continue;
            const std::string bound = alias->str("asname").empty() ? name : alias->str("asname");
            std::optional<Value> value;
            if (!(level && level->integer > 0))
                value = moduleAttribute(from, name);
            if (value) {
                bindModuleName(bound, *value);
            } else {
                markUnevaluable(bound, EvalError{"not-a-literal", alias->line ? alias->line : stmt->line,
                                                 (alias->line ? alias->col : stmt->col) + 1,
                                                 "not a literal: '" + name + "' is imported from '" + from +
                                                     "' and cannot be evaluated safely"});
            }
        }
    }

    void defineFunction(const Node* def, Scope& vars, const Frame* frame)
    {
        const std::string& name = def->str("name");
        if (def->is(Kind::AsyncFunctionDef))
            notLiteral("'" + name + "' is an async function");
        if (!def->list("decorator_list").empty()) {
            const Node* first = def->list("decorator_list").front();
            const std::string decorator = dottedName(first->is(Kind::Call) ? first->child("func") : first);
            notLiteral("'" + name + "' is a decorated function" +
                       (decorator.empty() ? std::string() : " (@" + decorator + ")") +
                       " and cannot be evaluated safely");
        }
        if (const Node* bad = unsupportedStatement(def->list("body"))) {
            Failure f{EvalError{"not-a-literal", 0, 0,
                                "not a literal: function '" + name + "' contains a " +
                                    std::string(statementName(bad->kind)) + " (line " + std::to_string(bad->line) +
                                    "), which cannot be evaluated safely"}};
            locate(f, def);
            throw f;
        }
        FunctionValue fn;
        fn.node = def;
        fn.name = name;
        const Node* arguments = def->child("args");
        for (const Node* d : arguments->list("defaults"))
            fn.defaults.push_back(eval(d, frame));
        for (const Node* d : arguments->list("kw_defaults"))
            fn.kwDefaults.push_back(d ? std::optional<Value>(eval(d, frame)) : std::nullopt);
        vars[name] = Value::function(std::move(fn));
    }

    // ---- statements (module level and simple functions) ----

    Flow execBlock(const std::vector<const Node*>& body, Scope& vars, Mode mode, Value& returned)
    {
        for (const Node* stmt : body) {
            if (!stmt)
                continue;
            const Flow flow = execStatement(stmt, vars, mode, returned);
            if (flow != Flow::Normal)
                return flow;
        }
        return Flow::Normal;
    }

    Flow execStatement(const Node* stmt, Scope& vars, Mode mode, Value& returned)
    {
        tick();
        Nesting nesting(*this);
        try {
            return execStatementInner(stmt, vars, mode, returned);
        } catch (Failure& f) {
            locate(f, stmt);
            throw;
        }
    }

    Flow execStatementInner(const Node* stmt, Scope& vars, Mode mode, Value& returned)
    {
        // Module statements see the module scope directly; function bodies see their locals.
        const Frame localFrame{&vars, nullptr};
        const Frame* frame = mode == Mode::Function ? &localFrame : nullptr;
        switch (stmt->kind) {
        case Kind::Expr: {
            const Node* value = stmt->child("value");
            if (!value || value->is(Kind::Constant))
                return Flow::Normal;  // docstring
            if (value->is(Kind::Call)) {
                const Node* func = value->child("func");
                if (func->is(Kind::Name) && func->id() == "print")
                    return Flow::Normal;
                if (func->is(Kind::Attribute) && func->child("value")->is(Kind::Name) &&
                    mutatingMethods().count(func->str("attr")) && tryMutate(value, vars, mode, frame))
                    return Flow::Normal;
            }
            if (mode == Mode::Function)
                eval(value, frame);
            return Flow::Normal;
        }
        case Kind::Assign: {
            Value v = eval(stmt->child("value"), frame);
            for (const Node* target : stmt->list("targets"))
                assign(target, v, vars, mode, frame);
            return Flow::Normal;
        }
        case Kind::AnnAssign:
            if (const Node* value = stmt->child("value"))
                assign(stmt->child("target"), eval(value, frame), vars, mode, frame);
            return Flow::Normal;
        case Kind::AugAssign: augmentedAssign(stmt, vars, mode, frame); return Flow::Normal;
        case Kind::Return:
            if (mode != Mode::Function)
                evalError("'return' outside function");
            returned = stmt->child("value") ? eval(stmt->child("value"), frame) : Value::none();
            return Flow::Return;
        case Kind::Pass:
        case Kind::Assert: return Flow::Normal;
        case Kind::Raise:
            if (mode == Mode::Module)
                return Flow::Normal;
            evalError("the function raises " +
                      (stmt->child("exc") ? dottedName(stmt->child("exc")->is(Kind::Call)
                                                           ? stmt->child("exc")->child("func")
                                                           : stmt->child("exc"))
                                          : std::string("an exception")));
        case Kind::Break: return Flow::Break;
        case Kind::Continue: return Flow::Continue;
        case Kind::If:
            return execBlock(truth(eval(stmt->child("test"), frame)) ? stmt->list("body") : stmt->list("orelse"), vars,
                             mode, returned);
        case Kind::For: {
            Value iterable = eval(stmt->child("iter"), frame);
            Flow result = Flow::Normal;
            bool broke = false;
            forEach(iterable, [&](const Value& item) {
                tick();
                assign(stmt->child("target"), item, vars, mode, frame);
                const Flow flow = execBlock(stmt->list("body"), vars, mode, returned);
                if (flow == Flow::Return) {
                    result = Flow::Return;
                    return false;
                }
                if (flow == Flow::Break) {
                    broke = true;
                    return false;
                }
                return true;
            });
            if (result == Flow::Return)
                return result;
            if (!broke)
                return execBlock(stmt->list("orelse"), vars, mode, returned);
            return Flow::Normal;
        }
        case Kind::While: {
            for (;;) {
                tick();
                if (!truth(eval(stmt->child("test"), frame)))
                    return execBlock(stmt->list("orelse"), vars, mode, returned);
                const Flow flow = execBlock(stmt->list("body"), vars, mode, returned);
                if (flow == Flow::Return)
                    return flow;
                if (flow == Flow::Break)
                    return Flow::Normal;
            }
        }
        case Kind::Delete:
            for (const Node* target : stmt->list("targets")) {
                if (!target->is(Kind::Name))
                    notLiteral("'del' of anything but a name cannot be evaluated safely");
                if (mode == Mode::Module)
                    markUnevaluable(target->id(), EvalError{"eval-error", stmt->line, stmt->col + 1,
                                                            "name '" + target->id() + "' was deleted"});
                else if (!vars.erase(target->id()))
                    evalError("name '" + target->id() + "' is not defined");
            }
            return Flow::Normal;
        default: break;
        }
        if (mode == Mode::Module) {
            switch (stmt->kind) {
            case Kind::FunctionDef:
            case Kind::AsyncFunctionDef: {
                try {
                    defineFunction(stmt, vars, frame);
                    unevaluable_.erase(stmt->str("name"));
                } catch (Failure& f) {
                    locate(f, stmt);
                    markUnevaluable(stmt->str("name"), f.error);
                }
                return Flow::Normal;
            }
            case Kind::Import:
            case Kind::ImportFrom: bindImport(stmt); return Flow::Normal;
            case Kind::ClassDef:
                markUnevaluable(stmt->str("name"),
                                EvalError{"not-a-literal", stmt->line, stmt->col + 1,
                                          "not a literal: '" + stmt->str("name") + "' is a class"});
                return Flow::Normal;
            case Kind::Global:
            case Kind::Nonlocal: return Flow::Normal;
            case Kind::Try:
            case Kind::TryStar: {
                // Read as if the module imported cleanly: the body runs, the handlers do not
                // (`try: import torch_npu` / `except ImportError:` keeps what the body binds).
                Flow flow = execBlock(stmt->list("body"), vars, mode, returned);
                if (flow == Flow::Normal)
                    flow = execBlock(stmt->list("orelse"), vars, mode, returned);
                const Flow last = execBlock(stmt->list("finalbody"), vars, mode, returned);
                return last != Flow::Normal ? last : flow;
            }
            default: break;
            }
            notLiteral("names assigned in a " + std::string(statementName(stmt->kind)) + " are not evaluated");
        }
        notLiteral("a " + std::string(statementName(stmt->kind)) + " in a function cannot be evaluated safely");
    }

    // Looks a name up for assignment-like updates: function locals, or the module scope.
    Value* slotFor(const std::string& name, Scope& vars, Mode mode)
    {
        auto it = vars.find(name);
        if (it != vars.end())
            return &it->second;
        if (mode == Mode::Function && (moduleScope_.count(name) || unevaluable_.count(name)))
            notLiteral("the function changes module-level '" + name + "'");
        return nullptr;
    }

    void chargeUpdate(const Value& container, std::int64_t newSize)
    {
        checkSize(newSize);
        tick(container.uniquelyHeld() ? 1 : std::max<std::int64_t>(1, container.size()));
    }

    // `name.append(x)` and friends as statements; false when the receiver is not a local
    // list/dict/set (then the statement is evaluated as an ordinary expression).
    bool tryMutate(const Node* call, Scope& vars, Mode mode, const Frame* frame)
    {
        const Node* func = call->child("func");
        const std::string& name = func->child("value")->id();
        const std::string& method = func->str("attr");
        Value* slot = slotFor(name, vars, mode);
        if (!slot)
            return false;
        static const std::set<std::string, std::less<>> listMethods = {"append", "extend", "insert", "sort",
                                                                       "reverse", "clear", "pop"};
        const bool supported = (slot->isList() && listMethods.count(method)) ||
                               (slot->isDict() && (method == "update" || method == "clear")) ||
                               (slot->isSet() && (method == "add" || method == "update" || method == "clear"));
        if (!supported)
            return false;
        std::vector<Value> args;
        std::vector<std::pair<std::string, Value>> kwargs;
        evalArguments(call, frame, args, kwargs);
        slot = slotFor(name, vars, mode);  // look again: the arguments have been evaluated
        if (!slot)
            return false;
        const std::string fn = std::string(slot->typeName()) + "." + method;
        mutate(*slot, method, Args{fn, args, kwargs, call});
        return true;
    }

    // Everything that evaluates (collecting iterables, calling sort keys) happens before the
    // slot's value is handed to the update, which then reuses its payload when unshared.
    void mutate(Value& slot, const std::string& method, const Args& a)
    {
        if (method == "append") {
            a.noKeywords();
            a.arity(1, 1);
            chargeUpdate(slot, slot.size() + 1);
            slot = Value::appended(std::move(slot), a[0]);
        } else if (method == "extend") {
            a.noKeywords();
            a.arity(1, 1);
            const std::vector<Value> items = collect(a[0]);
            chargeUpdate(slot, slot.size() + static_cast<std::int64_t>(items.size()));
            tick(static_cast<std::int64_t>(items.size()));
            slot = Value::extended(std::move(slot), items);
        } else if (method == "insert") {
            a.noKeywords();
            a.arity(2, 2);
            const std::int64_t index = indexValue(a[0], "");
            chargeUpdate(slot, slot.size() + 1);
            slot = Value::inserted(std::move(slot), index, a[1]);
        } else if (method == "sort") {
            if (!a.positional.empty())
                evalError("sort() takes no positional arguments");
            a.allowKeywords({"key", "reverse"});
            std::vector<Value> items = slot.items();
            const Value* reverse = a.keyword("reverse");
            sortValues(items, a.keyword("key"), reverse && truth(*reverse));
            slot = Value::list(std::move(items));
        } else if (method == "reverse") {
            a.noKeywords();
            a.arity(0, 0);
            std::vector<Value> items = slot.items();
            std::reverse(items.begin(), items.end());
            tick(static_cast<std::int64_t>(items.size()));
            slot = Value::list(std::move(items));
        } else if (method == "pop") {
            a.noKeywords();
            a.arity(0, 1);
            std::vector<Value> items = slot.items();
            if (items.empty())
                evalError("pop from empty list");
            std::int64_t i = a.count() ? indexValue(a[0], "") : -1;
            if (i < 0)
                i += static_cast<std::int64_t>(items.size());
            if (i < 0 || i >= static_cast<std::int64_t>(items.size()))
                evalError("pop index out of range");
            items.erase(items.begin() + i);
            tick(static_cast<std::int64_t>(items.size()));
            slot = Value::list(std::move(items));
        } else if (method == "clear") {
            a.noKeywords();
            a.arity(0, 0);
            slot = slot.isDict() ? Value::dict({}) : (slot.isSet() ? Value::set({}) : Value::list({}));
        } else if (method == "add") {
            a.noKeywords();
            a.arity(1, 1);
            requireHashable(a[0]);
            chargeUpdate(slot, slot.size() + 1);
            slot = Value::withMember(std::move(slot), a[0]);
        } else if (slot.isSet()) {  // set.update(*iterables)
            a.noKeywords();
            std::vector<Value> items;
            for (const Value& it : a.positional)
                for (Value& item : collect(it)) {
                    requireHashable(item);
                    items.push_back(std::move(item));
                }
            chargeUpdate(slot, slot.size() + static_cast<std::int64_t>(items.size()));
            for (Value& item : items)
                slot = Value::withMember(std::move(slot), std::move(item));
        } else {  // dict.update(mapping_or_pairs, **kwargs)
            a.arity(0, 1);
            std::vector<std::pair<Value, Value>> entries;
            if (a.count())
                entries = dictEntriesFrom(a[0], "update");
            for (const auto& [k, v] : a.keywords)
                entries.emplace_back(Value::string(k), v);
            chargeUpdate(slot, slot.size() + static_cast<std::int64_t>(entries.size()));
            tick(static_cast<std::int64_t>(entries.size()));
            slot = Value::withEntries(std::move(slot), entries);
        }
    }

    void assign(const Node* target, const Value& value, Scope& vars, Mode mode, const Frame* frame)
    {
        switch (target->kind) {
        case Kind::Name:
            if (mode == Mode::Module)
                bindModuleName(target->id(), value);
            else
                vars[target->id()] = value;
            return;
        case Kind::Tuple:
        case Kind::List:
            unpack(target, value, [&](const Node* t, const Value& v) { assign(t, v, vars, mode, frame); });
            return;
        case Kind::Subscript: {
            const Node* base = target->child("value");
            if (!base->is(Kind::Name)) {
                if (mode == Mode::Module)
                    return;  // `os.environ['X'] = ...`: a change to an object we do not model
                notLiteral("assignment to a nested subscript cannot be evaluated safely");
            }
            const Node* index = target->child("slice");
            if (index->is(Kind::Slice))
                notLiteral("assignment to a slice cannot be evaluated safely");
            Value key = eval(index, frame);
            Value* slot = slotFor(base->id(), vars, mode);
            if (!slot)
                lookup(base->id(), frame);  // reports why the name is unknown
            if (!slot)
                notLiteral("assignment to an item of '" + base->id() + "' cannot be evaluated safely");
            if (slot->isDict()) {
                requireHashable(key);
                chargeUpdate(*slot, slot->size() + 1);
            } else if (slot->isList()) {
                const std::int64_t n = slot->size();
                std::int64_t i = indexValue(key, "list indices must be integers");
                if (i < 0)
                    i += n;
                if (i < 0 || i >= n)
                    evalError("list assignment index out of range");
                chargeUpdate(*slot, n);
                key = Value::integer(i);
            } else {
                evalError("'" + tn(*slot) + "' object does not support item assignment");
            }
            *slot = Value::withItem(std::move(*slot), std::move(key), value);
            return;
        }
        case Kind::Attribute:
            if (mode == Mode::Module)
                return;  // `torch.backends.flag = True`: object attributes are not modelled
            notLiteral("assignment to an attribute cannot be evaluated safely");
        case Kind::Starred: evalError("starred assignment target must be in a list or tuple");
        default: evalError("cannot assign to " + std::string(target->typeName()));
        }
    }

    template <typename Fn>
    void unpack(const Node* target, const Value& value, Fn&& bind)
    {
        const auto& elts = target->list("elts");
        std::vector<Value> items = collect(value);
        std::size_t starred = elts.size();
        for (std::size_t i = 0; i < elts.size(); ++i)
            if (elts[i]->is(Kind::Starred))
                starred = i;
        if (starred == elts.size()) {
            if (items.size() < elts.size())
                evalError("not enough values to unpack (expected " + std::to_string(elts.size()) + ", got " +
                          std::to_string(items.size()) + ")");
            if (items.size() > elts.size())
                evalError("too many values to unpack (expected " + std::to_string(elts.size()) + ")");
            for (std::size_t i = 0; i < elts.size(); ++i)
                bind(elts[i], items[i]);
            return;
        }
        const std::size_t fixed = elts.size() - 1;
        if (items.size() < fixed)
            evalError("not enough values to unpack (expected at least " + std::to_string(fixed) + ", got " +
                      std::to_string(items.size()) + ")");
        const std::size_t after = elts.size() - starred - 1;
        for (std::size_t i = 0; i < starred; ++i)
            bind(elts[i], items[i]);
        std::vector<Value> middle(items.begin() + static_cast<std::ptrdiff_t>(starred),
                                  items.end() - static_cast<std::ptrdiff_t>(after));
        bind(elts[starred]->child("value"), Value::list(std::move(middle)));
        for (std::size_t i = 0; i < after; ++i)
            bind(elts[starred + 1 + i], items[items.size() - after + i]);
    }

    void augmentedAssign(const Node* stmt, Scope& vars, Mode mode, const Frame* frame)
    {
        const Node* target = stmt->child("target");
        const Kind op = stmt->op();
        Value rhs = eval(stmt->child("value"), frame);
        if (target->is(Kind::Name)) {
            const std::string& name = target->id();
            Value* slot = mode == Mode::Module ? nullptr : slotFor(name, vars, mode);
            if (mode == Mode::Module) {
                auto it = moduleScope_.find(name);
                if (it == moduleScope_.end())
                    lookup(name, nullptr);  // unevaluable / unknown: says why
                if (it == moduleScope_.end())
                    evalError("name '" + name + "' is not defined");
                slot = &it->second;
            } else if (!slot) {
                evalError("local variable '" + name + "' referenced before assignment");
            }
            if (slot->isList() && op == Kind::Add) {  // list += iterable extends in place
                std::vector<Value> items = collect(rhs);
                chargeUpdate(*slot, slot->size() + static_cast<std::int64_t>(items.size()));
                tick(static_cast<std::int64_t>(items.size()));
                *slot = Value::extended(std::move(*slot), items);
            } else {
                *slot = binary(op, *slot, rhs);
            }
            return;
        }
        if (target->is(Kind::Subscript)) {
            Value current = eval(target, frame);
            assign(target, binary(op, current, rhs), vars, mode, frame);
            return;
        }
        notLiteral("augmented assignment to an attribute cannot be evaluated safely");
    }

    // ---- expressions ----

    Value eval(const Node* node, const Frame* frame)
    {
        if (!node)
            evalError("missing expression");
        tick();
        Nesting nesting(*this);
        try {
            return evalInner(node, frame);
        } catch (Failure& f) {
            locate(f, node);
            throw;
        }
    }

    Value evalInner(const Node* node, const Frame* frame)
    {
        switch (node->kind) {
        case Kind::Constant: return constant(node);
        case Kind::Name: return lookup(node->id(), frame);
        case Kind::Attribute: return attribute(eval(node->child("value"), frame), node->str("attr"));
        case Kind::Subscript: return subscript(node, frame);
        case Kind::BinOp: {
            Value left = eval(node->child("left"), frame);
            Value right = eval(node->child("right"), frame);
            return binary(node->op(), left, right);
        }
        case Kind::UnaryOp: return unary(node->op(), eval(node->child("operand"), frame));
        case Kind::BoolOp: {
            const bool isAnd = node->op() == Kind::And;
            Value v;
            for (const Node* operand : node->list("values")) {
                v = eval(operand, frame);
                if (truth(v) != isAnd)
                    return v;
            }
            return v;
        }
        case Kind::Compare: return compareChain(node, frame);
        case Kind::IfExp:
            return truth(eval(node->child("test"), frame)) ? eval(node->child("body"), frame)
                                                            : eval(node->child("orelse"), frame);
        case Kind::List: return Value::list(elements(node->list("elts"), frame));
        case Kind::Tuple: return Value::tuple(elements(node->list("elts"), frame));
        case Kind::Set: {
            std::vector<Value> items = elements(node->list("elts"), frame);
            for (const Value& v : items)
                requireHashable(v);
            return Value::set(std::move(items));
        }
        case Kind::Dict: return dictDisplay(node, frame);
        case Kind::ListComp:
        case Kind::SetComp:
        case Kind::DictComp: return comprehension(node, frame);
        case Kind::GeneratorExp: {
            const auto& clauses = node->list("generators");
            GeneratorValue g;
            g.node = node;
            g.captured = flatten(frame);
            g.firstIterable = eval(clauses.front()->child("iter"), frame);
            return Value::generator(std::move(g));
        }
        case Kind::Lambda: return makeLambda(node, frame);
        case Kind::Call: return callExpression(node, frame);
        case Kind::JoinedStr: {
            std::string out;
            for (const Node* part : node->list("values")) {
                out += part->is(Kind::Constant) ? constant(part).str() : formatted(part, frame);
                checkSize(static_cast<std::int64_t>(out.size()));
            }
            return Value::string(std::move(out));
        }
        case Kind::FormattedValue: return Value::string(formatted(node, frame));
        case Kind::Expr: return eval(node->child("value"), frame);
        case Kind::Expression: return eval(node->child("body"), frame);
        case Kind::NamedExpr: notLiteral("assignment expression ':=' cannot be evaluated safely");
        case Kind::Await: notLiteral("'await' cannot be evaluated safely");
        case Kind::Yield:
        case Kind::YieldFrom: notLiteral("'yield' cannot be evaluated safely");
        case Kind::Starred: evalError("can't use starred expression here");
        case Kind::Slice: evalError("a slice outside a subscript");
        default: break;
        }
        notLiteral("'" + std::string(node->typeName()) + "' cannot be evaluated safely");
    }

    Value constant(const Node* node)
    {
        const ConstantValue* c = node->constant();
        if (!c)
            return Value::none();
        switch (c->type) {
        case ConstantValue::Type::None: return Value::none();
        case ConstantValue::Type::Bool: return Value::boolean(c->boolean);
        case ConstantValue::Type::Int:
            if (c->bigInt)
                evalError("integer too large (beyond 64 bits): " + c->text);
            return Value::integer(c->integer);
        case ConstantValue::Type::Float: return Value::real(c->real);
        case ConstantValue::Type::Str:
            checkSize(static_cast<std::int64_t>(c->text.size()));
            return Value::string(c->text);
        case ConstantValue::Type::Bytes: notLiteral("bytes literal is not supported");
        case ConstantValue::Type::Complex: notLiteral("complex number literal is not supported");
        case ConstantValue::Type::Ellipsis: notLiteral("Ellipsis '...' is not supported");
        }
        return Value::none();
    }

    std::string formatted(const Node* node, const Frame* frame)
    {
        Value v = eval(node->child("value"), frame);
        if (node->child("format_spec"))
            notLiteral("f-string format specification cannot be evaluated safely");
        const Field* conversion = node->field("conversion");
        const std::int64_t c = conversion ? conversion->integer : -1;
        tick(v.weight());
        return c == 'r' || c == 'a' ? v.repr() : v.str();
    }

    Value lookup(const std::string& name, const Frame* frame)
    {
        for (const Frame* f = frame; f; f = f->parent)
            if (auto it = f->vars->find(name); it != f->vars->end())
                return it->second;
        if (auto it = moduleScope_.find(name); it != moduleScope_.end())
            return it->second;
        if (auto it = unevaluable_.find(name); it != unevaluable_.end()) {
            const EvalError& why = it->second;
            std::string reason = why.message;
            const std::string prefix = "not a literal: ";
            if (reason.rfind(prefix, 0) == 0)
                reason = reason.substr(prefix.size());
            std::string message = "'" + name + "' cannot be evaluated: " + reason;
            if (why.line > 0)
                message += " (line " + std::to_string(why.line) + ")";
            raise(why.code == "eval-limit" ? "eval-limit" : why.code == "eval-error" ? "eval-error" : "not-a-literal",
                  why.code == "not-a-literal" ? prefix + message : message);
        }
        if (auto it = builtinScope().find(name); it != builtinScope().end())
            return it->second;
        notLiteral("name '" + name + "' is not defined or cannot be evaluated safely", true);
    }

    static Scope flatten(const Frame* frame)
    {
        Scope out;
        for (const Frame* f = frame; f; f = f->parent)
            for (const auto& [k, v] : *f->vars)
                out.emplace(k, v);  // inner scopes come first and win
        return out;
    }

    std::vector<Value> elements(const std::vector<const Node*>& nodes, const Frame* frame)
    {
        std::vector<Value> out;
        out.reserve(nodes.size());
        for (const Node* n : nodes) {
            if (n->is(Kind::Starred)) {
                Value inner = eval(n->child("value"), frame);
                forEach(inner, [&](const Value& v) {
                    tick();
                    out.push_back(v);
                    checkSize(static_cast<std::int64_t>(out.size()));
                    return true;
                });
            } else {
                out.push_back(eval(n, frame));
                checkSize(static_cast<std::int64_t>(out.size()));
            }
        }
        return out;
    }

    Value dictDisplay(const Node* node, const Frame* frame)
    {
        const auto& keys = node->list("keys");
        const auto& values = node->list("values");
        std::vector<std::pair<Value, Value>> entries;
        for (std::size_t i = 0; i < values.size(); ++i) {
            if (i >= keys.size() || !keys[i]) {  // **mapping
                Value merged = eval(values[i], frame);
                if (!merged.isDict())
                    evalError("'" + tn(merged) + "' object is not a mapping");
                tick(merged.size());
                entries.insert(entries.end(), merged.entries().begin(), merged.entries().end());
            } else {
                Value k = eval(keys[i], frame);
                requireHashable(k);
                entries.emplace_back(std::move(k), eval(values[i], frame));
            }
            checkSize(static_cast<std::int64_t>(entries.size()));
        }
        return Value::dict(std::move(entries));
    }

    void requireHashable(const Value& v)
    {
        tick(v.weight());
        if (!v.hashable())
            evalError("unhashable type: '" + tn(v) + "'");
    }

    bool truth(const Value& v)
    {
        if (v.isTensor())
            notLiteral("the truth value of a tensor cannot be evaluated safely");
        return v.truthy();
    }

    // ---- comprehensions and iteration ----

    using Visit = std::function<bool(const Value&)>;

    // Runs the for/if clauses from `index`; `body` is called for every complete binding and
    // returns false to stop. Returns false when stopped.
    bool runClauses(const std::vector<const Node*>& clauses, std::size_t index, Scope& vars, const Frame& frame,
                    const Value* first, const std::function<bool()>& body)
    {
        const Node* clause = clauses[index];
        if (const Field* async = clause->field("is_async"); async && async->integer != 0)
            notLiteral("asynchronous comprehension cannot be evaluated safely");
        Value iterable = first ? *first : eval(clause->child("iter"), &frame);
        const Node* target = clause->child("target");
        const auto& conditions = clause->list("ifs");
        bool keepGoing = true;
        forEach(iterable, [&](const Value& item) {
            tick();
            bindTarget(target, item, vars);
            for (const Node* condition : conditions)
                if (!truth(eval(condition, &frame)))
                    return true;
            keepGoing = index + 1 == clauses.size() ? body()
                                                     : runClauses(clauses, index + 1, vars, frame, nullptr, body);
            return keepGoing;
        });
        return keepGoing;
    }

    void bindTarget(const Node* target, const Value& item, Scope& vars)
    {
        if (target->is(Kind::Name)) {
            vars[target->id()] = item;
            return;
        }
        if (target->is(Kind::Tuple) || target->is(Kind::List)) {
            unpack(target, item, [&](const Node* t, const Value& v) { bindTarget(t, v, vars); });
            return;
        }
        notLiteral("a comprehension target other than names cannot be evaluated safely");
    }

    static std::optional<std::int64_t> knownLength(const Value& v)
    {
        switch (v.type()) {
        case Value::Type::List:
        case Value::Type::Tuple:
        case Value::Type::Set:
        case Value::Type::Dict:
        case Value::Type::Range: return v.size();
        case Value::Type::Str: return characterCount(v.asStr());
        default: return std::nullopt;
        }
    }

    // The innermost clause of a comprehension runs once per combination of the outer clauses'
    // items. When no outer clause filters and the inner iterables do not depend on the
    // comprehension's variables (so, evaluation being pure, are the same every time), that count
    // is their product: refuse at once what must exceed the limits, instead of running into them.
    void precheckComprehension(const Node* node, const std::vector<const Node*>& clauses, const Value& first,
                               const Frame* outer)
    {
        std::vector<std::string> targets;
        for (const Node* clause : clauses)
            collectTargetNames(clause->child("target"), targets);
        auto length = knownLength(first);
        if (!length)
            return;
        Int128 iterations = *length;
        bool filtered = !clauses.back()->list("ifs").empty();
        for (std::size_t i = 1; i < clauses.size(); ++i) {
            if (!clauses[i - 1]->list("ifs").empty())
                return;
            const Node* iter = clauses[i]->child("iter");
            const bool dependent = walkUntil(iter, [&](const Node* n) {
                return n->is(Kind::Name) && std::find(targets.begin(), targets.end(), n->id()) != targets.end();
            });
            if (dependent)
                return;
            std::optional<std::int64_t> n;
            try {
                n = knownLength(eval(iter, outer));
            } catch (Failure&) {
                return;  // the real run reports it, if it gets there
            }
            if (!n)
                return;
            iterations = std::min<Int128>(iterations * *n, Int128(1) << 70);
        }
        if (iterations > limits_.maxSteps - steps_)
            raise("eval-limit", "evaluation limit: more than " + std::to_string(limits_.maxSteps) + " steps");
        if (node->is(Kind::ListComp) && !filtered && iterations > limits_.maxContainerSize)
            checkSize(limits_.maxContainerSize + 1);
    }

    Value comprehension(const Node* node, const Frame* outer)
    {
        const auto& clauses = node->list("generators");
        Value first = eval(clauses.front()->child("iter"), outer);  // in the enclosing scope
        precheckComprehension(node, clauses, first, outer);
        Scope vars;
        const Frame frame{&vars, outer};
        if (node->is(Kind::DictComp)) {
            std::vector<std::pair<Value, Value>> entries;
            runClauses(clauses, 0, vars, frame, &first, [&] {
                Value k = eval(node->child("key"), &frame);
                requireHashable(k);
                entries.emplace_back(std::move(k), eval(node->child("value"), &frame));
                checkSize(static_cast<std::int64_t>(entries.size()));
                return true;
            });
            return Value::dict(std::move(entries));
        }
        std::vector<Value> items;
        const bool isSet = node->is(Kind::SetComp);
        runClauses(clauses, 0, vars, frame, &first, [&] {
            items.push_back(eval(node->child("elt"), &frame));
            if (isSet)
                requireHashable(items.back());
            checkSize(static_cast<std::int64_t>(items.size()));
            return true;
        });
        return isSet ? Value::set(std::move(items)) : Value::list(std::move(items));
    }

    void forEach(const Value& iterable, const Visit& visit)
    {
        const Value keep = iterable;  // holds the payload while we iterate it
        switch (keep.type()) {
        case Value::Type::List:
        case Value::Type::Tuple:
        case Value::Type::Set:
            for (const Value& v : keep.items())
                if (!visit(v))
                    return;
            return;
        case Value::Type::Dict:
            for (const auto& entry : keep.entries())
                if (!visit(entry.first))
                    return;
            return;
        case Value::Type::Str:
            for (std::string_view c : characters(keep.asStr()))
                if (!visit(Value::string(std::string(c))))
                    return;
            return;
        case Value::Type::Range: {
            const RangeValue& r = keep.rangeValue();
            const std::int64_t n = r.size();
            for (std::int64_t i = 0; i < n; ++i)
                if (!visit(Value::integer(r.at(i))))
                    return;
            return;
        }
        case Value::Type::Generator: {
            const GeneratorValue& g = keep.generatorValue();
            const Frame captured{&g.captured, nullptr};
            Scope vars;
            const Frame frame{&vars, &captured};
            runClauses(g.node->list("generators"), 0, vars, frame, &g.firstIterable,
                       [&] { return visit(eval(g.node->child("elt"), &frame)); });
            return;
        }
        case Value::Type::Tensor: notLiteral("iterating over a tensor cannot be evaluated safely");
        default: evalError("'" + tn(keep) + "' object is not iterable");
        }
    }

    std::vector<Value> collect(const Value& iterable)
    {
        std::vector<Value> out;
        if (auto n = knownLength(iterable)) {
            checkSize(*n);
            tick(*n);
            if (iterable.isSequence())
                return iterable.items();
            out.reserve(static_cast<std::size_t>(*n));
        }
        forEach(iterable, [&](const Value& v) {
            tick();
            out.push_back(v);
            checkSize(static_cast<std::int64_t>(out.size()));
            return true;
        });
        return out;
    }

    // ---- attributes and subscripts ----

    Value attribute(const Value& object, const std::string& attr)
    {
        switch (object.type()) {
        case Value::Type::Module:
            if (auto v = moduleAttribute(object.moduleName(), attr))
                return *v;
            notLiteral("attribute '" + object.moduleName() + "." + attr + "' cannot be evaluated safely", true);
        case Value::Type::Tensor: {
            const TensorValue& t = object.tensorValue();
            if (attr == "shape") {
                std::vector<Value> dims;
                for (std::int64_t d : t.shape)
                    dims.push_back(Value::integer(d));
                return Value::tuple(std::move(dims));
            }
            if (attr == "dtype")
                return Value::string(t.dtypeName());
            if (attr == "ndim")
                return Value::integer(static_cast<std::int64_t>(t.shape.size()));
            if (attr == "numel" || attr == "nelement" || attr == "size" || attr == "stride" || attr == "dim" ||
                attr == "ndimension" || attr == "element_size" || attr == "is_contiguous")
                return Value::builtin("tensor." + attr, object);
            notLiteral("attribute '" + attr + "' of a tensor cannot be evaluated safely", true);
        }
        case Value::Type::Config: {
            const ConfigValue& c = object.config();
            if (attr == "kwargs") {
                std::vector<std::pair<Value, Value>> entries;
                for (const auto& [k, v] : c.kwargs)
                    entries.emplace_back(Value::string(k), v);
                return Value::dict(std::move(entries));
            }
            if (attr == "num_warps")
                return Value::integer(c.numWarps.value_or(4));
            if (attr == "num_stages")
                return Value::integer(c.numStages.value_or(3));
            if (attr == "num_ctas")
                return Value::integer(c.numCtas.value_or(1));
            if (attr == "all_kwargs")
                return Value::builtin("Config.all_kwargs", object);
            if (const Value* v = c.option(attr))
                return *v;
            if (attr == "maxnreg" || attr == "pre_hook" || attr == "ir_override")
                return Value::none();
            notLiteral("attribute '" + attr + "' of a triton.Config cannot be evaluated safely", true);
        }
        case Value::Type::Dict:
            if (attr == "get" || attr == "keys" || attr == "values" || attr == "items" || attr == "copy")
                return Value::builtin("dict." + attr, object);
            break;
        case Value::Type::List:
        case Value::Type::Tuple:
            if (attr == "index" || attr == "count" || (object.isList() && attr == "copy"))
                return Value::builtin(tn(object) + "." + attr, object);
            if (object.isList() && mutatingMethods().count(attr))
                notLiteral("'list." + attr + "' changes the list; it is only evaluated as a statement "
                           "`name." + attr + "(...)` in a module-level function or loop");
            break;
        case Value::Type::Str: {
            static const std::set<std::string, std::less<>> methods = {
                "upper", "lower", "strip", "lstrip", "rstrip", "split", "join", "replace", "startswith",
                "endswith"};
            if (methods.count(attr))
                return Value::builtin("str." + attr, object);
            break;
        }
        default: break;
        }
        notLiteral("attribute '" + attr + "' of '" + tn(object) + "' cannot be evaluated safely", true);
    }

    Value subscript(const Node* node, const Frame* frame)
    {
        Value container = eval(node->child("value"), frame);
        const Node* index = node->child("slice");
        if (index->is(Kind::Slice)) {
            auto part = [&](const char* name) -> std::optional<std::int64_t> {
                const Node* n = index->child(name);
                if (!n)
                    return std::nullopt;
                Value v = eval(n, frame);
                if (v.isNone())
                    return std::nullopt;
                if (!v.isIntLike())
                    evalError("slice indices must be integers or None or have an __index__ method");
                return v.asInt();
            };
            const auto lower = part("lower");
            const auto upper = part("upper");
            const auto step = part("step");
            return slice(container, lower, upper, step);
        }
        return item(container, eval(index, frame));
    }

    Value slice(const Value& c, std::optional<std::int64_t> lower, std::optional<std::int64_t> upper,
                std::optional<std::int64_t> step)
    {
        switch (c.type()) {
        case Value::Type::List:
        case Value::Type::Tuple: {
            const SliceSpec s = adjustSlice(lower, upper, step, c.size());
            tick(s.count);
            std::vector<Value> out;
            out.reserve(static_cast<std::size_t>(s.count));
            for (std::int64_t i = 0; i < s.count; ++i)
                out.push_back(c.items()[static_cast<std::size_t>(s.start + i * s.step)]);
            return c.isList() ? Value::list(std::move(out)) : Value::tuple(std::move(out));
        }
        case Value::Type::Str: {
            const std::string& text = c.asStr();
            if (isAscii(text)) {
                const SliceSpec s = adjustSlice(lower, upper, step, static_cast<std::int64_t>(text.size()));
                tick(1 + s.count / 32);
                std::string out;
                for (std::int64_t i = 0; i < s.count; ++i)
                    out += text[static_cast<std::size_t>(s.start + i * s.step)];
                return Value::string(std::move(out));
            }
            const auto chars = characters(text);
            const SliceSpec s = adjustSlice(lower, upper, step, static_cast<std::int64_t>(chars.size()));
            tick(1 + s.count / 32);
            std::string out;
            for (std::int64_t i = 0; i < s.count; ++i)
                out += chars[static_cast<std::size_t>(s.start + i * s.step)];
            return Value::string(std::move(out));
        }
        case Value::Type::Range: {
            const RangeValue& r = c.rangeValue();
            const SliceSpec s = adjustSlice(lower, upper, step, r.size());
            std::int64_t newStep = 0;
            if (__builtin_mul_overflow(r.step, s.step, &newStep))
                tooLarge();
            const std::int64_t start = s.count > 0 ? r.at(s.start) : r.start;
            std::int64_t stop = 0;
            if (__builtin_mul_overflow(s.count, newStep, &stop) || __builtin_add_overflow(start, stop, &stop))
                tooLarge();
            return Value::range(start, stop, newStep);
        }
        case Value::Type::Tensor: notLiteral("slicing a tensor cannot be evaluated safely");
        default: evalError("'" + tn(c) + "' object is not subscriptable");
        }
    }

    Value item(const Value& c, const Value& key)
    {
        auto position = [&](std::int64_t length, const char* what) {
            if (!key.isIntLike())
                evalError(std::string(what) + " indices must be integers or slices, not " + tn(key));
            std::int64_t i = key.asInt();
            if (i < 0)
                i += length;
            if (i < 0 || i >= length)
                evalError(std::string(what) + " index out of range");
            return i;
        };
        switch (c.type()) {
        case Value::Type::List:
        case Value::Type::Tuple:
            return c.items()[static_cast<std::size_t>(position(c.size(), c.isList() ? "list" : "tuple"))];
        case Value::Type::Str: {
            const std::string& text = c.asStr();
            if (isAscii(text))
                return Value::string(std::string(1, text[static_cast<std::size_t>(
                                                         position(static_cast<std::int64_t>(text.size()), "string"))]));
            const auto chars = characters(text);
            const std::int64_t i = position(static_cast<std::int64_t>(chars.size()), "string");
            return Value::string(std::string(chars[static_cast<std::size_t>(i)]));
        }
        case Value::Type::Range: {
            const RangeValue& r = c.rangeValue();
            if (!key.isIntLike())
                evalError("range indices must be integers or slices, not " + tn(key));
            std::int64_t i = key.asInt();
            const std::int64_t n = r.size();
            if (i < 0)
                i += n;
            if (i < 0 || i >= n)
                evalError("range object index out of range");
            return Value::integer(r.at(i));
        }
        case Value::Type::Dict: {
            requireHashable(key);
            if (const Value* v = c.find(key))
                return *v;
            evalError("KeyError: " + key.repr());
        }
        case Value::Type::Tensor: notLiteral("indexing a tensor cannot be evaluated safely");
        default: evalError("'" + tn(c) + "' object is not subscriptable");
        }
    }

    // ---- operators ----

    Value unary(Kind op, const Value& v)
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

    [[noreturn]] static void unsupported(Kind op, const Value& a, const Value& b)
    {
        evalError("unsupported operand type(s) for " + std::string(opSymbol(op)) + ": '" + tn(a) + "' and '" + tn(b) +
                  "'");
    }

    Value intBinary(Kind op, std::int64_t x, std::int64_t y)
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

    Value floatBinary(Kind op, const Value& a, const Value& b)
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

    Value repeat(const Value& sequence, const Value& count)
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

    Value binary(Kind op, const Value& a, const Value& b)
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

    Value setOperation(Kind op, const Value& a, const Value& b)
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

    bool equal(const Value& a, const Value& b)
    {
        tick(std::min(a.weight(), b.weight()));
        return a == b;
    }

    bool less(const Value& a, const Value& b, CompareOp op = CompareOp::Lt)
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

    static bool identical(const Value& a, const Value& b)
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

    bool contains(const Value& container, const Value& item)
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

    Value compareChain(const Node* node, const Frame* frame)
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

    bool compare(Kind op, const Value& a, const Value& b)
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

    // ---- calls ----

    Value makeLambda(const Node* node, const Frame* frame)
    {
        LambdaValue l;
        l.node = node;
        l.captured = flatten(frame);
        const Node* arguments = node->child("args");
        for (const Node* d : arguments->list("defaults"))
            l.defaults.push_back(eval(d, frame));
        for (const Node* d : arguments->list("kw_defaults"))
            l.kwDefaults.push_back(d ? std::optional<Value>(eval(d, frame)) : std::nullopt);
        return Value::lambda(std::move(l));
    }

    void evalArguments(const Node* call, const Frame* frame, std::vector<Value>& args,
                       std::vector<std::pair<std::string, Value>>& kwargs)
    {
        args = elements(call->list("args"), frame);
        for (const Node* keyword : call->list("keywords")) {
            auto add = [&](const std::string& name, Value v) {
                for (const auto& [k, existing] : kwargs)
                    if (k == name)
                        evalError("got multiple values for keyword argument '" + name + "'");
                kwargs.emplace_back(name, std::move(v));
            };
            const Field* name = keyword->field("arg");
            if (name && name->type == Field::Type::String) {
                add(name->string, eval(keyword->child("value"), frame));
                continue;
            }
            Value mapping = eval(keyword->child("value"), frame);
            if (!mapping.isDict())
                evalError("argument after ** must be a mapping, not " + tn(mapping));
            for (const auto& [k, v] : mapping.entries()) {
                if (!k.isStr())
                    evalError("keywords must be strings");
                add(k.asStr(), v);
            }
        }
    }

    Value callExpression(const Node* node, const Frame* frame)
    {
        const Node* func = node->child("func");
        Value callee;
        try {
            callee = eval(func, frame);
        } catch (Failure& f) {
            const std::string dotted = dottedName(func);
            if (f.unknownRef && f.error.code == "not-a-literal" && !dotted.empty())
                notLiteral("call to '" + dotted + "' cannot be evaluated safely");
            throw;
        }
        std::vector<Value> args;
        std::vector<std::pair<std::string, Value>> kwargs;
        evalArguments(node, frame, args, kwargs);
        return callValue(callee, args, kwargs, node);
    }

    Value callValue(const Value& callee, const std::vector<Value>& args,
                    const std::vector<std::pair<std::string, Value>>& kwargs, const Node* node)
    {
        const Value keep = callee;
        switch (keep.type()) {
        case Value::Type::Builtin: return callBuiltin(keep.builtinValue(), args, kwargs, node);
        case Value::Type::Lambda: {
            CallDepth depth(*this);
            const LambdaValue& l = keep.lambdaValue();
            Scope params = bindParameters("<lambda>", l.node->child("args"), l.defaults, l.kwDefaults, args, kwargs);
            const Frame captured{&l.captured, nullptr};
            const Frame frame{&params, &captured};
            return eval(l.node->child("body"), &frame);
        }
        case Value::Type::Function: {
            CallDepth depth(*this);
            const FunctionValue& fn = keep.functionValue();
            Scope locals = bindParameters(fn.name, fn.node->child("args"), fn.defaults, fn.kwDefaults, args, kwargs);
            Value returned;
            const Flow flow = execBlock(fn.node->list("body"), locals, Mode::Function, returned);
            return flow == Flow::Return ? returned : Value::none();
        }
        case Value::Type::Module: notLiteral("calling module '" + keep.moduleName() + "' cannot be evaluated safely");
        default: evalError("'" + tn(keep) + "' object is not callable");
        }
    }

    Scope bindParameters(const std::string& fn, const Node* arguments, const std::vector<Value>& defaults,
                         const std::vector<std::optional<Value>>& kwDefaults, const std::vector<Value>& args,
                         const std::vector<std::pair<std::string, Value>>& kwargs)
    {
        std::vector<const Node*> positional = arguments->list("posonlyargs");
        const std::size_t positionalOnly = positional.size();
        for (const Node* a : arguments->list("args"))
            positional.push_back(a);
        const auto& keywordOnly = arguments->list("kwonlyargs");
        const Node* vararg = arguments->child("vararg");
        const Node* kwarg = arguments->child("kwarg");

        Scope out;
        std::vector<bool> bound(positional.size() + keywordOnly.size(), false);
        const std::size_t direct = std::min(args.size(), positional.size());
        for (std::size_t i = 0; i < direct; ++i) {
            out[positional[i]->str("arg")] = args[i];
            bound[i] = true;
        }
        if (args.size() > positional.size() && !vararg)
            evalError(fn + "() takes " + std::to_string(positional.size()) + " positional argument" +
                      (positional.size() == 1 ? "" : "s") + " but " + std::to_string(args.size()) +
                      (args.size() == 1 ? " was" : " were") + " given");
        if (vararg)
            out[vararg->str("arg")] = Value::tuple(
                args.size() > positional.size()
                    ? std::vector<Value>(args.begin() + static_cast<std::ptrdiff_t>(positional.size()), args.end())
                    : std::vector<Value>{});
        std::vector<std::pair<Value, Value>> extra;
        for (const auto& [name, value] : kwargs) {
            std::size_t slot = bound.size();
            for (std::size_t i = positionalOnly; i < positional.size(); ++i)
                if (positional[i]->str("arg") == name)
                    slot = i;
            for (std::size_t i = 0; i < keywordOnly.size(); ++i)
                if (keywordOnly[i]->str("arg") == name)
                    slot = positional.size() + i;
            if (slot == bound.size()) {
                if (!kwarg)
                    evalError(fn + "() got an unexpected keyword argument '" + name + "'");
                extra.emplace_back(Value::string(name), value);
                continue;
            }
            if (bound[slot])
                evalError(fn + "() got multiple values for argument '" + name + "'");
            bound[slot] = true;
            out[name] = value;
        }
        if (kwarg)
            out[kwarg->str("arg")] = Value::dict(std::move(extra));

        std::vector<std::string> missing;
        const std::size_t firstDefault = positional.size() - std::min(defaults.size(), positional.size());
        for (std::size_t i = 0; i < positional.size(); ++i) {
            if (bound[i])
                continue;
            if (i >= firstDefault)
                out[positional[i]->str("arg")] = defaults[i - firstDefault];
            else
                missing.push_back(positional[i]->str("arg"));
        }
        auto missingMessage = [&](const char* kind) {
            std::string names;
            for (std::size_t i = 0; i < missing.size(); ++i) {
                if (i > 0)
                    names += missing.size() == 2 ? " and " : (i + 1 == missing.size() ? ", and " : ", ");
                names += "'" + missing[i] + "'";
            }
            evalError(fn + "() missing " + std::to_string(missing.size()) + " required " + kind + " argument" +
                      (missing.size() == 1 ? "" : "s") + ": " + names);
        };
        if (!missing.empty())
            missingMessage("positional");
        for (std::size_t i = 0; i < keywordOnly.size(); ++i) {
            if (bound[positional.size() + i])
                continue;
            if (i < kwDefaults.size() && kwDefaults[i])
                out[keywordOnly[i]->str("arg")] = *kwDefaults[i];
            else
                missing.push_back(keywordOnly[i]->str("arg"));
        }
        if (!missing.empty())
            missingMessage("keyword-only");
        return out;
    }

    // ---- built-in functions ----

    using BuiltinFn = Value (Impl::*)(const Args&, const BuiltinValue&);

    Value callBuiltin(const BuiltinValue& b, const std::vector<Value>& positional,
                      const std::vector<std::pair<std::string, Value>>& keywords, const Node* node)
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
        if (it == table.end())
            notLiteral("call to '" + b.name + "' cannot be evaluated safely");
        const std::string_view name = b.name;
        const Args a{b.self ? name.substr(name.rfind('.') + 1) : name, positional, keywords, node};
        return (this->*(it->second))(a, b);
    }

    Value bAbs(const Args& a, const BuiltinValue&)
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

    Value bAllAny(const Args& a, const BuiltinValue& b)
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

    Value bBool(const Args& a, const BuiltinValue&)
    {
        a.noKeywords();
        a.arity(0, 1);
        return Value::boolean(a.count() && truth(a[0]));
    }

    std::vector<std::pair<Value, Value>> dictEntriesFrom(const Value& source, const char* fn)
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

    Value bDict(const Args& a, const BuiltinValue&)
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

    Value bDivmod(const Args& a, const BuiltinValue&)
    {
        a.noKeywords();
        a.arity(2, 2);
        return Value::tuple({binary(Kind::FloorDiv, a[0], a[1]), binary(Kind::Mod, a[0], a[1])});
    }

    Value bEnumerate(const Args& a, const BuiltinValue&)
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

    Value bFilter(const Args& a, const BuiltinValue&)
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

    Value bMap(const Args& a, const BuiltinValue&)
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

    static std::string stripped(const std::string& s)
    {
        const auto first = s.find_first_not_of(" \t\n\r\f\v");
        if (first == std::string::npos)
            return {};
        const auto last = s.find_last_not_of(" \t\n\r\f\v");
        return s.substr(first, last - first + 1);
    }

    // Removes the underscores Python allows between digits; nullopt when one is misplaced.
    static std::optional<std::string> withoutUnderscores(const std::string& s)
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

    Value bFloat(const Args& a, const BuiltinValue&)
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

    Value bInt(const Args& a, const BuiltinValue&)
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
        return Value::integer(result);
    }

    static bool isInstanceOf(const Value& v, const Value& type)
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

    Value bIsinstance(const Args& a, const BuiltinValue&)
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

    Value bLen(const Args& a, const BuiltinValue&)
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

    Value bSequence(const Args& a, const BuiltinValue& b)
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

    Value bMinMax(const Args& a, const BuiltinValue& b)
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

    Value bPow(const Args& a, const BuiltinValue&)
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

    Value bRange(const Args& a, const BuiltinValue&)
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

    Value bRepr(const Args& a, const BuiltinValue&)
    {
        a.noKeywords();
        a.arity(1, 1);
        tick(a[0].weight());
        std::string text = a[0].repr();
        checkSize(static_cast<std::int64_t>(text.size()));
        return Value::string(std::move(text));
    }

    Value bStr(const Args& a, const BuiltinValue&)
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

    Value bReversed(const Args& a, const BuiltinValue&)
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

    Value bRound(const Args& a, const BuiltinValue&)
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

    void sortValues(std::vector<Value>& items, const Value* key, bool reverse)
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

    Value bSorted(const Args& a, const BuiltinValue&)
    {
        a.allowKeywords({"key", "reverse"});
        a.arity(1, 1);
        std::vector<Value> items = collect(a[0]);
        const Value* reverse = a.keyword("reverse");
        sortValues(items, a.keyword("key"), reverse && truth(*reverse));
        return Value::list(std::move(items));
    }

    Value bSum(const Args& a, const BuiltinValue&)
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

    Value bZip(const Args& a, const BuiltinValue&)
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

    // triton.Config(kwargs, num_warps=4, num_stages=3, num_ctas=1, maxnreg=None, pre_hook=None,
    // ir_override=None): only what the call passes is recorded.
    Value bConfig(const Args& a, const BuiltinValue&)
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

    Value bCdiv(const Args& a, const BuiltinValue&)
    {
        a.allowKeywords({"x", "div"});
        const Value* x = a.argument(0, "x");
        const Value* div = a.argument(1, "div");
        if (a.count() > 2 || !x || !div)
            evalError("cdiv() takes exactly 2 arguments (x, div)");
        return binary(Kind::FloorDiv, binary(Kind::Sub, binary(Kind::Add, *x, *div), Value::integer(1)), *div);
    }

    Value bNextPowerOf2(const Args& a, const BuiltinValue&)
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

    Value bConstexpr(const Args& a, const BuiltinValue&)
    {
        a.noKeywords();
        a.arity(1, 1);
        return a[0];
    }

    double realArgument(const Value& v, std::string_view fn)
    {
        if (!isNumeric(v))
            evalError("must be real number, not " + tn(v) + " (in " + std::string(fn) + "())");
        return v.asFloat();
    }

    Value bMathRound(const Args& a, const BuiltinValue& b)
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

    Value bMathFloat(const Args& a, const BuiltinValue& b)
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

    Value bGcd(const Args& a, const BuiltinValue&)
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

    Value bProd(const Args& a, const BuiltinValue&)
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

    Value bIsqrt(const Args& a, const BuiltinValue&)
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

    Value bDictMethod(const Args& a, const BuiltinValue& b)
    {
        const Value& d = *b.self;
        a.noKeywords();
        if (b.name == "dict.get") {
            a.arity(1, 2);
            requireHashable(a[0]);
            if (const Value* v = d.find(a[0]))
                return *v;
            return a.count() == 2 ? a[1] : Value::none();
        }
        a.arity(0, 0);
        if (b.name == "dict.copy")
            return d;
        tick(d.size());
        std::vector<Value> out;
        out.reserve(d.entries().size());
        for (const auto& [k, v] : d.entries()) {
            if (b.name == "dict.keys")
                out.push_back(k);
            else if (b.name == "dict.values")
                out.push_back(v);
            else
                out.push_back(Value::tuple({k, v}));
        }
        return Value::list(std::move(out));
    }

    Value bSeqMethod(const Args& a, const BuiltinValue& b)
    {
        const Value& s = *b.self;
        a.noKeywords();
        const std::string method = b.name.substr(b.name.find('.') + 1);
        if (method == "copy") {
            a.arity(0, 0);
            return s;
        }
        a.arity(1, method == "index" ? 3 : 1);
        const auto& items = s.items();
        const auto n = static_cast<std::int64_t>(items.size());
        if (method == "count") {
            std::int64_t count = 0;
            for (const Value& v : items)
                count += equal(v, a[0]) ? 1 : 0;
            return Value::integer(count);
        }
        std::int64_t start = a.count() > 1 ? indexValue(a[1], "") : 0;
        std::int64_t stop = a.count() > 2 ? indexValue(a[2], "") : n;
        if (start < 0)
            start = std::max<std::int64_t>(0, start + n);
        if (stop < 0)
            stop = std::max<std::int64_t>(0, stop + n);
        for (std::int64_t i = start; i < std::min(stop, n); ++i)
            if (equal(items[static_cast<std::size_t>(i)], a[0]))
                return Value::integer(i);
        evalError(a[0].repr() + " is not in " + tn(s));
    }

    Value bStrMethod(const Args& a, const BuiltinValue& b)
    {
        const std::string& s = b.self->asStr();
        const std::string method = b.name.substr(4);
        tick(1 + static_cast<std::int64_t>(s.size()) / 32);
        auto strArg = [&](std::size_t i) -> const std::string& {
            if (!a[i].isStr())
                evalError(method + "() argument " + std::to_string(i + 1) + " must be str, not " + tn(a[i]));
            return a[i].asStr();
        };
        if (method == "upper" || method == "lower") {
            a.noKeywords();
            a.arity(0, 0);
            std::string out = s;
            for (char& c : out)
                if (static_cast<unsigned char>(c) < 0x80)
                    c = static_cast<char>(method == "upper" ? std::toupper(static_cast<unsigned char>(c))
                                                            : std::tolower(static_cast<unsigned char>(c)));
            return Value::string(std::move(out));
        }
        if (method == "strip" || method == "lstrip" || method == "rstrip") {
            a.noKeywords();
            a.arity(0, 1);
            const std::string chars = a.count() && !a[0].isNone() ? strArg(0) : std::string(" \t\n\r\f\v");
            std::size_t first = 0, last = s.size();
            if (method != "rstrip")
                while (first < last && chars.find(s[first]) != std::string::npos)
                    ++first;
            if (method != "lstrip")
                while (last > first && chars.find(s[last - 1]) != std::string::npos)
                    --last;
            return Value::string(s.substr(first, last - first));
        }
        if (method == "startswith" || method == "endswith") {
            a.noKeywords();
            a.arity(1, 1);
            std::vector<Value> options = a[0].isTuple() ? a[0].items() : std::vector<Value>{a[0]};
            for (const Value& o : options) {
                if (!o.isStr())
                    evalError(method + " first arg must be str or a tuple of str, not " + tn(o));
                const std::string& p = o.asStr();
                const std::size_t at = method == "startswith" ? 0 : s.size() - p.size();
                const bool match = p.size() <= s.size() && s.compare(at, p.size(), p) == 0;
                if (match)
                    return Value::boolean(true);
            }
            return Value::boolean(false);
        }
        if (method == "join") {
            a.noKeywords();
            a.arity(1, 1);
            std::string out;
            bool first = true;
            std::int64_t index = 0;
            forEach(a[0], [&](const Value& v) {
                tick();
                if (!v.isStr())
                    evalError("sequence item " + std::to_string(index) + ": expected str instance, " + tn(v) +
                              " found");
                if (!first)
                    out += s;
                first = false;
                out += v.asStr();
                checkSize(static_cast<std::int64_t>(out.size()));
                ++index;
                return true;
            });
            return Value::string(std::move(out));
        }
        if (method == "replace") {
            a.noKeywords();
            a.arity(2, 3);
            const std::string& from = strArg(0);
            const std::string& to = strArg(1);
            std::int64_t limit = a.count() == 3 ? indexValue(a[2], "") : -1;
            std::string out;
            std::size_t pos = 0;
            if (from.empty()) {
                const auto chars = characters(s);
                for (std::size_t i = 0; i <= chars.size(); ++i) {
                    if (limit != 0) {
                        out += to;
                        --limit;
                    }
                    if (i < chars.size())
                        out += chars[i];
                    checkSize(static_cast<std::int64_t>(out.size()));
                }
                return Value::string(std::move(out));
            }
            while (limit != 0) {
                const auto found = s.find(from, pos);
                if (found == std::string::npos)
                    break;
                out.append(s, pos, found - pos);
                out += to;
                pos = found + from.size();
                --limit;
                checkSize(static_cast<std::int64_t>(out.size()));
            }
            out.append(s, pos, std::string::npos);
            checkSize(static_cast<std::int64_t>(out.size()));
            return Value::string(std::move(out));
        }
        // split
        a.allowKeywords({"sep", "maxsplit"});
        a.arity(0, 2);
        const Value* sepValue = a.argument(0, "sep");
        const Value* maxValue = a.argument(1, "maxsplit");
        std::int64_t maxSplit = maxValue ? indexValue(*maxValue, "") : -1;
        std::vector<Value> parts;
        if (!sepValue || sepValue->isNone()) {
            std::size_t i = 0;
            const std::string ws = " \t\n\r\f\v";
            while (i < s.size()) {
                while (i < s.size() && ws.find(s[i]) != std::string::npos)
                    ++i;
                if (i >= s.size())
                    break;
                if (maxSplit == 0) {
                    std::size_t end = s.size();
                    while (end > i && ws.find(s[end - 1]) != std::string::npos)
                        --end;
                    parts.push_back(Value::string(s.substr(i, end - i)));
                    break;
                }
                std::size_t j = i;
                while (j < s.size() && ws.find(s[j]) == std::string::npos)
                    ++j;
                parts.push_back(Value::string(s.substr(i, j - i)));
                --maxSplit;
                i = j;
            }
        } else {
            if (!sepValue->isStr())
                evalError("must be str or None, not " + tn(*sepValue));
            const std::string& sep = sepValue->asStr();
            if (sep.empty())
                evalError("empty separator");
            std::size_t pos = 0;
            while (maxSplit != 0) {
                const auto found = s.find(sep, pos);
                if (found == std::string::npos)
                    break;
                parts.push_back(Value::string(s.substr(pos, found - pos)));
                pos = found + sep.size();
                --maxSplit;
            }
            parts.push_back(Value::string(s.substr(pos)));
        }
        checkSize(static_cast<std::int64_t>(parts.size()));
        return Value::list(std::move(parts));
    }

    Value bTensorMethod(const Args& a, const BuiltinValue& b)
    {
        const TensorValue& t = b.self->tensorValue();
        const std::string method = b.name.substr(7);
        const auto ndim = static_cast<std::int64_t>(t.shape.size());
        auto dimension = [&](const Value& v) {
            std::int64_t d = indexValue(v, "");
            const std::int64_t low = ndim == 0 ? -1 : -ndim;
            const std::int64_t high = ndim == 0 ? 0 : ndim - 1;
            if (d < low || d > high)
                evalError("Dimension out of range (expected to be in range of [" + std::to_string(low) + ", " +
                          std::to_string(high) + "], but got " + std::to_string(d) + ")");
            return static_cast<std::size_t>(d < 0 ? d + std::max<std::int64_t>(ndim, 1) : d);
        };
        if (method == "size" || method == "stride") {
            a.allowKeywords({"dim"});
            a.arity(0, 1);
            const std::vector<std::int64_t> values = method == "size" ? t.shape : t.contiguousStrides();
            if (const Value* d = a.argument(0, "dim"); d && !d->isNone()) {
                if (ndim == 0)
                    evalError("Dimension specified as " + d->repr() + " but tensor has no dimensions");
                return Value::integer(values[dimension(*d)]);
            }
            std::vector<Value> out;
            for (std::int64_t v : values)
                out.push_back(Value::integer(v));
            return Value::tuple(std::move(out));
        }
        a.noKeywords();
        a.arity(0, 0);
        if (method == "numel" || method == "nelement")
            return Value::integer(t.numel());
        if (method == "dim" || method == "ndimension")
            return Value::integer(ndim);
        if (method == "is_contiguous")
            return Value::boolean(true);
        // element_size
        if (auto size = t.elementSize())
            return Value::integer(*size);
        evalError("element_size() of unknown dtype '" + t.dtype + "'");
    }

    Value bAllKwargs(const Args& a, const BuiltinValue& b)
    {
        a.noKeywords();
        a.arity(0, 0);
        const ConfigValue& c = b.self->config();
        std::vector<std::pair<Value, Value>> entries;
        for (const auto& [k, v] : c.kwargs)
            entries.emplace_back(Value::string(k), v);
        entries.emplace_back(Value::string("num_warps"), Value::integer(c.numWarps.value_or(4)));
        entries.emplace_back(Value::string("num_ctas"), Value::integer(c.numCtas.value_or(1)));
        entries.emplace_back(Value::string("num_stages"), Value::integer(c.numStages.value_or(3)));
        for (const auto& [k, v] : c.options)
            if (!v.isNone() && k != "pre_hook")
                entries.emplace_back(Value::string(k), v);
        return Value::dict(std::move(entries));
    }
};

// ---------------------------------------------------------------------------------------------

Evaluator::Evaluator(const Module* module, EvalLimits limits) : impl_(std::make_unique<Impl>(module, limits)) {}

Evaluator::~Evaluator() = default;
Evaluator::Evaluator(Evaluator&&) noexcept = default;
Evaluator& Evaluator::operator=(Evaluator&&) noexcept = default;

EvalResult Evaluator::eval(const Node* expr, const Scope& locals)
{
    return impl_->guarded([&] {
        const Frame frame{&locals, nullptr};
        return impl_->eval(expr, &frame);
    });
}

EvalResult Evaluator::call(const Value& callable, const std::vector<Value>& args,
                           const std::vector<std::pair<std::string, Value>>& kwargs)
{
    return impl_->guarded([&] { return impl_->callValue(callable, args, kwargs, nullptr); });
}

EvalResult Evaluator::toList(const Value& iterable)
{
    return impl_->guarded([&] { return Value::list(impl_->collect(iterable)); });
}

const Scope& Evaluator::moduleScope() const
{
    return impl_->moduleScope_;
}

const std::map<std::string, EvalError, std::less<>>& Evaluator::unevaluable() const
{
    return impl_->unevaluable_;
}

const EvalLimits& Evaluator::limits() const
{
    return impl_->limits_;
}

} // namespace ts::py
