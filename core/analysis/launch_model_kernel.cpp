// Following the kernel's indices for the launch model: its statements are read in order with a
// small symbolic domain (the program id, num_programs, tl.arange, loop variables, the launch's
// integers and the candidate's slots, pointers, masks) and every tl.load, tl.store and atomic
// becomes a CoverageCheck per index it combines (a tensor's rows, its columns). Anything outside
// that domain — an index computed from loaded data, a while loop, a block pointer, a helper that
// receives a pointer — is kept as a reason why the verdict is unknown. The file is long because
// the domain's operations are many and each is short; they share the interpreter's state.
#include "core/analysis/launch_model_builder.h"

#include "core/analysis/ast_match.h"
#include "core/util/message.h"

#include <algorithm>
#include <map>

namespace ts::analysis {
namespace {

using py::Kind;
using py::Node;

// One index before it is scaled into a pointer offset: terms over pid, loops and one arange.
struct Comp {
    std::vector<IndexTerm> terms;
    LaunchExpr scale = LaunchExpr::constant(1); // elements per step of the index (a stride)
    int bdim = -1;                              // the tensor dimension its arange lies on
    std::string name;
    std::optional<LaunchExpr> wrap;
    bool hasArange() const
    {
        return std::any_of(terms.begin(), terms.end(), [](const IndexTerm& t) { return t.kind == IndexTerm::Kind::Arange; });
    }
};

// `index < bound` in a mask.
struct Cond {
    std::vector<IndexTerm> terms;
    LaunchExpr bound;
    std::string boundText;
};

struct Sym {
    enum class Kind { Unknown, Scalar, Index, Programs, Pointer, Mask, Tuple, Data, None };
    Kind kind = Kind::Unknown;
    LaunchExpr scalar;            // Scalar; Programs: the coefficient
    int dim = 0;                  // Programs: the grid dimension
    std::vector<Comp> comps;      // Index; Pointer: the offset
    bool shifted = false;         // Index / Pointer: plus a constant the model does not place
    std::string pointer;          // Pointer: the tensor parameter
    std::vector<Cond> conds;      // Mask
    bool opaque = false;          // Mask: a part the model cannot read (an or, a negation)
    std::vector<Sym> items;       // Tuple
    msg::Message why;             // Unknown: why
    std::string text;             // Scalar: the source text, for messages

    static Sym unknown(msg::Message why)
    {
        Sym s;
        s.why = std::move(why);
        return s;
    }
    static Sym ofScalar(LaunchExpr e, std::string text = {})
    {
        Sym s;
        s.kind = Kind::Scalar;
        s.scalar = std::move(e);
        s.text = std::move(text);
        return s;
    }
    static Sym data()
    {
        Sym s;
        s.kind = Kind::Data;
        return s;
    }
};

bool sameAtoms(const std::vector<IndexTerm>& a, const std::vector<IndexTerm>& b)
{
    if (a.size() != b.size())
        return false;
    for (const IndexTerm& t : a)
        if (std::none_of(b.begin(), b.end(), [&](const IndexTerm& u) { return u.kind == t.kind && u.ref == t.ref; }))
            return false;
    return true;
}

bool isSliceAll(const Node* n)
{
    return n && n->is(Kind::Slice) && !n->child("lower") && !n->child("upper") && !n->child("step");
}

bool isNoneConstant(const Node* n)
{
    return n && n->is(Kind::Constant) && n->constant() && n->constant()->isNone();
}

const Node* keywordArg(const Node* call, std::string_view name)
{
    for (const Node* k : call->list("keywords"))
        if (k && k->str("arg") == name)
            return k->child("value");
    return nullptr;
}

// The call's argument by position or keyword.
const Node* argument(const Node* call, std::size_t position, std::string_view name)
{
    const auto& args = call->list("args");
    if (position < args.size())
        return args[position];
    return keywordArg(call, name);
}

class KernelReader {
public:
    KernelReader(LaunchModelBuilder& builder, LaunchModel& model, std::vector<CoverageCheck>& checks,
                 std::vector<LoopRange>& loops, std::vector<ArangeRange>& aranges,
                 std::vector<GridEquality>& equalities, msg::Message& unfollowed, bool& usesCube)
        : m_builder(builder)
        , m_model(model)
        , m_checks(checks)
        , m_loops(loops)
        , m_aranges(aranges)
        , m_equalities(equalities)
        , m_unfollowed(unfollowed)
        , m_usesCube(usesCube)
    {
        const KernelAnalysis& a = builder.analysis();
        for (const kernel::Parameter& p : a.kernel->params)
            m_params.emplace(p.name, &p);
        if (a.file && a.file->module)
            m_module = a.file->module.get();
    }

    void run(const Node* function)
    {
        if (!function) {
            m_unfollowed = msg::Message(msg::Id::UnfollowedNoFunction);
            return;
        }
        block(function->list("body"));
    }

private:
    // ---- statements ----

    void block(const std::vector<const Node*>& body)
    {
        for (const Node* s : body)
            if (s)
                statement(s);
    }

