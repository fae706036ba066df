#include "core/export/config_list.h"

#include "core/export/python_literal.h"
#include "core/util/escape.h"
#include "core/util/format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <set>

namespace ts::exporter {

namespace {

constexpr const char* kIndent1 = "    ";
constexpr const char* kIndent2 = "        ";
constexpr const char* kIndent3 = "            ";
constexpr const char* kIndent4 = "                ";

std::string launchOptions(const HandwrittenConfig& c)
{
    std::string out;
    if (c.numWarps)
        out += ", num_warps=" + std::to_string(*c.numWarps);
    if (c.numStages)
        out += ", num_stages=" + std::to_string(*c.numStages);
    return out;
}

// Re-indents a multi-line argument: lines after the first keep their shape relative to each
// other and are placed under the argument's own indentation.
std::string reindentArgument(const std::string& text)
{
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = text.find('\n', start);
        lines.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (end == std::string::npos)
            break;
        start = end + 1;
    }
    while (lines.size() > 1 && lines.back().find_first_not_of(" \t\r") == std::string::npos)
        lines.pop_back();
    std::size_t common = std::numeric_limits<std::size_t>::max();
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const std::size_t first = lines[i].find_first_not_of(' ');
        if (first != std::string::npos)
            common = std::min(common, first);
    }
    std::string out = lines[0];
    for (std::size_t i = 1; i < lines.size(); ++i) {
        out += "\n";
        if (lines[i].find_first_not_of(" \t\r") == std::string::npos)
            continue;
        out += kIndent1 + lines[i].substr(std::min(common, lines[i].size()));
    }
    return out;
}

} // namespace

ConfigListResult writeAutotuneDecorator(const std::vector<HandwrittenConfig>& configs, const ConfigListOptions& options)
{
    ConfigListResult result;
    auto fail = [&](std::string message) {
        result.text.clear();
        result.error = std::move(message);
        return result;
    };

    // Every line lists the parameters in the same order: the order they first appear.
    std::vector<std::string> order;
    std::set<std::string> seen;
    for (std::size_t i = 0; i < configs.size(); ++i) {
        std::set<std::string> inThis;
        for (const auto& [name, value] : configs[i].kwargs) {
            if (name.empty())
                return fail("config " + std::to_string(i + 1) + " has a parameter without a name");
            if (!inThis.insert(name).second)
                return fail("config " + std::to_string(i + 1) + " gives " + name + " twice");
            if (!isPythonLiteral(value))
                return fail("config " + std::to_string(i + 1) + ": the value of " + name + " (" + value +
                            ") is not a Python literal");
            if (seen.insert(name).second)
                order.push_back(name);
        }
    }
    for (const auto& name : options.key.names)
        if (!isPythonIdentifier(name))
            return fail("key entry '" + name + "' is not an argument name");
    for (const auto& [axis, arg] : options.key.axes)
        if (axis.empty() || !isPythonIdentifier(arg))
            return fail("key entry '" + axis + "': '" + arg + "' is not an argument name");
    for (const auto& [name, source] : options.keepArguments) {
        if (!isPythonIdentifier(name) || name == "configs" || name == "key")
            return fail("cannot keep the autotune argument '" + name + "'");
        if (source.find_first_not_of(" \t\r\n") == std::string::npos)
            return fail("the autotune argument '" + name + "' has no value");
    }

    std::string out;
    if (!options.backend.empty())
        out += "# Tuned by TileScope for Triton-Ascend backend " + util::oneLine(options.backend) + "\n";
    out += "@triton.autotune(\n";
    out += kIndent1;
    out += configs.empty() ? "configs=[],\n" : "configs=[\n";
    for (const HandwrittenConfig& c : configs) {
        auto valueOf = [&](const std::string& name) -> const std::string* {
            for (const auto& [n, v] : c.kwargs)
                if (n == name)
                    return &v;
            return nullptr;
        };
        std::vector<std::pair<std::string, std::string>> items;
        for (const auto& name : order)
            if (const std::string* v = valueOf(name))
                items.emplace_back(pythonQuoted(name), *v);

        std::string comment = options.p50Comments && c.p50Ms && std::isfinite(*c.p50Ms)
                                  ? "p50 " + formatKernelTime(*c.p50Ms)
                                  : "";
        if (options.rankComments && c.rank)
            comment = "rank " + formatInteger(std::int64_t(*c.rank)) + " of " +
                      formatInteger(std::int64_t(c.rankOf)) +
                      (comment.empty() ? std::string() : ", simulated " + comment);
        if (!c.note.empty())
            comment += (comment.empty() ? "" : "; ") + util::oneLine(c.note);  // device names from files

        std::string dict = "{";
        for (std::size_t i = 0; i < items.size(); ++i)
            dict += (i ? ", " : "") + items[i].first + ": " + items[i].second;
        dict += "}";
        const std::string line = std::string(kIndent2) + "triton.Config(" + dict + launchOptions(c) + "),";
        if (line.size() <= options.maxLineWidth || items.empty()) {
            out += line + (comment.empty() ? "" : "  # " + comment) + "\n";
            continue;
        }
        // Too long for one line: one parameter per line, as in the Triton tutorials.
        if (!comment.empty())
            out += std::string(kIndent2) + "# " + comment + "\n";
        out += std::string(kIndent2) + "triton.Config(\n";
        out += std::string(kIndent3) + "{\n";
        for (const auto& [name, value] : items)
            out += std::string(kIndent4) + name + ": " + value + ",\n";
        out += std::string(kIndent3) + "},\n";
        if (c.numWarps)
            out += std::string(kIndent3) + "num_warps=" + std::to_string(*c.numWarps) + ",\n";
        if (c.numStages)
            out += std::string(kIndent3) + "num_stages=" + std::to_string(*c.numStages) + ",\n";
        out += std::string(kIndent2) + "),\n";
    }
    if (!configs.empty())
        out += std::string(kIndent1) + "],\n";

    out += std::string(kIndent1) + "key=";
    if (!options.key.axes.empty()) {
        out += "{";
        for (std::size_t i = 0; i < options.key.axes.size(); ++i)
            out += (i ? ", " : "") + pythonQuoted(options.key.axes[i].first) + ": " +
                   pythonQuoted(options.key.axes[i].second);
        out += "},\n";
    } else {
        out += "[";
        for (std::size_t i = 0; i < options.key.names.size(); ++i)
            out += (i ? ", " : "") + pythonQuoted(options.key.names[i]);
        out += "],\n";
    }
    for (const auto& [name, source] : options.keepArguments) {
        std::string text = source;
        text.erase(0, text.find_first_not_of(" \t\r\n"));
        out += std::string(kIndent1) + name + "=" + reindentArgument(text) + ",\n";
    }
    out += ")\n";
    result.text = std::move(out);
    return result;
}

