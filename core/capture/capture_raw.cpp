#include "core/capture/capture_raw.h"

#include "core/capture/json_check.h"
#include "core/util/diagnostic_make.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <set>

namespace ts::capture {
namespace {

namespace fs = std::filesystem;

constexpr int kMaxDepth = 16;  // nesting of a decorator's arguments

// An argument value as the hook writes it (see the header); returns the checked copy.
std::optional<Json> checkValue(Check& c, const Json& v, const std::string& path)
{
    if (v.is_null() || v.is_boolean() || v.is_number_integer()) {
        std::int64_t ignored = 0;
        if (v.is_number_integer() && !c.integer(v, path, &ignored, std::numeric_limits<std::int64_t>::min()))
            return std::nullopt;
        return v;
    }
    if (v.is_number_float()) {
        if (!std::isfinite(v.get<double>()))
            return c.fail(path, msg::Id::CheckNotFinite), std::nullopt;
        return v;
    }
    if (v.is_string()) {
        if (v.get_ref<const std::string&>().size() > kMaxText)
            return c.fail(path, {msg::Id::CheckTooLong, {kMaxText}}), std::nullopt;
        return v;
    }
    if (!c.object(v, path))
        return std::nullopt;
    Json out = Json::object();
    if (v.contains("tensor")) {
        std::string dtype;
        if (!c.text(v, "tensor", path, &dtype, true, 64))
            return std::nullopt;
        out["tensor"] = dtype;
        for (const char* field : {"shape", "strides"}) {
            if (!v.contains(field) || (std::string_view(field) == "strides" && v[field].is_null()))
                continue;
            const std::string at = path + "." + field;
            if (!c.array(v[field], at, 64))
                return std::nullopt;
            Json dims = Json::array();
            for (std::size_t i = 0; i < v[field].size(); ++i) {
                std::int64_t d = 0;
                const std::int64_t min = std::string_view(field) == "shape" ? 0 : std::numeric_limits<std::int64_t>::min();
                if (!c.integer(v[field][i], at + "[" + std::to_string(i) + "]", &d, min))
                    return std::nullopt;
                dims.push_back(d);
            }
            out[field] = std::move(dims);
        }
        if (!out.contains("shape"))
            return c.fail(path + ".shape", msg::Id::CheckMissing), std::nullopt;
        std::string device;
        if (!c.text(v, "device", path, &device, false, 64))
            return std::nullopt;
        if (!device.empty())
            out["device"] = device;
        return out;
    }
    if (v.contains("float")) {
        std::string text;
        if (!c.text(v, "float", path, &text, true, 16))
            return std::nullopt;
        if (text != "inf" && text != "-inf" && text != "nan")
            return c.fail(path + ".float", {msg::Id::CheckExpectedFloatWord, {text}}), std::nullopt;
        out["float"] = text;
        return out;
    }
    if (v.contains("unsupported")) {
        std::string type, text;
        if (!c.text(v, "unsupported", path, &type, true, 256) || !c.text(v, "text", path, &text, false, 256))
            return std::nullopt;
        out["unsupported"] = type;
        if (!text.empty())
            out["text"] = text;
        return out;
    }
    return c.fail(path, msg::Id::CheckExpectedArgument), std::nullopt;
}

// Any JSON of bounded size and depth, copied (a decorator's hints, a config's extras).
bool checkBounded(Check& c, const Json& j, const std::string& path, int depth = 0)
{
    if (depth > kMaxDepth)
        return c.fail(path, {msg::Id::CheckTooDeep, {kMaxDepth}});
    if (j.is_string())
        return j.get_ref<const std::string&>().size() <= kMaxText ||
               c.fail(path, msg::Id::CheckStringTooLong);
    if (j.is_number_float())
        return std::isfinite(j.get<double>()) || c.fail(path, msg::Id::CheckNotFinite);
    if (j.is_array() || j.is_object()) {
        if (j.size() > kMaxList)
            return c.fail(path, {msg::Id::CheckTooManyItems, {kMaxList}});
        for (auto it = j.begin(); it != j.end(); ++it)
            if (!checkBounded(c, it.value(), path + (j.is_object() ? "." + it.key() : "[]"), depth + 1))
                return false;
    }
    return true;
}

// {"kwargs": {name: scalar}, "num_warps": n, "num_stages": n, ...}: a triton.Config.
std::optional<Json> checkConfig(Check& c, const Json& j, const std::string& path)
{
    const Json* given = c.object(j, path) ? c.field(j, "kwargs", path) : nullptr;
    if (!given || !c.object(*given, path + ".kwargs"))
        return std::nullopt;
    Json out = Json::object();
    Json kwargs = Json::object();
    for (const auto& [name, value] : given->items()) {
        std::string checked;
        if (!c.identifier(Json(name), path + ".kwargs", &checked))
            return std::nullopt;
        if (!value.is_boolean() && !value.is_number_integer() && !value.is_string() &&
            !(value.is_number_float() && std::isfinite(value.get<double>())))
            return c.fail(path + ".kwargs." + name, {msg::Id::CheckExpectedScalar, {Check::kindOf(value)}}),
                   std::nullopt;
        if (!checkBounded(c, value, path + ".kwargs." + name))
            return std::nullopt;
        kwargs[name] = value;
    }
    out["kwargs"] = std::move(kwargs);
    for (const char* field : {"num_warps", "num_stages", "num_ctas", "maxnreg"}) {
        if (!j.contains(field) || j[field].is_null())
            continue;
        std::int64_t n = 0;
        if (!c.integer(j[field], path + "." + field, &n, 0, 1 << 20))
            return std::nullopt;
        out[field] = n;
    }
    for (const char* field : {"pre_hook", "ubtune_cfg"})
        if (j.contains(field)) {
            if (!checkBounded(c, j[field], path + "." + field))
                return std::nullopt;
            out[field] = j[field];
        }
    return out;
}

std::optional<Json> checkGrid(Check& c, const Json& j, const std::string& path)
{
    if (j.is_null())
        return Json();
    if (!c.object(j, path))
        return std::nullopt;
    Json out = Json::object();
    if (j.contains("lambda")) {
        std::string text, expression;
        if (!c.text(j, "lambda", path, &text) || !c.text(j, "expression", path, &expression, false))
            return std::nullopt;
        out["lambda"] = text;
        if (!expression.empty())
            out["expression"] = expression;
        Json free = Json::object();
        if (j.contains("free")) {
            if (!c.object(j["free"], path + ".free"))
                return std::nullopt;
            for (const auto& [name, how] : j["free"].items()) {
                std::string checked;
                if (!c.identifier(Json(name), path + ".free", &checked) || !c.object(how, path + ".free." + name) ||
                    !checkBounded(c, how, path + ".free." + name))
                    return std::nullopt;
                free[name] = how;
            }
        }
        out["free"] = std::move(free);
        return out;
    }
    if (j.contains("static")) {
        const Json& s = j["static"];
        Json dims = Json::array();
        if (s.is_number_integer()) {
            dims.push_back(s);
        } else if (c.array(s, path + ".static", 3)) {
            dims = s;
        } else {
            return std::nullopt;
        }
        for (std::size_t i = 0; i < dims.size(); ++i) {
            std::int64_t d = 0;
            if (!c.integer(dims[i], path + ".static[" + std::to_string(i) + "]", &d))
                return std::nullopt;
        }
        if (dims.empty())
            return c.fail(path + ".static", msg::Id::CheckGridRank), std::nullopt;
        out["static"] = std::move(dims);
        return out;
    }
    std::string name, why;
    if (!c.text(j, "callable", path, &name, true, 256) || !c.text(j, "why", path, &why, false, 256))
        return std::nullopt;
    out["callable"] = name;
    if (!why.empty())
        out["why"] = why;
    return out;
}

// The decorator's arguments: the parts TileScope reads are checked, the rest dropped.
std::optional<Json> checkDecorator(Check& c, const Json& j, const std::string& path)
{
    if (j.is_null())
        return Json();
    if (!c.object(j, path))
        return std::nullopt;
    Json out = Json::object();
    if (j.contains("key") && !j["key"].is_null()) {
        const Json& key = j["key"];
        if (key.is_array()) {
            for (std::size_t i = 0; i < key.size() && i < kMaxList; ++i) {
                std::string name;
                if (!c.identifier(key[i], path + ".key[" + std::to_string(i) + "]", &name))
                    return std::nullopt;
            }
        } else if (!key.is_object()) {
            return c.fail(path + ".key", msg::Id::CheckExpectedNames), std::nullopt;
        } else if (!checkBounded(c, key, path + ".key")) {
            return std::nullopt;
        }
        out["key"] = key;
    }
    if (j.contains("configs") && !j["configs"].is_null()) {
        if (!c.array(j["configs"], path + ".configs"))
            return std::nullopt;
        Json configs = Json::array();
        for (std::size_t i = 0; i < j["configs"].size(); ++i) {
            auto config = checkConfig(c, j["configs"][i], path + ".configs[" + std::to_string(i) + "]");
            if (!config)
                return std::nullopt;
            configs.push_back(std::move(*config));
        }
        out["configs"] = std::move(configs);
    }
    for (const char* field : {"hints", "prune_configs_by", "reset_to_zero", "restore_value", "cache_results", "warmup",
                              "rep", "do_bench", "pre_hook", "post_hook"}) {
        if (!j.contains(field) || j[field].is_null() || j[field] == false)
            continue;
        if (!checkBounded(c, j[field], path + "." + field))
            return std::nullopt;
        out[field] = j[field];
    }
    return out;
}

// Named values {"name": value}: arguments or options, their names checked.
bool checkNamedValues(Check& c, const Json& j, const std::string& path, std::vector<std::pair<std::string, Json>>* out)
{
    if (!c.object(j, path))
        return false;
    if (j.size() > 4096)
        return c.fail(path, {msg::Id::CheckTooManyArguments, {4096}});
    for (const auto& [name, value] : j.items()) {
        std::string checked;
        if (!c.identifier(Json(name), path, &checked))
            return false;
        auto v = checkValue(c, value, path + "." + name);
        if (!v)
            return false;
        out->emplace_back(name, std::move(*v));
    }
    return true;
}

bool isHex64(std::string_view s)
{
    return s.size() == 64 && std::all_of(s.begin(), s.end(), [](char ch) {
               return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f');
           });
}

std::optional<RawLaunch> readLaunch(Check& c, const Json& r)
{
    RawLaunch l;
    if (!c.text(r, "kind", "", &l.kind, true, 16))
        return std::nullopt;
    if (l.kind != "autotune" && l.kind != "jit")
        return c.fail("kind", {msg::Id::CheckExpectedKind, {l.kind}}), std::nullopt;
    const Json* k = c.field(r, "kernel", "");
    if (!k || !c.object(*k, "kernel"))
        return std::nullopt;
    const Json* function = c.field(*k, "function", "kernel");
    const Json* lineField = function ? c.field(*k, "line", "kernel") : nullptr;
    std::int64_t line = 0;
    if (!lineField || !c.text(*k, "file", "kernel", &l.kernelFile) ||
        !c.identifier(*function, "kernel.function", &l.function) ||
        !c.integer(*lineField, "kernel.line", &line, 0, std::numeric_limits<int>::max()) ||
        !c.text(*k, "source", "kernel", &l.sourceCopy, false, 128) || !c.text(*k, "sha256", "kernel", &l.sha256, false, 64) ||
        !c.text(*k, "sourceError", "kernel", &l.sourceError, false))
        return std::nullopt;
    l.line = int(line);
    if (!l.sourceCopy.empty() &&
        (!isHex64(l.sha256) || l.sourceCopy != "sources/" + l.sha256 + ".py"))
        return c.fail("kernel.source", {msg::Id::CheckExpectedSourceCopy, {l.sourceCopy}}), std::nullopt;
    if (l.sourceCopy.empty() && l.sourceError.empty())
        l.sourceError = "the hook copied no source for it";
    if (!c.text(r, "tuner", "", &l.tuner, false, 256) || !c.text(r, "error", "", &l.error, false))
        return std::nullopt;
    auto decorator = checkDecorator(c, r.value("decorator", Json()), "decorator");
    if (!decorator)
        return std::nullopt;
    l.decorator = std::move(*decorator);
    const Json* params = c.field(r, "params", "");
    if (!params || !c.array(*params, "params", 4096))
        return std::nullopt;
    std::set<std::string> names;
    for (std::size_t i = 0; i < params->size(); ++i) {
        const Json& p = (*params)[i];
        const std::string at = "params[" + std::to_string(i) + "]";
        RawParam param;
        const Json* name = c.object(p, at) ? c.field(p, "name", at) : nullptr;
        if (!name || !c.identifier(*name, at + ".name", &param.name))
            return std::nullopt;
        if (!p.contains("constexpr") || !p["constexpr"].is_boolean())
            return c.fail(at + ".constexpr", msg::Id::CheckExpectedBool), std::nullopt;
        param.isConstexpr = p["constexpr"].get<bool>();
        param.hasDefault = p.contains("default");
        if (!names.insert(param.name).second)
            return c.fail(at + ".name", {msg::Id::CheckListedTwice, {param.name}}), std::nullopt;
        l.params.push_back(std::move(param));
    }
    const Json* args = c.field(r, "args", "");
    if (!args || !checkNamedValues(c, *args, "args", &l.args))
        return std::nullopt;
    for (const auto& [name, value] : l.args)
        if (!names.count(name))
            return c.fail("args." + name, {msg::Id::CheckNotParameter, {l.function}}), std::nullopt;
    if (r.contains("options") && !checkNamedValues(c, r["options"], "options", &l.options))
        return std::nullopt;
    if (r.contains("key") && !r["key"].is_null()) {
        if (!c.array(r["key"], "key", 4096))
            return std::nullopt;
        for (std::size_t i = 0; i < r["key"].size(); ++i) {
            std::string name;
            if (!c.identifier(r["key"][i], "key[" + std::to_string(i) + "]", &name))
                return std::nullopt;
            l.key.push_back(std::move(name));
        }
    }
    auto grid = checkGrid(c, r.value("grid", Json()), "grid");
    if (!grid)
        return std::nullopt;
    l.grid = std::move(*grid);
    if (r.contains("evaluatedGrid") && !r["evaluatedGrid"].is_null()) {
        const Json& g = r["evaluatedGrid"];
        if (!c.array(g, "evaluatedGrid", 3))
            return std::nullopt;
        if (g.empty())
            return c.fail("evaluatedGrid", msg::Id::CheckGridRank), std::nullopt;
        for (std::size_t i = 0; i < g.size(); ++i) {
            std::int64_t d = 0;
            if (!c.integer(g[i], "evaluatedGrid[" + std::to_string(i) + "]", &d))
                return std::nullopt;
            l.evaluatedGrid.push_back(d);
        }
    }
    if (r.contains("best") && !r["best"].is_null()) {
        auto best = checkConfig(c, r["best"], "best");
        if (!best)
            return std::nullopt;
        l.best = std::move(*best);
    }
    if (r.contains("timings") && !r["timings"].is_null()) {
        if (!c.array(r["timings"], "timings"))
            return std::nullopt;
        Json timings = Json::array();
        for (std::size_t i = 0; i < r["timings"].size(); ++i) {
            const Json& t = r["timings"][i];
            const std::string at = "timings[" + std::to_string(i) + "]";
            if (!c.array(t, at, 2))
                return std::nullopt;
            if (t.size() != 2)
                return c.fail(at, msg::Id::CheckExpectedConfigTimes), std::nullopt;
            auto config = checkConfig(c, t[0], at + "[0]");
            if (!config)
                return std::nullopt;
            Json times = Json::array();
            if (!t[1].is_null()) {
                if (!c.array(t[1], at + "[1]", 3))
                    return std::nullopt;
                for (const Json& ms : t[1]) {
                    if (!ms.is_null() && (!ms.is_number() || !std::isfinite(ms.get<double>()) || ms.get<double>() < 0))
                        return c.fail(at + "[1]", msg::Id::CheckExpectedTimes), std::nullopt;
                    times.push_back(ms);
                }
            }
            timings.push_back(Json::array({std::move(*config), std::move(times)}));
        }
        l.timings = std::move(timings);
    }
    return l;
}

std::string optionalText(const Json& j, const char* name)
{
    return j.contains(name) && j[name].is_string() ? j[name].get<std::string>().substr(0, kMaxText) : std::string();
}

// One launches-<pid>.jsonl file.
void readProcessFile(const fs::path& file, RawCapture& out)
{
    const std::string name = file.filename().string();
    auto problem = [&](int line, msg::Message message) {
        out.problems.push_back(makeDiagnostic("capture-raw", Severity::Error, (out.folder / name).string(),
                                              line, 0, std::move(message)));
    };
    std::error_code ec;
    const std::uintmax_t size = fs::file_size(file, ec);
    if (ec || size > kMaxRawFileBytes) {
        problem(0, ec ? msg::Message(msg::Id::CaptureCannotRead, {ec.message()})
                      : msg::Message(msg::Id::CaptureFileTooLarge, {kMaxRawFileBytes >> 20}));
        return;
    }
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        problem(0, msg::Id::CaptureCannotOpen);
        return;
    }
    const std::size_t processIndex = out.processes.size();
    RawProcess process;
    process.file = name;
    bool haveProcess = false;
    std::map<std::int64_t, std::size_t> groups;  // the file's group numbers -> index in out.launches
    std::vector<std::int64_t> groupOrder;
    std::string text;
    int lineNo = 0;
    while (std::getline(in, text)) {
        ++lineNo;
        if (text.empty())
            continue;
        if (text.size() > kMaxRawLineBytes) {
            problem(lineNo, {msg::Id::CaptureRecordTooLong, {kMaxRawLineBytes >> 20}});
            continue;
        }
        msg::Message error;
        const std::optional<Json> record = parseJson(text, name, &error);
        if (!record) {
            problem(lineNo, error);
            continue;
        }
        Check c;
        std::string kind;
        if (!c.object(*record, "record") || !c.text(*record, "record", "", &kind, true, 32)) {
            problem(lineNo, c.problem());
            continue;
        }
        if (kind == "process") {
            std::string format;
            std::int64_t pid = 0;
            const Json* pidField = c.field(*record, "pid", "");
            if (!pidField || !c.text(*record, "format", "", &format, true, 64) || !c.integer(*pidField, "pid", &pid)) {
                problem(lineNo, c.problem());
                continue;
            }
            if (format != kRawFormat) {
                problem(lineNo, {msg::Id::CaptureOtherFormat, {format.substr(0, 64), kRawFormat}});
                return;
            }
            process.pid = pid;
            process.python = optionalText(*record, "python");
            if (record->contains("argv") && (*record)["argv"].is_array())
                for (const Json& a : (*record)["argv"])
                    if (a.is_string() && process.argv.size() < 4096)
                        process.argv.push_back(a.get<std::string>().substr(0, kMaxText));
            haveProcess = true;
        } else if (!haveProcess) {
            problem(lineNo, {msg::Id::CaptureRecordBeforeProcess, {kind.substr(0, 32)}});
            return;
        } else if (kind == "software") {
            if (out.software.known)
                continue;
            RawSoftware& s = out.software;
            s.python = optionalText(*record, "python");
            s.triton = optionalText(*record, "triton");
            s.tritonAscend = optionalText(*record, "tritonAscend");
            s.torch = optionalText(*record, "torch");
            s.torchNpu = optionalText(*record, "torchNpu");
            if (record->contains("device") && (*record)["device"].is_object()) {
                s.deviceKind = optionalText((*record)["device"], "kind").substr(0, 64);
                s.deviceName = optionalText((*record)["device"], "name").substr(0, 256);
            }
            s.known = true;
        } else if (kind == "launch") {
            std::int64_t group = 0;
            const Json* groupField = c.field(*record, "group", "");
            if (!groupField || !c.integer(*groupField, "group", &group, 0, 1 << 30)) {
                problem(lineNo, c.problem());
                continue;
            }
            if (groups.count(group)) {
                problem(lineNo, {msg::Id::CaptureGroupTwice, {group}});
                continue;
            }
            std::optional<RawLaunch> launch = readLaunch(c, *record);
            if (!launch) {
                problem(lineNo, c.problem());
                continue;
            }
            launch->origin = name + ":" + std::to_string(lineNo);
            launch->process = processIndex;
            groups.emplace(group, out.launches.size());
            groupOrder.push_back(group);
            out.launches.push_back(std::move(*launch));
        } else if (kind == "exit") {
            const Json& counts = record->value("counts", Json());
            const Json& varying = record->value("varying", Json());
            if (!c.array(counts, "counts") || (!varying.is_null() && !c.array(varying, "varying"))) {
                problem(lineNo, c.problem());
                continue;
            }
            bool ok = true;
            for (const auto& [group, index] : groups) {
                if (group >= std::int64_t(counts.size())) {
                    ok = c.fail("counts", {msg::Id::CheckNoCountForGroup, {group}});
                    break;
                }
                std::int64_t n = 0;
                if (!c.integer(counts[std::size_t(group)], "counts[" + std::to_string(group) + "]", &n, 1)) {
                    ok = false;
                    break;
                }
                RawLaunch& l = out.launches[index];
                l.launches = std::size_t(n);
                l.launchesExact = true;
                if (varying.is_array() && std::size_t(group) < varying.size() && varying[std::size_t(group)].is_array())
                    for (const Json& v : varying[std::size_t(group)]) {
                        std::string argument;
                        if (c.identifier(v, "varying", &argument))
                            l.varying.push_back(std::move(argument));
                    }
            }
            if (!ok || c.failed()) {
                problem(lineNo, c.problem());
                continue;
            }
            process.exited = true;
        } else {
            problem(lineNo, {msg::Id::CaptureUnknownRecord, {kind.substr(0, 32)}});
        }
    }
    if (!haveProcess) {
        problem(0, msg::Id::CaptureNoProcessRecord);
        return;
    }
    out.processes.push_back(std::move(process));
}

} // namespace

