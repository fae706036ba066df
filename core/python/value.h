#pragma once
// The values of the safe Python evaluator: the literal subset of Python that autotune decorators,
// hints and launch grids use (numbers, strings, containers, triton.Config, lambdas, tensors
// described by dtype and shape).
//
// A Value is immutable and cheap to copy: scalars are held inline, everything else shares one
// payload. The "functional update" helpers (appended, withItem, ...) take their container by
// value and reuse its payload only when nobody else holds it, so no holder ever sees a change.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ts::py {

struct Node;
struct ConfigValue;
struct TensorValue;
struct LambdaValue;
struct FunctionValue;
struct BuiltinValue;
struct RangeValue;
struct GeneratorValue;

enum class CompareOp { Lt, Le, Gt, Ge };

class Value {
public:
    // Set, Range and Generator come last so that code written against the first fourteen keeps
    // its meaning.
    enum class Type {
        None, Bool, Int, Float, Str, List, Tuple, Dict, Config, Lambda, Function, Tensor, Builtin,
        Module, Set, Range, Generator,
    };

    Value() = default;  // None
    Value(const Value&) = default;
    Value& operator=(const Value&) = default;
    // A moved-from Value is None.
    Value(Value&& other) noexcept;
    Value& operator=(Value&& other) noexcept;

    static Value none();
    static Value boolean(bool value);
    static Value integer(std::int64_t value);
    static Value real(double value);
    static Value string(std::string value);
    static Value list(std::vector<Value> items);
    static Value tuple(std::vector<Value> items);
    // Insertion order is kept; a repeated key keeps its first position and its last value.
    static Value dict(std::vector<std::pair<Value, Value>> entries);
    static Value set(std::vector<Value> items);  // duplicates dropped, first occurrence kept
    static Value tensor(std::string dtype, std::vector<std::int64_t> shape);
    static Value config(ConfigValue config);
    static Value lambda(LambdaValue lambda);
    static Value function(FunctionValue function);
    static Value builtin(std::string name, std::optional<Value> self = std::nullopt);
    static Value module(std::string name);
    static Value range(std::int64_t start, std::int64_t stop, std::int64_t step);  // step != 0
    static Value generator(GeneratorValue generator);

    Type type() const { return m_type; }
    bool isNone() const { return m_type == Type::None; }
    bool isBool() const { return m_type == Type::Bool; }
    bool isInt() const { return m_type == Type::Int; }  // a bool is not an Int here
    bool isIntLike() const { return m_type == Type::Int || m_type == Type::Bool; }
    bool isFloat() const { return m_type == Type::Float; }
    bool isNumber() const { return m_type == Type::Int || m_type == Type::Float; }  // not bool
    bool isStr() const { return m_type == Type::Str; }
    bool isList() const { return m_type == Type::List; }
    bool isTuple() const { return m_type == Type::Tuple; }
    bool isSequence() const { return m_type == Type::List || m_type == Type::Tuple; }
    bool isDict() const { return m_type == Type::Dict; }
    bool isSet() const { return m_type == Type::Set; }
    bool isConfig() const { return m_type == Type::Config; }
    bool isTensor() const { return m_type == Type::Tensor; }
    bool isCallable() const;  // Lambda, Function or Builtin

    // Accessors. Asking for the wrong type is harmless: 0, false, an empty string or container.
    std::int64_t asInt() const;      // Int or Bool (a Float is truncated)
    double asFloat() const;          // Float, Int or Bool
    bool asBool() const;             // Bool, or truthy() of anything else
    const std::string& asStr() const;
    const std::vector<Value>& items() const;                      // List, Tuple, Set
    const std::vector<std::pair<Value, Value>>& entries() const;  // Dict
    const Value* get(std::string_view key) const;                 // Dict entry with a str key
    const Value* find(const Value& key) const;                    // Dict entry with any key
    bool containsKey(const Value& key) const;                     // Dict key / Set member
    const ConfigValue& config() const;
    const TensorValue& tensorValue() const;
    const LambdaValue& lambdaValue() const;
    const FunctionValue& functionValue() const;
    const BuiltinValue& builtinValue() const;
    const std::string& moduleName() const;
    const RangeValue& rangeValue() const;
    const GeneratorValue& generatorValue() const;
    std::int64_t size() const;  // elements of a container or range, bytes of a str, else 0

    // Python truth value (a tensor counts as true here; the evaluator refuses to test one).
    bool truthy() const;
    std::string repr() const;  // Python repr(): 'a', [1, 2], {'BLOCK': 64}, True, None, 1.5
    std::string str() const;   // Python str(): like repr() except for str itself
    std::string_view typeName() const;  // Python's type name: 'int', 'list', 'NoneType', ...

