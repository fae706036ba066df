// Tracing: TraceBuilder lowers the kernel's AST into a KernelIr, by section: dtypes, the
// builder, statements, expressions, calls (one function per family of Triton calls, chosen in
// lowerCall), liveness, and the whole trace (run).
//
// One file of about 2,000 lines: TraceBuilder is declared here and its sections call each other
// throughout (expressions lower calls, calls lower expressions and inline helpers' statements).
// Splitting it by section would first move the class into a header of its own; the sections
// above are where that split would go.
#include "core/npu/kernel_trace.h"

#include "core/python/parser.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <set>

namespace ts::npu {

// ---- dtypes ------------------------------------------------------------------------------

const char* dtName(Dt dt)
{
    switch (dt) {
    case Dt::Unknown: return "unknown";
    case Dt::I1: return "int1";
    case Dt::I8: return "int8";
    case Dt::U8: return "uint8";
    case Dt::I16: return "int16";
    case Dt::I32: return "int32";
    case Dt::I64: return "int64";
    case Dt::F8: return "float8";
    case Dt::F16: return "float16";
    case Dt::BF16: return "bfloat16";
    case Dt::F32: return "float32";
    case Dt::F64: return "float64";
    }
    return "unknown";
}

Dt dtFromName(std::string_view name)
{
    for (std::string_view prefix : {"torch.", "triton.language.", "tl."})
        if (name.starts_with(prefix))
            name.remove_prefix(prefix.size());
    static const std::pair<std::string_view, Dt> table[] = {
        {"float16", Dt::F16}, {"half", Dt::F16}, {"fp16", Dt::F16},
        {"bfloat16", Dt::BF16}, {"bf16", Dt::BF16},
        {"float32", Dt::F32}, {"float", Dt::F32}, {"fp32", Dt::F32},
        {"float64", Dt::F64}, {"double", Dt::F64}, {"fp64", Dt::F64},
        {"int8", Dt::I8}, {"uint8", Dt::U8}, {"int16", Dt::I16}, {"uint16", Dt::I16}, {"short", Dt::I16},
        {"int32", Dt::I32}, {"uint32", Dt::I32}, {"int", Dt::I32},
        {"int64", Dt::I64}, {"uint64", Dt::I64}, {"long", Dt::I64},
        {"bool", Dt::I1}, {"int1", Dt::I1},
    };
    for (const auto& [n, d] : table)
        if (name == n)
            return d;
    if (name.starts_with("float8") || name.starts_with("fp8"))
        return Dt::F8;
    return Dt::Unknown;
}

KernelLaunch KernelLaunch::fromWorkload(const kernel::Workload& workload)
{
    KernelLaunch launch;
    launch.args = workload.args;
    launch.grid = workload.grid;
    return launch;
}

const KernelTrace::Constexpr* KernelTrace::findConstexpr(std::string_view name) const
{
    for (const Constexpr& c : m_constexprs)
        if (c.name == name)
            return &c;
    return nullptr;
}

// ---- the builder ---------------------------------------------------------------------------

using py::Kind;
using py::Node;

class TraceBuilder {
public:
    TraceBuilder(const kernel::KernelFile& file, const kernel::KernelDef& kernel, const KernelLaunch& launch,
                 KernelTrace& out)
        : m_file(file), m_kernel(kernel), m_launch(launch), m_out(out), m_ir(out.m_ir),
          m_textModule(file.module.get()), m_textFile(file.path)
    {
    }

    void run();

private:
    struct Scope {
        std::map<std::string, std::int32_t, std::less<>> names;
        std::int32_t returnSlot = -1;
    };

    // --- slots and emission
    std::int32_t newSlot(std::string name, int line)
    {
        m_ir.slots.push_back({std::move(name), line});
        m_out.m_init.push_back(AVal::unknown());
        return m_ir.slotCount++;
    }
    std::int32_t tempSlot(const Node* node)
    {
        std::string text = node && m_textModule ? std::string(m_textModule->segment(node)) : std::string("temporary");
        if (text.size() > 48)
            text = text.substr(0, 45) + "...";
        return newSlot(text, node ? node->line : 0);
    }
    std::int32_t constSlot(const AVal& v, const std::string& name)
    {
        const std::int32_t s = newSlot(name, 0);
        m_out.m_init[std::size_t(s)] = v;
        m_constSlots.insert(s);
        return s;
    }
    std::int32_t intConst(std::int64_t x)
    {
        auto it = m_intConsts.find(x);
        if (it != m_intConsts.end())
            return it->second;
        return m_intConsts[x] = constSlot(AVal::integer(x), std::to_string(x));
    }
    std::int32_t floatConst(double x)
    {
        for (const auto& [value, slot] : m_floatConsts)
            if (value == x || (std::isnan(value) && std::isnan(x)))
                return slot;
        const std::int32_t s = constSlot(AVal::real(x), "float");
        m_floatConsts.emplace_back(x, s);
        return s;
    }
    std::int32_t dtypeConst(Dt dt)
    {
        auto it = m_dtConsts.find(int(dt));
        if (it != m_dtConsts.end())
            return it->second;
        return m_dtConsts[int(dt)] = constSlot(AVal::dtype(dt), std::string("tl.") + dtName(dt));
    }
    std::int32_t noneConst()
    {
        if (m_noneSlot < 0)
            m_noneSlot = constSlot(AVal::none(), "None");
        return m_noneSlot;
    }
    std::int32_t unknownConst()
    {
        if (m_unknownSlot < 0)
            m_unknownSlot = constSlot(AVal::unknown(), "unknown");
        return m_unknownSlot;
    }
    std::int32_t emit(Block& block, Instr ins)
    {
        m_ir.instrs.push_back(ins);
        const std::int32_t index = std::int32_t(m_ir.instrs.size() - 1);
        block.stmts.push_back({Stmt::Kind::Instr, index});
        m_lastInstrOfSlot[ins.dest] = index;
        ++m_out.m_statementCount;
        return index;
    }
    std::int32_t list(const std::vector<std::int32_t>& items)
    {
        const auto begin = std::int32_t(m_ir.lists.size());
        m_ir.lists.insert(m_ir.lists.end(), items.begin(), items.end());
        return begin;
    }
    Instr make(Op op, const Node* node, std::int32_t dest)
    {
        Instr ins;
        ins.op = op;
        ins.dest = dest;
        ins.line = node ? node->line : 0;
        return ins;
    }

    // --- diagnostics
    void warn(const Node* node, const std::string& code, const std::string& message)
    {
        const int line = node ? node->line : 0;
        for (const Diagnostic& d : m_out.m_diagnostics)
            if (d.line == line && d.code == code && d.message == message)
                return;
        Diagnostic d;
        d.code = code;
        d.severity = Severity::Warning;
        d.file = m_textFile;
        d.line = line;
        d.column = node ? node->col + 1 : 0;
        d.message = message;
        m_out.m_diagnostics.push_back(std::move(d));
    }
    void error(const std::string& code, const std::string& message, int line = 0)
    {
        Diagnostic d;
        d.code = code;
        d.severity = Severity::Error;
        d.file = m_file.path;
        d.line = line;
        d.message = message;
        m_out.m_diagnostics.push_back(std::move(d));
    }
    std::string text(const Node* node) const
    {
        return m_textModule ? std::string(m_textModule->segment(node)) : std::string();
    }

    // --- names
    void collectModuleAliases();
    std::string dotted(const Node* node) const;
    std::string canonical(const std::string& name) const;
    std::int32_t lookupName(const std::string& name, const Node* node);
    std::int32_t assignSlot(const std::string& name, int line);

    // --- lowering
    void lowerBlock(const std::vector<const Node*>& body, Block& block);
    void lowerStmt(const Node* stmt, Block& block);
    void lowerAssignTo(const Node* target, const Node* value, Block& block);
    void lowerFor(const Node* stmt, Block& block);
    std::int32_t lowerExpr(const Node* e, Block& block, std::int32_t dest = -1);
    std::int32_t lowerCall(const Node* call, Block& block, std::int32_t dest);
    // A call's arguments and its family (tl.load, reductions, ...): lowerCall dispatches to one
    // function per family.
    struct Call {
        const Node* call;         // the Call node
        const Node* self;         // the receiver of a method call (x.to(...)), else null
        const std::string& name;  // canonical: "tl.load"; a method x.f(...) as "tl.f"
        const std::string& raw;   // as written
        Block& block;
        std::int32_t dest;        // the slot to write, or -1 for a new temporary
    };
    std::int32_t callResult(const Call& c) { return c.dest >= 0 ? c.dest : tempSlot(c.call); }
    std::int32_t lowerArg(const Call& c, const Node* n) { return n ? lowerExpr(n, c.block) : -1; }
    std::int32_t lowerNoOp(const Call& c);
    std::int32_t lowerPassThrough(const Call& c);
    std::int32_t lowerFloat(const Call& c);
    std::int32_t lowerProgramId(const Call& c);
    std::int32_t lowerTwoOperands(const Call& c, Op op, const char* first, const char* second);
    std::int32_t lowerArange(const Call& c);
    std::int32_t lowerFull(const Call& c);
    std::int32_t lowerLoad(const Call& c);
    std::int32_t lowerStore(const Call& c);
    std::int32_t lowerDot(const Call& c);
    std::int32_t lowerWhere(const Call& c);
    std::int32_t lowerCast(const Call& c);
    std::int32_t lowerReduce(const Call& c);
    std::int32_t lowerScan(const Call& c);
    std::int32_t lowerTrans(const Call& c);
    std::int32_t lowerReshape(const Call& c);
    std::int32_t lowerExpandDims(const Call& c);
    std::int32_t lowerMakeBlockPtr(const Call& c);
    std::int32_t lowerAdvance(const Call& c);
    std::int32_t lowerCdiv(const Call& c);
    std::int32_t lowerNextPowerOf2(const Call& c);
    std::int32_t lowerMinMax(const Call& c);
    std::int32_t lowerAbs(const Call& c);
    std::int32_t lowerSwizzle2d(const Call& c);
    std::int32_t lowerAtomic(const Call& c);
    std::int32_t lowerMath(const Call& c, MathFn fn, int arity);
    std::int32_t lowerOtherCall(const Call& c);
    std::int32_t lowerSubscript(const Node* e, Block& block, std::int32_t dest);
    std::int32_t finish(std::int32_t result, const Node* e, Block& block, std::int32_t dest)
    {
        if (dest < 0 || dest == result)
            return result;
        Instr ins = make(Op::Copy, e, dest);
        ins.a = result;
        emit(block, ins);
        auto it = m_staticTuples.find(result);
        if (it != m_staticTuples.end())
            m_staticTuples[dest] = it->second;
        return dest;
    }
    std::vector<std::int32_t> lowerShapeArgs(const std::vector<const Node*>& items, Block& block);
    std::int32_t inlineCall(const kernel::KernelDef& callee, const Node* call, Block& block, std::int32_t dest);

