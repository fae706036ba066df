// The 2026-04 backend's axis parse, rebuilt parser by parser (AxesKeyParser, SplitAxesParser,
// TilingAxesParser, LowDimsAxesParser, ReductionAxesParser, then the tuner's flow), each
// section marked "---- Name ----". It is one file of about 1,700 lines because the parsers
// share one indexed tree (Tree, below) and its Python-faithful search order; a reader comparing
// with the backend's parser module finds each parser in the same order here.

#include "core/analysis/axis_parse.h"

#include "core/analysis/ast_match.h"
#include "core/backends/backend_policy.h"
#include "core/backends/backend_registry.h"
#include "core/analysis/pyrepr.h"

#include <algorithm>
#include <limits>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace ts::analysis {

std::map<int, std::int64_t> fixedGridDimValues(const ParseInput& input, const std::vector<std::string>& constexprs,
                                               bool probeDefaults)
{
    std::map<int, std::int64_t> fixed;
    const GridSpec& grid = input.grid;
    if (grid.kind == GridSpec::Kind::Static) {
        if (!grid.staticGrid.valid)
            return fixed;
        for (std::size_t i = 0; i < grid.staticGrid.dims.size(); ++i)
            if (const auto& d = grid.staticGrid.dims[i]; d && *d > 0)
                fixed[static_cast<int>(i)] = *d;
        return fixed;
    }
    if (grid.kind != GridSpec::Kind::Callable || !grid.function)
        return fixed;

    // Probe the grid: tunable parameters at 128, then each one at 1..512 on its own.
    constexpr std::int64_t kBaseline = 128;
    std::map<std::string, std::int64_t> base;
    std::vector<std::string> tunable;
    for (const std::string& name : constexprs)
        if (std::none_of(input.args.begin(), input.args.end(), [&](const LaunchArgument& a) {
                return a.name == name && !(probeDefaults && a.fromDefault);
            })) {
            base[name] = kBaseline;
            tunable.push_back(name);
        }
    const auto baseGrid = grid.function(base);
    if (!baseGrid || !baseGrid->valid)
        return fixed;
    std::set<std::size_t> dynamic;
    static const std::int64_t probes[] = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512};
    for (const std::string& name : tunable) {
        for (const std::int64_t probe : probes) {
            if (probe == kBaseline)
                continue;
            auto meta = base;
            meta[name] = probe;
            const auto probed = grid.function(meta);
            if (!probed || !probed->valid)
                continue;
            const auto& b = baseGrid->dims;
            const auto& p = probed->dims;
            if (b.size() != p.size()) {
                for (std::size_t i = 0; i < std::min(b.size(), p.size()); ++i)
                    dynamic.insert(i);
                continue;
            }
            for (std::size_t i = 0; i < b.size(); ++i)
                if (!b[i] || !p[i] || *b[i] != *p[i])
                    dynamic.insert(i);
        }
    }
    for (std::size_t i = 0; i < baseGrid->dims.size(); ++i)
        if (!dynamic.count(i))
            if (const auto& d = baseGrid->dims[i]; d && *d > 0)
                fixed[static_cast<int>(i)] = *d;
    return fixed;
}

const std::string* findAxis(const AxisMap& map, const std::string& axis)
{
    for (const auto& [k, v] : map)
        if (k == axis)
            return &v;
    return nullptr;
}

const std::string* findAxisOfParam(const AxisMap& map, const std::string& param)
{
    for (const auto& [k, v] : map)
        if (v == param)
            return &k;
    return nullptr;
}

namespace {

using py::Field;
using py::Kind;
using py::Node;

// The axis names a key list is zipped with, in order.
const std::vector<std::string> kValidAxisNames = {"x", "y", "z", "w", "v", "t"};

// A Python exception the backend's code would raise; caught by parseAxes.
struct PythonError {
    std::string type;
    std::string message;
};

[[noreturn]] void raise(std::string type, std::string message)
{
    throw PythonError{std::move(type), std::move(message)};
}

[[noreturn]] void raiseNoFields(std::string_view typeName)
{
    raise("AttributeError", "'" + std::string(typeName) + "' object has no attribute '_fields'");
}

// ---- ordered dict helpers (Python dict semantics on a vector of pairs) ----

template <typename V>
const V* dictGet(const std::vector<std::pair<std::string, V>>& dict, const std::string& key)
{
    for (const auto& [k, v] : dict)
        if (k == key)
            return &v;
    return nullptr;
}

// d[key] = value: an existing key keeps its position.
template <typename V>
void dictSet(std::vector<std::pair<std::string, V>>& dict, const std::string& key, V value)
{
    for (auto& [k, v] : dict)
        if (k == key) {
            v = std::move(value);
            return;
        }
    dict.emplace_back(key, std::move(value));
}

template <typename V>
void dictErase(std::vector<std::pair<std::string, V>>& dict, const std::string& key)
{
    dict.erase(std::remove_if(dict.begin(), dict.end(), [&](const auto& kv) { return kv.first == key; }),
               dict.end());
}

bool hasValue(const AxisMap& dict, const std::string& value)
{
    return findAxisOfParam(dict, value) != nullptr;
}

template <typename T>
bool contains(const std::vector<T>& list, const T& item)
{
    return std::find(list.begin(), list.end(), item) != list.end();
}

// ---- node helpers ----

// An ast.Constant whose value is a Python int (bool included, as isinstance(v, int) is).
std::optional<std::int64_t> intConstant(const Node* node)
{
    const py::ConstantValue* c = node ? node->constant() : nullptr;
    if (!c)
        return std::nullopt;
    if (c->type == py::ConstantValue::Type::Bool)
        return c->boolean ? 1 : 0;
    if (c->type != py::ConstantValue::Type::Int)
        return std::nullopt;
    if (c->bigInt)  // far outside any index range; only ever compared, never used as a size
        return !c->text.empty() && c->text[0] == '-' ? std::numeric_limits<std::int64_t>::min()
                                                     : std::numeric_limits<std::int64_t>::max();
    return c->integer;
}

// The parsers' shared `contains_target_var`: a depth-first search for Name(id=var). Like the
// original it fails on list items that are not nodes (None in Dict.keys, names of `global`).
bool containsTargetVar(const Node* node, const std::string& var)
{
    if (!node)
        raiseNoFields("NoneType");
    if (node->is(Kind::Name) && node->id() == var)
        return true;
    for (const Field& f : node->fields) {
        if (f.type == Field::Type::NodeList) {
            for (const Node* item : f.nodes)
                if (containsTargetVar(item, var))
                    return true;
        } else if (f.type == Field::Type::StringList) {
            if (!f.strings.empty())
                raiseNoFields("str");
        } else if (f.type == Field::Type::Node) {
            if (containsTargetVar(f.node, var))
                return true;
        }
    }
    return false;
}

// Python's list indexing, negative indices included.
std::size_t pyIndex(std::int64_t index, std::size_t size)
{
    const auto n = static_cast<std::int64_t>(size);
    if (index < -n || index >= n)
        raise("IndexError", "list index out of range");
    return static_cast<std::size_t>(index < 0 ? index + n : index);
}

// ---- the tree every parser walks ----

// The kinds of node a search can act on (see Tree::walkFor).
enum NodeSet : unsigned {
    kCompares = 1,      // ast.Compare
    kAssigns = 2,       // ast.Assign
    kBitAnds = 4,       // ast.BinOp with `&`
    kNameSubscripts = 8 // ast.Subscript of a plain name
};

// What `JITFunction.parse()` returns: Module(body=[the FunctionDef]), the source taken from
// `def` on, so without decorators.
//
// The parsers search the whole function for every variable they follow, which is quadratic.
// The tree is indexed once (depth-first spans, breadth-first ranks, where each name occurs,
// where a search would raise) so that a search visits only the nodes that can affect its
// result, in the order Python would visit them.
class Tree {
public:
    explicit Tree(const Node* function)
        : m_function(*function)
    {
        for (Field& f : m_function.fields)
            if (f.name == "decorator_list")
                f.nodes.clear();
        m_module.kind = Kind::Module;
        Field body;
        body.name = "body";
        body.type = Field::Type::NodeList;
        body.nodes.push_back(&m_function);
        Field typeIgnores;
        typeIgnores.name = "type_ignores";
        typeIgnores.type = Field::Type::NodeList;
        m_module.fields.push_back(std::move(body));
        m_module.fields.push_back(std::move(typeIgnores));
        m_rootWalk = py::walk(&m_module);
        index();
    }
    Tree(const Tree&) = delete;
    Tree& operator=(const Tree&) = delete;

