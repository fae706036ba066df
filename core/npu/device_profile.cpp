#include "core/npu/device_profile.h"

#include "core/util/input_file.h"
#include "core/util/install_dirs.h"
#include "core/util/json_reader.h"
#include "core/util/message.h"
#include "core/util/text.h"
#include "core/util/version.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <limits>
#include <set>
#include <sstream>
#include <system_error>
#include <tuple>

namespace ts::npu {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr std::string_view kMarks[] = {"S", "S3", "D", "G", "F"};

// Figures that count things: whole numbers, at least one.
const std::set<std::string, std::less<>> kCountFigures = {"cube_cores", "vector_cores", "max_grid_programs"};

const std::set<std::string, std::less<>> kTopLevelKeys = {"schema", "soc",     "family", "npu_arch",
                                                          "triton_ascend", "figures", "notes", "host"};

// The largest value a figure may take: what the simulator can hold without overflowing its
// counters, far beyond any real part. A count is also whole.
struct FigureRange {
    double max;
    bool whole;
};

FigureRange figureRange(std::string_view name)
{
    if (name == "cube_cores" || name == "vector_cores")
        return {65536, true};
    if (name == "max_grid_programs")
        return {2147483647.0, true};
    if (name.ends_with("_kib") || name.ends_with("_bytes"))
        return {double(1 << 30), false};  // 1 TiB in KiB, or a gigabyte of alignment
    if (name.ends_with("_mib") || name.ends_with("_gib"))
        return {double(1 << 20), false};
    return {1e12, false};
}

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

std::string lower(std::string_view text)
{
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}

// Numbers as people write them: 24, 1420.8, 0.1429 (no trailing zeros).
std::string formatNumber(double value)
{
    if (std::isnan(value))
        return "-";
    char buf[64];
    if (std::fabs(value - std::round(value)) < 1e-9 && std::fabs(value) < 1e15)
        std::snprintf(buf, sizeof buf, "%.0f", value);
    else
        std::snprintf(buf, sizeof buf, "%.6g", value);
    return buf;
}

// Everything wrong with one file, in reading order, plus where a syntax error is.
struct Problems {
    std::vector<msg::Message> messages;
    int line = 0;
    int column = 0;
    void add(msg::Message message) { messages.push_back(std::move(message)); }
    bool empty() const { return messages.empty(); }
};

void readFigure(const std::string& name, const json& node, DeviceProfile& profile, Problems& problems)
{
    using msg::Id;
    if (!node.is_object()) {
        problems.add({Id::DeviceFigureNotObject, {name, node.type_name()}});
        return;
    }
    Figure figure;
    bool ok = true;
    auto value = node.find("value");
    if (value == node.end()) {
        problems.add({Id::DeviceFigureValueMissing, {name}});
        ok = false;
    } else if (!value->is_number()) {
        problems.add({Id::DeviceFigureValueNotNumber, {name, value->type_name()}});
        ok = false;
    } else {
        figure.value = value->get<double>();
        const FigureRange range = figureRange(name);
        if (figure.value < 0) {
            problems.add({Id::DeviceFigureNegative, {name, formatNumber(figure.value)}});
            ok = false;
        } else if (figure.value > range.max) {
            problems.add(
                {Id::DeviceFigureOutOfRange, {name, formatNumber(figure.value), formatNumber(range.max)}});
            ok = false;
        } else if (kCountFigures.count(name) &&
                   (figure.value < 1 || figure.value != std::floor(figure.value))) {
            problems.add({Id::DeviceFigureNotCount, {name, formatNumber(figure.value)}});
            ok = false;
        }
    }
    for (const char* key : {"unit", "mark", "source"}) {
        auto field = node.find(key);
        if (field == node.end()) {
            problems.add({Id::DeviceFigureFieldMissing, {name, key}});
            ok = false;
        } else if (!field->is_string()) {
            problems.add({Id::DeviceFigureFieldNotString, {name, key, field->type_name()}});
            ok = false;
        } else if (field->get_ref<const std::string&>().empty() && std::string_view(key) != "unit") {
            problems.add({Id::DeviceFigureFieldEmpty, {name, key}});
            ok = false;
        }
    }
    if (!ok)
        return;
    figure.unit = node["unit"].get<std::string>();
    figure.mark = node["mark"].get<std::string>();
    figure.source = node["source"].get<std::string>();
    if (!isKnownMark(figure.mark)) {
        problems.add({Id::DeviceFigureUnknownMark, {name, figure.mark}});
        return;
    }
    profile.figures[name] = std::move(figure);
}

// "host": {"physical_cores": {"value": 192, "unit": "count", "mark": "G", "source": "..."},
//          "description": "..."}
void readHost(const json& node, DeviceProfile& profile, Problems& problems)
{
    using msg::Id;
    if (!node.is_object()) {
        problems.add({Id::DeviceHostNotObject, {node.type_name()}});
        return;
    }
    for (const auto& [key, _] : node.items())
        if (key != "physical_cores" && key != "description")
            problems.add({Id::DeviceHostUnknownKey, {key}});
    HostSpec host;
    if (auto it = node.find("description"); it != node.end()) {
        if (it->is_string())
            host.description = it->get<std::string>();
        else
            problems.add({Id::DeviceHostDescriptionNotString, {it->type_name()}});
    }
    auto cores = node.find("physical_cores");
    if (cores == node.end()) {
        problems.add(Id::DeviceHostCoresMissing);
        return;
    }
    // Read as a figure (value, unit, mark, source), then checked as a count.
    DeviceProfile scratch;
    const std::size_t before = problems.messages.size();
    readFigure("host.physical_cores", *cores, scratch, problems);
    if (problems.messages.size() != before)
        return;
    const Figure& f = scratch.figures.begin()->second;
    if (f.value < 1 || f.value != std::floor(f.value) || f.value > 1 << 20) {
        problems.add({Id::DeviceHostCoresNotCount, {formatNumber(f.value)}});
        return;
    }
    host.physicalCores = f;
    profile.host = std::move(host);
}

DeviceProfile readProfile(const json& root, const fs::path& path, Problems& problems)
{
    using msg::Id;
    DeviceProfile profile;
    profile.path = path.string();
    if (!root.is_object()) {
        problems.add({Id::DeviceTopNotObject, {root.type_name()}});
        return profile;
    }
    for (const auto& [key, _] : root.items())
        if (!kTopLevelKeys.count(key))
            problems.add({Id::DeviceTopUnknownKey, {key}});

    auto requireString = [&](const char* key) -> std::string {
        auto it = root.find(key);
        if (it == root.end()) {
            problems.add({Id::DeviceKeyMissing, {key}});
            return {};
        }
        if (!it->is_string()) {
            problems.add({Id::DeviceKeyNotString, {key, it->type_name()}});
            return {};
        }
        return it->get<std::string>();
    };

    std::string schema = requireString("schema");
    if (!schema.empty() && schema != kDeviceSchema)
        problems.add({Id::DeviceSchemaUnsupported, {schema, kDeviceSchema}});

    profile.soc = requireString("soc");
    if (root.contains("soc") && root["soc"].is_string()) {
        if (profile.soc.empty())
            problems.add(Id::DeviceSocEmpty);
        else if (profile.soc != path.stem().string())
            problems.add({Id::DeviceSocNotFileName, {profile.soc, path.filename().string()}});
    }
    profile.family = requireString("family");

    if (auto it = root.find("npu_arch"); it == root.end())
        problems.add({Id::DeviceKeyMissing, {"npu_arch"}});
    else if (const auto arch = util::jsonInteger(*it, 0, 1 << 20))
        profile.npuArch = int(*arch);
    else
        problems.add({Id::DeviceNpuArchRange, {util::describeJson(*it)}});

    if (auto it = root.find("triton_ascend"); it == root.end())
        problems.add({Id::DeviceKeyMissing, {"triton_ascend"}});
    else if (!it->is_boolean())
        problems.add({Id::DeviceTritonAscendNotBool, {it->type_name()}});
    else
        profile.tritonAscendSupported = it->get<bool>();

    if (auto it = root.find("notes"); it != root.end()) {
        if (!it->is_array()) {
            problems.add({Id::DeviceNotesNotArray, {it->type_name()}});
        } else {
            for (const auto& note : *it) {
                if (note.is_string())
                    profile.notes.push_back(note.get<std::string>());
                else
                    problems.add({Id::DeviceNotesNotStrings, {note.type_name()}});
            }
        }
    }

    auto figures = root.find("figures");
    if (figures == root.end()) {
        problems.add({Id::DeviceKeyMissing, {"figures"}});
        return profile;
    }
    if (!figures->is_object()) {
        problems.add({Id::DeviceFiguresNotObject, {figures->type_name()}});
        return profile;
    }
    for (const auto& [name, node] : figures->items())
        readFigure(name, node, profile, problems);
    if (auto it = root.find("host"); it != root.end())
        readHost(*it, profile, problems);
    for (const auto& name : requiredFigures()) {
        if (!figures->contains(name))
            problems.add({Id::DeviceRequiredFigureMissing, {name}});
        else if (auto* f = profile.findFigure(name); f && f->value <= 0)
            problems.add({Id::DeviceFigureNotPositive, {name}});
    }

    // The budget is the backend's, fixed by the SoC name; a file that disagrees would make
    // our candidate list differ from Triton-Ascend's.
    if (auto* budget = profile.findFigure("ub_budget_kib"); budget && !profile.soc.empty()) {
        int expected = ubBudgetKibForSoc(profile.soc);
        if (budget->value != expected)
            problems.add({Id::DeviceUbBudgetDisagrees, {formatNumber(budget->value), expected, profile.soc}});
    }
    return profile;
}

struct LoadOutcome {
    std::optional<DeviceProfile> profile;
    Problems problems;
};

LoadOutcome parseText(std::string_view text, const fs::path& path)
{
    LoadOutcome out;
    const util::JsonRead<json> read = util::readJson(text, path.string());
    if (!read.ok()) {
        out.problems.line = read.line;
        out.problems.column = read.column;
        out.problems.add({msg::Id::NotValidJson, {read.message}});
        return out;
    }
    const json& root = read.value;
    DeviceProfile profile = readProfile(root, path, out.problems);
    if (out.problems.empty())
        out.profile = std::move(profile);
    return out;
}

LoadOutcome loadFile(const fs::path& path)
{
    const util::InputText input = util::readInputFile(path, util::kMaxSmallInputBytes);
    if (!input.ok()) {
        LoadOutcome out;
        out.problems.add(input.what);
        return out;
    }
    return parseText(input.text, path);
}

DeviceLoadResult toResult(LoadOutcome outcome, const fs::path& path)
{
    DeviceLoadResult result;
    result.profile = std::move(outcome.profile);
    for (const auto& message : outcome.problems.messages) {
        if (!result.error.empty())
            result.error += '\n';
        result.error += path.string();
        if (outcome.problems.line > 0)
            result.error += ':' + std::to_string(outcome.problems.line) + ':' +
                            std::to_string(outcome.problems.column);
        result.error += ": " + message.english();
    }
    return result;
}

Diagnostic loadDiagnostic(const fs::path& path, const Problems& problems)
{
    Diagnostic d;
    d.code = "device-profile-invalid";
    d.severity = Severity::Error;
    d.file = path.string();
    d.line = problems.line;
    d.column = problems.column;
    // One diagnostic for the file, its problems joined by "; " from the last: each stays a
    // message of its own, so that the explorer translates every one.
    msg::Message all;
    for (auto it = problems.messages.rbegin(); it != problems.messages.rend(); ++it)
        all = all.empty() ? *it : msg::Message(msg::Id::ProblemThenMore, {*it, all});
    d.say(std::move(all));
    return d;
}

fs::path executableDir()
{
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec)
        return {};
    return exe.parent_path();
}

