#pragma once
// The pieces of the 2026-08 v2 axis parse (vv_parser.h) shared by vv_parser.cpp (the
// site walk and the choices) and vv_parser_evidence.cpp (what one symbol says about its
// axis). Names follow vv_param_parser_v2.py's helpers.

#include "core/analysis/cube_internal.h"
#include "core/backends/v2608/vv_parser.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ts::analysis::vv {

using cube::AssignMap;

// An exception upstream's parse raises (its tuner catches it and drops the v2 result).
struct VvRaise {
    std::string message; // "AttributeError: ..."
    int line = 0;        // the statement that made it raise, when known
    int column = 0;
};

// program-id variable -> its dimension (`pid = tl.program_id(1)`).
using PidVars = std::map<std::string, int>;

// _get_program_id_dim: the dimension of a `tl.program_id(...)` call with a literal axis.
std::optional<int> programIdDim(const py::Node* node);
PidVars programIdVars(const py::Node* function);
// _extract_pid_dim_from_expr: the first program id met walking breadth first.
std::optional<int> pidDimIn(const py::Node* expr, const PidVars& vars);

// _iter_expr_closure: the expression, then every expression assigned to a name it reads,
// breadth first, each once.
const std::vector<const py::Node*>& exprClosure(const py::Node* expr, const AssignMap& map);
// _extract_memory_pointer_expr: the pointer of a load / store (first argument or keyword).
const py::Node* memoryPointer(const py::Node* call);

// What a load / store pointer indexes: dimension -> offset symbol, and whether the dimension is
// the last of its subscript (low-dimensional).
struct PtrAxes {
    std::vector<int> indices; // sorted
    std::map<int, std::string> symbols;
    std::map<int, bool> lowDim;
};
PtrAxes ptrAxisSymbols(const py::Node* ptr, const AssignMap& map, const PidVars& pids,
                       const std::set<std::string>& candidates);

struct ExtentCandidate {
    std::string expr, source;
    double confidence = 0;
};
struct SplitCandidate {
    std::string param;
    int pidDim = 0;
    std::string source;
    double confidence = 0;
};
struct TilingCandidate {
    std::string param, loopVar, source; // loopVar empty: none
    double confidence = 0;
};
struct FixedCandidate {
    std::string expr, source;
    double confidence = 0;
    const py::Node* node = nullptr; // the expression itself
};

// The kernel signature and the launch, as axis_length_resolver reads them.
struct Signature {
    std::set<std::string> constexprs;
    std::set<std::string> provided; // every argument passed, whatever its type
    cube::Known known;              // the bool / int / float ones
    std::set<std::string> tunables; // _resolve_tunable_params
};
// classify_length_symbol: "tunable", "fixed_compile_time" or "runtime_non_tunable".
std::string classifyLength(const std::string& text, const Signature& sig);

// `nodes`: the kernel function walked breadth first (ast.walk), once.
std::vector<ExtentCandidate> maskExtents(const std::string& symbol, const std::vector<const py::Node*>& nodes,
                                         const AssignMap& map, const std::set<std::string>& loadDerived);
std::vector<ExtentCandidate> loopStopExtents(const std::string& symbol, const std::vector<const py::Node*>& nodes,
                                             const AssignMap& map);
std::map<std::string, std::string> loopSteps(const py::Node* function);
// symbol -> expressions that index it with a broadcast subscript (build_symbol_user_expr_map).
using UserMap = std::map<std::string, std::vector<const py::Node*>>;
UserMap symbolUsers(const AssignMap& map);
std::vector<SplitCandidate> splitCandidates(const std::string& symbol, const AssignMap& map, const PidVars& pids,
                                            const std::set<std::string>& tunables, const UserMap& users);
std::vector<SplitCandidate> splitCandidatesIn(const py::Node* expr, const PidVars& pids,
                                              const std::set<std::string>& tunables);
std::vector<TilingCandidate> tilingCandidates(const std::string& symbol, const AssignMap& map,
                                              const std::set<std::string>& tunables,
                                              const std::map<std::string, std::string>& steps);
std::vector<FixedCandidate> fixedTilingCandidates(const std::string& symbol, const AssignMap& map,
                                                  const Signature& sig);
std::optional<int> inferPidDim(const std::string& symbol, const std::vector<const py::Node*>& nodes,
                               const AssignMap& map, const PidVars& pids);
// _build_axis_symbol_to_length_map: variable -> the arange length it carries.
std::map<std::string, std::string> symbolLengths(const py::Node* function);

} // namespace ts::analysis::vv
