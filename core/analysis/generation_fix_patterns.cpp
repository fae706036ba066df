// The code patterns behind a block parameter the backend's parse left untied, most specific
// first. The backend ties a parameter P to an axis in two ways only: `tl.program_id(d) * P`
// (or a name assigned straight from tl.program_id) makes it a split parameter, a loop stepping
// by P with an assigned tl.arange(..., P) after it makes it a tiling parameter; either way a
// mask `name < n` (n in key) on a name computed from P names the axis. Each detector below is
// one way public kernels break one of those links.
#include "core/analysis/ast_match.h"
#include "core/analysis/generation_fix_impl.h"
#include "core/analysis/pyrepr.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace ts::analysis::fix {
namespace {

using py::Kind;
using py::Node;

bool mentionsAny(const Node* node, const std::set<std::string>& vars)
{
    bool found = false;
    py::walkUntil(node, [&](const Node* n) {
        found = n->is(Kind::Name) && vars.count(n->id());
        return found;
    });
    return found;
}

const Node* singleTarget(const Node* assign)
{
    const auto& targets = assign->list("targets");
    return targets.size() == 1 && targets[0] && targets[0]->is(Kind::Name) ? targets[0] : nullptr;
}

bool isMult(const Node* n)
{
    return n->is(Kind::BinOp) && n->op() == Kind::Mult;
}

std::string bare(const std::string& axis)
{
    return axis.size() == 2 && axis[0] == 'r' ? axis.substr(1) : axis;
}

class PatternFinder {
public:
    explicit PatternFinder(const PatternContext& context)
        : m_cx(context)
        , m_function(context.input.function)
    {
        // The body only: decorators and the signature are not the kernel's code.
        for (const Node* stmt : m_function->list("body"))
            for (const Node* n : py::walk(stmt))
                m_nodes.push_back(n);
        std::stable_sort(m_nodes.begin(), m_nodes.end(), [](const Node* a, const Node* b) {
            return a->line != b->line ? a->line < b->line : a->col < b->col;
        });
        for (const Node* n : m_nodes) {
            if (!n->is(Kind::Assign))
                continue;
            const Node* target = singleTarget(n);
            if (!target)
                continue;
            const Node* value = n->child("value");
            if (isTlCall(value, "program_id"))
                m_pidVars.insert(target->id());
            else if (!m_wrapperAssigns.count(target->id()) && !pidWrapper(value).empty())
                m_wrapperAssigns[target->id()] = n;
            else if (!m_wrapperAssigns.count(target->id()) && !m_pidVars.count(target->id()) &&
                     !isTlCall(value, "num_programs") && derivesFromPid(value))
                m_derivedPids[target->id()] = n;
        }
    }

    // A value computed from the program id by arithmetic (`pid_m = first_m + pid % group`).
    bool derivesFromPid(const Node* value) const
    {
        if (!value || value->is(Kind::Call) || value->is(Kind::Name))
            return false;
        bool found = false;
        py::walkUntil(value, [&](const Node* n) {
            found = isTlCall(n, "program_id") || (n->is(Kind::Name) && (m_pidVars.count(n->id()) || m_derivedPids.count(n->id())));
            return found;
        });
        return found;
    }

