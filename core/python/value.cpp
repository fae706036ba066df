// The evaluator's Python values: construction, accessors, repr, hashing and equality (with
// Python's numeric-tower rules), functional updates and the payload types, each section marked
// "---- name ----". About 1,100 lines in one file because every section works on the same
// private payload types, which are defined here and nowhere else; splitting it would first need
// those types in a shared internal header.

#include "core/python/value.h"
#include "core/util/utf8.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <unordered_map>

namespace ts::py {

namespace {

__extension__ typedef __int128 Int128;  // exact range arithmetic

const std::string kEmptyString;
const std::vector<Value> kNoItems;
const std::vector<std::pair<Value, Value>> kNoEntries;
const ConfigValue kNoConfig;
const TensorValue kNoTensor;
const LambdaValue kNoLambda;
const FunctionValue kNoFunction;
const BuiltinValue kNoBuiltin;
const RangeValue kNoRange;
const GeneratorValue kNoGenerator;

std::int64_t saturatingAdd(std::int64_t a, std::int64_t b)
{
    std::int64_t r = 0;
    return __builtin_add_overflow(a, b, &r) ? std::numeric_limits<std::int64_t>::max() : r;
}

// Hash lookup from a key's hash to its positions in an entries vector. Small containers (the
// usual config dict) skip it and search linearly.
using KeyIndex = std::unordered_multimap<std::size_t, std::size_t>;
constexpr std::size_t kIndexThreshold = 8;

std::size_t keyHash(const Value& key)
{
    return key.hashable() ? key.hash() : 0;
}

struct SeqData {
    std::vector<Value> items;
    std::int64_t weight = 1;
};

// Position of `key` among `count` keys given by `keyAt`, using `index` once it is built.
template <typename KeyAt>
std::optional<std::size_t> findKey(const KeyIndex& index, std::size_t count, const Value& key, KeyAt&& keyAt)
{
    if (count <= kIndexThreshold || index.empty()) {
        for (std::size_t i = 0; i < count; ++i)
            if (keyAt(i) == key)
                return i;
        return std::nullopt;
    }
    auto [first, last] = index.equal_range(keyHash(key));
    for (auto it = first; it != last; ++it)
        if (keyAt(it->second) == key)
            return it->second;
    return std::nullopt;
}

// Adds position `position` of a new key; builds the index when the container outgrows a scan.
template <typename KeyAt>
void indexKey(KeyIndex& index, std::size_t position, KeyAt&& keyAt)
{
    if (position + 1 <= kIndexThreshold)
        return;
    if (index.empty())
        for (std::size_t i = 0; i < position; ++i)
            index.emplace(keyHash(keyAt(i)), i);
    index.emplace(keyHash(keyAt(position)), position);
}

struct DictData {
    std::vector<std::pair<Value, Value>> entries;
    KeyIndex index;
    std::int64_t weight = 1;

    const std::pair<Value, Value>* find(const Value& key) const
    {
        auto at = findKey(index, entries.size(), key, [this](std::size_t i) -> const Value& {
            return entries[i].first;
        });
        return at ? &entries[*at] : nullptr;
    }
    void set(Value key, Value value)
    {
        auto at = findKey(index, entries.size(), key, [this](std::size_t i) -> const Value& {
            return entries[i].first;
        });
        if (at) {
            weight = saturatingAdd(weight, value.weight());
            entries[*at].second = std::move(value);
            return;
        }
        weight = saturatingAdd(weight, saturatingAdd(key.weight(), value.weight()));
        entries.emplace_back(std::move(key), std::move(value));
        indexKey(index, entries.size() - 1, [this](std::size_t i) -> const Value& { return entries[i].first; });
    }
};

struct SetData {
    std::vector<Value> items;
    KeyIndex index;
    std::int64_t weight = 1;

