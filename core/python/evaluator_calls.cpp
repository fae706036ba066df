// Lambdas and calls: evaluating a call's arguments, calling a lambda, a simple function or a
// builtin, and binding arguments to parameters as Python does.

#include "core/python/evaluator_impl.h"

#include <cstddef>

namespace ts::py {

Value Evaluator::Impl::makeLambda(const Node* node, const Frame* frame)
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

void Evaluator::Impl::evalArguments(const Node* call, const Frame* frame, std::vector<Value>& args,
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

Value Evaluator::Impl::callExpression(const Node* node, const Frame* frame)
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

Value Evaluator::Impl::callValue(const Value& callee, const std::vector<Value>& args,
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

Scope Evaluator::Impl::bindParameters(const std::string& fn, const Node* arguments,
                                      const std::vector<Value>& defaults,
                                      const std::vector<std::optional<Value>>& kwDefaults,
                                      const std::vector<Value>& args,
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

} // namespace ts::py
