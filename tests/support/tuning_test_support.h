#pragma once
// Real tunings for the cache browser and export dialog tests: an example workload analysed,
// its space built and tuned on the simulated NPU, and the record the cache would store.

#include "backend_versions.h"
#include "widget_test_support.h"

#include "core/analysis/kernel_analysis.h"
#include "core/cache/tuning_record.h"
#include "core/npu/device_profile.h"
#include "core/pipeline/space_pipeline.h"
#include "core/pipeline/tuning_pipeline.h"
#include "core/tuning/tuning_session.h"

#include <QProcess>

#include <memory>
#include <optional>

namespace ts::test {

inline const npu::DeviceRegistry& devices()
{
    static const npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
    return registry;
}

inline std::shared_ptr<const analysis::KernelAnalysis> analyseFile(const QString& workloadPath)
{
    kernel::WorkloadLoadResult loaded = loadWorkload2604(workloadPath.toStdString());
    if (!loaded.workload)
        return nullptr;
    analysis::AnalysisResult analysed = analysis::analyzeWorkload(*loaded.workload);
    if (!analysed.analysis)
        return nullptr;
    return std::make_shared<const analysis::KernelAnalysis>(std::move(*analysed.analysis));
}

inline std::optional<cache::TuningRecord> tuneRecord(const analysis::KernelAnalysis& a)
{
    const npu::DeviceProfile* device = devices().find(a.workload.device);
    if (!device)
        return std::nullopt;
    const space::CandidateSpace s = pipeline::buildSpace(a, *device);
    tuning::TuningOptions options;
    options.jobs = 2;
    const tuning::TuningResult result = tuning::tune(a, s, *device, options);
    if (!result.best)
        return std::nullopt;
    return pipeline::recordFromTuning(a, s, result, options);
}

// Runs Python on `source` with `script` (stdin is the source); returns stdout, or a null string
// with *error set when Python fails.
inline QString runPython(const QString& script, const QString& source, QString* error)
{
    QProcess python;
    python.start(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), script});
    if (!python.waitForStarted(10000)) {
        *error = QStringLiteral("python3 did not start");
        return {};
    }
    python.write(source.toUtf8());
    python.closeWriteChannel();
    python.waitForFinished(30000);
    if (python.exitStatus() != QProcess::NormalExit || python.exitCode() != 0) {
        *error = QString::fromUtf8(python.readAllStandardError());
        return {};
    }
    return QString::fromUtf8(python.readAllStandardOutput());
}

// Parses a decorator with Python's ast (as pasted over a kernel) and prints, as JSON, the
// config dicts (with num_warps / num_stages when given) and the key.
inline const char* kDecoratorProbe = R"PY(
import ast, json, sys
source = sys.stdin.read()
tree = ast.parse(source + "def kernel():\n    pass\n")
deco = tree.body[0].decorator_list[0]
out = {"configs": [], "key": None, "keywords": [k.arg for k in deco.keywords]}
for k in deco.keywords:
    if k.arg == "configs":
        for call in k.value.elts:
            assert call.func.attr == "Config"
            entry = {"kwargs": ast.literal_eval(call.args[0])}
            for kw in call.keywords:
                entry[kw.arg] = ast.literal_eval(kw.value)
            out["configs"].append(entry)
    if k.arg == "key":
        out["key"] = ast.literal_eval(k.value)
print(json.dumps(out))
)PY";

} // namespace ts::test
