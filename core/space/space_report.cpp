#include "core/space/space_report.h"

#include "core/space/cube_generator.h"
#include "core/space/space_format.h"
#include "core/util/format.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace ts::space {

namespace {

using nlohmann::json;

std::string_view kindName(SpaceDimension::Kind kind)
{
    switch (kind) {
    case SpaceDimension::Kind::Tunable:
        return "tunable";
    case SpaceDimension::Kind::Hint:
        return "hint";
    case SpaceDimension::Kind::Multibuffer:
        return "multibuffer";
    case SpaceDimension::Kind::NumWarps:
        return "num_warps";
    case SpaceDimension::Kind::NumStages:
        return "num_stages";
    }
    return "unknown";
}

json paramValueJson(const ParamValue& v)
{
    if (v.isString)
        return json(v.text);
    return v.isBool ? json(v.value != 0) : json(v.value);
}

bool selected(const CandidateSpace& space, std::size_t i, const SpaceReportOptions& options)
{
    return (!options.only || space.status(i) == *options.only) && (!options.keep || options.keep(i));
}

json headerJson(const CandidateSpace& space, const SpaceReportOptions& options)
{
    const BackendConfigs& b = space.backend();
    const TileProblem& p = b.problem;
    const GeneratorDevice& d = space.device();
    json doc = json::object();
    doc["schema"] = kSpaceSchema;
    if (!options.backend.empty())
        doc["backend"] = options.backend;
    doc["device"] = {{"soc", d.soc},
                     {"numAicore", d.numAicore},
                     {"vectorCores", d.numVectorCores},
                     {"ubBudgetKib", d.ubBudgetKib},
                     {"rfBudgetKib", d.rfBudgetKib},
                     {"defaultMultibuffer", d.defaultMultibuffer}};
    doc["dtype"] = b.dtype;
    doc["dtypeBytes"] = b.dtypeBytes;
    doc["key"] = b.key;
    doc["simt"] = b.simtMode;
    doc["generationRan"] = b.generationRan;
    doc["limits"] = {{"maxTileElements", b.tiles.limits.maxTileElements},
                     {"stopNumel", b.tiles.limits.stopNumel},
                     {"maxTotalNumel", b.tiles.limits.maxTotalNumel},
                     {"smallKernel", b.tiles.limits.smallKernel},
                     {"tinyKernel", b.tiles.limits.tinyKernel},
                     {"numBuffers", p.numBuffers},
                     {"alignElements", p.dtypeBytes > 0 ? p.alignElements() : 0},
                     {"localMemKib", p.localMemKib}};

    json dims = json::array();
    for (const SpaceDimension& dim : space.dimensions()) {
        json j = {{"name", dim.name}, {"kind", kindName(dim.kind)}, {"boolean", dim.boolean}};
        json values = json::array();
        for (std::int64_t v : dim.values) {
            if (v == kUnset)
                values.push_back(nullptr);
            else
                values.push_back(paramValueJson(dim.decode(v)));
        }
        j["values"] = std::move(values);
        json split = json::array(), tiling = json::array();
        for (int a : dim.splitAxes)
            split.push_back(p.axes[std::size_t(a)].name);
        for (int a : dim.tilingAxes)
            tiling.push_back(p.axes[std::size_t(a)].name);
        if (dim.kind == SpaceDimension::Kind::Tunable) {
            j["splitAxes"] = std::move(split);
            j["tilingAxes"] = std::move(tiling);
        }
        dims.push_back(std::move(j));
    }
    doc["dimensions"] = std::move(dims);

    json reasons = json::object();
    for (int c = 1; c < kReasonCodeCount; ++c)
        if (const std::size_t n = space.count(ReasonCode(c)); n > 0)
            reasons[std::string(reasonCodeName(ReasonCode(c)))] = n;
    doc["summary"] = {{"generated", space.count(CandidateStatus::Generated)},
                      {"pruned", space.count(CandidateStatus::Pruned)},
                      {"skipped", space.count(CandidateStatus::Skipped)},
                      {"user", space.count(CandidateStatus::User)},
                      {"incorrect", space.count(CandidateStatus::Incorrect)},
                      {"latticePoints", space.latticePoints()},
                      {"reasons", std::move(reasons)}};
    doc["warnings"] = b.warnings;
    doc["notes"] = space.notes();
    if (options.timeBudget)
        doc["timeBudget"] = json(timeBudgetToJson(options.timeBudget));
    if (!b.emptyExplanation.empty())
        doc["emptyExplanation"] = b.emptyExplanation.english();

    if (options.includeTrail) {
        json trail = json::array();
        const GenerationTrail& t = b.tiles.trail;
        for (std::size_t i = 0; i < t.size(); ++i) {
            json e = json::object();
            json params = json::object();
            if (const std::int64_t* v = t.values(i))
                for (std::size_t k = 0; k < p.params.size(); ++k)
                    params[p.params[k]] = v[k];
            e["params"] = std::move(params);
            e["code"] = trailCodeName(t[i].code);
            e["message"] = t.describe(i, p);
            e["phase"] = walkPhaseName(t[i].phase);
            if (t[i].axis >= 0)
                e["axis"] = p.axes[std::size_t(t[i].axis)].name;
            trail.push_back(std::move(e));
        }
        doc["trail"] = std::move(trail);
    }
    return doc;
}

std::string csvField(const std::string& text)
{
    if (text.find_first_of(",\"\n") == std::string::npos)
        return text;
    std::string out = "\"";
    std::size_t run = 0;
    for (std::size_t quote = text.find('"'); quote != std::string::npos; quote = text.find('"', quote + 1)) {
        out.append(text, run, quote + 1 - run);
        out += '"';
        run = quote + 1;
    }
    out.append(text, run, std::string::npos);
    return out + "\"";
}

std::string valueText(const SpaceDimension& dim, std::int64_t v)
{
    return dim.text(v);
}

void appendJsonString(std::string& out, std::string_view text)
{
    out += '"';
    std::size_t run = 0; // start of the pending run of characters that need no escape
    for (std::size_t k = 0; k < text.size(); ++k) {
        const auto c = static_cast<unsigned char>(text[k]);
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        out.append(text.data() + run, k - run);
        run = k + 1;
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\r':
            out += "\\r";
            break;
        default: {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(c));
            out += buf;
        }
        }
    }
    out.append(text.data() + run, text.size() - run);
    out += '"';
}