    bool contains(const Value& item) const
    {
        return findKey(index, items.size(), item, [this](std::size_t i) -> const Value& { return items[i]; })
            .has_value();
    }
    void add(Value item)
    {
        if (contains(item))
            return;
        weight = saturatingAdd(weight, item.weight());
        items.push_back(std::move(item));
        indexKey(index, items.size() - 1, [this](std::size_t i) -> const Value& { return items[i]; });
    }
};

std::int64_t sequenceWeight(const std::vector<Value>& items)
{
    std::int64_t w = 1;
    for (const Value& v : items)
        w = saturatingAdd(w, v.weight());
    return w;
}

// Exact comparison of a 64-bit int with a double (long double holds every int64 exactly).
int compareIntFloat(std::int64_t i, double f)
{
    const long double a = static_cast<long double>(i);
    const long double b = f;
    return a < b ? -1 : (a > b ? 1 : 0);
}

bool numericEqual(const Value& a, const Value& b)
{
    if (a.isFloat() || b.isFloat()) {
        if (a.isFloat() && b.isFloat())
            return a.asFloat() == b.asFloat();
        const double f = a.isFloat() ? a.asFloat() : b.asFloat();
        if (std::isnan(f))
            return false;
        const std::int64_t i = a.isFloat() ? b.asInt() : a.asInt();
        return compareIntFloat(i, f) == 0;
    }
    return a.asInt() == b.asInt();
}

bool isNumeric(const Value& v)
{
    return v.isIntLike() || v.isFloat();
}

std::size_t combineHash(std::size_t seed, std::size_t h)
{
    return (seed ^ h) * 1099511628211ULL + 0x9e3779b97f4a7c15ULL;
}

std::string sequenceRepr(const std::vector<Value>& items, char open, char close, bool tuple)
{
    std::string out(1, open);
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i)
            out += ", ";
        out += items[i].repr();
    }
    if (tuple && items.size() == 1)
        out += ',';
    out += close;
    return out;
}

} // namespace

// ---- construction ----

template <typename T>
const T* Value::payload() const
{
    return static_cast<const T*>(m_data.get());
}

template <typename T>
T* Value::mutablePayload()
{
    if (m_data.use_count() != 1)
        m_data = std::make_shared<T>(*payload<T>());
    return static_cast<T*>(m_data.get());
}

template <typename T>
Value Value::make(Type type, T payload)
{
    Value v;
    v.m_type = type;
    v.m_data = std::make_shared<T>(std::move(payload));
    return v;
}

Value::Value(Value&& other) noexcept
    : m_type(other.m_type), m_int(other.m_int), m_real(other.m_real), m_data(std::move(other.m_data))
{
    other.m_type = Type::None;
}

Value& Value::operator=(Value&& other) noexcept
{
    if (this != &other) {
        m_type = other.m_type;
        m_int = other.m_int;
        m_real = other.m_real;
        m_data = std::move(other.m_data);
        other.m_type = Type::None;
    }
    return *this;
}

Value Value::none()
{
    return Value();
}

Value Value::boolean(bool value)
{
    Value v;
    v.m_type = Type::Bool;
    v.m_int = value ? 1 : 0;
    return v;
}

Value Value::integer(std::int64_t value)
{
    Value v;
    v.m_type = Type::Int;
    v.m_int = value;
    return v;
}

Value Value::real(double value)
{
    Value v;
    v.m_type = Type::Float;
    v.m_real = value;
    return v;
}

Value Value::string(std::string value)
{
    return make(Type::Str, std::move(value));
}

Value Value::list(std::vector<Value> items)
{
    const std::int64_t w = sequenceWeight(items);
    return make(Type::List, SeqData{std::move(items), w});
}

Value Value::tuple(std::vector<Value> items)
{
    const std::int64_t w = sequenceWeight(items);
    return make(Type::Tuple, SeqData{std::move(items), w});
}

Value Value::dict(std::vector<std::pair<Value, Value>> entries)
{
    DictData d;
    d.entries.reserve(entries.size());
    for (auto& [k, v] : entries)
        d.set(std::move(k), std::move(v));
    return make(Type::Dict, std::move(d));
}

Value Value::set(std::vector<Value> items)
{
    SetData d;
    d.items.reserve(items.size());
    for (Value& v : items)
        d.add(std::move(v));
    return make(Type::Set, std::move(d));
}

Value Value::tensor(std::string dtype, std::vector<std::int64_t> shape)
{
    return make(Type::Tensor, TensorValue{std::move(dtype), std::move(shape)});
}

Value Value::config(ConfigValue config)
{
    return make(Type::Config, std::move(config));
}

Value Value::lambda(LambdaValue lambda)
{
    return make(Type::Lambda, std::move(lambda));
}

Value Value::function(FunctionValue function)
{
    return make(Type::Function, std::move(function));
}

