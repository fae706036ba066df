#include "core/export/tuning_report.h"

#include "core/python/value.h"

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

std::string tuningReportJson(const cache::TuningRecord& record)
{
    std::map<std::string, std::size_t> byStatus;
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
        if (auto it = byStatus.find(std::string(status)); it != byStatus.end())
            statuses[std::string(status)] = it->second;
    summary["byStatus"] = std::move(statuses);

    const cache::CandidateRecord* best = record.best();
    if (best) {
        ojson b = ojson::object();
        b["index"] = *record.bestIndex;
        ojson params = ojson::object();
        for (const auto& [name, value] : best->params)
            params[name] = value;
        b["params"] = std::move(params);
        b["numWarps"] = best->numWarps;
        b["numStages"] = best->numStages;
        b["p50Ms"] = measured(*best) ? ojson(*best->p50Ms) : ojson(nullptr);
        summary["best"] = std::move(b);
    } else {
        summary["best"] = nullptr;
    }
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

    ojson doc = ojson::object();
    doc["report"] = "tilescope-tuning";
    doc["version"] = 1;
    doc["tuning"] = cache::toJson(record);
    doc["summary"] = std::move(summary);
    return doc.dump(2) + "\n";
}

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
        out += std::to_string(i) + "," + csvCell(c.status);
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