std::vector<std::size_t> rankedCandidates(const cache::TuningRecord& record)
{
    std::vector<std::size_t> picked;
    if (record.best())
        picked.push_back(*record.bestIndex);
    std::vector<std::size_t> measured;
    for (std::size_t i = 0; i < record.candidates.size(); ++i) {
        const auto& c = record.candidates[i];
        if (cache::isMeasured(c) && !(record.bestIndex && *record.bestIndex == i))
            measured.push_back(i);
    }
    std::stable_sort(measured.begin(), measured.end(), [&](std::size_t a, std::size_t b) {
        return *record.candidates[a].p50Ms < *record.candidates[b].p50Ms;
    });
    picked.insert(picked.end(), measured.begin(), measured.end());
    return picked;
}

std::vector<HandwrittenConfig> configsFromTuning(const cache::TuningRecord& record, std::size_t maxCount)
{
    std::vector<std::size_t> picked = rankedCandidates(record);
    const std::size_t rankOf = picked.size();
    if (picked.size() > maxCount)
        picked.resize(maxCount);

    std::vector<HandwrittenConfig> configs;
    for (std::size_t k = 0; k < picked.size(); ++k) {
        configs.push_back(handwrittenConfig(record.candidates[picked[k]]));
        configs.back().rank = k + 1;
        configs.back().rankOf = rankOf;
    }
    return configs;
}

HandwrittenConfig handwrittenConfig(const TextPairs& params, int numWarps, int numStages, std::optional<double> p50Ms)
{
    constexpr int kDefaultNumWarps = 4;   // triton.Config's defaults
    constexpr int kDefaultNumStages = 3;
    HandwrittenConfig h;
    h.kwargs = params;
    if (numWarps != kDefaultNumWarps)
        h.numWarps = numWarps;
    if (numStages != kDefaultNumStages)
        h.numStages = numStages;
    if (p50Ms && std::isfinite(*p50Ms))
        h.p50Ms = p50Ms;
    return h;
}

HandwrittenConfig handwrittenConfig(const cache::CandidateRecord& candidate)
{
    return handwrittenConfig(candidate.params, candidate.numWarps, candidate.numStages, candidate.p50Ms);
}

} // namespace ts::exporter