// Whether `path` is `dir` or lies below it (both absolute; compared component by component).
bool isInside(const fs::path& path, const fs::path& dir)
{
    const fs::path p = path.lexically_normal();
    const fs::path d = dir.lexically_normal();
    auto pi = p.begin();
    for (auto di = d.begin(); di != d.end(); ++di, ++pi) {
        if (di->empty() && std::next(di) == d.end())
            break; // a trailing separator
        if (pi == p.end() || *pi != *di)
            return false;
    }
    return true;
}

} // namespace

bool isKnownMark(std::string_view mark)
{
    return std::find(std::begin(kMarks), std::end(kMarks), mark) != std::end(kMarks);
}

const std::vector<std::string>& requiredFigures()
{
    static const std::vector<std::string> names = {
        "cube_cores",
        "vector_cores",
        "clock_mhz",
        "ub_kib",
        "ub_budget_kib",
        "l1_kib",
        "l0a_kib",
        "l0b_kib",
        "l0c_kib",
        "l2_mib",
        "hbm_gib",
        "hbm_gbps",
        "cube_fp16_tflops",
        "vector_bytes_per_cycle",
        "vector_transcendental_per_cycle",
        "reduction_rate_fraction",
        "mte_gm_read_latency_cycles",
        "mte_gm_write_latency_cycles",
        "device_launch_us",
        "host_launch_us",
        "l2_hit_cycles",
        "ub_align_bytes",
        "l0_align_bytes",
        "min_efficient_transfer_kib",
    };
    return names;
}

