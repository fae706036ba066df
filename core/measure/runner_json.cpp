// The runner's measurements file, tilescope.measurements/1 (docs/MEASUREMENTS.md).

#include "core/measure/json_position.h"
#include "core/measure/measurement_import.h"
#include "core/util/json_reader.h"

#include <cmath>

namespace ts::measure {
namespace {

using ojson = nlohmann::ordered_json;

constexpr std::string_view kFormat = "tilescope.measurements/1";

// Names (device, kernel, versions, parameters) are stored with every measurement: a 10 MB name
// would make a cache of gigabytes.
constexpr std::size_t kMaxNameBytes = 1024;
// What the runner keeps of an exception's text.
constexpr std::size_t kMaxErrorBytes = 4000;

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

// A string field (a name, at most kMaxNameBytes) that may be null or absent: "" then. False when
// it is something else.
bool optionalString(const ojson& object, const char* name, std::string* out, std::size_t maxBytes = kMaxNameBytes)
{
    const auto it = object.find(name);
    if (it == object.end() || it->is_null()) {
        out->clear();
        return true;
    }
    if (!it->is_string() || it->get_ref<const std::string&>().size() > maxBytes)
        return false;
    *out = it->get<std::string>();
    return true;
}

// A time: a number greater than 0, or null / absent. False when it is something else.
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
    if (!std::isfinite(v) || v <= 0)
        return false;
    *out = v;
    return true;
}

std::string nameProblem() { return "expected a string of at most " + std::to_string(kMaxNameBytes) + " bytes"; }

} // namespace

ParseOutcome parseRunnerJson(std::string_view text, const std::string& path)
{
    const Checker check(text, path);
    util::JsonRead<ojson> read = util::readOrderedJson(text, path);
    if (!read.ok()) {
        ParseOutcome out;
        out.error = read.error;
        return out;
    }
    const ojson& doc = read.value;
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
        return check.fail("workload.function", nameProblem());
    file.kernelNameLine = check.line("workload.function");
    if (!optionalString(doc, "workload_file", &header.workloadFile, 4096))
        return check.fail("workload_file", "expected a path of at most 4096 bytes");
    if (!optionalString(doc, "kernel_sha256", &header.kernelSha256))
        return check.fail("kernel_sha256", nameProblem());
    if (!optionalString(doc, "candidates_from", &header.candidatesFrom, 4096))
        return check.fail("candidates_from", "expected a string of at most 4096 bytes");
    if (const auto complete = doc.find("complete"); complete != doc.end()) {
        if (!complete->is_boolean())
            return check.fail("complete", "expected true or false");
        header.complete = complete->get<bool>();
    }

    const auto device = doc.find("device");
    if (device == doc.end() || !device->is_object())
        return check.fail("device", "expected an object with the device's name");
    if (!optionalString(*device, "name", &file.device) || file.device.empty())
        return check.fail("device.name", "expected the device's name (at most " + std::to_string(kMaxNameBytes) +
                                             " bytes)");
    if (!optionalString(*device, "kind", &file.deviceKind))
        return check.fail("device.kind", nameProblem());

    if (const auto software = doc.find("software"); software != doc.end() && !software->is_null()) {
        if (!software->is_object())
            return check.fail("software", "expected an object of versions");
        const std::pair<const char*, std::string*> fields[] = {{"python", &file.software.python},
                                                               {"triton", &file.software.triton},
                                                               {"torch", &file.software.torch},
                                                               {"torch_npu", &file.software.torchNpu}};
        for (const auto& [name, out] : fields)
            if (!optionalString(*software, name, out))
                return check.fail(std::string("software.") + name,
                                  "expected a version string (at most " + std::to_string(kMaxNameBytes) +
                                      " bytes) or null");
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
                if (it.key().empty() || it.key().size() > kMaxNameBytes)
                    return check.fail(where + ".config.kwargs", "a parameter's name must have 1 to " +
                                                                     std::to_string(kMaxNameBytes) + " bytes");
                if (it->is_boolean())
                    entry.config.kwargs.emplace_back(it.key(), space::ParamValue::boolean(it->get<bool>()));
                else if (const auto value = util::jsonInteger(*it))
                    entry.config.kwargs.emplace_back(it.key(), space::ParamValue::integer(*value));
                else if (it->is_number_integer())
                    return check.fail(where + ".config.kwargs." + it.key(),
                                      util::describeJson(*it) + " does not fit a 64-bit integer");
                else
                    return check.fail(where + ".config.kwargs." + it.key(), "expected an int or a bool");
            }
        }
        for (const auto& [name, out] : {std::pair<const char*, int*>{"num_warps", &entry.config.numWarps},
                                        std::pair<const char*, int*>{"num_stages", &entry.config.numStages}}) {
            const auto it = config->find(name);
            if (it == config->end())
                continue;  // triton.Config's default
            const auto value = util::jsonInteger(*it, 0, 1 << 20);
            if (!value)
                return check.fail(where + ".config." + name,
                                  "expected a whole number from 0 to 2^20, found " + util::describeJson(*it));
            *out = int(*value);
        }
        std::string status;
        if (!optionalString(c, "status", &status, 64) || status.empty())
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
                return check.fail(where + "." + name, "expected a time in ms (a number greater than 0) or null");
        if (const auto error = c.find("error"); error != c.end() && !error->is_null() && !error->is_string())
            return check.fail(where + ".error", "expected a string or null");
        optionalString(c, "error", &entry.error, SIZE_MAX);
        if (entry.error.size() > kMaxErrorBytes)
            entry.error = entry.error.substr(0, kMaxErrorBytes) + " ...";
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
