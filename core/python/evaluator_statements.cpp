// Statements of a module and of simple functions: expression statements, assignment (plain,
// annotated, augmented, unpacking, item), if/for/while, del, return, and the in-place updates
// `name.append(x)` and friends.

#include "core/python/evaluator_impl.h"

namespace ts::py {

const std::set<std::string, std::less<>>& mutatingMethods()
{
    static const std::set<std::string, std::less<>> names = {"append", "extend", "insert", "sort", "reverse",
                                                             "update", "add", "clear", "pop"};
    return names;
}

Flow Evaluator::Impl::execBlock(const std::vector<const Node*>& body, Scope& vars, Mode mode, Value& returned)
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

Flow Evaluator::Impl::execStatement(const Node* stmt, Scope& vars, Mode mode, Value& returned)
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

Flow Evaluator::Impl::execStatementInner(const Node* stmt, Scope& vars, Mode mode, Value& returned)
{
    // Module statements see the module scope directly; function bodies see their locals.
    const Frame localFrame{&vars, nullptr};
    const Frame* frame = mode == Mode::Function ? &localFrame : nullptr;
    switch (stmt->kind) {
    case Kind::Expr: return execExpression(stmt, vars, mode, frame);
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
    case Kind::For: return execFor(stmt, vars, mode, frame, returned);
    case Kind::While: return execWhile(stmt, vars, mode, frame, returned);
    case Kind::Delete: execDelete(stmt, vars, mode); return Flow::Normal;
    default: break;
    }
    if (mode == Mode::Module)
        return execModuleOnly(stmt, vars, frame, returned);
    notLiteral("a " + std::string(statementName(stmt->kind)) + " in a function cannot be evaluated safely");
}

// An expression statement: a docstring, print(), an in-place update of a local container, or (in a
// function) any expression, evaluated for its errors.
Flow Evaluator::Impl::execExpression(const Node* stmt, Scope& vars, Mode mode, const Frame* frame)
{
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

Flow Evaluator::Impl::execFor(const Node* stmt, Scope& vars, Mode mode, const Frame* frame, Value& returned)
{
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

Flow Evaluator::Impl::execWhile(const Node* stmt, Scope& vars, Mode mode, const Frame* frame, Value& returned)
{
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

void Evaluator::Impl::execDelete(const Node* stmt, Scope& vars, Mode mode)
{
    for (const Node* target : stmt->list("targets")) {
        if (!target->is(Kind::Name))
            notLiteral("'del' of anything but a name cannot be evaluated safely");
        if (mode == Mode::Module)
            markUnevaluable(target->id(), EvalError{"eval-error", stmt->line, stmt->col + 1,
                                                    "name '" + target->id() + "' was deleted"});
        else if (!vars.erase(target->id()))
            evalError("name '" + target->id() + "' is not defined");
    }
}

// Statements only a module may contain: definitions, imports, classes (recorded as unevaluable),
// global/nonlocal, try. Any other refuses the names it assigns.
Flow Evaluator::Impl::execModuleOnly(const Node* stmt, Scope& vars, const Frame* frame, Value& returned)
{
    const Mode mode = Mode::Module;
    switch (stmt->kind) {
    case Kind::FunctionDef:
    case Kind::AsyncFunctionDef: {
        try {
            defineFunction(stmt, vars, frame);
            m_unevaluable.erase(stmt->str("name"));
        } catch (Failure& f) {
            locate(f, stmt);
            markUnevaluable(stmt->str("name"), f.error);
        }
        return Flow::Normal;
    }
    case Kind::Import:
    case Kind::ImportFrom: bindImport(stmt); return Flow::Normal;
    case Kind::ClassDef:
        markUnevaluable(stmt->str("name"), EvalError{"not-a-literal", stmt->line, stmt->col + 1,
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

// Looks a name up for assignment-like updates: function locals, or the module scope.
Value* Evaluator::Impl::slotFor(const std::string& name, Scope& vars, Mode mode)
{
    auto it = vars.find(name);
    if (it != vars.end())
        return &it->second;
    if (mode == Mode::Function && (m_moduleScope.count(name) || m_unevaluable.count(name)))
        notLiteral("the function changes module-level '" + name + "'");
    return nullptr;
}

void Evaluator::Impl::chargeUpdate(const Value& container, std::int64_t newSize)
{
    checkSize(newSize);
    tick(container.uniquelyHeld() ? 1 : std::max<std::int64_t>(1, container.size()));
}

// `name.append(x)` and friends as statements; false when the receiver is not a local
// list/dict/set (then the statement is evaluated as an ordinary expression).
bool Evaluator::Impl::tryMutate(const Node* call, Scope& vars, Mode mode, const Frame* frame)
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
void Evaluator::Impl::mutate(Value& slot, const std::string& method, const Args& a)
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

void Evaluator::Impl::assign(const Node* target, const Value& value, Scope& vars, Mode mode,
                             const Frame* frame)
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

void Evaluator::Impl::augmentedAssign(const Node* stmt, Scope& vars, Mode mode, const Frame* frame)
{
    const Node* target = stmt->child("target");
    const Kind op = stmt->op();
    Value rhs = eval(stmt->child("value"), frame);
    if (target->is(Kind::Name)) {
        const std::string& name = target->id();
        Value* slot = mode == Mode::Module ? nullptr : slotFor(name, vars, mode);
        if (mode == Mode::Module) {
            auto it = m_moduleScope.find(name);
            if (it == m_moduleScope.end())
                lookup(name, nullptr);  // unevaluable / unknown: says why
            if (it == m_moduleScope.end())
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

} // namespace ts::py