// ---- SoC-name rules --------------------------------------------------------------------

bool is910_95ClassSoc(std::string_view soc)
{
    return soc.starts_with("Ascend910_95") || soc.starts_with("Ascend950");
}

int vectorCoresForAutotune(std::string_view soc, int numAicore)
{
    for (std::string_view variant : {"Ascend910B", "Ascend910_93", "Ascend910_95", "Ascend950"})
        if (contains(soc, variant))
            return 2 * numAicore;
    return numAicore;
}

int ubBudgetKibForSoc(std::string_view soc) { return is910_95ClassSoc(soc) ? 256 : 192; }

// ---- DeviceProfile ----------------------------------------------------------------------

const Figure* DeviceProfile::findFigure(std::string_view name) const
{
    auto it = figures.find(std::string(name));
    return it == figures.end() ? nullptr : &it->second;
}

double DeviceProfile::figure(std::string_view name) const
{
    const Figure* f = findFigure(name);
    return f ? f->value : std::numeric_limits<double>::quiet_NaN();
}

int DeviceProfile::cubeCores() const
{
    const Figure* f = findFigure("cube_cores");
    return f ? int(f->value) : 0;
}

int DeviceProfile::vectorCores() const
{
    const Figure* f = findFigure("vector_cores");
    return f ? int(f->value) : 0;
}

