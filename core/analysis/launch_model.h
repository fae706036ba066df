#pragma once
// What the launch does with one candidate: the programs its grid starts, and whether those
// programs process every element of every axis the kernel indexes exactly as the launch needs —
// programs x block reaching the extent, loops that stride by the grid, a mask wherever a block
// runs past the end ("coverage"). The backend never asks; TileScope never recommends a candidate
// that leaves data unprocessed or reads and writes past the end.
//
// Built once per analysis from the grid (a static list, or a lambda over meta compiled into
// LaunchExprs; any other grid through the safe evaluator) and from the kernel's index
// expressions, masks and loops (launch_model_kernel.cpp). Evaluated per candidate from its
// values. What the model cannot follow (an index computed from loaded data, a block pointer, a
// helper call) makes the verdict `unknown`, never `correct`.
//
// One number per fact: the candidate space keeps these figures for every candidate
// (space/candidate_space.h); `space`, `tune`, the explorer, exports and the cache read them there.

#include "core/analysis/launch_expr.h"
#include "core/util/message_value.h"

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ts::py {
struct Node;
} // namespace ts::py

namespace ts::analysis {

struct KernelAnalysis;
struct ParseInput;

enum class Coverage : std::uint8_t { Correct, Incorrect, Unknown };
std::string_view coverageName(Coverage coverage); // "correct", "incorrect", "unknown"

enum class CoverageIssue : std::uint8_t {
    None,
    Uncovered,      // the programs leave elements of an axis unprocessed
    Overrun,        // an access reaches past the end of an axis without a mask
    StrideMismatch, // a loop strides by a fixed number of programs that is not the grid's
    WrongStride,    // an index steps through a tensor by a stride that is not the tensor's own
    Unknown,        // the model does not follow an index, a loop or the grid
};

// What one candidate's launch does. Small and comparable: the space keeps one per distinct value.
struct LaunchFigures {
    std::array<std::int64_t, 3> grid{0, 0, 0}; // 0 where the grid cannot be evaluated
    std::int64_t programs = 0;                 // 0 when unknown
    Coverage coverage = Coverage::Unknown;
    CoverageIssue issue = CoverageIssue::Unknown;
    std::int16_t check = -1;  // the index the issue is about (LaunchModel::checks()), -1: the grid
    std::int64_t covered = 0; // elements processed (Uncovered), or the last index reached (Overrun)
    std::int64_t extent = 0;  // elements the axis has
    std::int64_t along = 0;   // programs along the grid dimension of the index (0: none)
    std::int64_t block = 0;   // elements one program starts apart (its block), or processes
    std::int64_t stride = 0;  // StrideMismatch: the programs the loop strides by; WrongStride: the stride

    friend bool operator==(const LaunchFigures&, const LaunchFigures&) = default;
};

// An index the kernel reads or writes through, as the model follows it: a sum of terms over the
// program id, loop variables and one tl.arange, in units of `scale` elements.
struct IndexTerm {
    enum class Kind : std::uint8_t { Pid, Loop, Arange };
    Kind kind = Kind::Pid;
    int ref = 0;     // Pid: the grid dimension; Loop / Arange: the index in loops / aranges
    LaunchExpr coef; // multiplies the term's value
    friend bool operator==(const IndexTerm&, const IndexTerm&) = default;
};

// `for v in range(start, stop, step)`; a grid-stride loop starts at pid(startPid) x startCoef and
// steps by num_programs(stepDim) x stepCoef (or by `step` when stepDim < 0).
struct LoopRange {
    LaunchExpr start, stop, step;
    int startPid = -1;
    LaunchExpr startCoef;
    int stepDim = -1;
    LaunchExpr stepCoef;
    int line = 0;
};

struct ArangeRange {
    LaunchExpr start, end;
};

struct CoverageCheck {
    std::vector<IndexTerm> terms;
    msg::Arg what;             // the variable the index is named by ("rows", "offsets"), or a
                               // message saying where it is when it has no name
    std::string tensor;        // the pointer argument accessed
    int line = 0;              // the first access through it
    bool store = false;        // some access through it writes
    bool masked = false;       // a mask bounds it by `extent`
    bool extentKnown = false;
    LaunchExpr extent;         // the mask's bound, or the tensor's dimension the scale selects
    std::string extentText;    // "n_rows", "x_ptr.shape[0]"
    bool judgeCoverage = true; // false: a fixed part of a tensor (only overruns are judged)
    std::optional<LaunchExpr> wrap; // `% M`: the index wraps at M, it never overruns
    // The stride it steps through its tensor by, when a candidate's value decides it (a
    // constexpr row stride), and the stride the tensor's own layout has there.
    std::optional<LaunchExpr> stride;
    std::int64_t tensorStride = 0;
    msg::Message unknown; // set: why the model does not follow this index
};

// Preconditions of the model: `value` must equal grid dimension `dim` (tl.swizzle2d's counts).
struct GridEquality {
    LaunchExpr value;
    int dim = 0;
    std::string text;
};

class LaunchModel {
public:
    // The values a candidate supplies, in slot order (every constexpr of the kernel), with what a
    // candidate that does not set one gets: the launch's value, the default, or the hint's first
    // value (kUnknownSlot when none).
    const std::vector<std::string>& slots() const { return m_slots; }
    const std::vector<std::int64_t>& slotDefaults() const { return m_slotDefaults; }
    int slotOf(std::string_view name) const;
    // Whether a slot changes the grid or the coverage (a candidate differing only in other slots
    // has the same figures).
    bool reads(int slot) const { return slot >= 0 && std::size_t(slot) < m_reads.size() && m_reads[std::size_t(slot)]; }
    // The kernel calls tl.dot: its programs run on the cube cores.
    bool usesCube() const { return m_usesCube; }
    const std::vector<CoverageCheck>& checks() const { return m_checks; }
    // Why nothing can be judged, when so (a helper called with a pointer, a block pointer).
    const msg::Message& unfollowed() const { return m_unfollowed; }

