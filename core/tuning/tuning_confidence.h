#pragma once
// How far a tuning's pick can be trusted: the simulator is the measuring instrument, so the best
// config it picks is only as good as the model behind it. A tuning states where its ranking
// rests on constructs the simulator does not model or only approximates, on device figures
// marked guessed, or on a lead over the runner-up smaller than the model's spread. The CLI, the
// JSON document (its "confidence" object) and the explorer show the same assessment.

#include "core/npu/device_model.h"
#include "core/npu/device_profile.h"
#include "core/util/diagnostic.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ts::tuning {

struct TuningResult;

// Configs closer than this to the best are not told apart by the model: the published-figure
// and fidelity checks hold its times within 15 % of measured ones where it is calibrated, and
// ranks are relative (docs/SIMULATOR_MODEL.md, "How far a ranking holds").
inline constexpr double kModelSpread = 0.10;

enum class ConfidenceLevel : std::uint8_t { High, Medium, Low };
std::string_view confidenceLevelName(ConfidenceLevel level);  // "high", "medium", "low"
std::optional<ConfidenceLevel> parseConfidenceLevel(std::string_view name);

struct TuningConfidence {
    ConfidenceLevel level = ConfidenceLevel::High;
    // Constructs whose cost the simulator leaves out (npu-unsupported-*, npu-unknown-name) and
    // ones it only approximates (npu-approximate-*), by source line.
    std::vector<int> unmodelledLines;
    std::vector<int> approximatedLines;
    // The pipe the best's device time mostly goes to, its share, and the figures feeding that
    // pipe that the device profile marks guessed (G).
    std::string limitingPipe;
    double limitingShare = 0;
    std::vector<std::string> guessedFigures;
    // The runner-up (space index; absent once read back from the cache), its config text and its
    // ranking time over the best's (0: nothing else was benchmarked).
    std::optional<std::size_t> runnerUp;
    std::string runnerUpConfig;
    double runnerUpRatio = 0;
    double modelSpread = kModelSpread;

    bool closeRunnerUp() const { return runnerUpRatio > 0 && runnerUpRatio < 1.0 + modelSpread; }
};

// The assessment of a finished tuning on `profile`; nullopt when nothing was benchmarked.
// `config` gives a candidate's config text ("XBLOCK=1024, multibuffer=True").
std::optional<TuningConfidence> assessConfidence(const TuningResult& result, const npu::DeviceProfile& profile,
                                                 const std::function<std::string(std::size_t)>& config);

// For people: one line per reason; none when the confidence is high.
std::vector<std::string> describeConfidence(const TuningConfidence& confidence);

// The JSON form (the tuning document's "confidence", docs/schema/tuning.schema.json) and back.
nlohmann::ordered_json confidenceJson(const TuningConfidence& confidence);
std::optional<TuningConfidence> confidenceFromJson(const nlohmann::json& json);

} // namespace ts::tuning
