#include "core/export/tuning_report.h"
#include "core/util/json_reader.h"

#include "core/export/python_literal.h"
#include "core/python/value.h"
#include "core/tuning/tuning_session.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace ts::exporter {

using ojson = nlohmann::ordered_json;

namespace {

bool measured(const cache::CandidateRecord& c) { return c.p50Ms && std::isfinite(*c.p50Ms); }

std::string timeCell(const std::optional<double>& ms)
{
    if (!ms || !std::isfinite(*ms))
        return {};
    return py::floatRepr(*ms);  // shortest text that reads back to the same double
}

} // namespace

std::string csvCell(std::string_view text)
{
    if (text.find_first_of(",\"\r\n") == std::string_view::npos)
        return std::string(text);
    std::string out = "\"";
    for (char c : text) {
        if (c == '"')
            out += "\"\"";
        else
            out.push_back(c);
    }
    out.push_back('"');
    return out;
}

namespace {

ojson optionalTime(const std::optional<double>& ms)
{
    return ms && std::isfinite(*ms) ? ojson(*ms) : ojson(nullptr);
}

// The stored breakdown (tuning_pipeline.cpp writes it, snake_case, compact) as the document's
// fields; an older or foreign breakdown gives what it has.
void addBreakdown(ojson& out, const std::string& breakdownJson)
{
    const ojson b = breakdownJson.empty() ? ojson() : util::parseStoredOrderedJson(breakdownJson);
    auto field = [&](const char* name) { return b.is_object() && b.contains(name) ? b[name] : ojson(nullptr); };
    if (b.is_object() && b.contains("device_us")) {
        // The device time attributed to the pipes along the critical path (sums to deviceUs):
        // criticalPathUs, and under its first name pipesUs for readers of earlier documents.
        const ojson criticalPath{{"mte2", field("mte2_us")},   {"vector", field("vector_us")},
                                 {"cube", field("cube_us")},   {"mte3", field("mte3_us")},
                                 {"scalar", field("scalar_us")}, {"launch", field("launch_us")}};
        // How long each pipe of the critical core works; null in records made before it was kept.
        const ojson busy = b.contains("busy_mte2_us") ? ojson{{"mte2", field("busy_mte2_us")},
                                                              {"vector", field("busy_vector_us")},
                                                              {"cube", field("busy_cube_us")},
                                                              {"mte3", field("busy_mte3_us")},
                                                              {"scalar", field("busy_scalar_us")}}
                                                      : ojson(nullptr);
        out["sim"] = ojson{{"deviceUs", field("device_us")},
                           {"pipesUs", criticalPath},
                           {"criticalPathUs", criticalPath},
                           {"busyUs", busy},
                           {"roofline", ojson{{"boundUs", field("roofline_us")},
                                              {"limiter", field("limiter")},
                                              {"efficiency", field("efficiency")}}},
                           {"achievedGbps", field("achieved_gbps")},
                           {"waves", field("waves")},
                           {"coresUsed", field("cores_used")}};
    } else {
        out["sim"] = nullptr;
    }
    if (b.is_object() && b.contains("ub_peak_bytes"))
        out["footprint"] = ojson{{"ubPeakBytes", field("ub_peak_bytes")}, {"ubCapacityBytes", field("ub_capacity_bytes")}};
    else
        out["footprint"] = nullptr;
    out["programs"] = field("programs");
    out["compileSeconds"] = field("compile_seconds_model");
    out["benchSeconds"] = field("bench_seconds_model");
}

ojson candidateJson(const cache::CandidateRecord& c, std::size_t index)
{
    ojson j = ojson::object();
    j["index"] = index;
    j["params"] = typedParams(c.params);
    j["numWarps"] = c.numWarps;
    j["numStages"] = c.numStages;
    j["status"] = cache::candidateStatusName(c.status);
    j["reason"] = c.reasonCode.empty() && c.reasonMessage.empty()
                      ? ojson(nullptr)
                      : ojson{{"code", c.reasonCode}, {"message", c.reasonMessage}};
    j["p50Ms"] = optionalTime(c.p50Ms);
    j["p20Ms"] = optionalTime(c.p20Ms);
    j["p80Ms"] = optionalTime(c.p80Ms);
    addBreakdown(j, c.breakdownJson);
    // 2026-08's UB tuner, when it ran for the candidate: the search and the ubtune_cfg it attached.
    ojson ub = c.ubTuneJson.empty() ? ojson() : util::parseStoredOrderedJson(c.ubTuneJson);
    j["ubTune"] = ub.is_object() ? std::move(ub) : ojson(nullptr);
    return j;
}

ojson summaryJson(const cache::TuningRecord& record)
{
    std::map<cache::CandidateStatus, std::size_t> byStatus;
    std::vector<double> times;
    for (const auto& c : record.candidates) {
        ++byStatus[c.status];
        if (measured(c))
            times.push_back(*c.p50Ms);
    }
    std::sort(times.begin(), times.end());

    ojson summary = ojson::object();
    summary["candidates"] = record.candidates.size();
    ojson statuses = ojson::object();
    for (auto status : cache::candidateStatuses())  // fixed order, only those present
        if (auto it = byStatus.find(status); it != byStatus.end())
            statuses[std::string(cache::candidateStatusName(status))] = it->second;
    summary["byStatus"] = std::move(statuses);
    const cache::CandidateRecord* best = record.best();
    if (times.empty()) {
        summary["fastestP50Ms"] = summary["slowestP50Ms"] = summary["medianP50Ms"] = nullptr;
        summary["bestSpeedupOverMedian"] = nullptr;
    } else {
        const std::size_t n = times.size();
        const double median = n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2.0;
        summary["fastestP50Ms"] = times.front();
        summary["slowestP50Ms"] = times.back();
        summary["medianP50Ms"] = median;
        summary["bestSpeedupOverMedian"] =
            best && measured(*best) && *best->p50Ms > 0 ? ojson(median / *best->p50Ms) : ojson(nullptr);
    }
    return summary;
}

} // namespace

