#pragma once
// Calibration: fit a device profile's uncertain figures to measured times. Each measured
// candidate is traced and compiled once; the fit then re-simulates the compiled candidates with
// changed figures (or, with `recompile`, compiles them again for figures the compiler reads) and minimises the squared log ratio of simulated to measured time
// (Levenberg-Marquardt on the logarithms of the figures, within bounds, with a weak pull towards
// the profile's values so that figures the data cannot tell apart stay where they were). Whole
// kernels are held out, and error and rank agreement are reported on them before and after.
//
// Deterministic: one thread, a fixed order, no random numbers.

#include "core/calibrate/calibration_sample.h"
#include "core/npu/device_profile.h"

#include <cstddef>
#include <functional>
#include <limits>
#include <stop_token>
#include <string>
#include <vector>

namespace ts::calibrate {

inline constexpr std::string_view kFittedMark = "F";

// The figures fitted when none are named: every figure marked guessed (G) or fitted (F), those
// the model falls back to when a profile lacks them (they are guesses too), and the launch
// overheads, bandwidths, per-cycle rates, cycle costs, fractions and L2 figures that are not
// first-party sourced (mark S). Sizes, counts, the clock and alignments are never fitted.
// Decided by name, mark and unit alone, so new figures of the model join without a change here.
bool fittableByDefault(const std::string& name, const std::string& mark, const std::string& unit);

struct CalibrationOptions {
    std::vector<std::string> figures;   // the figures to fit; empty: fittableByDefault
    std::vector<std::string> holdout;   // kernels held out; empty: every other kernel by name (the 2nd, 4th, ...)
    bool noHoldout = false;             // fit to every kernel, hold none out
    // Also fit the figures the trace compiler reads (per-instruction costs, DMA overheads),
    // compiling every candidate again at each step: exact, and tens of times slower.
    bool recompile = false;
    double boundFactor = 8.0;           // a figure stays within [before / k, before x k] (fractions at most 1)
    double prior = 1e-5;                // weight of (log(after / before))^2 per figure, against the mean squared residual
    int maxIterations = 60;
    std::function<void(double)> progress;  // fraction of the run, on the calling thread
    std::stop_token stop;
};

struct FittedFigure {
    std::string name;
    std::string unit;
    std::string markBefore;  // "" when the profile lacked it (the model's fallback was used)
    double before = 0;
    double after = 0;
    double lower = 0, upper = 0;
    bool changed = false;    // written to the profile (moved by more than 0.01 %)
    bool atBound = false;
};

struct HeldFigure {
    std::string name;
    std::string why;
};

struct SplitMetrics {
    std::size_t kernels = 0;
    std::size_t samples = 0;
    double rmsLog = std::numeric_limits<double>::quiet_NaN();        // RMS of log(simulated / measured)
    double geomeanRatio = std::numeric_limits<double>::quiet_NaN();  // exp(mean log(simulated / measured))
    double spearman = std::numeric_limits<double>::quiet_NaN();      // per kernel, averaged (kernels of 2+ samples)
    double top1Regret = std::numeric_limits<double>::quiet_NaN();    // measured(simulator's pick) / measured best, mean
};

struct Agreement {
    SplitMetrics train;
    SplitMetrics heldOut;
};

struct KernelReport {
    std::string name;
    bool heldOut = false;
    SplitMetrics before, after;
};

struct CalibrationResult {
    std::string error;                    // empty on success
    bool badRequest = false;              // the error is in the options (an unknown figure or kernel)
    npu::DeviceProfile profile;           // the input profile with the fitted figures
    std::vector<FittedFigure> fitted;
    std::vector<HeldFigure> held;         // asked for or eligible, but not fitted, and why
    std::vector<std::string> trainKernels, heldOutKernels;
    std::vector<KernelReport> kernels;    // sorted by name
    Agreement before, after;
    std::size_t samplesUsed = 0;
    std::vector<std::string> notes;       // candidates left out (do not compile on this device, ...)
    int iterations = 0;
    double costBefore = 0, costAfter = 0; // mean squared log residual of the training kernels
    bool stopped = false;
    bool ok() const { return error.empty(); }
};

// The fitted figures' `source` names the files of the fitted kernels' samples (`file`), or
// `sources` for samples without one.
CalibrationResult calibrate(const std::vector<CalibrationSample>& samples, const npu::DeviceProfile& profile,
                            const CalibrationOptions& options, const std::vector<std::string>& sources);

} // namespace ts::calibrate