    void assign(const Node* target, Sym value)
    {
        if (!target)
            return;
        if (target->is(Kind::Name)) {
            // An index is named by the variable that holds it whole (rows = row_start + ... +
            // tl.arange): that name replaces its parts'; a pointer keeps its indices' names.
            if (value.kind == Sym::Kind::Index)
                for (Comp& c : value.comps)
                    if (c.name.empty() || c.hasArange())
                        c.name = target->id();
            m_vars[target->id()] = {std::move(value), m_loopDepth};
            return;
        }
        if (target->is(Kind::Tuple) || target->is(Kind::List)) {
            const auto& elts = target->list("elts");
            for (std::size_t i = 0; i < elts.size(); ++i)
                assign(elts[i],
                       value.kind == Sym::Kind::Tuple && i < value.items.size()
                           ? value.items[i]
                           : Sym::unknown(msg::Message(msg::Id::UnknownTupleNotUnpacked, {target->line})));
        }
    }

    void statement(const Node* s)
    {
        switch (s->kind) {
        case Kind::Assign: {
            Sym value = expr(s->child("value"));
            for (const Node* t : s->list("targets"))
                assign(t, value);
            break;
        }
        case Kind::AnnAssign:
            if (s->child("value"))
                assign(s->child("target"), expr(s->child("value")));
            break;
        case Kind::AugAssign: {
            const Node* target = s->child("target");
            if (!target || !target->is(Kind::Name))
                break;
            const auto found = m_vars.find(target->id());
            Sym current = found == m_vars.end() ? Sym::unknown({}) : found->second.sym;
            Sym result = binary(s->op(), current, expr(s->child("value")), s);
            // An index or pointer advanced by += in a loop it was defined outside of: its value
            // depends on the iteration, which the model does not count.
            if (found != m_vars.end() && found->second.depth < m_loopDepth &&
                (result.kind == Sym::Kind::Index || result.kind == Sym::Kind::Pointer))
                result =
                    Sym::unknown(msg::Message(msg::Id::UnknownAdvancedInLoop, {target->id(), m_loopLine}));
            assign(target, std::move(result));
            break;
        }
        case Kind::Expr:
            expr(s->child("value"));
            break;
        case Kind::For:
            forLoop(s);
            break;
        case Kind::While: {
            ++m_whileDepth;
            const int line = m_whileLine;
            m_whileLine = s->line;
            ++m_loopDepth;
            block(s->list("body"));
            --m_loopDepth;
            m_whileLine = line;
            --m_whileDepth;
            block(s->list("orelse"));
            break;
        }
        case Kind::If:
            ifStatement(s);
            break;
        case Kind::With:
        case Kind::AsyncWith:
            block(s->list("body"));
            break;
        case Kind::Try:
        case Kind::TryStar:
            block(s->list("body"));
            block(s->list("orelse"));
            block(s->list("finalbody"));
            break;
        default:
            break; // return, pass, assert, nested definitions
        }
    }

    void ifStatement(const Node* s)
    {
        Sym test = expr(s->child("test"));
        const auto& body = s->list("body");
        // `if pid >= n: return`: everything after runs where pid < n.
        if (body.size() == 1 && body[0] && body[0]->is(Kind::Return) && s->list("orelse").empty()) {
            if (Sym inverse = negated(s->child("test")); inverse.kind == Sym::Kind::Mask && !inverse.opaque)
                m_guards.insert(m_guards.end(), inverse.conds.begin(), inverse.conds.end());
            return;
        }
        const std::size_t guards = m_guards.size();
        if (test.kind == Sym::Kind::Mask && !test.opaque)
            m_guards.insert(m_guards.end(), test.conds.begin(), test.conds.end());
        block(body);
        m_guards.resize(guards);
        block(s->list("orelse"));
    }

    // The conditions of `not test` for a comparison `index >= bound` (-> index < bound).
    Sym negated(const Node* test)
    {
        if (!test || !test->is(Kind::Compare) || test->list("ops").size() != 1)
            return Sym::unknown({});
        const Kind op = test->list("ops")[0]->kind;
        const Kind flipped = op == Kind::GtE ? Kind::Lt : op == Kind::Gt ? Kind::LtE : Kind::Other;
        if (flipped == Kind::Other)
            return Sym::unknown({});
        return compare(flipped, expr(test->child("left")), expr(test->list("comparators")[0]),
                       test->list("comparators")[0]);
    }

    void forLoop(const Node* s)
    {
        const Node* iter = s->child("iter");
        const Node* target = s->child("target");
        Sym var = Sym::unknown(msg::Message(msg::Id::UnknownLoopNotRange, {s->line}));
        const std::string callee = iter && iter->is(Kind::Call) ? calleeName(iter) : std::string();
        if (callee == "range" || callee == "tl.range" || callee == "tl.static_range") {
            const auto& args = iter->list("args");
            std::vector<Sym> bounds;
            for (const Node* a : args)
                bounds.push_back(expr(a));
            if (!bounds.empty() && bounds.size() <= 3) {
                const Sym zero = Sym::ofScalar(LaunchExpr::constant(0));
                const Sym one = Sym::ofScalar(LaunchExpr::constant(1));
                const Sym& start = bounds.size() == 1 ? zero : bounds[0];
                const Sym& stop = bounds.size() == 1 ? bounds[0] : bounds[1];
                const Sym& step = bounds.size() == 3 ? bounds[2] : one;
                if (auto loop = loopRange(start, stop, step, s->line)) {
                    m_loops.push_back(std::move(*loop));
                    Comp c;
                    c.terms.push_back({IndexTerm::Kind::Loop, int(m_loops.size() - 1), LaunchExpr::constant(1)});
                    var.kind = Sym::Kind::Index;
                    var.comps = {c};
                }
            }
        }
        ++m_loopDepth;
        const int line = m_loopLine;
        m_loopLine = s->line;
        assign(target, var);
        block(s->list("body"));
        m_loopLine = line;
        --m_loopDepth;
        block(s->list("orelse"));
    }