    Finding find(const std::string& param)
    {
        for (auto detector : {&PatternFinder::fixedByGrid, &PatternFinder::wrappedProgramId, &PatternFinder::gridStride, &PatternFinder::blockPointer,
                              &PatternFinder::unkeyedAxis, &PatternFinder::inlineMask, &PatternFinder::noMask,
                              &PatternFinder::blindSpot}) {
            if (auto f = (this->*detector)(param)) {
                f->param = param;
                return *f;
            }
        }
        Finding f;
        f.param = param;
        if (!blockSizeEvidence(param)) {
            f.pattern = msg::Message(msg::Id::GenFixPatternNotBlockSize);
            f.at = parameterNode(param);
            f.notBlockSize = true;
            f.why = msg::Message(msg::Id::GenFixWhyNotBlockSize, {param});
            f.kernelChange = msg::Message(msg::Id::GenFixChangeNotBlockSize, {param});
            return f;
        }
        f.pattern = msg::Message(msg::Id::GenFixPatternNone);
        f.at = parameterNode(param);
        f.why = msg::Message(msg::Id::GenFixWhyNone, {param});
        f.kernelChange = msg::Message(msg::Id::GenFixChangeNone, {param});
        f.roles = {Role::Split, Role::Tiling};
        f.axis = looseAxis(param);
        f.axisGuessed = f.axis.empty();
        return f;
    }

private:
    // Where a block size shows: a tl.arange size, a range() argument, a product with anything,
    // a shape tuple (block_shape, tl.zeros), a floor division.
    bool blockSizeEvidence(const std::string& param) const
    {
        for (const Node* n : m_nodes) {
            if (isTlCall(n, "arange") && n->list("args").size() == 2 && mentions(n->list("args")[1], param))
                return true;
            if (n->is(Kind::For) && mentions(n->child("iter"), param))
                return true;
            if (isMult(n) && (isName(n->child("left"), param) || isName(n->child("right"), param)))
                return true;
            if (n->is(Kind::Tuple) && mentions(n, param))
                return true;
            if (n->is(Kind::BinOp) && n->op() == Kind::FloorDiv && mentions(n->child("right"), param))
                return true;
        }
        return false;
    }

    // The key axis any comparison names for a value computed from `param`, even in a form
    // the backend does not follow (`rows[:, None] < n_rows`); empty when none or several.
    std::string looseAxis(const std::string& param) const
    {
        // The lanes of tl.arange(..., param) first: the backend's own search may reach another
        // axis's mask through a grid computation (`pid_r = pid // tl.cdiv(n_cols, BLOCK_C)`).
        std::set<std::string> lanes;
        for (const Node* n : m_nodes)
            if (n->is(Kind::Assign))
                if (const Node* t = singleTarget(n)) {
                    bool arange = false;
                    py::walkUntil(n->child("value"), [&](const Node* c) {
                        return arange = isTlCall(c, "arange") && c->list("args").size() == 2 &&
                                        mentions(c->list("args")[1], param);
                    });
                    if (arange)
                        lanes.insert(t->id());
                }
        if (std::string axis = comparedAxis(closure(lanes)); !axis.empty())
            return axis;
        if (std::string axis = maskAxis(param); !axis.empty())
            return axis;
        return comparedAxis(derivedNames(param));
    }

    // Names assigned (transitively) from expressions mentioning `names`, with them.
    std::set<std::string> closure(std::set<std::string> names) const
    {
        for (bool grew = !names.empty(); grew;) {
            grew = false;
            for (const Node* n : m_nodes)
                if (n->is(Kind::Assign))
                    if (const Node* t = singleTarget(n); t && !names.count(t->id()) && mentionsAny(n->child("value"), names)) {
                        names.insert(t->id());
                        grew = true;
                    }
        }
        return names;
    }

    // The one key axis that comparisons of `names` with a key argument name.
    std::string comparedAxis(const std::set<std::string>& names) const
    {
        if (names.empty())
            return {};
        std::set<std::string> axes;
        for (const Node* cmp : m_nodes) {
            if (!cmp->is(Kind::Compare) || !mentionsAny(cmp, names))
                continue;
            const auto& comparators = cmp->list("comparators");
            if (comparators.size() != 1)
                continue;
            const Node* bound = mentionsAny(cmp->child("left"), names) ? comparators[0] : cmp->child("left");
            if (std::string axis = keyAxisOf(bound); !axis.empty())
                axes.insert(axis);
        }
        return axes.size() == 1 ? *axes.begin() : std::string();
    }

    using Detector = std::optional<Finding> (PatternFinder::*)(const std::string&);

    // ---- shared ----

