#pragma once
// The kernel tracer's builder, shared by the tracer's own source files and included by nothing
// else. KernelTrace::build (kernel_trace.h) runs one TraceBuilder: it lowers the kernel's AST
// into a KernelIr. Its member functions are defined by concern:
//
//   kernel_trace.cpp         dtypes, the public entry point, the whole trace (parameters, grid)
//   trace_names.cpp          module aliases, dotted and canonical names, scopes, tl.dot operands
//   trace_statements.cpp     statements: assignments, for / while / if, returns
//   trace_expressions.cpp    expressions: constants, names, attributes, operators, subscripts
//   trace_calls.cpp          calls: one function per family of Triton calls, inlined helpers
//   trace_liveness.cpp       the live slots after each instruction and through each loop
//
// What every lowering uses (slots, constants, emission, diagnostics) is defined here, inline.

#include "core/npu/kernel_trace.h"

#include "core/python/parser.h"
#include "core/util/diagnostic_make.h"
#include "core/util/message.h"

#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace ts::npu {

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
    // Strings are compared only with each other, so a string is its number among the distinct
    // strings of the trace: a constexpr "relu" and a literal "relu" compare equal.
    AVal strValue(const std::string& text)
    {
        AVal v;
        v.k = AVal::K::Str;
        v.i = m_strings.emplace(text, std::int64_t(m_strings.size())).first->second;
        return v;
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
    // The instruction's operand list.
    void setList(Instr& ins, const std::vector<std::int32_t>& items)
    {
        ins.listBegin = list(items);
        ins.listSize = std::int32_t(items.size());
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
    void warn(const Node* node, const std::string& code, const msg::Message& message)
    {
        const int line = node ? node->line : 0;
        const std::string english = message.english();
        for (const Diagnostic& d : m_out.m_diagnostics)
            if (d.line == line && d.code == code && d.message == english)
                return;
        Diagnostic d;
        d.code = code;
        d.severity = Severity::Warning;
        d.file = m_textFile;
        d.line = line;
        d.column = node ? node->col + 1 : 0;
        d.message = english;
        d.text = message;
        m_out.m_diagnostics.push_back(std::move(d));
    }
    void error(const std::string& code, msg::Message message, int line = 0)
    {
        m_out.m_diagnostics.push_back(
            makeDiagnostic(code, Severity::Error, m_file.path, line, 0, std::move(message)));
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
    // Emits a call's instruction into the slot the call writes (a new temporary when it has none).
    std::int32_t emitCall(const Call& c, Instr ins)
    {
        ins.dest = callResult(c);
        emit(c.block, ins);
        return ins.dest;
    }
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
    std::int32_t lowerAlongAxis(const Call& c);
    std::int32_t lowerCustomReduce(const Call& c);
    std::int32_t lowerDtypeLimit(const Call& c);
    std::int32_t lowerSlice(const Call& c);
    std::int32_t lowerGetElement(const Call& c);
    std::int32_t literalAxis(const Call& c, const Node* axisNode);
    int combineOperations(const Node* function) const;
    std::int32_t lowerTrans(const Call& c);
    std::int32_t lowerReshape(const Call& c);
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
    std::uint8_t binaryOperator(const Node* node, Kind op);
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
    std::map<std::string, std::int64_t, std::less<>> m_strings;
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

} // namespace ts::npu
