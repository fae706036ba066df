#pragma once
// The safe evaluator's implementation, included only by core/python/evaluator*.cpp.
//
// Evaluator::Impl is one class; its member functions live in files by concern:
//   evaluator.cpp                 the public API, module binding, imports and simple `def`s
//   evaluator_statements.cpp      statements: if/for/while, assignment and unpacking, in-place updates
//   evaluator_expressions.cpp     expressions: names, constants, displays, attributes, subscripts
//   evaluator_comprehensions.cpp  comprehensions, generator expressions, iteration
//   evaluator_calls.cpp           lambdas, calls of lambdas and functions, parameter binding
//   evaluator_operators.cpp       unary and binary operators, comparisons, containment
//   evaluator_builtins.cpp        the built-in functions (len, range, int, sorted, ...) and their table
//   evaluator_methods.cpp         methods of values (dict.get, list.index, str.split, tensor.size, ...)
//   evaluator_modules.cpp         what triton, triton.language, math and torch provide
// The step and size limits, eval() and the checks every expression makes stay inline here.

#include "core/python/evaluator.h"
#include "core/util/utf8.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <limits>
#include <map>
#include <new>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ts::py {

__extension__ typedef __int128 Int128;  // exact intermediate arithmetic

constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kInt64Min = std::numeric_limits<std::int64_t>::min();

// Internal failure; converted to EvalResult at the public boundary.
struct Failure {
    EvalError error;
    bool unknownRef = false;  // an unknown name or attribute: a call through it says "call to"
};

[[noreturn]] inline void raise(const char* code, std::string message, bool unknownRef = false)
{
    throw Failure{EvalError{code, 0, 0, std::move(message)}, unknownRef};
}

[[noreturn]] inline void notLiteral(const std::string& what, bool unknownRef = false)
{
    raise("not-a-literal", "not a literal: " + what, unknownRef);
}

[[noreturn]] inline void evalError(std::string message)
{
    raise("eval-error", std::move(message));
}

[[noreturn]] inline void tooLarge()
{
    evalError("integer too large (beyond 64 bits)");
}

inline std::string tn(const Value& v)
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

inline bool isNumeric(const Value& v)
{
    return v.isIntLike() || v.isFloat();
}

// The characters (code points) of a UTF-8 string.
inline std::vector<std::string_view> characters(const std::string& s)
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

