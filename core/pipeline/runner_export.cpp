// exportRunner (workflow.h): the candidates of one launch, written as a runner script.

#include "core/cache/sha256.h"
#include "core/export/runner_script.h"
#include "core/pipeline/space_pipeline.h"
#include "core/pipeline/workflow.h"
#include "core/python/evaluator.h"
#include "core/python/parser.h"
#include "core/space/candidate_query.h"
#include "core/util/input_file.h"
#include "core/util/json_reader.h"
#include "core/util/message.h"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

namespace ts::pipeline {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

json argJson(const kernel::ArgValue& v)
{
    using Kind = kernel::ArgValue::Kind;
    switch (v.kind) {
    case Kind::Int: return v.intValue;
    case Kind::Float: return v.floatValue;
    case Kind::Bool: return v.boolValue;
    case Kind::Str: return v.text;
    case Kind::None: return nullptr;
    case Kind::Tensor: return {{"tensor", v.dtype}, {"shape", v.shape}};
    }
    return nullptr;
}

json workloadJson(const kernel::Workload& w, const analysis::KernelAnalysis& a)
{
    json args = json::object();
    for (const auto& [name, value] : w.args)
        args[name] = argJson(value);
    json out = {{"kernel", fs::path(w.kernelPath).filename().generic_string()},
                {"function", w.function.empty() && a.kernel ? a.kernel->name : w.function},
                {"args", args},
                {"device", w.device},
                {"backend", std::string(kernel::backendName(w.backend))},
                {"seed", w.seed.value_or(0)}};
    if (w.grid.kind == kernel::GridArg::Kind::Expression)
        out["grid"] = w.grid.expression;
    else if (w.grid.kind == kernel::GridArg::Kind::Static)
        out["grid"] = w.grid.dims;
    return out;
}

json paramJson(const space::ParamValue& v)
{
    if (v.isBool)
        return v.value != 0;
    return v.value;
}

exporter::RunnerCandidate fromRow(const space::CandidateSpace& s, std::size_t i)
{
    exporter::RunnerCandidate c;
    for (const auto& [name, value] : s.params(i))
        c.kwargs[name] = paramJson(value);
    c.numWarps = s.numWarps(i);
    c.numStages = s.numStages(i);
    return c;
}

std::optional<json> pyValueJson(const py::Value& v)
{
    if (v.isBool())
        return json(v.asBool());
    if (v.isInt())
        return json(v.asInt());
    if (v.isFloat())
        return json(v.asFloat());
    if (v.isStr())
        return json(v.asStr());
    return std::nullopt;
}

// triton.Config's num_warps and num_stages: small positive counts.
constexpr std::int64_t kMaxLaunchCount = 1 << 20;

// A config given as {"kwargs": {...}, "num_warps": 4, "num_stages": 2} (or inside a results
// file's "config").
std::optional<exporter::RunnerCandidate> candidateFromJson(const json& j, std::string* why)
{
    const json& config = j.contains("config") ? j["config"] : j;
    if (!config.is_object() || !config.contains("kwargs") || !config["kwargs"].is_object()) {
        *why = "expected an object with \"kwargs\" (and optionally \"num_warps\", \"num_stages\")";
        return std::nullopt;
    }
    exporter::RunnerCandidate c;
    for (const auto& [name, value] : config["kwargs"].items()) {
        if (!value.is_number_integer() && !value.is_boolean() && !value.is_string() && !value.is_number_float()) {
            *why = "\"kwargs\"." + name + " must be a number, a bool or a string, found " + util::describeJson(value);
            return std::nullopt;
        }
        if (value.is_number_integer() && !util::jsonInteger(value)) {
            *why = "\"kwargs\"." + name + ": " + util::describeJson(value) + " does not fit a 64-bit integer";
            return std::nullopt;
        }
        c.kwargs[name] = value;
    }
    for (const auto& [field, target] : {std::pair<const char*, int*>{"num_warps", &c.numWarps},
                                         std::pair<const char*, int*>{"num_stages", &c.numStages}}) {
        if (!config.contains(field))
            continue;
        const auto count = util::jsonInteger(config[field], 1, kMaxLaunchCount);
        if (!count) {
            *why = std::string("\"") + field + "\" must be a whole number from 1 to 2^20, found " +
                   util::describeJson(config[field]);
            return std::nullopt;
        }
        *target = int(*count);
    }
    return c;
}

struct FileCandidates {
    std::vector<exporter::RunnerCandidate> list;
    std::vector<std::string> notes;
    std::optional<std::string> error;
};

FileCandidates readJsonCandidates(const fs::path& path, const std::string& text)
{
    FileCandidates out;
    const util::JsonRead<json> read = util::readJson(text, path.string());
    if (!read.ok()) {
        out.error = read.error;
        return out;
    }
    const json& root = read.value;
    const json* items = &root;
    if (root.is_object() && root.contains("candidates"))
        items = &root["candidates"];
    if (!items->is_array()) {
        out.error = path.string() + ": expected a list of configs, or a runner results file with \"candidates\"";
        return out;
    }
    for (std::size_t i = 0; i < items->size(); ++i) {
        std::string why;
        if (auto c = candidateFromJson((*items)[i], &why))
            out.list.push_back(std::move(*c));
        else {
            out.error = path.string() + ": config " + std::to_string(i) + ": " + why;
            return out;
        }
    }
    return out;
}

// Every triton.Config(...) call in a Python file, in source order, evaluated without running
// the file (an exported config list, a kernel with handwritten configs, a tuning script).
FileCandidates readPythonCandidates(const fs::path& path)
{
    FileCandidates out;
    py::ParseResult parsed = py::parseFile(path.string());
    if (!parsed.ok()) {
        out.error = parsed.error->format();
        return out;
    }
    py::Evaluator evaluator(parsed.module.get());
    std::vector<const py::Node*> calls;
    for (const py::Node* node : py::walk(parsed.module->root())) {
        if (!node->is(py::Kind::Call))
            continue;
        const py::Node* f = node->child("func");
        const bool isConfig = f && ((f->is(py::Kind::Attribute) && f->str("attr") == "Config") || f->id() == "Config");
        if (isConfig)
            calls.push_back(node);
    }
    std::stable_sort(calls.begin(), calls.end(), [](const py::Node* a, const py::Node* b) {
        return a->line != b->line ? a->line < b->line : a->col < b->col;
    });
    for (const py::Node* call : calls) {
        const std::string where = path.string() + ":" + std::to_string(call->line) + ":" + std::to_string(call->col + 1);
        py::EvalResult value = evaluator.eval(call);
        if (!value.ok() || !value.value->isConfig()) {
            out.notes.push_back(value.error ? msg::text(msg::Id::RunnerLeftOut, {where, value.error->message})
                                            : msg::text(msg::Id::RunnerLeftOutNotConfig, {where}));
            continue;
        }
        const py::ConfigValue& config = value.value->config();
        exporter::RunnerCandidate c;
        bool usable = true;
        for (const auto* group : {&config.kwargs, &config.options})
            for (const auto& [name, v] : *group) {
                if (auto j = pyValueJson(v))
                    c.kwargs[name] = *j;
                else if (group == &config.kwargs) {
                    out.notes.push_back(msg::text(msg::Id::RunnerLeftOutNotPlain, {where, name, v.repr()}));
                    usable = false;
                }
            }
        for (const auto& [field, value, target] :
             {std::tuple<const char*, std::int64_t, int*>{"num_warps", config.numWarps.value_or(4), &c.numWarps},
              {"num_stages", config.numStages.value_or(3), &c.numStages}}) {  // triton.Config's defaults
            if (value < 1 || value > kMaxLaunchCount) {
                out.notes.push_back(msg::text(msg::Id::RunnerLeftOutNotCount, {where, field, value}));
                usable = false;
            }
            *target = int(std::clamp<std::int64_t>(value, 1, kMaxLaunchCount));
        }
        if (usable)
            out.list.push_back(std::move(c));
    }
    if (out.list.empty() && !out.error)
        out.error = path.string() + ": no triton.Config(...) found" +
                    (out.notes.empty() ? std::string() : " that could be read (" + out.notes.front() + ")");
    return out;
}

FileCandidates readCandidateFile(const fs::path& path)
{
    const util::InputText input = util::readInputFile(path);
    if (!input.ok()) {
        FileCandidates out;
        out.error = input.error;
        return out;
    }
    const std::string& text = input.text;
    const auto first = text.find_first_not_of(" \t\r\n");
    if (path.extension() == ".json" || (first != std::string::npos && (text[first] == '[' || text[first] == '{')))
        return readJsonCandidates(path, text);
    return readPythonCandidates(path);
}

std::string sourceName(RunnerCandidates c)
{
    switch (c) {
    case RunnerCandidates::Generated: return "generated";
    case RunnerCandidates::Handwritten: return "handwritten";
    case RunnerCandidates::Lattice: return "lattice";
    case RunnerCandidates::File: return "file";
    }
    return "generated";
}

} // namespace