    const Node* root() const { return &m_module; }

    // ast.walk(node); the root's order is computed once.
    const std::vector<const Node*>& walk(const Node* node, std::vector<const Node*>& scratch) const
    {
        if (node == &m_module)
            return m_rootWalk;
        scratch = py::walk(node);
        return scratch;
    }

    // The nodes of ast.walk(node), in its order, that a search for `var` acting only on the
    // kinds in `kinds` can be affected by: those whose subtree mentions `var`, and assignments
    // whose value would make `contains_target_var` raise. (The breadth-first order of a subtree
    // is the root's breadth-first order restricted to it.)
    std::vector<const Node*> walkFor(const Node* node, const std::string& var, unsigned kinds) const
    {
        const Info* top = info(node);
        std::vector<const Node*> out;
        if (!top) {  // not from this tree: walk it all
            std::vector<const Node*> scratch;
            for (const Node* n : walk(node, scratch))
                if (matches(n, kinds))
                    out.push_back(n);
            return out;
        }
        auto inside = [&](const Info& i) { return i.pre >= top->pre && i.pre < top->post; };
        std::vector<std::pair<int, const Node*>> ranked;
        if (const auto it = m_occurrences.find(var); it != m_occurrences.end()) {
            for (const int pre : it->second) {
                for (const Node* n = m_byPre[static_cast<std::size_t>(pre)]; n;) {
                    const Info& i = *info(n);
                    if (!inside(i))
                        break;
                    if (matches(n, kinds))
                        ranked.emplace_back(i.bfs, n);
                    n = i.parent;
                }
            }
        }
        if (kinds & kAssigns)
            for (const Node* a : m_raisingAssigns)
                if (inside(*info(a)))
                    ranked.emplace_back(info(a)->bfs, a);
        std::sort(ranked.begin(), ranked.end());
        ranked.erase(std::unique(ranked.begin(), ranked.end()), ranked.end());
        out.reserve(ranked.size());
        for (const auto& [rank, n] : ranked)
            out.push_back(n);
        return out;
    }

    // `contains_target_var(node, var)`, exact: answered from the index unless the subtree holds
    // a list item that would make the original raise.
    bool contains(const Node* node, const std::string& var) const
    {
        const Info* i = node ? info(node) : nullptr;
        if (!i || raisesWithin(i->pre, i->post))
            return containsTargetVar(node, var);
        const auto it = m_occurrences.find(var);
        if (it == m_occurrences.end())
            return false;
        const auto at = std::lower_bound(it->second.begin(), it->second.end(), i->pre);
        return at != it->second.end() && *at < i->post;
    }

private:
    struct Info {
        const Node* parent = nullptr;
        int pre = 0;   // depth-first preorder index
        int post = 0;  // one past the last preorder index of the subtree
        int bfs = 0;   // breadth-first rank from the root
    };

    static bool matches(const Node* n, unsigned kinds)
    {
        switch (n->kind) {
        case Kind::Compare: return kinds & kCompares;
        case Kind::Assign: return kinds & kAssigns;
        case Kind::BinOp: return (kinds & kBitAnds) && n->op() == Kind::BitAnd;
        case Kind::Subscript: return (kinds & kNameSubscripts) && n->child("value") && n->child("value")->is(Kind::Name);
        default: return false;
        }
    }

    // Node -> Info, open addressing: the index is built and probed a lot, so no std::unordered_map.
    class InfoMap {
    public:
        void reserve(std::size_t n)
        {
            std::size_t size = 16;
            while (size < 2 * n)
                size *= 2;
            m_keys.assign(size, nullptr);
            m_values.assign(size, Info{});
            m_mask = size - 1;
        }
        Info& operator[](const Node* key)
        {
            std::size_t at = slot(key);
            while (m_keys[at] && m_keys[at] != key)
                at = (at + 1) & m_mask;
            m_keys[at] = key;
            return m_values[at];
        }
        const Info* find(const Node* key) const
        {
            if (m_keys.empty())
                return nullptr;
            for (std::size_t at = slot(key); m_keys[at]; at = (at + 1) & m_mask)
                if (m_keys[at] == key)
                    return &m_values[at];
            return nullptr;
        }

    private:
        std::size_t slot(const Node* key) const
        {
            auto h = reinterpret_cast<std::uintptr_t>(key) >> 4;
            h *= 0x9E3779B97F4A7C15ull;
            return static_cast<std::size_t>(h >> 20) & m_mask;
        }
        std::vector<const Node*> m_keys;
        std::vector<Info> m_values;
        std::size_t m_mask = 0;
    };

    const Info* info(const Node* n) const { return m_info.find(n); }

    bool raisesWithin(int pre, int post) const
    {
        const auto at = std::lower_bound(m_raisePoints.begin(), m_raisePoints.end(), pre);
        return at != m_raisePoints.end() && *at < post;
    }

    void index()
    {
        m_info.reserve(m_rootWalk.size());
        m_byPre.reserve(m_rootWalk.size());
        for (std::size_t i = 0; i < m_rootWalk.size(); ++i)
            m_info[m_rootWalk[i]].bfs = static_cast<int>(i);
        // Iterative depth-first numbering (kernels may nest deeply): a cursor per open node.
        struct Frame {
            const Node* node;
            Info* info;
            std::size_t field = 0;
            std::size_t item = 0;
        };
        std::vector<Frame> stack;
        auto enter = [&](const Node* n, const Node* parent) {
            Info& i = m_info[n];
            i.parent = parent;
            i.pre = static_cast<int>(m_byPre.size());
            m_byPre.push_back(n);
            if (n->is(Kind::Name))
                m_occurrences[n->id()].push_back(i.pre);
            for (const Field& f : n->fields) {
                const bool nullItem = f.type == Field::Type::NodeList &&
                                      std::find(f.nodes.begin(), f.nodes.end(), nullptr) != f.nodes.end();
                const bool strings = f.type == Field::Type::StringList && !f.strings.empty();
                if (nullItem || strings) {
                    m_raisePoints.push_back(i.pre);
                    break;
                }
            }
            stack.push_back({n, &i});
        };
        enter(&m_module, nullptr);
        while (!stack.empty()) {
            Frame& top = stack.back();
            const Node* next = nullptr;
            while (!next && top.field < top.node->fields.size()) {
                const Field& f = top.node->fields[top.field];
                if (f.type == Field::Type::Node && top.item == 0) {
                    next = f.node;
                    top.item = 1;
                } else if (f.type == Field::Type::NodeList && top.item < f.nodes.size()) {
                    next = f.nodes[top.item++];
                } else {
                    ++top.field;
                    top.item = 0;
                }
            }
            if (next) {
                const Node* parent = top.node;
                enter(next, parent);  // may reallocate the stack: `top` is not used after it
            } else {
                top.info->post = static_cast<int>(m_byPre.size());
                stack.pop_back();
            }
        }
        for (const Node* n : m_rootWalk)
            if (n->is(Kind::Assign)) {
                const Info* v = info(n->child("value"));
                if (v && raisesWithin(v->pre, v->post))
                    m_raisingAssigns.push_back(n);
            }
    }