const TunedOverlay::Entry* tunedEntry(const SpaceReportOptions& options, std::size_t i)
{
    return options.timeBudget && options.timeBudget->tuning ? options.timeBudget->tuning->find(i) : nullptr;
}

// What the tuning laid on the space did with a candidate: {"outcome", "reason"}.
json tunedJson(const TunedOverlay& overlay, const TunedOverlay::Entry& e)
{
    json reason = nullptr;
    if (e.reason != ReasonCode::None)
        reason = {{"code", reasonCodeName(e.reason)}, {"message", overlay.reasonMessage}};
    return {{"outcome", e.outcome}, {"reason", std::move(reason)}};
}

// candidateToJson(...).dump() without building the object: the streamed report's hot path.
void appendCandidateJson(std::string& out, const CandidateSpace& space, std::size_t i,
                         const SpaceReportOptions& options)
{
    out += "{\"index\":";
    out += std::to_string(i);
    out += ",\"params\":{";
    bool first = true;
    for (const auto& [name, value] : space.params(i)) {
        if (!first)
            out += ',';
        first = false;
        appendJsonString(out, name);
        out += ':';
        if (value.isString)
            appendJsonString(out, value.text);
        else
            out += value.isBool ? (value.value != 0 ? "true" : "false") : std::to_string(value.value);
    }
    out += "},\"numWarps\":";
    out += std::to_string(space.numWarps(i));
    out += ",\"numStages\":";
    out += std::to_string(space.numStages(i));
    out += ",\"status\":";
    appendJsonString(out, statusName(space.status(i)));
    out += ",\"reason\":";
    if (space.reason(i) == ReasonCode::None) {
        out += "null";
    } else {
        out += "{\"code\":";
        appendJsonString(out, reasonCodeName(space.reason(i)));
        out += ",\"message\":";
        appendJsonString(out, space.describe(i));
        out += '}';
    }
    if (const std::int32_t n = space.neighbour(i); n >= 0) {
        out += ",\"neighbour\":";
        out += std::to_string(n);
    }
    if (const TunedOverlay::Entry* e = tunedEntry(options, i)) {  // a few thousand rows at most
        out += ",\"tuning\":";
        out += tunedJson(*options.timeBudget->tuning, *e).dump();
    }
    out += ",\"coverage\":";
    appendJsonString(out, analysis::coverageName(space.coverage(i)));
    if (space.coverage(i) != analysis::Coverage::Correct) {
        out += ",\"coverageNote\":";
        appendJsonString(out, space.coverageNote(i));
    }
    const CandidateMetrics m = space.metrics(i);
    out += ",\"metrics\":{\"grid\":";
    if (m.programs > 0)
        out += "[" + std::to_string(m.grid[0]) + "," + std::to_string(m.grid[1]) + "," + std::to_string(m.grid[2]) + "]";
    else
        out += "null";
    out += ",\"tileElements\":";
    out += std::to_string(m.tileElements);
    out += ",\"ubBytes\":";
    out += std::to_string(m.ubBytes);
    out += ",\"ubShare\":";
    out += formatDouble(m.ubShare);
    out += ",\"programs\":";
    out += std::to_string(m.programs);
    out += ",\"waves\":";
    out += std::to_string(m.waves);
    out += ",\"lastWaveUtilisation\":";
    out += formatDouble(m.lastWaveUtilisation);
    out += "}}";
}

} // namespace

