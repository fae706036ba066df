#include "core/cache/measurement_record.h"

#include "core/cache/record_codec.h"
#include "core/cache/sha256.h"

#include <charconv>
#include <cmath>

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