    // --- analyses
    void findDotOperands(const Node* fn);
    void liveness();

    const kernel::KernelFile& m_file;
    const kernel::KernelDef& m_kernel;
    const KernelLaunch& m_launch;
    KernelTrace& m_out;
    KernelIr& m_ir;
    const py::Module* m_textModule = nullptr;
    std::string m_textFile;

    std::map<std::string, std::string, std::less<>> m_aliases;  // local name -> "tl", "triton", "math", "tl.load"
    std::vector<Scope> m_scopes;
    std::map<std::int64_t, std::int32_t> m_intConsts;
    std::vector<std::pair<double, std::int32_t>> m_floatConsts;
    std::map<int, std::int32_t> m_dtConsts;
    std::int32_t m_noneSlot = -1;
    std::int32_t m_unknownSlot = -1;
    std::set<std::int32_t> m_constSlots;
    std::map<std::int32_t, std::vector<std::int32_t>> m_staticTuples;  // tuple slot -> item slots
    std::map<std::int32_t, std::int32_t> m_lastInstrOfSlot;
    std::set<const Node*> m_dotOperandNodes;
    std::set<std::string, std::less<>> m_cubeOnlyNames;
    std::set<std::string, std::less<>> m_storedNames;
    std::set<std::string, std::less<>> m_accNames;  // names only ever used as a tl.dot accumulator
    int m_inlineDepth = 0;
    int m_loopDepth = 0;
};

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
        }
    }
    if (name == "None")
        return noneConst();
    warn(node, "npu-unknown-name",
         "'" + name + "' is not a kernel variable, parameter or module constant; its value is unknown "
         "(approximation: no cost, unknown shape)");
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

// ---- statements ----------------------------------------------------------------------------

void TraceBuilder::lowerBlock(const std::vector<const Node*>& body, Block& block)
{
    for (const Node* stmt : body)
        lowerStmt(stmt, block);
}

void TraceBuilder::lowerAssignTo(const Node* target, const Node* value, Block& block)
{
    if (target->is(Kind::Name)) {
        const std::string& name = target->id();
        const std::int32_t slot = assignSlot(name, target->line);
        const std::int32_t before = std::int32_t(m_ir.instrs.size());
        const std::int32_t result = lowerExpr(value, block, slot);
        (void)result;
        // Flag the instruction that produced the value.
        if (std::int32_t(m_ir.instrs.size()) > before) {
            Instr& last = m_ir.instrs.back();
            if (last.dest == slot) {
                if (m_cubeOnlyNames.count(name) && last.op == Op::Load)
                    last.flags |= kFlagCubeOperand;
                // The accumulator's initial zeros live in L0C, not in the UB.
                if (m_accNames.count(name) && last.op == Op::Full)
                    last.flags |= kFlagCubeOperand;
                if (m_storedNames.count(name))
                    last.flags |= kFlagFeedsStore;
            }
        }
        return;
    }
    if (target->is(Kind::Tuple) || target->is(Kind::List)) {
        const auto& targets = target->list("elts");
        if (value && (value->is(Kind::Tuple) || value->is(Kind::List)) &&
            value->list("elts").size() == targets.size()) {
            // Evaluate every right-hand item before assigning (a, b = b, a).
            std::vector<std::int32_t> temps;
            for (const Node* item : value->list("elts"))
                temps.push_back(lowerExpr(item, block));
            for (std::size_t i = 0; i < targets.size(); ++i) {
                if (!targets[i]->is(Kind::Name)) {
                    warn(targets[i], "npu-unsupported-target", "assignment to '" + text(targets[i]) +
                         "' is not modelled (approximation: ignored)");
                    continue;
                }
                const std::int32_t slot = assignSlot(targets[i]->id(), targets[i]->line);
                Instr ins = make(Op::Copy, targets[i], slot);
                ins.a = temps[i];
                emit(block, ins);
            }
            return;
        }
        const std::int32_t tuple = lowerExpr(value, block);
        auto st = m_staticTuples.find(tuple);
        for (std::size_t i = 0; i < targets.size(); ++i) {
            if (!targets[i]->is(Kind::Name)) {
                warn(targets[i], "npu-unsupported-target", "assignment to '" + text(targets[i]) +
                     "' is not modelled (approximation: ignored)");
                continue;
            }
            const std::int32_t slot = assignSlot(targets[i]->id(), targets[i]->line);
            if (st != m_staticTuples.end() && i < st->second.size()) {
                Instr ins = make(Op::Copy, targets[i], slot);
                ins.a = st->second[i];
                emit(block, ins);
            } else {
                Instr ins = make(Op::TupleGet, targets[i], slot);
                ins.a = tuple;
                ins.imm = std::int32_t(i);
                emit(block, ins);
            }
        }
        return;
    }
    warn(target, "npu-unsupported-target",
         "assignment to '" + text(target) + "' is not modelled (approximation: the value is computed, the store ignored)");
    lowerExpr(value, block);
}

void TraceBuilder::lowerFor(const Node* stmt, Block& block)
{
    const Node* target = stmt->child("target");
    const Node* iter = stmt->child("iter");
    ForLoop loop;
    loop.line = stmt->line;
    bool understood = false;
    if (iter && iter->is(Kind::Call)) {
        const std::string fn = canonical(dotted(iter->child("func")));
        if (fn == "range" || fn == "tl.range" || fn == "tl.static_range" || fn == "static_range") {
            std::vector<const Node*> args(iter->list("args").begin(), iter->list("args").end());
            for (const Node* kw : iter->list("keywords")) {
                const std::string& k = kw->str("arg");
                if (k == "arg1" && args.empty()) args.push_back(kw->child("value"));
                else if (k == "arg2" && args.size() == 1) args.push_back(kw->child("value"));
                else if (k == "step" && args.size() == 2) args.push_back(kw->child("value"));
            }
            if (!args.empty() && args.size() <= 3) {
                understood = true;
                if (args.size() == 1) {
                    loop.start = intConst(0);
                    loop.stop = lowerExpr(args[0], block);
                } else {
                    loop.start = lowerExpr(args[0], block);
                    loop.stop = lowerExpr(args[1], block);
                    if (args.size() == 3)
                        loop.step = lowerExpr(args[2], block);
                }
                loop.isStatic = fn == "tl.static_range" || fn == "static_range";
            }
        }
    }
    if (!understood) {
        warn(stmt, "npu-unsupported-loop",
             "loop over '" + (iter ? text(iter) : std::string("?")) +
             "' is not a range; approximation: the body runs once with the loop variable unknown");
        loop.start = intConst(0);
        loop.stop = intConst(1);
    }
    if (target && target->is(Kind::Name))
        loop.var = assignSlot(target->id(), target->line);
    else if (target)
        warn(target, "npu-unsupported-target", "loop target '" + text(target) + "' is not a plain name; it is not modelled");
    if (!understood && loop.var >= 0)
        loop.var = -1;  // stays whatever it was: unknown
    ++m_loopDepth;
    lowerBlock(stmt->list("body"), loop.body);
    --m_loopDepth;
    if (!stmt->list("orelse").empty())
        warn(stmt, "npu-unsupported-construct", "for ... else is not modelled (approximation: the else block is ignored)");
    m_ir.loops.push_back(std::move(loop));
    block.stmts.push_back({Stmt::Kind::For, std::int32_t(m_ir.loops.size() - 1)});
}