int DeviceProfile::vectorCoresForAutotune() const { return npu::vectorCoresForAutotune(soc, cubeCores()); }

int DeviceProfile::hostPhysicalCores() const
{
    return host ? static_cast<int>(host->physicalCores.value) : kFallbackHostPhysicalCores;
}

int DeviceProfile::ubBudgetKib() const { return ubBudgetKibForSoc(soc); }

bool DeviceProfile::defaultMultibuffer() const { return !is910_95Class(); }

bool DeviceProfile::is910_95Class() const { return is910_95ClassSoc(soc); }

// ---- loading -----------------------------------------------------------------------------

DeviceLoadResult loadDeviceProfile(const fs::path& path) { return toResult(loadFile(path), path); }

DeviceLoadResult parseDeviceProfile(std::string_view text, const fs::path& path)
{
    return toResult(parseText(text, path), path);
}

json toJson(const DeviceProfile& profile)
{
    json figures = json::object();
    for (const auto& [name, f] : profile.figures) {
        json value = (f.value == std::floor(f.value) && std::fabs(f.value) < 1e15) ? json(static_cast<long long>(f.value))
                                                                                  : json(f.value);
        figures[name] = {{"value", value}, {"unit", f.unit}, {"mark", f.mark}, {"source", f.source}};
    }
    json out = {
        {"schema", kDeviceSchema},
        {"soc", profile.soc},
        {"family", profile.family},
        {"npu_arch", profile.npuArch},
        {"triton_ascend", profile.tritonAscendSupported},
        {"figures", figures},
        {"notes", profile.notes},
    };
    if (profile.host) {
        const Figure& f = profile.host->physicalCores;
        out["host"] = {{"physical_cores",
                        {{"value", static_cast<long long>(f.value)}, {"unit", f.unit}, {"mark", f.mark}, {"source", f.source}}},
                       {"description", profile.host->description}};
    }
    return out;
}

// ---- DeviceRegistry ------------------------------------------------------------------------

std::vector<fs::path> DeviceRegistry::resourceDirCandidates(const std::optional<fs::path>& override)
{
    if (override)
        return {*override};
    std::vector<fs::path> out;
    if (const char* env = std::getenv("TILESCOPE_RESOURCE_DIR"); env && *env)
        out.emplace_back(env);
    const fs::path exeDir = executableDir();
    if (!exeDir.empty())
        out.push_back((exeDir / kInstalledDataDir).lexically_normal());
    // The source tree only serves binaries of the build tree: an installed binary never reads
    // the folder it was built from, so a broken install shows instead of working by accident.
    std::error_code ec;
    fs::path buildDir = fs::weakly_canonical(kBuildDir, ec);
    if (ec || buildDir.empty())
        buildDir = kBuildDir;
    if (exeDir.empty() || isInside(exeDir, buildDir))
        out.emplace_back(kResourceDir);
    return out;
}

