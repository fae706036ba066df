#include "core/calibrate/calibration_sample.h"

#include "core/kernel/kernel_model.h"
#include "core/measure/measurement_import.h"
#include "core/util/input_file.h"
#include "core/util/json_reader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

namespace ts::calibrate {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kFormat = "tilescope.measurements/1";

std::string stemOf(const fs::path& file)
{
    std::string name = file.filename().string();
    for (std::string_view suffix : {".measurements.json", ".json"})
        if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
            return name.substr(0, name.size() - suffix.size());
    return name;
}

std::optional<fs::path> findWorkloadFile(const fs::path& results, const std::string& relative)
{
    const fs::path rel(relative);
    std::error_code ec;
    if (rel.is_absolute())
        return fs::exists(rel, ec) ? std::optional(rel) : std::nullopt;
    if (fs::exists(rel, ec))
        return rel;
    fs::path dir = fs::absolute(results, ec).parent_path();
    for (int up = 0; up < 64 && !dir.empty(); ++up) {
        if (fs::exists(dir / rel, ec))
            return dir / rel;
        if (dir == dir.parent_path())
            break;
        dir = dir.parent_path();
    }
    return std::nullopt;
}

struct FileRead {
    std::vector<CalibrationSample> samples;
    std::size_t skipped = 0;
    std::string error;
};

// One results file through the measurement importer's own reader (core/measure), which names
// the file, line and field of any problem; its `ok` entries become samples.
FileRead readOne(const fs::path& file)
{
    FileRead out;
    const std::string name = file.string();
    const util::InputText input = util::readInputFile(file);
    if (!input.ok()) {
        out.error = input.error;
        return out;
    }
    const std::string& text = input.text;
    // Another kind of file (valid JSON of another format, an autotune file, a log): say so; a
    // runner file with a syntax error is left to the reader, which names the line and column.
    const std::optional<measure::SourceFormat> format = measure::detectFormat(text);
    if (format ? *format != measure::SourceFormat::Runner : util::readJson(text, name).ok()) {
        out.error = name + ":1: not a runner results file (calibration reads `tilescope runner` results, format " +
                    std::string(kFormat) + ")";
        return out;
    }
    const measure::ParseOutcome parsed = measure::parseRunnerJson(text, name);
    if (!parsed.ok()) {
        out.error = parsed.error;
        return out;
    }
    const measure::ParsedFile& f = *parsed.file;

    npu::BenchMethod method = npu::BenchMethod::Default;
    if (f.benchMethod == "npu_profiler")
        method = npu::BenchMethod::Npu;
    else if (f.benchMethod != "do_bench") {
        out.error = name + ": bench method '" + f.benchMethod + "' unknown (expected do_bench or npu_profiler)";
        return out;
    }
    const std::string relative = f.runner ? f.runner->workloadFile : std::string();
    if (relative.empty()) {
        out.error = name + ": \"workload_file\" is missing; calibration needs the workload";
        return out;
    }
    const std::optional<fs::path> workloadPath = findWorkloadFile(file, relative);
    if (!workloadPath) {
        out.error = name + ": workload_file '" + relative +
                    "' not found from the current folder nor any folder above the results file";
        return out;
    }
    kernel::WorkloadLoadResult loaded = kernel::loadWorkload(workloadPath->string());
    if (!loaded.workload) {
        out.error = name + ": workload_file '" + relative + "' does not load";
        for (const Diagnostic& d : loaded.diagnostics)
            out.error += "\n  " + d.format();
        return out;
    }
    auto workload = std::make_shared<const kernel::Workload>(std::move(*loaded.workload));
    // A file that measured another kernel than its workload runs is another launch: import
    // refuses it, and a fit to it would be a fit to the wrong kernel.
    std::string runs = workload->function;
    if (runs.empty())
        if (const kernel::KernelLoadResult kernel = kernel::loadKernelFile(workload->kernelPath); kernel.file)
            if (const kernel::KernelDef* def = kernel.file->defaultKernel())
                runs = def->name;
    if (!f.kernelName.empty() && !runs.empty() && f.kernelName != runs) {
        out.error = name + ":" + std::to_string(std::max(f.kernelNameLine, 1)) + ": measured kernel " + f.kernelName +
                    ", but its workload " + workloadPath->string() + " runs " + runs;
        return out;
    }
    const std::string group = stemOf(file);
    out.skipped = f.skipped.size();
    for (std::size_t i = 0; i < f.entries.size(); ++i) {
        const measure::ParsedEntry& e = f.entries[i];
        if (e.status != measure::MeasureStatus::Ok || !e.p50Ms) {
            ++out.skipped;
            continue;
        }
        CalibrationSample s;
        s.workload = workload;
        s.config = e.config;
        s.measuredMs = *e.p50Ms;
        s.group = group;
        s.method = method;
        s.origin = file.filename().string() + ":" + std::to_string(e.line);
        s.file = file.filename().string();
        out.samples.push_back(std::move(s));
    }
    return out;
}

} // namespace

SampleSet readRunnerMeasurements(const std::vector<fs::path>& files)
{
    SampleSet set;
    std::map<std::string, std::string> groupFile;  // group -> the file that named it
    for (const fs::path& file : files) {
        FileRead read = readOne(file);
        if (!read.error.empty()) {
            set.error = read.error;
            return set;
        }
        if (!read.samples.empty()) {
            const std::string& group = read.samples.front().group;
            auto [it, added] = groupFile.emplace(group, file.string());
            if (!added) {
                // Two files of the same kernel name: one kernel only when they measure one launch.
                const CalibrationSample* first = nullptr;
                for (const CalibrationSample& s : set.samples)
                    if (s.group == group) {
                        first = &s;
                        break;
                    }
                std::error_code ec;
                if (first && fs::weakly_canonical(first->workload->path, ec) !=
                                 fs::weakly_canonical(read.samples.front().workload->path, ec)) {
                    set.error = file.string() + ": its kernel name '" + group + "' is also that of " + it->second +
                                ", which measures another workload; rename one file";
                    return set;
                }
            }
        }
        set.skipped += read.skipped;
        for (CalibrationSample& s : read.samples)
            set.samples.push_back(std::move(s));
        set.files.push_back(file);
    }
    return set;
}

} // namespace ts::calibrate
