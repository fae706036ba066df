#include "core/export/triton_cache_json.h"

#include "core/backends/backend_policy.h"
#include "core/backends/backend_registry.h"

#include "core/cache/sha256.h"
#include "core/export/python_literal.h"
#include "core/python/value.h"
#include "core/util/input_file.h"
#include "core/util/json_reader.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

namespace ts::exporter {

using ojson = nlohmann::ordered_json;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

double timingValue(const ojson& v)
{
    if (v.is_null())
        return std::numeric_limits<double>::quiet_NaN();
    return v.get<double>();
}

} // namespace

std::optional<std::size_t> TritonAutotuneCache::bestIndex() const
{
    std::optional<std::size_t> best;
    for (std::size_t i = 0; i < configsTimings.size(); ++i) {
        if (!best || std::lexicographical_compare(configsTimings[i].timingsMs.begin(), configsTimings[i].timingsMs.end(),
                                                  configsTimings[*best].timingsMs.begin(),
                                                  configsTimings[*best].timingsMs.end()))
            best = i;
    }
    return best;
}

std::string tritonAutotuneFileName(std::string_view kernelName)
{
    // Python slices code points, not bytes: count UTF-8 lead bytes.
    std::size_t cut = kernelName.size(), codePoints = 0;
    for (std::size_t i = 0; i < kernelName.size(); ++i) {
        if ((static_cast<unsigned char>(kernelName[i]) & 0xc0) != 0x80) {
            if (codePoints == 150) {
                cut = i;
                break;
            }
            ++codePoints;
        }
    }
    return std::string(kernelName.substr(0, cut)) + ".autotune.json";
}

std::string writeTritonAutotuneJson(const TritonAutotuneCache& cache, std::string* error)
{
    auto fail = [&](std::string message) {
        if (error)
            *error = std::move(message);
        return std::string();
    };
    ojson key = ojson::array();
    for (const auto& element : cache.key) {
        auto value = literalToJson(element);
        if (!value)
            return fail("key element " + element + " is not a Python literal");
        key.push_back(std::move(*value));
    }
    ojson timings = ojson::array();
    for (std::size_t i = 0; i < cache.configsTimings.size(); ++i) {
        const auto& entry = cache.configsTimings[i];
        ojson kwargs = ojson::object();
        for (const auto& [name, text] : entry.kwargs) {
            auto value = literalToJson(text);
            if (!value)
                return fail("config " + std::to_string(i) + ": the value of " + name + " (" + text +
                            ") is not a Python literal");
            kwargs[name] = std::move(*value);
        }
        ojson config = ojson::object();
        config["kwargs"] = std::move(kwargs);
        config["num_warps"] = entry.numWarps;
        config["num_ctas"] = entry.numCtas;
        config["num_stages"] = entry.numStages;
        config["maxnreg"] = entry.maxnreg ? ojson(*entry.maxnreg) : ojson(nullptr);
        config["pre_hook"] = nullptr;  // Triton never caches configs that have one
        config["ir_override"] = entry.irOverride ? ojson(*entry.irOverride) : ojson(nullptr);
        ojson quantiles = ojson::array();
        for (double t : entry.timingsMs)
            quantiles.push_back(t);
        if (entry.bareNumber && entry.timingsMs.size() == 1)
            quantiles = entry.timingsMs[0];
        timings.push_back(ojson::array({std::move(config), std::move(quantiles)}));
    }
    ojson doc = ojson::object();
    doc["key"] = std::move(key);
    doc["configs_timings"] = std::move(timings);
    return pythonJsonDumps(doc);
}

