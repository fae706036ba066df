#include "core/cache/tuning_record.h"
#include "core/util/json_reader.h"

#include "core/cache/record_codec.h"
#include "core/cache/sha256.h"
#include "core/util/format.h"
#include "core/util/message.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ts::cache {

namespace {

using ojson = nlohmann::ordered_json;

ojson optionalNumber(const std::optional<double>& v)
{
    if (!v || !std::isfinite(*v))
        return nullptr;
    return *v;
}

} // namespace

// ---- key ----

std::string TuningKey::canonicalText() const
{
    std::string out = "[";
    appendJsonString(out, kernelName);
    out += ',' + encodePairs(keyValues) + ',' + encodeStrings(dtypes) + ',';
    appendJsonString(out, device);
    out.push_back(',');
    appendJsonString(out, benchMethod);
    out.push_back(',');
    appendJsonString(out, simulatorVersion);
    out.push_back(',');
    appendJsonString(out, backend);
    if (!candidateSet.empty()) {  // absent for the backend's own list: digests of older keys hold
        out.push_back(',');
        appendJsonString(out, candidateSet);
    }
    out.push_back(']');
    return out;
}

std::string TuningKey::digest() const { return sha256Hex(canonicalText()); }

bool TuningKey::sameKey(const TuningKey& o) const
{
    return kernelName == o.kernelName && keyValues == o.keyValues && dtypes == o.dtypes && device == o.device &&
           benchMethod == o.benchMethod && simulatorVersion == o.simulatorVersion && backend == o.backend &&
           candidateSet == o.candidateSet;
}

std::string TuningKey::describe() const
{
    return describeMessage().english();
}

msg::Message TuningKey::describeMessage() const
{
    std::string launch = kernelName + "[";
    for (std::size_t i = 0; i < keyValues.size(); ++i)
        launch += (i ? ", " : "") + keyValues[i].first + "=" + keyValues[i].second;
    if (!dtypes.empty()) {
        launch += keyValues.empty() ? "" : "; ";
        for (std::size_t i = 0; i < dtypes.size(); ++i)
            launch += (i ? ", " : "") + dtypes[i];
    }
    launch += "]";
    return msg::Message(msg::Id::CacheKeyOnDevice, {launch, device, benchMethod, simulatorVersion, backend,
                                                    candidateSet.empty() ? std::string() : " [" + candidateSet + "]"});
}

bool isMeasured(const CandidateRecord& c)
{
    return wasBenchmarked(c.status) && c.p50Ms && std::isfinite(*c.p50Ms);
}

const CandidateRecord* TuningRecord::best() const
{
    if (!bestIndex || *bestIndex >= candidates.size())
        return nullptr;
    return &candidates[*bestIndex];
}

std::string_view freshnessName(Freshness freshness)
{
    switch (freshness) {
    case Freshness::Fresh: return "fresh";
    case Freshness::Stale: return "stale";
    case Freshness::Miss: return "miss";
    }
    return "miss";
}

std::string_view candidateStatusName(CandidateStatus status)
{
    switch (status) {
    case CandidateStatus::Generated: return "generated";
    case CandidateStatus::User: return "user";
    case CandidateStatus::Pruned: return "pruned";
    case CandidateStatus::Skipped: return "skipped";
    case CandidateStatus::CompileFailed: return "compile-failed";
    case CandidateStatus::Benchmarked: return "benchmarked";
    case CandidateStatus::Best: return "best";
    case CandidateStatus::Incorrect: return "incorrect";
    case CandidateStatus::TimeBudgetCut: return "time-budget-cut";
    }
    return {};
}

std::optional<CandidateStatus> parseCandidateStatus(std::string_view name)
{
    for (CandidateStatus status : candidateStatuses())
        if (candidateStatusName(status) == name)
            return status;
    return std::nullopt;
}

const std::vector<CandidateStatus>& candidateStatuses()
{
    static const std::vector<CandidateStatus> statuses = [] {
        std::vector<CandidateStatus> all;
        for (int i = 0; i < kCandidateStatusCount; ++i)
            all.push_back(CandidateStatus(i));
        return all;
    }();
    return statuses;
}

std::string sourceHashOf(std::string_view functionSource) { return sha256Hex(functionSource); }

