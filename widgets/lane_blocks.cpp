#include "widgets/lane_blocks.h"

#include <algorithm>

namespace ts::gui {

std::vector<LaneKindCounts> countLaneKinds(const std::vector<LaneSpan>& lane)
{
    std::vector<LaneKindCounts> before(lane.size() + 1, LaneKindCounts{});
    for (std::size_t i = 0; i < lane.size(); ++i) {
        before[i + 1] = before[i];
        ++before[i + 1][lane[i].kind];
    }
    return before;
}

std::vector<LaneBlock> laneBlocks(const std::vector<LaneSpan>& lane, const std::vector<LaneKindCounts>& kindsBefore,
                                  double lower, double upper, const std::function<double(double)>& toPixel,
                                  const std::function<double(double)>& toTime)
{
    std::vector<LaneBlock> blocks;
    if (kindsBefore.size() != lane.size() + 1)
        return blocks;
    // The first span that ends in view.
    std::size_t i = std::size_t(
        std::lower_bound(lane.begin(), lane.end(), lower, [](const LaneSpan& s, double t) { return s.end < t; }) - lane.begin());
    // The block being merged: spans [first, i), pixels [blockStart, blockEnd].
    double blockStart = 0, blockEnd = -1;
    std::size_t first = i;
    auto flush = [&] {
        if (blockEnd < blockStart)
            return;
        int dominant = 0;
        for (int k = 1; k < LaneSpan::kKinds; ++k)
            if (kindsBefore[i][k] - kindsBefore[first][k] > kindsBefore[i][dominant] - kindsBefore[first][dominant])
                dominant = k;
        blocks.push_back({blockStart, std::max(blockEnd, blockStart + 1), LaneSpan::Kind(dominant), false});
        blockEnd = -1;
    };
    while (i < lane.size() && lane[i].start <= upper) {
        const double x0 = toPixel(lane[i].start);
        const double x1 = toPixel(lane[i].end);
        if (x1 - x0 >= 3) {
            flush();
            blocks.push_back({x0, x1, lane[i].kind, true});
            ++i;
            continue;
        }
        if (blockEnd >= blockStart && x0 > blockEnd + 1)
            flush();
        if (blockEnd < blockStart) {
            blockStart = x0;
            first = i;
        }
        blockEnd = std::max(blockEnd, x1);
        ++i;
        // Every span that starts within a pixel of the block's end, but the last of them, ends
        // before the next one starts: narrower than that pixel, it joins the block. They are
        // passed over in one step; the last is looked at on its own.
        const double reach = std::min(upper, toTime(blockEnd + 1));
        const auto next = std::upper_bound(lane.begin() + std::ptrdiff_t(i), lane.end(), reach,
                                           [](double t, const LaneSpan& s) { return t < s.start; });
        const std::size_t past = std::size_t(next - lane.begin());  // the first span beyond reach
        if (past > i + 1) {
            blockEnd = std::max(blockEnd, toPixel(lane[past - 2].end));
            i = past - 1;
        }
    }
    flush();
    return blocks;
}

} // namespace ts::gui