void TraceBuilder::lowerStmt(const Node* stmt, Block& block)
{
    switch (stmt->kind) {
    case Kind::Assign: {
        const auto& targets = stmt->list("targets");
        if (targets.size() == 1) {
            lowerAssignTo(targets[0], stmt->child("value"), block);
        } else {
            const std::int32_t v = lowerExpr(stmt->child("value"), block);
            for (const Node* t : targets) {
                if (t->is(Kind::Name)) {
                    Instr ins = make(Op::Copy, t, assignSlot(t->id(), t->line));
                    ins.a = v;
                    emit(block, ins);
                }
            }
        }
        return;
    }
    case Kind::AnnAssign:
        if (stmt->child("value"))
            lowerAssignTo(stmt->child("target"), stmt->child("value"), block);
        return;
    case Kind::AugAssign: {
        const Node* target = stmt->child("target");
        if (!target->is(Kind::Name)) {
            warn(stmt, "npu-unsupported-target", "augmented assignment to '" + text(target) + "' is not modelled");
            lowerExpr(stmt->child("value"), block);
            return;
        }
        const std::int32_t slot = lookupName(target->id(), target);
        const std::int32_t rhs = lowerExpr(stmt->child("value"), block);
        Instr ins = make(Op::Binary, stmt, assignSlot(target->id(), target->line));
        ins.a = slot;
        ins.b = rhs;
        switch (stmt->op()) {
        case Kind::Add: ins.sub = std::uint8_t(BinKind::Add); break;
        case Kind::Sub: ins.sub = std::uint8_t(BinKind::Sub); break;
        case Kind::Mult: ins.sub = std::uint8_t(BinKind::Mul); break;
        case Kind::Div: ins.sub = std::uint8_t(BinKind::TrueDiv); break;
        case Kind::FloorDiv: ins.sub = std::uint8_t(BinKind::FloorDiv); break;
        case Kind::Mod: ins.sub = std::uint8_t(BinKind::Mod); break;
        case Kind::BitAnd: ins.sub = std::uint8_t(BinKind::And); break;
        case Kind::BitOr: ins.sub = std::uint8_t(BinKind::Or); break;
        case Kind::BitXor: ins.sub = std::uint8_t(BinKind::Xor); break;
        case Kind::LShift: ins.sub = std::uint8_t(BinKind::Shl); break;
        case Kind::RShift: ins.sub = std::uint8_t(BinKind::Shr); break;
        case Kind::Pow: ins.sub = std::uint8_t(BinKind::Pow); break;
        default:
            warn(stmt, "npu-unsupported-operator", "operator in '" + text(stmt) + "' is not modelled (approximation: addition)");
        }
        if (m_storedNames.count(target->id()))
            ins.flags |= kFlagFeedsStore;
        emit(block, ins);
        return;
    }
    case Kind::Expr: {
        const Node* value = stmt->child("value");
        if (value && value->is(Kind::Constant))
            return;  // docstring
        lowerExpr(value, block);
        return;
    }
    case Kind::For:
        lowerFor(stmt, block);
        return;
    case Kind::If: {
        IfStmt s;
        s.line = stmt->line;
        s.cond = lowerExpr(stmt->child("test"), block);
        lowerBlock(stmt->list("body"), s.then);
        lowerBlock(stmt->list("orelse"), s.orelse);
        m_ir.ifs.push_back(std::move(s));
        block.stmts.push_back({Stmt::Kind::If, std::int32_t(m_ir.ifs.size() - 1)});
        return;
    }
    case Kind::While: {
        WhileLoop w;
        w.line = stmt->line;
        w.cond = lowerExpr(stmt->child("test"), w.condBlock);
        ++m_loopDepth;
        lowerBlock(stmt->list("body"), w.body);
        --m_loopDepth;
        m_ir.whiles.push_back(std::move(w));
        block.stmts.push_back({Stmt::Kind::While, std::int32_t(m_ir.whiles.size() - 1)});
        return;
    }
    case Kind::Return: {
        if (m_inlineDepth > 0) {
            if (const Node* v = stmt->child("value"))
                lowerExpr(v, block, m_scopes.back().returnSlot);
            return;
        }
        block.stmts.push_back({Stmt::Kind::Return, 0});
        return;
    }
    case Kind::Break:
        warn(stmt, "npu-approximate-break", "break is data dependent here; approximation: the loop runs all its trips");
        return;
    case Kind::Continue:
        warn(stmt, "npu-approximate-break", "continue is not modelled; approximation: the rest of the body always runs");
        return;
    case Kind::Pass:
    case Kind::Assert:
    case Kind::Global:
    case Kind::Nonlocal:
    case Kind::Import:
    case Kind::ImportFrom:
        return;
    case Kind::With:
        lowerBlock(stmt->list("body"), block);
        return;
    default:
        warn(stmt, "npu-unsupported-construct",
             std::string("statement '") + std::string(stmt->typeName()) + "' is not modelled (approximation: ignored)");
        return;
    }
}

// ---- expressions ---------------------------------------------------------------------------

std::vector<std::int32_t> TraceBuilder::lowerShapeArgs(const std::vector<const Node*>& items, Block& block)
{
    std::vector<std::int32_t> slots;
    if (items.size() == 1 && (items[0]->is(Kind::Tuple) || items[0]->is(Kind::List))) {
        for (const Node* e : items[0]->list("elts"))
            slots.push_back(lowerExpr(e, block));
        return slots;
    }
    for (const Node* e : items) {
        const std::int32_t s = lowerExpr(e, block);
        auto st = m_staticTuples.find(s);
        if (items.size() == 1 && st != m_staticTuples.end())
            return st->second;
        slots.push_back(s);
    }
    return slots;
}

// One switch over the expression kinds, about 200 lines: each case is short (a constant, a name,
// an operator mapped to its instruction) and reads best beside the others; calls and subscripts,
// the long ones, have their own functions.
std::int32_t TraceBuilder::lowerExpr(const Node* e, Block& block, std::int32_t dest)
{
    if (!e)
        return finish(noneConst(), e, block, dest);
    switch (e->kind) {
    case Kind::Constant: {
        const py::ConstantValue& c = *e->constant();
        std::int32_t s;
        switch (c.type) {
        case py::ConstantValue::Type::Bool: s = constSlot(AVal::boolean(c.boolean), c.boolean ? "True" : "False"); break;
        case py::ConstantValue::Type::Int:
            if (c.bigInt) {
                warn(e, "npu-unsupported-construct", "integer constant beyond 64 bits; approximation: unknown");
                s = unknownConst();
            } else {
                s = intConst(c.integer);
            }
            break;
        case py::ConstantValue::Type::Float: s = floatConst(c.real); break;
        case py::ConstantValue::Type::None: s = noneConst(); break;
        case py::ConstantValue::Type::Str: {
            AVal v;
            v.k = AVal::K::Str;
            s = constSlot(v, c.text);
            break;
        }
        default: s = unknownConst();
        }
        return finish(s, e, block, dest);
    }
    case Kind::Name:
        return finish(lookupName(e->id(), e), e, block, dest);
    case Kind::Attribute: {
        const std::string d = canonical(dotted(e));
        if (d.starts_with("tl.")) {
            const std::string attr = d.substr(3);
            const Dt dt = dtFromName(attr);
            if (dt != Dt::Unknown)
                return finish(dtypeConst(dt), e, block, dest);
            if (attr == "constexpr")
                return finish(noneConst(), e, block, dest);
        }
        if (d == "math.inf")
            return finish(floatConst(std::numeric_limits<double>::infinity()), e, block, dest);
        if (d == "math.pi")
            return finish(floatConst(3.141592653589793), e, block, dest);
        if (d == "math.e")
            return finish(floatConst(2.718281828459045), e, block, dest);
        const std::string& attr = e->str("attr");
        if (attr == "dtype" || attr == "element_ty" || attr == "type") {
            const std::int32_t base = lowerExpr(e->child("value"), block);
            if (attr == "element_ty")
                return finish(base, e, block, dest);
            const std::int32_t out = dest >= 0 ? dest : tempSlot(e);
            Instr ins = make(Op::DtypeOf, e, out);
            ins.a = base;
            emit(block, ins);
            return out;
        }
        if (attr == "T") {
            const std::int32_t base = lowerExpr(e->child("value"), block);
            const std::int32_t out = dest >= 0 ? dest : tempSlot(e);
            Instr ins = make(Op::Trans, e, out);
            ins.a = base;
            emit(block, ins);
            return out;
        }
        warn(e, "npu-unsupported-attribute", "attribute '" + text(e) + "' is not modelled (approximation: unknown value)");
        return finish(unknownConst(), e, block, dest);
    }
    case Kind::BinOp: {
        if (e->op() == Kind::MatMult) {
            const std::int32_t a = lowerExpr(e->child("left"), block);
            const std::int32_t b = lowerExpr(e->child("right"), block);
            const std::int32_t out = dest >= 0 ? dest : tempSlot(e);
            Instr ins = make(Op::Dot, e, out);
            ins.a = a;
            ins.b = b;
            emit(block, ins);
            ++m_out.m_dotCount;
            return out;
        }
        const std::int32_t a = lowerExpr(e->child("left"), block);
        const std::int32_t b = lowerExpr(e->child("right"), block);
        const std::int32_t out = dest >= 0 ? dest : tempSlot(e);
        Instr ins = make(Op::Binary, e, out);
        ins.a = a;
        ins.b = b;
        switch (e->op()) {
        case Kind::Add: ins.sub = std::uint8_t(BinKind::Add); break;
        case Kind::Sub: ins.sub = std::uint8_t(BinKind::Sub); break;
        case Kind::Mult: ins.sub = std::uint8_t(BinKind::Mul); break;
        case Kind::Div: ins.sub = std::uint8_t(BinKind::TrueDiv); break;
        case Kind::FloorDiv: ins.sub = std::uint8_t(BinKind::FloorDiv); break;
        case Kind::Mod: ins.sub = std::uint8_t(BinKind::Mod); break;
        case Kind::Pow: ins.sub = std::uint8_t(BinKind::Pow); break;
        case Kind::BitAnd: ins.sub = std::uint8_t(BinKind::And); break;
        case Kind::BitOr: ins.sub = std::uint8_t(BinKind::Or); break;
        case Kind::BitXor: ins.sub = std::uint8_t(BinKind::Xor); break;
        case Kind::LShift: ins.sub = std::uint8_t(BinKind::Shl); break;
        case Kind::RShift: ins.sub = std::uint8_t(BinKind::Shr); break;
        default:
            warn(e, "npu-unsupported-operator", "operator in '" + text(e) + "' is not modelled (approximation: addition)");
        }
        emit(block, ins);
        return out;
    }
    case Kind::UnaryOp: {
        const std::int32_t a = lowerExpr(e->child("operand"), block);
        const std::int32_t out = dest >= 0 ? dest : tempSlot(e);
        Instr ins = make(Op::Unary, e, out);
        ins.a = a;
        switch (e->op()) {
        case Kind::USub: ins.sub = std::uint8_t(UnKind::Neg); break;
        case Kind::Not: ins.sub = std::uint8_t(UnKind::Not); break;
        case Kind::Invert: ins.sub = std::uint8_t(UnKind::Invert); break;
        default: ins.sub = std::uint8_t(UnKind::Pos);
        }
        emit(block, ins);
        return out;
    }
    case Kind::BoolOp: {
        const auto& values = e->list("values");
        std::int32_t acc = lowerExpr(values[0], block);
        for (std::size_t i = 1; i < values.size(); ++i) {
            const std::int32_t rhs = lowerExpr(values[i], block);
            const std::int32_t out = (i + 1 == values.size() && dest >= 0) ? dest : tempSlot(e);
            Instr ins = make(Op::Binary, e, out);
            ins.a = acc;
            ins.b = rhs;
            ins.sub = std::uint8_t(e->op() == Kind::And ? BinKind::And : BinKind::Or);
            emit(block, ins);
            acc = out;
        }
        return finish(acc, e, block, dest);
    }
    case Kind::Compare: {
        const auto& ops = e->list("ops");
        const auto& comparators = e->list("comparators");
        std::int32_t left = lowerExpr(e->child("left"), block);
        std::int32_t acc = -1;
        for (std::size_t i = 0; i < ops.size(); ++i) {
            const std::int32_t right = lowerExpr(comparators[i], block);
            const bool last = i + 1 == ops.size();
            const std::int32_t out = (last && acc < 0 && dest >= 0) ? dest : tempSlot(e);
            Instr ins = make(Op::Compare, e, out);
            ins.a = left;
            ins.b = right;
            switch (ops[i]->kind) {
            case Kind::Lt: ins.sub = std::uint8_t(CmpKind::Lt); break;
            case Kind::LtE: ins.sub = std::uint8_t(CmpKind::Le); break;
            case Kind::Gt: ins.sub = std::uint8_t(CmpKind::Gt); break;
            case Kind::GtE: ins.sub = std::uint8_t(CmpKind::Ge); break;
            case Kind::Eq: case Kind::Is: ins.sub = std::uint8_t(CmpKind::Eq); break;
            case Kind::NotEq: case Kind::IsNot: ins.sub = std::uint8_t(CmpKind::Ne); break;
            default:
                warn(e, "npu-unsupported-operator", "comparison in '" + text(e) + "' is not modelled (approximation: ==)");
                ins.sub = std::uint8_t(CmpKind::Eq);
            }
            emit(block, ins);
            if (acc < 0) {
                acc = out;
            } else {
                const std::int32_t both = (last && dest >= 0) ? dest : tempSlot(e);
                Instr andIns = make(Op::Binary, e, both);
                andIns.sub = std::uint8_t(BinKind::And);
                andIns.a = acc;
                andIns.b = out;
                emit(block, andIns);
                acc = both;
            }
            left = right;
        }
        return finish(acc, e, block, dest);
    }
    case Kind::IfExp: {
        const std::int32_t c = lowerExpr(e->child("test"), block);
        const std::int32_t x = lowerExpr(e->child("body"), block);
        const std::int32_t y = lowerExpr(e->child("orelse"), block);
        const std::int32_t out = dest >= 0 ? dest : tempSlot(e);
        Instr ins = make(Op::Where, e, out);
        ins.a = c;
        ins.b = x;
        ins.c = y;
        emit(block, ins);
        return out;
    }
    case Kind::Tuple:
    case Kind::List: {
        std::vector<std::int32_t> items;
        for (const Node* item : e->list("elts"))
            items.push_back(lowerExpr(item, block));
        const std::int32_t out = dest >= 0 ? dest : tempSlot(e);
        Instr ins = make(Op::MakeTuple, e, out);
        ins.listBegin = list(items);
        ins.listSize = std::int32_t(items.size());
        emit(block, ins);
        m_staticTuples[out] = items;
        return out;
    }
    case Kind::Subscript:
        return lowerSubscript(e, block, dest);
    case Kind::Call:
        return lowerCall(e, block, dest);
    default:
        warn(e, "npu-unsupported-construct",
             "expression '" + text(e) + "' is not modelled (approximation: unknown value, no cost)");
        return finish(unknownConst(), e, block, dest);
    }
}

