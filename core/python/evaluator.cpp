// The safe evaluator's public API (every entry guarded: the limits start afresh and failures
// become EvalResult errors) and module binding: a module's top-level statements, imports and
// simple `def`s, bound in order.

#include "core/python/evaluator_impl.h"

#include <filesystem>

namespace ts::py {

namespace {

// Every name a statement binds in the scope it runs in (assignment targets, loop variables,
// imports, definitions, receivers of in-place updates), without entering nested scopes.
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

} // namespace

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

// ---------------------------------------------------------------------------------------------

Evaluator::Evaluator(const Module* module, EvalLimits limits, std::vector<HostFunction> host)
    : m_impl(std::make_unique<Impl>(module, limits, std::move(host)))
{
}

Evaluator::~Evaluator() = default;
Evaluator::Evaluator(Evaluator&&) noexcept = default;
Evaluator& Evaluator::operator=(Evaluator&&) noexcept = default;

EvalResult Evaluator::eval(const Node* expr, const Scope& locals)
{
    return m_impl->guarded([&] {
        const Frame frame{&locals, nullptr};
        return m_impl->eval(expr, &frame);
    });
}

EvalResult Evaluator::call(const Value& callable, const std::vector<Value>& args,
                           const std::vector<std::pair<std::string, Value>>& kwargs)
{
    return m_impl->guarded([&] { return m_impl->callValue(callable, args, kwargs, nullptr); });
}

EvalResult Evaluator::toList(const Value& iterable)
{
    return m_impl->guarded([&] { return Value::list(m_impl->collect(iterable)); });
}

const Scope& Evaluator::moduleScope() const
{
    return m_impl->m_moduleScope;
}

const std::map<std::string, EvalError, std::less<>>& Evaluator::unevaluable() const
{
    return m_impl->m_unevaluable;
}

const EvalLimits& Evaluator::limits() const
{
    return m_impl->m_limits;
}

// ---------------------------------------------------------------------------------------------

void Evaluator::Impl::markUnevaluable(const std::string& name, const EvalError& error)
{
    m_moduleScope.erase(name);
    m_unevaluable[name] = error;
}

void Evaluator::Impl::bindModuleName(const std::string& name, Value value)
{
    m_unevaluable.erase(name);
    m_moduleScope[name] = std::move(value);
}

void Evaluator::Impl::bindModule()
{
    std::string stem = std::filesystem::path(m_module->fileName()).stem().string();
    m_moduleScope["__name__"] = Value::string(stem.empty() || stem == "__main__" ? "__module__" : stem);
    Scope& scope = m_moduleScope;
    for (const Node* stmt : m_module->root()->list("body")) {
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

void Evaluator::Impl::bindImport(const Node* stmt)
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
            value = hostAttribute(from, name);
        if (!value && !(level && level->integer > 0))
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

std::optional<Value> Evaluator::Impl::hostAttribute(const std::string& module, const std::string& attr) const
{
    for (const HostFunction& h : m_host) {
        if (attr == h.name && (module == h.module || module.rfind(h.module + ".", 0) == 0))
            return Value::builtin(hostPrefix() + h.name);
        // `from triton.backends.ascend import runtime`, `triton.backends.ascend.runtime.NAME`: a
        // module on the way to the function.
        const std::string sub = module + "." + attr;
        if (h.module == sub || h.module.rfind(sub + ".", 0) == 0)
            return Value::module(sub);
    }
    return std::nullopt;
}

const HostFunction* Evaluator::Impl::hostFunction(std::string_view builtinName) const
{
    if (builtinName.rfind(hostPrefix(), 0) != 0)
        return nullptr;
    const std::string_view name = builtinName.substr(hostPrefix().size());
    for (const HostFunction& h : m_host)
        if (h.name == name)
            return &h;
    return nullptr;
}

void Evaluator::Impl::defineFunction(const Node* def, Scope& vars, const Frame* frame)
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

} // namespace ts::py