    const Node* parameterNode(const std::string& name) const
    {
        const Node* args = m_function->child("args");
        for (const char* field : {"posonlyargs", "args", "kwonlyargs"})
            for (const Node* a : args ? args->list(field) : std::vector<const Node*>{})
                if (a && a->str("arg") == name)
                    return a;
        return m_function;
    }

    std::string maskAxis(const std::string& var) const
    {
        return bare(maskAxisOf(m_function, m_cx.parse.keys, var));
    }

    std::string keyAxisOf(const Node* expr) const
    {
        for (const auto& [axis, param] : m_cx.parse.keys)
            if (mentions(expr, param))
                return bare(axis);
        return {};
    }

    // An int launch argument that is not a key and that `expr` names, else empty.
    std::string unkeyedArgIn(const Node* expr) const
    {
        for (const LaunchArgument& a : m_cx.input.args)
            if (a.kind == LaunchArgument::Kind::Int && !findAxisOfParam(m_cx.parse.keys, a.name) && mentions(expr, a.name))
                return a.name;
        return {};
    }

    // Why `value` is a program id the backend does not see, else empty.
    msg::Message pidWrapper(const Node* value) const
    {
        if (!value || !value->is(Kind::Call) || isTlCall(value, "program_id"))
            return {};
        const Node* func = value->child("func");
        if (func && func->is(Kind::Attribute) && func->str("attr") == "program_id")
            return msg::Message(msg::Id::GenFixPidMethodCall, {quote(m_cx.module, func->child("value"))});
        bool wrapsPid = false;
        py::walkUntil(value, [&](const Node* n) { return wrapsPid = n != value && isTlCall(n, "program_id"); });
        if (wrapsPid)
            return msg::Message(msg::Id::GenFixPidWrapped);
        if (func && func->is(Kind::Name) && m_cx.module)
            for (const Node* stmt : m_cx.module->root()->list("body"))
                if (stmt->is(Kind::FunctionDef) && stmt->str("name") == func->id()) {
                    bool returnsPid = false;
                    py::walkUntil(stmt, [&](const Node* n) { return returnsPid = isTlCall(n, "program_id"); });
                    if (returnsPid)
                        return msg::Message(msg::Id::GenFixPidHelper, {func->id(), stmt->line});
                }
        return {};
    }

    // `other * param` where `other` is a program id the backend does not see.
    std::optional<std::pair<const Node*, msg::Message>> wrappedPidProduct(const std::string& param) const
    {
        for (const Node* n : m_nodes) {
            const Node* other = factorBeside(n, param);
            if (!other)
                continue;
            if (other->is(Kind::Name)) {
                if (const auto d = m_derivedPids.find(other->id()); d != m_derivedPids.end())
                    return std::pair{n, msg::Message(msg::Id::GenFixPidDerived,
                                                     {other->id(), quote(m_cx.module, d->second), d->second->line})};
                const auto it = m_wrapperAssigns.find(other->id());
                if (it != m_wrapperAssigns.end())
                    return std::pair{n, msg::Message(msg::Id::GenFixPidFromWrapper,
                                                     {other->id(), quote(m_cx.module, it->second->child("value")),
                                                      it->second->line, pidWrapper(it->second->child("value"))})};
            } else if (msg::Message why = pidWrapper(other); !why.empty()) {
                return std::pair{n, msg::Message(msg::Id::GenFixPidIs, {quote(m_cx.module, other), why})};
            }
        }
        return std::nullopt;
    }

    // The other operand of a product `param * x` (or `x * param`); null when `n` is none.
    static const Node* factorBeside(const Node* n, const std::string& param)
    {
        if (!isMult(n))
            return nullptr;
        const Node* left = n->child("left");
        const Node* right = n->child("right");
        return isName(left, param) ? right : isName(right, param) ? left : nullptr;
    }

    bool multipliedByPid(const std::string& param) const
    {
        for (const Node* n : m_nodes) {
            const Node* other = factorBeside(n, param);
            if (other && (isTlCall(other, "program_id") || (other->is(Kind::Name) && m_pidVars.count(other->id()))))
                return true;
        }
        return false;
    }