Value Value::builtin(std::string name, std::optional<Value> self)
{
    return make(Type::Builtin, BuiltinValue{std::move(name), std::move(self)});
}

Value Value::module(std::string name)
{
    return make(Type::Module, std::move(name));
}

Value Value::range(std::int64_t start, std::int64_t stop, std::int64_t step)
{
    return make(Type::Range, RangeValue{start, stop, step == 0 ? 1 : step});
}

Value Value::generator(GeneratorValue generator)
{
    return make(Type::Generator, std::move(generator));
}

// ---- accessors ----

bool Value::isCallable() const
{
    return m_type == Type::Lambda || m_type == Type::Function || m_type == Type::Builtin;
}

std::int64_t Value::asInt() const
{
    if (m_type == Type::Int || m_type == Type::Bool)
        return m_int;
    if (m_type == Type::Float) {
        if (std::isnan(m_real))
            return 0;
        if (m_real >= 9223372036854775807.0)
            return std::numeric_limits<std::int64_t>::max();
        if (m_real <= -9223372036854775808.0)
            return std::numeric_limits<std::int64_t>::min();
        return static_cast<std::int64_t>(m_real);
    }
    return 0;
}

double Value::asFloat() const
{
    if (m_type == Type::Float)
        return m_real;
    if (m_type == Type::Int || m_type == Type::Bool)
        return static_cast<double>(m_int);
    return 0.0;
}

bool Value::asBool() const
{
    return m_type == Type::Bool ? m_int != 0 : truthy();
}

const std::string& Value::asStr() const
{
    return m_type == Type::Str ? *payload<std::string>() : kEmptyString;
}

const std::vector<Value>& Value::items() const
{
    if (m_type == Type::List || m_type == Type::Tuple)
        return payload<SeqData>()->items;
    if (m_type == Type::Set)
        return payload<SetData>()->items;
    return kNoItems;
}

const std::vector<std::pair<Value, Value>>& Value::entries() const
{
    return m_type == Type::Dict ? payload<DictData>()->entries : kNoEntries;
}

const Value* Value::get(std::string_view key) const
{
    if (m_type != Type::Dict)
        return nullptr;
    const DictData* d = payload<DictData>();
    if (d->entries.size() <= kIndexThreshold || d->index.empty()) {
        for (const auto& entry : d->entries)
            if (entry.first.isStr() && entry.first.asStr() == key)
                return &entry.second;
        return nullptr;
    }
    auto [first, last] = d->index.equal_range(std::hash<std::string_view>{}(key));
    for (auto it = first; it != last; ++it) {
        const auto& entry = d->entries[it->second];
        if (entry.first.isStr() && entry.first.asStr() == key)
            return &entry.second;
    }
    return nullptr;
}

const Value* Value::find(const Value& key) const
{
    if (m_type != Type::Dict)
        return nullptr;
    const auto* entry = payload<DictData>()->find(key);
    return entry ? &entry->second : nullptr;
}

bool Value::containsKey(const Value& key) const
{
    if (m_type == Type::Dict)
        return payload<DictData>()->find(key) != nullptr;
    if (m_type == Type::Set)
        return payload<SetData>()->contains(key);
    return false;
}

const ConfigValue& Value::config() const
{
    return m_type == Type::Config ? *payload<ConfigValue>() : kNoConfig;
}

const TensorValue& Value::tensorValue() const
{
    return m_type == Type::Tensor ? *payload<TensorValue>() : kNoTensor;
}

const LambdaValue& Value::lambdaValue() const
{
    return m_type == Type::Lambda ? *payload<LambdaValue>() : kNoLambda;
}

const FunctionValue& Value::functionValue() const
{
    return m_type == Type::Function ? *payload<FunctionValue>() : kNoFunction;
}

const BuiltinValue& Value::builtinValue() const
{
    return m_type == Type::Builtin ? *payload<BuiltinValue>() : kNoBuiltin;
}

const std::string& Value::moduleName() const
{
    return m_type == Type::Module ? *payload<std::string>() : kEmptyString;
}

const RangeValue& Value::rangeValue() const
{
    return m_type == Type::Range ? *payload<RangeValue>() : kNoRange;
}

const GeneratorValue& Value::generatorValue() const
{
    return m_type == Type::Generator ? *payload<GeneratorValue>() : kNoGenerator;
}