    std::optional<LoopRange> loopRange(const Sym& start, const Sym& stop, const Sym& step, int line)
    {
        LoopRange r;
        r.line = line;
        r.startCoef = LaunchExpr::constant(0);
        r.stepCoef = LaunchExpr::constant(0);
        if (stop.kind != Sym::Kind::Scalar)
            return std::nullopt;
        r.stop = stop.scalar;
        if (start.kind == Sym::Kind::Scalar) {
            r.start = start.scalar;
        } else if (start.kind == Sym::Kind::Index && !start.shifted && start.comps.size() == 1 &&
                   start.comps[0].terms.size() == 1 && start.comps[0].terms[0].kind == IndexTerm::Kind::Pid) {
            // A grid-stride loop: from pid x B.
            r.start = LaunchExpr::constant(0);
            r.startPid = start.comps[0].terms[0].ref;
            r.startCoef = LaunchExpr::binary(LaunchExpr::Op::Mul, start.comps[0].terms[0].coef, start.comps[0].scale);
        } else {
            return std::nullopt;
        }
        if (step.kind == Sym::Kind::Scalar) {
            r.step = step.scalar;
        } else if (step.kind == Sym::Kind::Programs) {
            r.step = LaunchExpr::constant(0);
            r.stepDim = step.dim;
            r.stepCoef = step.scalar;
        } else {
            return std::nullopt;
        }
        return r;
    }

    // ---- expressions ----

    Sym nameSym(const Node* n)
    {
        const std::string& id = n->id();
        if (const auto found = m_vars.find(id); found != m_vars.end())
            return found->second.sym;
        if (const auto p = m_params.find(id); p != m_params.end()) {
            const KernelAnalysis& a = m_builder.analysis();
            if (const kernel::ArgValue* v = a.workload.arg(id); v && v->kind == kernel::ArgValue::Kind::Tensor) {
                Sym s;
                s.kind = Sym::Kind::Pointer;
                s.pointer = id;
                return s;
            }
        }
        if (auto e = m_builder.integerNamed(id))
            return Sym::ofScalar(*e, id);
        if (m_params.count(id))
            return Sym::data(); // a float, a string, a parameter the launch leaves out
        return Sym::unknown({});
    }

    Sym expr(const Node* n)
    {
        if (!n)
            return Sym::unknown({});
        switch (n->kind) {
        case Kind::Constant: {
            const py::ConstantValue* c = n->constant();
            if (c && c->isInt())
                return Sym::ofScalar(LaunchExpr::constant(c->integer), std::to_string(c->integer));
            if (c && c->type == py::ConstantValue::Type::Bool)
                return Sym::ofScalar(LaunchExpr::constant(c->boolean ? 1 : 0));
            if (c && c->isNone()) {
                Sym s;
                s.kind = Sym::Kind::None;
                return s;
            }
            return Sym::data();
        }
        case Kind::Name:
            return nameSym(n);
        case Kind::BinOp:
            return binary(n->op(), expr(n->child("left")), expr(n->child("right")), n);
        case Kind::UnaryOp: {
            Sym v = expr(n->child("operand"));
            if (n->op() == Kind::USub && v.kind == Sym::Kind::Scalar)
                return Sym::ofScalar(LaunchExpr::negate(v.scalar));
            if (n->op() == Kind::UAdd)
                return v;
            if (v.kind == Sym::Kind::Mask) {
                v.opaque = true;
                return v;
            }
            return v.kind == Sym::Kind::Scalar ? Sym::data() : v.kind == Sym::Kind::Data ? v : Sym::data();
        }
        case Kind::Compare: {
            const auto& ops = n->list("ops");
            const auto& comparators = n->list("comparators");
            if (ops.size() != 1 || comparators.size() != 1)
                return Sym::data();
            return compare(ops[0]->kind, expr(n->child("left")), expr(comparators[0]), comparators[0]);
        }
        case Kind::BoolOp: {
            Sym out;
            bool first = true;
            for (const Node* v : n->list("values")) {
                Sym s = expr(v);
                out = first ? s : binary(n->op() == Kind::And ? Kind::BitAnd : Kind::BitOr, out, s, n);
                first = false;
            }
            return out;
        }
        case Kind::Subscript:
            return subscript(n);
        case Kind::Call:
            return call(n);
        case Kind::Attribute: {
            // x.T, x.dtype: data; a module attribute (tl.float32): data.
            Sym base = expr(n->child("value"));
            if (base.kind == Sym::Kind::Pointer || base.kind == Sym::Kind::Index)
                return Sym::data();
            return Sym::data();
        }
        case Kind::Tuple:
        case Kind::List: {
            Sym t;
            t.kind = Sym::Kind::Tuple;
            for (const Node* e : n->list("elts"))
                t.items.push_back(expr(e));
            return t;
        }
        case Kind::IfExp:
            expr(n->child("test"));
            return Sym::unknown(msg::Message(msg::Id::UnknownConditional, {n->line}));
        default:
            return Sym::data();
        }
    }