    Node m_function;
    Node m_module;
    std::vector<const Node*> m_rootWalk;
    InfoMap m_info;
    std::vector<const Node*> m_byPre;
    std::unordered_map<std::string, std::vector<int>> m_occurrences;  // name -> sorted preorder
    std::vector<int> m_raisePoints;            // sorted preorder of nodes with None/str list items
    std::vector<const Node*> m_raisingAssigns;  // assignments whose value holds such a node
};

// `_get_constexpr_candidates`: the first FunctionDef's positional parameters annotated
// `tl.constexpr` (not `triton.language.constexpr`, not keyword-only ones).
std::vector<std::string> constexprCandidates(const Tree& tree)
{
    std::vector<std::string> names;
    std::vector<const Node*> scratch;
    for (const Node* node : tree.walk(tree.root(), scratch)) {
        if (!node->is(Kind::FunctionDef))
            continue;
        const Node* args = node->child("args");
        if (!args || !args->is(Kind::arguments))
            continue;
        for (const Node* arg : args->list("args")) {
            if (!arg || !arg->is(Kind::arg))
                continue;
            if (isTlAttribute(arg->child("annotation"), "constexpr"))
                names.push_back(arg->str("arg"));
        }
        break;
    }
    return names;
}

// ---- ast.NodeVisitor ----

class Visitor {
public:
    virtual ~Visitor() = default;
    virtual void visit(const Node* node) { genericVisit(node); }

    // Depth first, in field order; None list items are skipped.
    void genericVisit(const Node* node)
    {
        for (const Field& f : node->fields) {
            if (f.type == Field::Type::Node)
                visit(f.node);
            else if (f.type == Field::Type::NodeList)
                for (const Node* item : f.nodes)
                    if (item)
                        visit(item);
        }
    }
};

// ---- AxesKeyParser: maps a variable to an axis through a mask comparison ----

class AxesKeyParser : public Visitor {
public:
    AxesKeyParser(const Tree& tree, const AxisMap& keys)
        : m_tree(tree)
        , m_keys(keys)
    {
    }

    void parse() { visit(m_tree.root()); }

    std::string axisOf(const std::string& var) { return getAxis(var); }

protected:
    // `get_axis`: a failed search remembers `var` in m_checkedVars, for the parser's lifetime.
    std::string getAxis(const std::string& var, const Node* node = nullptr)
    {
        if (m_checkedVars.count(var))
            return {};
        if (!node)
            node = m_tree.root();
        for (const Node* child : m_tree.walkFor(node, var, kCompares | kAssigns | kBitAnds)) {
            std::string axis;
            if (child->is(Kind::Compare)) {
                axis = handleLtNode(var, child);
            } else if (child->is(Kind::Assign)) {
                axis = handleAssignNode(var, child);
            } else if (child->is(Kind::BinOp) && child->op() == Kind::BitAnd) {
                axis = handleLtNode(var, child->child("left"));
                if (axis.empty())
                    axis = handleLtNode(var, child->child("right"));
            }
            if (!axis.empty())
                return axis;
        }
        m_checkedVars.insert(var);
        return {};
    }

    std::string handleAssignNode(const std::string& var, const Node* node)
    {
        const auto& targets = node->list("targets");
        if (targets.size() != 1 || !targets[0] || !targets[0]->is(Kind::Name))
            return {};
        const std::string target = targets[0]->id();
        if (m_checkedVars.count(target))
            return {};
        const Node* value = node->child("value");
        if (var == target || !m_tree.contains(value, var))
            return {};
        std::string axis = getAxis(var, value);
        if (!axis.empty())
            return axis;
        return getAxis(target);
    }

    // `var < key_arg` or `var < min(..., key_arg, ...)`.
    std::string handleLtNode(const std::string& var, const Node* node)
    {
        if (!node || !node->is(Kind::Compare))
            return {};
        const auto& ops = node->list("ops");
        if (ops.size() != 1 || !ops[0]->is(Kind::Lt))
            return {};
        const auto& comparators = node->list("comparators");
        if (comparators.size() != 1)
            return {};
        if (!isName(node->child("left"), var))
            return {};
        const Node* comparator = comparators[0];
        const bool isMinCall = comparator->is(Kind::Call) && isName(comparator->child("func"), "min");
        if (!comparator->is(Kind::Name) && !isMinCall)
            return {};
        for (const auto& [axis, param] : m_keys)
            if (m_tree.contains(comparator, param))
                return axis;
        return {};
    }

    const Tree& m_tree;
    const AxisMap& m_keys;
    std::unordered_set<std::string> m_checkedVars;  // a Python list, only ever tested for membership
};

// ---- SplitAxesParser ----

class SplitAxesParser : public AxesKeyParser {
public:
    SplitAxesParser(const Tree& tree, const AxisMap& keys, std::vector<std::string> candidates)
        : AxesKeyParser(tree, keys)
        , m_candidates(std::move(candidates))
    {
    }

    AxisMap splitAxes;
    std::vector<std::pair<std::string, int>> splitAxisPidDims;
    std::vector<std::pair<std::string, int>> axisPidDims;

    void visit(const Node* node) override
    {
        switch (node->kind) {
        case Kind::Assign: visitAssign(node); break;
        case Kind::BinOp: visitBinOp(node); break;
        case Kind::For: visitFor(node); break;
        default: genericVisit(node); break;
        }
    }

private:
    void visitAssign(const Node* node)
    {
        const Node* value = node->child("value");
        const auto& targets = node->list("targets");
        const bool singleName = targets.size() == 1 && targets[0] && targets[0]->is(Kind::Name);
        if (auto dim = programIdDim(value)) {
            if (singleName && !contains(m_programIdVars, targets[0]->id())) {
                m_programIdVars.push_back(targets[0]->id());
                m_programIdVarDims.emplace_back(targets[0]->id(), static_cast<int>(*dim));
            }
        }
        if (auto dim = numProgramsDim(value))
            if (singleName)
                dictSet(m_numProgramsVarDims, targets[0]->id(), static_cast<int>(*dim));
        genericVisit(node);
    }

    // The original reads `side.func.value.id` without checking that `value` is a Name.
    bool isProgramIdCallUnchecked(const Node* call) const
    {
        const Node* func = call->child("func");
        const Node* value = func->child("value");
        if (!value->is(Kind::Name))
            raise("AttributeError", "'" + std::string(value->typeName()) + "' object has no attribute 'id'");
        return value->id() == "tl" && func->str("attr") == "program_id";
    }

