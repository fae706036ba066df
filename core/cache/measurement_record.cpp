#include "core/cache/measurement_record.h"

#include "core/cache/record_codec.h"
#include "core/cache/sha256.h"

#include <charconv>
#include <cmath>
#include <cstdint>

namespace ts::cache {
namespace {

void appendTime(std::string& out, const std::optional<double>& v)
{
    if (!v || !std::isfinite(*v)) {
        out += "null";
        return;
    }
    char buf[40];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, *v);
    out.append(buf, ec == std::errc() ? end : buf);
}

} // namespace

std::string launchDigestOf(const TuningKey& key)
{
    std::string text = "[";
    appendJsonString(text, key.kernelName);
    text += ',' + encodePairs(key.keyValues) + ',' + encodeStrings(key.dtypes) + ',';
    appendJsonString(text, key.backend);
    text += ']';
    return sha256Hex(text);
}

TuningKey launchKeyOf(const MeasurementRecord& m)
{
    TuningKey key;
    key.kernelName = m.kernelName;
    key.sourceHash = m.sourceHash;
    key.keyValues = m.keyValues;
    key.dtypes = m.dtypes;
    key.backend = m.backend;
    return key;
}

std::string MeasurementRecord::launchDigest() const { return launchDigestOf(launchKeyOf(*this)); }

std::string MeasurementRecord::identity() const { return identity(launchDigest()); }

std::string MeasurementRecord::identity(const std::string& launch) const
{
    std::string text;
    text.reserve(256);
    text += "[\"" + launch + "\",";
    appendJsonString(text, sourceHash);
    text += ',' + encodePairs(params) + ',' + std::to_string(numWarps) + ',' + std::to_string(numStages) + ',';
    for (const std::string* s : {&status, &error, &device, &deviceKind, &python, &triton, &torch, &torchNpu,
                                 &benchMethod}) {
        appendJsonString(text, *s);
        text += ',';
    }
    appendTime(text, p50Ms);
    text += ',';
    appendTime(text, p20Ms);
    text += ',';
    appendTime(text, p80Ms);
    text += ']';
    return sha256Hex(text);
}

namespace {

nlohmann::ordered_json pairsJson(const TextPairs& pairs)
{
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    for (const auto& [name, value] : pairs)
        j[name] = value;
    return j;
}

nlohmann::ordered_json timeJson(const std::optional<double>& ms)
{
    return ms && std::isfinite(*ms) ? nlohmann::ordered_json(*ms) : nlohmann::ordered_json();
}

// Field readers for measurementFromJson: each returns false with *error naming the field.
struct FieldReader {
    const nlohmann::ordered_json& j;
    const std::string& where;
    std::string* error;

    bool fail(const char* name, const std::string& what)
    {
        *error = where + "." + name + ": " + what;
        return false;
    }
    bool text(const char* name, std::string* out, bool required = false)
    {
        if (!j.contains(name) || j[name].is_null())
            return !required || fail(name, "missing");
        if (!j[name].is_string())
            return fail(name, "expected a string");
        *out = j[name].get<std::string>();
        return true;
    }
    bool integer(const char* name, std::int64_t* out)
    {
        if (!j.contains(name))
            return fail(name, "missing");
        if (!j[name].is_number_integer())
            return fail(name, "expected an integer");
        *out = j[name].get<std::int64_t>();
        return true;
    }
    bool time(const char* name, std::optional<double>* out)
    {
        if (!j.contains(name) || j[name].is_null())
            return true;
        if (!j[name].is_number())
            return fail(name, "expected a number of milliseconds or null");
        *out = j[name].get<double>();
        return true;
    }
    bool pairs(const char* name, TextPairs* out)
    {
        if (!j.contains(name) || !j[name].is_object())
            return fail(name, "expected an object of names to Python literal texts");
        for (auto it = j[name].begin(); it != j[name].end(); ++it) {
            if (!it.value().is_string())
                return fail(name, "the value of " + it.key() + " is not a text");
            out->emplace_back(it.key(), it.value().get<std::string>());
        }
        return true;
    }
};

} // namespace

nlohmann::ordered_json toJson(const MeasurementRecord& m)
{
    return {{"kernel", m.kernelName},     {"sourceHash", m.sourceHash},   {"keyValues", pairsJson(m.keyValues)},
            {"dtypes", m.dtypes},         {"backend", m.backend},         {"params", pairsJson(m.params)},
            {"numWarps", m.numWarps},     {"numStages", m.numStages},     {"status", m.status},
            {"error", m.error},           {"p50Ms", timeJson(m.p50Ms)},   {"p20Ms", timeJson(m.p20Ms)},
            {"p80Ms", timeJson(m.p80Ms)}, {"device", m.device},           {"deviceKind", m.deviceKind},
            {"python", m.python},         {"triton", m.triton},           {"torch", m.torch},
            {"torchNpu", m.torchNpu},     {"benchMethod", m.benchMethod}, {"sourceFormat", m.sourceFormat},
            {"sourceFile", m.sourceFile}, {"sourceLine", m.sourceLine},   {"importedAt", m.importedAt}};
}

