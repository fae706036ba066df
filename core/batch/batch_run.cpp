#include "core/batch/batch_run.h"

#include "core/analysis/kernel_analysis.h"
#include "core/batch/cached_tuning.h"
#include "core/export/python_literal.h"
#include "core/kernel/workload.h"
#include "core/util/format.h"
#include "core/util/input_file.h"
#include "core/util/json_reader.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

namespace ts::batch {
namespace {

using ojson = nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string caseKey(const std::string& workload, const std::string& device)
{
    return std::filesystem::path(workload).lexically_normal().string() + "\n" + device;
}

std::string paramsText(const BatchCase& c)
{
    std::string out;
    for (const auto& [name, value] : c.bestParams)
        out += (out.empty() ? "" : " ") + name + "=" + value;
    return out.empty() ? std::string("(no parameters)") : out;
}

std::string xmlNumber(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", v);
    return buf;
}

} // namespace

std::optional<Shard> parseShard(std::string_view text, std::string* error)
{
    const auto slash = text.find('/');
    Shard shard;
    auto parse = [](std::string_view s, int* out) {
        auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
        return !s.empty() && ec == std::errc() && end == s.data() + s.size();
    };
    if (slash == std::string_view::npos || !parse(text.substr(0, slash), &shard.index) ||
        !parse(text.substr(slash + 1), &shard.count)) {
        *error = "--shard expects I/N (e.g. 2/4), got '" + std::string(text) + "'";
        return std::nullopt;
    }
    if (shard.count < 1 || shard.index < 1 || shard.index > shard.count) {
        *error = "--shard " + std::string(text) + ": I must be between 1 and N";
        return std::nullopt;
    }
    return shard;
}

std::vector<std::string> shardWorkloads(std::vector<std::string> paths, const Shard& shard)
{
    std::sort(paths.begin(), paths.end());
    paths.erase(std::unique(paths.begin(), paths.end()), paths.end());
    std::vector<std::string> out;
    for (std::size_t p = 0; p < paths.size(); ++p)
        if (static_cast<int>(p % static_cast<std::size_t>(shard.count)) == shard.index - 1)
            out.push_back(paths[p]);
    return out;
}

std::string_view batchStatusName(BatchStatus status)
{
    switch (status) {
    case BatchStatus::Passed: return "passed";
    case BatchStatus::Failed: return "failed";
    case BatchStatus::Regression: return "regression";
    }
    return "failed";
}

std::optional<BatchStatus> parseBatchStatus(std::string_view name)
{
    for (BatchStatus status : {BatchStatus::Passed, BatchStatus::Failed, BatchStatus::Regression})
        if (batchStatusName(status) == name)
            return status;
    return std::nullopt;
}

std::size_t BatchReport::count(BatchStatus status) const
{
    return static_cast<std::size_t>(
        std::count_if(cases.begin(), cases.end(), [&](const BatchCase& c) { return c.status == status; }));
}

bool BatchReport::allPassed() const
{
    return inputErrors.empty() && !stopped && count(BatchStatus::Passed) == cases.size();
}

// Reads every workload first (so all shards agree on what is broken), then tunes each workload on
// each device and compares with the baseline. Long because it is the whole CI job in order: the
// log lines, the shard and the stop checks are easier to follow in one place.
BatchReport runBatch(const BatchOptions& options, std::stop_token stop)
{
    const auto start = Clock::now();
    BatchReport report;
    report.createdAt = cache::nowIsoUtc();
    report.shard = options.shard;
    auto log = [&](const std::string& line) {
        if (options.log)
            options.log(line);
    };
    const npu::DeviceRegistry bundled = options.registry ? npu::DeviceRegistry{} : npu::DeviceRegistry::loadBundled();
    const npu::DeviceRegistry& registry = options.registry ? *options.registry : bundled;

    // Read every workload (of every shard, so all jobs agree on what is broken) before tuning.
    std::vector<std::string> all = options.workloads;
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    std::map<std::string, kernel::Workload> loaded;
    for (const std::string& path : all) {
        kernel::WorkloadLoadResult w = kernel::loadWorkload(path);
        if (!w.workload) {
            for (const Diagnostic& d : w.diagnostics)
                report.inputErrors.push_back(d.format());
            if (w.diagnostics.empty())
                report.inputErrors.push_back(path + ": cannot read the workload");
            continue;
        }
        if (!w.workload->kernelPath.empty())
            if (std::string problem = util::inputFileProblem(w.workload->kernelPath, util::kMaxSmallInputBytes);
                !problem.empty()) {
                report.inputErrors.push_back(path + ": the kernel file " + problem);
                continue;
            }
        if (options.backend)
            w.workload->backend = *options.backend;
        loaded.emplace(path, std::move(*w.workload));
    }
    for (const std::string& device : options.devices)
        if (auto found = registry.lookup(device); !found.profile)
            report.inputErrors.push_back(found.error);
    for (const auto& [path, workload] : loaded)
        if (options.devices.empty())
            if (auto found = registry.lookup(workload.device); !found.profile)
                report.inputErrors.push_back(path + ": " + found.error);
    if (!report.inputErrors.empty()) {
        report.wallSeconds = secondsSince(start);
        return report;
    }

    std::map<std::string, const BatchCase*> baseline;
    if (options.baseline)
        for (const BatchCase& c : options.baseline->cases)
            baseline[caseKey(c.workload, c.device)] = &c;

    const std::vector<std::string> mine = shardWorkloads(all, options.shard);
    const std::size_t total = mine.size() * (options.devices.empty() ? 1 : options.devices.size());
    std::size_t done = 0;
    CachedTuningOptions tuneOptions;
    tuneOptions.tuning = options.tuning;
    tuneOptions.force = options.force;
    for (const std::string& path : mine) {
        const kernel::Workload& base = loaded.at(path);
        // The analysis does not depend on the device: once per workload.
        const analysis::AnalysisResult analysed = analysis::analyzeWorkload(base);
        tuneOptions.tuning = options.tuning;
        if (!options.methodFixed && !base.benchMethod.empty())
            if (auto method = npu::parseBenchMethod(base.benchMethod))
                tuneOptions.tuning.method = *method;
        if (!options.seedFixed && base.seed)
            tuneOptions.tuning.seed = *base.seed;
        const std::vector<std::string> devices =
            options.devices.empty() ? std::vector<std::string>{base.device} : options.devices;
        for (const std::string& deviceName : devices) {
            if (stop.stop_requested()) {
                report.stopped = true;
                break;
            }
            const auto caseStart = Clock::now();
            ++done;
            const std::string where = "[" + std::to_string(done) + "/" + std::to_string(total) + "] " + path + " on " +
                                      deviceName + ", backend " + std::string(kernel::backendName(base.backend));
            BatchCase c;
            c.workload = path;
            c.device = deviceName;
            c.backend = std::string(kernel::backendName(base.backend));
            const npu::DeviceProfile& device = *registry.lookup(deviceName).profile;
            if (!analysed.analysis || !analysed.analysis->kernel) {
                c.status = BatchStatus::Failed;
                c.reason = analysed.diagnostics.empty() ? "the kernel could not be analysed"
                                                        : analysed.diagnostics.front().format();
            } else {
                const analysis::KernelAnalysis& a = *analysed.analysis;
                c.kernel = a.kernel->name;
                cache::ConfigCache* cache = options.cache ? options.cache
                                           : options.cacheFor ? options.cacheFor(path) : nullptr;
                CachedTuning tuned = tuneCached(a, device, cache, tuneOptions, {}, stop);
                c.key = tuned.key.describe();
                if (tuned.stopped) {
                    report.stopped = true;
                    break;
                }
                if (tuned.cacheError) {
                    report.notes.push_back(path + " on " + deviceName + ": " + tuned.cacheError->english());
                    log(where + ": cache: " + tuned.cacheError->english());
                }
                c.fromCache = tuned.fromCache;
                if (tuned.record && tuned.record->id > 0)
                    c.cacheId = tuned.record->id;
                const cache::CandidateRecord* best = tuned.record ? tuned.record->best() : nullptr;
                if (best) {
                    c.hasBest = true;
                    c.bestParams = best->params;
                    c.numWarps = best->numWarps;
                    c.numStages = best->numStages;
                    c.bestP50Ms = best->p50Ms;
                }
                if (!best) {
                    c.status = BatchStatus::Failed;
                    c.reason =
                        tuned.error ? tuned.error->english() : std::string("the tuning chose no config");
                } else if (a.inError()) {
                    c.status = BatchStatus::Failed;
                    for (const Diagnostic& d : a.diagnostics)
                        if (d.severity == Severity::Error) {
                            c.reason = d.format();
                            break;
                        }
                    if (c.reason.empty())
                        c.reason = "the kernel is in error";
                } else {
                    c.status = BatchStatus::Passed;
                }
            }
            if (auto it = baseline.find(caseKey(c.workload, c.device)); it != baseline.end() && it->second->bestP50Ms) {
                c.baselineP50Ms = it->second->bestP50Ms;
                if (c.bestP50Ms && *c.baselineP50Ms > 0) {
                    c.changePercent = (*c.bestP50Ms / *c.baselineP50Ms - 1.0) * 100.0;
                    if (c.status == BatchStatus::Passed && *c.changePercent > options.maxRegressionPercent) {
                        char buf[200];
                        std::snprintf(buf, sizeof buf,
                                      "best p50 %s is %.1f%% slower than the baseline's %s (allowed %g%%)",
                                      formatKernelTime(*c.bestP50Ms).c_str(), *c.changePercent,
                                      formatKernelTime(*c.baselineP50Ms).c_str(),
                                      options.maxRegressionPercent);
                        c.status = BatchStatus::Regression;
                        c.reason = buf;
                    }
                }
            }
            c.seconds = secondsSince(caseStart);
            std::string line = where + ": ";
            if (c.status == BatchStatus::Failed)
                line += "FAILED: " + c.reason;
            else
                line += std::string(c.fromCache ? "cached" : "tuned") + ", best " + paramsText(c) + " p50 " +
                        formatKernelTime(*c.bestP50Ms) +
                        (c.status == BatchStatus::Regression ? "  REGRESSION: " + c.reason : "");
            log(line);
            report.cases.push_back(std::move(c));
        }
        if (report.stopped)
            break;
    }
    report.wallSeconds = secondsSince(start);
    return report;
}

// ---- JSON ----

std::string reportToJson(const BatchReport& r)
{
    ojson j;
    j["schema"] = kBatchSchema;
    j["createdAt"] = r.createdAt;
    j["shard"] = r.shard.describe();
    j["wallSeconds"] = r.wallSeconds;
    j["summary"] = {{"cases", r.cases.size()},
                    {"passed", r.count(BatchStatus::Passed)},
                    {"failed", r.count(BatchStatus::Failed)},
                    {"regressions", r.count(BatchStatus::Regression)},
                    {"fromCache", static_cast<std::size_t>(std::count_if(
                                      r.cases.begin(), r.cases.end(), [](const BatchCase& c) { return c.fromCache; }))}};
    ojson cases = ojson::array();
    auto optional = [](const std::optional<double>& v) { return v ? ojson(*v) : ojson(); };
    for (const BatchCase& c : r.cases) {
        ojson e;
        e["workload"] = c.workload;
        e["device"] = c.device;
        e["backend"] = c.backend;
        e["kernel"] = c.kernel;
        e["key"] = c.key;
        e["status"] = batchStatusName(c.status);
        e["reason"] = c.reason;
        e["fromCache"] = c.fromCache;
        e["cacheId"] = c.cacheId ? ojson(*c.cacheId) : ojson();
        if (c.hasBest) {
            e["best"] = {{"params", exporter::typedParams(c.bestParams)}, {"numWarps", c.numWarps}, {"numStages", c.numStages}};
        } else {
            e["best"] = nullptr;
        }
        e["bestP50Ms"] = optional(c.bestP50Ms);
        e["baselineP50Ms"] = optional(c.baselineP50Ms);
        e["changePercent"] = optional(c.changePercent);
        e["seconds"] = c.seconds;
        cases.push_back(std::move(e));
    }
    j["cases"] = std::move(cases);
    j["notes"] = r.notes;
    j["inputErrors"] = r.inputErrors;
    j["stopped"] = r.stopped;
    return util::jsonText(j, 2) + "\n";
}

std::optional<BatchReport> readReportFile(const std::string& path, std::string* error)
{
    const util::InputText input = util::readInputFile(path);
    if (!input.ok()) {
        *error = input.error + " (the baseline report)";
        return std::nullopt;
    }
    const util::JsonRead<ojson> read = util::readOrderedJson(input.text, path);
    if (!read.ok()) {
        *error = read.error;
        return std::nullopt;
    }
    const ojson& j = read.value;
    // A field read as text whatever the file holds there (value() would throw on a number).
    auto text = [](const ojson& object, const char* name) {
        const auto it = object.find(name);
        return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    // This layout, or the one before it ({"report": "tilescope-batch", "version": 1}).
    const bool batchReport =
        j.is_object() && (text(j, "schema") == kBatchSchema || text(j, "report") == "tilescope-batch");
    if (!batchReport || !j.contains("cases") || !j["cases"].is_array()) {
        *error = path + ": not a tilescope batch report (expected \"schema\": \"" + kBatchSchema + "\" and \"cases\")";
        return std::nullopt;
    }
    BatchReport r;
    r.createdAt = text(j, "createdAt");
    for (std::size_t i = 0; i < j["cases"].size(); ++i) {
        const ojson& e = j["cases"][i];
        const std::string where = path + ": cases[" + std::to_string(i) + "]";
        if (!e.is_object() || !e.contains("workload") || !e["workload"].is_string() || !e.contains("device") ||
            !e["device"].is_string()) {
            *error = where + ": needs string fields \"workload\" and \"device\"";
            return std::nullopt;
        }
        BatchCase c;
        c.workload = e["workload"].get<std::string>();
        c.device = e["device"].get<std::string>();
        if (e.contains("backend") && e["backend"].is_string())
            c.backend = e["backend"].get<std::string>();
        c.status = parseBatchStatus(text(e, "status")).value_or(BatchStatus::Failed);
        if (e.contains("bestP50Ms") && !e["bestP50Ms"].is_null()) {
            if (!e["bestP50Ms"].is_number() || !(e["bestP50Ms"].get<double>() > 0)) {
                *error = where + ": \"bestP50Ms\" must be a time in ms (a number greater than 0) or null";
                return std::nullopt;
            }
            c.bestP50Ms = e["bestP50Ms"].get<double>();
        }
        r.cases.push_back(std::move(c));
    }
    return r;
}

// ---- JUnit ----

std::string xmlEscape(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (char ch : text) {
        const auto u = static_cast<unsigned char>(ch);
        switch (ch) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        case '\n': out += "&#10;"; break;
        case '\r': out += "&#13;"; break;
        case '\t': out += "&#9;"; break;
        default:
            if (u >= 0x20)
                out.push_back(ch);  // other controls are not allowed in XML 1.0
        }
    }
    return out;
}

std::string reportToJUnit(const BatchReport& r)
{
    const std::size_t failures = r.count(BatchStatus::Failed) + r.count(BatchStatus::Regression);
    std::ostringstream x;
    x << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    x << "<testsuites name=\"tilescope batch\" tests=\"" << r.cases.size() << "\" failures=\"" << failures
      << "\" errors=\"0\" time=\"" << xmlNumber(r.wallSeconds) << "\">\n";
    x << "  <testsuite name=\"tilescope.batch\" tests=\"" << r.cases.size() << "\" failures=\"" << failures
      << "\" errors=\"0\" skipped=\"0\" time=\"" << xmlNumber(r.wallSeconds) << "\" timestamp=\""
      << xmlEscape(r.createdAt.substr(0, 19)) << "\">\n";
    x << "    <properties>\n      <property name=\"shard\" value=\"" << r.shard.describe() << "\"/>\n    </properties>\n";
    for (const BatchCase& c : r.cases) {
        const std::string stem = std::filesystem::path(c.workload).stem().string();
        x << "    <testcase classname=\"tilescope." << xmlEscape(stem) << "\" name=\"" << xmlEscape(c.workload)
          << " on " << xmlEscape(c.device) << "\" time=\"" << xmlNumber(c.seconds) << "\"";
        std::string out;
        if (c.hasBest && c.bestP50Ms)
            out = "best " + paramsText(c) + " p50 " + formatKernelTime(*c.bestP50Ms) +
                  (c.fromCache ? " (cached)" : "");
        if (c.status == BatchStatus::Passed && out.empty()) {
            x << "/>\n";
            continue;
        }
        x << ">\n";
        if (c.status != BatchStatus::Passed)
            x << "      <failure type=\"" << (c.status == BatchStatus::Regression ? "regression" : "tuning-failed")
              << "\" message=\"" << xmlEscape(c.reason) << "\">" << xmlEscape(c.reason) << "</failure>\n";
        if (!out.empty())
            x << "      <system-out>" << xmlEscape(out) << "</system-out>\n";
        x << "    </testcase>\n";
    }
    x << "  </testsuite>\n</testsuites>\n";
    return x.str();
}

} // namespace ts::batch
