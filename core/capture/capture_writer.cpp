#include "core/capture/capture_writer.h"

#include "core/cache/sha256.h"
#include "core/kernel/workload.h"
#include "core/python/parser.h"
#include "core/util/diagnostic_make.h"
#include "core/util/message.h"
#include "core/util/version.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace ts::capture {
namespace {

namespace fs = std::filesystem;

std::string stripTorch(std::string dtype)
{
    return dtype.rfind("torch.", 0) == 0 ? dtype.substr(6) : dtype;
}

// A value's identity in a key: a tensor by dtype and shape (not strides, device or address).
Json keyForm(const Json& v)
{
    if (v.is_object() && v.contains("tensor"))
        return Json{{"tensor", v["tensor"]}, {"shape", v.value("shape", Json::array())}};
    return v;
}

const Json* argOf(const RawLaunch& l, const std::string& name)
{
    for (const auto& [n, v] : l.args)
        if (n == name)
            return &v;
    return nullptr;
}

// What the autotuner keys its cache by: the key arguments' values, then every tensor's dtype.
// A jit launch has no key: its arguments other than floats stand for it (and its options).
Json keyOf(const RawLaunch& l)
{
    Json key = Json::array();
    if (l.kind == "autotune") {
        for (const std::string& name : l.key)
            if (const Json* v = argOf(l, name))
                key.push_back(keyForm(*v));
        for (const auto& [name, v] : l.args)
            if (v.is_object() && v.contains("tensor"))
                key.push_back(v["tensor"]);
        return key;
    }
    for (const auto& [name, v] : l.args)
        if (!v.is_number_float())
            key.push_back(Json::array({name, keyForm(v)}));
    for (const auto& [name, v] : l.options)
        key.push_back(Json::array({name, keyForm(v)}));
    return key;
}

struct Group {
    std::vector<std::size_t> launches;  // into raw.launches, the first one written
    std::size_t count = 0;
    bool exact = true;
    std::set<std::string> varying;
};

// "0.5" -> "0.5", "torch.float16" -> "float16": a file name part of safe characters only.
std::string fileNamePart(const Json& v)
{
    std::string text;
    if (v.is_object() && v.contains("tensor")) {
        text = stripTorch(v["tensor"].get<std::string>());
        for (const Json& d : v.value("shape", Json::array()))
            text += "x" + d.dump();
    } else if (v.is_string()) {
        text = v.get<std::string>();
    } else if (v.is_boolean()) {
        text = v.get<bool>() ? "True" : "False";
    } else {
        text = v.dump();
    }
    for (char& ch : text)
        if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '.' || ch == '_' ||
              ch == '-'))
            ch = '_';
    return text;
}

std::string uniqueName(std::string stem, const std::string& extension, std::set<std::string>& taken)
{
    if (stem.size() > 120)
        stem = stem.substr(0, 100) + "-" + cache::sha256Hex(stem).substr(0, 12);
    std::string name = stem + extension;
    for (int n = 2; taken.count(name); ++n)
        name = stem + "-" + std::to_string(n) + extension;
    taken.insert(name);
    return name;
}

bool writeFile(const fs::path& path, const std::string& text, Diagnostics& problems)
{
    const fs::path partial = path.string() + ".part";
    {
        std::ofstream out(partial, std::ios::binary | std::ios::trunc);
        out << text;
        out.close();
        if (!out) {
            problems.push_back(makeDiagnostic("capture-write", Severity::Error, path.string(), 0, 0,
                                              msg::Id::CaptureCannotWriteFile));
            return false;
        }
    }
    std::error_code ec;
    fs::rename(partial, path, ec);
    if (ec) {
        problems.push_back(makeDiagnostic("capture-write", Severity::Error, path.string(), 0, 0,
                                          {msg::Id::CaptureCannotWrite, {ec.message()}}));
        return false;
    }
    return true;
}