std::int32_t TraceBuilder::lowerSubscript(const Node* e, Block& block, std::int32_t dest)
{
    const Node* value = e->child("value");
    const Node* slice = e->child("slice");
    // meta['XBLOCK'] in a grid lambda
    if (value->is(Kind::Name) && m_scopes.back().names.count(value->id()) == 0 && slice->is(Kind::Constant) &&
        slice->constant()->isStr()) {
        if (const auto* c = m_out.findConstexpr(slice->constant()->text))
            return finish(c->slot, e, block, dest);
        warn(e, "npu-unknown-name", "'" + slice->constant()->text + "' is not a constexpr of the kernel (approximation: unknown)");
        return finish(unknownConst(), e, block, dest);
    }
    const std::int32_t base = lowerExpr(value, block);
    std::vector<const Node*> parts;
    if (slice->is(Kind::Tuple))
        parts.assign(slice->list("elts").begin(), slice->list("elts").end());
    else
        parts.push_back(slice);
    // Integer index of a tuple.
    if (parts.size() == 1 && slice->is(Kind::Constant) && slice->constant()->isInt()) {
        const std::int64_t index = slice->constant()->integer;
        auto st = m_staticTuples.find(base);
        if (st != m_staticTuples.end() && index >= 0 && std::size_t(index) < st->second.size())
            return finish(st->second[std::size_t(index)], e, block, dest);
        const std::int32_t out = dest >= 0 ? dest : tempSlot(e);
        Instr ins = make(Op::TupleGet, e, out);
        ins.a = base;
        ins.imm = std::int32_t(index);
        emit(block, ins);
        return out;
    }
    std::vector<std::int32_t> pattern;
    for (const Node* p : parts) {
        if (p->is(Kind::Constant) && p->constant()->isNone()) {
            pattern.push_back(kSubNewAxis);
        } else if (p->is(Kind::Slice) && !p->child("lower") && !p->child("upper") && !p->child("step")) {
            pattern.push_back(kSubSlice);
        } else if (p->is(Kind::Constant) && p->constant()->isInt()) {
            pattern.push_back(std::int32_t(p->constant()->integer));
        } else {
            warn(e, "npu-unsupported-subscript",
                 "subscript '" + text(e) + "' is not modelled (only [:, None]-style broadcasting is); approximation: unknown value");
            return finish(unknownConst(), e, block, dest);
        }
    }
    const std::int32_t out = dest >= 0 ? dest : tempSlot(e);
    Instr ins = make(Op::Subscript, e, out);
    ins.a = base;
    ins.listBegin = list(pattern);
    ins.listSize = std::int32_t(pattern.size());
    emit(block, ins);
    return out;
}

// ---- calls -------------------------------------------------------------------------------

namespace {

// Binds a call's positional and keyword arguments to a parameter list.
struct Bound {
    std::vector<const Node*> args;      // by parameter position, null when absent
    std::vector<const Node*> varargs;   // extra positional arguments (reshape(x, A, B))
};

Bound bind(const Node* call, std::initializer_list<std::string_view> params, const Node* self = nullptr)
{
    Bound b;
    b.args.assign(params.size(), nullptr);
    std::size_t pos = 0;
    if (self && !b.args.empty())
        b.args[pos++] = self;
    for (const Node* a : call->list("args")) {
        if (a->is(Kind::Starred))
            continue;
        if (pos < b.args.size())
            b.args[pos++] = a;
        else
            b.varargs.push_back(a);
    }
    for (const Node* kw : call->list("keywords")) {
        const std::string& name = kw->str("arg");
        std::size_t i = 0;
        for (std::string_view p : params) {
            if (p == name) {
                b.args[i] = kw->child("value");
                break;
            }
            ++i;
        }
    }
    return b;
}

struct MathEntry {
    std::string_view name;
    MathFn fn;
    int arity;
};

constexpr MathEntry kMathTable[] = {
    {"exp", MathFn::Exp, 1}, {"exp2", MathFn::Exp2, 1}, {"log", MathFn::Log, 1}, {"log2", MathFn::Log2, 1},
    {"log1p", MathFn::Log, 1}, {"expm1", MathFn::Exp, 1},
    {"sqrt", MathFn::Sqrt, 1}, {"sqrt_rn", MathFn::Sqrt, 1}, {"rsqrt", MathFn::Rsqrt, 1},
    {"sigmoid", MathFn::Sigmoid, 1}, {"abs", MathFn::Abs, 1}, {"fabs", MathFn::Abs, 1},
    {"maximum", MathFn::Maximum, 2}, {"minimum", MathFn::Minimum, 2}, {"fmax", MathFn::Maximum, 2},
    {"fmin", MathFn::Minimum, 2}, {"sin", MathFn::Sin, 1}, {"cos", MathFn::Cos, 1}, {"tanh", MathFn::Tanh, 1},
    {"erf", MathFn::Erf, 1}, {"floor", MathFn::Floor, 1}, {"ceil", MathFn::Ceil, 1}, {"fma", MathFn::Fma, 3},
    {"clamp", MathFn::Clamp, 3}, {"div_rn", MathFn::Div, 2}, {"fdiv", MathFn::Div, 2}, {"pow", MathFn::Pow, 2},
    {"softmax", MathFn::Softmax, 1}, {"relu", MathFn::Relu, 1}, {"umulhi", MathFn::Umulhi, 2},
    {"gelu", MathFn::Erf, 1}, {"silu", MathFn::Sigmoid, 1},
    {"rint", MathFn::Floor, 1}, {"round", MathFn::Floor, 1}, {"trunc", MathFn::Floor, 1},
    {"nearbyint", MathFn::Floor, 1}, {"isnan", MathFn::Floor, 1}, {"isinf", MathFn::Floor, 1},
    {"signbit", MathFn::Floor, 1}, {"copysign", MathFn::Maximum, 2},
};

} // namespace