    static Sym scaled(Sym index, const LaunchExpr& by)
    {
        for (Comp& c : index.comps) {
            if (c.hasArange()) {
                c.scale = LaunchExpr::binary(LaunchExpr::Op::Mul, c.scale, by);
            } else {
                // A block offset (pid x BLOCK): the factor belongs to the terms.
                for (IndexTerm& t : c.terms)
                    t.coef = LaunchExpr::binary(LaunchExpr::Op::Mul, t.coef, by);
                if (c.wrap)
                    return Sym::unknown(msg::Message(msg::Id::UnknownMultipliedAfterModulo));
            }
        }
        return index;
    }

    static std::vector<Comp> merged(std::vector<Comp> a, const std::vector<Comp>& b)
    {
        auto compatible = [](const Comp& x, const Comp& y) {
            return x.scale == y.scale && !x.wrap && !y.wrap && (x.bdim == y.bdim || x.bdim < 0 || y.bdim < 0);
        };
        for (const Comp& c : b) {
            // Adds into the one index it can belong to: the only one, or the only one on its
            // tensor dimension; else it stays an index of its own.
            Comp* into = nullptr;
            if (a.size() == 1 && compatible(a[0], c))
                into = &a[0];
            else if (c.bdim >= 0)
                for (Comp& x : a)
                    if (x.bdim == c.bdim && compatible(x, c))
                        into = &x;
            if (!into) {
                a.push_back(c);
                continue;
            }
            into->terms.insert(into->terms.end(), c.terms.begin(), c.terms.end());
            into->bdim = std::max(into->bdim, c.bdim);
            if (into->name.empty())
                into->name = c.name;
        }
        return a;
    }

    Sym binary(Kind op, const Sym& a, const Sym& b, const Node* at)
    {
        using K = Sym::Kind;
        const int line = at ? at->line : 0;
        if (a.kind == K::Unknown)
            return a;
        if (b.kind == K::Unknown)
            return b;
        if (a.kind == K::Scalar && b.kind == K::Scalar) {
            LaunchExpr::Op o;
            switch (op) {
            case Kind::Add: o = LaunchExpr::Op::Add; break;
            case Kind::Sub: o = LaunchExpr::Op::Sub; break;
            case Kind::Mult: o = LaunchExpr::Op::Mul; break;
            case Kind::FloorDiv: o = LaunchExpr::Op::FloorDiv; break;
            case Kind::Mod: o = LaunchExpr::Op::Mod; break;
            default: return Sym::data();
            }
            return Sym::ofScalar(LaunchExpr::binary(o, a.scalar, b.scalar));
        }
        if (op == Kind::BitAnd && (a.kind == K::Mask || b.kind == K::Mask)) {
            // A data-dependent part of a mask only narrows it: the bounds stay.
            Sym m;
            m.kind = K::Mask;
            for (const Sym* s : {&a, &b})
                if (s->kind == K::Mask) {
                    m.conds.insert(m.conds.end(), s->conds.begin(), s->conds.end());
                    m.opaque = m.opaque || s->opaque;
                }
            return m;
        }
        if (op == Kind::BitOr && (a.kind == K::Mask || b.kind == K::Mask)) {
            Sym m;
            m.kind = K::Mask;
            m.opaque = true;
            return m;
        }
        const bool aIndex = a.kind == K::Index, bIndex = b.kind == K::Index;
        if (op == Kind::Add || op == Kind::Sub) {
            if ((a.kind == K::Pointer && (bIndex || b.kind == K::Scalar)) ||
                (b.kind == K::Pointer && (aIndex || a.kind == K::Scalar) && op == Kind::Add)) {
                const Sym& p = a.kind == K::Pointer ? a : b;
                const Sym& off = a.kind == K::Pointer ? b : a;
                if (op == Kind::Sub && off.kind == K::Index)
                    return Sym::unknown(msg::Message(msg::Id::UnknownPointerMinusIndex, {line}));
                Sym out = p;
                if (off.kind == K::Scalar) {
                    out.shifted = out.shifted || !(off.scalar.constantValue() && *off.scalar.constantValue() == 0);
                } else {
                    out.comps = merged(out.comps, off.comps);
                    out.shifted = out.shifted || off.shifted;
                }
                return out;
            }
            if (aIndex && bIndex && op == Kind::Add) {
                Sym out = a;
                out.comps = merged(a.comps, b.comps);
                out.shifted = a.shifted || b.shifted;
                return out;
            }
            if ((aIndex && b.kind == K::Scalar) || (bIndex && a.kind == K::Scalar && op == Kind::Add)) {
                Sym out = aIndex ? a : b;
                const Sym& c = aIndex ? b : a;
                if (!(c.scalar.constantValue() && *c.scalar.constantValue() == 0))
                    out.shifted = true;
                return out;
            }
        }
        if (op == Kind::Mult) {
            if (aIndex && b.kind == K::Scalar)
                return scaled(a, b.scalar);
            if (bIndex && a.kind == K::Scalar)
                return scaled(b, a.scalar);
            if (a.kind == K::Programs && b.kind == K::Scalar) {
                Sym out = a;
                out.scalar = LaunchExpr::binary(LaunchExpr::Op::Mul, a.scalar, b.scalar);
                return out;
            }
            if (b.kind == K::Programs && a.kind == K::Scalar) {
                Sym out = b;
                out.scalar = LaunchExpr::binary(LaunchExpr::Op::Mul, b.scalar, a.scalar);
                return out;
            }
        }
        if (op == Kind::Mod && aIndex && b.kind == K::Scalar && a.comps.size() == 1 && !a.comps[0].wrap &&
            a.comps[0].scale == LaunchExpr::constant(1)) {
            Sym out = a;
            out.comps[0].wrap = b.scalar;
            return out;
        }
        if (aIndex || bIndex || a.kind == K::Pointer || b.kind == K::Pointer || a.kind == K::Programs ||
            b.kind == K::Programs) {
            if (a.kind == K::Data || b.kind == K::Data)
                return Sym::unknown(msg::Message(msg::Id::UnknownIndexFromData, {line}));
            return Sym::unknown(msg::Message(msg::Id::UnknownIndexArithmetic, {line}));
        }
        return Sym::data();
    }

