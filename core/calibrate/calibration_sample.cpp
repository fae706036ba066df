#include "core/calibrate/calibration_sample.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

namespace ts::calibrate {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

constexpr std::string_view kFormat = "tilescope.measurements/1";

std::size_t lineOf(const std::string& text, std::size_t offset)
{
    offset = std::min(offset, text.size());
    return 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}

// The line of the n-th `"index": i` entry's candidate, so a bad candidate is named by its line.
std::size_t candidateLine(const std::string& text, std::size_t position)
{
    const std::size_t list = text.find("\"candidates\"");
    if (list == std::string::npos)
        return 0;
    std::size_t depth = 0, seen = 0;
    bool inString = false;
    for (std::size_t i = text.find('[', list); i != std::string::npos && i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"')
            inString = true;
        else if (c == '{' || c == '[') {
            if (depth == 1 && c == '{') {
                if (seen == position)
                    return lineOf(text, i);
                ++seen;
            }
            ++depth;
        } else if (c == '}' || c == ']') {
            if (depth-- == 1)
                break;
        }
    }
    return 0;
}

std::string stemOf(const fs::path& file)
{
    std::string name = file.filename().string();
    for (std::string_view suffix : {".measurements.json", ".json"})
        if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
            return name.substr(0, name.size() - suffix.size());
    return name;
}

std::optional<fs::path> findWorkloadFile(const fs::path& results, const std::string& relative)
{
    const fs::path rel(relative);
    std::error_code ec;
    if (rel.is_absolute())
        return fs::exists(rel, ec) ? std::optional(rel) : std::nullopt;
    if (fs::exists(rel, ec))
        return rel;
    fs::path dir = fs::absolute(results, ec).parent_path();
    for (int up = 0; up < 64 && !dir.empty(); ++up) {
        if (fs::exists(dir / rel, ec))
            return dir / rel;
        if (dir == dir.parent_path())
            break;
        dir = dir.parent_path();
    }
    return std::nullopt;
}

struct FileRead {
    std::vector<CalibrationSample> samples;
    std::size_t skipped = 0;
    std::string error;
};

FileRead readOne(const fs::path& file)
{
    FileRead out;
    const std::string name = file.string();
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        out.error = name + ": cannot open the file";
        return out;
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    json root;
    try {
        root = json::parse(text);
    } catch (const json::parse_error& e) {
        const std::string what = e.what();
        const std::size_t cut = what.find(']');
        out.error = name + ":" + std::to_string(lineOf(text, e.byte == 0 ? 0 : e.byte - 1)) + ": malformed JSON: " +
                    (cut == std::string::npos ? what : what.substr(cut + 2));
        return out;
    }
    if (!root.is_object() || !root.contains("format") || root["format"] != kFormat) {
        out.error = name + ":1: not a runner results file (expected \"format\": \"" + std::string(kFormat) + "\")";
        return out;
    }
    auto wf = root.find("workload_file");
    if (wf == root.end() || !wf->is_string() || wf->get_ref<const std::string&>().empty()) {
        out.error = name + ":" + std::to_string(lineOf(text, text.find("\"workload_file\""))) +
                    ": \"workload_file\" is missing or not a string; calibration needs the workload";
        return out;
    }
    const std::string relative = wf->get<std::string>();
    const std::optional<fs::path> workloadPath = findWorkloadFile(file, relative);
    if (!workloadPath) {
        out.error = name + ":" + std::to_string(lineOf(text, text.find("\"workload_file\""))) + ": workload_file '" +
                    relative + "' not found from the current folder nor any folder above the results file";
        return out;
    }
    kernel::WorkloadLoadResult loaded = kernel::loadWorkload(workloadPath->string());
    if (!loaded.workload) {
        out.error = name + ": workload_file '" + relative + "' does not load";
        for (const Diagnostic& d : loaded.diagnostics)
            out.error += "\n  " + d.format();
        return out;
    }
    auto workload = std::make_shared<const kernel::Workload>(std::move(*loaded.workload));

    npu::BenchMethod method = npu::BenchMethod::Default;
    if (auto bench = root.find("bench"); bench != root.end() && bench->is_object()) {
        const std::string m = bench->value("method", std::string("do_bench"));
        if (m == "npu_profiler")
            method = npu::BenchMethod::Npu;
        else if (m != "do_bench") {
            out.error = name + ":" + std::to_string(lineOf(text, text.find("\"method\""))) + ": bench method '" + m +
                        "' unknown (expected do_bench or npu_profiler)";
            return out;
        }
    }
    auto list = root.find("candidates");
    if (list == root.end() || !list->is_array()) {
        out.error = name + ":1: \"candidates\" is missing or not a list";
        return out;
    }
    const std::string group = stemOf(file);
    for (std::size_t i = 0; i < list->size(); ++i) {
        const json& c = (*list)[i];
        auto bad = [&](const std::string& why) {
            out.error = name + ":" + std::to_string(candidateLine(text, i)) + ": candidate " + std::to_string(i) + ": " + why;
        };
        if (!c.is_object()) {
            bad("not an object");
            return out;
        }
        auto status = c.find("status");
        if (status == c.end() || !status->is_string()) {
            bad("\"status\" is missing or not a string");
            return out;
        }
        if (*status != "ok") {
            ++out.skipped;
            continue;
        }
        auto p50 = c.find("p50_ms");
        if (p50 == c.end() || !p50->is_number() || !(p50->get<double>() > 0) || !std::isfinite(p50->get<double>())) {
            bad("an ok candidate needs a positive \"p50_ms\"");
            return out;
        }
        auto config = c.find("config");
        if (config == c.end() || !config->is_object() || !config->contains("kwargs") || !(*config)["kwargs"].is_object()) {
            bad("\"config\" must be an object with \"kwargs\"");
            return out;
        }
        CalibrationSample s;
        for (const auto& [key, value] : (*config)["kwargs"].items()) {
            if (value.is_boolean())
                s.config.kwargs.emplace_back(key, space::ParamValue::boolean(value.get<bool>()));
            else if (value.is_number_integer())
                s.config.kwargs.emplace_back(key, space::ParamValue::integer(value.get<std::int64_t>()));
            else {
                bad("kwarg '" + key + "' is " + value.dump() + "; calibration takes integer and boolean values");
                return out;
            }
        }
        if (auto w = config->find("num_warps"); w != config->end() && w->is_number_integer())
            s.config.numWarps = w->get<int>();
        if (auto st = config->find("num_stages"); st != config->end() && st->is_number_integer())
            s.config.numStages = st->get<int>();
        s.workload = workload;
        s.measuredMs = p50->get<double>();
        s.group = group;
        s.method = method;
        s.origin = file.filename().string() + ": candidate " + std::to_string(i);
        s.file = file.filename().string();
        out.samples.push_back(std::move(s));
    }
    return out;
}

} // namespace

SampleSet readRunnerMeasurements(const std::vector<fs::path>& files)
{
    SampleSet set;
    std::map<std::string, std::string> groupFile;  // group -> the file that named it
    for (const fs::path& file : files) {
        FileRead read = readOne(file);
        if (!read.error.empty()) {
            set.error = read.error;
            return set;
        }
        if (!read.samples.empty()) {
            const std::string& group = read.samples.front().group;
            auto [it, added] = groupFile.emplace(group, file.string());
            if (!added) {
                // Two files of the same kernel name: one kernel only when they measure one launch.
                const CalibrationSample* first = nullptr;
                for (const CalibrationSample& s : set.samples)
                    if (s.group == group) {
                        first = &s;
                        break;
                    }
                if (first && fs::weakly_canonical(first->workload->path) != fs::weakly_canonical(read.samples.front().workload->path)) {
                    set.error = file.string() + ": its kernel name '" + group + "' is also that of " + it->second +
                                ", which measures another workload; rename one file";
                    return set;
                }
            }
        }
        set.skipped += read.skipped;
        for (CalibrationSample& s : read.samples)
            set.samples.push_back(std::move(s));
        set.files.push_back(file);
    }
    return set;
}

} // namespace ts::calibrate