    bool loopStep(const std::string& param) const
    {
        for (const Node* n : m_nodes)
            if (n->is(Kind::For)) {
                const Node* iter = n->child("iter");
                if (iter && iter->is(Kind::Call) && iter->list("args").size() == 3 && mentions(iter->list("args")[2], param))
                    return true;
            }
        return false;
    }

    std::vector<Role> likelyRoles(const std::string& param) const
    {
        if (loopStep(param) && !multipliedByPid(param))
            return {Role::Tiling, Role::Split};
        return {Role::Split, Role::Tiling};
    }

    // `param` and every name assigned (transitively) from an expression mentioning it.
    std::set<std::string> derivedNames(const std::string& param) const { return closure({param}); }

    // ---- detectors ----

    std::optional<Finding> fixedByGrid(const std::string& param)
    {
        const std::string* axis = findAxisOfParam(m_cx.parse.allSplitParams, param);
        if (!axis || findAxisOfParam(m_cx.parse.splitParams, param))
            return std::nullopt;
        Finding f;
        f.pattern = msg::Message(msg::Id::GenFixPatternFixedByGrid);
        f.fixedByGrid = true;
        f.axis = bare(*axis);
        for (const Node* n : m_nodes)
            if (isMult(n) && (isName(n->child("left"), param) || isName(n->child("right"), param))) {
                f.at = n;
                break;
            }
        int pidDim = -1;
        for (const auto& [a, d] : m_cx.parse.axisPidDims)
            if (a == *axis)
                pidDim = d;
        const auto fixed = m_cx.parse.fixedGridDims.find(pidDim);
        std::int64_t length = 0;
        if (const std::string* key = findAxis(m_cx.parse.keys, *axis))
            for (const LaunchArgument& a : m_cx.input.args)
                if (a.name == *key && a.kind == LaunchArgument::Kind::Int)
                    length = a.intValue;
        f.why = fixed == m_cx.parse.fixedGridDims.end()
                    ? msg::Message(msg::Id::GenFixWhyFixedByGridFixed, {param, f.axis, pidDim})
                    : msg::Message(msg::Id::GenFixWhyFixedByGrid,
                                   {param, f.axis, fixedGridDim(m_cx.input, m_cx.parse, param, pidDim, fixed->second, length)});
        for (const auto& [a, share] : m_cx.parse.fixedSplitParams)
            if (a == *axis)
                f.launchValue = share;
        f.kernelChange = msg::Message(msg::Id::GenFixChangeFixedByGrid, {param});
        f.roles = {Role::Split};
        return f;
    }

    std::optional<Finding> wrappedProgramId(const std::string& param)
    {
        const auto product = wrappedPidProduct(param);
        if (!product)
            return std::nullopt;
        Finding f;
        const bool arithmetic = m_derivedPids.count(product->first->child("left")->id()) ||
                                m_derivedPids.count(product->first->child("right")->id());
        f.pattern = msg::Message(arithmetic ? msg::Id::GenFixPatternPidArithmetic : msg::Id::GenFixPatternPidCall);
        f.at = product->first;
        f.why = msg::Message(msg::Id::GenFixWhyPidWrapped, {param, product->second});
        f.kernelChange = arithmetic ? msg::Message(msg::Id::GenFixChangePidArithmetic, {param})
                                    : msg::Message(msg::Id::GenFixChangePidCall);
        f.roles = {Role::Split, Role::Tiling};
        f.axis = looseAxis(param);
        f.axisGuessed = f.axis.empty();
        return f;
    }