    Sym compare(Kind op, Sym left, Sym right, const Node* rightNode)
    {
        // bound > index reads as index < bound.
        if (left.kind == Sym::Kind::Scalar && right.kind == Sym::Kind::Index) {
            std::swap(left, right);
            op = op == Kind::Gt ? Kind::Lt : op == Kind::GtE ? Kind::LtE : op == Kind::Lt ? Kind::Gt : op == Kind::LtE ? Kind::GtE : op;
            rightNode = nullptr;
        }
        Sym m;
        m.kind = Sym::Kind::Mask;
        if (left.kind != Sym::Kind::Index || right.kind != Sym::Kind::Scalar) {
            m.opaque = left.kind == Sym::Kind::Index;
            if (left.kind != Sym::Kind::Index)
                return Sym::data();
            return m;
        }
        if ((op == Kind::GtE || op == Kind::Gt) && right.scalar.constantValue() && *right.scalar.constantValue() <= 0)
            return m; // index >= 0: always true
        if (op != Kind::Lt && op != Kind::LtE) {
            m.opaque = true;
            return m;
        }
        if (left.comps.size() != 1 || left.shifted) {
            m.opaque = true;
            return m;
        }
        Cond c;
        const Comp& comp = left.comps[0];
        c.terms = comp.terms;
        for (IndexTerm& t : c.terms)
            t.coef = LaunchExpr::binary(LaunchExpr::Op::Mul, t.coef, comp.scale);
        c.bound = op == Kind::LtE ? LaunchExpr::binary(LaunchExpr::Op::Add, right.scalar, LaunchExpr::constant(1))
                                  : right.scalar;
        c.boundText = !right.text.empty() ? right.text : rightNode ? std::string("the bound at line ") + std::to_string(rightNode->line) : std::string("its bound");
        m.conds.push_back(std::move(c));
        return m;
    }

    Sym subscript(const Node* n)
    {
        Sym base = expr(n->child("value"));
        const Node* slice = n->child("slice");
        if (base.kind != Sym::Kind::Index && base.kind != Sym::Kind::Mask)
            return base.kind == Sym::Kind::Unknown ? base : Sym::data();
        // x[None, :] / x[:, None]: the tensor dimension of the arange.
        std::vector<const Node*> parts;
        if (slice && slice->is(Kind::Tuple))
            parts = slice->list("elts");
        else
            parts = {slice};
        int all = -1, count = 0;
        for (std::size_t i = 0; i < parts.size(); ++i) {
            if (isSliceAll(parts[i])) {
                all = int(i);
                ++count;
            } else if (!isNoneConstant(parts[i])) {
                return base.kind == Sym::Kind::Index
                           ? Sym::unknown(msg::Message(msg::Id::UnknownIndexSubscript, {n->line}))
                           : Sym::data();
            }
        }
        if (base.kind == Sym::Kind::Mask)
            return base;
        if (count != 1)
            return Sym::unknown(msg::Message(msg::Id::UnknownBroadcast, {n->line}));
        for (Comp& c : base.comps)
            if (c.hasArange())
                c.bdim = all;
        return base;
    }

    // ---- calls ----