std::string validateRecord(const TuningRecord& record)
{
    if (record.key.kernelName.empty())
        return "the kernel name is empty";
    if (record.key.backend.empty())
        return "the backend version is empty";
    if (record.bestIndex && *record.bestIndex >= record.candidates.size())
        return "best index " + std::to_string(*record.bestIndex) + " is out of range (" +
               formatCount(std::int64_t(record.candidates.size()), "candidate") + ")";
    for (std::size_t i = 0; i < record.candidates.size(); ++i) {
        const auto& c = record.candidates[i];
        if (candidateStatusName(c.status).empty())
            return "candidate " + std::to_string(i) + " has an unknown status '" + std::to_string(int(c.status)) + "'";
        for (const auto& [name, value] : c.params)
            if (name.empty() || value.empty())
                return "candidate " + std::to_string(i) + " has a parameter with an empty name or value";
    }
    if (!record.createdAt.empty() && !parseIsoUtc(record.createdAt))
        return "createdAt '" + record.createdAt + "' is not an ISO 8601 UTC time";
    return {};
}

// ---- time ----

std::string formatIsoUtc(std::chrono::system_clock::time_point time)
{
    using namespace std::chrono;
    const auto ms = floor<milliseconds>(time);
    const auto day = floor<days>(ms);
    const year_month_day ymd{day};
    const hh_mm_ss hms{ms - day};
    char buf[40];
    std::snprintf(buf, sizeof buf, "%04d-%02u-%02uT%02d:%02d:%02d.%03dZ", int(ymd.year()), unsigned(ymd.month()),
                  unsigned(ymd.day()), int(hms.hours().count()), int(hms.minutes().count()),
                  int(hms.seconds().count()), int(hms.subseconds().count()));
    return buf;
}

std::string nowIsoUtc() { return formatIsoUtc(std::chrono::system_clock::now()); }

std::optional<std::chrono::system_clock::time_point> parseIsoUtc(std::string_view text)
{
    using namespace std::chrono;
    auto digits = [&](std::size_t pos, std::size_t count) -> std::optional<int> {
        if (pos + count > text.size())
            return std::nullopt;
        int v = 0;
        for (std::size_t i = pos; i < pos + count; ++i) {
            if (text[i] < '0' || text[i] > '9')
                return std::nullopt;
            v = v * 10 + (text[i] - '0');
        }
        return v;
    };
    if (text.size() < 20 || text[4] != '-' || text[7] != '-' || (text[10] != 'T' && text[10] != ' ') ||
        text[13] != ':' || text[16] != ':')
        return std::nullopt;
    auto y = digits(0, 4), mo = digits(5, 2), d = digits(8, 2);
    auto h = digits(11, 2), mi = digits(14, 2), s = digits(17, 2);
    if (!y || !mo || !d || !h || !mi || !s || *h > 23 || *mi > 59 || *s > 60)
        return std::nullopt;
    const year_month_day ymd{year{*y}, month{unsigned(*mo)}, day{unsigned(*d)}};
    if (!ymd.ok())
        return std::nullopt;
    std::size_t pos = 19;
    nanoseconds fraction{0};
    if (pos < text.size() && text[pos] == '.') {
        ++pos;
        long long scale = 100'000'000;
        const std::size_t start = pos;
        for (; pos < text.size() && text[pos] >= '0' && text[pos] <= '9'; ++pos) {
            fraction += nanoseconds{(text[pos] - '0') * scale};
            scale /= 10;
        }
        if (pos == start)
            return std::nullopt;
    }
    const std::string_view zone = text.substr(pos);
    if (zone != "Z" && zone != "+00:00")
        return std::nullopt;
    const auto tp = sys_days{ymd} + hours{*h} + minutes{*mi} + seconds{*s} + fraction;
    return time_point_cast<system_clock::duration>(tp);
}

bool supersedes(const TuningRecord& a, const TuningRecord& b)
{
    const auto ta = parseIsoUtc(a.createdAt);
    const auto tb = parseIsoUtc(b.createdAt);
    if (ta && tb && *ta != *tb)
        return *ta > *tb;
    if (ta.has_value() != tb.has_value())
        return ta.has_value();  // a readable time beats an unreadable one
    if (!ta && a.createdAt != b.createdAt)
        return a.createdAt > b.createdAt;
    // Same moment: any fixed total order will do, as long as it ignores where a record came from.
    TuningRecord ca = a, cb = b;
    ca.id = cb.id = 0;
    return util::jsonText(toJson(ca)) > util::jsonText(toJson(cb));
}