inline bool isAscii(const std::string& s)
{
    return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

inline std::int64_t characterCount(const std::string& s)
{
    if (isAscii(s))
        return static_cast<std::int64_t>(s.size());
    return static_cast<std::int64_t>(characters(s).size());
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

inline std::int64_t indexValue(const Value& v, std::string_view what)
{
    if (!v.isIntLike())
        evalError("'" + tn(v) + "' object cannot be interpreted as an integer" +
                  (what.empty() ? std::string() : " (" + std::string(what) + ")"));
    return v.asInt();
}

// A name's dotted form (`triton.language.constexpr`), or "" when it is not a name chain.
std::string dottedName(const Node* node);
// What a statement kind is called in messages ("'try' statement", "class definition", ...).
std::string_view statementName(Kind kind);
// Every name an assignment target binds (names, unpacked names, `NAME[key]`'s NAME).
void collectTargetNames(const Node* target, std::vector<std::string>& out);
// The list/dict/set methods that change their receiver in place.
const std::set<std::string, std::less<>>& mutatingMethods();
// Python's int(x) of a float: truncates; NaN, infinities and values beyond 64 bits are errors.
std::int64_t floatToInt(double x);
// An attribute of an imported module (`triton.cdiv`, `tl.float16`, `math.pi`), if modelled.
std::optional<Value> moduleAttribute(const std::string& module, const std::string& attr);
// The builtins and the modules recognised without an import (triton, tl, math, torch).
const Scope& builtinScope();

// ---------------------------------------------------------------------------------------------

class Evaluator::Impl {
public:
    Impl(const Module* module, EvalLimits limits, std::vector<HostFunction> host)
        : m_module(module), m_limits(limits), m_host(std::move(host))
    {
        if (m_module && m_module->root())
            bindModule();
    }

    const Module* m_module;
    EvalLimits m_limits;
    std::vector<HostFunction> m_host;
    // Host functions are builtins named "host:<name>".
    static const std::string& hostPrefix()
    {
        static const std::string prefix = "host:";
        return prefix;
    }
    // `attr` of `module` when it is a host function (or a module on the way to one).
    std::optional<Value> hostAttribute(const std::string& module, const std::string& attr) const;
    const HostFunction* hostFunction(std::string_view builtinName) const;
    Scope m_moduleScope;
    std::map<std::string, EvalError, std::less<>> m_unevaluable;

    // Limits. Every public entry (and every module statement) starts counting afresh.
    std::int64_t m_steps = 0;
    std::int64_t m_callDepth = 0;
    std::int64_t m_nesting = 0;

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

    void reset()
    {
        m_steps = 0;
        m_callDepth = 0;
        m_nesting = 0;
    }

    void tick(std::int64_t n = 1)
    {
        if (n < 0 || n > m_limits.maxSteps || (m_steps += n) > m_limits.maxSteps)
            raise("eval-limit",
                  "evaluation limit: more than " + std::to_string(m_limits.maxSteps) + " steps");
    }

    void checkSize(std::int64_t n)
    {
        if (n > m_limits.maxContainerSize)
            raise("eval-limit",
                  "evaluation limit: more than " + std::to_string(m_limits.maxContainerSize) + " elements");
    }

    struct Nesting {
        Impl& impl;
        explicit Nesting(Impl& i) : impl(i)
        {
            if (++impl.m_nesting > impl.m_limits.maxNestingDepth) {
                --impl.m_nesting;
                raise("eval-limit", "evaluation limit: expressions nested more than " +
                                        std::to_string(impl.m_limits.maxNestingDepth) + " levels deep");
            }
        }
        ~Nesting() { --impl.m_nesting; }
    };

    struct CallDepth {
        Impl& impl;
        explicit CallDepth(Impl& i) : impl(i)
        {
            if (++impl.m_callDepth > impl.m_limits.maxCallDepth) {
                --impl.m_callDepth;
                raise("eval-limit", "evaluation limit: more than " + std::to_string(impl.m_limits.maxCallDepth) +
                                        " nested calls");
            }
        }
        ~CallDepth() { --impl.m_callDepth; }
    };

    static void locate(Failure& f, const Node* node)
    {
        if (f.error.line == 0 && node && node->line > 0) {
            f.error.line = node->line;
            f.error.column = node->col + 1;
        }
    }

    // Inline here: every expression node goes through them.
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

    // Binds a tuple/list target's elements (one of them may be starred); shared by assignments
    // and comprehension targets.
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

    // Module binding (evaluator.cpp).
    void markUnevaluable(const std::string& name, const EvalError& error);
    void bindModuleName(const std::string& name, Value value);
    void bindModule();
    void bindImport(const Node* stmt);
    void defineFunction(const Node* def, Scope& vars, const Frame* frame);

    // Statements at module level and in simple functions (evaluator_statements.cpp).
    Flow execBlock(const std::vector<const Node*>& body, Scope& vars, Mode mode, Value& returned);
    Flow execStatement(const Node* stmt, Scope& vars, Mode mode, Value& returned);
    Flow execStatementInner(const Node* stmt, Scope& vars, Mode mode, Value& returned);
    Flow execExpression(const Node* stmt, Scope& vars, Mode mode, const Frame* frame);
    Flow execFor(const Node* stmt, Scope& vars, Mode mode, const Frame* frame, Value& returned);
    Flow execWhile(const Node* stmt, Scope& vars, Mode mode, const Frame* frame, Value& returned);
    void execDelete(const Node* stmt, Scope& vars, Mode mode);
    Flow execModuleOnly(const Node* stmt, Scope& vars, const Frame* frame, Value& returned);
    Value* slotFor(const std::string& name, Scope& vars, Mode mode);
    void chargeUpdate(const Value& container, std::int64_t newSize);
    bool tryMutate(const Node* call, Scope& vars, Mode mode, const Frame* frame);
    void mutate(Value& slot, const std::string& method, const Args& a);
    void assign(const Node* target, const Value& value, Scope& vars, Mode mode, const Frame* frame);
    void augmentedAssign(const Node* stmt, Scope& vars, Mode mode, const Frame* frame);

    // Expressions (evaluator_expressions.cpp).
    Value evalInner(const Node* node, const Frame* frame);
    Value constant(const Node* node);
    std::string formatted(const Node* node, const Frame* frame);
    Value lookup(const std::string& name, const Frame* frame);
    static Scope flatten(const Frame* frame);
    std::vector<Value> elements(const std::vector<const Node*>& nodes, const Frame* frame);
    Value dictDisplay(const Node* node, const Frame* frame);
    Value attribute(const Value& object, const std::string& attr);
    Value subscript(const Node* node, const Frame* frame);
    Value slice(const Value& c, std::optional<std::int64_t> lower, std::optional<std::int64_t> upper,
                std::optional<std::int64_t> step);
    Value item(const Value& c, const Value& key);

    // Comprehensions and iteration (evaluator_comprehensions.cpp).
    using Visit = std::function<bool(const Value&)>;
    bool runClauses(const std::vector<const Node*>& clauses, std::size_t index, Scope& vars, const Frame& frame,
                    const Value* first, const std::function<bool()>& body);
    void bindTarget(const Node* target, const Value& item, Scope& vars);
    static std::optional<std::int64_t> knownLength(const Value& v);
    void precheckComprehension(const Node* node, const std::vector<const Node*>& clauses, const Value& first,
                               const Frame* outer);
    Value comprehension(const Node* node, const Frame* outer);
    void forEach(const Value& iterable, const Visit& visit);
    std::vector<Value> collect(const Value& iterable);

    // Lambdas and calls (evaluator_calls.cpp).
    Value makeLambda(const Node* node, const Frame* frame);
    void evalArguments(const Node* call, const Frame* frame, std::vector<Value>& args,
                       std::vector<std::pair<std::string, Value>>& kwargs);
    Value callExpression(const Node* node, const Frame* frame);
    Value callValue(const Value& callee, const std::vector<Value>& args,
                    const std::vector<std::pair<std::string, Value>>& kwargs, const Node* node);
    Scope bindParameters(const std::string& fn, const Node* arguments, const std::vector<Value>& defaults,
                         const std::vector<std::optional<Value>>& kwDefaults, const std::vector<Value>& args,
                         const std::vector<std::pair<std::string, Value>>& kwargs);

    // Operators and comparisons (evaluator_operators.cpp).
    Value unary(Kind op, const Value& v);
    [[noreturn]] static void unsupported(Kind op, const Value& a, const Value& b);
    Value intBinary(Kind op, std::int64_t x, std::int64_t y);
    Value floatBinary(Kind op, const Value& a, const Value& b);
    Value repeat(const Value& sequence, const Value& count);
    Value binary(Kind op, const Value& a, const Value& b);
    Value setOperation(Kind op, const Value& a, const Value& b);
    bool equal(const Value& a, const Value& b);
    bool less(const Value& a, const Value& b, CompareOp op = CompareOp::Lt);
    static bool identical(const Value& a, const Value& b);
    bool contains(const Value& container, const Value& item);
    Value compareChain(const Node* node, const Frame* frame);
    bool compare(Kind op, const Value& a, const Value& b);

    // Built-in functions (evaluator_builtins.cpp).
    using BuiltinFn = Value (Impl::*)(const Args&, const BuiltinValue&);
    Value callBuiltin(const BuiltinValue& b, const std::vector<Value>& positional,
                      const std::vector<std::pair<std::string, Value>>& keywords, const Node* node);
    Value bAbs(const Args& a, const BuiltinValue&);
    Value bAllAny(const Args& a, const BuiltinValue& b);
    Value bBool(const Args& a, const BuiltinValue&);
    std::vector<std::pair<Value, Value>> dictEntriesFrom(const Value& source, const char* fn);
    Value bDict(const Args& a, const BuiltinValue&);
    Value bDivmod(const Args& a, const BuiltinValue&);
    Value bEnumerate(const Args& a, const BuiltinValue&);
    Value bFilter(const Args& a, const BuiltinValue&);
    Value bMap(const Args& a, const BuiltinValue&);
    static std::string stripped(const std::string& s);
    static std::optional<std::string> withoutUnderscores(const std::string& s);
    Value bFloat(const Args& a, const BuiltinValue&);
    Value bInt(const Args& a, const BuiltinValue&);
    static std::int64_t intFromText(const Value& v, std::int64_t base);
    static bool isInstanceOf(const Value& v, const Value& type);
    Value bIsinstance(const Args& a, const BuiltinValue&);
    Value bLen(const Args& a, const BuiltinValue&);
    Value bSequence(const Args& a, const BuiltinValue& b);
    Value bMinMax(const Args& a, const BuiltinValue& b);
    Value bPow(const Args& a, const BuiltinValue&);
    Value bRange(const Args& a, const BuiltinValue&);
    Value bRepr(const Args& a, const BuiltinValue&);
    Value bStr(const Args& a, const BuiltinValue&);
    Value bReversed(const Args& a, const BuiltinValue&);
    Value bRound(const Args& a, const BuiltinValue&);
    void sortValues(std::vector<Value>& items, const Value* key, bool reverse);
    Value bSorted(const Args& a, const BuiltinValue&);
    Value bSum(const Args& a, const BuiltinValue&);
    Value bZip(const Args& a, const BuiltinValue&);

    // Methods of values (evaluator_methods.cpp).
    Value bDictMethod(const Args& a, const BuiltinValue& b);
    Value bSeqMethod(const Args& a, const BuiltinValue& b);
    Value bStrMethod(const Args& a, const BuiltinValue& b);
    static Value strCase(const Args& a, const std::string& s, const std::string& method);
    static Value strStrip(const Args& a, const std::string& s, const std::string& method);
    static Value strAffix(const Args& a, const std::string& s, const std::string& method);
    Value strJoin(const Args& a, const std::string& s);
    Value strReplace(const Args& a, const std::string& s, const std::string& method);
    Value strSplit(const Args& a, const std::string& s);
    Value bTensorMethod(const Args& a, const BuiltinValue& b);
    Value bAllKwargs(const Args& a, const BuiltinValue& b);

    // triton, triton.language and math functions (evaluator_modules.cpp).
    Value bConfig(const Args& a, const BuiltinValue&);
    Value bCdiv(const Args& a, const BuiltinValue&);
    Value bNextPowerOf2(const Args& a, const BuiltinValue&);
    Value bConstexpr(const Args& a, const BuiltinValue&);
    double realArgument(const Value& v, std::string_view fn);
    Value bMathRound(const Args& a, const BuiltinValue& b);
    Value bMathFloat(const Args& a, const BuiltinValue& b);
    Value bGcd(const Args& a, const BuiltinValue&);
    Value bProd(const Args& a, const BuiltinValue&);
    Value bIsqrt(const Args& a, const BuiltinValue&);
};

} // namespace ts::py
