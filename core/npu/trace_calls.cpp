// Calls: lowerCall finds the lowering of a call's family by its canonical name (tl.load,
// reductions, tl.dot, the math functions, ...); a @triton.jit helper of the same file is inlined;
// anything else is evaluated for its arguments and warned about.
#include "core/npu/trace_builder.h"
#include "core/util/message.h"

#include <algorithm>
#include <limits>

namespace ts::npu {

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

// The value of an integer literal argument; nullopt for anything else or an absent argument.
std::optional<std::int32_t> literalInt(const Node* n)
{
    if (n && n->is(Kind::Constant) && n->constant()->isInt())
        return std::int32_t(n->constant()->integer);
    return std::nullopt;
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
    {"tan", MathFn::Tan, 1},
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
        {"tl.cumsum", &TraceBuilder::lowerAlongAxis},
        {"tl.cumprod", &TraceBuilder::lowerAlongAxis},
        {"tl.associative_scan", &TraceBuilder::lowerAlongAxis},
        {"tl.reduce", &TraceBuilder::lowerCustomReduce},
        {"tl.get_dtype_min", &TraceBuilder::lowerDtypeLimit},
        {"tl.get_dtype_max", &TraceBuilder::lowerDtypeLimit},
        {"tl.extract_slice", &TraceBuilder::lowerSlice},
        {"tl.insert_slice", &TraceBuilder::lowerSlice},
        {"tl.flip", &TraceBuilder::lowerAlongAxis},
        {"tl.get_element", &TraceBuilder::lowerGetElement},
        {"tl.trans", &TraceBuilder::lowerTrans},
        {"tl.permute", &TraceBuilder::lowerTrans},
        {"tl.reshape", &TraceBuilder::lowerReshape},
        {"tl.view", &TraceBuilder::lowerReshape},
        {"tl.broadcast_to", &TraceBuilder::lowerReshape},
        {"tl.expand_dims", &TraceBuilder::lowerAlongAxis},
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
    const std::optional<std::int32_t> literal = literalInt(b.args[0]);
    const std::int32_t axis = literal.value_or(0);
    if (!literal && b.args[0])
        warn(c.call, "npu-unsupported-construct", msg::Message(msg::Id::FidelityProgramAxis));
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
    return emitCall(c, ins);
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
        setList(ins, shape);
        ins.a = full ? lowerArg(c, b.args[1]) : -1;
        ins.b = lowerArg(c, b.args[full ? 2 : 1]);
    }
    return emitCall(c, ins);
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
    return emitCall(c, ins);
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
        warn(c.call, "npu-unsupported-call", msg::Message(msg::Id::FidelityAtomicNotModelled, {c.raw}));
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
    return emitCall(c, ins);
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
    ++m_out.m_dotCount;
    return emitCall(c, ins);
}

// tl.where.
std::int32_t TraceBuilder::lowerWhere(const Call& c)
{
    const Bound b = bind(c.call, {"condition", "x", "y"});
    Instr ins = make(Op::Where, c.call, -1);
    ins.a = lowerArg(c, b.args[0]);
    ins.b = lowerArg(c, b.args[1]);
    ins.c = lowerArg(c, b.args[2]);
    return emitCall(c, ins);
}

// tl.cast and x.to(dtype).
std::int32_t TraceBuilder::lowerCast(const Call& c)
{
    const Bound b = bind(c.call, {"input", "dtype", "fp_downcast_rounding", "bitcast"}, c.self);
    Instr ins = make(Op::Cast, c.call, -1);
    ins.a = lowerArg(c, b.args[0]);
    ins.b = lowerArg(c, b.args[1]);
    return emitCall(c, ins);
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
    const std::int32_t axis =
        literalAxis(c, (c.name == "tl.sum" || c.name == "tl.xor_sum" || c.name == "tl.prod") ? kb.args[1] : b.args[1]);
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
    if (!withIndices)
        return emitCall(c, ins);
    ins.dest = tempSlot(c.call);
    emit(c.block, ins);
    Instr idx = ins;
    idx.sub = std::uint8_t(kind == ReduceKind::Max ? ReduceKind::ArgMax : ReduceKind::ArgMin);
    idx.dest = tempSlot(c.call);
    emit(c.block, idx);
    const std::int32_t tuple = callResult(c);
    Instr t = make(Op::MakeTuple, c.call, tuple);
    const std::vector<std::int32_t> items = {ins.dest, idx.dest};
    setList(t, items);
    emit(c.block, t);
    m_staticTuples[tuple] = items;
    return tuple;
}

