#include "core/measure/measurement.h"

#include <array>
#include <charconv>
#include <utility>

namespace ts::measure {
namespace {

constexpr std::array<std::string_view, 6> kStatusNames = {"ok", "compile_failed", "run_failed",
                                                          "timeout", "not_run", "selected"};
constexpr std::array<std::string_view, 3> kFormatNames = {"runner", "triton-autotune-json", "autotuning-log"};

std::optional<space::ParamValue> paramFromText(std::string_view text)
{
    if (text == "True")
        return space::ParamValue::boolean(true);
    if (text == "False")
        return space::ParamValue::boolean(false);
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty())
        return std::nullopt;
    return space::ParamValue::integer(v);
}

// The fields a measurement and its stored record hold alike (the same value under the same
// type): one list that toRecord and fromRecord both carry, so that a field added to both goes
// both ways. `carry(measurementField, recordField)`; the measurement's launch and software
// first, its own fields after them.
template <class M, class R, class Carry> void sharedFields(M& m, R& r, Carry carry)
{
    carry(m.launch.kernelName, r.kernelName);
    carry(m.launch.sourceHash, r.sourceHash);
    carry(m.launch.keyValues, r.keyValues);
    carry(m.launch.dtypes, r.dtypes);
    carry(m.launch.backend, r.backend);
    carry(m.software.python, r.python);
    carry(m.software.triton, r.triton);
    carry(m.software.torch, r.torch);
    carry(m.software.torchNpu, r.torchNpu);
    carry(m.error, r.error);
    carry(m.p50Ms, r.p50Ms);
    carry(m.p20Ms, r.p20Ms);
    carry(m.p80Ms, r.p80Ms);
    carry(m.device, r.device);
    carry(m.deviceKind, r.deviceKind);
    carry(m.benchMethod, r.benchMethod);
    carry(m.sourceFile, r.sourceFile);
    carry(m.importedAt, r.importedAt);
}

} // namespace

std::string_view measureStatusName(MeasureStatus status)
{
    const auto i = std::size_t(status);
    return i < kStatusNames.size() ? kStatusNames[i] : std::string_view();
}

std::optional<MeasureStatus> parseMeasureStatus(std::string_view name)
{
    for (std::size_t i = 0; i < kStatusNames.size(); ++i)
        if (kStatusNames[i] == name)
            return MeasureStatus(i);
    return std::nullopt;
}

std::string_view sourceFormatName(SourceFormat format)
{
    const auto i = std::size_t(format);
    return i < kFormatNames.size() ? kFormatNames[i] : std::string_view();
}

cache::MeasurementRecord toRecord(const Measurement& m)
{
    return toRecord(Measurement(m));
}

cache::MeasurementRecord toRecord(Measurement&& m)
{
    cache::MeasurementRecord r;
    r.id = m.id;
    sharedFields(m, r, [](auto& field, auto& stored) { stored = std::move(field); });
    r.params.reserve(m.config.kwargs.size());
    for (const auto& [name, value] : m.config.kwargs)
        r.params.emplace_back(name, value.toPython());
    r.numWarps = m.config.numWarps;
    r.numStages = m.config.numStages;
    r.status = std::string(measureStatusName(m.status));
    r.sourceFormat = std::string(sourceFormatName(m.sourceFormat));
    r.sourceLine = m.sourceLine;
    return r;
}

std::optional<space::TritonConfig> configOf(const cache::MeasurementRecord& r, std::string* error)
{
    space::TritonConfig config;
    for (const auto& [name, text] : r.params) {
        const auto value = paramFromText(text);
        if (!value) {
            if (error)
                *error = "measurement " + std::to_string(r.id) + ": the value of " + name + " (" + text +
                         ") is not an int or bool";
            return std::nullopt;
        }
        config.kwargs.emplace_back(name, *value);
    }
    config.numWarps = r.numWarps;
    config.numStages = r.numStages;
    return config;
}

std::optional<Measurement> fromRecord(const cache::MeasurementRecord& r, std::string* error)
{
    Measurement m;
    m.id = r.id;
    auto config = configOf(r, error);
    if (!config)
        return std::nullopt;
    m.config = std::move(*config);
    const auto status = parseMeasureStatus(r.status);
    if (!status) {
        if (error)
            *error = "measurement " + std::to_string(r.id) + ": unknown status '" + r.status + "'";
        return std::nullopt;
    }
    m.status = *status;
    sharedFields(m, r, [](auto& field, const auto& stored) { field = stored; });
    for (std::size_t i = 0; i < kFormatNames.size(); ++i)
        if (kFormatNames[i] == r.sourceFormat)
            m.sourceFormat = SourceFormat(i);
    m.sourceLine = int(r.sourceLine);
    return m;
}

std::string launchText(const cache::TuningKey& launch)
{
    std::string out = launch.kernelName + "[";
    for (std::size_t i = 0; i < launch.keyValues.size(); ++i)
        out += (i ? ", " : "") + launch.keyValues[i].first + "=" + launch.keyValues[i].second;
    if (!launch.dtypes.empty()) {
        out += launch.keyValues.empty() ? "" : "; ";
        for (std::size_t i = 0; i < launch.dtypes.size(); ++i)
            out += (i ? ", " : "") + launch.dtypes[i];
    }
    return out + "] (backend " + launch.backend + ")";
}

std::string configText(const space::TritonConfig& config)
{
    std::string out;
    for (const auto& [name, value] : config.kwargs)
        out += name + "=" + value.toPython() + " ";
    out += "num_warps=" + std::to_string(config.numWarps) + " num_stages=" + std::to_string(config.numStages);
    return out;
}

std::string configText(const cache::MeasurementRecord& record)
{
    // The stored text of a value is its toPython() (toRecord), so this matches configText above.
    std::string out;
    for (const auto& [name, text] : record.params)
        out.append(name).append("=").append(text).append(" ");
    out += "num_warps=" + std::to_string(record.numWarps) + " num_stages=" + std::to_string(record.numStages);
    return out;
}

} // namespace ts::measure