std::int64_t Value::size() const
{
    switch (m_type) {
    case Type::Str: return static_cast<std::int64_t>(asStr().size());
    case Type::List:
    case Type::Tuple:
    case Type::Set: return static_cast<std::int64_t>(items().size());
    case Type::Dict: return static_cast<std::int64_t>(entries().size());
    case Type::Range: return rangeValue().size();
    default: return 0;
    }
}

bool Value::truthy() const
{
    switch (m_type) {
    case Type::None: return false;
    case Type::Bool:
    case Type::Int: return m_int != 0;
    case Type::Float: return m_real != 0.0;
    case Type::Str:
    case Type::List:
    case Type::Tuple:
    case Type::Dict:
    case Type::Set:
    case Type::Range: return size() != 0;
    default: return true;
    }
}

std::string_view Value::typeName() const
{
    switch (m_type) {
    case Type::None: return "NoneType";
    case Type::Bool: return "bool";
    case Type::Int: return "int";
    case Type::Float: return "float";
    case Type::Str: return "str";
    case Type::List: return "list";
    case Type::Tuple: return "tuple";
    case Type::Dict: return "dict";
    case Type::Config: return "Config";
    case Type::Lambda:
    case Type::Function: return "function";
    case Type::Tensor: return "Tensor";
    case Type::Builtin: return "builtin_function_or_method";
    case Type::Module: return "module";
    case Type::Set: return "set";
    case Type::Range: return "range";
    case Type::Generator: return "generator";
    }
    return "object";
}

// ---- repr ----

std::string floatRepr(double value)
{
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value < 0 ? "-inf" : "inf";
    // Shortest round-trip digits, then Python's layout: positional for 1e-4 <= |x| < 1e16.
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
    std::string text(buf, res.ptr);
    std::string sign;
    if (!text.empty() && text[0] == '-') {
        sign = "-";
        text.erase(0, 1);
    }
    const auto e = text.find('e');
    std::string digits = text.substr(0, e);
    digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
    const int exponent = std::stoi(text.substr(e + 1));
    std::string out;
    if (exponent >= -4 && exponent < 16) {
        if (exponent >= 0) {
            const std::size_t intDigits = static_cast<std::size_t>(exponent) + 1;
            if (digits.size() <= intDigits)
                out = digits + std::string(intDigits - digits.size(), '0') + ".0";
            else
                out = digits.substr(0, intDigits) + "." + digits.substr(intDigits);
        } else {
            out = "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
        }
    } else {
        out = digits.substr(0, 1);
        if (digits.size() > 1)
            out += "." + digits.substr(1);
        const int absExp = std::abs(exponent);
        out += exponent < 0 ? "e-" : "e+";
        if (absExp < 10)
            out += '0';
        out += std::to_string(absExp);
    }
    return sign + out;
}

std::string stringRepr(std::string_view text)
{
    const bool hasSingle = text.find('\'') != std::string_view::npos;
    const bool hasDouble = text.find('"') != std::string_view::npos;
    const char quote = hasSingle && !hasDouble ? '"' : '\'';
    std::string out(1, quote);
    static const char* hex = "0123456789abcdef";
    for (std::size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == static_cast<unsigned char>(quote) || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\r') {
            out += "\\r";
        } else if (c == '\t') {
            out += "\\t";
        } else if (c < 0x20 || c == 0x7f) {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 0xf];
        } else if (c >= 0x80) {
            // Python prints printable non-ASCII as is; the C1 controls, NBSP and soft hyphen
            // (U+0080..U+00A0, U+00AD) are escaped.
            const int len = utf8Length(c);
            if (len == 2 && i + 1 < text.size()) {
                const unsigned cp = ((c & 0x1fu) << 6) | (static_cast<unsigned char>(text[i + 1]) & 0x3fu);
                if (cp <= 0xa0 || cp == 0xad) {
                    out += "\\x";
                    out += hex[cp >> 4];
                    out += hex[cp & 0xf];
                    ++i;
                    continue;
                }
            }
            out.append(text.substr(i, static_cast<std::size_t>(len)));
            i += static_cast<std::size_t>(len) - 1;
        } else {
            out += static_cast<char>(c);
        }
    }
    out += quote;
    return out;
}

