// The runner's measurements file, tilescope.measurements/1 (docs/MEASUREMENTS.md).

#include "core/measure/json_position.h"
#include "core/measure/measurement_import.h"

#include <cmath>

namespace ts::measure {
namespace {

using ojson = nlohmann::ordered_json;

constexpr std::string_view kFormat = "tilescope.measurements/1";

// Reports the first problem with the line of the value it is about.
class Checker {
public:
    Checker(std::string_view text, const std::string& path) : m_text(text), m_path(path) {}

    ParseOutcome fail(const std::string& where, const std::string& message) const
    {
        ParseOutcome out;
        out.error = m_path + ":" + std::to_string(lineOfJsonPath(m_text, where)) + ": " +
                    (where.empty() ? std::string() : where + ": ") + message;
        return out;
    }
    int line(const std::string& where) const { return lineOfJsonPath(m_text, where); }

private:
    std::string_view m_text;
    const std::string& m_path;
};

// A string field that may be null or absent: "" then. False when it is something else.
bool optionalString(const ojson& object, const char* name, std::string* out)
{
    const auto it = object.find(name);
    if (it == object.end() || it->is_null()) {
        out->clear();
        return true;
    }
    if (!it->is_string())
        return false;
    *out = it->get<std::string>();
    return true;
}

// A time: a number or null / absent. False when it is something else or negative.
bool optionalTime(const ojson& object, const char* name, std::optional<double>* out)
{
    const auto it = object.find(name);
    if (it == object.end() || it->is_null()) {
        out->reset();
        return true;
    }
    if (!it->is_number())
        return false;
    const double v = it->get<double>();
    if (!std::isfinite(v) || v < 0)
        return false;
    *out = v;
    return true;
}

} // namespace

ParseOutcome parseRunnerJson(std::string_view text, const std::string& path)
{
    const Checker check(text, path);
    ojson doc;
    try {
        doc = ojson::parse(text);
    } catch (const ojson::parse_error& e) {
        ParseOutcome out;
        out.error = jsonSyntaxError(path, e);
        return out;
    }
    if (!doc.is_object())
        return check.fail("", "expected a JSON object (tilescope.measurements/1)");
    const auto format = doc.find("format");
    if (format == doc.end() || !format->is_string() || format->get<std::string>() != kFormat)
        return check.fail("format", "expected \"" + std::string(kFormat) + "\"");

    ParsedFile file;
    file.path = path;
    file.format = SourceFormat::Runner;
    RunnerHeader& header = file.runner.emplace();
    optionalString(doc, "tilescope_version", &header.tilescopeVersion);

    if (!optionalString(doc, "backend", &header.backend) || header.backend.empty())
        return check.fail("backend", "expected a backend version (" + kernel::backendNames() + ")");
    file.backend = kernel::parseBackendVersion(header.backend);
    if (!file.backend)
        return check.fail("backend", "unknown backend version '" + header.backend + "' (" + kernel::backendNames() + ")");

    const auto workload = doc.find("workload");
    if (workload == doc.end() || !workload->is_object())
        return check.fail("workload", "expected the workload object");
    header.workload = *workload;
    if (!optionalString(*workload, "function", &file.kernelName))
        return check.fail("workload.function", "expected a string");
    file.kernelNameLine = check.line("workload.function");
    if (!optionalString(doc, "workload_file", &header.workloadFile))
        return check.fail("workload_file", "expected a string");
    if (!optionalString(doc, "kernel_sha256", &header.kernelSha256))
        return check.fail("kernel_sha256", "expected a string");
    if (!optionalString(doc, "candidates_from", &header.candidatesFrom))
        return check.fail("candidates_from", "expected a string");
    if (const auto complete = doc.find("complete"); complete != doc.end()) {
        if (!complete->is_boolean())
            return check.fail("complete", "expected true or false");
        header.complete = complete->get<bool>();
    }

    const auto device = doc.find("device");
    if (device == doc.end() || !device->is_object())
        return check.fail("device", "expected an object with the device's name");
    if (!optionalString(*device, "name", &file.device) || file.device.empty())
        return check.fail("device.name", "expected the device's name");
    if (!optionalString(*device, "kind", &file.deviceKind))
        return check.fail("device.kind", "expected a string");

    if (const auto software = doc.find("software"); software != doc.end() && !software->is_null()) {
        if (!software->is_object())
            return check.fail("software", "expected an object of versions");
        const std::pair<const char*, std::string*> fields[] = {{"python", &file.software.python},
                                                               {"triton", &file.software.triton},
                                                               {"torch", &file.software.torch},
                                                               {"torch_npu", &file.software.torchNpu}};
        for (const auto& [name, out] : fields)
            if (!optionalString(*software, name, out))
                return check.fail(std::string("software.") + name, "expected a version string or null");
    }
    const auto bench = doc.find("bench");
    if (bench == doc.end() || !bench->is_object())
        return check.fail("bench", "expected an object with the bench method");
    if (!optionalString(*bench, "method", &file.benchMethod) || file.benchMethod.empty())
        return check.fail("bench.method", "expected the bench method (do_bench, npu_profiler)");

    const auto candidates = doc.find("candidates");
    if (candidates == doc.end() || !candidates->is_array())
        return check.fail("candidates", "expected a list of candidates");
    file.entries.reserve(candidates->size());
    const std::vector<int> lines = elementLines(text, "candidates");
    for (std::size_t i = 0; i < candidates->size(); ++i) {
        const std::string where = "candidates[" + std::to_string(i) + "]";
        const ojson& c = (*candidates)[i];
        if (!c.is_object())
            return check.fail(where, "expected an object");
        ParsedEntry entry;
        const auto config = c.find("config");
        if (config == c.end() || !config->is_object())
            return check.fail(where + ".config", "expected the candidate's config");
        if (const auto kwargs = config->find("kwargs"); kwargs != config->end()) {
            if (!kwargs->is_object())
                return check.fail(where + ".config.kwargs", "expected an object");
            for (auto it = kwargs->begin(); it != kwargs->end(); ++it) {
                if (it->is_boolean())
                    entry.config.kwargs.emplace_back(it.key(), space::ParamValue::boolean(it->get<bool>()));
                else if (it->is_number_integer())
                    entry.config.kwargs.emplace_back(it.key(), space::ParamValue::integer(it->get<std::int64_t>()));
                else
                    return check.fail(where + ".config.kwargs." + it.key(), "expected an int or a bool");
            }
        }
        for (const auto& [name, out] : {std::pair<const char*, int*>{"num_warps", &entry.config.numWarps},
                                        std::pair<const char*, int*>{"num_stages", &entry.config.numStages}}) {
            const auto it = config->find(name);
            if (it == config->end())
                continue;  // triton.Config's default
            if (!it->is_number_integer() || it->get<std::int64_t>() < 0 || it->get<std::int64_t>() > 1 << 20)
                return check.fail(where + ".config." + name, "expected a whole number");
            *out = it->get<int>();
        }
        std::string status;
        if (!optionalString(c, "status", &status) || status.empty())
            return check.fail(where + ".status", "expected ok, compile_failed, run_failed, timeout or not_run");
        const auto parsed = parseMeasureStatus(status);
        if (!parsed || *parsed == MeasureStatus::Selected)
            return check.fail(where + ".status", "unknown status '" + status +
                                                     "' (ok, compile_failed, run_failed, timeout, not_run)");
        entry.status = *parsed;
        for (const auto& [name, out] : {std::pair<const char*, std::optional<double>*>{"p50_ms", &entry.p50Ms},
                                        {"p20_ms", &entry.p20Ms},
                                        {"p80_ms", &entry.p80Ms}})
            if (!optionalTime(c, name, out))
                return check.fail(where + "." + name, "expected a time in ms (a number of at least 0) or null");
        if (!optionalString(c, "error", &entry.error))
            return check.fail(where + ".error", "expected a string or null");
        if (entry.status == MeasureStatus::Ok && !entry.p50Ms)
            return check.fail(where + ".p50_ms", "a candidate with status ok needs its p50");
        if (entry.status != MeasureStatus::Ok)
            entry.p50Ms = entry.p20Ms = entry.p80Ms = std::nullopt;
        entry.line = i < lines.size() ? lines[i] : 0;
        if (entry.status == MeasureStatus::NotRun) {
            file.skipped.push_back({entry.line, "not run: the runner's time budget ran out first"});
            continue;
        }
        file.entries.push_back(std::move(entry));
    }
    ParseOutcome out;
    out.file = std::move(file);
    return out;
}

} // namespace ts::measure