ojson tuningDocument(const cache::TuningRecord& record)
{
    const std::optional<cache::TuningDetails>& d = record.details;
    ojson doc = ojson::object();
    doc["schema"] = kTuningSchema;
    doc["kernel"] = record.key.kernelName;
    doc["kernelFile"] = d && !d->kernelFile.empty() ? ojson(d->kernelFile) : ojson(nullptr);
    doc["workload"] = record.workloadPath;
    doc["sourceHash"] = record.key.sourceHash;
    doc["keyValues"] = typedParams(record.key.keyValues);
    doc["dtypes"] = record.key.dtypes;
    doc["device"] = record.key.device;
    doc["benchMethod"] = record.key.benchMethod;
    doc["simulatorVersion"] = record.key.simulatorVersion;
    doc["backend"] = record.key.backend;
    doc["seed"] = d ? ojson(d->seed) : ojson(nullptr);

    ojson candidates = ojson::array();
    for (std::size_t i = 0; i < record.candidates.size(); ++i)
        candidates.push_back(candidateJson(record.candidates[i], i));
    doc["candidates"] = std::move(candidates);
    const cache::CandidateRecord* best = record.best();
    doc["bestIndex"] = best ? ojson(*record.bestIndex) : ojson(nullptr);
    doc["best"] = best ? candidateJson(*best, *record.bestIndex) : ojson(nullptr);
    doc["summary"] = summaryJson(record);
    const tuning::RankBasis basis = tuning::rankBasis(
        npu::parseBenchMethod(record.key.benchMethod).value_or(npu::BenchMethod::Default), record.key.device);
    doc["rankedBy"] = ojson{{"time", basis.time},
                            {"statistic", basis.statistic},
                            {"device", basis.device},
                            {"simulator", record.key.simulatorVersion},
                            {"text", tuning::describeRankBasis(basis)}};

    const double total = std::isfinite(record.tuningWallSeconds) ? record.tuningWallSeconds : 0.0;
    doc["tuningTime"] = ojson{{"hostCores", d && d->hostCores > 0 ? ojson(d->hostCores) : ojson(nullptr)},
                              {"compileWorkers", d ? ojson(d->compileWorkers) : ojson(nullptr)},
                              {"compileSeconds", d ? ojson(d->compileSeconds) : ojson(nullptr)},
                              {"benchSeconds", d ? ojson(d->benchSeconds) : ojson(nullptr)},
                              {"totalSeconds", total},
                              {"note", "modelled for the real toolchain; compile times are estimates (mark G)"}};
    doc["session"] = d ? ojson{{"threads", d->threads},
                               {"hostSeconds", d->hostSeconds},
                               {"tuned", d->tuned},
                               {"finished", d->finished},
                               {"stopped", d->stopped}}
                       : ojson(nullptr);
    ojson diagnostics = d ? util::parseStoredOrderedJson(d->diagnosticsJson) : ojson::array();
    doc["diagnostics"] = diagnostics.is_array() ? diagnostics : ojson::array();
    ojson confidence = d && !d->confidenceJson.empty() ? util::parseStoredOrderedJson(d->confidenceJson) : ojson();
    doc["confidence"] = confidence.is_object() ? confidence : ojson(nullptr);
    doc["error"] = d && !d->error.empty() ? ojson(d->error) : ojson(nullptr);
    doc["notes"] = record.notes;
    return doc;
}

std::string tuningReportJson(const cache::TuningRecord& record) { return util::jsonText(tuningDocument(record), 2) + "\n"; }

std::string tuningReportCsv(const cache::TuningRecord& record)
{
    std::vector<std::string> params;
    std::set<std::string> seen;
    for (const auto& c : record.candidates)
        for (const auto& [name, value] : c.params)
            if (seen.insert(name).second)
                params.push_back(name);

    std::string out = "index,status";
    for (const auto& name : params)
        out += "," + csvCell(name);
    out += ",num_warps,num_stages,p50_ms,p20_ms,p80_ms,best,reason_code,reason_message\r\n";
    for (std::size_t i = 0; i < record.candidates.size(); ++i) {
        const auto& c = record.candidates[i];
        out += std::to_string(i) + "," + csvCell(cache::candidateStatusName(c.status));
        for (const auto& name : params) {
            out += ",";
            for (const auto& [n, v] : c.params)
                if (n == name) {
                    out += csvCell(v);
                    break;
                }
        }
        out += "," + std::to_string(c.numWarps) + "," + std::to_string(c.numStages);
        out += "," + timeCell(c.p50Ms) + "," + timeCell(c.p20Ms) + "," + timeCell(c.p80Ms);
        out += std::string(",") + (record.bestIndex && *record.bestIndex == i ? "1" : "0");
        out += "," + csvCell(c.reasonCode) + "," + csvCell(c.reasonMessage) + "\r\n";
    }
    return out;
}

} // namespace ts::exporter