std::string Value::repr() const
{
    switch (m_type) {
    case Type::None: return "None";
    case Type::Bool: return m_int ? "True" : "False";
    case Type::Int: return std::to_string(m_int);
    case Type::Float: return floatRepr(m_real);
    case Type::Str: return stringRepr(asStr());
    case Type::List: return sequenceRepr(items(), '[', ']', false);
    case Type::Tuple: return sequenceRepr(items(), '(', ')', true);
    case Type::Set: return items().empty() ? "set()" : sequenceRepr(items(), '{', '}', false);
    case Type::Dict: {
        std::string out = "{";
        bool first = true;
        for (const auto& [k, v] : entries()) {
            if (!first)
                out += ", ";
            first = false;
            out += k.repr() + ": " + v.repr();
        }
        return out + "}";
    }
    case Type::Config: return config().repr();
    case Type::Lambda: return "<function <lambda>>";
    case Type::Function: return "<function " + functionValue().name + ">";
    case Type::Tensor: {
        const TensorValue& t = tensorValue();
        std::vector<Value> dims;
        for (std::int64_t d : t.shape)
            dims.push_back(integer(d));
        return "tensor(dtype=" + t.dtype + ", shape=" + sequenceRepr(dims, '(', ')', true) + ")";
    }
    case Type::Builtin: {
        const BuiltinValue& b = builtinValue();
        if (b.self) {
            const auto dot = b.name.rfind('.');
            return "<built-in method " + b.name.substr(dot + 1) + " of " + std::string(b.self->typeName()) +
                   " object>";
        }
        static const char* const types[] = {"int", "float", "bool", "str", "list", "tuple", "dict", "set", "range"};
        for (const char* t : types)
            if (b.name == t)
                return "<class '" + b.name + "'>";
        return "<built-in function " + b.name + ">";
    }
    case Type::Module: return "<module '" + moduleName() + "'>";
    case Type::Range: {
        const RangeValue& r = rangeValue();
        std::string out = "range(" + std::to_string(r.start) + ", " + std::to_string(r.stop);
        if (r.step != 1)
            out += ", " + std::to_string(r.step);
        return out + ")";
    }
    case Type::Generator: return "<generator object <genexpr>>";
    }
    return "<object>";
}

std::string Value::str() const
{
    return m_type == Type::Str ? asStr() : repr();
}

// ---- hashing and equality ----

bool Value::hashable() const
{
    switch (m_type) {
    case Type::List:
    case Type::Dict:
    case Type::Set: return false;
    case Type::Tuple:
        return std::all_of(items().begin(), items().end(), [](const Value& v) { return v.hashable(); });
    case Type::Config: {
        const ConfigValue& c = config();
        for (const auto& [k, v] : c.kwargs)
            if (!v.hashable())
                return false;
        for (const auto& [k, v] : c.options)
            if (!v.hashable())
                return false;
        return true;
    }
    default: return true;
    }
}

std::size_t Value::hash() const
{
    switch (m_type) {
    case Type::None: return 0x5bd1e995u;
    case Type::Bool:
    case Type::Int: return std::hash<std::int64_t>{}(m_int);
    case Type::Float:
        if (std::isfinite(m_real) && m_real == std::trunc(m_real) && m_real >= -9223372036854775808.0 &&
            m_real < 9223372036854775808.0)
            return std::hash<std::int64_t>{}(static_cast<std::int64_t>(m_real));
        return std::hash<double>{}(m_real);
    case Type::Str: return std::hash<std::string_view>{}(asStr());
    case Type::Tuple: {
        std::size_t h = 0x345678u;
        for (const Value& v : items())
            h = combineHash(h, v.hash());
        return h;
    }
    case Type::Config: {
        std::size_t h = 0xc0f1u;
        for (const auto& [k, v] : config().kwargs)
            h = combineHash(combineHash(h, std::hash<std::string>{}(k)), v.hash());
        return h;
    }
    case Type::Module: return std::hash<std::string>{}(moduleName());
    case Type::Builtin: return std::hash<std::string>{}(builtinValue().name);
    case Type::Range: {
        const RangeValue& r = rangeValue();
        const std::int64_t n = r.size();
        std::size_t h = std::hash<std::int64_t>{}(n);
        if (n > 0)
            h = combineHash(h, std::hash<std::int64_t>{}(r.start));
        if (n > 1)
            h = combineHash(h, std::hash<std::int64_t>{}(r.step));
        return h;
    }
    default: return std::hash<const void*>{}(m_data.get());
    }
}