    void visitBinOp(const Node* node)
    {
        if (node->op() == Kind::Mult) {
            const Node* left = node->child("left");
            const Node* right = node->child("right");
            std::optional<std::string> value;
            std::optional<int> pidDim;
            auto callWithAttribute = [](const Node* n) {
                return n->is(Kind::Call) && n->child("func") && n->child("func")->is(Kind::Attribute);
            };
            if (left->is(Kind::Name) && contains(m_programIdVars, left->id())) {
                if (right->is(Kind::Name)) {
                    value = right->id();
                    pidDim = pidVarDim(left->id());
                }
            } else if (callWithAttribute(left)) {
                if (isProgramIdCallUnchecked(left) && right->is(Kind::Name)) {
                    value = right->id();
                    pidDim = toInt(programIdDim(left));
                }
            }
            if (right->is(Kind::Name) && contains(m_programIdVars, right->id())) {
                if (left->is(Kind::Name)) {
                    value = left->id();
                    pidDim = pidVarDim(right->id());
                }
            } else if (callWithAttribute(right)) {
                if (isProgramIdCallUnchecked(right) && left->is(Kind::Name)) {
                    value = left->id();
                    pidDim = toInt(programIdDim(right));
                }
            }
            if (value && contains(m_candidates, *value) && !hasValue(splitAxes, *value)) {
                const std::string axis = getAxis(*value);
                if (!axis.empty() && !isTilingOnlySplit(axis, *value)) {
                    dictSet(splitAxes, axis, *value);
                    if (pidDim)
                        recordAxisPidDim(axis, *pidDim);
                }
            }
        }
        genericVisit(node);
    }

    void visitFor(const Node* node)
    {
        const Node* iter = node->child("iter");
        if (!iter || !iter->is(Kind::Call)) {
            genericVisit(node);
            return;
        }
        const Node* fn = iter->child("func");
        const bool isRange = isName(fn, "range");
        const bool isTlRange = isTlAttribute(fn, "range");
        if (!(isRange || isTlRange)) {
            genericVisit(node);
            return;
        }
        const auto& args = iter->list("args");
        if (args.empty()) {
            genericVisit(node);
            return;
        }
        const Node* start = args.size() >= 2 ? args[0] : nullptr;
        const Node* stop = args.size() >= 2 ? args[1] : args[0];
        const auto pidDim = pidDimFromExpr(start);
        const std::string axis = axisFromExpr(stop);
        if (!axis.empty() && pidDim) {
            recordAxisPidDim(axis, *pidDim);
            if (args.size() >= 3) {
                const std::string param = gridStrideSplitParam(start, args[2], *pidDim);
                if (!param.empty())
                    markTilingOnlyParam(axis, param);
            }
        }
        genericVisit(node);
    }

    static std::optional<int> toInt(std::optional<std::int64_t> v)
    {
        if (!v)
            return std::nullopt;
        return static_cast<int>(std::clamp<std::int64_t>(*v, std::numeric_limits<int>::min(),
                                                         std::numeric_limits<int>::max()));
    }

    std::optional<int> pidVarDim(const std::string& name) const
    {
        const int* d = dictGet(m_programIdVarDims, name);
        return d ? std::optional<int>(*d) : std::nullopt;
    }

    // `tl.program_id(d)` / `tl.num_programs(d)` with a literal int dim (0 when absent).
    static std::optional<std::int64_t> tlDimCall(const Node* node, std::string_view attr)
    {
        if (!isTlCall(node, attr))
            return std::nullopt;
        std::int64_t dim = 0;
        const auto& args = node->list("args");
        if (!args.empty()) {
            const auto v = intConstant(args[0]);
            if (!v)
                return std::nullopt;
            dim = *v;
        }
        for (const Node* kw : node->list("keywords")) {
            if (kw->str("arg") == "axis") {
                const auto v = intConstant(kw->child("value"));
                if (!v)
                    return std::nullopt;
                dim = *v;
                break;
            }
        }
        return dim;
    }
    static std::optional<std::int64_t> programIdDim(const Node* node) { return tlDimCall(node, "program_id"); }
    static std::optional<std::int64_t> numProgramsDim(const Node* node) { return tlDimCall(node, "num_programs"); }

    std::optional<int> pidDimFromExpr(const Node* node) const
    {
        if (!node)
            return std::nullopt;
        std::vector<const Node*> scratch;
        for (const Node* child : m_tree.walk(node, scratch)) {
            if (child->is(Kind::Name))
                if (auto d = pidVarDim(child->id()))
                    return d;
            if (auto d = programIdDim(child))
                return toInt(d);
        }
        return std::nullopt;
    }

    bool containsPidDim(const Node* node, int pidDim) const
    {
        if (!node)
            return false;
        std::vector<const Node*> scratch;
        for (const Node* child : m_tree.walk(node, scratch)) {
            if (child->is(Kind::Name))
                if (auto d = pidVarDim(child->id()); d && *d == pidDim)
                    return true;
            if (auto d = programIdDim(child); d && *d == pidDim)
                return true;
        }
        return false;
    }

    bool containsNumProgramsDim(const Node* node, int pidDim) const
    {
        if (!node)
            return false;
        std::vector<const Node*> scratch;
        for (const Node* child : m_tree.walk(node, scratch)) {
            if (child->is(Kind::Name))
                if (const int* d = dictGet(m_numProgramsVarDims, child->id()); d && *d == pidDim)
                    return true;
            if (auto d = numProgramsDim(child); d && *d == pidDim)
                return true;
        }
        return false;
    }

    bool isCandidateName(const Node* node, const std::string& name) const
    {
        return isName(node, name) && contains(m_candidates, name);
    }

    // The one candidate multiplied by the program id of `pidDim` in `node` (else empty).
    std::string pidMultipliedCandidate(const Node* node, int pidDim) const
    {
        std::set<std::string> found;
        std::vector<const Node*> scratch;
        for (const Node* child : m_tree.walk(node, scratch)) {
            if (!child->is(Kind::BinOp) || child->op() != Kind::Mult)
                continue;
            const Node* left = child->child("left");
            const Node* right = child->child("right");
            if (left->is(Kind::Name) && contains(m_candidates, left->id()) && containsPidDim(right, pidDim))
                found.insert(left->id());
            if (right->is(Kind::Name) && contains(m_candidates, right->id()) && containsPidDim(left, pidDim))
                found.insert(right->id());
        }
        return found.size() == 1 ? *found.begin() : std::string();
    }

    bool numProgramsMultipliedCandidate(const Node* node, const std::string& name, int pidDim) const
    {
        std::vector<const Node*> scratch;
        for (const Node* child : m_tree.walk(node, scratch)) {
            if (!child->is(Kind::BinOp) || child->op() != Kind::Mult)
                continue;
            if (isCandidateName(child->child("left"), name) && containsNumProgramsDim(child->child("right"), pidDim))
                return true;
            if (isCandidateName(child->child("right"), name) && containsNumProgramsDim(child->child("left"), pidDim))
                return true;
        }
        return false;
    }

    // A grid-stride loop `range(pid * P, n, num_programs * P)`: P walks the axis inside one
    // program, so the backend treats it as tiling only.
    std::string gridStrideSplitParam(const Node* start, const Node* step, int pidDim) const
    {
        if (!start || !step)
            return {};
        std::string name = pidMultipliedCandidate(start, pidDim);
        if (name.empty())
            return {};
        return numProgramsMultipliedCandidate(step, name, pidDim) ? name : std::string();
    }

    void markTilingOnlyParam(const std::string& axis, const std::string& name)
    {
        m_tilingOnly[axis].insert(name);
        if (const std::string* current = findAxis(splitAxes, axis); current && *current == name) {
            dictErase(splitAxes, axis);
            dictErase(splitAxisPidDims, axis);
        }
    }