fs::path DeviceRegistry::findResourceDir(const std::optional<fs::path>& override)
{
    auto candidates = resourceDirCandidates(override);
    for (const auto& dir : candidates) {
        std::error_code ec;
        if (fs::is_directory(dir / "devices", ec))
            return dir;
    }
    // An explicit override is kept even when empty, so the error names what the user asked for.
    return override ? *override : fs::path();
}

DeviceRegistry DeviceRegistry::loadBundled(const std::optional<fs::path>& resourceDirOverride)
{
    DeviceRegistry registry;
    registry.m_resourceDir = findResourceDir(resourceDirOverride);
    std::error_code ec;
    if (registry.m_resourceDir.empty() || !fs::is_directory(registry.m_resourceDir / "devices", ec)) {
        std::string looked;
        for (const auto& dir : resourceDirCandidates(resourceDirOverride))
            looked += (looked.empty() ? "" : ", ") + (dir / "devices").string();
        Diagnostic d;
        d.code = "device-profiles-not-found";
        d.severity = Severity::Error;
        d.say({msg::Id::DeviceProfilesNotFound, {looked}});
        registry.m_diagnostics.push_back(std::move(d));
        return registry;
    }
    registry.addDirectory(registry.m_resourceDir / "devices");
    return registry;
}

int DeviceRegistry::addDirectory(const fs::path& dir)
{
    std::error_code ec;
    std::vector<fs::path> files;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->path().extension() == ".json")
            files.push_back(it->path());
    if (ec) {
        Diagnostic d;
        d.code = "device-profile-invalid";
        d.severity = Severity::Error;
        d.file = dir.string();
        d.say({msg::Id::DeviceDirectoryUnlistable, {ec.message()}});
        m_diagnostics.push_back(std::move(d));
        return 0;
    }
    std::sort(files.begin(), files.end());
    int loaded = 0;
    for (const auto& file : files) {
        LoadOutcome outcome = loadFile(file);
        if (!outcome.profile) {
            m_diagnostics.push_back(loadDiagnostic(file, outcome.problems));
            continue;
        }
        add(std::move(*outcome.profile));
        ++loaded;
    }
    return loaded;
}

bool DeviceRegistry::addFile(const fs::path& path)
{
    LoadOutcome outcome = loadFile(path);
    if (!outcome.profile) {
        m_diagnostics.push_back(loadDiagnostic(path, outcome.problems));
        return false;
    }
    if (const DeviceProfile* existing = find(outcome.profile->soc)) {
        Diagnostic d;
        d.code = "device-profile-replaced";
        d.severity = Severity::Note;
        d.file = path.string();
        d.say({msg::Id::DeviceProfileReplaced, {existing->soc, existing->path}});
        m_diagnostics.push_back(std::move(d));
    }
    add(std::move(*outcome.profile));
    return true;
}

void DeviceRegistry::add(DeviceProfile profile)
{
    auto it = std::lower_bound(m_profiles.begin(), m_profiles.end(), profile.soc,
                               [](const DeviceProfile& p, const std::string& soc) { return p.soc < soc; });
    if (it != m_profiles.end() && it->soc == profile.soc)
        *it = std::move(profile);
    else
        m_profiles.insert(it, std::move(profile));
}

const DeviceProfile* DeviceRegistry::find(std::string_view soc) const
{
    for (const auto& profile : m_profiles)
        if (profile.soc == soc)
            return &profile;
    return nullptr;
}

std::vector<std::string> DeviceRegistry::socNames() const
{
    std::vector<std::string> names;
    names.reserve(m_profiles.size());
    for (const auto& profile : m_profiles)
        names.push_back(profile.soc);
    return names;
}

DeviceRegistry::Lookup DeviceRegistry::lookup(std::string_view soc) const
{
    Lookup out;
    out.profile = find(soc);
    if (out.profile)
        return out;
    out.suggestions = closestNames(soc, socNames());
    out.error = "unknown device '" + std::string(soc) + "'";
    auto join = [](const std::vector<std::string>& names) {
        std::string text;
        for (const auto& name : names)
            text += (text.empty() ? "" : ", ") + name;
        return text;
    };
    if (!out.suggestions.empty())
        out.error += "; did you mean " + join(out.suggestions) + "?";
    else if (!m_profiles.empty())
        out.error += "; known devices: " + join(socNames());
    else
        out.error += "; no device profiles are loaded";
    return out;
}

