// Tracing a kernel for one launch: dtypes by name, the public entry point, and the whole trace
// (parameters, the grid, the body, liveness). TraceBuilder (trace_builder.h) lowers the AST; its
// sections live in the trace_*.cpp files.
#include "core/npu/trace_builder.h"

#include <array>

namespace ts::npu {

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
                c.fixedNonInteger = true;
                init = AVal::real(arg->floatValue);
                c.fromLaunch = true;
            } else if (arg && arg->kind == kernel::ArgValue::Kind::Str) {
                c.fixedNonInteger = true;
                init = strValue(arg->text);
                c.fromLaunch = true;
            } else if (arg && arg->kind == kernel::ArgValue::Kind::None) {
                c.fixedNonInteger = true;
                init = AVal::none();
                c.fromLaunch = true;
            } else if (p.defaultValue && p.defaultValue->isIntLike()) {
                c.fixed = p.defaultValue->asInt();
            } else if (p.defaultValue && p.defaultValue->isFloat()) {
                c.fixedNonInteger = true;
                init = AVal::real(p.defaultValue->asFloat());
            } else if (p.defaultValue && p.defaultValue->isStr()) {
                c.fixedNonInteger = true;
                init = strValue(p.defaultValue->asStr());
            } else if (p.defaultValue && p.defaultValue->isNone()) {
                c.fixedNonInteger = true;
                init = AVal::none();
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
                     msg::Message(msg::Id::FidelityMissingArgument, {p.name}));
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
                     msg::Message(msg::Id::FidelityUnknownTensorDtype, {p.name, arg->dtype}));
            init = AVal::pointer(int(m_out.m_tensors.size()), t.dtype);
            m_out.m_tensors.push_back(std::move(t));
            break;
        }
        case kernel::ArgValue::Kind::Int: init = AVal::integer(arg->intValue); break;
        case kernel::ArgValue::Kind::Bool: init = AVal::boolean(arg->boolValue); break;
        case kernel::ArgValue::Kind::Float: init = AVal::real(arg->floatValue); break;
        case kernel::ArgValue::Kind::None: init = AVal::none(); break;
        case kernel::ArgValue::Kind::Str: init = strValue(arg->text); break;
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
            error("npu-grid-invalid",
                  parsed.error ? msg::Message(msg::Id::NpuGridNotExpressionBecause,
                                              {m_launch.grid.expression, parsed.error->text})
                               : msg::Message(msg::Id::NpuGridNotExpression, {m_launch.grid.expression}));
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
        d.say(msg::Message(msg::Id::TraceNoBody, {kernel.name}));
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