const TunedOverlay::Entry* TunedOverlay::find(std::size_t candidate) const
{
    const auto it = std::lower_bound(entries.begin(), entries.end(), candidate,
                                     [](const Entry& e, std::size_t c) { return e.candidate < c; });
    return it != entries.end() && it->candidate == candidate ? &*it : nullptr;
}

std::string TunedOverlay::totalsText() const
{
    const auto count = [](auto n) { return formatInteger(std::int64_t(n)); };
    return count(tuned) + " = " + count(benchmarked) + " benchmarked + " + count(failed) + " failed + " + count(cut) +
           " cut by the time budget";
}

nlohmann::ordered_json timeBudgetToJson(const std::optional<TimeBudgetReport>& budget)
{
    if (!budget)
        return nullptr;
    nlohmann::ordered_json out = {{"seconds", budget->seconds}};
    if (const auto& t = budget->tuning) {
        out["tuning"] = {{"source", "cache"},
                         {"text", t->source},
                         {"cacheId", t->cacheId},
                         {"cachePath", t->cachePath},
                         {"createdAt", t->createdAt},
                         {"tuned", t->tuned},
                         {"benchmarked", t->benchmarked},
                         {"failed", t->failed},
                         {"cut", t->cut},
                         {"unmatched", t->unmatched}};
        out["note"] = nullptr;
    } else {
        out["tuning"] = nullptr;
        out["note"] = budget->note;
    }
    return out;
}

std::string timeBudgetText(const std::optional<TimeBudgetReport>& budget)
{
    if (!budget)
        return {};
    if (const auto& t = budget->tuning)
        return "Tuning: " + t->totalsText() + ", " + t->source + "\n";
    return "note: " + budget->note + "\n";
}

json candidateToJson(const CandidateSpace& space, std::size_t i)
{
    json c = json::object();
    c["index"] = i;
    json params = json::object();
    for (const auto& [name, value] : space.params(i))
        params[name] = paramValueJson(value);
    c["params"] = std::move(params);
    c["numWarps"] = space.numWarps(i);
    c["numStages"] = space.numStages(i);
    c["status"] = statusName(space.status(i));
    if (space.reason(i) == ReasonCode::None)
        c["reason"] = nullptr;
    else
        c["reason"] = {{"code", reasonCodeName(space.reason(i))}, {"message", space.describe(i)}};
    if (const std::int32_t n = space.neighbour(i); n >= 0)
        c["neighbour"] = n;
    c["coverage"] = analysis::coverageName(space.coverage(i));
    if (space.coverage(i) != analysis::Coverage::Correct)
        c["coverageNote"] = space.coverageNote(i);
    const CandidateMetrics m = space.metrics(i);
    c["metrics"] = {{"grid", m.programs > 0 ? json(m.grid) : json(nullptr)},
                    {"tileElements", m.tileElements},
                    {"ubBytes", m.ubBytes},
                    {"ubShare", m.ubShare},
                    {"programs", m.programs},
                    {"waves", m.waves},
                    {"lastWaveUtilisation", m.lastWaveUtilisation}};
    return c;
}

