// TRITON_PRINT_AUTOTUNING=1 output as measurements (measurement_import.h lists the lines read).

#include "core/measure/measurement_import.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace ts::measure {
namespace {

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

// "0.0123 ms" at the start of `s`; advances past it.
bool readMs(std::string_view& s, double* out)
{
    const std::string text(s.substr(0, s.find(' ')));
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v) || v <= 0)
        return false;  // a time is a positive number of milliseconds
    s.remove_prefix(text.size());
    if (s.rfind(" ms", 0) != 0)
        return false;
    s.remove_prefix(3);
    *out = v;
    return true;
}

// "p50 A ms, p20 B ms, p80 C ms" (TileScope's 2026-04 line).
bool readQuantiles(std::string_view s, ParsedEntry* entry)
{
    double v[3];
    const char* const names[] = {"p50 ", ", p20 ", ", p80 "};
    for (int i = 0; i < 3; ++i) {
        if (s.rfind(names[i], 0) != 0)
            return false;
        s.remove_prefix(std::string_view(names[i]).size());
        if (!readMs(s, &v[i]))
            return false;
    }
    entry->p50Ms = v[0];
    entry->p20Ms = v[1];
    entry->p80Ms = v[2];
    return true;
}

} // namespace

std::optional<space::TritonConfig> parseConfigString(std::string_view text, std::string* error)
{
    space::TritonConfig config;
    bool sawWarps = false;
    text = trim(text);
    while (!text.empty()) {
        const std::size_t comma = text.find(", ");
        const std::string_view item = text.substr(0, comma);
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 2);
        const std::size_t colon = item.find(": ");
        if (colon == std::string_view::npos) {
            *error = "'" + std::string(item) + "' is not 'name: value'";
            return std::nullopt;
        }
        const std::string name(trim(item.substr(0, colon)));
        const std::string value(trim(item.substr(colon + 2)));
        if (name == "num_ctas" || name == "maxnreg" || name == "ir_override")
            continue;
        std::optional<space::ParamValue> parsed;
        if (value == "True" || value == "False") {
            parsed = space::ParamValue::boolean(value == "True");
        } else {
            std::int64_t v = 0;
            const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
            if (!value.empty() && ec == std::errc() && end == value.data() + value.size())  // 2^63 is out of range
                parsed = space::ParamValue::integer(v);
        }
        if (!parsed) {
            *error = "the value of " + name + " (" + value + ") is not an int or bool";
            return std::nullopt;
        }
        const bool count = name == "num_warps" || name == "num_stages";
        if (count && (parsed->isBool || parsed->value < 0 || parsed->value > (1 << 20))) {
            *error = "the value of " + name + " (" + value + ") is not a whole number from 0 to 2^20";
            return std::nullopt;
        }
        if (name == "num_warps") {
            config.numWarps = int(parsed->value);
            sawWarps = true;
        } else if (name == "num_stages") {
            config.numStages = int(parsed->value);
        } else if (sawWarps) {
            *error = "keyword " + name + " after num_warps";
            return std::nullopt;
        } else {
            config.kwargs.emplace_back(name, *parsed);
        }
    }
    if (!sawWarps) {
        *error = "no num_warps: not str(triton.Config)";
        return std::nullopt;
    }
    return config;
}