// A call, lowered by the function of its family, found by its canonical name (tl.atomic_* and
// the math functions by prefix); anything else is lowerOtherCall.
std::int32_t TraceBuilder::lowerCall(const Node* call, Block& block, std::int32_t dest)
{
    const Node* func = call->child("func");
    const std::string raw = dotted(func);
    std::string fn = raw.empty() ? std::string() : canonical(raw);
    const Node* self = nullptr;
    // A method on a value: x.to(...), acc.sum(axis=1)
    if (func->is(Kind::Attribute) && !fn.starts_with("tl.") && !fn.starts_with("triton.") && !fn.starts_with("math.")) {
        const std::string root = raw.substr(0, raw.find('.'));
        if (raw.empty() || !m_aliases.count(root) || m_scopes.back().names.count(root)) {
            self = func->child("value");
            fn = "method." + func->str("attr");
        }
    }
    std::string name = fn;
    if (name.starts_with("method."))
        name = "tl." + name.substr(7);
    const Call c{call, self, name, raw, block, dest};

    using Lowering = std::int32_t (TraceBuilder::*)(const Call&);
    static const std::map<std::string_view, Lowering, std::less<>> kLowerings = {
        {"tl.static_assert", &TraceBuilder::lowerNoOp},
        {"tl.static_print", &TraceBuilder::lowerNoOp},
        {"tl.device_print", &TraceBuilder::lowerNoOp},
        {"tl.device_assert", &TraceBuilder::lowerNoOp},
        {"tl.debug_barrier", &TraceBuilder::lowerNoOp},
        {"print", &TraceBuilder::lowerNoOp},
        {"tl.assume", &TraceBuilder::lowerNoOp},
        {"tl.compile_hint", &TraceBuilder::lowerNoOp},
        {"tl.sync_block_all", &TraceBuilder::lowerNoOp},
        {"tl.sync_block_set", &TraceBuilder::lowerNoOp},
        {"tl.sync_block_wait", &TraceBuilder::lowerNoOp},
        {"tl.multiple_of", &TraceBuilder::lowerPassThrough},
        {"tl.max_contiguous", &TraceBuilder::lowerPassThrough},
        {"tl.max_constancy", &TraceBuilder::lowerPassThrough},
        {"int", &TraceBuilder::lowerPassThrough},
        {"float", &TraceBuilder::lowerFloat},
        {"tl.program_id", &TraceBuilder::lowerProgramId},
        {"tl.num_programs", &TraceBuilder::lowerProgramId},
        {"tl.arange", &TraceBuilder::lowerArange},
        {"tl.zeros", &TraceBuilder::lowerFull},
        {"tl.full", &TraceBuilder::lowerFull},
        {"tl.zeros_like", &TraceBuilder::lowerFull},
        {"tl.full_like", &TraceBuilder::lowerFull},
        {"tl.ones", &TraceBuilder::lowerFull},
        {"tl.load", &TraceBuilder::lowerLoad},
        {"tl.store", &TraceBuilder::lowerStore},
        {"tl.dot", &TraceBuilder::lowerDot},
        {"tl.where", &TraceBuilder::lowerWhere},
        {"tl.to", &TraceBuilder::lowerCast},
        {"tl.cast", &TraceBuilder::lowerCast},
        {"tl.sum", &TraceBuilder::lowerReduce},
        {"tl.max", &TraceBuilder::lowerReduce},
        {"tl.min", &TraceBuilder::lowerReduce},
        {"tl.argmax", &TraceBuilder::lowerReduce},
        {"tl.argmin", &TraceBuilder::lowerReduce},
        {"tl.xor_sum", &TraceBuilder::lowerReduce},
        {"tl.reduce_or", &TraceBuilder::lowerReduce},
        {"tl.reduce_and", &TraceBuilder::lowerReduce},
        {"tl.prod", &TraceBuilder::lowerReduce},
        {"tl.cumsum", &TraceBuilder::lowerScan},
        {"tl.cumprod", &TraceBuilder::lowerScan},
        {"tl.associative_scan", &TraceBuilder::lowerScan},
        {"tl.trans", &TraceBuilder::lowerTrans},
        {"tl.permute", &TraceBuilder::lowerTrans},
        {"tl.reshape", &TraceBuilder::lowerReshape},
        {"tl.view", &TraceBuilder::lowerReshape},
        {"tl.broadcast_to", &TraceBuilder::lowerReshape},
        {"tl.expand_dims", &TraceBuilder::lowerExpandDims},
        {"tl.make_block_ptr", &TraceBuilder::lowerMakeBlockPtr},
        {"tl.advance", &TraceBuilder::lowerAdvance},
        {"tl.cdiv", &TraceBuilder::lowerCdiv},
        {"triton.cdiv", &TraceBuilder::lowerCdiv},
        {"triton.next_power_of_2", &TraceBuilder::lowerNextPowerOf2},
        {"min", &TraceBuilder::lowerMinMax},
        {"max", &TraceBuilder::lowerMinMax},
        {"abs", &TraceBuilder::lowerAbs},
        {"tl.swizzle2d", &TraceBuilder::lowerSwizzle2d}};
    if (const auto it = kLowerings.find(name); it != kLowerings.end())
        return (this->*it->second)(c);
    if (name.starts_with("tl.atomic_"))
        return lowerAtomic(c);
    if (name.starts_with("tl."))
        for (const MathEntry& m : kMathTable)
            if (m.name == std::string_view(name).substr(3))
                return lowerMath(c, m.fn, m.arity);
    return lowerOtherCall(c);
}

// Printing, assertions, barriers and hints: nothing to model.
std::int32_t TraceBuilder::lowerNoOp(const Call& c)
{
    return finish(noneConst(), c.call, c.block, c.dest);
}

// tl.multiple_of, tl.max_contiguous, tl.max_constancy, int(x): the value itself.
std::int32_t TraceBuilder::lowerPassThrough(const Call& c)
{
    const Bound b = bind(c.call, {"input", "values"}, c.self);
    return lowerExpr(b.args[0], c.block, c.dest);
}

// float(x): a literal "inf", "-inf" or "nan", else its argument.
std::int32_t TraceBuilder::lowerFloat(const Call& c)
{
    if (!c.call->list("args").empty() && !c.call->list("args")[0]->is(Kind::Constant))
        return lowerPassThrough(c);
    const auto& args = c.call->list("args");
    if (args.size() == 1 && args[0]->is(Kind::Constant) && args[0]->constant()->isStr()) {
        const std::string& s = args[0]->constant()->text;
        if (s == "inf" || s == "+inf")
            return finish(floatConst(std::numeric_limits<double>::infinity()), c.call, c.block, c.dest);
        if (s == "-inf")
            return finish(floatConst(-std::numeric_limits<double>::infinity()), c.call, c.block, c.dest);
        if (s == "nan")
            return finish(floatConst(std::numeric_limits<double>::quiet_NaN()), c.call, c.block, c.dest);
    }
    if (args.size() == 1)
        return lowerExpr(args[0], c.block, c.dest);
    return lowerOtherCall(c);
}

// tl.program_id / tl.num_programs along a literal axis.
std::int32_t TraceBuilder::lowerProgramId(const Call& c)
{
    const Bound b = bind(c.call, {"axis"});
    std::int32_t axis = 0;
    if (b.args[0] && b.args[0]->is(Kind::Constant) && b.args[0]->constant()->isInt())
        axis = std::int32_t(b.args[0]->constant()->integer);
    else if (b.args[0])
        warn(c.call, "npu-unsupported-construct", "program axis must be a literal 0, 1 or 2; approximation: axis 0");
    Instr ins = make(c.name == "tl.program_id" ? Op::ProgramId : Op::NumPrograms, c.call, callResult(c));
    ins.imm = std::clamp(axis, 0, 2);
    emit(c.block, ins);
    return ins.dest;
}

// A call of two operands that lowers to one instruction: `op(first, second)`.
std::int32_t TraceBuilder::lowerTwoOperands(const Call& c, Op op, const char* first, const char* second)
{
    const Bound b = bind(c.call, {first, second});
    Instr ins = make(op, c.call, -1);
    ins.a = lowerArg(c, b.args[0]);
    ins.b = lowerArg(c, b.args[1]);
    ins.dest = callResult(c);
    emit(c.block, ins);
    return ins.dest;
}

// tl.arange(start, end).
std::int32_t TraceBuilder::lowerArange(const Call& c)
{
    return lowerTwoOperands(c, Op::Arange, "start", "end");
}

// tl.zeros / tl.ones / tl.full and their _like forms.
std::int32_t TraceBuilder::lowerFull(const Call& c)
{
    Instr ins = make(Op::Full, c.call, -1);
    if (c.name == "tl.zeros_like" || c.name == "tl.full_like") {
        const Bound b = bind(c.call, {"input", "value", "dtype"}, c.self);
        ins.c = lowerArg(c, b.args[0]);
        ins.a = c.name == "tl.full_like" ? lowerArg(c, b.args[1]) : -1;
        ins.b = lowerArg(c, b.args[2]);
    } else {
        const bool full = c.name == "tl.full";
        const Bound b = full ? bind(c.call, {"shape", "value", "dtype"}) : bind(c.call, {"shape", "dtype"});
        std::vector<const Node*> shapeArgs;
        if (b.args[0])
            shapeArgs.push_back(b.args[0]);
        const std::vector<std::int32_t> shape = lowerShapeArgs(shapeArgs, c.block);
        ins.listBegin = list(shape);
        ins.listSize = std::int32_t(shape.size());
        ins.a = full ? lowerArg(c, b.args[1]) : -1;
        ins.b = lowerArg(c, b.args[full ? 2 : 1]);
    }
    ins.dest = callResult(c);
    emit(c.block, ins);
    return ins.dest;
}

// tl.load: its pointer, mask and other; a cube operand when it feeds a tl.dot.
std::int32_t TraceBuilder::lowerLoad(const Call& c)
{
    const Bound b = bind(c.call, {"pointer", "mask", "other", "boundary_check", "padding_option", "cache_modifier",
                                "eviction_policy", "volatile"}, c.self);
    Instr ins = make(Op::Load, c.call, -1);
    ins.a = lowerArg(c, b.args[0]);
    ins.b = lowerArg(c, b.args[1]);
    ins.c = lowerArg(c, b.args[2]);
    if (b.args[3])
        ins.flags |= kFlagBoundaryCheck;
    if (m_dotOperandNodes.count(c.call))
        ins.flags |= kFlagCubeOperand;
    ins.dest = callResult(c);
    emit(c.block, ins);
    return ins.dest;
}

// tl.store.
std::int32_t TraceBuilder::lowerStore(const Call& c)
{
    const Bound b = bind(c.call, {"pointer", "value", "mask", "boundary_check", "cache_modifier", "eviction_policy"},
                         c.self);
    Instr ins = make(Op::Store, c.call, -1);
    ins.a = lowerArg(c, b.args[0]);
    const std::int32_t before = std::int32_t(m_ir.instrs.size());
    ins.b = lowerArg(c, b.args[1]);
    if (std::int32_t(m_ir.instrs.size()) > before && m_ir.instrs.back().dest == ins.b)
        m_ir.instrs.back().flags |= kFlagFeedsStore;
    ins.c = lowerArg(c, b.args[2]);
    if (b.args[3])
        ins.flags |= kFlagBoundaryCheck;
    // Stores write no slot: give them a scratch destination that nobody reads.
    ins.dest = newSlot("store", c.call->line);
    emit(c.block, ins);
    return finish(noneConst(), c.call, c.block, c.dest);
}

