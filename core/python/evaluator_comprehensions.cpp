// Comprehensions and generator expressions, and iteration over every iterable value.

#include "core/python/evaluator_impl.h"

#include <cstddef>

namespace ts::py {

// Runs the for/if clauses from `index`; `body` is called for every complete binding and
// returns false to stop. Returns false when stopped.
bool Evaluator::Impl::runClauses(const std::vector<const Node*>& clauses, std::size_t index, Scope& vars,
                                 const Frame& frame, const Value* first, const std::function<bool()>& body)
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

void Evaluator::Impl::bindTarget(const Node* target, const Value& item, Scope& vars)
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

std::optional<std::int64_t> Evaluator::Impl::knownLength(const Value& v)
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
void Evaluator::Impl::precheckComprehension(const Node* node, const std::vector<const Node*>& clauses,
                                            const Value& first, const Frame* outer)
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
    if (iterations > m_limits.maxSteps - m_steps)
        raise("eval-limit", "evaluation limit: more than " + std::to_string(m_limits.maxSteps) + " steps");
    if (node->is(Kind::ListComp) && !filtered && iterations > m_limits.maxContainerSize)
        checkSize(m_limits.maxContainerSize + 1);
}

Value Evaluator::Impl::comprehension(const Node* node, const Frame* outer)
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

void Evaluator::Impl::forEach(const Value& iterable, const Visit& visit)
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

std::vector<Value> Evaluator::Impl::collect(const Value& iterable)
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

} // namespace ts::py
