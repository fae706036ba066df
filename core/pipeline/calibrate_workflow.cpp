// calibrate (workflow.h): runner results in, a fitted device profile out.

#include "core/pipeline/workflow.h"
#include "core/util/json_reader.h"

#include <nlohmann/json.hpp>

namespace ts::pipeline {

CalibrateResult calibrate(const CalibrateRequest& request, const RunControl& control)
{
    CalibrateResult out;
    calibrate::SampleSet set = calibrate::readRunnerMeasurements(request.measurements);
    if (!set.ok()) {
        out.error = set.error;
        return out;
    }
    out.measuredCandidates = set.samples.size();
    out.skippedCandidates = set.skipped;
    for (const std::filesystem::path& file : set.files)
        out.files.push_back(file.filename().string());

    calibrate::CalibrationOptions options = request.options;
    options.stop = control.stop;
    if (control.progress)
        options.progress = [&control](double fraction) {
            RunProgress p;
            p.fraction = fraction;
            control.progress(p);
        };
    out.calibration = calibrate::calibrate(set.samples, request.device, options, out.files);
    if (!out.calibration.ok()) {
        out.error = out.calibration.error;
        return out;
    }
    out.profileText = util::jsonText(npu::toJson(out.calibration.profile), 2) + "\n";
    return out;
}

} // namespace ts::pipeline
