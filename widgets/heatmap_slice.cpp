#include "widgets/heatmap_slice.h"

#include <algorithm>
#include <cmath>

namespace ts::gui {
namespace {

int rank(space::CandidateStatus status)
{
    switch (status) {
    case space::CandidateStatus::Generated: return 0;
    case space::CandidateStatus::User: return 1;
    case space::CandidateStatus::Incorrect: return 2;
    case space::CandidateStatus::Skipped: return 3;
    case space::CandidateStatus::Pruned: return 4;
    }
    return 5;
}

} // namespace

tuning::OutcomeStatus tunedOutcome(const TunedOutcomes& sorted, std::size_t candidate)
{
    const auto it = std::lower_bound(sorted.begin(), sorted.end(), candidate,
                                     [](const auto& entry, std::size_t c) { return entry.first < c; });
    return it != sorted.end() && it->first == candidate ? it->second : tuning::OutcomeStatus::NotTuned;
}

CellCategory cellCategory(space::CandidateStatus status, space::ReasonCode reason)
{
    using space::CandidateStatus;
    using space::ReasonCode;
    switch (status) {
    case CandidateStatus::Generated: return CellCategory::Generated;
    case CandidateStatus::User: return CellCategory::Handwritten;
    case CandidateStatus::Incorrect: return CellCategory::Incorrect;
    case CandidateStatus::Skipped:
        switch (reason) {
        case ReasonCode::BelowMinTile: return CellCategory::SkippedBelowMinTile;
        case ReasonCode::OffWalk: return CellCategory::SkippedOffWalk;
        case ReasonCode::ProgramLimit: return CellCategory::SkippedProgramLimit;
        case ReasonCode::NumStagesTied:
        case ReasonCode::MaxAutotuneOnly:
        case ReasonCode::OutsideHint: return CellCategory::SkippedOption;
        default: return CellCategory::SkippedOther;
        }
    case CandidateStatus::Pruned:
        switch (reason) {
        case ReasonCode::UbCapacity: return CellCategory::PrunedUb;
        case ReasonCode::UnalignedTile: return CellCategory::PrunedUnaligned;
        case ReasonCode::TileExceedsBlock: return CellCategory::PrunedTileExceedsBlock;
        case ReasonCode::ProgramLimit: return CellCategory::PrunedProgramLimit;
        case ReasonCode::CubeL1Capacity: return CellCategory::PrunedL1;
        case ReasonCode::CubeL0aCapacity:
        case ReasonCode::CubeL0bCapacity:
        case ReasonCode::CubeL0cCapacity: return CellCategory::PrunedL0;
        default: return CellCategory::PrunedOther;
        }
    }
    return CellCategory::Empty;
}

std::vector<std::vector<std::int64_t>> dimensionValues(const space::CandidateSpace& space, bool keptOnly)
{
    const std::size_t d = space.dimensions().size();
    std::vector<std::vector<std::int64_t>> out(d);
    for (std::size_t j = 0; j < d; ++j) {
        // Only the values some candidate has: a dimension's declared list (the cube's whole
        // tiling grid) would leave columns that no candidate fills.
        std::vector<std::int64_t>& vals = out[j];
        std::vector<std::int64_t> extra;
        const auto merge = [&] {
            vals.insert(vals.end(), extra.begin(), extra.end());
            std::sort(vals.begin(), vals.end());
            vals.erase(std::unique(vals.begin(), vals.end()), vals.end());
            extra.clear();
        };
        for (std::size_t i = 0; i < space.size(); ++i) {
            if (keptOnly && space.origin(i) != space::CandidateStatus::Generated &&
                space.origin(i) != space::CandidateStatus::User)
                continue;
            const std::int64_t v = space.value(i, j);
            if (!std::binary_search(vals.begin(), vals.end(), v))
                extra.push_back(v);
            if (extra.size() > 4096)  // keep the scratch small on big spaces
                merge();
        }
        merge();
    }
    return out;
}

namespace {

// A candidate's figure in a reduced cell.
struct Figure {
    std::uint32_t cell = 0;
    std::uint32_t candidate = 0;
    double value = 0;
};

// Min over the Min dimensions, then the median of those minima over the Median dimensions: the
// figures of one cell are sorted by their Median dimensions' values, then by value, so that each
// run of equal Median values starts with its minimum.
void reduceFigures(const space::CandidateSpace& space, const std::vector<int>& medianDims, std::vector<Figure>& figures,
                   HeatmapSlice& slice)
{
    const auto sameGroup = [&](const Figure& a, const Figure& b) {
        const space::ValueRow va = space.values(a.candidate);
        const space::ValueRow vb = space.values(b.candidate);
        for (int j : medianDims)
            if (va[j] != vb[j])
                return false;
        return true;
    };
    std::sort(figures.begin(), figures.end(), [&](const Figure& a, const Figure& b) {
        if (a.cell != b.cell)
            return a.cell < b.cell;
        const space::ValueRow va = space.values(a.candidate);
        const space::ValueRow vb = space.values(b.candidate);
        for (int j : medianDims)
            if (va[j] != vb[j])
                return va[j] < vb[j];
        if (a.value != b.value)
            return a.value < b.value;
        return a.candidate < b.candidate;
    });
    std::vector<Figure> minima;
    for (std::size_t k = 0; k < figures.size();) {
        const std::uint32_t cell = figures[k].cell;
        minima.clear();
        for (; k < figures.size() && figures[k].cell == cell; ++k)
            if (minima.empty() || figures[k - 1].cell != cell || !sameGroup(figures[k - 1], figures[k]))
                minima.push_back(figures[k]);
        std::sort(minima.begin(), minima.end(), [](const Figure& a, const Figure& b) {
            return a.value != b.value ? a.value < b.value : a.candidate < b.candidate;
        });
        const std::size_t n = minima.size();
        // The lower middle stands for an even count (its candidate is the one a click selects).
        const Figure& middle = minima[(n - 1) / 2];
        slice.metric[cell] = n % 2 == 1 ? middle.value : (middle.value + minima[n / 2].value) / 2;
        slice.cells[cell] = std::int32_t(middle.candidate);
        slice.categories[cell] = cellCategory(space.status(middle.candidate), space.reason(middle.candidate));
    }
}

} // namespace

HeatmapSlice computeHeatmapSlice(const space::CandidateSpace& space,
                                 const std::vector<std::vector<std::int64_t>>& values, int xDim, int yDim,
                                 const std::vector<std::int64_t>& fixed)
{
    return computeHeatmapSlice(space, values, SliceRequest{xDim, yDim, fixed, {}});
}

HeatmapSlice computeHeatmapSlice(const space::CandidateSpace& space,
                                 const std::vector<std::vector<std::int64_t>>& values, const SliceRequest& request,
                                 const SliceFigures& figures)
{
    HeatmapSlice slice;
    const int d = int(space.dimensions().size());
    const int xDim = request.xDim;
    const int yDim = request.yDim;
    const bool strip = yDim < 0;
    if (xDim < 0 || xDim >= d || yDim >= d || xDim == yDim || int(values.size()) != d ||
        int(request.fixed.size()) != d || (!request.modes.empty() && int(request.modes.size()) != d))
        return slice;
    std::vector<bool> held(std::size_t(d), false);
    std::vector<int> medianDims;
    for (int j = 0; j < d; ++j) {
        if (j == xDim || j == yDim)
            continue;
        const HiddenMode mode = request.modes.empty() ? HiddenMode::Fixed : request.modes[std::size_t(j)];
        held[std::size_t(j)] = mode == HiddenMode::Fixed;
        slice.reduced |= mode != HiddenMode::Fixed;
        if (mode == HiddenMode::Median)
            medianDims.push_back(j);
    }
    slice.xDim = xDim;
    slice.yDim = yDim;
    slice.modes = request.modes;
    slice.xValues = values[std::size_t(xDim)];
    slice.yValues = strip ? std::vector<std::int64_t>{0} : values[std::size_t(yDim)];
    const std::size_t nx = slice.xValues.size();
    const std::size_t ny = slice.yValues.size();
    slice.cells.assign(nx * ny, -1);
    slice.categories.assign(nx * ny, CellCategory::Empty);
    const bool reduce = figures && slice.reduced;
    std::vector<Figure> matches;  // when reducing: every candidate of the slice, with its cell
    for (std::size_t i = 0; i < space.size(); ++i) {
        const auto v = space.values(i);
        // A pruned tiling is dropped before the hints are crossed with it (the cube pruning):
        // what it leaves unset it is dropped for, whatever value the slice fixes there.
        const bool anyUnset = space.origin(i) == space::CandidateStatus::Pruned && space::isCubeReason(space.reason(i));
        bool match = true;
        for (int j = 0; j < d && match; ++j)
            if (held[std::size_t(j)] && v[j] != request.fixed[std::size_t(j)] && !(anyUnset && v[j] == space::kUnset))
                match = false;
        if (!match)
            continue;
        const auto xi = std::lower_bound(slice.xValues.begin(), slice.xValues.end(), v[xDim]) - slice.xValues.begin();
        const auto yi =
            strip ? 0 : std::lower_bound(slice.yValues.begin(), slice.yValues.end(), v[yDim]) - slice.yValues.begin();
        if (std::size_t(xi) >= nx || std::size_t(yi) >= ny || slice.xValues[std::size_t(xi)] != v[xDim] ||
            (!strip && slice.yValues[std::size_t(yi)] != v[yDim]))
            continue;
        ++slice.matched;
        const std::size_t at = std::size_t(yi) * nx + std::size_t(xi);
        std::int32_t& cell = slice.cells[at];
        if (cell < 0 || rank(space.status(i)) < rank(space.status(std::size_t(cell)))) {
            cell = std::int32_t(i);
            slice.categories[at] = cellCategory(space.status(i), space.reason(i));
        }
        if (reduce)
            matches.push_back({std::uint32_t(at), std::uint32_t(i), 0.0});
    }
    if (!figures)
        return slice;
    slice.metric.assign(slice.cells.size(), std::nan(""));
    if (slice.matched == 0)
        return slice;  // (an empty list would ask for every candidate's figure)
    std::vector<std::size_t> wanted;
    if (!reduce) {
        // One figure per cell: its candidate's.
        for (std::int32_t c : slice.cells)
            if (c >= 0)
                wanted.push_back(std::size_t(c));
        const std::vector<double> got = figures(wanted);
        std::size_t k = 0;
        for (std::size_t cell = 0; cell < slice.cells.size(); ++cell)
            if (slice.cells[cell] >= 0)
                slice.metric[cell] = got[k++];
        return slice;
    }
    wanted.reserve(matches.size());
    for (const Figure& m : matches)
        wanted.push_back(m.candidate);
    const std::vector<double> got = figures(wanted);
    std::size_t kept = 0;
    for (std::size_t k = 0; k < matches.size(); ++k)
        if (std::isfinite(got[k]) && space.status(matches[k].candidate) != space::CandidateStatus::Incorrect)
            matches[kept++] = {matches[k].cell, matches[k].candidate, got[k]};
    matches.resize(kept);
    // Cells without a figure keep the candidate that matters most.
    reduceFigures(space, medianDims, matches, slice);
    return slice;
}

} // namespace ts::gui