    std::optional<Finding> gridStride(const std::string& param)
    {
        for (const Node* loop : m_nodes) {
            if (!loop->is(Kind::For))
                continue;
            const Node* iter = loop->child("iter");
            const Node* fn = iter && iter->is(Kind::Call) ? iter->child("func") : nullptr;
            if (!fn || !(isName(fn, "range") || isTlAttribute(fn, "range")) || iter->list("args").size() < 2)
                continue;
            const Node* start = iter->list("args")[0];
            std::set<std::string> pids(m_pidVars.begin(), m_pidVars.end());
            for (const auto& [name, assign] : m_wrapperAssigns)
                pids.insert(name);
            bool fromPid = mentionsAny(start, pids);
            py::walkUntil(start, [&](const Node* n) { return fromPid = fromPid || isTlCall(n, "program_id"); });
            const Node* target = loop->child("target");
            if (!fromPid || !target || !target->is(Kind::Name))
                continue;
            const Node* product = nullptr;
            for (const Node* n : py::walk(loop))
                if (isMult(n) && ((isName(n->child("left"), target->id()) && isName(n->child("right"), param)) ||
                                  (isName(n->child("right"), target->id()) && isName(n->child("left"), param)))) {
                    product = n;
                    break;
                }
            if (!product)
                continue;
            Finding f;
            f.pattern = msg::Message(msg::Id::GenFixPatternGridStride);
            f.at = loop;
            f.why = msg::Message(msg::Id::GenFixWhyGridStride, {param, target->id(), quote(m_cx.module, iter)});
            f.kernelChange = msg::Message(msg::Id::GenFixChangeGridStride, {param});
            f.roles = {Role::Tiling, Role::Split};
            f.axis = looseAxis(param);
        f.axisGuessed = f.axis.empty();
            return f;
        }
        return std::nullopt;
    }

    static const Node* keyword(const Node* call, std::string_view name)
    {
        for (const Node* kw : call->list("keywords"))
            if (kw && kw->str("arg") == name)
                return kw->child("value");
        return nullptr;
    }

    std::optional<Finding> blockPointer(const std::string& param)
    {
        for (const Node* n : m_nodes) {
            if (!isTlCall(n, "make_block_ptr"))
                continue;
            const Node* shape = keyword(n, "shape");
            const Node* block = keyword(n, "block_shape");
            const auto& args = n->list("args");
            if (!shape && args.size() > 1)
                shape = args[1];
            if (!block && args.size() > 4)
                block = args[4];
            if (!shape || !block || !block->is(Kind::Tuple) || !shape->is(Kind::Tuple))
                continue;
            const auto& blockDims = block->list("elts");
            const auto& shapeDims = shape->list("elts");
            for (std::size_t i = 0; i < blockDims.size() && i < shapeDims.size(); ++i) {
                if (!mentions(blockDims[i], param))
                    continue;
                if (!derivedCompared(param).empty())
                    return std::nullopt;  // a mask exists: another detector explains it
                Finding f;
                f.pattern = msg::Message(msg::Id::GenFixPatternBlockPtr);
                f.at = n;
                f.axis = keyAxisOf(shapeDims[i]);
                if (f.axis.empty())
                    f.unkeyedArg = unkeyedArgIn(shapeDims[i]);
                f.why = msg::Message(msg::Id::GenFixWhyBlockPtr, {param, i, quote(m_cx.module, shapeDims[i])});
                f.kernelChange = msg::Message(msg::Id::GenFixChangeBlockPtr, {param});
                f.roles = likelyRoles(param);
                return f;
            }
        }
        return std::nullopt;
    }

    // Comparisons that mention `param` or a name computed from it.
    std::vector<const Node*> derivedCompared(const std::string& param) const
    {
        const std::set<std::string> names = derivedNames(param);
        std::vector<const Node*> out;
        for (const Node* n : m_nodes)
            if (n->is(Kind::Compare) && mentionsAny(n, names))
                out.push_back(n);
        return out;
    }