// tl.atomic_add, _max, _min, _xchg, _cas, _and, _or, _xor.
std::int32_t TraceBuilder::lowerAtomic(const Call& c)
{
    const std::string kind = c.name.substr(10);
    Instr ins = make(Op::Atomic, c.call, -1);
    static const std::map<std::string, AtomicKind, std::less<>> kinds = {
        {"add", AtomicKind::Add}, {"max", AtomicKind::Max}, {"min", AtomicKind::Min}, {"xchg", AtomicKind::Xchg},
        {"cas", AtomicKind::Cas}, {"and", AtomicKind::And}, {"or", AtomicKind::Or}, {"xor", AtomicKind::Xor}};
    auto it = kinds.find(kind);
    if (it == kinds.end()) {
        warn(c.call, "npu-unsupported-call", "'" + c.raw + "' is not modelled (approximation: an atomic add)");
    } else {
        ins.sub = std::uint8_t(it->second);
    }
    if (kind == "cas") {
        const Bound b = bind(c.call, {"pointer", "cmp", "val", "sem", "scope"}, c.self);
        ins.a = lowerArg(c, b.args[0]);
        ins.b = lowerArg(c, b.args[2]);
    } else {
        const Bound b = bind(c.call, {"pointer", "val", "mask", "sem", "scope"}, c.self);
        ins.a = lowerArg(c, b.args[0]);
        ins.b = lowerArg(c, b.args[1]);
        ins.c = lowerArg(c, b.args[2]);
    }
    ins.dest = callResult(c);
    emit(c.block, ins);
    return ins.dest;
}

// tl.dot.
std::int32_t TraceBuilder::lowerDot(const Call& c)
{
    const Bound b = bind(c.call, {"input", "other", "acc", "input_precision", "allow_tf32", "max_num_imprecise_acc",
                                "out_dtype"}, c.self);
    Instr ins = make(Op::Dot, c.call, -1);
    ins.a = lowerArg(c, b.args[0]);
    ins.b = lowerArg(c, b.args[1]);
    ins.c = lowerArg(c, b.args[2]);
    ins.d = lowerArg(c, b.args[6]);
    ins.dest = callResult(c);
    emit(c.block, ins);
    ++m_out.m_dotCount;
    return ins.dest;
}

// tl.where.
std::int32_t TraceBuilder::lowerWhere(const Call& c)
{
    const Bound b = bind(c.call, {"condition", "x", "y"});
    Instr ins = make(Op::Where, c.call, -1);
    ins.a = lowerArg(c, b.args[0]);
    ins.b = lowerArg(c, b.args[1]);
    ins.c = lowerArg(c, b.args[2]);
    ins.dest = callResult(c);
    emit(c.block, ins);
    return ins.dest;
}

// tl.cast and x.to(dtype).
std::int32_t TraceBuilder::lowerCast(const Call& c)
{
    const Bound b = bind(c.call, {"input", "dtype", "fp_downcast_rounding", "bitcast"}, c.self);
    Instr ins = make(Op::Cast, c.call, -1);
    ins.a = lowerArg(c, b.args[0]);
    ins.b = lowerArg(c, b.args[1]);
    ins.dest = callResult(c);
    emit(c.block, ins);
    return ins.dest;
}

// Reductions (tl.sum, tl.max, ..., tl.prod) along a literal axis; tl.max / tl.min with
// return_indices give a tuple of the value and the index.
std::int32_t TraceBuilder::lowerReduce(const Call& c)
{
    const Bound b = bind(c.call, {"input", "axis", "return_indices", "return_indices_tie_break_left", "keep_dims"},
                         c.self);
    const Bound kb = bind(c.call, {"input", "axis", "keep_dims"}, c.self);
    ReduceKind kind = ReduceKind::Sum;
    if (c.name == "tl.max") kind = ReduceKind::Max;
    else if (c.name == "tl.min") kind = ReduceKind::Min;
    else if (c.name == "tl.argmax") kind = ReduceKind::ArgMax;
    else if (c.name == "tl.argmin") kind = ReduceKind::ArgMin;
    else if (c.name == "tl.xor_sum") kind = ReduceKind::Xor;
    else if (c.name == "tl.reduce_or") kind = ReduceKind::Or;
    else if (c.name == "tl.reduce_and") kind = ReduceKind::And;
    else if (c.name == "tl.prod") kind = ReduceKind::Prod;
    std::int32_t axis = kAxisNone;
    const Node* axisNode = (c.name == "tl.sum" || c.name == "tl.xor_sum" || c.name == "tl.prod") ? kb.args[1] : b.args[1];
    if (axisNode) {
        if (axisNode->is(Kind::Constant) && axisNode->constant()->isInt())
            axis = std::int32_t(axisNode->constant()->integer);
        else if (axisNode->is(Kind::UnaryOp) && axisNode->op() == Kind::USub &&
                 axisNode->child("operand")->is(Kind::Constant))
            axis = -std::int32_t(axisNode->child("operand")->constant()->integer);
        else if (!(axisNode->is(Kind::Constant) && axisNode->constant()->isNone()))
            warn(c.call, "npu-unsupported-construct", "reduction axis must be a literal; approximation: all axes");
    }
    bool keep = false;
    for (const Node* kw : c.call->list("keywords"))
        if (kw->str("arg") == "keep_dims" && kw->child("value")->is(Kind::Constant))
            keep = kw->child("value")->constant()->boolean;
    bool withIndices = false;
    if ((kind == ReduceKind::Max || kind == ReduceKind::Min) && b.args[2] && b.args[2]->is(Kind::Constant))
        withIndices = b.args[2]->constant()->boolean;
    const std::int32_t input = lowerArg(c, b.args[0]);
    Instr ins = make(Op::Reduce, c.call, -1);
    ins.sub = std::uint8_t(kind);
    ins.a = input;
    ins.imm = axis;
    if (keep)
        ins.flags |= kFlagKeepDims;
    if (!withIndices) {
        ins.dest = callResult(c);
        emit(c.block, ins);
        return ins.dest;
    }
    ins.dest = tempSlot(c.call);
    emit(c.block, ins);
    Instr idx = ins;
    idx.sub = std::uint8_t(kind == ReduceKind::Max ? ReduceKind::ArgMax : ReduceKind::ArgMin);
    idx.dest = tempSlot(c.call);
    emit(c.block, idx);
    const std::int32_t tuple = callResult(c);
    Instr t = make(Op::MakeTuple, c.call, tuple);
    const std::vector<std::int32_t> items = {ins.dest, idx.dest};
    t.listBegin = list(items);
    t.listSize = 2;
    emit(c.block, t);
    m_staticTuples[tuple] = items;
    return tuple;
}

// tl.cumsum, tl.cumprod, tl.associative_scan.
std::int32_t TraceBuilder::lowerScan(const Call& c)
{
    const Bound b = bind(c.call, {"input", "axis", "reverse"}, c.self);
    Instr ins = make(Op::Scan, c.call, -1);
    ins.a = lowerArg(c, b.args[0]);
    ins.imm = 0;
    if (b.args[1] && b.args[1]->is(Kind::Constant) && b.args[1]->constant()->isInt())
        ins.imm = std::int32_t(b.args[1]->constant()->integer);
    if (c.name == "tl.associative_scan")
        warn(c.call, "npu-approximate-call", "associative_scan's combine function is not traced; approximation: cost of a cumsum");
    ins.dest = callResult(c);
    emit(c.block, ins);
    return ins.dest;
}

// tl.trans / tl.permute with literal dims.
std::int32_t TraceBuilder::lowerTrans(const Call& c)
{
    const Bound b = bind(c.call, {"input"}, c.self);
    std::vector<std::int32_t> dims;
    std::vector<const Node*> rest = b.varargs;
    for (const Node* kw : c.call->list("keywords"))
        if (kw->str("arg") == "dims")
            rest.push_back(kw->child("value"));
    if (rest.size() == 1 && (rest[0]->is(Kind::Tuple) || rest[0]->is(Kind::List)))
        rest.assign(rest[0]->list("elts").begin(), rest[0]->list("elts").end());
    for (const Node* d : rest) {
        if (d->is(Kind::Constant) && d->constant()->isInt())
            dims.push_back(std::int32_t(d->constant()->integer));
    }
    Instr ins = make(Op::Trans, c.call, -1);
    ins.a = lowerArg(c, b.args[0]);
    ins.listBegin = list(dims);
    ins.listSize = std::int32_t(dims.size());
    ins.dest = callResult(c);
    emit(c.block, ins);
    return ins.dest;
}

// tl.reshape, tl.view, tl.broadcast_to.
std::int32_t TraceBuilder::lowerReshape(const Call& c)
{
    const Bound b = bind(c.call, {"input"}, c.self);
    std::vector<const Node*> rest = b.varargs;
    for (const Node* kw : c.call->list("keywords"))
        if (kw->str("arg") == "shape")
            rest.push_back(kw->child("value"));
    const std::vector<std::int32_t> shape = lowerShapeArgs(rest, c.block);
    Instr ins = make(c.name == "tl.broadcast_to" ? Op::BroadcastTo : Op::Reshape, c.call, -1);
    ins.a = lowerArg(c, b.args[0]);
    ins.listBegin = list(shape);
    ins.listSize = std::int32_t(shape.size());
    ins.dest = callResult(c);
    emit(c.block, ins);
    return ins.dest;
}

// tl.expand_dims.
std::int32_t TraceBuilder::lowerExpandDims(const Call& c)
{
    const Bound b = bind(c.call, {"input", "axis"}, c.self);
    Instr ins = make(Op::ExpandDims, c.call, -1);
    ins.a = lowerArg(c, b.args[0]);
    if (b.args[1] && b.args[1]->is(Kind::Constant) && b.args[1]->constant()->isInt())
        ins.imm = std::int32_t(b.args[1]->constant()->integer);
    ins.dest = callResult(c);
    emit(c.block, ins);
    return ins.dest;
}

// tl.make_block_ptr: base, then shape, strides, offsets and block shape (one slot per axis).
std::int32_t TraceBuilder::lowerMakeBlockPtr(const Call& c)
{
    const Bound b = bind(c.call, {"base", "shape", "strides", "offsets", "block_shape", "order"});
    std::vector<std::int32_t> items;
    items.push_back(lowerArg(c, b.args[0]));
    int rank = -1;
    for (int part = 1; part <= 5; ++part) {
        std::vector<const Node*> one;
        if (b.args[std::size_t(part)])
            one.push_back(b.args[std::size_t(part)]);
        std::vector<std::int32_t> slots = lowerShapeArgs(one, c.block);
        if (rank < 0)
            rank = int(slots.size());
        slots.resize(std::size_t(std::max(rank, 0)), intConst(0));
        items.insert(items.end(), slots.begin(), slots.end());
    }
    Instr ins = make(Op::MakeBlockPtr, c.call, -1);
    ins.listBegin = list(items);
    ins.listSize = std::int32_t(items.size());
    ins.imm = std::max(rank, 0);
    ins.dest = callResult(c);
    emit(c.block, ins);
    return ins.dest;
}

