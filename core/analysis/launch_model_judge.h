#pragma once
// One candidate's launch judged (launch_model.h), written once for its two callers: the general
// judgement (LaunchModel::evaluate), which reads an index's numbers by evaluating its
// LaunchExprs, and the closed form (launch_model_shape.h), which classifies the indices once per
// space and reads the same numbers straight from the candidate's values. Both run this code,
// so a verdict cannot depend on which of them gave it.
//
// An index is read through handles: `value(h)` is the number handle `h` stands for, nullopt
// when the candidate gives it none. The order in which numbers are read is part of the result
// (an index whose extent has a value but whose block has none keeps its extent in the figures),
// so it is the one order both callers share.

#include "core/analysis/launch_model.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>

namespace ts::analysis::judging {

// a * b, or nullopt on overflow.
inline std::optional<std::int64_t> times(std::int64_t a, std::int64_t b)
{
    std::int64_t out = 0;
    if (__builtin_mul_overflow(a, b, &out))
        return std::nullopt;
    return out;
}

// a + b and a * b held at the int64 limits. They compute how far programs reach, which is only
// compared with an axis's extent or clamped to it: a reach past INT64_MAX is past every extent,
// where a wrapped sum would read as a short one and call an overrun correct.
inline std::int64_t plus(std::int64_t a, std::int64_t b)
{
    std::int64_t out = 0;
    if (__builtin_add_overflow(a, b, &out))
        return b > 0 ? INT64_MAX : INT64_MIN;
    return out;
}

inline std::int64_t product(std::int64_t a, std::int64_t b) // a, b >= 0
{
    std::int64_t out = 0;
    return __builtin_mul_overflow(a, b, &out) ? INT64_MAX : out;
}

inline std::int64_t ceilDiv(std::int64_t a, std::int64_t b)
{
    return a <= 0 ? 0 : (a - 1) / b + 1;
}

// Elements of [0, extent) in the union over programs p < programs of
// [p * block + first, p * block + first + width), first >= 0: each program's span is contiguous.
inline std::int64_t coveredBySpans(std::int64_t programs, std::int64_t block, std::int64_t first,
                                   std::int64_t width, std::int64_t extent)
{
    if (programs <= 0 || width <= 0 || extent <= first)
        return 0;
    if (block <= 0 || width >= block) {
        // Overlapping or touching spans: one stretch from `first`.
        const auto lastStart = times(programs - 1, std::max<std::int64_t>(block, 0));
        if (!lastStart || *lastStart >= extent - first)
            return extent - first;
        return std::min(extent, plus(first + *lastStart, width)) - first;
    }
    // Disjoint spans: the programs wholly inside, then the one cut by the end.
    std::int64_t whole = 0;
    if (extent - first - width >= 0)
        whole = std::min(programs, (extent - first - width) / block + 1);
    std::int64_t out = whole * width;
    if (whole < programs)
        out += std::clamp<std::int64_t>(extent - plus(product(whole, block), first), 0, width);
    return out;
}

// One CoverageCheck as the judgement reads it: which terms it has and the handles of every
// number it may need. `followed` is false for an index the model does not follow (a reason in
// `unknown`, no extent, or two terms of one kind).
template <class H> struct IndexForm {
    bool followed = false;
    H extent{};
    bool hasStride = false;
    H stride{};
    std::int64_t tensorStride = 0;
    bool masked = false;
    bool wraps = false;
    bool judgeCoverage = true;
    bool hasArange = false;
    H arangeStart{}, arangeEnd{}, arangeCoef{};
    bool hasPid = false;
    int pidDim = 0;
    H pidCoef{};
    bool hasLoop = false;
    H loopCoef{}, loopStart{}, loopStop{}, loopStep{};
    int startPid = -1; // >= 0: a grid-stride loop
    H startCoef{};
    int stepDim = -1;
    H stepCoef{};
};

// The form of `c`, each LaunchExpr made a handle by `handle`.
template <class H, class MakeHandle>
IndexForm<H> formOf(const CoverageCheck& c, const std::vector<LoopRange>& loops,
                    const std::vector<ArangeRange>& aranges, const MakeHandle& handle)
{
    IndexForm<H> f;
    if (!c.unknown.empty() || !c.extentKnown)
        return f;
    const IndexTerm* pid = nullptr;
    const IndexTerm* loop = nullptr;
    const IndexTerm* arange = nullptr;
    for (const IndexTerm& t : c.terms) {
        const IndexTerm** slot = t.kind == IndexTerm::Kind::Pid    ? &pid
                                 : t.kind == IndexTerm::Kind::Loop ? &loop
                                                                   : &arange;
        if (*slot)
            return f; // two of a kind: not a form the model follows
        *slot = &t;
    }
    f.followed = true;
    f.extent = handle(c.extent);
    if (c.stride) {
        f.hasStride = true;
        f.stride = handle(*c.stride);
    }
    f.tensorStride = c.tensorStride;
    f.masked = c.masked;
    f.wraps = c.wrap.has_value();
    f.judgeCoverage = c.judgeCoverage;
    if (arange) {
        const ArangeRange& r = aranges[std::size_t(arange->ref)];
        f.hasArange = true;
        f.arangeStart = handle(r.start);
        f.arangeEnd = handle(r.end);
        f.arangeCoef = handle(arange->coef);
    }
    if (pid) {
        f.hasPid = true;
        f.pidDim = pid->ref;
        f.pidCoef = handle(pid->coef);
    }
    if (loop) {
        const LoopRange& L = loops[std::size_t(loop->ref)];
        f.hasLoop = true;
        f.loopCoef = handle(loop->coef);
        f.loopStart = handle(L.start);
        f.loopStop = handle(L.stop);
        f.loopStep = handle(L.step);
        f.startPid = L.startPid;
        f.startCoef = handle(L.startCoef);
        f.stepDim = L.stepDim;
        f.stepCoef = handle(L.stepCoef);
    }
    return f;
}

// One index for one candidate. Any value that cannot be computed makes the verdict unknown.
// The index forms are those launch_model_kernel.cpp recognises: a program's block (pid x B), at
// most one loop (from 0 within the block, over the whole axis, or a grid-stride loop from pid x B
// by num_programs x B) and one tl.arange.
template <class H, class Value>
LaunchFigures judgeIndex(const IndexForm<H>& c, const Value& value, const std::array<std::int64_t, 3>& grid)
{
    LaunchFigures f;
    f.coverage = Coverage::Unknown;
    f.issue = CoverageIssue::Unknown;
    if (!c.followed)
        return f;
    const auto extentValue = value(c.extent);
    if (!extentValue)
        return f;
    const std::int64_t extent = *extentValue;
    f.extent = extent;
    // A stride the candidate sets must be the tensor's own, or the index walks other elements.
    if (c.hasStride) {
        const auto stride = value(c.stride);
        if (!stride)
            return f;
        if (*stride != c.tensorStride) {
            f.stride = *stride;
            f.block = c.tensorStride;
            f.coverage = Coverage::Incorrect;
            f.issue = CoverageIssue::WrongStride;
            return f;
        }
    }
    auto correct = [&] {
        f.coverage = Coverage::Correct;
        f.issue = CoverageIssue::None;
        return f;
    };
    auto incorrect = [&](CoverageIssue issue) {
        f.coverage = Coverage::Incorrect;
        f.issue = issue;
        return f;
    };
    // How much of the axis the programs process, and whether that is all of it.
    auto verdict = [&](std::int64_t covered, bool gapBefore) {
        f.covered = covered;
        return gapBefore || covered < extent ? incorrect(CoverageIssue::Uncovered) : correct();
    };

    // The arange: its length and its offset; the unit every other coefficient is counted in.
    std::int64_t width = 1, shift = 0, unit = 0;
    if (c.hasArange) {
        const auto start = value(c.arangeStart);
        const auto end = value(c.arangeEnd);
        const auto coef = value(c.arangeCoef);
        if (!start || !end || !coef || *coef <= 0 || *start < 0 ||
            __builtin_sub_overflow(*end, *start, &width))
            return f;
        shift = *start;
        unit = *coef;
        if (width <= 0)
            return f;
    }
    auto inUnits = [&](const H& h) -> std::optional<std::int64_t> {
        const auto coef = value(h);
        if (!coef)
            return std::nullopt;
        if (unit == 0)
            unit = *coef; // no arange: the first term sets the unit
        if (unit == 1)
            return *coef; // the usual unit, without a division
        if (unit <= 0 || *coef % unit != 0)
            return std::nullopt;
        return *coef / unit;
    };

    std::int64_t programs = 1, block = 0;
    int dim = -1;
    if (c.hasPid) {
        const auto b = inUnits(c.pidCoef);
        if (!b || *b < 0)
            return f;
        dim = c.pidDim;
        programs = grid[std::size_t(dim)];
        block = *b;
    }
    if (unit == 0 && c.hasLoop) {
        // No arange, no pid: the loop variable is the unit.
        const auto coef = value(c.loopCoef);
        if (!coef || *coef <= 0)
            return f;
        unit = *coef;
    }

    if (c.hasLoop && c.startPid >= 0) {
        // A grid-stride loop: program p starts at p x b and steps by the stride.
        if (c.hasPid)
            return f;
        const auto scale = inUnits(c.loopCoef);
        const auto b = value(c.startCoef);
        const auto s0 = value(c.loopStart);
        const auto stop = value(c.loopStop);
        if (!scale || !b || !s0 || !stop || *b <= 0 || *s0 != 0)
            return f;
        dim = c.startPid;
        programs = grid[std::size_t(dim)];
        std::int64_t strideUnits = 0;
        if (c.stepDim >= 0) {
            const auto k = value(c.stepCoef);
            if (c.stepDim != dim || !k || *k != *b)
                return f;
            strideUnits = programs;
        } else {
            const auto step = value(c.loopStep);
            if (!step || *step <= 0 || *step % *b != 0)
                return f;
            strideUnits = *step / *b;
        }
        const std::int64_t blocks = ceilDiv(*stop, *b); // blocks j x b below the stop
        const auto elementBlock = times(*b, *scale);
        if (!elementBlock)
            return f;
        f.along = programs;
        f.block = *elementBlock;
        const auto lastStart = times(std::max<std::int64_t>(blocks - 1, 0), *elementBlock);
        if (!lastStart)
            return f;
        const std::int64_t reach = plus(plus(shift, *lastStart), width);
        if (!c.masked && !c.wraps && reach > extent && blocks > 0) {
            f.covered = reach;
            return incorrect(CoverageIssue::Overrun);
        }
        if (strideUnits != programs) {
            f.stride = strideUnits;
            // Programs beyond the stride redo blocks; below it, blocks j with j % stride >= programs
            // are never reached.
            const std::int64_t reached =
                programs >= strideUnits
                    ? blocks
                    : (blocks / strideUnits) * programs + std::min(blocks % strideUnits, programs);
            f.covered = std::min(extent, product(reached, std::min(width, *elementBlock)));
            return incorrect(CoverageIssue::StrideMismatch);
        }
        if (!c.judgeCoverage)
            return correct();
        return verdict(coveredBySpans(blocks, *elementBlock, shift, width, extent), false);
    }

    // One program's elements: the loop's steps (from `first`, `steps` of `gap`) each `width` wide.
    std::int64_t first = shift, steps = 1, gap = 0;
    if (c.hasLoop) {
        const auto scale = inUnits(c.loopCoef);
        const auto s = value(c.loopStart);
        const auto e = value(c.loopStop);
        const auto st = value(c.loopStep);
        if (!scale || !s || !e || !st || *st <= 0 || *s < 0 || *scale <= 0)
            return f;
        steps = *e > *s ? ceilDiv(*e - *s, *st) : 0;
        const auto a = times(*s, *scale);
        const auto g = times(*st, *scale);
        if (!a || !g)
            return f;
        first = plus(first, *a);
        gap = *g;
    }
    f.along = c.hasPid ? programs : 0;
    f.block = c.hasPid ? block : width;
    if (steps == 0 || programs <= 0) // the accesses never run: nothing of the axis is processed
        return c.judgeCoverage ? verdict(0, false) : correct();
    const auto loopSpan = times(steps - 1, gap);
    const auto lastProgram = times(programs - 1, block);
    if (!loopSpan || !lastProgram)
        return f;
    const std::int64_t span = plus(*loopSpan, width); // one program's reach from its first element
    const std::int64_t reach = plus(plus(*lastProgram, first), span);
    if (!c.masked && !c.wraps && reach > extent) {
        f.covered = reach;
        return incorrect(CoverageIssue::Overrun);
    }
    if (!c.judgeCoverage)
        return correct();
    // A loop that steps further than one step covers skips the elements between its steps.
    if (steps > 1 && gap > width)
        return verdict(std::min(extent, product(product(steps, width), programs)), true);
    return verdict(coveredBySpans(programs, block, first, span, extent), first > 0);
}

// The whole launch of one candidate from its grid (nullopt: none), whether any index can be
// judged at all (`judged`: the model follows the kernel and it has indices), the grid
// equalities (`holds(i, grid)`) and the indices (`judge(i, grid)`), in the model's order: the
// first incorrect index decides, else the first unknown one.
template <class Holds, class Judge>
LaunchFigures combineLaunch(const std::optional<std::array<std::int64_t, 3>>& grid, bool judged,
                            std::size_t equalities, const Holds& holds, std::size_t checks,
                            const Judge& judge)
{
    LaunchFigures out;
    if (!grid || std::any_of(grid->begin(), grid->end(), [](std::int64_t d) { return d <= 0; })) {
        out.coverage = Coverage::Unknown;
        out.issue = CoverageIssue::Unknown;
        return out;
    }
    out.grid = *grid;
    out.programs = 1;
    for (std::int64_t d : *grid) {
        const auto p = times(out.programs, d);
        if (!p) {
            out.programs = 0;
            out.coverage = Coverage::Unknown;
            out.issue = CoverageIssue::Unknown;
            return out;
        }
        out.programs = *p;
    }
    auto finish = [&](LaunchFigures f) {
        f.grid = out.grid;
        f.programs = out.programs;
        return f;
    };
    if (!judged)
        return finish(LaunchFigures{});
    for (std::size_t i = 0; i < equalities; ++i) {
        if (!holds(i, *grid)) {
            LaunchFigures f;
            f.check = std::int16_t(-2 - int(i)); // an equality, not an index
            return finish(f);
        }
    }
    std::optional<LaunchFigures> unknown;
    for (std::size_t i = 0; i < checks; ++i) {
        LaunchFigures f = judge(i, *grid);
        f.check = std::int16_t(i);
        if (f.coverage == Coverage::Incorrect)
            return finish(f);
        if (f.coverage == Coverage::Unknown && !unknown)
            unknown = f;
    }
    if (unknown)
        return finish(*unknown);
    LaunchFigures correct;
    correct.coverage = Coverage::Correct;
    correct.issue = CoverageIssue::None;
    return finish(correct);
}

} // namespace ts::analysis::judging