// ---- JSON ----

ojson toJson(const CandidateRecord& c)
{
    ojson params = ojson::object();
    for (const auto& [name, value] : c.params)
        params[name] = value;
    ojson j = ojson::object();
    j["params"] = std::move(params);
    j["numWarps"] = c.numWarps;
    j["numStages"] = c.numStages;
    j["status"] = candidateStatusName(c.status);
    j["reasonCode"] = c.reasonCode;
    j["reasonMessage"] = c.reasonMessage;
    j["p50Ms"] = optionalNumber(c.p50Ms);
    j["p20Ms"] = optionalNumber(c.p20Ms);
    j["p80Ms"] = optionalNumber(c.p80Ms);
    if (c.breakdownJson.empty()) {
        j["breakdown"] = nullptr;
    } else {
        // Embed it when that loses nothing (the text is exactly compact JSON), else keep the text.
        auto parsed = util::parseStoredOrderedJson(c.breakdownJson);
        if (!parsed.is_discarded() && util::jsonText(parsed) == c.breakdownJson && !parsed.is_string())
            j["breakdown"] = std::move(parsed);
        else
            j["breakdown"] = c.breakdownJson;
    }
    if (!c.ubTuneJson.empty()) {
        auto parsed = util::parseStoredOrderedJson(c.ubTuneJson);
        j["ubTune"] = parsed.is_discarded() ? ojson(c.ubTuneJson) : std::move(parsed);
    }
    return j;
}

ojson toJson(const TuningDetails& d)
{
    ojson j = ojson::object();
    j["kernelFile"] = d.kernelFile;
    j["seed"] = d.seed;
    j["compileWorkers"] = d.compileWorkers;
    if (d.hostCores > 0)
        j["hostCores"] = d.hostCores;
    j["compileSeconds"] = std::isfinite(d.compileSeconds) ? d.compileSeconds : 0.0;
    j["benchSeconds"] = std::isfinite(d.benchSeconds) ? d.benchSeconds : 0.0;
    j["threads"] = d.threads;
    j["hostSeconds"] = std::isfinite(d.hostSeconds) ? d.hostSeconds : 0.0;
    j["tuned"] = d.tuned;
    j["finished"] = d.finished;
    j["stopped"] = d.stopped;
    j["error"] = d.error;
    ojson diagnostics = util::parseStoredOrderedJson(d.diagnosticsJson);
    j["diagnostics"] = diagnostics.is_array() ? diagnostics : ojson::array();
    if (d.ubTuner != "off")
        j["ubTuner"] = d.ubTuner;
    if (!d.confidenceJson.empty()) {
        ojson confidence = util::parseStoredOrderedJson(d.confidenceJson);
        if (confidence.is_object())
            j["confidence"] = std::move(confidence);
    }
    return j;
}

ojson toJson(const TuningRecord& r)
{
    ojson keyValues = ojson::object();
    for (const auto& [name, value] : r.key.keyValues)
        keyValues[name] = value;
    ojson candidates = ojson::array();
    for (const auto& c : r.candidates)
        candidates.push_back(toJson(c));
    ojson j = ojson::object();
    j["kernel"] = r.key.kernelName;
    j["sourceHash"] = r.key.sourceHash;
    j["keyValues"] = std::move(keyValues);
    j["dtypes"] = r.key.dtypes;
    j["device"] = r.key.device;
    j["benchMethod"] = r.key.benchMethod;
    j["simulatorVersion"] = r.key.simulatorVersion;
    j["backend"] = r.key.backend;
    if (!r.key.candidateSet.empty())
        j["candidateSet"] = r.key.candidateSet;
    j["workload"] = r.workloadPath;
    j["createdAt"] = r.createdAt;
    if (!r.tilescopeVersion.empty())
        j["tilescopeVersion"] = r.tilescopeVersion;
    j["tuningWallSeconds"] = std::isfinite(r.tuningWallSeconds) ? r.tuningWallSeconds : 0.0;
    j["bestIndex"] = r.bestIndex ? ojson(*r.bestIndex) : ojson(nullptr);
    j["notes"] = r.notes;
    j["details"] = r.details ? toJson(*r.details) : ojson(nullptr);
    j["candidates"] = std::move(candidates);
    return j;
}