    bool isTilingOnlySplit(const std::string& axis, const std::string& name) const
    {
        const auto it = m_tilingOnly.find(axis);
        return it != m_tilingOnly.end() && it->second.count(name) > 0;
    }

    std::string axisFromExpr(const Node* node) const
    {
        if (!node)
            return {};
        for (const auto& [axis, param] : m_keys)
            if (m_tree.contains(node, param))
                return axis;
        return {};
    }

    void recordAxisPidDim(const std::string& axis, int pidDim)
    {
        dictSet(axisPidDims, axis, pidDim);
        if (findAxis(splitAxes, axis))
            dictSet(splitAxisPidDims, axis, pidDim);
    }

    std::vector<std::string> m_candidates;
    std::vector<std::string> m_programIdVars;
    std::vector<std::pair<std::string, int>> m_programIdVarDims;
    std::vector<std::pair<std::string, int>> m_numProgramsVarDims;
    std::map<std::string, std::set<std::string>> m_tilingOnly;
};

// ---- TilingAxesParser ----

class TilingAxesParser : public AxesKeyParser {
public:
    TilingAxesParser(const Tree& tree, const AxisMap& keys, std::vector<std::string> candidates)
        : AxesKeyParser(tree, keys)
        , m_candidates(std::move(candidates))
    {
    }

    AxisMap tilingAxes;

    void visit(const Node* node) override
    {
        switch (node->kind) {
        case Kind::For: visitFor(node); break;
        case Kind::Assign: visitAssign(node); break;
        default: genericVisit(node); break;
        }
    }

private:
    void visitFor(const Node* node)
    {
        const Node* iter = node->child("iter");
        // Any three-argument call counts as a loop with a step, not just range().
        if (iter && iter->is(Kind::Call) && iter->list("args").size() == 3) {
            const std::string param = uniqueCandidate(iter->list("args")[2]);
            if (!param.empty() && !contains(m_loopParams, param))
                m_loopParams.push_back(param);
        }
        genericVisit(node);
    }

    void visitAssign(const Node* node)
    {
        const auto& targets = node->list("targets");
        if (targets.size() == 1 && targets[0] && targets[0]->is(Kind::Name)) {
            const Node* value = node->child("value");
            if (value->is(Kind::BinOp) && value->op() == Kind::FloorDiv) {
                const std::string param = uniqueCandidate(value->child("right"));
                if (!param.empty() && !contains(m_loopParams, param)) {
                    m_loopParams.push_back(param);
                    // A new loop-count denominator: the whole function is visited again, so
                    // tl.arange calls seen earlier get a second look.
                    visit(m_tree.root());
                }
            }
            const std::string val = tilingAxesVal(value);
            if (!val.empty() && contains(m_loopParams, val)) {
                const std::string axis = getAxis(val);
                if (!axis.empty())
                    dictSet(tilingAxes, axis, val);
            }
        }
        genericVisit(node);
    }

    // The first loop parameter in the size of a two-argument tl.arange in `node`.
    std::string tilingAxesVal(const Node* node) const
    {
        if (!node)
            raiseNoFields("NoneType");
        if (isTlCall(node, "arange")) {
            const auto& args = node->list("args");
            if (args.size() == 2)
                for (const std::string& param : m_loopParams)
                    if (m_tree.contains(args[1], param))
                        return param;
        }
        for (const Field& f : node->fields) {
            if (f.type == Field::Type::NodeList) {
                for (const Node* item : f.nodes) {
                    std::string val = tilingAxesVal(item);
                    if (!val.empty())
                        return val;
                }
            } else if (f.type == Field::Type::StringList) {
                if (!f.strings.empty())
                    raiseNoFields("str");
            } else if (f.type == Field::Type::Node) {
                std::string val = tilingAxesVal(f.node);
                if (!val.empty())
                    return val;
            }
        }
        return {};
    }

    std::string uniqueCandidate(const Node* expr) const
    {
        if (!expr)
            return {};
        std::string found;
        int count = 0;
        for (const std::string& param : m_candidates)
            if (m_tree.contains(expr, param)) {
                if (count++ == 0)
                    found = param;
            }
        return count == 1 ? found : std::string();
    }

    std::vector<std::string> m_candidates;
    std::vector<std::string> m_loopParams;
};

// ---- LowDimsAxesParser ----

class LowDimsAxesParser : public AxesKeyParser {
public:
    using AxesKeyParser::AxesKeyParser;

    std::vector<std::string> lowDimAxes;

    void visit(const Node* node) override
    {
        if (node->is(Kind::Assign))
            visitAssign(node);
        else
            genericVisit(node);
    }

private:
    void visitAssign(const Node* node)
    {
        const auto& targets = node->list("targets");
        if (targets.size() == 1 && targets[0] && targets[0]->is(Kind::Name)) {
            const std::string target = targets[0]->id();
            const Node* arange = tlArangeNode(node);
            std::string axis;
            if (arange && arange->is(Kind::Call)) {
                bool inOtherSlice = false;
                if (isPartInLowDimSlice(target, inOtherSlice, nullptr))
                    axis = getAxis(target);
                else if (!inOtherSlice)
                    axis = getAxis(target);
            } else if (arange && arange->is(Kind::Subscript)) {
                bool ignored = false;
                if (isLowDimSlice(arange, ignored))
                    axis = getAxis(target);
            }
            if (!axis.empty() && !contains(lowDimAxes, axis))
                lowDimAxes.push_back(axis);
        }
        genericVisit(node);
    }

    // The first `tl.arange(...)` (or a subscript of it) below `node`, depth first, pre-order.
    const Node* tlArangeNode(const Node* node) const
    {
        if (!node)
            raiseNoFields("NoneType");
        for (const Field& f : node->fields) {
            if (f.type == Field::Type::NodeList) {
                for (const Node* item : f.nodes) {
                    if (isTlArangeCall(item))
                        return item;
                    if (const Node* found = tlArangeNode(item))
                        return found;
                }
            } else if (f.type == Field::Type::StringList) {
                if (!f.strings.empty())
                    raiseNoFields("str");
            } else if (f.type == Field::Type::Node) {
                if (isTlArangeCall(f.node))
                    return f.node;
                if (const Node* found = tlArangeNode(f.node))
                    return found;
            }
        }
        return nullptr;
    }

    static bool isTlArangeCall(const Node* node)
    {
        if (!node)
            return false;
        if (node->is(Kind::Call) && node->child("func") && node->child("func")->is(Kind::Attribute))
            return isTlAttribute(node->child("func"), "arange");
        if (node->is(Kind::Subscript))
            return isTlArangeCall(node->child("value"));
        return false;
    }

    // `[..., :]`: the last index is a slice. Any other tuple index flags `inOtherSlice`.
    static bool isLowDimSlice(const Node* subscript, bool& inOtherSlice)
    {
        const Node* slice = subscript->child("slice");
        if (!slice || !slice->is(Kind::Tuple))
            return false;
        const auto& elts = slice->list("elts");
        if (!elts.empty() && !(elts.back() && elts.back()->is(Kind::Slice))) {
            inOtherSlice = true;
            return false;
        }
        return true;
    }

