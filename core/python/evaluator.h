#pragma once
// A safe evaluator for the literal Python of autotune decorators, hints and launch grids.
//
// It interprets ts::py trees itself and never runs Python: anything outside the supported
// subset (calls of unknown functions, attributes of unknown objects, imports, await, yield, ...)
// is refused with a "not-a-literal" error that names the construct and its position. Every step
// is counted, so hostile or accidental blow-ups (a comprehension of 10^9 configs, runaway
// recursion through lambdas) stop promptly with an "eval-limit" error.
//
// Supported: constants, containers and comprehensions, arithmetic/comparison/boolean operators
// with Python semantics (64-bit ints; overflow is an error), subscripts and slices, lambdas,
// f-strings without format specs, the common builtins, triton.Config / triton.cdiv /
// triton.next_power_of_2 / tl.cdiv, a few `math` functions, tensor attributes (.shape, .dtype,
// .numel(), .ndim, .size(i), .stride(i), .element_size()), and simple module-level functions
// (assignments, if/for/while, list append/extend, return).

#include "core/python/ast.h"
#include "core/python/value.h"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ts::py {

struct EvalLimits {
    std::int64_t maxSteps = 2'000'000;          // per eval()/call(), and per module statement
    std::int64_t maxContainerSize = 1'000'000;  // elements of any one list/tuple/dict/set/str
    std::int64_t maxCallDepth = 64;             // nested lambda/function calls
    std::int64_t maxNestingDepth = 500;         // nested evaluation frames (bounds stack use)
};

struct EvalError {
    std::string code;  // "not-a-literal" | "eval-limit" | "eval-error"
    int line = 0;      // 1-based; 0 when unknown
    int column = 0;    // 1-based (col_offset + 1); 0 when unknown
    std::string message;
};

struct EvalResult {
    std::optional<Value> value;
    std::optional<EvalError> error;
    bool ok() const { return value.has_value(); }
};

// A function of an imported module that the caller evaluates itself (Triton-Ascend's
// get_max_configs, which the kernel model implements): found as `name` imported from `module`
// or one of its submodules, or as an attribute of such a module value. `call` gets the evaluated
// arguments and returns the value, or in `error` the exception it raises (its message is the
// evaluation error's).
struct HostFunction {
    std::string module;  // "triton.backends.ascend.runtime"
    std::string name;    // "get_max_configs"
    std::function<EvalResult(const std::vector<Value>& args, const std::vector<std::pair<std::string, Value>>& kwargs)>
        call;
};

// Not thread-safe: use one evaluator per thread (the values it returns may be shared freely).
class Evaluator {
public:
    // Binds the module's top-level names in order:
    // - constants `NAME = expr` (also annotated, augmented and tuple-unpacking assignments, and
    //   statements inside module-level if/for/while that can be evaluated); a name assigned twice
    //   keeps its last value; a name whose value cannot be evaluated is recorded as unevaluable
    //   with the reason, which a later use reports;
    // - simple functions `def f(args):` without decorators whose body uses only assignments,
    //   if/for/while, list append/extend/insert/sort, dict item assignment, docstrings and
    //   `return` (like get_autotune_config() in the Triton tutorials);
    // - imports of triton / triton.language / math / torch (`from triton import Config` binds
    //   triton.Config); other imports bind opaque modules.
    // `if __name__ == "__main__":` blocks are skipped: the module is read as if imported.
    // `module` may be null, and must outlive the evaluator and every Lambda/Function it yields.
    explicit Evaluator(const Module* module, EvalLimits limits = {}, std::vector<HostFunction> host = {});
    ~Evaluator();
    Evaluator(Evaluator&&) noexcept;
    Evaluator& operator=(Evaluator&&) noexcept;

    // Evaluates an expression node. Names resolve in `locals`, then the module, then builtins.
    EvalResult eval(const Node* expr, const Scope& locals = {});
    // Calls a Lambda, Function or Builtin value.
    EvalResult call(const Value& callable, const std::vector<Value>& args,
                    const std::vector<std::pair<std::string, Value>>& kwargs = {});
    // Lists the elements of any iterable (materialises generators and ranges).
    EvalResult toList(const Value& iterable);

    const Scope& moduleScope() const;
    // Module names that cannot be evaluated, with the reason (position of the failing part).
    const std::map<std::string, EvalError, std::less<>>& unevaluable() const;
    const EvalLimits& limits() const;

private:
    class Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace ts::py