namespace {

// Field readers that report "where.field: expected ..." on a type mismatch.
class FieldReader {
public:
    FieldReader(const ojson& object, std::string where, std::string* error)
        : m_object(object), m_where(std::move(where)), m_error(error)
    {
    }
    bool failed() const { return m_failed; }

    std::string text(const char* name, bool required = false)
    {
        const ojson* v = find(name, required);
        if (!v || v->is_null())
            return {};
        if (!v->is_string())
            return fail(name, "a string"), std::string{};
        return v->get<std::string>();
    }
    std::optional<double> number(const char* name)
    {
        const ojson* v = find(name, false);
        if (!v || v->is_null())
            return std::nullopt;
        if (!v->is_number())
            return fail(name, "a number or null"), std::nullopt;
        return v->get<double>();
    }
    std::optional<std::int64_t> integer(const char* name)
    {
        const ojson* v = find(name, false);
        if (!v || v->is_null())
            return std::nullopt;
        if (!v->is_number_integer())
            return fail(name, "an integer or null"), std::nullopt;
        return v->get<std::int64_t>();
    }
    TextPairs pairs(const char* name)
    {
        TextPairs out;
        const ojson* v = find(name, false);
        if (!v || v->is_null())
            return out;
        if (v->is_object()) {
            for (auto it = v->begin(); it != v->end(); ++it) {
                if (!it.value().is_string())
                    return fail(std::string(name) + "." + it.key(), "a string (Python literal text)"), TextPairs{};
                out.emplace_back(it.key(), it.value().get<std::string>());
            }
            return out;
        }
        return fail(name, "an object of strings"), TextPairs{};
    }
    std::vector<std::string> strings(const char* name)
    {
        std::vector<std::string> out;
        const ojson* v = find(name, false);
        if (!v || v->is_null())
            return out;
        if (!v->is_array())
            return fail(name, "an array of strings"), out;
        for (const auto& item : *v) {
            if (!item.is_string())
                return fail(name, "an array of strings"), std::vector<std::string>{};
            out.push_back(item.get<std::string>());
        }
        return out;
    }
    const ojson* raw(const char* name) { return find(name, false); }
    void fail(const std::string& name, const std::string& expected)
    {
        if (!m_failed && m_error)
            *m_error = m_where + "." + name + ": expected " + expected;
        m_failed = true;
    }

private:
    const ojson* find(const char* name, bool required)
    {
        auto it = m_object.find(name);
        if (it == m_object.end()) {
            if (required)
                fail(name, "a value (the field is missing)");
            return nullptr;
        }
        return &*it;
    }

    const ojson& m_object;
    std::string m_where;
    std::string* m_error;
    bool m_failed = false;
};

} // namespace

std::optional<TuningDetails> detailsFromJson(const ojson& json, const std::string& where, std::string* error)
{
    if (!json.is_object()) {
        if (error)
            *error = where + ": expected an object";
        return std::nullopt;
    }
    FieldReader f(json, where, error);
    TuningDetails d;
    d.kernelFile = f.text("kernelFile");
    const auto count = [&](const char* name) {
        const auto v = f.integer(name).value_or(0);
        if (v < 0)
            f.fail(name, "a non-negative integer");
        return std::uint64_t(std::max<std::int64_t>(v, 0));
    };
    d.seed = count("seed");
    d.compileWorkers = int(f.integer("compileWorkers").value_or(1));
    d.hostCores = int(std::max<std::int64_t>(0, f.integer("hostCores").value_or(0)));
    d.compileSeconds = f.number("compileSeconds").value_or(0.0);
    d.benchSeconds = f.number("benchSeconds").value_or(0.0);
    d.threads = int(f.integer("threads").value_or(1));
    d.hostSeconds = f.number("hostSeconds").value_or(0.0);
    d.tuned = count("tuned");
    d.finished = count("finished");
    if (const ojson* stopped = f.raw("stopped"); stopped && !stopped->is_null()) {
        if (stopped->is_boolean())
            d.stopped = stopped->get<bool>();
        else
            f.fail("stopped", "true or false");
    }
    d.error = f.text("error");
    if (const ojson* diagnostics = f.raw("diagnostics"); diagnostics && !diagnostics->is_null()) {
        if (diagnostics->is_array())
            d.diagnosticsJson = diagnostics->dump();
        else
            f.fail("diagnostics", "an array");
    }
    if (const ojson* confidence = f.raw("confidence"); confidence && !confidence->is_null()) {
        if (confidence->is_object())
            d.confidenceJson = confidence->dump();
        else
            f.fail("confidence", "an object");
    }
    if (const ojson* ub = f.raw("ubTuner"); ub && !ub->is_null()) {
        if (ub->is_string() && (*ub == "off" || *ub == "compile" || *ub == "run"))
            d.ubTuner = ub->get<std::string>();
        else
            f.fail("ubTuner", "\"off\", \"compile\" or \"run\"");
    }
    if (f.failed())
        return std::nullopt;
    return d;
}

