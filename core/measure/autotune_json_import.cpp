// Triton's `<fn>.autotune.json` (upstream Triton's autotuner with cache_results, and
// Triton-Ascend 2026-08's disk cache) as measurements: read by core/export's reader, which knows
// the layout and each version's rules; here its entries become timed configs.

#include "core/export/python_literal.h"
#include "core/export/triton_cache_json.h"
#include "core/measure/json_position.h"
#include "core/measure/measurement_import.h"

#include <cctype>
#include <charconv>
#include <cmath>

namespace ts::measure {
namespace {

// The reader's "FILE: configs_timings[3]...: message" with the line of the entry added; a JSON
// syntax error ("FILE:LINE:COLUMN: not valid JSON: ...") has its position already.
std::string withLine(const std::string& error, std::string_view text, const std::string& path)
{
    const bool positioned = error.size() > path.size() + 1 && error.compare(0, path.size() + 1, path + ":") == 0 &&
                            std::isdigit(static_cast<unsigned char>(error[path.size() + 1]));
    if (positioned)
        return error;
    const std::string message = error.rfind(path + ": ", 0) == 0 ? error.substr(path.size() + 2) : error;
    std::string where;
    if (message.rfind("configs_timings[", 0) == 0)
        where = message.substr(0, message.find(']') + 1);
    else if (message.find("configs_timings") != std::string::npos)
        where = "configs_timings";
    return path + ":" + std::to_string(lineOfJsonPath(text, where)) + ": " + message;
}

std::optional<space::ParamValue> paramOf(const std::string& literal)
{
    if (literal == "True" || literal == "False")
        return space::ParamValue::boolean(literal == "True");
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(literal.data(), literal.data() + literal.size(), v);
    if (literal.empty() || ec != std::errc() || end != literal.data() + literal.size())
        return std::nullopt;
    return space::ParamValue::integer(v);
}

// Python's str() of an element given as literal text: a string loses its quotes.
std::string strOf(const std::string& literal)
{
    if (const auto value = exporter::literalToJson(literal); value && value->is_string())
        return value->get<std::string>();
    return literal;
}

} // namespace

ParseOutcome parseAutotuneJson(std::string_view text, const std::string& path,
                               std::optional<kernel::BackendVersion> backend)
{
    ParseOutcome out;
    const exporter::TritonJsonResult read =
        backend ? exporter::readTritonAutotuneJson(text, path, *backend) : exporter::readTritonAutotuneJson(text, path);
    if (!read.ok()) {
        out.error = withLine(read.error, text, path);
        return out;
    }
    ParsedFile file;
    file.path = path;
    file.format = SourceFormat::TritonAutotuneJson;
    file.benchMethod = "autotuner";
    std::vector<std::string> key;
    for (const std::string& element : read.cache->key)
        key.push_back(strOf(element));
    file.key = std::move(key);
    file.keyLine = lineOfJsonPath(text, "key");
    const std::vector<int> lines = elementLines(text, "configs_timings");
    for (std::size_t i = 0; i < read.cache->configsTimings.size(); ++i) {
        const exporter::TritonConfigTiming& t = read.cache->configsTimings[i];
        ParsedEntry entry;
        entry.line = i < lines.size() ? lines[i] : 0;
        std::string bad;
        for (const auto& [name, literal] : t.kwargs) {
            if (const auto value = paramOf(literal))
                entry.config.kwargs.emplace_back(name, *value);
            else if (bad.empty())
                bad = name + "=" + literal;
        }
        if (!bad.empty()) {
            file.skipped.push_back({entry.line, "config value " + bad + " is not an int or bool"});
            continue;
        }
        entry.config.numWarps = t.numWarps;
        entry.config.numStages = t.numStages;
        if (t.timingsMs.empty()) {
            file.skipped.push_back({entry.line, "no timings"});
            continue;
        }
        const double p50 = t.timingsMs[0];
        if (std::isinf(p50)) {
            entry.status = MeasureStatus::CompileFailed;  // the autotuner's mark of a config that failed
        } else if (std::isnan(p50) || p50 <= 0) {
            entry.status = MeasureStatus::RunFailed;
        } else {
            entry.p50Ms = p50;
            if (t.timingsMs.size() >= 3) {
                if (std::isfinite(t.timingsMs[1]) && t.timingsMs[1] > 0)
                    entry.p20Ms = t.timingsMs[1];
                if (std::isfinite(t.timingsMs[2]) && t.timingsMs[2] > 0)
                    entry.p80Ms = t.timingsMs[2];
            }
            if (t.bareNumber)
                entry.benchMethod = "npu_profiler_mean";
        }
        file.entries.push_back(std::move(entry));
    }
    out.file = std::move(file);
    return out;
}

} // namespace ts::measure
