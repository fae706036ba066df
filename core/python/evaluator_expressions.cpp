// Expressions: the node dispatch, constants, f-strings, name lookup, list/tuple/set/dict
// displays, attributes, subscripts and slices.

#include "core/python/evaluator_impl.h"

namespace ts::py {

namespace {

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
} // namespace

Value Evaluator::Impl::evalInner(const Node* node, const Frame* frame)
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

Value Evaluator::Impl::constant(const Node* node)
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

std::string Evaluator::Impl::formatted(const Node* node, const Frame* frame)
{
    Value v = eval(node->child("value"), frame);
    if (node->child("format_spec"))
        notLiteral("f-string format specification cannot be evaluated safely");
    const Field* conversion = node->field("conversion");
    const std::int64_t c = conversion ? conversion->integer : -1;
    tick(v.weight());
    return c == 'r' || c == 'a' ? v.repr() : v.str();
}

Value Evaluator::Impl::lookup(const std::string& name, const Frame* frame)
{
    for (const Frame* f = frame; f; f = f->parent)
        if (auto it = f->vars->find(name); it != f->vars->end())
            return it->second;
    if (auto it = m_moduleScope.find(name); it != m_moduleScope.end())
        return it->second;
    if (auto it = m_unevaluable.find(name); it != m_unevaluable.end()) {
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

Scope Evaluator::Impl::flatten(const Frame* frame)
{
    Scope out;
    for (const Frame* f = frame; f; f = f->parent)
        for (const auto& [k, v] : *f->vars)
            out.emplace(k, v);  // inner scopes come first and win
    return out;
}

std::vector<Value> Evaluator::Impl::elements(const std::vector<const Node*>& nodes, const Frame* frame)
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

Value Evaluator::Impl::dictDisplay(const Node* node, const Frame* frame)
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

Value Evaluator::Impl::attribute(const Value& object, const std::string& attr)
{
    switch (object.type()) {
    case Value::Type::Module:
        if (auto v = hostAttribute(object.moduleName(), attr))
            return *v;
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

Value Evaluator::Impl::subscript(const Node* node, const Frame* frame)
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

Value Evaluator::Impl::slice(const Value& c, std::optional<std::int64_t> lower,
                             std::optional<std::int64_t> upper, std::optional<std::int64_t> step)
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

Value Evaluator::Impl::item(const Value& c, const Value& key)
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

} // namespace ts::py