    bool isPartInLowDimSlice(const std::string& var, bool& inOtherSlice, const Node* node)
    {
        if (!node)
            node = m_tree.root();
        for (const Node* child : m_tree.walkFor(node, var, kNameSubscripts | kAssigns)) {
            if (child->is(Kind::Subscript) && child->child("value") && child->child("value")->is(Kind::Name)) {
                if (var == child->child("value")->id() && isLowDimSlice(child, inOtherSlice))
                    return true;
            } else if (child->is(Kind::Assign)) {
                const auto& targets = child->list("targets");
                if (targets.size() == 1 && targets[0] && targets[0]->is(Kind::Name) && var != targets[0]->id()) {
                    const Node* value = child->child("value");
                    if (!m_tree.contains(value, var))
                        continue;
                    const std::string target = targets[0]->id();
                    if (m_checkedSliceVars.count(target))
                        continue;
                    if (isPartInLowDimSlice(var, inOtherSlice, value))
                        return true;
                    if (isPartInLowDimSlice(target, inOtherSlice, nullptr))
                        return true;
                }
            }
        }
        m_checkedSliceVars.insert(var);
        return false;
    }

    std::unordered_set<std::string> m_checkedSliceVars;
};

// ---- ReductionAxesParser ----

class ReductionAxesParser : public Visitor {
public:
    ReductionAxesParser(const Tree& tree, const AxisMap& keys)
        : m_tree(tree)
        , m_keys(keys)
    {
    }

    std::vector<std::string> reductionAxes;

    void parse() { visit(m_tree.root()); }

    void visit(const Node* node) override
    {
        if (node->is(Kind::Assign)) {
            scanSubscripts(node->child("value"));
            genericVisit(node);
        } else if (node->is(Kind::Call)) {
            visitCall(node);
        } else {
            genericVisit(node);
        }
    }

private:
    // The widest subscript seen so far (in visiting order) gives the rank for negative axes.
    void scanSubscripts(const Node* node)
    {
        if (!node)
            return;
        if (node->is(Kind::Subscript)) {
            const Node* slice = node->child("slice");
            const std::int64_t ndim =
                slice && slice->is(Kind::Tuple) ? static_cast<std::int64_t>(slice->list("elts").size()) : 1;
            m_ndim = std::max(m_ndim, ndim);
        }
        for (const Node* child : py::iterChildNodes(node))
            scanSubscripts(child);
    }

    void visitCall(const Node* node)
    {
        const Node* func = node->child("func");
        if (!func || !func->is(Kind::Attribute))
            return;  // calls of plain names are not descended into
        if (!isName(func->child("value"), "tl")) {
            genericVisit(node);
            return;
        }
        static const std::vector<std::string> reductions = {"sum", "xor_sum", "max", "min", "argmax", "argmin"};
        if (!contains(reductions, func->str("attr")))
            return;  // neither are other tl.* calls
        std::optional<std::int64_t> dim;
        const auto& args = node->list("args");
        if (args.size() == 1) {
            for (const Node* kw : node->list("keywords"))
                if (kw->str("arg") == "axis") {
                    dim = axisDim(kw->child("value"));
                    break;
                }
        } else if (args.size() == 2) {
            dim = axisDim(args[1]);
        } else {
            raise("ValueError", "Reduction funtions args error");
        }
        if (dim) {
            const std::string axis = getAxis(*dim);
            if (!axis.empty() && !contains(reductionAxes, axis))
                reductionAxes.push_back(axis);
        }
    }

    std::int64_t axisDim(const Node* node) const
    {
        using T = py::ConstantValue::Type;
        if (const py::ConstantValue* c = node->constant()) {
            if (auto v = intConstant(node))
                return *v;
            raise("ValueError", "Reduction function axis must be an integer, got " + pyConstantTypeName(*c) +
                                    ": " + pyConstantStr(*c));
        }
        if (node->is(Kind::UnaryOp) && node->op() == Kind::USub) {
            const Node* operand = node->child("operand");
            const py::ConstantValue* c = operand ? operand->constant() : nullptr;
            if (!c)
                raise("UnboundLocalError",
                      "cannot access local variable 'axis_dim' where it is not associated with a value");
            if (auto v = intConstant(operand))
                return m_ndim - *v;
            if (c->type == T::Float || c->type == T::Complex)  // the result is no int; the message
                raise("AttributeError", "'UnaryOp' object has no attribute 'value'");  // then fails
            raise("TypeError", "unsupported operand type(s) for -: 'int' and '" + pyConstantTypeName(*c) + "'");
        }
        raise("ValueError", "Reduction function axis error, got: " + astDump(node));
    }

    // `get_axis` for a dimension: each dimension is looked up once per parse.
    std::string getAxis(std::int64_t dim)
    {
        if (contains(m_checkedDims, dim))
            return {};
        m_checkedDims.push_back(dim);
        std::vector<const Node*> scratch;
        for (const Node* node : m_tree.walk(m_tree.root(), scratch)) {
            if (!node->is(Kind::Assign))
                continue;
            std::string axis = handleAssignNode(dim, node);
            if (!axis.empty())
                return axis;
        }
        return {};
    }

    std::string handleAssignNode(std::int64_t dim, const Node* node)
    {
        const Node* value = node->child("value");
        if (!value->is(Kind::Compare))
            return {};
        const auto& ops = value->list("ops");
        if (ops.size() != 1 || !ops[0]->is(Kind::Lt))
            return {};
        const std::string* lengthParam = nullptr;
        for (const auto& [axis, param] : m_keys)
            if (m_tree.contains(value, param)) {
                lengthParam = &param;
                break;
            }
        if (!lengthParam)
            return {};
        auto axisOfLength = [&]() -> std::string {
            const std::string* axis = findAxisOfParam(m_keys, *lengthParam);
            return axis && !contains(reductionAxes, *axis) ? *axis : std::string();
        };
        const Node* left = value->child("left");
        if (left->is(Kind::Name) && checkCompareLeft(left->id(), dim))
            if (std::string axis = axisOfLength(); !axis.empty())
                return axis;
        const auto& targets = node->list("targets");
        if (targets.size() == 1 && targets[0] && targets[0]->is(Kind::Name) &&
            checkCompareTarget(targets[0]->id(), dim, nullptr))
            if (std::string axis = axisOfLength(); !axis.empty())
                return axis;
        return {};
    }

    bool checkCompareLeft(const std::string& var, std::int64_t dim) const
    {
        for (const Node* node : m_tree.walkFor(m_tree.root(), var, kAssigns)) {
            if (!node->is(Kind::Assign))
                continue;
            const auto& targets = node->list("targets");
            if (targets.size() != 1 || !isName(targets[0], var))
                continue;
            if (isCurrentDimSlice(node->child("value"), dim))
                return true;
        }
        return false;
    }

    // Looks for `var[...]` slicing dimension `dim`. A subscript of another variable is not
    // descended into; list items are searched from their children only (as the original).
    bool checkCompareTarget(const std::string& var, std::int64_t dim, const Node* node) const
    {
        if (!node)
            node = m_tree.root();
        for (const Field& f : node->fields) {
            if (f.type == Field::Type::NodeList) {
                for (const Node* item : f.nodes) {
                    if (!item)  // None restarts the search from the root, forever
                        raise("RecursionError", "maximum recursion depth exceeded");
                    if (checkCompareTarget(var, dim, item))
                        return true;
                }
            } else if (f.type == Field::Type::StringList) {
                if (!f.strings.empty())
                    raiseNoFields("str");
            } else if (f.type == Field::Type::Node) {
                const Node* value = f.node;
                if (value->is(Kind::Subscript)) {
                    if (!isName(value->child("value"), var))
                        continue;
                    if (isCurrentDimSlice(value, dim))
                        return true;
                } else if (checkCompareTarget(var, dim, value)) {
                    return true;
                }
            }
        }
        return false;
    }