std::optional<TuningRecord> tuningFromJson(const ojson& json, const std::string& where, std::string* error)
{
    if (!json.is_object()) {
        if (error)
            *error = where + ": expected an object";
        return std::nullopt;
    }
    FieldReader f(json, where, error);
    TuningRecord r;
    r.key.kernelName = f.text("kernel", true);
    r.key.sourceHash = f.text("sourceHash");
    r.key.keyValues = f.pairs("keyValues");
    r.key.dtypes = f.strings("dtypes");
    r.key.device = f.text("device");
    r.key.benchMethod = f.text("benchMethod");
    r.key.simulatorVersion = f.text("simulatorVersion");
    if (const ojson* backend = f.raw("backend"); backend && !backend->is_null())
        r.key.backend = f.text("backend");
    if (const ojson* set = f.raw("candidateSet"); set && !set->is_null())
        r.key.candidateSet = f.text("candidateSet");
    r.workloadPath = f.text("workload");
    r.createdAt = f.text("createdAt");
    if (const ojson* version = f.raw("tilescopeVersion"); version && !version->is_null())
        r.tilescopeVersion = f.text("tilescopeVersion");
    r.tuningWallSeconds = f.number("tuningWallSeconds").value_or(0.0);
    if (auto best = f.integer("bestIndex")) {
        if (*best < 0)
            f.fail("bestIndex", "a non-negative integer or null");
        else
            r.bestIndex = std::size_t(*best);
    }
    r.notes = f.text("notes");
    if (f.failed())
        return std::nullopt;
    if (const ojson* d = f.raw("details"); d && !d->is_null()) {
        r.details = detailsFromJson(*d, where + ".details", error);
        if (!r.details)
            return std::nullopt;
    }

    const ojson* candidates = f.raw("candidates");
    if (candidates && !candidates->is_null()) {
        if (!candidates->is_array()) {
            f.fail("candidates", "an array");
            return std::nullopt;
        }
        for (std::size_t i = 0; i < candidates->size(); ++i) {
            const ojson& cj = (*candidates)[i];
            const std::string cwhere = where + ".candidates[" + std::to_string(i) + "]";
            if (!cj.is_object()) {
                if (error)
                    *error = cwhere + ": expected an object";
                return std::nullopt;
            }
            FieldReader cf(cj, cwhere, error);
            CandidateRecord c;
            c.params = cf.pairs("params");
            c.numWarps = int(cf.integer("numWarps").value_or(4));
            c.numStages = int(cf.integer("numStages").value_or(2));
            const std::string status = cf.text("status", true);
            if (auto parsed = parseCandidateStatus(status))
                c.status = *parsed;
            else if (!cf.failed())
                cf.fail("status", "a candidate status, not '" + status + "'");
            c.reasonCode = cf.text("reasonCode");
            c.reasonMessage = cf.text("reasonMessage");
            c.p50Ms = cf.number("p50Ms");
            c.p20Ms = cf.number("p20Ms");
            c.p80Ms = cf.number("p80Ms");
            if (const ojson* b = cf.raw("breakdown"); b && !b->is_null())
                c.breakdownJson = b->is_string() ? b->get<std::string>() : b->dump();
            if (const ojson* u = cf.raw("ubTune"); u && !u->is_null()) {
                if (u->is_object())
                    c.ubTuneJson = u->dump();
                else
                    cf.fail("ubTune", "an object");
            }
            if (cf.failed())
                return std::nullopt;
            r.candidates.push_back(std::move(c));
        }
    }
    if (std::string problem = validateRecord(r); !problem.empty()) {
        if (error)
            *error = where + ": " + problem;
        return std::nullopt;
    }
    return r;
}

} // namespace ts::cache