std::optional<MeasurementRecord> measurementFromJson(const nlohmann::ordered_json& j, const std::string& where,
                                                     std::string* error)
{
    if (!j.is_object()) {
        *error = where + ": expected an object";
        return std::nullopt;
    }
    FieldReader r{j, where, error};
    MeasurementRecord m;
    std::int64_t warps = 0, stages = 0;
    if (!r.text("kernel", &m.kernelName, true) || !r.text("sourceHash", &m.sourceHash) ||
        !r.pairs("keyValues", &m.keyValues) || !r.text("backend", &m.backend, true) || !r.pairs("params", &m.params) ||
        !r.integer("numWarps", &warps) || !r.integer("numStages", &stages) || !r.text("status", &m.status, true) ||
        !r.text("error", &m.error) || !r.time("p50Ms", &m.p50Ms) || !r.time("p20Ms", &m.p20Ms) ||
        !r.time("p80Ms", &m.p80Ms) || !r.text("device", &m.device) || !r.text("deviceKind", &m.deviceKind) ||
        !r.text("python", &m.python) || !r.text("triton", &m.triton) || !r.text("torch", &m.torch) ||
        !r.text("torchNpu", &m.torchNpu) || !r.text("benchMethod", &m.benchMethod) ||
        !r.text("sourceFormat", &m.sourceFormat) || !r.text("sourceFile", &m.sourceFile) ||
        !r.integer("sourceLine", &m.sourceLine) || !r.text("importedAt", &m.importedAt))
        return std::nullopt;
    if (!j.contains("dtypes") || !j["dtypes"].is_array()) {
        *error = where + ".dtypes: expected a list of dtype names";
        return std::nullopt;
    }
    for (const auto& d : j["dtypes"]) {
        if (!d.is_string()) {
            *error = where + ".dtypes: expected a list of dtype names";
            return std::nullopt;
        }
        m.dtypes.push_back(d.get<std::string>());
    }
    if (warps < 1 || warps > (1 << 20) || stages < 0 || stages > (1 << 20)) {
        *error = where + ": numWarps must be at least 1 and numStages at least 0";
        return std::nullopt;
    }
    m.numWarps = int(warps);
    m.numStages = int(stages);
    if (const std::string bad = validateMeasurement(m); !bad.empty()) {
        *error = where + ": " + bad;
        return std::nullopt;
    }
    return m;
}

nlohmann::ordered_json toJson(const LaunchWorkload& launch)
{
    nlohmann::ordered_json workload = nlohmann::ordered_json::parse(launch.workload, nullptr, false);
    return {{"launchDigest", launch.launchDigest},
            {"workload", workload.is_discarded() ? nlohmann::ordered_json(launch.workload) : workload},
            {"workloadPath", launch.workloadPath},
            {"storedAt", launch.storedAt}};
}

std::optional<LaunchWorkload> launchWorkloadFromJson(const nlohmann::ordered_json& j, const std::string& where,
                                                     std::string* error)
{
    if (!j.is_object()) {
        *error = where + ": expected an object";
        return std::nullopt;
    }
    FieldReader r{j, where, error};
    LaunchWorkload out;
    if (!r.text("launchDigest", &out.launchDigest, true) || !r.text("workloadPath", &out.workloadPath) ||
        !r.text("storedAt", &out.storedAt))
        return std::nullopt;
    if (out.launchDigest.size() != 64) {
        *error = where + ".launchDigest: expected a SHA-256 in hex";
        return std::nullopt;
    }
    if (!j.contains("workload") || !j["workload"].is_object()) {
        *error = where + ".workload: expected the workload object";
        return std::nullopt;
    }
    out.workload = j["workload"].dump();
    return out;
}

std::string validateMeasurement(const MeasurementRecord& m)
{
    if (m.kernelName.empty())
        return "the measurement names no kernel";
    if (m.status != "ok" && m.status != "compile_failed" && m.status != "run_failed" && m.status != "timeout" &&
        m.status != "selected")
        return "unknown status '" + m.status + "'";
    if (m.status == "ok" && (!m.p50Ms || !std::isfinite(*m.p50Ms) || *m.p50Ms < 0))
        return "a measurement with status ok needs a finite p50 of at least 0 ms";
    for (const auto* t : {&m.p50Ms, &m.p20Ms, &m.p80Ms})
        if (*t && std::isfinite(**t) && **t < 0)
            return "a negative time";
    if (m.numWarps < 1 || m.numStages < 0)
        return "num_warps must be at least 1 and num_stages at least 0";
    return "";
}

} // namespace ts::cache
