// Statements: assignments (plain, tuple, augmented), for loops over ranges, if / while,
// returns of inlined helpers, and the constructs the trace approximates with a warning.
#include "core/npu/trace_builder.h"

namespace ts::npu {

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
        // The right-hand items, every one evaluated before any is assigned (a, b = b, a); the
        // items of a tuple value the trace does not know are read from it one by one.
        std::vector<std::int32_t> items;
        std::int32_t tuple = -1;
        if (value && (value->is(Kind::Tuple) || value->is(Kind::List)) &&
            value->list("elts").size() == targets.size()) {
            for (const Node* item : value->list("elts"))
                items.push_back(lowerExpr(item, block));
        } else {
            tuple = lowerExpr(value, block);
            if (auto st = m_staticTuples.find(tuple); st != m_staticTuples.end())
                items = st->second;
        }
        for (std::size_t i = 0; i < targets.size(); ++i) {
            if (!targets[i]->is(Kind::Name)) {
                warn(targets[i], "npu-unsupported-target", msg::Message(msg::Id::FidelityAssignIgnored, {text(targets[i])}));
                continue;
            }
            const bool known = i < items.size();
            const std::int32_t slot = assignSlot(targets[i]->id(), targets[i]->line);
            Instr ins = make(known ? Op::Copy : Op::TupleGet, targets[i], slot);
            ins.a = known ? items[i] : tuple;
            if (!known)
                ins.imm = std::int32_t(i);
            emit(block, ins);
        }
        return;
    }
    warn(target, "npu-unsupported-target",
         msg::Message(msg::Id::FidelityAssignStoreIgnored, {text(target)}));
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
        // The Ascend extension's parallel(start, stop, step, ..., bind_sub_block) is a range.
        if (fn == "range" || fn == "tl.range" || fn == "tl.static_range" || fn == "static_range" ||
            fn == "tl.parallel") {
            for (const Node* kw : iter->list("keywords"))
                if (kw->str("arg") == "bind_sub_block" &&
                    !(kw->child("value")->is(Kind::Constant) && !kw->child("value")->constant()->boolean))
                    warn(iter, "npu-approximate-call",
                         msg::Message(msg::Id::FidelityBindSubBlock));
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
             msg::Message(msg::Id::FidelityLoopNotRange, {iter ? text(iter) : std::string("?")}));
        loop.start = intConst(0);
        loop.stop = intConst(1);
    }
    if (target && target->is(Kind::Name))
        loop.var = assignSlot(target->id(), target->line);
    else if (target)
        warn(target, "npu-unsupported-target", msg::Message(msg::Id::FidelityLoopTarget, {text(target)}));
    if (!understood && loop.var >= 0)
        loop.var = -1;  // stays whatever it was: unknown
    ++m_loopDepth;
    lowerBlock(stmt->list("body"), loop.body);
    --m_loopDepth;
    if (!stmt->list("orelse").empty())
        warn(stmt, "npu-unsupported-construct", msg::Message(msg::Id::FidelityForElse));
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
            warn(stmt, "npu-unsupported-target", msg::Message(msg::Id::FidelityAugAssign, {text(target)}));
            lowerExpr(stmt->child("value"), block);
            return;
        }
        const std::int32_t slot = lookupName(target->id(), target);
        const std::int32_t rhs = lowerExpr(stmt->child("value"), block);
        Instr ins = make(Op::Binary, stmt, assignSlot(target->id(), target->line));
        ins.a = slot;
        ins.b = rhs;
        ins.sub = binaryOperator(stmt, stmt->op());
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
        warn(stmt, "npu-approximate-break", msg::Message(msg::Id::FidelityBreak));
        return;
    case Kind::Continue:
        warn(stmt, "npu-approximate-break", msg::Message(msg::Id::FidelityContinue));
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
             msg::Message(msg::Id::FidelityStatement, {stmt->typeName()}));
        return;
    }
}

} // namespace ts::npu