std::int64_t Value::weight() const
{
    switch (m_type) {
    case Type::Str: return 1 + static_cast<std::int64_t>(asStr().size() / 32);
    case Type::List:
    case Type::Tuple: return payload<SeqData>()->weight;
    case Type::Dict: return payload<DictData>()->weight;
    case Type::Set: return payload<SetData>()->weight;
    case Type::Config: {
        std::int64_t w = 1;
        for (const auto& [k, v] : config().kwargs)
            w = saturatingAdd(w, v.weight());
        for (const auto& [k, v] : config().options)
            w = saturatingAdd(w, v.weight());
        return w;
    }
    default: return 1;
    }
}

namespace {

// Triton's Config equality: kwargs in order, the compile options with their defaults, other
// keywords that are not None.
bool configEqual(const ConfigValue& a, const ConfigValue& b)
{
    if (a.kwargs.size() != b.kwargs.size())
        return false;
    for (std::size_t i = 0; i < a.kwargs.size(); ++i)
        if (a.kwargs[i].first != b.kwargs[i].first || !(a.kwargs[i].second == b.kwargs[i].second))
            return false;
    if (a.numWarps.value_or(4) != b.numWarps.value_or(4) ||
        a.numStages.value_or(3) != b.numStages.value_or(3) || a.numCtas.value_or(1) != b.numCtas.value_or(1))
        return false;
    auto given = [](const ConfigValue& c) {
        std::vector<const std::pair<std::string, Value>*> out;
        for (const auto& option : c.options)
            if (!option.second.isNone())
                out.push_back(&option);
        return out;
    };
    const auto oa = given(a);
    const auto ob = given(b);
    if (oa.size() != ob.size())
        return false;
    for (std::size_t i = 0; i < oa.size(); ++i)
        if (oa[i]->first != ob[i]->first || !(oa[i]->second == ob[i]->second))
            return false;
    return true;
}

} // namespace

bool operator==(const Value& a, const Value& b)
{
    using Type = Value::Type;
    if (isNumeric(a) && isNumeric(b))
        return numericEqual(a, b);
    if (a.type() != b.type())
        return false;
    switch (a.type()) {
    case Type::None: return true;
    case Type::Str: return a.asStr() == b.asStr();
    case Type::List:
    case Type::Tuple: {
        const auto& x = a.items();
        const auto& y = b.items();
        if (&x == &y)
            return true;
        return x.size() == y.size() && std::equal(x.begin(), x.end(), y.begin());
    }
    case Type::Set: {
        if (a.size() != b.size())
            return false;
        for (const Value& v : a.items())
            if (!b.containsKey(v))
                return false;
        return true;
    }
    case Type::Dict: {
        if (a.size() != b.size())
            return false;
        for (const auto& [k, v] : a.entries()) {
            const Value* other = b.find(k);
            if (!other || !(*other == v))
                return false;
        }
        return true;
    }
    case Type::Range: {
        const RangeValue& x = a.rangeValue();
        const RangeValue& y = b.rangeValue();
        const std::int64_t n = x.size();
        if (n != y.size())
            return false;
        if (n == 0)
            return true;
        if (x.start != y.start)
            return false;
        return n == 1 || x.step == y.step;
    }
    case Type::Config: return configEqual(a.config(), b.config());
    case Type::Module: return a.moduleName() == b.moduleName();
    case Type::Builtin: {
        const BuiltinValue& x = a.builtinValue();
        const BuiltinValue& y = b.builtinValue();
        if (x.name != y.name || x.self.has_value() != y.self.has_value())
            return false;
        return !x.self || &x == &y;
    }
    default: return a.m_data == b.m_data;  // tensors, lambdas, functions, generators: identity
    }
}

