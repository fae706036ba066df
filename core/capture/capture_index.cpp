#include "core/capture/capture_index.h"

#include "core/capture/json_check.h"
#include "core/util/diagnostic_make.h"
#include "core/util/format.h"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

namespace ts::capture {
namespace {

namespace fs = std::filesystem;

Json textOrNull(const std::string& s) { return s.empty() ? Json() : Json(s); }

std::string valueText(const Json& v)
{
    if (v.is_object() && v.contains("tensor")) {
        std::string out = v["tensor"].is_string() ? v["tensor"].get<std::string>() : "?";
        if (out.rfind("torch.", 0) == 0)
            out = out.substr(6);
        out += "[";
        if (v.contains("shape") && v["shape"].is_array())
            for (std::size_t i = 0; i < v["shape"].size(); ++i)
                out += (i ? ", " : "") + v["shape"][i].dump();
        return out + "]";
    }
    if (v.is_boolean())
        return v.get<bool>() ? "True" : "False";
    if (v.is_null())
        return "None";
    return v.dump();
}

// A path inside the capture folder, as the index names it: relative, no "..", not empty.
bool insideFolder(const std::string& relative)
{
    if (relative.empty())
        return false;
    const fs::path p(relative);
    if (p.is_absolute())
        return false;
    for (const fs::path& part : p)
        if (part == "..")
            return false;
    return true;
}

std::optional<CapturedWorkload> readWorkload(Check& c, const Json& w, const std::string& at)
{
    CapturedWorkload out;
    if (!c.object(w, at) || !c.text(w, "file", at, &out.file) || !c.text(w, "kernel", at, &out.kernel) ||
        !c.text(w, "kernelFile", at, &out.kernelFile, false) || !c.text(w, "kind", at, &out.kind, true, 16) ||
        !c.text(w, "tuner", at, &out.tuner, false, 256) || !c.text(w, "grid", at, &out.grid, false, 16) ||
        !c.text(w, "measurements", at, &out.measurements, false) || !c.text(w, "error", at, &out.error, false))
        return std::nullopt;
    for (const std::string* path : {&out.file, &out.kernel, &out.measurements})
        if (!path->empty() && !insideFolder(*path))
            return c.fail(at, {msg::Id::CheckNotInsideFolder, {*path}}), std::nullopt;
    if (out.file.size() < 6 || out.file.substr(out.file.size() - 5) != ".json")
        return c.fail(at + ".file", {msg::Id::CheckExpectedWorkloadFile, {out.file}}), std::nullopt;
    if (out.kind != "autotune" && out.kind != "jit")
        return c.fail(at + ".kind", {msg::Id::CheckExpectedKind, {out.kind}}), std::nullopt;
    const Json* function = c.field(w, "function", at);
    const Json* launches = function ? c.field(w, "launches", at) : nullptr;
    std::int64_t n = 0, line = 0;
    if (!launches || !c.identifier(*function, at + ".function", &out.function) ||
        !c.integer(*launches, at + ".launches", &n))
        return std::nullopt;
    out.launches = std::size_t(n);
    if (w.contains("line") && !c.integer(w["line"], at + ".line", &line, 0, std::numeric_limits<int>::max()))
        return std::nullopt;
    out.line = int(line);
    out.launchesExact = !w.contains("launchesExact") || w["launchesExact"] != false;
    if (w.contains("key") && !w["key"].is_null()) {
        if (!c.object(w["key"], at + ".key"))
            return std::nullopt;
        for (const auto& [name, value] : w["key"].items()) {
            std::string checked;
            if (!c.identifier(Json(name), at + ".key", &checked))
                return std::nullopt;
            if (value.is_string() && value.get_ref<const std::string&>().size() > kMaxText)
                return c.fail(at + ".key." + name, msg::Id::CheckValueTooLong), std::nullopt;
            out.key.emplace_back(name, value);
        }
    }
    for (const auto& [field, target] : {std::pair<const char*, std::vector<std::string>*>{"dtypes", &out.dtypes},
                                         {"varying", &out.varying}, {"notes", &out.notes}}) {
        if (!w.contains(field) || w[field].is_null())
            continue;
        if (!c.array(w[field], at + "." + field, 4096))
            return std::nullopt;
        for (const Json& item : w[field]) {
            if (!item.is_string() || item.get_ref<const std::string&>().size() > kMaxText)
                return c.fail(at + "." + field, msg::Id::CheckExpectedShortStrings), std::nullopt;
            target->push_back(item.get<std::string>());
        }
    }
    out.decorator = w.value("decorator", Json());
    out.best = w.value("best", Json());
    return out;
}

} // namespace

std::string CapturedWorkload::describe() const
{
    std::string out = function + "[";
    for (std::size_t i = 0; i < key.size(); ++i)
        out += (i ? ", " : "") + key[i].first + "=" + valueText(key[i].second);
    return out + "]";
}

std::size_t CaptureIndex::launches() const
{
    std::size_t n = 0;
    for (const CapturedWorkload& w : workloads)
        n += w.launches;
    return n;
}

std::size_t CaptureIndex::kernels() const
{
    std::set<std::pair<std::string, std::string>> names;
    for (const CapturedWorkload& w : workloads)
        names.emplace(w.kernel, w.function);
    return names.size();
}

Json toJson(const CaptureIndex& index)
{
    Json j = Json::object();
    j["schema"] = kIndexSchema;
    j["tilescopeVersion"] = index.tilescopeVersion;
    j["command"] = index.command.empty() ? Json() : Json(index.command);
    j["exitStatus"] = index.exitStatus ? Json(*index.exitStatus) : Json();
    j["allJit"] = index.allJit;
    const RawSoftware& s = index.software;
    j["software"] = {{"python", textOrNull(s.python)}, {"triton", textOrNull(s.triton)},
                     {"tritonAscend", textOrNull(s.tritonAscend)}, {"torch", textOrNull(s.torch)},
                     {"torchNpu", textOrNull(s.torchNpu)}};
    j["device"] = s.deviceKind.empty() && s.deviceName.empty()
                      ? Json()
                      : Json{{"kind", textOrNull(s.deviceKind)}, {"name", textOrNull(s.deviceName)}};
    Json processes = Json::array();
    for (const CapturedProcess& p : index.processes)
        processes.push_back({{"pid", p.pid}, {"argv", p.argv}, {"complete", p.complete}});
    j["processes"] = std::move(processes);
    Json workloads = Json::array();
    for (const CapturedWorkload& w : index.workloads) {
        Json key = Json::object();
        for (const auto& [name, value] : w.key)
            key[name] = value;
        workloads.push_back({{"file", w.file},
                             {"kernel", w.kernel},
                             {"kernelFile", w.kernelFile},
                             {"function", w.function},
                             {"line", w.line},
                             {"kind", w.kind},
                             {"tuner", textOrNull(w.tuner)},
                             {"key", std::move(key)},
                             {"dtypes", w.dtypes},
                             {"launches", w.launches},
                             {"launchesExact", w.launchesExact},
                             {"varying", w.varying},
                             {"grid", w.grid},
                             {"decorator", w.decorator},
                             {"best", w.best},
                             {"measurements", textOrNull(w.measurements)},
                             {"error", textOrNull(w.error)},
                             {"notes", w.notes}});
    }
    j["workloads"] = std::move(workloads);
    Json skipped = Json::array();
    for (const SkippedLaunch& s : index.skipped)
        skipped.push_back(
            {{"function", s.function}, {"kernelFile", s.kernelFile}, {"launches", s.launches}, {"reason", s.reason}});
    j["skipped"] = std::move(skipped);
    j["notes"] = index.notes;
    return j;
}

bool isCaptureFolder(const fs::path& path)
{
    std::error_code ec;
    return fs::is_directory(path, ec) && fs::is_regular_file(path / kIndexFile, ec);
}

IndexReadResult readCaptureIndex(const fs::path& folder)
{
    IndexReadResult out;
    const std::string file = (folder / kIndexFile).string();
    auto problem = [&](msg::Message message) {
        out.problems.push_back(
            makeDiagnostic("bad-capture", Severity::Error, file, 0, 0, std::move(message)));
    };
    std::error_code ec;
    if (!fs::is_regular_file(folder / kIndexFile, ec)) {
        problem(fs::is_directory(folder, ec) ? msg::Id::CaptureNoIndex : msg::Id::CaptureNotCaptureFolder);
        return out;
    }
    if (fs::file_size(folder / kIndexFile, ec) > kMaxRawFileBytes) {
        problem({msg::Id::CaptureFileTooLarge, {kMaxRawFileBytes >> 20}});
        return out;
    }
    std::ifstream in(folder / kIndexFile, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    msg::Message error;
    const std::optional<Json> root = parseJson(buffer.str(), kIndexFile, &error);
    if (!root) {
        problem(error);
        return out;
    }
    Check c;
    std::string schema;
    if (!c.object(*root, "") || !c.text(*root, "schema", "", &schema, true, 64)) {
        problem(c.problem());
        return out;
    }
    if (schema != kIndexSchema) {
        problem({msg::Id::CaptureOtherSchema, {schema, kIndexSchema}});
        return out;
    }
    CaptureIndex index;
    index.folder = folder;
    const Json* workloads = c.field(*root, "workloads", "");
    if (!workloads || !c.array(*workloads, "workloads") || !c.text(*root, "tilescopeVersion", "", &index.tilescopeVersion, false, 64)) {
        problem(c.problem());
        return out;
    }
    if (root->contains("command") && (*root)["command"].is_array())
        for (const Json& word : (*root)["command"])
            if (word.is_string())
                index.command.push_back(word.get<std::string>().substr(0, kMaxText));
    if (root->contains("exitStatus") && (*root)["exitStatus"].is_number_integer())
        index.exitStatus = int(std::clamp<std::int64_t>((*root)["exitStatus"].get<std::int64_t>(), -1, 255));
    index.allJit = root->value("allJit", false) == true;
    if (root->contains("software") && (*root)["software"].is_object()) {
        const Json& s = (*root)["software"];
        auto get = [&](const char* name) {
            return s.contains(name) && s[name].is_string() ? s[name].get<std::string>().substr(0, 256) : std::string();
        };
        index.software = {get("python"), get("triton"), get("tritonAscend"), get("torch"), get("torchNpu"), "", "", true};
    }
    if (root->contains("device") && (*root)["device"].is_object()) {
        const Json& d = (*root)["device"];
        if (d.contains("kind") && d["kind"].is_string())
            index.software.deviceKind = d["kind"].get<std::string>().substr(0, 64);
        if (d.contains("name") && d["name"].is_string())
            index.software.deviceName = d["name"].get<std::string>().substr(0, 256);
    }
    if (root->contains("processes") && (*root)["processes"].is_array())
        for (const Json& p : (*root)["processes"]) {
            CapturedProcess process;
            if (!p.is_object())
                continue;
            if (p.contains("pid") && p["pid"].is_number_integer())
                process.pid = p["pid"].get<std::int64_t>();
            process.complete = p.value("complete", true) == true;
            if (p.contains("argv") && p["argv"].is_array())
                for (const Json& a : p["argv"])
                    if (a.is_string())
                        process.argv.push_back(a.get<std::string>().substr(0, kMaxText));
            index.processes.push_back(std::move(process));
        }
    std::set<std::string> files;
    for (std::size_t i = 0; i < workloads->size(); ++i) {
        Check wc;
        const std::string at = "workloads[" + std::to_string(i) + "]";
        std::optional<CapturedWorkload> w = readWorkload(wc, (*workloads)[i], at);
        if (!w) {
            problem({msg::Id::CaptureLeftOut, {wc.problem()}});
            continue;
        }
        if (!files.insert(w->file).second) {
            problem({msg::Id::CaptureWorkloadTwice, {at, w->file}});
            continue;
        }
        if (!fs::is_regular_file(folder / w->file, ec)) {
            problem({msg::Id::CaptureWorkloadMissing, {at, (folder / w->file).string()}});
            continue;
        }
        index.workloads.push_back(std::move(*w));
    }
    if (root->contains("skipped") && (*root)["skipped"].is_array())
        for (const Json& s : (*root)["skipped"]) {
            if (!s.is_object())
                continue;
            SkippedLaunch skipped;
            auto get = [&](const char* name) {
                return s.contains(name) && s[name].is_string() ? s[name].get<std::string>().substr(0, kMaxText)
                                                               : std::string();
            };
            skipped.function = get("function");
            skipped.kernelFile = get("kernelFile");
            skipped.reason = get("reason");
            if (s.contains("launches") && s["launches"].is_number_unsigned())
                skipped.launches = s["launches"].get<std::size_t>();
            index.skipped.push_back(std::move(skipped));
        }
    if (root->contains("notes") && (*root)["notes"].is_array())
        for (const Json& n : (*root)["notes"])
            if (n.is_string())
                index.notes.push_back(n.get<std::string>().substr(0, kMaxText));
    out.index = std::move(index);
    return out;
}

std::string captureText(const CaptureIndex& index)
{
    std::ostringstream out;
    out << formatCount(std::int64_t(index.workloads.size()), "workload") << " of "
        << formatCount(std::int64_t(index.kernels()), "kernel") << " (" << formatCount(std::int64_t(index.launches()), "launch", "launches")
        << ") in " << index.folder.string() << "\n";
    std::size_t width = 0;
    for (const CapturedWorkload& w : index.workloads)
        width = std::max(width, w.describe().size());
    for (const CapturedWorkload& w : index.workloads) {
        const std::string name = w.describe();
        std::string launches = std::to_string(w.launches) + (w.launchesExact ? "" : "+");
        out << "  " << name << std::string(width - name.size() + 2, ' ') << std::string(6 - std::min<std::size_t>(6, launches.size()), ' ')
            << launches << (w.launches == 1 && w.launchesExact ? " launch   " : " launches ") << (index.folder / w.file).string()
            << (w.kind == "jit" ? "  (@triton.jit)" : "") << "\n";
        if (!w.error.empty())
            out << "      the launch raised: " << w.error << "\n";
        for (const std::string& note : w.notes)
            out << "      note: " << note << "\n";
    }
    for (const SkippedLaunch& s : index.skipped)
        out << "  not written: " << s.function << " (" << formatCount(std::int64_t(s.launches), "launch", "launches") << ", "
            << s.kernelFile << "): " << s.reason << "\n";
    for (const std::string& note : index.notes)
        out << "note: " << note << "\n";
    return out.str();
}

} // namespace ts::capture