    Sym call(const Node* n)
    {
        const std::string name = calleeName(n);
        const auto& args = n->list("args");
        auto arg = [&](std::size_t i, std::string_view keyword) { return argument(n, i, keyword); };
        if (name == "tl.program_id" || name == "tl.num_programs") {
            const Node* axis = arg(0, "axis");
            const Sym a = axis ? expr(axis) : Sym::ofScalar(LaunchExpr::constant(0));
            const auto d = a.kind == Sym::Kind::Scalar ? a.scalar.constantValue() : std::nullopt;
            if (!d || *d < 0 || *d > 2)
                return Sym::unknown(msg::Message(msg::Id::UnknownProgramAxis, {name.substr(3), n->line}));
            Sym s;
            if (name == "tl.num_programs") {
                s.kind = Sym::Kind::Programs;
                s.dim = int(*d);
                s.scalar = LaunchExpr::constant(1);
                return s;
            }
            s.kind = Sym::Kind::Index;
            Comp c;
            c.terms.push_back({IndexTerm::Kind::Pid, int(*d), LaunchExpr::constant(1)});
            s.comps = {c};
            return s;
        }
        if (name == "tl.arange") {
            const Sym start = expr(arg(0, "start"));
            const Sym end = expr(arg(1, "end"));
            if (start.kind != Sym::Kind::Scalar || end.kind != Sym::Kind::Scalar)
                return Sym::unknown(msg::Message(msg::Id::UnknownArangeBounds, {n->line}));
            // tl.arange is the same vector wherever it is written with the same bounds: one atom,
            // so that a mask written inline bounds the index it repeats.
            auto same = std::find_if(m_aranges.begin(), m_aranges.end(), [&](const ArangeRange& r) {
                return r.start == start.scalar && r.end == end.scalar;
            });
            if (same == m_aranges.end()) {
                m_aranges.push_back({start.scalar, end.scalar});
                same = m_aranges.end() - 1;
            }
            Sym s;
            s.kind = Sym::Kind::Index;
            Comp c;
            c.terms.push_back({IndexTerm::Kind::Arange, int(same - m_aranges.begin()), LaunchExpr::constant(1)});
            c.bdim = 0;
            s.comps = {c};
            return s;
        }
        if (name == "tl.cdiv" || name == "cdiv" || name == "min" || name == "max" || name == "tl.minimum" ||
            name == "tl.maximum" || name == "int") {
            std::vector<Sym> values;
            for (const Node* a : args)
                values.push_back(expr(a));
            const bool scalars = !values.empty() && std::all_of(values.begin(), values.end(), [](const Sym& v) {
                return v.kind == Sym::Kind::Scalar;
            });
            if (!scalars)
                return values.size() == 1 && name == "int" ? values[0] : Sym::data();
            if (name == "int")
                return values[0];
            const LaunchExpr::Op op = name == "tl.cdiv" || name == "cdiv" ? LaunchExpr::Op::CeilDiv
                                      : name == "min" || name == "tl.minimum" ? LaunchExpr::Op::Min
                                                                              : LaunchExpr::Op::Max;
            LaunchExpr out = values[0].scalar;
            for (std::size_t i = 1; i < values.size(); ++i)
                out = LaunchExpr::binary(op, out, values[i].scalar);
            return Sym::ofScalar(out);
        }
        if (name == "tl.multiple_of" || name == "tl.max_contiguous" || name == "tl.max_constancy")
            return expr(arg(0, "input"));
        if (name == "tl.load" || name == "tl.store" || name.rfind("tl.atomic_", 0) == 0) {
            access(n, name);
            return name == "tl.load" ? Sym::data() : Sym::data();
        }
        if (name == "tl.swizzle2d")
            return swizzle(n);
        if (name == "tl.make_block_ptr" || name == "tl.advance" || name == "tl.make_tensor_descriptor") {
            unfollowed(msg::Message(msg::Id::UnfollowedBlockPointers, {name, n->line}));
            for (const Node* a : args)
                expr(a);
            return Sym::unknown(msg::Message(msg::Id::UnknownBlockPointer));
        }
        if (name == "tl.dot")
            m_usesCube = true;
        const Node* func = n->child("func");
        // x.to(tl.float32), x.cast(...): the same value.
        if (func && func->is(Kind::Attribute) && (func->str("attr") == "to" || func->str("attr") == "cast")) {
            Sym base = expr(func->child("value"));
            return base.kind == Sym::Kind::Index || base.kind == Sym::Kind::Unknown ? base : Sym::data();
        }
        if (name == "tl.cast")
            return expr(arg(0, "input"));
        // Any other call: its arguments are read; a helper that receives a pointer may load or
        // store through it where the model does not look.
        for (const Node* a : args) {
            const Sym v = expr(a);
            if (v.kind == Sym::Kind::Pointer && name.rfind("tl.", 0) != 0)
                unfollowed(func && func->is(Kind::Name)
                               ? msg::Message(msg::Id::UnfollowedPointerPassed, {v.pointer, func->id(), n->line})
                               : msg::Message(msg::Id::UnfollowedPointerPassedToCall, {v.pointer, n->line}));
        }
        for (const Node* k : n->list("keywords"))
            if (k)
                expr(k->child("value"));
        return Sym::data();
    }