    std::optional<Finding> unkeyedAxis(const std::string& param)
    {
        for (const LaunchArgument& a : m_cx.input.args) {
            if (a.kind != LaunchArgument::Kind::Int || findAxisOfParam(m_cx.parse.keys, a.name))
                continue;
            if (maskAxisOf(m_function, AxisMap{{a.name, a.name}}, param).empty())
                continue;
            Finding f;
            f.pattern = msg::Message(msg::Id::GenFixPatternUnkeyed);
            for (const Node* cmp : derivedCompared(param))
                if (mentions(cmp, a.name)) {
                    f.at = cmp;
                    break;
                }
            f.unkeyedArg = a.name;
            f.why = msg::Message(msg::Id::GenFixWhyUnkeyed, {quote(m_cx.module, f.at), param, a.name});
            f.kernelChange = msg::Message(msg::Id::GenFixChangeUnkeyed, {a.name});
            f.roles = likelyRoles(param);
            return f;
        }
        return std::nullopt;
    }

    // `name < n` or `name < min(..., n)`: what the backend's mask search reads.
    static bool followedForm(const Node* cmp)
    {
        const auto& ops = cmp->list("ops");
        const auto& comparators = cmp->list("comparators");
        if (ops.size() != 1 || !ops[0]->is(Kind::Lt) || comparators.size() != 1 || !cmp->child("left")->is(Kind::Name))
            return false;
        const Node* c = comparators[0];
        return c->is(Kind::Name) || (c->is(Kind::Call) && isName(c->child("func"), "min"));
    }

    std::optional<Finding> inlineMask(const std::string& param)
    {
        const std::set<std::string> names = derivedNames(param);
        for (const Node* cmp : derivedCompared(param)) {
            const auto& comparators = cmp->list("comparators");
            if (comparators.size() != 1 || followedForm(cmp))
                continue;
            const Node* offsets = cmp->child("left");
            const Node* bound = comparators[0];
            if (!mentionsAny(offsets, names))
                std::swap(offsets, bound);
            const std::string axis = keyAxisOf(bound);
            if (axis.empty())
                continue;
            const bool named = offsets->is(Kind::Name);
            Finding f;
            f.pattern = msg::Message(named ? msg::Id::GenFixPatternMaskForm : msg::Id::GenFixPatternMaskInline);
            f.at = cmp;
            f.axis = axis;
            f.why = named ? msg::Message(msg::Id::GenFixWhyMaskNamed,
                                         {quote(m_cx.module, cmp), offsets->id(), quote(m_cx.module, bound), param})
                          : msg::Message(msg::Id::GenFixWhyMaskInline, {quote(m_cx.module, cmp), param});
            f.kernelChange = named ? msg::Message(msg::Id::GenFixChangeMaskNamed, {offsets->id(), quote(m_cx.module, bound)})
                                   : msg::Message(msg::Id::GenFixChangeMaskInline,
                                                  {quote(m_cx.module, offsets), quote(m_cx.module, bound)});
            f.roles = likelyRoles(param);
            return f;
        }
        return std::nullopt;
    }

    std::optional<Finding> noMask(const std::string& param)
    {
        if (!derivedCompared(param).empty())
            return std::nullopt;
        const Node* at = nullptr;
        for (const Node* n : m_nodes)
            if (isName(n, param)) {
                at = n;
                break;
            }
        if (!at)
            return std::nullopt;
        Finding f;
        f.pattern = msg::Message(msg::Id::GenFixPatternNoMask);
        f.at = at;
        f.why = msg::Message(msg::Id::GenFixWhyNoMask, {param});
        f.kernelChange = msg::Message(msg::Id::GenFixChangeNoMask, {param});
        f.roles = likelyRoles(param);
        // One key axis leaves no choice.
        if (m_cx.parse.keys.size() == 1)
            f.axis = bare(m_cx.parse.keys.front().first);
        f.axisGuessed = f.axis.empty();
        return f;
    }