ParseOutcome parseAutotuningLog(std::string_view text, const std::string& path)
{
    ParsedFile file;
    file.path = path;
    file.format = SourceFormat::AutotuningLog;
    file.benchMethod = "autotuner";
    std::size_t recognised = 0;
    // Upstream Triton's closing message spans four lines; this is the one under way.
    std::optional<ParsedEntry> pending;

    auto addConfig = [&](ParsedEntry entry, std::string_view configText) {
        std::string problem;
        if (auto config = parseConfigString(configText, &problem)) {
            entry.config = std::move(*config);
            file.entries.push_back(std::move(entry));
        } else {
            file.skipped.push_back({entry.line, "config not read: " + problem});
        }
    };

    int lineNo = 0;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view line = trim(text.substr(pos, end - pos));
        pos = end + 1;
        ++lineNo;
        if (line.empty())
            continue;

        constexpr std::string_view kConfig = "Triton autotuning: config ";
        constexpr std::string_view kDebug = "Triton autotuning compile debug: [";
        constexpr std::string_view kFunction = "Triton autotuning for function ";
        constexpr std::string_view kBest = "best config selected: ";
        constexpr std::string_view kFailed = ": compile_failed; reason=";
        if (const std::size_t at = line.find(kConfig); at != std::string_view::npos) {
            const std::string_view rest = line.substr(at + kConfig.size());
            ParsedEntry entry;
            entry.line = lineNo;
            if (const std::size_t t = rest.rfind(": p50 "); t != std::string_view::npos) {
                ++recognised;
                if (!readQuantiles(rest.substr(t + 2), &entry)) {
                    file.skipped.push_back({lineNo, "timings not read (expected p50 A ms, p20 B ms, p80 C ms)"});
                    continue;
                }
                addConfig(std::move(entry), rest.substr(0, t));
            } else if (const std::size_t f = rest.rfind(kFailed); f != std::string_view::npos) {
                ++recognised;
                entry.status = MeasureStatus::CompileFailed;
                entry.error = std::string(rest.substr(f + kFailed.size()));
                addConfig(std::move(entry), rest.substr(0, f));
            }
        } else if (const std::size_t at = line.find(kDebug); at != std::string_view::npos) {
            // 2026-08's time-limit prune: "[valid] config=C, rough_time=T ms" (also for pruned ones).
            const std::string_view rest = line.substr(at + kDebug.size());
            const std::size_t cfg = rest.find("] config=");
            const std::size_t rough = rest.rfind(", rough_time=");
            if (cfg == std::string_view::npos || rough == std::string_view::npos || rough < cfg)
                continue;
            ++recognised;
            ParsedEntry entry;
            entry.line = lineNo;
            entry.benchMethod = "time_limit_rough";
            std::string_view t = rest.substr(rough + 13);
            if (t.size() > 2 && t.substr(t.size() - 2) == "ms")
                t.remove_suffix(2);
            char* endp = nullptr;
            const std::string number(trim(t));
            const double v = std::strtod(number.c_str(), &endp);
            if (number.empty() || endp != number.c_str() + number.size() || !std::isfinite(v) || v <= 0) {
                file.skipped.push_back({lineNo, "rough_time not read"});
                continue;
            }
            entry.p50Ms = v;
            addConfig(std::move(entry), rest.substr(cfg + 9, rough - cfg - 9));
        } else if (const std::size_t at = line.find(kFunction); at != std::string_view::npos) {
            ++recognised;
            if (pending)
                file.skipped.push_back({pending->line, "the closing message ends before \"best config selected\""});
            pending.reset();
            const std::string_view rest = line.substr(at + kFunction.size());
            ParsedEntry entry;
            entry.line = lineNo;
            entry.status = MeasureStatus::Selected;
            const std::size_t finished = rest.find(" finished after ");
            std::string_view function = finished != std::string_view::npos ? rest.substr(0, finished) : rest;
            if (finished == std::string_view::npos && !function.empty() && function.back() == ',')
                function.remove_suffix(1);
            entry.function = std::string(function);
            if (file.kernelName.empty()) {
                file.kernelName = entry.function;
                file.kernelNameLine = lineNo;
            }
            if (finished != std::string_view::npos) {
                // Triton-Ascend: one line.
                const std::size_t best = rest.find(kBest);
                if (best == std::string_view::npos) {
                    file.skipped.push_back({lineNo, "no \"best config selected\" on the line"});
                    continue;
                }
                std::string_view cfg = rest.substr(best + kBest.size());
                if (!cfg.empty() && cfg.back() == ';')
                    cfg.remove_suffix(1);
                addConfig(std::move(entry), cfg);
            } else {
                // Upstream Triton: "with key as", "finished after" and "best config selected" follow.
                pending = std::move(entry);
            }
        } else if (pending && line.rfind("with key as ", 0) == 0) {
            std::string_view key = line.substr(12);
            if (!key.empty() && key.back() == ',')
                key.remove_suffix(1);
            pending->keyText = std::string(key);
        } else if (pending && line.rfind(kBest, 0) == 0) {
            std::string_view cfg = line.substr(kBest.size());
            if (!cfg.empty() && cfg.back() == ';')
                cfg.remove_suffix(1);
            addConfig(std::move(*pending), cfg);
            pending.reset();
        }
    }
    ParseOutcome out;
    if (recognised == 0) {
        out.error = path + ":1: no autotuning line found (expected TRITON_PRINT_AUTOTUNING=1 output: "
                           "\"Triton autotuning: config ...\" or \"... best config selected: ...\")";
        return out;
    }
    if (pending)
        file.skipped.push_back({pending->line, "the closing message ends before \"best config selected\""});
    out.file = std::move(file);
    return out;
}

} // namespace ts::measure
