#pragma once
// How a lane of the tuning-time chart (a compile worker, the device) is drawn: spans at least
// three pixels wide as bars of their own, and every run of narrower spans that touch one another
// (within a pixel) as one block, coloured by the kind most of its spans are. The blocks are
// found in steps of a pixel, not of a span, so a lane of hundreds of thousands of compiles costs
// what its width in pixels costs.

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace ts::gui {

struct LaneSpan {
    enum Kind : std::uint8_t { Compiled, Failed, Run, BestRun };
    static constexpr int kKinds = 4;
    double start = 0, end = 0;  // seconds; the spans of a lane follow one another without overlap
    std::size_t candidate = 0;
    Kind kind = Compiled;
};

// Per lane, the spans of each kind before span i (one entry more than spans): a block's
// dominant kind without walking its spans. Built once per layout, off the GUI thread.
using LaneKindCounts = std::array<std::uint32_t, LaneSpan::kKinds>;
std::vector<LaneKindCounts> countLaneKinds(const std::vector<LaneSpan>& lane);

struct LaneBlock {
    double x0 = 0, x1 = 0;  // pixels
    LaneSpan::Kind kind = LaneSpan::Compiled;
    bool single = false;  // one span wide enough to draw alone (outlined); else a merged block
    friend bool operator==(const LaneBlock&, const LaneBlock&) = default;
};

// The blocks of the spans of `lane` visible in [lower, upper] seconds; `toPixel` and `toTime`
// map between seconds and pixels (increasing). A merged block is at least one pixel wide.
std::vector<LaneBlock> laneBlocks(const std::vector<LaneSpan>& lane, const std::vector<LaneKindCounts>& kindsBefore,
                                  double lower, double upper, const std::function<double(double)>& toPixel,
                                  const std::function<double(double)>& toTime);

} // namespace ts::gui