json spaceToJson(const CandidateSpace& space, const SpaceReportOptions& options)
{
    json doc = headerJson(space, options);
    json candidates = json::array();
    std::size_t written = 0;
    for (std::size_t i = 0; i < space.size() && written < options.maxCandidates; ++i) {
        if (!selected(space, i, options))
            continue;
        json c = candidateToJson(space, i);
        if (const TunedOverlay::Entry* e = tunedEntry(options, i))
            c["tuning"] = tunedJson(*options.timeBudget->tuning, *e);
        candidates.push_back(std::move(c));
        ++written;
    }
    doc["candidates"] = std::move(candidates);
    if (space.error())
        doc["error"] = *space.error();
    return doc;
}

void writeSpaceJson(std::ostream& out, const CandidateSpace& space, const SpaceReportOptions& options,
                    int indent)
{
    json doc = headerJson(space, options);
    if (space.error())
        doc["error"] = *space.error();
    // Everything but the candidates, then the candidates one by one before the closing brace;
    // "schema" first, as in every document.
    nlohmann::ordered_json ordered = {{"schema", kSpaceSchema}};
    for (auto it = doc.begin(); it != doc.end(); ++it)
        if (it.key() != "schema")
            ordered[it.key()] = it.value();
    std::string head = ordered.dump(indent);
    head.pop_back(); // '}'
    while (!head.empty() && (head.back() == '\n' || head.back() == ' '))
        head.pop_back();
    out << head << (doc.empty() ? "" : ",");
    const std::string nl = indent >= 0 ? "\n" : "";
    const std::string pad = indent >= 0 ? std::string(std::size_t(indent), ' ') : "";
    out << nl << pad << "\"candidates\":" << (indent >= 0 ? " [" : "[");
    std::size_t written = 0;
    std::string buffer;
    buffer.reserve(1 << 20);
    for (std::size_t i = 0; i < space.size() && written < options.maxCandidates; ++i) {
        if (!selected(space, i, options))
            continue;
        if (written > 0)
            buffer += ',';
        buffer += nl;
        buffer += pad;
        buffer += pad;
        appendCandidateJson(buffer, space, i, options);
        ++written;
        if (buffer.size() > (1 << 20) - 4096) {
            out << buffer;
            buffer.clear();
        }
    }
    out << buffer;
    out << nl << pad << "]" << nl << "}" << nl;
}

void writeSpaceCsv(std::ostream& out, const CandidateSpace& space, const SpaceReportOptions& options)
{
    const auto& dims = space.dimensions();
    out << "index,status";
    // num_warps and num_stages have their own columns.
    for (const SpaceDimension& dim : dims)
        if (dim.kind != SpaceDimension::Kind::NumWarps && dim.kind != SpaceDimension::Kind::NumStages)
            out << ',' << csvField(dim.name);
    out << ",other_params,num_warps,num_stages,reason_code,reason_message,tile_elements,ub_bytes,"
           "ub_share,programs,waves,last_wave_utilisation";
    const TunedOverlay* tuned = options.timeBudget && options.timeBudget->tuning ? &*options.timeBudget->tuning : nullptr;
    if (tuned)
        out << ",tuning_outcome,tuning_reason_code,tuning_reason_message";
    out << '\n';
    std::size_t written = 0;
    std::string row;
    row.reserve(1 << 20);
    for (std::size_t i = 0; i < space.size() && written < options.maxCandidates; ++i) {
        if (!selected(space, i, options))
            continue;
        ++written;
        row += std::to_string(i);
        row += ',';
        row += statusName(space.status(i));
        const auto v = space.values(i);
        for (std::size_t j = 0; j < dims.size(); ++j) {
            if (dims[j].kind == SpaceDimension::Kind::NumWarps || dims[j].kind == SpaceDimension::Kind::NumStages)
                continue;
            row += ',';
            row += dims[j].choices.empty() ? valueText(dims[j], v[j]) : csvField(valueText(dims[j], v[j]));
        }
        // Handwritten keywords outside the space's dimensions.
        std::string other;
        if (space.origin(i) == CandidateStatus::User) {
            for (const auto& [name, value] : space.params(i)) {
                const bool known = std::any_of(dims.begin(), dims.end(),
                                               [&](const SpaceDimension& d) { return d.name == name; });
                if (!known)
                    other += (other.empty() ? "" : ";") + name + "=" + value.toPython();
            }
        }
        const CandidateMetrics m = space.metrics(i);
        row += ',';
        row += csvField(other);
        row += ',';
        row += std::to_string(space.numWarps(i));
        row += ',';
        row += std::to_string(space.numStages(i));
        row += ',';
        row += reasonCodeName(space.reason(i));
        row += ',';
        row += csvField(space.describe(i));
        row += ',';
        row += std::to_string(m.tileElements);
        row += ',';
        row += std::to_string(m.ubBytes);
        row += ',';
        row += formatDouble(m.ubShare);
        row += ',';
        row += std::to_string(m.programs);
        row += ',';
        row += std::to_string(m.waves);
        row += ',';
        row += formatDouble(m.lastWaveUtilisation);
        if (tuned) {
            const TunedOverlay::Entry* e = tuned->find(i);
            row += ',';
            row += e ? e->outcome : std::string();
            row += ',';
            row += e ? reasonCodeName(e->reason) : std::string_view();
            row += ',';
            row += e && e->reason != ReasonCode::None ? csvField(tuned->reasonMessage) : std::string();
        }
        row += '\n';
        if (row.size() > (1 << 20) - 4096) {
            out << row;
            row.clear();
        }
    }
    out << row;
}

