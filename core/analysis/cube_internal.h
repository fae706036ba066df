#pragma once
// Pieces of the 2026-08 cube / mix parse shared by cube_parse.cpp, cube_roles.cpp and
// cube_text.cpp: Python's text renderings of expressions, the static evaluation the backend
// does with launch values, and the role inference over tensors (role_engine.py,
// load_semantics.py, shape_inference.py).

#include "core/analysis/axis_parse.h"
#include "core/python/ast.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace ts::analysis::cube {

// ---- text (cube_text.cpp) ----

// ast.unparse(node), Python 3.11 layout, for the expressions kernels use.
std::string unparse(const py::Node* node);
// SymbolicExpr.from_ast / load_semantics.ast_to_text: a Name's id, str() of a Constant, else
// ast.unparse.
std::string exprText(const py::Node* node);
// The Name ids of an expression text (ast.parse(text) walked for Names); empty when the text is
// not an expression.
std::set<std::string> namesInText(const std::string& text);
// The int of a text that parses to an int Constant ("64", "0x40", "True"), else nullopt.
std::optional<std::int64_t> literalInt(const std::string& text);
bool isIdentifier(const std::string& text);

// A launch value the backend evaluates with: bool, int or float.
struct Scalar {
    enum class Type { Bool, Int, Float };
    Type type = Type::Int;
    std::int64_t i = 0; // Bool (0/1) and Int
    double f = 0.0;     // Float
    double asDouble() const { return type == Type::Float ? f : double(i); }
    bool truthy() const { return type == Type::Float ? f != 0.0 : i != 0; }
};
using Known = std::map<std::string, Scalar>;
Known knownScalars(const std::vector<LaunchArgument>& args);

// axis_length_resolver._evaluate_static_expr: nullopt when not static.
std::optional<Scalar> evaluateStatic(const py::Node* node, const Known& known);
// load_semantics.resolve_static_bool_expr (its own, slightly different evaluator).
std::optional<bool> resolveStaticBool(const py::Node* node, const Known& known);

// ---- roles (cube_roles.cpp) ----

struct Role {
    std::optional<std::string> row, col, totalRow, totalCol;
    bool operator==(const Role&) const = default;
    bool empty() const { return !row && !col; }
};
using Roles = std::map<std::string, Role>;

struct DotSiteRaw {
    int siteId = 0;
    std::optional<std::string> m, n, k, lhs, rhs, mTotal, nTotal, kTotal;
    // Where the call is (not part of the backend's identity of a site).
    std::string function;
    int line = 0;
    int col = 0;
};

// shape_inference.infer_dot_sites_mnk_interprocedural when `module` is set (null result when
// the entry is not in it), else infer_dot_sites_mnk on `function`.
std::vector<DotSiteRaw> inferDotSites(const py::Node* function, const py::Node* module, const std::string& entryName);

// ---- load_semantics (cube_semantics.cpp) ----

bool isSliceAll(const py::Node* node);
bool isNoneConstant(const py::Node* node);
// `tl.<name>(...)` with tl a plain Name.
bool isTlCallOf(const py::Node* node, const char* name);
// The symbol a broadcast subscript's base stands for: a Name's id, or the stop text of the one
// tl.arange inside (role_engine's and load_semantics' variants agree on a single stop text).
std::optional<std::string> subscriptBaseSymbol(const py::Node* base);
// role_engine._extract_subscript_axes: x[:, None] -> (symbol, 0), x[None, :] -> (symbol, 1).
std::optional<std::pair<std::string, int>> subscriptAxes2d(const py::Node* subscript);
// role_engine._extract_axis_total_symbol_map: axis symbol -> its global length parameter.
std::map<std::string, std::string> axisTotalSymbols(const py::Node* function);

// load_semantics: the arange length behind each axis symbol of `function` (assignments
// resolved with `known`), as node and text.
struct BlockSymbol {
    std::string text;
    const py::Node* node = nullptr;
};
std::map<std::string, BlockSymbol> axisBlockSymbols(const py::Node* function, const Known& known);

// load_semantics' assignment tracking, shared with the 2026-08 vector parse (vv_parser_2608*).
// A Python dict name -> [expressions], insertion order kept.
struct AssignMap {
    std::vector<std::pair<std::string, std::vector<const py::Node*>>> items;
    // Name sets of expressions already read through this map (cleared whenever it changes).
    mutable std::unordered_map<const py::Node*, std::set<std::string>> namesOf;
    mutable std::unordered_map<const py::Node*, std::set<std::string>> transitiveOf;
    mutable std::unordered_map<const py::Node*, std::vector<const py::Node*>> closureOf; // vv_parser_2608

    std::vector<const py::Node*>* find(const std::string& name)
    {
        for (auto& [k, v] : items)
            if (k == name)
                return &v;
        return nullptr;
    }
    const std::vector<const py::Node*>* find(const std::string& name) const
    {
        return const_cast<AssignMap*>(this)->find(name);
    }
    std::vector<const py::Node*>& slot(const std::string& name)
    {
        namesOf.clear();
        transitiveOf.clear();
        closureOf.clear();
        if (auto* v = find(name))
            return *v;
        items.emplace_back(name, std::vector<const py::Node*>{});
        return items.back().second;
    }
};
void mergeInto(AssignMap& dst, const AssignMap& src);
void targetNames(const py::Node* target, std::vector<std::string>& out);
// build_assignment_expr_map: if-branches resolved with `known`, loop bodies merged.
AssignMap assignmentMap(const py::Node* function, const Known& known);
std::set<std::string> nameIds(const py::Node* expr);
std::map<std::string, int> nameDepths(const py::Node* expr, const AssignMap& map);
std::set<std::string> namesTransitive(const py::Node* expr, const AssignMap& map);
std::optional<std::string> pickParam(const py::Node* expr, const std::set<std::string>& params,
                                     const std::set<std::string>& exclude, const AssignMap& map);
const py::Node* arangeStop(const py::Node* call);
void preorder(const py::Node* node, std::vector<const py::Node*>& out);
std::vector<BlockSymbol> arangeStops(const py::Node* expr);
std::optional<std::pair<int, std::string>> subscriptAxisInfo(const py::Node* subscript);
std::set<std::string> axisSymbolsIn(const py::Node* expr, const std::set<std::string>& candidates);
std::set<std::string> paramNames(const py::Node* function);
const py::Node* singleNameTarget(const py::Node* assign);
std::set<std::string> axisCandidates(const py::Node* function, const std::set<std::string>* params);
std::map<std::string, BlockSymbol> blockSymbols(const py::Node* function, const std::set<std::string>& candidates,
                                                const AssignMap& map);
std::pair<const py::Node*, const py::Node*> rangeStopStep(const py::Node* loop);
// load_semantics.extract_axis_total_symbol_map with the assignment map resolved with `known`.
std::map<std::string, std::string> axisTotalSymbols(const py::Node* function, const Known& known);
std::map<std::string, std::string> axisTotalSymbols(const py::Node* function, const AssignMap& map);

// load_dependency_analyzer.collect_load_derived_symbols on the module (or the function).
std::set<std::string> loadDerivedSymbols(const py::Node* function, const py::Node* module,
                                         const std::string& entryName, const Known& known);

} // namespace ts::analysis::cube
