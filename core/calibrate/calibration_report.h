#pragma once
// A calibration shown: the text report of `tilescope calibrate` and its JSON document,
// "tilescope.calibration/1" (docs/schema/calibration.schema.json).

#include "core/calibrate/calibration.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace ts::calibrate {

inline constexpr std::string_view kCalibrationSchema = "tilescope.calibration/1";

struct CalibrationInputs {
    std::vector<std::string> files;   // the measurement files read
    std::size_t measured = 0;         // ok candidates
    std::size_t skipped = 0;          // candidates not ok
    std::string device;               // the SoC
    std::string output;               // where the fitted profile was written ("" when not)
    std::vector<std::string> sources; // where the samples came from, for people (files, a cache and what it holds)
};

std::string formatCalibration(const CalibrationResult& result, const CalibrationInputs& inputs);
nlohmann::ordered_json calibrationJson(const CalibrationResult& result, const CalibrationInputs& inputs);

} // namespace ts::calibrate
