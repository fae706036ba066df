// The candidate's slots and the grid of a launch model: a static grid as constants, a lambda over
// meta compiled into LaunchExprs (`triton.cdiv`, `min`, `max`, arithmetic, meta['X'], the launch's
// integers), and any other callable grid called through the safe evaluator, once per distinct
// value of the slots it may read.
#include "core/analysis/launch_model_builder.h"

#include "core/analysis/ast_match.h"

#include <algorithm>
#include <set>

namespace ts::analysis {

using py::Kind;
using py::Node;

LaunchModelBuilder::LaunchModelBuilder(const KernelAnalysis& analysis, const ParseInput& input, NameValue nameValue)
    : m_analysis(analysis)
    , m_input(input)
    , m_nameValue(std::move(nameValue))
    , m_model(std::make_shared<LaunchModel>())
{
}

void LaunchModelBuilder::buildSlots()
{
    // Every constexpr the launch leaves to the candidate: tuned, hinted or kept at its default.
    // Every constexpr is a slot, the launch's value (or its default, or a hint's first value) as
    // what a candidate that does not set it gets: advice that would have the backend tune a
    // passed parameter is checked with the same model.
    for (const kernel::Parameter& p : m_analysis.kernel->params) {
        if (!p.isConstexpr)
            continue;
        std::int64_t fallback = kUnknownSlot;
        for (const LaunchArgument& arg : m_analysis.launchArgs)
            if (arg.name == p.name && (arg.kind == LaunchArgument::Kind::Int || arg.kind == LaunchArgument::Kind::Bool))
                fallback = arg.intValue;
        m_model->m_slots.push_back(p.name);
        m_model->m_slotDefaults.push_back(fallback);
    }
}

std::optional<LaunchExpr> LaunchModelBuilder::integerNamed(const std::string& name) const
{
    if (const int slot = m_model->slotOf(name); slot >= 0)
        return LaunchExpr::slot(slot);
    if (const kernel::ArgValue* v = m_analysis.workload.arg(name)) {
        if (v->kind == kernel::ArgValue::Kind::Int)
            return LaunchExpr::constant(v->intValue);
        if (v->kind == kernel::ArgValue::Kind::Bool)
            return LaunchExpr::constant(v->boolValue ? 1 : 0);
        return std::nullopt;
    }
    if (m_nameValue)
        if (const auto v = m_nameValue(name))
            return LaunchExpr::constant(*v);
    return std::nullopt;
}

std::string calleeName(const Node* call)
{
    const Node* func = call->child("func");
    if (!func)
        return {};
    if (func->is(Kind::Name))
        return func->id();
    if (func->is(Kind::Attribute) && func->child("value") && func->child("value")->is(Kind::Name)) {
        const std::string& module = func->child("value")->id();
        if (module == "tl" || module == "triton" || module == "math" || module == "libdevice")
            return (module == "triton" ? std::string("tl") : module) + "." + func->str("attr");
    }
    return {};
}

std::optional<LaunchExpr> LaunchModelBuilder::compileGridExpr(const Node* node, const std::string& meta) const
{
    if (!node)
        return std::nullopt;
    switch (node->kind) {
    case Kind::Constant:
        if (const py::ConstantValue* c = node->constant()) {
            if (c->isInt())
                return LaunchExpr::constant(c->integer);
            if (c->type == py::ConstantValue::Type::Bool)
                return LaunchExpr::constant(c->boolean ? 1 : 0);
        }
        return std::nullopt;
    case Kind::Name:
        if (node->id() == meta)
            return std::nullopt;
        return integerNamed(node->id());
    case Kind::Subscript: {
        // meta['XBLOCK']: the candidate's value, or the launch's.
        const Node* value = node->child("value");
        const Node* key = node->child("slice");
        if (!isName(value, meta) || !key || !key->is(Kind::Constant) || !key->constant() || !key->constant()->isStr())
            return std::nullopt;
        return integerNamed(key->constant()->text);
    }
    case Kind::UnaryOp:
        if (node->op() == Kind::USub)
            if (auto a = compileGridExpr(node->child("operand"), meta))
                return LaunchExpr::negate(*a);
        if (node->op() == Kind::UAdd)
            return compileGridExpr(node->child("operand"), meta);
        return std::nullopt;
    case Kind::BinOp: {
        auto a = compileGridExpr(node->child("left"), meta);
        auto b = compileGridExpr(node->child("right"), meta);
        if (!a || !b)
            return std::nullopt;
        switch (node->op()) {
        case Kind::Add: return LaunchExpr::binary(LaunchExpr::Op::Add, *a, *b);
        case Kind::Sub: return LaunchExpr::binary(LaunchExpr::Op::Sub, *a, *b);
        case Kind::Mult: return LaunchExpr::binary(LaunchExpr::Op::Mul, *a, *b);
        case Kind::FloorDiv: return LaunchExpr::binary(LaunchExpr::Op::FloorDiv, *a, *b);
        case Kind::Mod: return LaunchExpr::binary(LaunchExpr::Op::Mod, *a, *b);
        default: return std::nullopt;
        }
    }
    case Kind::Call: {
        const std::string name = calleeName(node);
        const auto& args = node->list("args");
        if (!node->list("keywords").empty())
            return std::nullopt;
        std::vector<LaunchExpr> operands;
        for (const Node* a : args) {
            auto e = compileGridExpr(a, meta);
            if (!e)
                return std::nullopt;
            operands.push_back(std::move(*e));
        }
        if ((name == "cdiv" || name == "tl.cdiv") && operands.size() == 2)
            return LaunchExpr::binary(LaunchExpr::Op::CeilDiv, operands[0], operands[1]);
        if (name == "int" && operands.size() == 1)
            return operands[0];
        if ((name == "min" || name == "max") && operands.size() >= 2) {
            LaunchExpr out = operands[0];
            for (std::size_t i = 1; i < operands.size(); ++i)
                out = LaunchExpr::binary(name == "min" ? LaunchExpr::Op::Min : LaunchExpr::Op::Max, out, operands[i]);
            return out;
        }
        return std::nullopt;
    }
    default:
        return std::nullopt;
    }
}

void LaunchModelBuilder::buildGrid(const Node* gridLambda)
{
    LaunchModel::Grid& grid = m_model->m_grid;
    const kernel::GridArg& written = m_analysis.workload.grid;
    if (written.kind == kernel::GridArg::Kind::Expression) {
        grid.text = written.expression;
    } else if (written.kind == kernel::GridArg::Kind::Static) {
        grid.text = "[";
        for (std::size_t i = 0; i < written.dims.size(); ++i)
            grid.text += (i ? ", " : "") + std::to_string(written.dims[i]);
        grid.text += "]";
    }
    const GridSpec& spec = m_input.grid;
    if (spec.kind == GridSpec::Kind::Static) {
        grid.known = spec.staticGrid.valid;
        grid.compiled = true;
        for (const std::optional<std::int64_t>& d : spec.staticGrid.dims) {
            if (!d) {
                grid.known = false;
                break;
            }
            grid.dims.push_back(LaunchExpr::constant(*d));
        }
        return;
    }
    if (spec.kind != GridSpec::Kind::Callable)
        return;
    grid.known = true;
    if (gridLambda && gridLambda->is(Kind::Lambda)) {
        const Node* args = gridLambda->child("args");
        const auto& params = args ? args->list("args") : std::vector<const Node*>{};
        const Node* body = gridLambda->child("body");
        if (params.size() == 1 && body) {
            const std::string meta = params[0]->str("arg");
            std::vector<const Node*> dims;
            if (body->is(Kind::Tuple) || body->is(Kind::List))
                dims = body->list("elts");
            else
                dims = {body};
            std::vector<LaunchExpr> compiled;
            for (const Node* d : dims) {
                auto e = compileGridExpr(d, meta);
                if (!e)
                    break;
                compiled.push_back(std::move(*e));
            }
            if (!dims.empty() && compiled.size() == dims.size() && dims.size() <= 3) {
                grid.dims = std::move(compiled);
                grid.compiled = true;
                return;
            }
        }
    }
    // Any other callable: the safe evaluator, with the slots the grid's text mentions as keys.
    GridFunction function = spec.function;
    grid.call = [function](const std::map<std::string, std::int64_t>& overrides)
        -> std::optional<std::vector<std::optional<std::int64_t>>> {
        const std::optional<GridValue> g = function(overrides);
        if (!g || !g->valid)
            return std::nullopt;
        return g->dims;
    };
    std::set<std::string> mentioned;
    if (gridLambda)
        for (const Node* n : py::walk(gridLambda)) {
            if (n->is(Kind::Name))
                mentioned.insert(n->id());
            else if (n->is(Kind::Constant) && n->constant() && n->constant()->isStr())
                mentioned.insert(n->constant()->text);
        }
    for (std::size_t s = 0; s < m_model->m_slots.size(); ++s)
        if (!gridLambda || mentioned.count(m_model->m_slots[s]))
            grid.callReads.push_back(int(s));
}

void LaunchModelBuilder::markReads()
{
    LaunchModel& m = *m_model;
    m.m_reads.assign(m.m_slots.size(), false);
    auto mark = [&](const LaunchExpr& e) {
        for (std::size_t s = 0; s < m.m_slots.size(); ++s)
            if (e.usesSlot(int(s)))
                m.m_reads[s] = true;
    };
    for (const LaunchExpr& d : m.m_grid.dims) {
        mark(d);
        for (std::size_t sl = 0; sl < m.m_slots.size(); ++sl)
            m.m_gridReadsSlots = m.m_gridReadsSlots || d.usesSlot(int(sl));
    }
    for (int s : m.m_grid.callReads)
        m.m_reads[std::size_t(s)] = true;
    for (const CoverageCheck& c : m.m_checks) {
        for (const IndexTerm& t : c.terms)
            mark(t.coef);
        mark(c.extent);
        if (c.wrap)
            mark(*c.wrap);
        if (c.stride)
            mark(*c.stride);
    }
    for (const LoopRange& l : m.m_loops)
        for (const LaunchExpr* e : {&l.start, &l.stop, &l.step, &l.startCoef, &l.stepCoef})
            mark(*e);
    for (const ArangeRange& a : m.m_aranges) {
        mark(a.start);
        mark(a.end);
    }
    for (const GridEquality& g : m.m_gridEqualities)
        mark(g.value);
}

std::shared_ptr<LaunchModel> LaunchModelBuilder::build(const Node* gridLambda)
{
    buildSlots();
    buildGrid(gridLambda);
    readKernel();
    markReads();
    return m_model;
}

LaunchModelBuilder::Parts LaunchModelBuilder::partsOf(const LaunchModel& model)
{
    return {model.m_grid, model.m_loops, model.m_aranges, model.m_gridEqualities,
            model.m_unfollowed.empty() && !model.m_checks.empty()};
}

std::optional<std::array<std::int64_t, 3>> LaunchModelBuilder::gridOf(const LaunchModel& model,
                                                                      const std::int64_t* values)
{
    return model.evaluateGrid(values);
}

std::shared_ptr<const LaunchModel>
buildLaunchModel(const KernelAnalysis& analysis, const ParseInput& input, const py::Node* gridLambda,
                 const std::function<std::optional<std::int64_t>(const std::string&)>& nameValue)
{
    if (!analysis.kernel)
        return nullptr;
    LaunchModelBuilder builder(analysis, input, nameValue);
    return builder.build(gridLambda);
}

} // namespace ts::analysis