    // Python hashing: hash(1) == hash(1.0) == hash(True). Lists, dicts and sets are unhashable.
    bool hashable() const;
    std::size_t hash() const;

    // A rough count of the work that comparing, hashing or printing this value costs (nested
    // elements); the evaluator charges it against its step limit.
    std::int64_t weight() const;
    // True when no other Value shares this payload (an update will not have to copy it).
    bool uniquelyHeld() const { return !m_data || m_data.use_count() == 1; }

    // Python ==: 1 == 1.0 == True, [1] != (1,), dicts compare as mappings.
    friend bool operator==(const Value& a, const Value& b);

    // Functional updates (see the file comment). The container must have the right type.
    static Value appended(Value list, Value item);
    static Value extended(Value list, const std::vector<Value>& items);
    static Value inserted(Value list, std::int64_t index, Value item);  // Python list.insert
    static Value withItem(Value container, Value key, Value item);      // dict[key] / list[i] =
    static Value withEntries(Value dict, const std::vector<std::pair<Value, Value>>& entries);
    static Value withMember(Value set, Value item);

private:
    Type m_type = Type::None;
    std::int64_t m_int = 0;  // Bool and Int
    double m_real = 0.0;
    std::shared_ptr<void> m_data;  // the payload of every other type

    template <typename T>
    const T* payload() const;
    template <typename T>
    T* mutablePayload();  // clones the payload first when it is shared
    template <typename T>
    static Value make(Type type, T payload);
};

// Python's rich ordering (<, <=, >, >=); nullopt when Python would raise TypeError.
std::optional<bool> richCompare(const Value& a, const Value& b, CompareOp op);

// Python's repr() of a float and of a str, shared by Value::repr().
std::string floatRepr(double value);
std::string stringRepr(std::string_view text);

// What triton.Config(kwargs, num_warps=..., num_stages=..., num_ctas=..., **other) was given.
struct ConfigValue {
    std::vector<std::pair<std::string, Value>> kwargs;
    std::optional<std::int64_t> numWarps, numStages, numCtas;  // absent when not passed (or None)
    std::vector<std::pair<std::string, Value>> options;  // every other keyword: maxnreg, pre_hook,
                                                         // multibuffer, ... in call order
    int line = 0, column = 0;  // where the Config(...) call is (1-based); 0 when built in code

    const Value* kwarg(std::string_view name) const;
    const Value* option(std::string_view name) const;
    // triton.Config({'BLOCK': 64}, num_warps=4, multibuffer=True): only what was given.
    std::string repr() const;
};

struct TensorValue {
    std::string dtype;  // as given: "float16", "torch.float16", "bf16", ...
    std::vector<std::int64_t> shape;

    std::int64_t numel() const;
    std::vector<std::int64_t> contiguousStrides() const;
    std::optional<int> elementSize() const;  // bytes, nullopt for an unknown dtype
    std::string dtypeName() const;           // dtype without a "torch."/"tl." prefix, aliases
                                             // resolved: "float16", "bfloat16", "int32", ...
};

using Scope = std::map<std::string, Value, std::less<>>;

// `lambda params: body`. Names free in the body resolve first in `captured` (the local scope
// where the lambda was created), then in the module, then in the builtins. The node belongs to a
// parsed Module that must outlive the value.
struct LambdaValue {
    const Node* node = nullptr;  // the Lambda node
    Scope captured;
    std::vector<Value> defaults;                  // for the last positional parameters
    std::vector<std::optional<Value>> kwDefaults; // one per keyword-only parameter
};

// A simple module-level `def` (see Evaluator). Free names resolve in the module at call time.
struct FunctionValue {
    const Node* node = nullptr;  // the FunctionDef node
    std::string name;
    std::vector<Value> defaults;
    std::vector<std::optional<Value>> kwDefaults;
};

// A built-in function, type or module function ("min", "int", "triton.cdiv", "triton.Config"),
// or a method bound to `self` ("dict.get", "tensor.size").
struct BuiltinValue {
    std::string name;
    std::optional<Value> self;
};

struct RangeValue {
    std::int64_t start = 0, stop = 0, step = 1;
    std::int64_t size() const;  // saturates at INT64_MAX
    std::int64_t at(std::int64_t index) const;  // 0 <= index < size()
};

// A generator expression whose first iterable has been evaluated; the evaluator runs the rest
// each time the generator is consumed.
struct GeneratorValue {
    const Node* node = nullptr;  // the GeneratorExp node
    Scope captured;
    Value firstIterable;
};

} // namespace ts::py