std::string formatSpaceTable(const CandidateSpace& space, SpaceReportOptions options)
{
    if (options.maxCandidates == std::numeric_limits<std::size_t>::max())
        options.maxCandidates = 60;
    const BackendConfigs& b = space.backend();
    const TileProblem& p = b.problem;
    const GeneratorDevice& d = space.device();
    std::ostringstream out;

    out << "Device " << d.soc << ": " << d.numVectorCores << " vector cores, "
        << (b.simtMode ? "register file " + std::to_string(d.rfBudgetKib)
                       : "UB " + std::to_string(d.ubBudgetKib))
        << " KiB, multibuffer " << (d.defaultMultibuffer ? "on" : "off") << " by default\n";
    if (b.cube) {
        const CubeGeneration& c = *b.cube;
        const CubeHardware& h = c.hardware;
        out << "Cube unit: L1 " << formatBytes(h.l1Bytes) << ", L0A " << formatBytes(h.l0aBytes) << ", L0B "
            << formatBytes(h.l0bBytes) << ", L0C " << formatBytes(h.l0cBytes) << "; "
            << formatInteger(std::int64_t(c.totalCombinations)) << " M/N/K candidates, "
            << formatInteger(std::int64_t(c.configs.size())) << " kept, "
            << formatInteger(std::int64_t(c.prunedCount)) << " pruned (L1 "
            << formatInteger(std::int64_t(c.prunedBy[0])) << ", L0A "
            << formatInteger(std::int64_t(c.prunedBy[1])) << ", L0B "
            << formatInteger(std::int64_t(c.prunedBy[2])) << ", L0C "
            << formatInteger(std::int64_t(c.prunedBy[3])) << ")\n";
    } else if (b.dtypeBytes > 0) {
        out << "dtype " << b.dtype << " (" << b.dtypeBytes << " B), " << p.numBuffers << " buffers: at most "
            << formatInteger(std::int64_t(b.tiles.limits.maxTileElements)) << " elements per tile";
        if (b.generationRan)
            out << ", the walk stops at " << formatInteger(std::int64_t(b.tiles.limits.stopNumel))
                << " elements";
        out << "\n";
    }
    const auto countOf = [&](CandidateStatus status) {
        return formatInteger(std::int64_t(space.count(status)));
    };
    out << "Candidates: " << countOf(CandidateStatus::Generated) << " generated, "
        << countOf(CandidateStatus::User) << " user, " << countOf(CandidateStatus::Pruned) << " pruned, "
        << countOf(CandidateStatus::Skipped) << " skipped";
    if (const std::size_t incorrect = space.count(CandidateStatus::Incorrect); incorrect > 0)
        out << ", " << formatInteger(std::int64_t(incorrect))
            << " incorrect (they leave data unprocessed or reach past the end; never "
            << "recommended)";
    if (space.hasLattice())
        out << " (lattice of " << formatInteger(std::int64_t(space.latticePoints())) << " points)";
    out << "\n";
    if (space.error())
        out << "error: the backend raises " << *space.error() << "\n";
    for (const std::string& w : b.warnings)
        out << w << "\n";
    if (!b.emptyExplanation.empty())
        out << b.emptyExplanation.english() << "\n";
    for (const std::string& n : space.notes())
        out << "note: " << n << "\n";
    out << timeBudgetText(options.timeBudget);
    const TunedOverlay* tuned = options.timeBudget && options.timeBudget->tuning ? &*options.timeBudget->tuning : nullptr;

    // Columns: index, status, dimensions, tile, UB, programs, waves, reason.
    const auto& dims = space.dimensions();
    std::vector<std::vector<std::string>> rows;
    const bool listOptions = space.rowsAreBackendList();
    // num_warps and num_stages (a lattice with option points has a num_stages dimension) are shown
    // once, in the warps and stages columns.
    auto ownColumn = [&](const SpaceDimension& dim) {
        return !listOptions ||
               (dim.kind != SpaceDimension::Kind::NumWarps && dim.kind != SpaceDimension::Kind::NumStages);
    };
    std::vector<std::string> header = {"#", "status"};
    for (const SpaceDimension& dim : dims)
        if (ownColumn(dim))
            header.push_back(dim.name);
    const bool vectorMetrics = !b.cube;
    if (listOptions)
        for (const char* h : {"warps", "stages"})
            header.push_back(h);
    if (vectorMetrics)
        for (const char* h : {"tile", "UB", "programs", "waves"})
            header.push_back(h);
    if (tuned)
        header.push_back("tuning");
    header.push_back("reason");
    rows.push_back(header);
    std::size_t written = 0, total = 0;
    for (std::size_t i = 0; i < space.size(); ++i) {
        if (!selected(space, i, options))
            continue;
        ++total;
        if (written >= options.maxCandidates)
            continue;
        ++written;
        std::vector<std::string> row = {std::to_string(i), std::string(statusName(space.status(i)))};
        const auto v = space.values(i);
        for (std::size_t j = 0; j < dims.size(); ++j)
            if (ownColumn(dims[j]))
                row.push_back(v[j] == kUnset ? "-" : valueText(dims[j], v[j]));
        // A lattice point takes the options the backend's list gives each tiling; a pruned cube
        // candidate has none.
        const bool listed = space.origin(i) == CandidateStatus::Generated || space.origin(i) == CandidateStatus::User ||
                            (space.hasLattice() && !b.cube);
        if (listOptions) {
            row.push_back(listed ? std::to_string(space.numWarps(i)) : "-");
            row.push_back(listed ? std::to_string(space.numStages(i)) : "-");
        }
        if (vectorMetrics) {
            const CandidateMetrics m = space.metrics(i);
            // Counts grouped as the explorer groups them; the index and the values stay plain, as
            // a filter or a kernel writes them.
            row.push_back(formatInteger(std::int64_t(m.tileElements)));
            row.push_back(formatUsage(m.ubBytes, m.ubBudgetBytes));
            row.push_back(formatInteger(std::int64_t(m.programs)));
            row.push_back(formatInteger(std::int64_t(m.waves)));
        }
        const TunedOverlay::Entry* e = tuned ? tuned->find(i) : nullptr;
        if (tuned)
            row.push_back(e ? e->outcome : "-");
        const std::string code(reasonCodeName(space.reason(i)));
        std::string reason = code.empty() ? "" : code + ": " + space.describe(i);
        if (e && e->reason != ReasonCode::None)  // the tuning's verdict, after the generator's own
            reason += (reason.empty() ? "" : "; ") + std::string(reasonCodeName(e->reason)) + ": " + tuned->reasonMessage;
        row.push_back(std::move(reason));
        rows.push_back(std::move(row));
    }
    std::vector<std::size_t> width(header.size(), 0);
    for (const auto& row : rows)
        for (std::size_t c = 0; c + 1 < row.size(); ++c)
            width[c] = std::max(width[c], row[c].size());
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t c = 0; c < row.size(); ++c) {
            line += row[c];
            if (c + 1 < row.size())
                line += std::string(width[c] - row[c].size() + 2, ' ');
        }
        while (!line.empty() && line.back() == ' ')
            line.pop_back();
        out << line << "\n";
    }
    if (total > written)
        out << "... " << formatInteger(std::int64_t(total - written)) << " more\n";

    if (options.includeTrail && !b.tiles.trail.empty()) {
        out << "Generator trail: " << formatInteger(std::int64_t(b.tiles.trail.size()))
            << " refused candidates (";
        bool first = true;
        for (int c = 0; c < kTrailCodeCount; ++c) {
            const std::size_t n = b.tiles.trail.count(TrailCode(c));
            if (n == 0)
                continue;
            out << (first ? "" : ", ") << trailCodeName(TrailCode(c)) << " "
                << formatInteger(std::int64_t(n));
            first = false;
        }
        out << ")\n";
    }
    return out.str();
}

} // namespace ts::space
