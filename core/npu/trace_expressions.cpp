// Expressions: constants, names, attributes (dtypes, .T), operators, comparisons, tuples and
// subscripts; calls are lowered by trace_calls.cpp.
#include "core/npu/trace_builder.h"
#include "core/util/message.h"

#include <limits>

namespace ts::npu {

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

// The BinKind of a binary (or augmented assignment) operator; one the trace does not model is
// warned about and taken as an addition.
std::uint8_t TraceBuilder::binaryOperator(const Node* node, Kind op)
{
    static const std::pair<Kind, BinKind> kOperators[] = {
        {Kind::Add, BinKind::Add},     {Kind::Sub, BinKind::Sub},           {Kind::Mult, BinKind::Mul},
        {Kind::Div, BinKind::TrueDiv}, {Kind::FloorDiv, BinKind::FloorDiv}, {Kind::Mod, BinKind::Mod},
        {Kind::Pow, BinKind::Pow},     {Kind::BitAnd, BinKind::And},        {Kind::BitOr, BinKind::Or},
        {Kind::BitXor, BinKind::Xor},  {Kind::LShift, BinKind::Shl},        {Kind::RShift, BinKind::Shr}};
    for (const auto& [kind, bin] : kOperators)
        if (kind == op)
            return std::uint8_t(bin);
    warn(node, "npu-unsupported-operator",
         msg::Message(msg::Id::FidelityOperator, {text(node)}));
    return std::uint8_t(BinKind::Add);
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
                warn(e, "npu-unsupported-construct", msg::Message(msg::Id::FidelityBigInteger));
                s = unknownConst();
            } else {
                s = intConst(c.integer);
            }
            break;
        case py::ConstantValue::Type::Float: s = floatConst(c.real); break;
        case py::ConstantValue::Type::None: s = noneConst(); break;
        case py::ConstantValue::Type::Str: s = constSlot(strValue(c.text), c.text); break;
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
        warn(e, "npu-unsupported-attribute", msg::Message(msg::Id::FidelityAttributeNotModelled, {text(e)}));
        return finish(unknownConst(), e, block, dest);
    }
    case Kind::BinOp: {
        const std::int32_t a = lowerExpr(e->child("left"), block);
        const std::int32_t b = lowerExpr(e->child("right"), block);
        const std::int32_t out = dest >= 0 ? dest : tempSlot(e);
        const bool matmul = e->op() == Kind::MatMult;
        Instr ins = make(matmul ? Op::Dot : Op::Binary, e, out);
        ins.a = a;
        ins.b = b;
        if (matmul)
            ++m_out.m_dotCount;
        else
            ins.sub = binaryOperator(e, e->op());
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
                warn(e, "npu-unsupported-operator", msg::Message(msg::Id::FidelityComparison, {text(e)}));
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
        setList(ins, items);
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
             msg::Message(msg::Id::FidelityExpression, {text(e)}));
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
        warn(e, "npu-unknown-name", msg::Message(msg::Id::FidelityNotConstexpr, {slice->constant()->text}));
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
                 msg::Message(msg::Id::FidelitySubscript, {text(e)}));
            return finish(unknownConst(), e, block, dest);
        }
    }
    const std::int32_t out = dest >= 0 ? dest : tempSlot(e);
    Instr ins = make(Op::Subscript, e, out);
    ins.a = base;
    setList(ins, pattern);
    emit(block, ins);
    return out;
}

} // namespace ts::npu