// tl.advance.
std::int32_t TraceBuilder::lowerAdvance(const Call& c)
{
    const Bound b = bind(c.call, {"base", "offsets"}, c.self);
    std::vector<const Node*> one;
    if (b.args[1])
        one.push_back(b.args[1]);
    const std::vector<std::int32_t> offs = lowerShapeArgs(one, c.block);
    Instr ins = make(Op::Advance, c.call, -1);
    ins.a = lowerArg(c, b.args[0]);
    ins.listBegin = list(offs);
    ins.listSize = std::int32_t(offs.size());
    ins.dest = callResult(c);
    emit(c.block, ins);
    return ins.dest;
}

// tl.cdiv / triton.cdiv.
std::int32_t TraceBuilder::lowerCdiv(const Call& c)
{
    return lowerTwoOperands(c, Op::Cdiv, "x", "div");
}

// triton.next_power_of_2.
std::int32_t TraceBuilder::lowerNextPowerOf2(const Call& c)
{
    // next_power_of_2(n) = 2 ** ceil(log2(n)), exact on integers: a scalar-only unary op.
    const Bound b = bind(c.call, {"n"});
    Instr ins = make(Op::Unary, c.call, -1);
    ins.sub = 200;  // next power of two (scalar only)
    ins.a = lowerArg(c, b.args[0]);
    ins.dest = callResult(c);
    emit(c.block, ins);
    return ins.dest;
}

// Python's min / max.
std::int32_t TraceBuilder::lowerMinMax(const Call& c)
{
    std::vector<std::int32_t> items;
    for (const Node* a : c.call->list("args"))
        items.push_back(lowerArg(c, a));
    Instr ins = make(Op::MinMax, c.call, -1);
    ins.sub = c.name == "min" ? 0 : 1;
    ins.listBegin = list(items);
    ins.listSize = std::int32_t(items.size());
    ins.dest = callResult(c);
    emit(c.block, ins);
    return ins.dest;
}

// Python's abs.
std::int32_t TraceBuilder::lowerAbs(const Call& c)
{
    Instr ins = make(Op::Math, c.call, -1);
    ins.sub = std::uint8_t(MathFn::Abs);
    ins.a = c.call->list("args").empty() ? -1 : lowerArg(c, c.call->list("args")[0]);
    ins.dest = callResult(c);
    emit(c.block, ins);
    return ins.dest;
}

// tl.swizzle2d.
std::int32_t TraceBuilder::lowerSwizzle2d(const Call& c)
{
    const Bound b = bind(c.call, {"i", "j", "size_i", "size_j", "size_g"});
    std::vector<std::int32_t> items;
    for (const Node* a : b.args)
        items.push_back(a ? lowerArg(c, a) : unknownConst());
    Instr ins = make(Op::Swizzle2d, c.call, -1);
    ins.listBegin = list(items);
    ins.listSize = std::int32_t(items.size());
    ins.dest = callResult(c);
    emit(c.block, ins);
    return ins.dest;
}

// A function of the math table (tl.exp, tl.maximum, tl.fma, ...): one Math instruction.
std::int32_t TraceBuilder::lowerMath(const Call& c, MathFn fn, int arity)
{
    Bound b;
    if (arity == 1)
        b = bind(c.call, {"x"}, c.self);
    else if (arity == 2)
        b = bind(c.call, {"x", "y"}, c.self);
    else
        b = fn == MathFn::Clamp ? bind(c.call, {"x", "min", "max"}, c.self) : bind(c.call, {"x", "y", "z"}, c.self);
    Instr ins = make(Op::Math, c.call, -1);
    ins.sub = std::uint8_t(fn);
    ins.a = lowerArg(c, b.args[0]);
    if (arity > 1)
        ins.b = lowerArg(c, b.args[1]);
    if (arity > 2)
        ins.c = lowerArg(c, b.args[2]);
    ins.dest = callResult(c);
    emit(c.block, ins);
    return ins.dest;
}

// Not a call the trace models: a @triton.jit helper of the same file is inlined; anything else
// has its arguments evaluated (they may have costs) and an unknown result.
std::int32_t TraceBuilder::lowerOtherCall(const Call& c)
{
    const Node* func = c.call->child("func");
    if (!c.self && func->is(Kind::Name)) {
        if (const kernel::KernelDef* callee = m_file.kernel(func->id()); callee && callee != &m_kernel)
            return inlineCall(*callee, c.call, c.block, c.dest);
    }
    for (const Node* a : c.call->list("args"))
        lowerArg(c, a);
    if (c.self)
        lowerArg(c, c.self);
    warn(c.call, "npu-unsupported-call",
         "call '" + (c.raw.empty() ? text(func) : c.raw) +
             "' is not modelled (approximation: its result is unknown and costs nothing)");
    return finish(unknownConst(), c.call, c.block, c.dest);
}

std::int32_t TraceBuilder::inlineCall(const kernel::KernelDef& callee, const Node* call, Block& block, std::int32_t dest)
{
    if (m_inlineDepth >= 8) {
        warn(call, "npu-unsupported-call", "helper calls nested too deeply; approximation: result unknown");
        return finish(unknownConst(), call, block, dest);
    }
    // Bind arguments in the caller's scope.
    std::vector<std::int32_t> values(callee.params.size(), -1);
    std::size_t pos = 0;
    for (const Node* a : call->list("args"))
        if (pos < values.size())
            values[pos++] = lowerExpr(a, block);
    for (const Node* kw : call->list("keywords"))
        for (std::size_t i = 0; i < callee.params.size(); ++i)
            if (callee.params[i].name == kw->str("arg"))
                values[i] = lowerExpr(kw->child("value"), block);
    for (std::size_t i = 0; i < values.size(); ++i)
        if (values[i] < 0)
            values[i] = callee.params[i].defaultNode ? lowerExpr(callee.params[i].defaultNode, block) : unknownConst();
    Scope scope;
    scope.returnSlot = dest >= 0 ? dest : tempSlot(call);
    m_scopes.push_back(scope);
    for (std::size_t i = 0; i < values.size(); ++i) {
        const std::int32_t slot = assignSlot(callee.params[i].name, callee.location.line);
        Instr ins = make(Op::Copy, call, slot);
        ins.a = values[i];
        emit(block, ins);
    }
    ++m_inlineDepth;
    lowerBlock(callee.function->list("body"), block);
    --m_inlineDepth;
    const std::int32_t result = m_scopes.back().returnSlot;
    m_scopes.pop_back();
    return result;
}

// ---- liveness ------------------------------------------------------------------------------

namespace {

class Bits {
public:
    explicit Bits(std::size_t n = 0) : m_words((n + 63) / 64, 0) {}
    void set(std::int32_t i) { if (i >= 0) m_words[std::size_t(i) / 64] |= 1ull << (std::size_t(i) % 64); }
    void reset(std::int32_t i) { if (i >= 0) m_words[std::size_t(i) / 64] &= ~(1ull << (std::size_t(i) % 64)); }
    bool test(std::int32_t i) const { return i >= 0 && (m_words[std::size_t(i) / 64] >> (std::size_t(i) % 64)) & 1; }
    void unite(const Bits& o) { for (std::size_t w = 0; w < m_words.size(); ++w) m_words[w] |= o.m_words[w]; }
    bool operator==(const Bits& o) const { return m_words == o.m_words; }
    template <typename Fn>
    void forEach(Fn&& fn) const
    {
        for (std::size_t w = 0; w < m_words.size(); ++w) {
            std::uint64_t word = m_words[w];
            while (word) {
                const int bit = __builtin_ctzll(word);
                fn(std::int32_t(w * 64 + std::size_t(bit)));
                word &= word - 1;
            }
        }
    }

private:
    std::vector<std::uint64_t> m_words;
};

} // namespace

void TraceBuilder::liveness()
{
    const std::size_t n = std::size_t(m_ir.slotCount);
    std::set<std::int32_t> constants = m_constSlots;
    auto uses = [&](const Instr& ins, Bits& live) {
        for (std::int32_t s : {ins.a, ins.b, ins.c, ins.d})
            live.set(s);
        for (std::int32_t i = 0; i < ins.listSize; ++i)
            live.set(m_ir.lists[std::size_t(ins.listBegin + i)]);
    };
    auto record = [&](const Bits& live, std::int32_t& begin, std::int32_t& size) {
        begin = std::int32_t(m_ir.lists.size());
        live.forEach([&](std::int32_t s) {
            if (!constants.count(s))
                m_ir.lists.push_back(s);
        });
        size = std::int32_t(m_ir.lists.size()) - begin;
    };
    // Backward pass; `final` records the live sets (only on the last fixpoint iteration).
    std::function<Bits(const Block&, Bits, bool)> pass = [&](const Block& block, Bits live, bool final) -> Bits {
        for (auto it = block.stmts.rbegin(); it != block.stmts.rend(); ++it) {
            switch (it->kind) {
            case Stmt::Kind::Instr: {
                Instr& ins = m_ir.instrs[std::size_t(it->index)];
                if (final)
                    record(live, ins.liveBegin, ins.liveSize);
                live.reset(ins.dest);
                uses(ins, live);
                break;
            }
            case Stmt::Kind::For: {
                ForLoop& loop = m_ir.loops[std::size_t(it->index)];
                Bits out = live;
                Bits in = pass(loop.body, out, false);
                for (int round = 0; round < 3; ++round) {
                    Bits next = out;
                    next.unite(in);
                    Bits again = pass(loop.body, next, false);
                    if (again == in)
                        break;
                    in = again;
                }
                Bits bodyOut = out;
                bodyOut.unite(in);
                in = pass(loop.body, bodyOut, final);
                if (final) {
                    record(bodyOut, loop.liveBegin, loop.liveSize);
                    loop.carried.clear();
                    in.forEach([&](std::int32_t s) { loop.carried.push_back(s); });
                }
                live = out;
                live.unite(in);
                live.reset(loop.var);
                live.set(loop.start);
                live.set(loop.stop);
                live.set(loop.step);
                break;
            }
            case Stmt::Kind::If: {
                IfStmt& s = m_ir.ifs[std::size_t(it->index)];
                Bits a = pass(s.then, live, final);
                Bits b = pass(s.orelse, live, final);
                a.unite(b);
                live = a;
                live.set(s.cond);
                break;
            }
            case Stmt::Kind::While: {
                WhileLoop& w = m_ir.whiles[std::size_t(it->index)];
                Bits out = live;
                Bits in = pass(w.body, out, false);
                Bits bodyOut = out;
                bodyOut.unite(in);
                in = pass(w.body, bodyOut, final);
                Bits condOut = bodyOut;
                condOut.unite(in);
                condOut.set(w.cond);
                Bits condIn = pass(w.condBlock, condOut, final);
                live = condIn;
                break;
            }
            default:
                break;
            }
        }
        return live;
    };
    Bits empty(n);
    if (!m_out.m_gridBlock.stmts.empty()) {
        Bits g(n);
        g.set(m_out.m_gridSlot);
        pass(m_out.m_gridBlock, g, true);
    }
    pass(m_ir.body, empty, true);
    // Slots written inside each loop body (the carried-state candidates).
    std::function<void(const Block&, std::vector<std::int32_t>&)> written = [&](const Block& block,
                                                                              std::vector<std::int32_t>& out) {
        for (const Stmt& s : block.stmts) {
            switch (s.kind) {
            case Stmt::Kind::Instr: out.push_back(m_ir.instrs[std::size_t(s.index)].dest); break;
            case Stmt::Kind::For: {
                ForLoop& inner = m_ir.loops[std::size_t(s.index)];
                if (inner.var >= 0)
                    out.push_back(inner.var);
                written(inner.body, out);
                break;
            }
            case Stmt::Kind::If:
                written(m_ir.ifs[std::size_t(s.index)].then, out);
                written(m_ir.ifs[std::size_t(s.index)].orelse, out);
                break;
            case Stmt::Kind::While:
                written(m_ir.whiles[std::size_t(s.index)].condBlock, out);
                written(m_ir.whiles[std::size_t(s.index)].body, out);
                break;
            default: break;
            }
        }
    };
    for (ForLoop& loop : m_ir.loops) {
        std::vector<std::int32_t> w;
        written(loop.body, w);
        std::sort(w.begin(), w.end());
        w.erase(std::unique(w.begin(), w.end()), w.end());
        // Carried: written in the body and live at its start (read before written).
        std::vector<std::int32_t> carried;
        std::set_intersection(w.begin(), w.end(), loop.carried.begin(), loop.carried.end(),
                              std::back_inserter(carried));
        loop.carried = std::move(carried);
        loop.written = std::move(w);
    }
}