    Sym swizzle(const Node* n)
    {
        std::vector<Sym> values;
        for (const Node* a : n->list("args"))
            values.push_back(expr(a));
        Sym out;
        out.kind = Sym::Kind::Tuple;
        auto pidDim = [](const Sym& s) {
            if (s.kind != Sym::Kind::Index || s.shifted || s.comps.size() != 1 || s.comps[0].terms.size() != 1 ||
                s.comps[0].terms[0].kind != IndexTerm::Kind::Pid || s.comps[0].terms[0].coef != LaunchExpr::constant(1))
                return -1;
            return s.comps[0].terms[0].ref;
        };
        if (values.size() < 4 || pidDim(values[0]) < 0 || pidDim(values[1]) < 0 ||
            values[2].kind != Sym::Kind::Scalar || values[3].kind != Sym::Kind::Scalar) {
            const Sym u = Sym::unknown(msg::Message(msg::Id::UnknownSwizzle, {n->line}));
            out.items = {u, u};
            return out;
        }
        // A permutation of the programs of grid dims di x dj, when the counts are those dims.
        const int di = pidDim(values[0]), dj = pidDim(values[1]);
        const auto& args = n->list("args");
        m_equalities.push_back({values[2].scalar, di, "tl.swizzle2d's " + segment(args[2]) + " (line " + std::to_string(n->line) + ")"});
        m_equalities.push_back({values[3].scalar, dj, "tl.swizzle2d's " + segment(args[3]) + " (line " + std::to_string(n->line) + ")"});
        out.items = {values[0], values[1]};
        return out;
    }

    std::string segment(const Node* node) const
    {
        if (m_module && node)
            return std::string(m_module->segment(node));
        return "a count";
    }

    void unfollowed(const msg::Message& why)
    {
        if (m_unfollowed.empty())
            m_unfollowed = why;
    }

    // One tl.load / tl.store / atomic: a check per index of its pointer's offset.
    void access(const Node* n, const std::string& name)
    {
        const bool load = name == "tl.load";
        const Node* ptrNode = argument(n, 0, "pointer");
        const Node* maskNode = load ? argument(n, 1, "mask") : argument(n, 2, "mask");
        if (!load)
            expr(argument(n, 1, name == "tl.store" ? "value" : "val"));
        const Sym ptr = expr(ptrNode);
        const Sym mask = maskNode ? expr(maskNode) : Sym{};
        const int line = n->line;
        auto unknownCheck = [&](msg::Message why) {
            CoverageCheck c;
            c.what = ptrNode && m_module ? msg::Arg(m_module->segment(ptrNode))
                                         : msg::Arg(msg::Message(msg::Id::CoverageAPointer));
            c.line = line;
            c.store = !load;
            c.unknown = std::move(why);
            addCheck(std::move(c));
        };
        if (m_whileDepth > 0)
            return unknownCheck(msg::Message(msg::Id::UnknownWhileLoop, {m_whileLine}));
        if (ptr.kind == Sym::Kind::Unknown)
            return unknownCheck(ptr.why.empty() ? msg::Message(msg::Id::UnknownPointerNotFollowed, {line})
                                                : ptr.why);
        if (ptr.kind != Sym::Kind::Pointer)
            return unknownCheck(msg::Message(msg::Id::UnknownNotTensorArgument, {line}));
        if (ptr.shifted)
            return unknownCheck(msg::Message(msg::Id::UnknownPointerOffset, {line}));
        std::vector<Cond> conds = m_guards;
        bool opaqueMask = false;
        if (mask.kind == Sym::Kind::Mask) {
            conds.insert(conds.end(), mask.conds.begin(), mask.conds.end());
            opaqueMask = mask.opaque;
        } else if (mask.kind == Sym::Kind::Unknown && maskNode) {
            opaqueMask = true;
        } else if (mask.kind == Sym::Kind::Data && maskNode) {
            opaqueMask = true;
        }
        const kernel::ArgValue* tensor = m_builder.analysis().workload.arg(ptr.pointer);
        for (const Comp& comp : ptr.comps) {
            if (comp.terms.empty())
                continue;
            CoverageCheck c;
            c.terms = comp.terms;
            c.what = comp.name.empty() ? msg::Arg(msg::Message(msg::Id::CoverageIndexAtLine, {line}))
                                       : msg::Arg(comp.name);
            c.tensor = ptr.pointer;
            c.line = line;
            c.store = !load;
            c.wrap = comp.wrap;
            // The mask that bounds it: a comparison of the same index.
            std::vector<IndexTerm> unscaled = comp.terms;
            for (const Cond& cond : conds)
                if (sameAtoms(cond.terms, unscaled)) {
                    c.masked = true;
                    c.extentKnown = true;
                    c.extent = cond.bound;
                    c.extentText = cond.boundText;
                    break;
                }
            const bool dependsOnCandidate =
                std::any_of(comp.terms.begin(), comp.terms.end(), [&](const IndexTerm& t) {
                    return t.kind == IndexTerm::Kind::Pid || usesSlot(t);
                });
            if (!c.masked) {
                // No mask: the tensor's own dimension, the one whose stride is the index's scale.
                const auto stride = comp.hasArange() ? comp.scale.constantValue()
                                                     : (comp.terms.size() == 1 ? comp.terms[0].coef.constantValue()
                                                                               : std::nullopt);
                if (stride && tensor && tensor->kind == kernel::ArgValue::Kind::Tensor) {
                    std::int64_t after = 1;
                    for (std::size_t d = tensor->shape.size(); d-- > 0;) {
                        if (after == *stride) {
                            c.extentKnown = true;
                            c.extent = LaunchExpr::constant(tensor->shape[d]);
                            c.extentText = ptr.pointer + ".shape[" + std::to_string(d) + "]";
                            break;
                        }
                        // A product past INT64_MAX is no stride an index can have.
                        if (__builtin_mul_overflow(after, std::max<std::int64_t>(1, tensor->shape[d]),
                                                   &after))
                            break;
                    }
                }
                if (!c.extentKnown && !c.wrap)
                    c.unknown = msg::Message(msg::Id::UnknownNoMaskStride, {c.what, line, ptr.pointer});
                if (c.wrap && !c.extentKnown) {
                    c.extentKnown = true;
                    c.extent = *c.wrap;
                    c.extentText = "its % bound";
                }
                // A fixed part of a tensor, the same for every candidate, is the kernel's choice.
                c.judgeCoverage = dependsOnCandidate;
            }
            // A stride a candidate's value decides (a constexpr row stride) must stay the
            // tensor's own: the layout, not a tuning, fixes it.
            const std::optional<LaunchExpr> strideExpr =
                comp.hasArange() ? std::optional<LaunchExpr>(comp.scale)
                                 : (comp.terms.size() == 1 ? std::optional<LaunchExpr>(comp.terms[0].coef) : std::nullopt);
            if (strideExpr && !strideExpr->constantValue() && tensor && tensor->kind == kernel::ArgValue::Kind::Tensor)
                if (const auto present = strideExpr->eval(m_model.slotDefaults().data())) {
                    std::int64_t after = 1;
                    for (std::size_t d = tensor->shape.size(); d-- > 1;) {
                        if (__builtin_mul_overflow(after, std::max<std::int64_t>(1, tensor->shape[d]),
                                                   &after))
                            break;
                        if (after == *present) {
                            c.stride = strideExpr;
                            c.tensorStride = after;
                            break;
                        }
                    }
                }
            if (opaqueMask && !c.masked)
                c.unknown = msg::Message(msg::Id::UnknownMaskNotRead, {line});
            if (comp.terms.size() > 0 && std::count_if(comp.terms.begin(), comp.terms.end(), [](const IndexTerm& t) {
                    return t.kind == IndexTerm::Kind::Arange;
                }) > 1)
                c.unknown = msg::Message(msg::Id::UnknownTwoAranges, {c.what, line});
            addCheck(std::move(c));
        }
    }