// A reduction's axis: a literal (negative counts from the last), or None / absent for all axes.
std::int32_t TraceBuilder::literalAxis(const Call& c, const Node* axisNode)
{
    if (!axisNode || (axisNode->is(Kind::Constant) && axisNode->constant()->isNone()))
        return kAxisNone;
    if (const auto axis = literalInt(axisNode))
        return *axis;
    if (axisNode->is(Kind::UnaryOp) && axisNode->op() == Kind::USub && axisNode->child("operand")->is(Kind::Constant))
        return -std::int32_t(axisNode->child("operand")->constant()->integer);
    warn(c.call, "npu-unsupported-construct", msg::Message(msg::Id::FidelityReductionAxis));
    return kAxisNone;
}

// How many operations a combine function applies per step: its arithmetic, comparisons and
// calls (tl.where, tl.maximum, ...), at least one.
int TraceBuilder::combineOperations(const Node* function) const
{
    int ops = 0;
    for (const Node* n : py::walk(function))
        ops += n->is(Kind::BinOp) || n->is(Kind::Compare) || n->is(Kind::BoolOp) || n->is(Kind::Call) ? 1 : 0;
    return std::max(ops, 1);
}

// tl.reduce(input, axis, combine_fn): each operation of the combine function costs a reduction
// pass over the input (a tuple input, as argmax-style reductions pass it, one per item), the
// closest modelled operation; the function itself is not traced.
std::int32_t TraceBuilder::lowerCustomReduce(const Call& c)
{
    const Bound b = bind(c.call, {"input", "axis", "combine_fn", "keep_dims"}, c.self);
    const Node* fn = b.args[2];
    const kernel::KernelDef* combine = fn && fn->is(Kind::Name) ? m_file.kernel(fn->id()) : nullptr;
    const int ops = combine && combine->function ? combineOperations(combine->function) : 1;
    warn(c.call, "npu-approximate-call",
         msg::Message(ops == 1 ? msg::Id::FidelityReduceCombine1 : msg::Id::FidelityReduceCombine,
                   {fn ? text(fn) : std::string("?"), ops}));
    const std::int32_t axis = literalAxis(c, b.args[1]);
    bool keep = false;
    if (b.args[3] && b.args[3]->is(Kind::Constant))
        keep = b.args[3]->constant()->boolean;
    std::vector<const Node*> inputs;
    if (b.args[0] && (b.args[0]->is(Kind::Tuple) || b.args[0]->is(Kind::List)))
        inputs.assign(b.args[0]->list("elts").begin(), b.args[0]->list("elts").end());
    else
        inputs.push_back(b.args[0]);
    std::vector<std::int32_t> results;
    for (const Node* input : inputs) {
        Instr ins = make(Op::Reduce, c.call, -1);
        ins.sub = std::uint8_t(ReduceKind::Custom);
        ins.a = lowerArg(c, input);
        ins.b = intConst(ops);
        ins.imm = axis;
        if (keep)
            ins.flags |= kFlagKeepDims;
        if (inputs.size() == 1)
            return emitCall(c, ins);
        ins.dest = tempSlot(c.call);
        emit(c.block, ins);
        results.push_back(ins.dest);
    }
    Instr t = make(Op::MakeTuple, c.call, callResult(c));
    setList(t, results);
    emit(c.block, t);
    m_staticTuples[t.dest] = results;
    return t.dest;
}

// get_dtype_min / get_dtype_max (FlagGems' helpers, Triton-Ascend's extension): a constant the
// compiler folds; a float stand-in of the right sign is enough to cost what uses it.
std::int32_t TraceBuilder::lowerDtypeLimit(const Call& c)
{
    const double inf = std::numeric_limits<double>::infinity();
    return finish(floatConst(c.name.ends_with("min") ? -inf : inf), c.call, c.block, c.dest);
}

// The Ascend extension's extract_slice(full, offsets, sizes, strides) and
// insert_slice(full, sub, offsets, sizes, strides): a copy of the slice inside the UB.
std::int32_t TraceBuilder::lowerSlice(const Call& c)
{
    const bool extract = c.name == "tl.extract_slice";
    const Bound b = extract ? bind(c.call, {"ful", "offsets", "sizes", "strides"}, c.self)
                            : bind(c.call, {"ful", "sub", "offsets", "sizes", "strides"}, c.self);
    Instr ins = make(extract ? Op::ExtractSlice : Op::InsertSlice, c.call, -1);
    ins.a = lowerArg(c, b.args[0]);
    if (extract) {
        std::vector<const Node*> sizes;
        if (b.args[2])
            sizes.push_back(b.args[2]);
        setList(ins, lowerShapeArgs(sizes, c.block));
        for (const Node* other : {b.args[1], b.args[3]})
            lowerArg(c, other);  // offsets and strides: scalar work only
    } else {
        ins.b = lowerArg(c, b.args[1]);
        for (const Node* other : {b.args[2], b.args[3], b.args[4]})
            lowerArg(c, other);
    }
    return emitCall(c, ins);
}