std::optional<std::string> readFile(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

// Whether `text` is one Python lambda expression (what a workload's grid must be).
bool isLambda(const std::string& text, std::string* why)
{
    const py::ParseResult parsed = py::parseSource(text, "<grid>");
    if (!parsed.ok()) {
        *why = parsed.error ? parsed.error->message : "it does not parse";
        return false;
    }
    const std::vector<const py::Node*>& body = parsed.module->root()->list("body");
    const py::Node* value = body.size() == 1 && body[0]->is(py::Kind::Expr) ? body[0]->child("value") : nullptr;
    if (!value || !value->is(py::Kind::Lambda)) {
        *why = "it is not one lambda expression";
        return false;
    }
    return true;
}

// The workload's "grid" and what the index says of it, or why the launch has none to write.
struct GridChoice {
    Json value;
    std::string kind;  // "lambda" | "static"
    std::vector<std::string> notes;
    std::string problem;
};

GridChoice chooseGrid(const RawLaunch& l)
{
    GridChoice out;
    auto evaluated = [&](const std::string& why) {
        if (l.evaluatedGrid.empty()) {
            out.problem = why + ", and the grid the launch evaluated was not recorded";
            return out;
        }
        out.value = l.evaluatedGrid;
        out.kind = "static";
        out.notes.push_back(why + ": the grid this launch evaluated, " + Json(l.evaluatedGrid).dump() +
                            ", is written as a static grid");
        return out;
    };
    if (l.grid.is_null())
        return evaluated("the launch named no grid");
    if (l.grid.contains("static")) {
        out.value = l.grid["static"];
        out.kind = "static";
        return out;
    }
    if (!l.grid.contains("lambda"))
        return evaluated("the grid is the function " + l.grid.value("callable", std::string("?")) +
                         (l.grid.contains("why") ? " (" + l.grid["why"].get<std::string>() + ")" : std::string()) +
                         ", not a lambda a workload can hold");
    std::vector<std::string> unreadable;
    std::vector<std::string> substituted;
    for (const auto& [name, how] : l.grid["free"].items()) {
        if (how.contains("unresolved") || how.contains("unsupported"))
            unreadable.push_back(name);
        else if (how.contains("value"))
            substituted.push_back(name + " = " + how["value"].dump());
    }
    if (!unreadable.empty()) {
        std::string names;
        for (const std::string& n : unreadable)
            names += (names.empty() ? "" : ", ") + n;
        return evaluated("the grid lambda reads " + names + ", which is neither an argument of the launch nor a number");
    }
    const std::string text = l.grid.value("expression", l.grid["lambda"].get<std::string>());
    std::string why;
    if (!isLambda(text, &why))
        return evaluated("the grid's source '" + text.substr(0, 200) + "' cannot be read (" + why + ")");
    out.value = text;
    out.kind = "lambda";
    if (!substituted.empty()) {
        std::string values;
        for (const std::string& s : substituted)
            values += (values.empty() ? "" : ", ") + s;
        out.notes.push_back("the grid lambda `" + l.grid["lambda"].get<std::string>().substr(0, 200) +
                            "` reads the program's own variables (" + values +
                            " at this launch), written into it as numbers");
    }
    return out;
}

// A workload argument from a recorded value, or why it has none.
std::optional<Json> workloadValue(const std::string& name, const Json& v, std::string* why)
{
    if (!v.is_object())
        return v;
    if (v.contains("tensor")) {
        const std::string dtype = stripTorch(v["tensor"].get<std::string>());
        if (!kernel::dtypeBytes(dtype)) {
            *why = "argument " + name + " is a tensor of dtype " + dtype + ", which TileScope does not model";
            return std::nullopt;
        }
        Json t = {{"tensor", dtype}, {"shape", v["shape"]}};
        if (v.contains("strides"))
            t["strides"] = v["strides"];
        return t;
    }
    if (v.contains("float")) {
        *why = "argument " + name + " is " + v["float"].get<std::string>() + ", which a workload cannot hold";
        return std::nullopt;
    }
    *why = "argument " + name + " is a " + v.value("unsupported", std::string("value")) +
           (v.contains("text") ? " (" + v["text"].get<std::string>() + ")" : std::string()) +
           ", which a workload cannot hold";
    return std::nullopt;
}

// Triton's <fn>.autotune.json of the tuner's timings (export/triton_cache_json.h reads it back).
std::optional<std::string> autotuneJson(const RawLaunch& l, const Json& keyValues, std::size_t* dropped)
{
    if (!l.timings.is_array())
        return std::nullopt;
    Json timings = Json::array();
    for (const Json& t : l.timings) {
        const Json& ms = t[1];
        if (!ms.is_array() || ms.empty() || std::any_of(ms.begin(), ms.end(), [](const Json& x) { return x.is_null(); })) {
            ++*dropped;
            continue;
        }
        const Json& c = t[0];
        Json config = {{"kwargs", c["kwargs"]},
                       {"num_warps", c.value("num_warps", Json(4))},
                       {"num_ctas", c.value("num_ctas", Json(1))},
                       {"num_stages", c.value("num_stages", Json(3))},
                       {"maxnreg", c.value("maxnreg", Json())},
                       {"pre_hook", Json()}};
        timings.push_back(Json::array({std::move(config), ms}));
    }
    if (timings.empty())
        return std::nullopt;
    return Json{{"key", keyValues}, {"configs_timings", std::move(timings)}}.dump() + "\n";
}

// Python's str() of a key value, as Triton writes the key of an .autotune.json.
std::string pythonText(const Json& v)
{
    if (v.is_boolean())
        return v.get<bool>() ? "True" : "False";
    if (v.is_null())
        return "None";
    if (v.is_string())
        return v.get<std::string>();
    return v.dump();
}

// Writes the groups of launches into one folder: the kernels' copies (once per version of a
// file), each group's workload and timings, under names no other file of the folder has.
class FolderWriter {
public:
    FolderWriter(const RawCapture& raw, const WriteOptions& options, Diagnostics& problems)
        : m_raw(raw), m_options(options), m_problems(problems)
    {
        m_knownDevice = std::find(options.knownDevices.begin(), options.knownDevices.end(), raw.software.deviceName) !=
                        options.knownDevices.end();
    }

    bool knownDevice() const { return m_knownDevice; }

    // The group written, or why not (in `index`'s skipped list).
    void write(const Group& g, CaptureIndex& index)
    {
        const RawLaunch& l = m_raw.launches[g.launches.front()];
        auto skip = [&](const std::string& reason) { index.skipped.push_back({l.function, l.kernelFile, g.count, reason}); };
        if (l.sourceCopy.empty()) {
            skip(l.sourceError);
            return;
        }
        std::string problem;
        const std::optional<std::string> kernel = kernelCopy(l, &problem);
        if (!kernel) {
            if (!problem.empty())
                skip(problem);
            return;
        }
        std::string why;
        Json args = argumentsOf(l, &why);
        if (!why.empty()) {
            skip(why);
            return;
        }
        GridChoice grid = chooseGrid(l);
        if (!grid.problem.empty()) {
            skip(grid.problem);
            return;
        }
        CapturedWorkload entry = describe(g, l, *kernel, grid);
        Json workload = Json::object();
        workload["kernel"] = entry.kernel;
        workload["function"] = entry.function;
        workload["args"] = std::move(args);
        workload["grid"] = grid.value;
        if (m_knownDevice)
            workload["device"] = m_raw.software.deviceName;
        if (m_options.backend)
            workload["backend"] = std::string(kernel::backendName(*m_options.backend));
        if (!writeFile(m_options.folder / entry.file, workload.dump(2) + "\n", m_problems))
            return;

        Json keyValues = Json::array();  // as Triton writes an .autotune.json's key: Python's str() of each
        for (const std::string& name : l.key)
            if (const Json* v = argOf(l, name))
                keyValues.push_back(pythonText(*v));
        for (const auto& [name, v] : l.args)
            if (v.is_object() && v.contains("tensor"))
                keyValues.push_back(v["tensor"].get<std::string>());
        std::size_t dropped = 0;
        if (const auto measured = autotuneJson(l, keyValues, &dropped)) {
            const std::string name = uniqueName(fs::path(entry.file).stem().string() + ".autotune", ".json", m_taken);
            if (writeFile(m_options.folder / name, *measured, m_problems))
                entry.measurements = name;
        }
        if (dropped > 0)
            entry.notes.push_back(std::to_string(dropped) + " of the tuner's configs have no finite time (they failed): "
                                  "left out of " + (entry.measurements.empty() ? "the timings" : entry.measurements));
        index.workloads.push_back(std::move(entry));
    }

private:
    // The kernel's source in the folder, once per version of the file, checked against its digest.
    std::optional<std::string> kernelCopy(const RawLaunch& l, std::string* problem)
    {
        if (const auto copy = m_kernelCopies.find(l.sha256); copy != m_kernelCopies.end())
            return copy->second;
        const std::optional<std::string> source = readFile(m_raw.folder / l.sourceCopy);
        if (!source || cache::sha256Hex(*source) != l.sha256) {
            *problem = "the copy of its source, " + (m_raw.folder / l.sourceCopy).string() +
                       (source ? ", does not match its digest" : ", is missing");
            return std::nullopt;
        }
        const std::string stem = fs::path(l.kernelFile).stem().string();
        const std::string name = uniqueName(fileNamePart(Json(stem.empty() ? "kernel" : stem)), ".py", m_taken);
        if (!writeFile(m_options.folder / name, *source, m_problems))
            return std::nullopt;
        m_kernelCopies.emplace(l.sha256, name);
        return name;
    }

    // The workload's "args": the kernel parameters given, in the kernel's order, then the launch
    // options; *why says which argument has no workload form.
    static Json argumentsOf(const RawLaunch& l, std::string* why)
    {
        Json args = Json::object();
        for (const RawParam& p : l.params)
            if (const Json* v = argOf(l, p.name)) {
                std::optional<Json> value = workloadValue(p.name, *v, why);
                if (!value)
                    return args;
                args[p.name] = std::move(*value);
            }
        for (const auto& [name, v] : l.options) {
            std::optional<Json> value = workloadValue(name, v, why);
            if (!value)
                return args;
            if (value->is_object()) {
                *why = "the launch option " + name + " is a tensor";
                return args;
            }
            args[name] = std::move(*value);
        }
        return args;
    }

    // The index entry of a group, its workload's file name chosen.
    CapturedWorkload describe(const Group& g, const RawLaunch& l, const std::string& kernel, GridChoice& grid)
    {
        CapturedWorkload entry;
        static_cast<LaunchedKernel&>(entry) = l;
        entry.kernel = kernel;
        entry.launches = g.count;
        entry.launchesExact = g.exact;
        entry.varying.assign(g.varying.begin(), g.varying.end());
        entry.grid = grid.kind;
        entry.notes = std::move(grid.notes);
        std::string stem = l.function;
        if (l.kind == "autotune") {
            for (const std::string& name : l.key)
                if (const Json* v = argOf(l, name)) {
                    entry.key.emplace_back(name, keyForm(*v));
                    stem += "-" + fileNamePart(*v);
                }
        } else {
            for (const auto& [name, v] : l.args)
                if (!v.is_object() && !v.is_number_float())
                    entry.key.emplace_back(name, v);
        }
        for (const auto& [name, v] : l.args)
            if (v.is_object() && v.contains("tensor")) {
                entry.dtypes.push_back(stripTorch(v["tensor"].get<std::string>()));
                if (l.kind == "jit" && stem == l.function)
                    stem += "-" + fileNamePart(keyForm(v));
            }
        entry.file = uniqueName(stem, ".json", m_taken);
        if (!entry.varying.empty()) {
            std::string names;
            for (const std::string& n : entry.varying)
                names += (names.empty() ? "" : ", ") + n;
            entry.notes.push_back("its launches differed in " + names +
                                  " (outside what the tuner keys by): the first launch's values are written");
        }
        return entry;
    }

    const RawCapture& m_raw;
    const WriteOptions& m_options;
    Diagnostics& m_problems;
    bool m_knownDevice = false;
    std::set<std::string> m_taken = {kIndexFile, "raw"};
    std::map<std::string, std::string> m_kernelCopies;  // sha256 -> file name in the folder
};

} // namespace