// ---- the whole trace -----------------------------------------------------------------------

void TraceBuilder::run()
{
    m_out.m_kernelName = m_kernel.name;
    m_out.m_fileName = m_file.path;
    collectModuleAliases();
    m_scopes.push_back({});

    // Parameters: tensors become pointers, scalars constants, constexprs candidate slots.
    for (const kernel::Parameter& p : m_kernel.params) {
        const kernel::ArgValue* arg = nullptr;
        for (const auto& [name, value] : m_launch.args)
            if (name == p.name)
                arg = &value;
        const std::int32_t slot = assignSlot(p.name, p.location.line);
        AVal& init = m_out.m_init[std::size_t(slot)];
        if (p.isConstexpr) {
            KernelTrace::Constexpr c;
            c.name = p.name;
            c.slot = slot;
            if (arg && (arg->kind == kernel::ArgValue::Kind::Int || arg->kind == kernel::ArgValue::Kind::Bool)) {
                c.fixed = arg->kind == kernel::ArgValue::Kind::Bool ? std::int64_t(arg->boolValue) : arg->intValue;
                c.fromLaunch = true;
            } else if (arg && arg->kind == kernel::ArgValue::Kind::Float) {
                c.isFloat = true;
                init = AVal::real(arg->floatValue);
                c.fromLaunch = true;
            } else if (p.defaultValue && p.defaultValue->isIntLike()) {
                c.fixed = p.defaultValue->asInt();
            } else if (p.defaultValue && p.defaultValue->isFloat()) {
                c.isFloat = true;
                init = AVal::real(p.defaultValue->asFloat());
            }
            if (c.fixed)
                init = AVal::integer(*c.fixed);
            m_out.m_constexprs.push_back(c);
            continue;
        }
        if (!arg) {
            if (p.defaultValue && p.defaultValue->isIntLike())
                init = AVal::integer(p.defaultValue->asInt());
            else if (p.defaultValue && p.defaultValue->isFloat())
                init = AVal::real(p.defaultValue->asFloat());
            else if (p.defaultValue && p.defaultValue->isNone())
                init = AVal::none();
            else
                warn(m_kernel.function, "npu-missing-argument",
                     "argument '" + p.name + "' is not given in the launch; approximation: its value is unknown");
            m_constSlots.insert(slot);
            continue;
        }
        switch (arg->kind) {
        case kernel::ArgValue::Kind::Tensor: {
            TensorArg t;
            t.name = p.name;
            t.dtype = dtFromName(arg->dtype);
            t.shape = arg->shape;
            t.numel = 1;
            for (std::int64_t d : t.shape)
                t.numel *= d;
            t.bytes = t.numel * dtBytes(t.dtype);
            if (t.dtype == Dt::Unknown)
                warn(m_kernel.function, "npu-unknown-dtype",
                     "tensor '" + p.name + "' has dtype '" + arg->dtype + "' that the simulator does not know; "
                     "approximation: 4-byte elements");
            init = AVal::pointer(int(m_out.m_tensors.size()), t.dtype);
            m_out.m_tensors.push_back(std::move(t));
            break;
        }
        case kernel::ArgValue::Kind::Int: init = AVal::integer(arg->intValue); break;
        case kernel::ArgValue::Kind::Bool: init = AVal::boolean(arg->boolValue); break;
        case kernel::ArgValue::Kind::Float: init = AVal::real(arg->floatValue); break;
        case kernel::ArgValue::Kind::None: init = AVal::none(); break;
        case kernel::ArgValue::Kind::Str: init.k = AVal::K::Str; break;
        }
        m_constSlots.insert(slot);
    }
    // Constexpr slots are written per candidate, never constants.
    for (const auto& c : m_out.m_constexprs)
        m_constSlots.erase(c.slot);

    // The grid.
    if (m_launch.grid.kind == kernel::GridArg::Kind::Static) {
        std::array<std::int64_t, 3> g = {1, 1, 1};
        for (std::size_t i = 0; i < m_launch.grid.dims.size() && i < 3; ++i)
            g[i] = m_launch.grid.dims[i];
        m_out.m_staticGrid = g;
    } else if (m_launch.grid.kind == kernel::GridArg::Kind::Expression) {
        py::ParseResult parsed = py::parseSource(m_launch.grid.expression, "<grid>");
        const Node* expr = nullptr;
        if (parsed.ok() && parsed.module->root() && !parsed.module->root()->list("body").empty()) {
            const Node* stmt = parsed.module->root()->list("body")[0];
            if (stmt->is(Kind::Expr))
                expr = stmt->child("value");
        }
        if (!expr) {
            error("npu-grid-invalid", "the grid '" + m_launch.grid.expression + "' is not a Python expression" +
                                          (parsed.error ? ": " + parsed.error->message : std::string()));
        } else {
            // Lower the grid in a scope where the launch arguments are names and `meta` maps to the
            // constexprs. Messages point into the grid text, so swap the module for segment().
            const Node* body = expr;
            Scope gridScope;
            if (expr->is(Kind::Lambda)) {
                body = expr->child("body");
                // Every launch argument is visible by name (the wrapper's locals usually match).
            }
            for (const auto& [name, slot] : m_scopes.front().names)
                gridScope.names.emplace(name, slot);
            // Names in the grid that are not kernel parameters but launch args.
            for (const auto& [name, value] : m_launch.args) {
                if (gridScope.names.count(name))
                    continue;
                AVal v;
                if (value.kind == kernel::ArgValue::Kind::Int) v = AVal::integer(value.intValue);
                else if (value.kind == kernel::ArgValue::Kind::Float) v = AVal::real(value.floatValue);
                else if (value.kind == kernel::ArgValue::Kind::Bool) v = AVal::boolean(value.boolValue);
                gridScope.names.emplace(name, constSlot(v, name));
            }
            if (expr->is(Kind::Lambda))
                for (const Node* a : expr->child("args")->list("args"))
                    gridScope.names.erase(a->str("arg"));  // `meta`: handled by subscripts
            m_scopes.push_back(gridScope);
            // Messages and slot names of the grid read the grid's own text.
            m_textModule = parsed.module.get();
            m_textFile = "<grid>";
            m_out.m_gridSlot = lowerExpr(body, m_out.m_gridBlock);
            m_textModule = m_file.module.get();
            m_textFile = m_file.path;
            m_scopes.pop_back();
        }
    }

    // Parameters and constants occupy the slots created so far (plus constants added later).
    const std::int32_t paramSlots = m_ir.slotCount;
    findDotOperands(m_kernel.function);
    lowerBlock(m_kernel.function->list("body"), m_ir.body);
    liveness();
    std::vector<bool> written(std::size_t(m_ir.slotCount), false);
    for (const Instr& ins : m_ir.instrs)
        if (ins.dest >= 0)
            written[std::size_t(ins.dest)] = true;
    for (const ForLoop& loop : m_ir.loops)
        if (loop.var >= 0)
            written[std::size_t(loop.var)] = true;
    for (std::int32_t s = 0; s < m_ir.slotCount; ++s)
        if (written[std::size_t(s)] && (s < paramSlots || m_constSlots.count(s)))
            m_ir.restoreSlots.push_back(s);
}

TraceResult KernelTrace::build(const kernel::KernelFile& file, const kernel::KernelDef& kernel,
                               const KernelLaunch& launch)
{
    TraceResult result;
    if (!file.module || !kernel.function) {
        Diagnostic d;
        d.code = "npu-trace-failed";
        d.severity = Severity::Error;
        d.file = file.path;
        d.message = "kernel '" + kernel.name + "' has no function body to trace";
        result.diagnostics.push_back(std::move(d));
        return result;
    }
    auto trace = std::make_shared<KernelTrace>();
    TraceBuilder builder(file, kernel, launch, *trace);
    builder.run();
    result.diagnostics = trace->m_diagnostics;
    result.trace = std::move(trace);
    return result;
}

} // namespace ts::npu