std::optional<bool> richCompare(const Value& a, const Value& b, CompareOp op)
{
    auto fromOrder = [op](int order) {
        switch (op) {
        case CompareOp::Lt: return order < 0;
        case CompareOp::Le: return order <= 0;
        case CompareOp::Gt: return order > 0;
        case CompareOp::Ge: return order >= 0;
        }
        return false;
    };
    if (isNumeric(a) && isNumeric(b)) {
        if (a.isFloat() || b.isFloat()) {
            if ((a.isFloat() && std::isnan(a.asFloat())) || (b.isFloat() && std::isnan(b.asFloat())))
                return false;
            if (a.isFloat() && b.isFloat()) {
                const double x = a.asFloat(), y = b.asFloat();
                return fromOrder(x < y ? -1 : (x > y ? 1 : 0));
            }
            if (a.isFloat())
                return fromOrder(-compareIntFloat(b.asInt(), a.asFloat()));
            return fromOrder(compareIntFloat(a.asInt(), b.asFloat()));
        }
        const std::int64_t x = a.asInt(), y = b.asInt();
        return fromOrder(x < y ? -1 : (x > y ? 1 : 0));
    }
    if (a.type() != b.type())
        return std::nullopt;
    if (a.isStr()) {
        const int c = a.asStr().compare(b.asStr());
        return fromOrder(c < 0 ? -1 : (c > 0 ? 1 : 0));
    }
    if (a.isList() || a.isTuple()) {
        const auto& x = a.items();
        const auto& y = b.items();
        const std::size_t n = std::min(x.size(), y.size());
        for (std::size_t i = 0; i < n; ++i)
            if (!(x[i] == y[i]))
                return richCompare(x[i], y[i], op);
        return fromOrder(x.size() < y.size() ? -1 : (x.size() > y.size() ? 1 : 0));
    }
    if (a.isSet()) {
        auto subset = [](const Value& s, const Value& t) {
            if (s.size() > t.size())
                return false;
            for (const Value& v : s.items())
                if (!t.containsKey(v))
                    return false;
            return true;
        };
        switch (op) {
        case CompareOp::Lt: return a.size() < b.size() && subset(a, b);
        case CompareOp::Le: return subset(a, b);
        case CompareOp::Gt: return a.size() > b.size() && subset(b, a);
        case CompareOp::Ge: return subset(b, a);
        }
    }
    return std::nullopt;
}

// ---- functional updates ----

Value Value::appended(Value list, Value item)
{
    if (list.m_type != Type::List)
        return list;
    SeqData* d = list.mutablePayload<SeqData>();
    d->weight = saturatingAdd(d->weight, item.weight());
    d->items.push_back(std::move(item));
    return list;
}

Value Value::extended(Value list, const std::vector<Value>& items)
{
    if (list.m_type != Type::List)
        return list;
    SeqData* d = list.mutablePayload<SeqData>();
    d->weight = saturatingAdd(d->weight, sequenceWeight(items) - 1);
    d->items.insert(d->items.end(), items.begin(), items.end());
    return list;
}

Value Value::inserted(Value list, std::int64_t index, Value item)
{
    if (list.m_type != Type::List)
        return list;
    SeqData* d = list.mutablePayload<SeqData>();
    const auto n = static_cast<std::int64_t>(d->items.size());
    if (index < 0)
        index = std::max<std::int64_t>(0, index + n);
    index = std::min(index, n);
    d->weight = saturatingAdd(d->weight, item.weight());
    d->items.insert(d->items.begin() + index, std::move(item));
    return list;
}

Value Value::withItem(Value container, Value key, Value item)
{
    if (container.m_type == Type::Dict) {
        container.mutablePayload<DictData>()->set(std::move(key), std::move(item));
    } else if (container.m_type == Type::List && key.isIntLike()) {
        SeqData* d = container.mutablePayload<SeqData>();
        const auto n = static_cast<std::int64_t>(d->items.size());
        std::int64_t i = key.asInt();
        if (i < 0)
            i += n;
        if (i >= 0 && i < n) {
            d->weight = saturatingAdd(d->weight, item.weight());
            d->items[static_cast<std::size_t>(i)] = std::move(item);
        }
    }
    return container;
}

Value Value::withEntries(Value dict, const std::vector<std::pair<Value, Value>>& entries)
{
    if (dict.m_type != Type::Dict)
        return dict;
    DictData* d = dict.mutablePayload<DictData>();
    for (const auto& [k, v] : entries)
        d->set(k, v);
    return dict;
}

Value Value::withMember(Value set, Value item)
{
    if (set.m_type != Type::Set)
        return set;
    set.mutablePayload<SetData>()->add(std::move(item));
    return set;
}

// ---- payload types ----

