#include "core/tuning/tuning_confidence.h"

#include "core/tuning/tuning_session.h"
#include "core/util/format.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace ts::tuning {

std::string_view confidenceLevelName(ConfidenceLevel level)
{
    switch (level) {
    case ConfidenceLevel::High: return "high";
    case ConfidenceLevel::Medium: return "medium";
    case ConfidenceLevel::Low: return "low";
    }
    return "high";
}

std::optional<ConfidenceLevel> parseConfidenceLevel(std::string_view name)
{
    for (ConfidenceLevel level : {ConfidenceLevel::High, ConfidenceLevel::Medium, ConfidenceLevel::Low})
        if (confidenceLevelName(level) == name)
            return level;
    return std::nullopt;
}

namespace {

// The device figures each pipe's time is computed from (device_model.cpp); a kernel without the
// cube loads nothing into L1, so the figures of DMAs into L1 do not count for it.
const std::vector<std::string>& figuresOf(std::string_view pipe, bool cubeKernel)
{
    static const std::vector<std::string> memory = {
        "hbm_gbps", "hbm_sustained_fraction", "l2_fill_gbps", "l2_gbps", "l2_resident_fraction", "l2_thrash_factor",
        "core_gm_bytes_per_cycle", "cube_core_gm_bytes_per_cycle", "mte_gm_read_latency_cycles",
        "mte_gm_write_latency_cycles", "l2_hit_cycles", "dma_overhead_bytes", "dma_row_overhead_bytes",
        "nd2nz_row_overhead_bytes", "dma_burst_cycles", "nd2nz_burst_cycles", "gm_32b_aligned_bandwidth_fraction",
        "gm_unaligned_bandwidth_fraction"};
    static const std::vector<std::string> vectorMemory = [] {
        std::vector<std::string> figures = memory;
        std::erase_if(figures, [](const std::string& f) {
            return f == "cube_core_gm_bytes_per_cycle" || f.starts_with("nd2nz_");
        });
        return figures;
    }();
    static const std::vector<std::string> vector = {"vector_bytes_per_cycle", "vector_transcendental_per_cycle",
                                                    "vector_int32_per_cycle", "reduction_rate_fraction",
                                                    "vector_issue_cycles", "vector_repeat_bytes"};
    static const std::vector<std::string> cube = {"cube_fp16_tflops", "cube_fp32_rate_fraction",
                                                  "l1_to_l0a_bytes_per_cycle", "l1_to_l0b_bytes_per_cycle"};
    static const std::vector<std::string> scalar = {"scalar_cycles_per_op", "scalar_dma_setup_cycles",
                                                    "loop_iteration_cycles", "program_setup_cycles", "pipe_sync_cycles"};
    static const std::vector<std::string> launch = {"device_launch_us", "device_launch_fixed_fraction",
                                                    "profiled_launch_us", "profiled_launch_fixed_fraction",
                                                    "host_launch_us"};
    if (pipe == "vector")
        return vector;
    if (pipe == "cube")
        return cube;
    if (pipe == "scalar")
        return scalar;
    if (pipe == "launch")
        return launch;
    return cubeKernel ? memory : vectorMemory;
}

// Marked G in the profile, or missing from it with a guessed fallback.
bool guessed(const std::string& figure, const npu::DeviceProfile& profile, const npu::DeviceModel& model)
{
    if (const npu::Figure* f = profile.findFigure(figure))
        return f->mark == "G";
    for (const npu::ModelAssumption& a : model.assumptions)
        if (a.figure == figure)
            return a.why.rfind("G:", 0) == 0;
    return false;
}

void addLine(std::vector<int>& lines, int line)
{
    if (std::find(lines.begin(), lines.end(), line) == lines.end())
        lines.push_back(line);
}

std::string lineList(const std::vector<int>& lines)
{
    std::string s;
    for (std::size_t i = 0; i < lines.size(); ++i)
        s += (i ? ", " : "") + std::to_string(lines[i]);
    return s;
}

} // namespace