bool isIdentifier(std::string_view name)
{
    if (name.empty() || (name[0] >= '0' && name[0] <= '9'))
        return false;
    return std::all_of(name.begin(), name.end(), [](char ch) {
        const auto u = static_cast<unsigned char>(ch);
        return u >= 0x80 || ch == '_' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9');
    });
}

std::optional<Json> parseJson(const std::string& text, const std::string& where, msg::Message* error)
{
    try {
        return Json::parse(text);
    } catch (const Json::parse_error& e) {
        // nlohmann's text: "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..."
        std::string what = e.what();
        if (const std::size_t at = what.find("parse error"); at != std::string::npos)
            what = what.substr(at);
        *error = msg::Message(msg::Id::CaptureNotValidJson, {where, what});
        return std::nullopt;
    }
}

std::optional<Json> parseJson(const std::string& text, const std::string& where, std::string* error)
{
    msg::Message problem;
    std::optional<Json> parsed = parseJson(text, where, &problem);
    if (!parsed)
        *error = problem.english();
    return parsed;
}

RawCapture readRawCapture(const fs::path& folder)
{
    RawCapture out;
    out.folder = folder;
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) {
        out.problems.push_back(
            makeDiagnostic("capture-raw", Severity::Error, folder.string(), 0, 0, msg::Id::CaptureNotFolder));
        return out;
    }
    std::vector<fs::path> files;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.rfind("launches-", 0) == 0 && it->path().extension() == ".jsonl" && it->is_regular_file(ec))
            files.push_back(it->path());
    }
    if (ec)
        out.problems.push_back(makeDiagnostic("capture-raw", Severity::Error, folder.string(), 0, 0,
                                              {msg::Id::CaptureCannotList, {ec.message()}}));
    std::sort(files.begin(), files.end());
    if (files.size() > kMaxRawFiles) {
        out.problems.push_back(makeDiagnostic("capture-raw", Severity::Error, folder.string(), 0, 0,
                                              {msg::Id::CaptureTooManyFiles, {files.size(), kMaxRawFiles}}));
        files.resize(kMaxRawFiles);
    }
    for (const fs::path& file : files)
        readProcessFile(file, out);
    return out;
}

} // namespace ts::capture
