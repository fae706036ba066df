// Names: the module's aliases of triton / triton.language / math, dotted names and their
// canonical form ("tl.load"), the scopes of kernel variables and module constants, and which
// names only ever feed tl.dot (their loads go to L1, not the UB).
#include "core/npu/trace_builder.h"
#include "core/util/message.h"

namespace ts::npu {

void TraceBuilder::collectModuleAliases()
{
    m_aliases["tl"] = "tl";
    m_aliases["triton"] = "triton";
    m_aliases["math"] = "math";
    m_aliases["libdevice"] = "tl";
    if (!m_file.module)
        return;
    for (const Node* stmt : py::walk(m_file.module->root())) {
        if (stmt->is(Kind::Import)) {
            for (const Node* alias : stmt->list("names")) {
                const std::string& name = alias->str("name");
                const std::string& as = alias->str("asname");
                if (as.empty())
                    continue;
                if (name == "triton.language" || name.starts_with("triton.language."))
                    m_aliases[as] = "tl";
                else if (name == "triton")
                    m_aliases[as] = "triton";
                else if (name == "math")
                    m_aliases[as] = "math";
            }
        } else if (stmt->is(Kind::ImportFrom)) {
            const std::string& module = stmt->str("module");
            for (const Node* alias : stmt->list("names")) {
                const std::string& name = alias->str("name");
                const std::string local = alias->str("asname").empty() ? name : alias->str("asname");
                static const std::set<std::string, std::less<>> submodules = {
                    "language", "libdevice", "math", "extra", "core", "standard", "ascend", "cuda"};
                if (module == "triton" && name == "language")
                    m_aliases[local] = "tl";
                else if (module == "triton" && (name == "cdiv" || name == "next_power_of_2"))
                    m_aliases[local] = "triton." + name;
                else if (module.starts_with("triton.language")) {
                    if (submodules.count(name))
                        m_aliases[local] = "tl";
                    else
                        m_aliases[local] = "tl." + name;
                }
            }
        }
    }
}

std::string TraceBuilder::dotted(const Node* node) const
{
    if (!node)
        return {};
    if (node->is(Kind::Name))
        return node->id();
    if (node->is(Kind::Attribute)) {
        std::string base = dotted(node->child("value"));
        if (base.empty())
            return {};
        return base + "." + node->str("attr");
    }
    return {};
}

// Maps a dotted name to its canonical form: "tl.<name>", "triton.<name>", "math.<name>", or the
// name itself when its root is not a known module (then it is a local value or a function).
std::string TraceBuilder::canonical(const std::string& name) const
{
    const auto dot = name.find('.');
    const std::string root = name.substr(0, dot);
    // A local variable shadows a module alias.
    for (auto it = m_scopes.rbegin(); it != m_scopes.rend(); ++it)
        if (it->names.count(root))
            return name;
    auto alias = m_aliases.find(root);
    if (alias == m_aliases.end())
        return name;
    std::string full = alias->second + (dot == std::string::npos ? "" : name.substr(dot));
    if (full.starts_with("triton.language"))
        full = "tl" + full.substr(15);
    if (full.starts_with("tl.")) {
        // tl.math.exp, tl.extra.ascend.libdevice.exp -> tl.exp
        const auto last = full.rfind('.');
        return "tl." + full.substr(last + 1);
    }
    return full;
}

std::int32_t TraceBuilder::assignSlot(const std::string& name, int line)
{
    Scope& scope = m_scopes.back();
    auto it = scope.names.find(name);
    if (it != scope.names.end())
        return it->second;
    const std::int32_t s = newSlot(name, line);
    scope.names.emplace(name, s);
    return s;
}

std::int32_t TraceBuilder::lookupName(const std::string& name, const Node* node)
{
    const Scope& scope = m_scopes.back();
    if (auto it = scope.names.find(name); it != scope.names.end())
        return it->second;
    // Module-level constants (`BLOCK = 128`, `EPS: tl.constexpr = 1e-6`).
    if (m_file.evaluator) {
        const py::Scope& module = m_file.evaluator->moduleScope();
        if (auto it = module.find(name); it != module.end()) {
            const py::Value& v = it->second;
            if (v.isBool())
                return constSlot(AVal::boolean(v.asBool()), name);
            if (v.isInt())
                return intConst(v.asInt());
            if (v.isFloat())
                return floatConst(v.asFloat());
            if (v.isStr())
                return constSlot(strValue(v.asStr()), name);
        }
    }
    if (name == "None")
        return noneConst();
    warn(node, "npu-unknown-name", msg::Message(msg::Id::FidelityUnknownName, {name}));
    return unknownConst();
}

void TraceBuilder::findDotOperands(const Node* fn)
{
    std::map<std::string, int, std::less<>> dotUses, otherUses;
    auto unwrap = [&](const Node* n) {
        // trans(x), x.to(..), x.T, tl.trans(x) feed the cube as well
        for (int guard = 0; n && guard < 4; ++guard) {
            if (n->is(Kind::Call)) {
                const Node* f = n->child("func");
                const std::string d = canonical(dotted(f));
                if ((d == "tl.trans" || d == "tl.permute") && !n->list("args").empty()) {
                    n = n->list("args")[0];
                    continue;
                }
                if (f && f->is(Kind::Attribute) && (f->str("attr") == "to" || f->str("attr") == "trans")) {
                    n = f->child("value");
                    continue;
                }
            } else if (n->is(Kind::Attribute) && n->str("attr") == "T") {
                n = n->child("value");
                continue;
            }
            break;
        }
        return n;
    };
    for (const Node* n : py::walk(fn)) {
        if (!n->is(Kind::Call))
            continue;
        const std::string d = canonical(dotted(n->child("func")));
        if (d == "tl.dot") {
            const auto& args = n->list("args");
            for (std::size_t i = 0; i < args.size() && i < 2; ++i)
                m_dotOperandNodes.insert(unwrap(args[i]));
            for (const Node* kw : n->list("keywords"))
                if (kw->str("arg") == "input" || kw->str("arg") == "other")
                    m_dotOperandNodes.insert(unwrap(kw->child("value")));
        } else if (d == "tl.store") {
            const auto& args = n->list("args");
            const Node* value = args.size() > 1 ? args[1] : nullptr;
            for (const Node* kw : n->list("keywords"))
                if (kw->str("arg") == "value")
                    value = kw->child("value");
            if (value && value->is(Kind::Name))
                m_storedNames.insert(value->id());
        }
    }
    // Accumulators: acc = tl.dot(a, b, acc) and acc += tl.dot(a, b).
    std::set<const Node*> accNodes;
    for (const Node* n : py::walk(fn)) {
        if (n->is(Kind::Call) && canonical(dotted(n->child("func"))) == "tl.dot") {
            const auto& args = n->list("args");
            if (args.size() > 2)
                accNodes.insert(args[2]);
            for (const Node* kw : n->list("keywords"))
                if (kw->str("arg") == "acc")
                    accNodes.insert(kw->child("value"));
        }
        if (n->is(Kind::AugAssign) && n->child("target")->is(Kind::Name)) {
            const Node* v = n->child("value");
            const bool isDot = (v->is(Kind::Call) && canonical(dotted(v->child("func"))) == "tl.dot") ||
                               (v->is(Kind::BinOp) && v->op() == Kind::MatMult);
            if (isDot)
                m_accNames.insert(n->child("target")->id());
        }
    }
    for (const Node* a : accNodes)
        if (a && a->is(Kind::Name))
            m_accNames.insert(a->id());
    // Also `a @ b`
    for (const Node* n : py::walk(fn))
        if (n->is(Kind::BinOp) && n->op() == Kind::MatMult) {
            m_dotOperandNodes.insert(unwrap(n->child("left")));
            m_dotOperandNodes.insert(unwrap(n->child("right")));
        }
    for (const Node* n : py::walk(fn)) {
        if (!n->is(Kind::Name) || !n->child("ctx") || !n->child("ctx")->is(Kind::Load))
            continue;
        (m_dotOperandNodes.count(n) ? dotUses : otherUses)[n->id()]++;
    }
    for (const auto& [name, count] : dotUses)
        if (count > 0 && !otherUses.count(name))
            m_cubeOnlyNames.insert(name);
}

} // namespace ts::npu