std::vector<std::string> closestNames(std::string_view name, const std::vector<std::string>& known,
                                      std::size_t maxCount)
{
    // Tier 0: same name in another case; 1: one name contains the other; 2: a few edits away.
    struct Scored {
        int tier;
        std::size_t distance;
        std::string name;
    };
    const std::string wanted = lower(name);
    const std::size_t allowed = std::max<std::size_t>(2, wanted.size() / 3);
    std::vector<Scored> scored;
    for (const auto& candidate : known) {
        const std::string lc = lower(candidate);
        const std::size_t distance = editDistance(wanted, lc);
        if (lc == wanted)
            scored.push_back({0, 0, candidate});
        else if (wanted.size() >= 3 && (contains(lc, wanted) || contains(wanted, lc)))
            scored.push_back({1, distance, candidate});
        else if (distance <= allowed)
            scored.push_back({2, distance, candidate});
    }
    std::sort(scored.begin(), scored.end(), [](const Scored& a, const Scored& b) {
        return std::tie(a.tier, a.distance, a.name) < std::tie(b.tier, b.distance, b.name);
    });
    std::vector<std::string> out;
    for (std::size_t i = 0; i < scored.size() && i < maxCount; ++i)
        out.push_back(scored[i].name);
    return out;
}

std::string DeviceRegistry::formatTable() const
{
    const std::vector<std::string> header = {"SoC",    "Family", "Cube",     "Vector",
                                             "Clock MHz", "UB KiB", "HBM GB/s", "Triton-Ascend"};
    // A guessed figure carries a '?' so nobody reads it as a datasheet value.
    auto cell = [](const DeviceProfile& p, std::string_view name) {
        const Figure* f = p.findFigure(name);
        if (!f)
            return std::string("-");
        return formatNumber(f->value) + (f->mark == "G" ? "?" : "");
    };
    std::vector<std::vector<std::string>> rows;
    bool anyGuess = false;
    for (const auto& p : m_profiles) {
        rows.push_back({p.soc, p.family, cell(p, "cube_cores"), cell(p, "vector_cores"), cell(p, "clock_mhz"),
                        cell(p, "ub_kib"), cell(p, "hbm_gbps"), p.tritonAscendSupported ? "yes" : "no"});
        for (const auto& [_, f] : p.figures)
            anyGuess = anyGuess || f.mark == "G";
    }
    std::vector<std::size_t> width(header.size());
    for (std::size_t c = 0; c < header.size(); ++c) {
        width[c] = header[c].size();
        for (const auto& row : rows)
            width[c] = std::max(width[c], row[c].size());
    }
    auto emit = [&](const std::vector<std::string>& row, std::string& out) {
        std::string line;
        for (std::size_t c = 0; c < row.size(); ++c) {
            // Text columns align left, numbers right.
            bool left = c < 2 || c + 1 == row.size();
            std::string pad(width[c] - row[c].size(), ' ');
            line += left ? row[c] + pad : pad + row[c];
            if (c + 1 < row.size())
                line += "  ";
        }
        while (!line.empty() && line.back() == ' ')
            line.pop_back();
        out += line + '\n';
    };
    std::string out;
    emit(header, out);
    std::vector<std::string> rule;
    for (std::size_t w : width)
        rule.push_back(std::string(w, '-'));
    emit(rule, out);
    for (const auto& row : rows)
        emit(row, out);
    if (anyGuess)
        out += "? = estimate (mark G); every figure's source is in the JSON output\n";
    return out;
}

json DeviceRegistry::toJson() const
{
    json devices = json::array();
    for (const auto& profile : m_profiles) {
        json entry = npu::toJson(profile);
        entry["path"] = profile.path;
        // What Triton-Ascend's autotune derives from the SoC name, beside the hardware figures.
        entry["autotune"] = {{"num_vector_core", profile.vectorCoresForAutotune()},
                             {"ub_size_kib", profile.ubBudgetKib()},
                             {"default_multibuffer", profile.defaultMultibuffer()}};
        devices.push_back(std::move(entry));
    }
    json out = {{"resourceDir", m_resourceDir.string()}, {"devices", devices}};
    if (!m_diagnostics.empty()) {
        json diagnostics = json::array();
        for (const auto& d : m_diagnostics)
            diagnostics.push_back(d.format());
        out["diagnostics"] = diagnostics;
    }
    return out;
}

} // namespace ts::npu
