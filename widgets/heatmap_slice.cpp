#include "widgets/heatmap_slice.h"

#include <algorithm>

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

std::vector<std::vector<std::int64_t>> dimensionValues(const space::CandidateSpace& space)
{
    const std::size_t d = space.dimensions().size();
    std::vector<std::vector<std::int64_t>> out(d);
    for (std::size_t j = 0; j < d; ++j) {
        // The lattice lists its values; candidates outside it (handwritten) add theirs.
        std::vector<std::int64_t>& vals = out[j];
        vals = space.dimensions()[j].values;
        std::sort(vals.begin(), vals.end());
        std::vector<std::int64_t> extra;
        for (std::size_t i = 0; i < space.size(); ++i) {
            const std::int64_t v = space.value(i, j);
            if (!std::binary_search(vals.begin(), vals.end(), v))
                extra.push_back(v);
            if (extra.size() > 4096) {  // keep the scratch small on big spaces
                vals.insert(vals.end(), extra.begin(), extra.end());
                std::sort(vals.begin(), vals.end());
                vals.erase(std::unique(vals.begin(), vals.end()), vals.end());
                extra.clear();
            }
        }
        vals.insert(vals.end(), extra.begin(), extra.end());
        std::sort(vals.begin(), vals.end());
        vals.erase(std::unique(vals.begin(), vals.end()), vals.end());
    }
    return out;
}

HeatmapSlice computeHeatmapSlice(const space::CandidateSpace& space,
                                 const std::vector<std::vector<std::int64_t>>& values, int xDim, int yDim,
                                 const std::vector<std::int64_t>& fixed)
{
    HeatmapSlice slice;
    const int d = int(space.dimensions().size());
    if (xDim < 0 || yDim < 0 || xDim >= d || yDim >= d || xDim == yDim || int(values.size()) != d ||
        int(fixed.size()) != d)
        return slice;
    slice.xDim = xDim;
    slice.yDim = yDim;
    slice.xValues = values[std::size_t(xDim)];
    slice.yValues = values[std::size_t(yDim)];
    const std::size_t nx = slice.xValues.size();
    const std::size_t ny = slice.yValues.size();
    slice.cells.assign(nx * ny, -1);
    slice.categories.assign(nx * ny, CellCategory::Empty);
    for (std::size_t i = 0; i < space.size(); ++i) {
        const auto v = space.values(i);
        // A pruned tiling is dropped before the hints are crossed with it (the cube pruning):
        // what it leaves unset it is dropped for, whatever value the slice fixes there.
        const bool anyUnset = space.origin(i) == space::CandidateStatus::Pruned && space::isCubeReason(space.reason(i));
        bool match = true;
        for (int j = 0; j < d && match; ++j)
            if (j != xDim && j != yDim && v[j] != fixed[std::size_t(j)] && !(anyUnset && v[j] == space::kUnset))
                match = false;
        if (!match)
            continue;
        const auto xi = std::lower_bound(slice.xValues.begin(), slice.xValues.end(), v[xDim]) - slice.xValues.begin();
        const auto yi = std::lower_bound(slice.yValues.begin(), slice.yValues.end(), v[yDim]) - slice.yValues.begin();
        if (std::size_t(xi) >= nx || std::size_t(yi) >= ny)
            continue;
        ++slice.matched;
        std::int32_t& cell = slice.cells[std::size_t(yi) * nx + std::size_t(xi)];
        if (cell < 0 || rank(space.status(i)) < rank(space.status(std::size_t(cell)))) {
            cell = std::int32_t(i);
            slice.categories[std::size_t(yi) * nx + std::size_t(xi)] = cellCategory(space.status(i), space.reason(i));
        }
    }
    return slice;
}

} // namespace ts::gui