std::optional<TuningConfidence> assessConfidence(const TuningResult& result, const npu::DeviceProfile& profile,
                                                 const std::function<std::string(std::size_t)>& config)
{
    if (!result.best)
        return std::nullopt;
    TuningConfidence c;
    for (const Diagnostic& d : result.diagnostics) {
        if (d.code.rfind("npu-unsupported-", 0) == 0 || d.code == "npu-unknown-name")
            addLine(c.unmodelledLines, d.line);
        else if (d.code.rfind("npu-approximate-", 0) == 0)
            addLine(c.approximatedLines, d.line);
    }
    std::sort(c.unmodelledLines.begin(), c.unmodelledLines.end());
    std::sort(c.approximatedLines.begin(), c.approximatedLines.end());

    const CandidateOutcome& best = result.outcomes[*result.best];
    const npu::PipeTimes& b = best.bench.sim.breakdown;
    const std::array<std::pair<const char*, double>, 6> pipes = {
        {{"mte2", b.mte2}, {"vector", b.vector}, {"cube", b.cube}, {"mte3", b.mte3}, {"scalar", b.scalar}, {"launch", b.launch}}};
    const auto top = std::max_element(pipes.begin(), pipes.end(),
                                      [](const auto& x, const auto& y) { return x.second < y.second; });
    const double total = b.total();
    c.limitingPipe = top->first;
    c.limitingShare = total > 0 ? top->second / total : 0.0;
    const npu::DeviceModel model = npu::DeviceModel::fromProfile(profile);
    for (const std::string& figure : figuresOf(c.limitingPipe, best.bench.sim.cubeKernel))
        if (guessed(figure, profile, model))
            c.guessedFigures.push_back(figure);

    for (std::size_t index : result.tuned) {
        const CandidateOutcome& o = result.outcomes[index];
        if (index == *result.best || o.status != OutcomeStatus::Benchmarked || !(o.bench.rankMs > 0))
            continue;
        if (!c.runnerUp || o.bench.rankMs < result.outcomes[*c.runnerUp].bench.rankMs)
            c.runnerUp = index;
    }
    if (c.runnerUp && best.bench.rankMs > 0) {
        c.runnerUpConfig = config(*c.runnerUp);
        c.runnerUpRatio = result.outcomes[*c.runnerUp].bench.rankMs / best.bench.rankMs;
    }

    const bool approximated = !c.approximatedLines.empty();
    const bool guesses = !c.guessedFigures.empty();
    if (!c.unmodelledLines.empty() || (c.closeRunnerUp() && guesses))
        c.level = ConfidenceLevel::Low;
    else if (approximated || guesses || c.closeRunnerUp())
        c.level = ConfidenceLevel::Medium;
    return c;
}

std::vector<std::string> describeConfidence(const TuningConfidence& c)
{
    std::vector<std::string> lines;
    if (!c.unmodelledLines.empty())
        lines.push_back("the simulator leaves out the cost of " +
                        formatCount(std::int64_t(c.unmodelledLines.size()), "construct") + " it does not model (line" +
                        (c.unmodelledLines.size() == 1 ? " " : "s ") + lineList(c.unmodelledLines) + ")");
    if (!c.approximatedLines.empty())
        lines.push_back("it approximates " + formatCount(std::int64_t(c.approximatedLines.size()), "construct") +
                        " (line" + (c.approximatedLines.size() == 1 ? " " : "s ") + lineList(c.approximatedLines) + ")");
    if (!c.guessedFigures.empty()) {
        std::string names;
        for (std::size_t i = 0; i < c.guessedFigures.size(); ++i)
            names += (i ? ", " : "") + c.guessedFigures[i];
        lines.push_back("the best's time is mostly " + c.limitingPipe + " (" + formatPercent(c.limitingShare) +
                        "), which rests on figures marked guessed: " + names);
    }
    if (c.closeRunnerUp())
        lines.push_back("the runner-up " + c.runnerUpConfig + " is within " + formatPercent(c.runnerUpRatio - 1.0) +
                        " of the best, inside the model's " + formatPercent(c.modelSpread) +
                        " spread: the hardware may rank them the other way");
    return lines;
}

nlohmann::ordered_json confidenceJson(const TuningConfidence& c)
{
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    j["level"] = std::string(confidenceLevelName(c.level));
    j["modelSpread"] = c.modelSpread;
    j["unmodelledLines"] = c.unmodelledLines;
    j["approximatedLines"] = c.approximatedLines;
    j["limitingPipe"] = c.limitingPipe;
    j["limitingShare"] = c.limitingShare;
    j["guessedFigures"] = c.guessedFigures;
    j["runnerUp"] = c.runnerUpRatio > 0 ? nlohmann::ordered_json{{"config", c.runnerUpConfig}, {"ratio", c.runnerUpRatio}}
                                        : nlohmann::ordered_json(nullptr);
    j["reasons"] = describeConfidence(c);
    return j;
}

std::optional<TuningConfidence> confidenceFromJson(const nlohmann::json& j)
{
    if (!j.is_object())
        return std::nullopt;
    TuningConfidence c;
    const auto level = parseConfidenceLevel(j.value("level", std::string()));
    if (!level)
        return std::nullopt;
    c.level = *level;
    c.modelSpread = j.value("modelSpread", kModelSpread);
    auto ints = [&](const char* name, std::vector<int>& out) {
        if (auto it = j.find(name); it != j.end() && it->is_array())
            for (const auto& v : *it)
                if (v.is_number_integer())
                    out.push_back(v.get<int>());
    };
    ints("unmodelledLines", c.unmodelledLines);
    ints("approximatedLines", c.approximatedLines);
    c.limitingPipe = j.value("limitingPipe", std::string());
    c.limitingShare = j.value("limitingShare", 0.0);
    if (auto it = j.find("guessedFigures"); it != j.end() && it->is_array())
        for (const auto& v : *it)
            if (v.is_string())
                c.guessedFigures.push_back(v.get<std::string>());
    if (auto it = j.find("runnerUp"); it != j.end() && it->is_object()) {
        c.runnerUpConfig = it->value("config", std::string());
        c.runnerUpRatio = it->value("ratio", 0.0);
    }
    return c;
}

} // namespace ts::tuning