    bool usesSlot(const IndexTerm& t) const
    {
        auto exprUses = [&](const LaunchExpr& e) {
            for (std::size_t s = 0; s < m_model.slots().size(); ++s)
                if (e.usesSlot(int(s)))
                    return true;
            return false;
        };
        if (exprUses(t.coef))
            return true;
        if (t.kind == IndexTerm::Kind::Arange)
            return exprUses(m_aranges[std::size_t(t.ref)].start) || exprUses(m_aranges[std::size_t(t.ref)].end);
        if (t.kind == IndexTerm::Kind::Loop) {
            const LoopRange& l = m_loops[std::size_t(t.ref)];
            return l.startPid >= 0 || exprUses(l.start) || exprUses(l.stop) || exprUses(l.step) ||
                   exprUses(l.startCoef) || exprUses(l.stepCoef);
        }
        return false;
    }

    void addCheck(CoverageCheck c)
    {
        for (CoverageCheck& existing : m_checks)
            if (existing.terms == c.terms && existing.masked == c.masked && existing.extent == c.extent &&
                existing.extentKnown == c.extentKnown && existing.judgeCoverage == c.judgeCoverage &&
                existing.wrap == c.wrap && existing.unknown == c.unknown && existing.stride == c.stride) {
                existing.store = existing.store || c.store;
                return;
            }
        m_checks.push_back(std::move(c));
    }

    struct Var {
        Sym sym;
        int depth = 0; // the loop depth it was assigned at
    };

    LaunchModelBuilder& m_builder;
    LaunchModel& m_model;
    std::vector<CoverageCheck>& m_checks;
    std::vector<LoopRange>& m_loops;
    std::vector<ArangeRange>& m_aranges;
    std::vector<GridEquality>& m_equalities;
    msg::Message& m_unfollowed;
    bool& m_usesCube;
    const py::Module* m_module = nullptr;
    std::map<std::string, const kernel::Parameter*> m_params;
    std::map<std::string, Var> m_vars;
    std::vector<Cond> m_guards;
    int m_loopDepth = 0;
    int m_loopLine = 0;
    int m_whileDepth = 0;
    int m_whileLine = 0;
};

} // namespace

void LaunchModelBuilder::readKernel()
{
    LaunchModel& m = *m_model;
    KernelReader reader(*this, m, m.m_checks, m.m_loops, m.m_aranges, m.m_gridEqualities, m.m_unfollowed,
                        m.m_usesCube);
    reader.run(m_analysis.kernel->function);
    if (m_analysis.parse.cube)
        m.m_usesCube = true;
}

} // namespace ts::analysis