// One tile along one literal axis: tl.flip(x, dim), reversed along the axis (every axis without
// dim); tl.cumsum / tl.cumprod / tl.associative_scan(input, axis), a running total along it;
// tl.expand_dims(input, axis), a new axis of one there.
std::int32_t TraceBuilder::lowerAlongAxis(const Call& c)
{
    const bool flip = c.name == "tl.flip";
    const Bound b = flip ? bind(c.call, {"x", "dim"}, c.self) : bind(c.call, {"input", "axis"}, c.self);
    Instr ins = make(flip ? Op::Flip : c.name == "tl.expand_dims" ? Op::ExpandDims : Op::Scan, c.call, -1);
    ins.a = lowerArg(c, b.args[0]);
    ins.imm = flip ? literalAxis(c, b.args[1]) : literalInt(b.args[1]).value_or(0);
    if (c.name == "tl.associative_scan")
        warn(c.call, "npu-approximate-call", msg::Message(msg::Id::FidelityScanCombine));
    return emitCall(c, ins);
}

// tl.get_element(src, indices): one element of a tile, read by the scalar unit.
std::int32_t TraceBuilder::lowerGetElement(const Call& c)
{
    const Bound b = bind(c.call, {"src", "indice"}, c.self);
    Instr ins = make(Op::GetElement, c.call, -1);
    ins.a = lowerArg(c, b.args[0]);
    lowerArg(c, b.args[1]);
    return emitCall(c, ins);
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
    for (const Node* d : rest)
        if (const auto dim = literalInt(d))
            dims.push_back(*dim);
    Instr ins = make(Op::Trans, c.call, -1);
    ins.a = lowerArg(c, b.args[0]);
    setList(ins, dims);
    return emitCall(c, ins);
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
    setList(ins, shape);
    return emitCall(c, ins);
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
    setList(ins, items);
    ins.imm = std::max(rank, 0);
    return emitCall(c, ins);
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
    setList(ins, offs);
    return emitCall(c, ins);
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
    return emitCall(c, ins);
}

// Python's min / max.
std::int32_t TraceBuilder::lowerMinMax(const Call& c)
{
    std::vector<std::int32_t> items;
    for (const Node* a : c.call->list("args"))
        items.push_back(lowerArg(c, a));
    Instr ins = make(Op::MinMax, c.call, -1);
    ins.sub = c.name == "min" ? 0 : 1;
    setList(ins, items);
    return emitCall(c, ins);
}

// Python's abs.
std::int32_t TraceBuilder::lowerAbs(const Call& c)
{
    Instr ins = make(Op::Math, c.call, -1);
    ins.sub = std::uint8_t(MathFn::Abs);
    ins.a = c.call->list("args").empty() ? -1 : lowerArg(c, c.call->list("args")[0]);
    return emitCall(c, ins);
}

// tl.swizzle2d.
std::int32_t TraceBuilder::lowerSwizzle2d(const Call& c)
{
    const Bound b = bind(c.call, {"i", "j", "size_i", "size_j", "size_g"});
    std::vector<std::int32_t> items;
    for (const Node* a : b.args)
        items.push_back(a ? lowerArg(c, a) : unknownConst());
    Instr ins = make(Op::Swizzle2d, c.call, -1);
    setList(ins, items);
    return emitCall(c, ins);
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
    return emitCall(c, ins);
}

// Not a call the trace models: a @triton.jit helper of the same file is inlined; anything else
// has its arguments evaluated (they may have costs) and an unknown result.
std::int32_t TraceBuilder::lowerOtherCall(const Call& c)
{
    const Node* func = c.call->child("func");
    if (!c.self && func->is(Kind::Name)) {
        if (const kernel::KernelDef* callee = m_file.kernel(func->id()); callee && callee != &m_kernel)
            return inlineCall(*callee, c.call, c.block, c.dest);
        // FlagGems' helpers, imported from another module.
        if (func->id() == "get_dtype_min" || func->id() == "get_dtype_max")
            return lowerDtypeLimit({c.call, c.self, "tl." + func->id(), c.raw, c.block, c.dest});
    }
    for (const Node* a : c.call->list("args"))
        lowerArg(c, a);
    if (c.self)
        lowerArg(c, c.self);
    warn(c.call, "npu-unsupported-call", msg::Message(msg::Id::FidelityCallNotModelled, {c.raw.empty() ? text(func) : c.raw}));
    return finish(unknownConst(), c.call, c.block, c.dest);
}

std::int32_t TraceBuilder::inlineCall(const kernel::KernelDef& callee, const Node* call, Block& block, std::int32_t dest)
{
    if (m_inlineDepth >= 8) {
        warn(call, "npu-unsupported-call", msg::Message(msg::Id::FidelityHelpersTooDeep));
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

} // namespace ts::npu