TritonJsonResult readTritonAutotuneJson(std::string_view text, const std::string& fileName)
{
    TritonJsonResult result;
    auto fail = [&](const std::string& message) {
        result.cache.reset();
        result.error = fileName + ": " + message;
        return result;
    };
    util::JsonLimits limits;
    limits.pythonNonFinite = true;
    util::JsonRead<ojson> read = util::readOrderedJson(text, fileName, limits);
    if (!read.ok()) {
        result.error = read.error;
        return result;
    }
    const ojson& doc = read.value;
    if (!doc.is_object() || !doc.contains("configs_timings"))
        return fail("not a Triton autotune cache (no \"configs_timings\")");
    TritonAutotuneCache cache;
    if (doc.contains("key") && !doc["key"].is_null()) {
        const ojson& key = doc["key"];
        if (key.is_array())
            for (const auto& element : key)
                cache.key.push_back(jsonToLiteral(element));
        else
            cache.key.push_back(jsonToLiteral(key));
    }
    const ojson& entries = doc["configs_timings"];
    if (!entries.is_array())
        return fail("\"configs_timings\" is not a list");
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const std::string where = "configs_timings[" + std::to_string(i) + "]";
        const ojson& entry = entries[i];
        if (!entry.is_array() || entry.size() != 2 || !entry[0].is_object())
            return fail(where + ": expected [config, timings]");
        const ojson& config = entry[0];
        TritonConfigTiming t;
        if (config.contains("kwargs")) {
            if (!config["kwargs"].is_object())
                return fail(where + ".kwargs: expected an object");
            for (auto it = config["kwargs"].begin(); it != config["kwargs"].end(); ++it)
                t.kwargs.emplace_back(it.key(), jsonToLiteral(it.value()));
        }
        // Counts of warps, CTAs, stages and registers: whole numbers a config can launch with.
        auto intField = [&](const char* name, int fallback, bool* ok) -> std::optional<int> {
            if (!config.contains(name) || config[name].is_null())
                return fallback == std::numeric_limits<int>::min() ? std::nullopt : std::optional<int>(fallback);
            const std::optional<std::int64_t> value = util::jsonInteger(config[name], 0, 1 << 20);
            if (!value) {
                *ok = false;
                return std::nullopt;
            }
            return int(*value);
        };
        bool ok = true;
        t.numWarps = intField("num_warps", 4, &ok).value_or(4);
        t.numCtas = intField("num_ctas", 1, &ok).value_or(1);
        t.numStages = intField("num_stages", 3, &ok).value_or(3);
        t.maxnreg = intField("maxnreg", std::numeric_limits<int>::min(), &ok);
        if (!ok)
            return fail(where + ": num_warps, num_ctas, num_stages and maxnreg must be whole numbers from 0 to 2^20");
        if (config.contains("ir_override") && !config["ir_override"].is_null()) {
            if (!config["ir_override"].is_string())
                return fail(where + ".ir_override: expected a string");
            t.irOverride = config["ir_override"].get<std::string>();
        }
        const ojson& timings = entry[1];
        if (timings.is_number() || timings.is_null()) {
            t.timingsMs.push_back(timingValue(timings));
            t.bareNumber = true;
        } else if (timings.is_array()) {
            for (const auto& v : timings) {
                if (!v.is_number() && !v.is_null())
                    return fail(where + ": timings must be numbers");
                t.timingsMs.push_back(timingValue(v));
            }
        } else {
            return fail(where + ": timings must be a number or a list of numbers");
        }
        cache.configsTimings.push_back(std::move(t));
    }
    result.cache = std::move(cache);
    return result;
}

namespace {

TritonJsonResult unreadable(const util::InputText& input)
{
    TritonJsonResult result;
    result.error = input.error;
    return result;
}

} // namespace

TritonJsonResult readTritonAutotuneJsonFile(const std::string& path)
{
    const util::InputText input = util::readInputFile(path);
    return input.ok() ? readTritonAutotuneJson(input.text, path) : unreadable(input);
}

TritonJsonResult readTritonAutotuneJsonFile(const std::string& path, kernel::BackendVersion backend)
{
    const util::InputText input = util::readInputFile(path);
    return input.ok() ? readTritonAutotuneJson(input.text, path, backend) : unreadable(input);
}

namespace {

// The autotuner's key: the key args' values, then str() of each tensor arg's dtype.
std::vector<std::string> tuningKeyOf(const cache::TuningRecord& record)
{
    std::vector<std::string> key;
    for (const auto& [name, value] : record.key.keyValues)
        key.push_back(literalToJson(value) ? value : py::stringRepr(value));
    for (const auto& dtype : record.key.dtypes)
        key.push_back(py::stringRepr(dtype.find('.') == std::string::npos ? "torch." + dtype : dtype));
    return key;
}

// Python's str() of a value given as literal text: a str loses its quotes.
std::string literalStr(const std::string& text)
{
    if (const auto value = literalToJson(text); value && value->is_string())
        return value->get<std::string>();
    return text;
}

} // namespace

TritonAutotuneCache tritonCacheFromTuning(const cache::TuningRecord& record)
{
    TritonAutotuneCache out;
    out.key = tuningKeyOf(record);

    for (const auto& c : record.candidates) {
        const bool ran = cache::isMeasured(c);
        const bool failed = c.status == cache::CandidateStatus::CompileFailed;
        if (!ran && !failed)
            continue;
        TritonConfigTiming t;
        t.kwargs = c.params;
        t.numWarps = c.numWarps;
        t.numStages = c.numStages;
        if (ran) {
            const double p50 = *c.p50Ms;
            auto orP50 = [&](const std::optional<double>& v) { return v && std::isfinite(*v) ? *v : p50; };
            t.timingsMs = {p50, orP50(c.p20Ms), orP50(c.p80Ms)};
        } else {
            t.timingsMs = {kInf, kInf, kInf};
        }
        out.configsTimings.push_back(std::move(t));
    }
    return out;
}