    // The figures of one candidate; `values` holds one value per slot (kUnknownSlot: unset).
    LaunchFigures evaluate(const std::int64_t* values) const;
    // The figures of a config given by name (a generated or proposed config); a slot it does
    // not set keeps its default.
    LaunchFigures evaluate(const std::vector<std::pair<std::string, std::int64_t>>& config) const;

    // ---- what advice may change (analysis/guide_rules.cpp, generation_fix.cpp) ----

    // The grid dimensions whose needed size `param` decides: an index takes pid(dim) x a block
    // that reads `param`. Empty when the grid does not depend on it.
    std::vector<int> gridDimsOf(const std::string& param) const;
    // Whether the grid is a fixed list (or an expression of the launch alone).
    bool staticGrid() const { return m_grid.known && m_grid.compiled && !m_gridReadsSlots; }
    // A grid that follows `param`: every dimension gridDimsOf(param) gives becomes
    // cdiv(extent, block), the others keep their size; the lambda's text ("lambda meta:
    // (triton.cdiv(n_rows, meta['XBLOCK']), 4)") and the model with that grid. nullopt when a
    // dimension's extent or block is not one TileScope can write.
    struct GridProposal {
        std::string text;
        std::shared_ptr<const LaunchModel> model;
    };
    std::optional<GridProposal> proposeGrid(const std::string& param) const;
    // Why grid dim `dim` must keep its size: a loop strides by a fixed number of programs that
    // only that size covers. nullopt when nothing ties it.
    std::optional<msg::Message> gridMustStay(int dim) const;
    // Why a candidate is incorrect or unknown, in numbers: "covers 256 of 8,192 rows: grid dim 0
    // is 128 programs × XBLOCK 2"; empty when it is correct. The message is what the explorer
    // renders in the reader's language; describe() is its English.
    msg::Message coverageMessage(const LaunchFigures& figures) const;
    std::string describe(const LaunchFigures& figures) const { return coverageMessage(figures).english(); }

    // ---- building (launch_model_grid.cpp, launch_model_kernel.cpp) ----
    struct Grid {
        bool known = false;                     // a grid was given
        std::vector<LaunchExpr> dims;           // compiled, when `compiled`
        bool compiled = false;
        std::string text;                       // as written, for messages
        // Any other callable grid: called with the slots' values as meta overrides.
        std::function<std::optional<std::vector<std::optional<std::int64_t>>>(const std::map<std::string, std::int64_t>&)>
            call;
        std::vector<int> callReads;             // the slots the callable may read
    };

    LaunchModel() = default;
    // A copy without the callable grid's memo (which is only a cache).
    LaunchModel(const LaunchModel& other);

private:
    friend class LaunchModelBuilder;
    std::optional<std::array<std::int64_t, 3>> evaluateGrid(const std::int64_t* values) const;
    LaunchFigures judge(const CoverageCheck& check, const std::int64_t* values,
                        const std::array<std::int64_t, 3>& grid) const;

    std::vector<std::string> m_slots;
    std::vector<std::int64_t> m_slotDefaults;
    std::vector<bool> m_reads;
    bool m_usesCube = false;
    Grid m_grid;
    std::vector<CoverageCheck> m_checks;
    std::vector<LoopRange> m_loops;
    std::vector<ArangeRange> m_aranges;
    std::vector<GridEquality> m_gridEqualities;
    msg::Message m_unfollowed;
    bool m_gridReadsSlots = false;
    // The callable grid's results by the values of the slots it reads (it runs the safe
    // evaluator, which is slow next to everything else here).
    mutable std::mutex m_gridMemoMutex;
    mutable std::map<std::vector<std::int64_t>, std::optional<std::array<std::int64_t, 3>>> m_gridMemo;
};

// The model of `analysis`'s launch. `input` is the parse input the analysis built (its grid);
// `gridLambda` the grid's Lambda node when the grid is a lambda, and `nameValue` the integer a
// free name of the grid or the kernel has (a launch argument, a module constant), when it has one.
std::shared_ptr<const LaunchModel>
buildLaunchModel(const KernelAnalysis& analysis, const ParseInput& input, const py::Node* gridLambda,
                 const std::function<std::optional<std::int64_t>(const std::string&)>& nameValue);

// The first of `configs` (parameter values by name) whose launch under `model` is incorrect,
// with why ("XBLOCK=2: covers 256 of 8,192 rows: ..."); nullopt when none is.
std::optional<msg::Message>
firstIncorrect(const LaunchModel& model,
               const std::vector<std::vector<std::pair<std::string, std::int64_t>>>& configs);

// "8,192": a count with thousands separators, as coverage reasons write them.
std::string groupedNumber(std::int64_t n);

} // namespace ts::analysis