WriteResult writeCapture(const RawCapture& raw, const WriteOptions& options)
{
    WriteResult result;
    result.problems = raw.problems;
    std::error_code ec;
    fs::create_directories(options.folder, ec);
    if (ec) {
        result.error = "cannot create " + options.folder.string() + ": " + ec.message();
        return result;
    }

    // Launches of one kernel and key value, across every process, in the order first met.
    std::vector<Group> groups;
    std::map<std::string, std::size_t> byKey;
    for (std::size_t i = 0; i < raw.launches.size(); ++i) {
        const RawLaunch& l = raw.launches[i];
        const std::string id = Json::array({l.sha256.empty() ? l.kernelFile : l.sha256, l.function, l.kind, keyOf(l)}).dump();
        auto [it, added] = byKey.emplace(id, groups.size());
        if (added)
            groups.emplace_back();
        Group& g = groups[it->second];
        if (!g.launches.empty()) {
            const RawLaunch& first = raw.launches[g.launches.front()];
            for (const auto& [name, v] : l.args)
                if (const Json* before = argOf(first, name); !before || *before != v)
                    g.varying.insert(name);
        }
        g.launches.push_back(i);
        g.count += l.launches;
        g.exact = g.exact && l.launchesExact;
        g.varying.insert(l.varying.begin(), l.varying.end());
    }

    CaptureIndex index;
    index.folder = options.folder;
    index.tilescopeVersion = kVersion;
    index.command = options.command;
    index.exitStatus = options.exitStatus;
    index.allJit = options.allJit;
    index.software = raw.software;
    for (const RawProcess& p : raw.processes) {
        index.processes.push_back({p.pid, p.argv, p.exited});
        if (!p.exited) {
            std::string argv;
            for (const std::string& a : p.argv)
                argv += (argv.empty() ? "" : " ") + a;
            index.notes.push_back("process " + std::to_string(p.pid) + " (" + argv +
                                  ") ended without saying how many launches it made (it crashed or was killed): its "
                                  "launch counts are lower bounds");
        }
    }
    FolderWriter writer(raw, options, result.problems);
    if (!raw.software.deviceName.empty() && !writer.knownDevice())
        index.notes.push_back("the program ran on " + raw.software.deviceName +
                              ", not a device TileScope models: the workloads name none (the default device is used)");
    for (const Group& g : groups)
        writer.write(g, index);

    if (!writeFile(options.folder / kIndexFile, toJson(index).dump(2) + "\n", result.problems)) {
        result.error = "cannot write " + (options.folder / kIndexFile).string();
        return result;
    }
    result.index = std::move(index);
    return result;
}

} // namespace ts::capture