TritonCacheExport tritonCacheForVersion(const cache::TuningRecord& record, const TritonCacheOptions& options)
{
    TritonCacheExport out;
    if (backends::policy(options.backend).autotuneCacheFile() == backends::AutotuneCacheFile::TritonCacheResults) {
        out.cache = tritonCacheFromTuning(record);
        return out;
    }
    if (options.ubTuner) {
        out.refusal = "the UB tuner is on (TRITON_ENABLE_UBTUNER): " + std::string(kernel::backendName(options.backend)) +
                      " warns and benchmarks without the disk cache";
        return out;
    }
    TritonAutotuneCache cache;
    cache.key = tuningKeyOf(record);
    if (cache.key.empty()) {
        out.refusal = "the tuning key is empty: check_disk_cache benchmarks without the disk cache";
        return out;
    }
    std::size_t measured = 0;
    for (const auto& c : record.candidates)
        measured += cache::isMeasured(c) ? 1 : 0;
    // do_bench_npu profiles only when more than one config compiled; it gives one number each.
    // The record keeps p50 / p20 / p80, not the mean: the p50 stands for it.
    const bool bare = record.key.benchMethod == "npu" && measured > 1;
    for (const auto& c : record.candidates) {
        if (!cache::isMeasured(c))
            continue;
        TritonConfigTiming t;
        t.kwargs = c.params;
        t.numWarps = c.numWarps;
        t.numStages = c.numStages;
        const double p50 = *c.p50Ms;
        auto orP50 = [&](const std::optional<double>& v) { return v && std::isfinite(*v) ? *v : p50; };
        t.bareNumber = bare;
        t.timingsMs = bare ? std::vector<double>{p50} : std::vector<double>{p50, orP50(c.p20Ms), orP50(c.p80Ms)};
        cache.configsTimings.push_back(std::move(t));
    }
    out.cache = std::move(cache);
    return out;
}

TritonJsonResult readTritonAutotuneJson(std::string_view text, const std::string& fileName,
                                        kernel::BackendVersion backend)
{
    TritonJsonResult result = readTritonAutotuneJson(text, fileName);
    if (!result.ok() || !backends::policy(backend).rebuildsConfigsFromAutotuneJson())
        return result;
    // Config(**fields): every field must be one of its parameters, and kwargs is required.
    static const char* const kParams[] = {"kwargs", "num_warps", "num_stages", "num_ctas",
                                          "maxnreg", "pre_hook", "ir_override"};
    util::JsonLimits limits;
    limits.pythonNonFinite = true;
    const util::JsonRead<ojson> read = util::readOrderedJson(text, fileName, limits);  // it read once already
    const ojson& entries = read.value["configs_timings"];
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const ojson& config = entries[i][0];
        std::string problem;
        for (auto it = config.begin(); it != config.end() && problem.empty(); ++it)
            if (std::find_if(std::begin(kParams), std::end(kParams),
                             [&](const char* p) { return it.key() == p; }) == std::end(kParams))
                problem = "Config.__init__() got an unexpected keyword argument '" + it.key() + "'";
        if (problem.empty() && !config.contains("kwargs"))
            problem = "Config.__init__() missing 1 required positional argument: 'kwargs'";
        if (!problem.empty()) {
            result.cache.reset();
            result.error = fileName + ": configs_timings[" + std::to_string(i) + "]: " + problem;
            return result;
        }
    }
    return result;
}

std::string tritonConfigString(const cache::CandidateRecord& candidate)
{
    std::string out;
    for (const auto& [name, value] : candidate.params)
        out += name + ": " + literalStr(value) + ", ";
    out += "num_warps: " + std::to_string(candidate.numWarps) + ", num_ctas: 1, num_stages: " +
           std::to_string(candidate.numStages) + ", maxnreg: None";
    return out;
}

std::string tritonAutotuneCacheKeyText(const TritonCacheKeyParts& parts, const std::vector<std::string>& key,
                                       const std::vector<std::string>& configs)
{
    auto env = parts.envVars;
    std::sort(env.begin(), env.end());
    std::string envText = "[";
    for (std::size_t i = 0; i < env.size(); ++i)
        envText += (i ? ", (" : "(") + py::stringRepr(env[i].first) + ", " + py::stringRepr(env[i].second) + ")";
    envText += "]";
    std::string keyText = "(";
    for (std::size_t i = 0; i < key.size(); ++i)
        keyText += (i ? ", " : "") + key[i];
    keyText += key.size() == 1 ? ",)" : ")";
    std::string text = parts.tritonKey + "-" + parts.backendHash + "-" + parts.fnCacheKey + "-" + envText + "-" + keyText;
    for (const std::string& config : configs)
        text += "-" + config;
    return text;
}

std::string tritonAutotuneCachePath(const TritonCacheKeyParts& parts, const std::vector<std::string>& key,
                                    const std::vector<std::string>& configs, std::string_view kernelName)
{
    return cache::sha256Hex(tritonAutotuneCacheKeyText(parts, key, configs)) + "/" + tritonAutotuneFileName(kernelName);
}

} // namespace ts::exporter