    // A blind spot's advice as a finding's why and change, without its hint text (the fix the
    // note gives is checked by generating). A note without its message id (none is made so
    // today) is cut from its English.
    static void blindSpotAdvice(const Diagnostic& d, Finding& f)
    {
        const std::vector<msg::Arg>& a = d.text.args();
        switch (d.text.empty() ? msg::Id{} : d.text.id()) {
        case msg::Id::BeyondArangeNotAssigned:
            f.pattern = msg::Message(msg::Id::GenFixPatternArangeNotAssigned);
            f.why = msg::Message(msg::Id::BeyondArangeNotAssignedWhy, {a.at(0)});
            f.kernelChange = msg::Message(msg::Id::BeyondArangeNotAssignedChange, {a.at(0)});
            return;
        case msg::Id::BeyondArangeOutsideLoop:
            f.pattern = msg::Message(msg::Id::GenFixPatternArangeHoisted);
            f.why = msg::Message(msg::Id::BeyondArangeOutsideLoopWhy, {a.at(0), a.at(1)});
            f.kernelChange = msg::Message(msg::Id::BeyondArangeOutsideLoopChange);
            return;
        case msg::Id::BeyondTilingNoMask:
            f.pattern = msg::Message(msg::Id::GenFixPatternNoFollowedMask);
            f.why = msg::Message(msg::Id::BeyondTilingNoMaskWhy, {a.at(0), a.at(1)});
            f.kernelChange = msg::Message(msg::Id::BeyondAddSuchMask);
            return;
        case msg::Id::BeyondSplitNoMask:
            f.pattern = msg::Message(msg::Id::GenFixPatternNoFollowedMask);
            f.why = msg::Message(msg::Id::BeyondSplitNoMaskWhy, {a.at(0)});
            f.kernelChange = msg::Message(msg::Id::BeyondAddSuchMask);
            return;
        default: break;
        }
        const std::string& m = d.message;
        f.pattern = msg::Message(m.find("outside the loop") != std::string::npos         ? msg::Id::GenFixPatternArangeHoisted
                                 : m.find("without being assigned") != std::string::npos ? msg::Id::GenFixPatternArangeNotAssigned
                                                                                         : msg::Id::GenFixPatternNoFollowedMask);
        f.why = m.substr(0, m.find("; "));
        std::string change = m.find("; ") == std::string::npos ? std::string() : m.substr(m.find("; ") + 2);
        if (const auto cut = change.find(", or pass"); cut != std::string::npos)
            change.resize(cut);
        if (const auto cut = change.find(" or pass the"); cut != std::string::npos)
            change.resize(cut);
        f.kernelChange = change;
    }

    std::optional<Finding> blindSpot(const std::string& param)
    {
        for (const BlindSpot& spot : m_cx.blindSpots) {
            if (spot.param != param)
                continue;
            Finding f;
            const bool tiling = spot.diagnostic.code == "backend-misses-tiling-axis";
            f.line = spot.diagnostic.line;
            f.column = spot.diagnostic.column;
            // The blind spot's own advice, without its hint text: the fix below is checked.
            blindSpotAdvice(spot.diagnostic, f);
            f.roles = tiling ? std::vector<Role>{Role::Tiling, Role::Split} : std::vector<Role>{Role::Split, Role::Tiling};
            f.axis = bare(spot.axis);
            return f;
        }
        return std::nullopt;
    }

    const PatternContext& m_cx;
    const Node* m_function;
    std::vector<const Node*> m_nodes;  // the body's nodes in source order
    std::set<std::string> m_pidVars;   // names assigned straight from tl.program_id
    std::map<std::string, const Node*> m_wrapperAssigns;  // name -> its assignment from a hidden program id
    std::map<std::string, const Node*> m_derivedPids;     // name -> its assignment computed from a program id
};

} // namespace

std::string quote(const py::Module* module, const py::Node* node)
{
    if (!module || !node)
        return "this expression";
    std::string text(module->segment(node));
    if (text.empty())
        return "this expression";
    for (char& c : text)
        if (c == '\n')
            c = ' ';
    if (text.size() > 60)
        text = text.substr(0, 57) + "...";
    return text;
}

std::vector<Finding> findPatterns(const PatternContext& context, const std::vector<std::string>& params)
{
    std::vector<Finding> out;
    if (!context.input.function)
        return out;
    PatternFinder finder(context);
    for (const std::string& param : params)
        out.push_back(finder.find(param));
    return out;
}

} // namespace ts::analysis::fix