    bool isCurrentDimSlice(const Node* node, std::int64_t dim) const
    {
        std::vector<const Node*> scratch;
        for (const Node* n : m_tree.walk(node, scratch)) {
            if (!n->is(Kind::Subscript))
                continue;
            const Node* slice = n->child("slice");
            if (!slice || !slice->is(Kind::Tuple))
                continue;
            const auto& elts = slice->list("elts");
            if (!elts.empty()) {
                const Node* elt = elts[pyIndex(dim, elts.size())];
                if (elt && elt->is(Kind::Slice))
                    return true;
            }
        }
        return false;
    }

    const Tree& m_tree;
    const AxisMap& m_keys;
    std::int64_t m_ndim = 1;
    std::vector<std::int64_t> m_checkedDims;
};

// ---- the tuner's flow ----

// The launch arguments as the backend's `all_args` dict: a later entry of the same name wins.
class LaunchArgs {
public:
    explicit LaunchArgs(const std::vector<LaunchArgument>& args)
    {
        for (const LaunchArgument& a : args) {
            auto it = std::find_if(m_order.begin(), m_order.end(), [&](const auto* p) { return p->name == a.name; });
            if (it != m_order.end())
                *it = &a;
            else
                m_order.push_back(&a);
        }
    }
    const LaunchArgument* get(const std::string& name) const
    {
        for (const LaunchArgument* a : m_order)
            if (a->name == name)
                return a;
        return nullptr;
    }
    bool has(const std::string& name) const { return get(name) != nullptr; }
    const std::vector<const LaunchArgument*>& all() const { return m_order; }

private:
    std::vector<const LaunchArgument*> m_order;
};

std::string typeNameOf(const LaunchArgument& a)
{
    switch (a.kind) {
    case LaunchArgument::Kind::Int: return "int";
    case LaunchArgument::Kind::Float: return "float";
    case LaunchArgument::Kind::Bool: return "bool";
    case LaunchArgument::Kind::Str: return "str";
    case LaunchArgument::Kind::None: return "NoneType";
    case LaunchArgument::Kind::Tensor: return "Tensor";
    case LaunchArgument::Kind::Other: return a.text.empty() ? "object" : a.text;
    }
    return "object";
}

// A Python int value of an argument (bool included), else nullopt.
std::optional<std::int64_t> intArgument(const LaunchArgument* a)
{
    if (!a)
        return std::nullopt;
    if (a->kind == LaunchArgument::Kind::Int || a->kind == LaunchArgument::Kind::Bool)
        return a->intValue;
    return std::nullopt;
}

class AxisParseRun {
public:
    AxisParseRun(const ParseInput& input, AxisParse& out)
        : m_in(input)
        , m_out(out)
        , m_args(input.args)
    {
    }

    void run()
    {
        stage("init");
        initAxisParams();
        if (!m_in.function)
            raise("ValueError", "no kernel function to parse");
        Tree tree(m_in.function);
        const std::vector<std::string> constexprs = constexprCandidates(tree);
        m_out.constexprParams = constexprs;

        std::vector<std::string> missing;
        for (const std::string& name : m_in.argNames)
            if (!m_args.has(name))
                missing.push_back(name);
        m_out.missingParams = missing;

        std::vector<std::string> ptrParams;
        for (const LaunchArgument* a : m_args.all())
            if (a->kind == LaunchArgument::Kind::Tensor)
                ptrParams.push_back(a->name);
        m_out.numBuffers = static_cast<int>(ptrParams.size());
        log("Ascend autotuning parse pointer params: " + pyListRepr(ptrParams) +
            ", pointer nums: " + std::to_string(ptrParams.size()));

        // Reduction axes first: they rename their keys (x -> rx) for every later parser.
        stage("reduction");
        if (m_reductionAxes.empty()) {
            ReductionAxesParser parser(tree, m_keys);
            parser.parse();
            for (const std::string& axis : parser.reductionAxes) {
                const std::string param = *findAxis(m_keys, axis);
                dictErase(m_keys, axis);
                dictSet(m_keys, "r" + axis, param);
            }
            m_reductionAxes.clear();
            for (const std::string& axis : parser.reductionAxes)
                m_reductionAxes.push_back("r" + axis);
            log("Ascend autotuning parse keys: " + pyDictRepr(m_keys) + " ");
            log("Ascend autotuning parse reduction axes: " + pyListRepr(m_reductionAxes));
        }
        m_out.keys = m_keys;
        m_out.reductionAxes = m_reductionAxes;
        m_out.dualReduction = m_reductionAxes.size() >= 2;

        stage("low-dim");
        if (m_lowDimAxes.empty()) {
            LowDimsAxesParser parser(tree, m_keys);
            parser.parse();
            m_lowDimAxes = parser.lowDimAxes;
            if (m_lowDimAxes.empty()) {
                const std::string warning =
                    "[WARNING] Failed to parse low-dimensional axes, fallback to empty low_dim_axes.";
                if (m_in.printAutotuning)
                    m_out.backendWarnings.push_back(warning);
                log(warning);
            } else {
                log("Ascend autotuning parse low dimensional axes: " + pyListRepr(m_lowDimAxes));
            }
        }
        m_out.lowDimAxes = m_lowDimAxes;

        stage("persistent");
        m_out.persistentReduction = persistentReduction();

        if (m_splitParams.empty()) {
            stage("split");
            SplitAxesParser parser(tree, m_keys, constexprs);
            parser.parse();
            m_out.allSplitParams = parser.splitAxes;
            m_out.splitAxisPidDims = parser.splitAxisPidDims;
            m_out.axisPidDims = parser.axisPidDims;
            log("Ascend autotuning parse split axes: " + pyDictRepr(parser.splitAxes) +
                ", split axis pid dims: " + pyDictRepr(parser.splitAxisPidDims) +
                ", axis pid dims: " + pyDictRepr(parser.axisPidDims));

            m_out.fixedGridDims = fixedGridDimValues(constexprs);
            std::set<std::string> fixedGridAxes;
            for (const auto& [axis, pidDim] : m_out.axisPidDims)
                if (m_out.fixedGridDims.count(pidDim))
                    fixedGridAxes.insert(axis);
            // Only parameters the launch leaves out are tuned; a fixed grid dim is not split.
            for (const auto& [axis, param] : m_out.allSplitParams)
                if (contains(missing, param) && !fixedGridAxes.count(axis))
                    m_splitParams.emplace_back(axis, param);
            for (const auto& [axis, pidDim] : m_out.axisPidDims) {
                const auto fixed = m_out.fixedGridDims.find(pidDim);
                if (fixed == m_out.fixedGridDims.end() || fixed->second <= 0)
                    continue;
                const std::string* lengthParam = findAxis(m_keys, axis);
                const auto length = intArgument(lengthParam ? m_args.get(*lengthParam) : nullptr);
                if (!length || *length <= 0)
                    continue;
                dictSet(m_out.fixedSplitParams, axis, (*length + fixed->second - 1) / fixed->second);
            }
        } else {
            // Split axes from hints: the program-id mapping is still parsed (fixed-grid info).
            stage("axis-pid");
            SplitAxesParser parser(tree, m_keys, constexprs);
            parser.parse();
            m_out.axisPidDims = parser.axisPidDims;
            m_out.splitAxisPidDims = parser.splitAxisPidDims;
            log("Ascend autotuning parse axis pid dims (independent): " + pyDictRepr(parser.axisPidDims));
        }
        m_out.splitParams = m_splitParams;

        std::vector<std::string> remaining;
        for (const std::string& name : missing)
            if (!hasValue(m_splitParams, name))
                remaining.push_back(name);

        stage("tiling");
        if (m_tilingParams.empty()) {
            TilingAxesParser parser(tree, m_keys, remaining);
            parser.parse();
            m_tilingParams = parser.tilingAxes;
            log("Ascend autotuning parse tiling axes: " + pyDictRepr(m_tilingParams));
        }
        m_out.tilingParams = m_tilingParams;
        m_out.completed = true;

        stage("missing-args");
        std::vector<std::string> stillMissing;
        for (const std::string& name : remaining)
            if (!hasValue(m_tilingParams, name))
                stillMissing.push_back(name);
        if (!stillMissing.empty())
            raise("ValueError", "Missing required arguments: " + pyListRepr(stillMissing) +
                                    ". These arguments must be explicitly provided and cannot be automatically "
                                    "tuned. Please ensure that these arguments are passed when calling the function.");
    }

private:
    void stage(const char* name) { m_out.errorStage = name; }