RunnerExportResult exportRunner(const RunnerExportRequest& request, const RunControl& control)
{
    RunnerExportResult out;
    if (!request.analysis || !request.analysis->kernel) {
        out.error = "no analysed kernel";
        return out;
    }
    const analysis::KernelAnalysis& a = *request.analysis;
    std::vector<exporter::RunnerCandidate> candidates;
    std::string from = sourceName(request.candidates);

    if (request.candidates == RunnerCandidates::File) {
        FileCandidates read = readCandidateFile(request.candidatesFile);
        out.notes = read.notes;
        if (read.error) {
            out.error = *read.error;
            return out;
        }
        candidates = std::move(read.list);
        from = request.candidatesFile.filename().string();
    } else {
        SpaceRequest spaceRequest{request.analysis, request.device, {}};
        spaceRequest.options.lattice = request.candidates == RunnerCandidates::Lattice;
        const SpaceResult built = buildSpace(spaceRequest, control);
        if (built.stopped) {
            out.error = "stopped";
            return out;
        }
        if (!built.space) {
            out.error = built.problem.empty() ? std::string("the launch has no candidate space")
                                              : built.problem.english();
            return out;
        }
        const space::CandidateSpace& s = *built.space;
        for (std::size_t i = 0; i < s.size(); ++i) {
            const space::CandidateStatus status = s.status(i);
            const bool take = request.candidates == RunnerCandidates::Generated ? status == space::CandidateStatus::Generated
                              : request.candidates == RunnerCandidates::Handwritten
                                  ? status == space::CandidateStatus::User
                                  : status != space::CandidateStatus::Pruned;
            if (take)
                candidates.push_back(fromRow(s, i));
        }
        if (candidates.empty()) {
            if (s.error())
                out.error = "the backend generates nothing for this launch (" + *s.error() +
                            "); try --candidates lattice";
            else if (request.candidates == RunnerCandidates::Handwritten)
                out.error = "the kernel's autotune decorator gives no handwritten configs; try --candidates generated";
            else
                out.error = "no " + from + " candidate to run";
            return out;
        }
    }

    // The same config twice would be measured twice: keep the first.
    std::set<std::string> seen;
    std::vector<exporter::RunnerCandidate> unique;
    for (exporter::RunnerCandidate& c : candidates) {
        const std::string id = util::jsonText(c.kwargs) + "/" + std::to_string(c.numWarps) + "/" + std::to_string(c.numStages);
        if (seen.insert(id).second)
            unique.push_back(std::move(c));
    }
    if (unique.size() < candidates.size())
        out.notes.push_back(msg::text(msg::Id::RunnerRepeatedLeftOut, {candidates.size() - unique.size()}));
    out.availableCount = unique.size();
    if (request.limit && *request.limit < unique.size()) {
        std::vector<exporter::RunnerCandidate> kept;
        for (std::size_t i : space::spreadEvenly(unique.size(), *request.limit))
            kept.push_back(unique[i]);
        out.notes.push_back(msg::text(msg::Id::RunnerKeptSpread, {msg::count(std::int64_t(kept.size())),
                                                                  msg::count(std::int64_t(unique.size()))}));
        unique = std::move(kept);
    }

    const util::InputText kernelBytes = util::readInputFile(a.workload.kernelPath, util::kMaxSmallInputBytes);
    if (!kernelBytes.ok()) {
        out.error = kernelBytes.error;
        return out;
    }

    exporter::RunnerScriptInput input;
    input.workload = workloadJson(a.workload, a);
    input.workloadFile = a.workload.path;
    input.kernelPath = a.workload.kernelPath;
    input.kernelSha256 = cache::sha256Hex(kernelBytes.text);
    input.scriptPath = request.scriptPath.empty() ? fs::path("run.py") : request.scriptPath;
    input.backend = std::string(kernel::backendName(a.workload.backend));
    input.candidatesFrom = from;
    input.candidates = std::move(unique);
    input.timeBudgetSeconds = request.timeBudgetSeconds;
    input.timeoutSeconds = request.timeoutSeconds;
    out.candidateCount = input.candidates.size();
    out.defaultOutput = exporter::runnerDefaultOutput(input);
    out.text = exporter::runnerScript(input);
    return out;
}

} // namespace ts::pipeline
