#pragma once
// What the analysis shows of a kernel's tl.dot sites under every backend version: the kernel's
// kind as upstream's classifier resolves it (vector / cube / mix), each site with the parameter
// tiling its M, N and K, the accumulator's dtype, and what the site's tiles take in L1 / L0A /
// L0B / L0C as a formula of the block parameters (the byte counts the cube pruner checks). A
// version that parses cube kernels itself gives its own parse (AxisParse::cube); for the others
// TileScope runs the same rules, so the sites read the same whichever version is modelled.

#include "core/analysis/cube_parse.h"
#include "core/analysis/kernel_analysis.h"

#include <array>
#include <string>
#include <vector>

namespace ts::analysis {

// Fills a.kernelKind and a.cube from the launch's parse input (called by analyzeWorkload after
// the version's parse).
void readCubeSites(KernelAnalysis& a, const ParseInput& input);

struct CubeBufferUse {
    std::string buffer;  // "L1", "L0A", "L0B", "L0C"
    std::string formula; // "(BLOCK_M + BLOCK_N) x BLOCK_K x 2 B"
};

struct CubeSiteSummary {
    const CubeDotSite* site = nullptr;
    // The tile extent of M, N and K: the tuned parameter, a fixed length, or "?" when unknown.
    std::array<std::string, 3> block;
    std::string accumulator;      // the accumulator variable ("acc"); empty when tl.dot has none
    std::string accumulatorDtype; // "float32"
    std::string accumulatorSource; // "tl.zeros at line 51", "out_dtype", "tl.dot's default"
    std::vector<CubeBufferUse> footprint;
};

struct CubeSummary {
    bool byBackend = false; // the version's own parse, not TileScope's run of its rules
    std::vector<CubeSiteSummary> sites;
};

// Empty (no sites) for a vector kernel.
CubeSummary summarizeCube(const KernelAnalysis& a);

} // namespace ts::analysis