    void log(const std::string& line)
    {
        if (m_in.printAutotuning)
            m_out.backendLog.push_back(line);
    }

    // `_init_axis_params`: the checks made when the decorator is built.
    void initAxisParams()
    {
        const AxisHints& h = m_in.hints;
        auto invalid = [&](const char* name) -> const AxisHints::Invalid* {
            const auto it = h.invalid.find(name);
            return it == h.invalid.end() ? nullptr : &it->second;
        };
        auto truthy = [&](const char* name, bool givenNonEmpty) {
            const AxisHints::Invalid* bad = invalid(name);
            return bad ? bad->truthy : givenNonEmpty;
        };
        const bool splitGiven = truthy("split_params", h.splitParams && !h.splitParams->empty());
        const bool tilingGiven = truthy("tiling_params", h.tilingParams && !h.tilingParams->empty());
        const bool lowGiven = truthy("low_dim_axes", h.lowDimAxes && !h.lowDimAxes->empty());
        const bool reductionGiven = truthy("reduction_axes", h.reductionAxes && !h.reductionAxes->empty());

        if (!m_in.keyDict) {
            if (splitGiven || tilingGiven || lowGiven || reductionGiven)
                raise("ValueError", "If any axis-related parameters (split_params, tiling_params, low_dim_axes, "
                                    "reduction_axes) are provided, 'key' must be a dict, not a list.");
            if (m_in.keyList.size() > kValidAxisNames.size())
                raise("ValueError", "Number of parameters exceeds the number of available axes.");
            for (std::size_t i = 0; i < m_in.keyList.size(); ++i)
                dictSet(m_keys, kValidAxisNames[i], m_in.keyList[i]);
            m_out.keys = m_keys;
            return;  // falsy hints: everything is parsed
        }

        for (const auto& [axis, param] : *m_in.keyDict)
            if (!contains(kValidAxisNames, axis))
                raise("ValueError", "All keys in 'key' must be valid axis names. Got unexpected keys.");
        for (const auto& [axis, param] : *m_in.keyDict)
            dictSet(m_keys, axis, param);
        m_out.keys = m_keys;

        auto requireType = [&](const char* name, bool present, const char* what) {
            const AxisHints::Invalid* bad = invalid(name);
            if (bad || !present)
                raise("ValueError", std::string(name) + " must be a " + what + ", got: <class '" +
                                        (bad ? bad->typeName : std::string("NoneType")) + "'>");
        };
        requireType("split_params", h.splitParams.has_value(), "dict");
        requireType("tiling_params", h.tilingParams.has_value(), "dict");
        requireType("low_dim_axes", h.lowDimAxes.has_value(), "list");
        requireType("reduction_axes", h.reductionAxes.has_value(), "list");

        std::set<std::string> used;
        for (const auto& [axis, param] : *h.splitParams)
            used.insert(axis);
        for (const auto& [axis, param] : *h.tilingParams)
            used.insert(axis);
        used.insert(h.lowDimAxes->begin(), h.lowDimAxes->end());
        used.insert(h.reductionAxes->begin(), h.reductionAxes->end());
        std::vector<std::string> unknown;
        for (const std::string& axis : used)
            if (!findAxis(m_keys, axis))
                unknown.push_back(axis);
        if (!unknown.empty()) {
            // A Python set: its order varies between runs; we print it sorted.
            std::string set = "{";
            for (std::size_t i = 0; i < unknown.size(); ++i)
                set += (i ? ", " : "") + pyStrRepr(unknown[i]);
            raise("ValueError", "The following axes are used but not present in the 'key': " + set + "}");
        }
        for (const auto& [axis, param] : *h.splitParams)
            dictSet(m_splitParams, axis, param);
        for (const auto& [axis, param] : *h.tilingParams)
            dictSet(m_tilingParams, axis, param);
        m_lowDimAxes = *h.lowDimAxes;
        m_reductionAxes = *h.reductionAxes;
    }

    bool persistentReduction() const
    {
        if (m_reductionAxes.size() != 1)
            return false;
        const std::string& axis = m_reductionAxes[0];
        const std::string* param = findAxis(m_keys, axis);
        const LaunchArgument* a = param ? m_args.get(*param) : nullptr;
        // The innermost axis may stay whole up to 1024 elements; any other up to 64.
        const std::int64_t threshold = !m_lowDimAxes.empty() && axis == m_lowDimAxes[0] ? 1024 : 64;
        if (!a)
            return false;  // float("inf") <= threshold
        switch (a->kind) {
        case LaunchArgument::Kind::Int:
        case LaunchArgument::Kind::Bool:
            return a->intValue <= threshold;
        case LaunchArgument::Kind::Float:
            return a->floatValue <= static_cast<double>(threshold);
        case LaunchArgument::Kind::Tensor: {
            std::int64_t numel = 1;
            for (std::int64_t d : a->shape)
                numel *= d;
            if (numel == 0)
                raise("RuntimeError", "Boolean value of Tensor with no values is ambiguous");
            if (numel > 1)
                raise("RuntimeError", "Boolean value of Tensor with more than one element is ambiguous");
            return false;  // a one-element tensor: its value is not known here
        }
        default:
            raise("TypeError", "'<=' not supported between instances of '" + typeNameOf(*a) + "' and 'int'");
        }
    }

    // `_get_fixed_grid_dim_values`: grid dims that do not depend on any tunable parameter.
    std::map<int, std::int64_t> fixedGridDimValues(const std::vector<std::string>& constexprs) const
    {
        return analysis::fixedGridDimValues(m_in, constexprs);
    }

    const ParseInput& m_in;
    AxisParse& m_out;
    LaunchArgs m_args;
    AxisMap m_keys;
    AxisMap m_splitParams;
    AxisMap m_tilingParams;
    std::vector<std::string> m_lowDimAxes;
    std::vector<std::string> m_reductionAxes;
};

} // namespace

AxisParse parseAxes(const ParseInput& input)
{
    return backends::policy(input.backend).parseAxes(input);
}

AxisParse autoparseAxes(const ParseInput& input)
{
    AxisParse out;
    out.backend = input.backend;
    AxisParseRun run(input, out);
    try {
        run.run();
        out.errorStage.clear();
    } catch (const PythonError& e) {
        out.error = e.message;
        out.errorType = e.type;
    }
    return out;
}

std::string maskAxisOf(const py::Node* function, const AxisMap& keys, const std::string& var)
{
    if (!function)
        return {};
    try {
        Tree tree(function);
        AxesKeyParser parser(tree, keys);
        return parser.axisOf(var);
    } catch (const PythonError&) {
        return {};
    }
}

} // namespace ts::analysis