const Value* ConfigValue::kwarg(std::string_view name) const
{
    for (const auto& [k, v] : kwargs)
        if (k == name)
            return &v;
    return nullptr;
}

const Value* ConfigValue::option(std::string_view name) const
{
    for (const auto& [k, v] : options)
        if (k == name)
            return &v;
    return nullptr;
}

std::string ConfigValue::repr() const
{
    std::string out = "triton.Config({";
    for (std::size_t i = 0; i < kwargs.size(); ++i) {
        if (i)
            out += ", ";
        out += stringRepr(kwargs[i].first) + ": " + kwargs[i].second.repr();
    }
    out += "}";
    if (numWarps)
        out += ", num_warps=" + std::to_string(*numWarps);
    if (numStages)
        out += ", num_stages=" + std::to_string(*numStages);
    if (numCtas)
        out += ", num_ctas=" + std::to_string(*numCtas);
    for (const auto& [k, v] : options)
        out += ", " + k + "=" + v.repr();
    return out + ")";
}

std::int64_t TensorValue::numel() const
{
    std::int64_t n = 1;
    for (std::int64_t d : shape)
        if (__builtin_mul_overflow(n, d, &n))
            return std::numeric_limits<std::int64_t>::max();
    return n;
}

std::vector<std::int64_t> TensorValue::contiguousStrides() const
{
    std::vector<std::int64_t> strides(shape.size(), 1);
    std::int64_t s = 1;
    for (std::size_t i = shape.size(); i-- > 0;) {
        strides[i] = s;
        if (__builtin_mul_overflow(s, std::max<std::int64_t>(shape[i], 1), &s))
            s = std::numeric_limits<std::int64_t>::max();
    }
    return strides;
}

std::string TensorValue::dtypeName() const
{
    std::string_view name = dtype;
    for (std::string_view prefix : {"torch.", "triton.language.", "tl.", "np.", "numpy."})
        if (name.substr(0, prefix.size()) == prefix) {
            name.remove_prefix(prefix.size());
            break;
        }
    static const std::unordered_map<std::string_view, std::string_view> aliases = {
        {"half", "float16"}, {"fp16", "float16"}, {"f16", "float16"},
        {"bf16", "bfloat16"},
        {"float", "float32"}, {"fp32", "float32"}, {"f32", "float32"},
        {"double", "float64"}, {"fp64", "float64"}, {"f64", "float64"},
        {"i8", "int8"}, {"u8", "uint8"}, {"short", "int16"}, {"i16", "int16"},
        {"int", "int32"}, {"i32", "int32"}, {"long", "int64"}, {"i64", "int64"},
        {"int1", "bool"}, {"i1", "bool"},
        {"cfloat", "complex64"}, {"cdouble", "complex128"},
    };
    if (auto it = aliases.find(name); it != aliases.end())
        return std::string(it->second);
    return std::string(name);
}

std::optional<int> TensorValue::elementSize() const
{
    static const std::unordered_map<std::string_view, int> sizes = {
        {"bool", 1}, {"int8", 1}, {"uint8", 1},
        {"float8_e4m3fn", 1}, {"float8_e5m2", 1}, {"float8_e4m3fnuz", 1}, {"float8_e5m2fnuz", 1},
        {"hifloat8", 1},
        {"int16", 2}, {"uint16", 2}, {"float16", 2}, {"bfloat16", 2},
        {"int32", 4}, {"uint32", 4}, {"float32", 4},
        {"int64", 8}, {"uint64", 8}, {"float64", 8}, {"complex64", 8},
        {"complex128", 16},
    };
    if (auto it = sizes.find(dtypeName()); it != sizes.end())
        return it->second;
    return std::nullopt;
}

std::int64_t RangeValue::size() const
{
    Int128 n = 0;
    if (step > 0 && start < stop)
        n = (static_cast<Int128>(stop) - start - 1) / step + 1;
    else if (step < 0 && start > stop)
        n = (static_cast<Int128>(start) - stop - 1) / (-static_cast<Int128>(step)) + 1;
    return n > std::numeric_limits<std::int64_t>::max() ? std::numeric_limits<std::int64_t>::max()
                                                        : static_cast<std::int64_t>(n);
}

std::int64_t RangeValue::at(std::int64_t index) const
{
    return static_cast<std::int64_t>(start + static_cast<Int128>(index) * step);
}

} // namespace ts::py
