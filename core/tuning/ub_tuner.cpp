#include "core/tuning/ub_tuner.h"

#include "core/npu/kernel_ir.h"
#include "core/python/value.h"
#include "core/util/message.h"

#include <algorithm>
#include <cctype>

namespace ts::tuning {

namespace {

// ubtuner.py's option table: name, NPU option, kind. The order is the search's starting order.
enum class OptionKind : std::uint8_t { Bool, String };
struct OptionInfo {
    const char* name;
    const char* npuOption;
    OptionKind kind;
};
constexpr OptionInfo kOptions[] = {
    {"enable_storage_align", "storage_align", OptionKind::Bool},
    {"auto_multi_buffer", "multibuffer", OptionKind::Bool},
    {"vf_fusion_mode", "vf_fusion_mode", OptionKind::String},
};
constexpr const char* kVfModes[] = {"ub-aware-op", "max-parallel"};

// The fixed cost / benefit table of 'compile' mode (UB_OPTION_COST_BENEFIT).
struct TableEntry {
    const char* key;
    std::int64_t cost;
    double benefit;
};
constexpr TableEntry kCostBenefit[] = {
    {"enable_storage_align", 4, 1.2},          {"auto_multi_buffer", 8, 1.5},
    {"vf_fusion_mode#ub-aware-op", 2, 1.0},    {"vf_fusion_mode#max-parallel", 3, 2.0},
};

constexpr double kFailedBenefit = -1e100;

// One option value to rate and try: its key, the option, and the value (Python text for bools,
// the bare string for vf_fusion_mode).
struct Item {
    std::string key;
    const OptionInfo* option;
    std::string value;
};

std::vector<Item> optionItems()
{
    std::vector<Item> items;
    for (const OptionInfo& option : kOptions) {
        if (option.kind == OptionKind::Bool) {
            items.push_back({option.name, &option, "True"});  // the opposite of the default False
        } else {
            for (const char* mode : kVfModes)
                items.push_back({std::string(option.name) + "#" + mode, &option, mode});
        }
    }
    return items;
}

void setOption(UbCompileOptions& options, const OptionInfo& option, const std::string& value)
{
    const std::string name = option.name;
    if (name == "enable_storage_align")
        options.storageAlign = value == "True";
    else if (name == "auto_multi_buffer")
        options.multibuffer = value == "True";
    else
        options.vfFusionMode = value;
}

std::string lowered(std::string_view text)
{
    std::string out(text);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// Python's repr() of an option value: bools as True/False, strings quoted.
std::string valueRepr(const OptionInfo& option, const std::string& value)
{
    return option.kind == OptionKind::Bool ? value : py::stringRepr(value);
}

std::string dictRepr(const std::vector<std::pair<std::string, std::string>>& entries)
{
    std::string out = "{";
    for (std::size_t i = 0; i < entries.size(); ++i)
        out += (i ? ", " : "") + py::stringRepr(entries[i].first) + ": " + entries[i].second;
    return out + "}";
}

// The UB bytes the two options outside the trace compiler add at the peak (negative: saved).
std::int64_t ubOptionDelta(const npu::Footprint& footprint, const UbCompileOptions& options, bool vfFusionApplies)
{
    std::int64_t delta = 0;
    if (options.storageAlign == false) {
        for (const npu::LiveTile& tile : footprint.ubPeakTiles) {
            if (tile.shape.size() < 2)
                continue;
            std::int64_t elements = 1;
            for (std::int64_t d : tile.shape)
                elements *= d;
            const std::int64_t packed = elements * npu::dtBytes(tile.dtype) * (tile.doubled ? 2 : 1);
            delta -= std::max<std::int64_t>(0, tile.bytes - packed);
        }
    }
    if (vfFusionApplies && options.vfFusionMode == "max-parallel") {
        std::int64_t largest = 0;
        for (const npu::LiveTile& tile : footprint.ubPeakTiles)
            if (!tile.doubled)
                largest = std::max(largest, tile.bytes);
        delta += largest;
    }
    return delta;
}

// `base` with every option that `top` sets replaced (how a UB config overrides the metadata).
UbCompileOptions overlay(UbCompileOptions base, const UbCompileOptions& top)
{
    if (top.storageAlign)
        base.storageAlign = top.storageAlign;
    if (top.multibuffer)
        base.multibuffer = top.multibuffer;
    if (top.vfFusionMode)
        base.vfFusionMode = top.vfFusionMode;
    return base;
}

std::string optionsText(const UbCompileOptions& options)
{
    std::string out;
    for (const auto& [name, value] : ubOptionKwargs(options))
        out += (out.empty() ? "" : ", ") + name + "=" + value;
    return out;
}

} // namespace

std::string_view ubTunerModeName(UbTunerMode mode)
{
    switch (mode) {
    case UbTunerMode::Off: return "off";
    case UbTunerMode::Compile: return "compile";
    case UbTunerMode::Run: return "run";
    }
    return "";
}

std::optional<UbTunerMode> parseUbTunerMode(std::string_view name)
{
    for (UbTunerMode mode : {UbTunerMode::Off, UbTunerMode::Compile, UbTunerMode::Run})
        if (ubTunerModeName(mode) == name)
            return mode;
    return std::nullopt;
}

UbTunerMode ubTunerModeFrom(std::optional<std::string_view> environmentValue, bool underUbtunerDecorator)
{
    const std::string value = environmentValue ? lowered(*environmentValue) : std::string();
    if (value == "compile")
        return UbTunerMode::Compile;
    if (value == "run")
        return UbTunerMode::Run;
    return underUbtunerDecorator ? UbTunerMode::Run : UbTunerMode::Off;
}

std::vector<std::pair<std::string, std::string>> ubOptionKwargs(const UbCompileOptions& options)
{
    std::vector<std::pair<std::string, std::string>> out;
    if (options.storageAlign)
        out.emplace_back("storage_align", *options.storageAlign ? "True" : "False");
    if (options.multibuffer)
        out.emplace_back("multibuffer", *options.multibuffer ? "True" : "False");
    if (options.vfFusionMode)
        out.emplace_back("vf_fusion_mode", py::stringRepr(*options.vfFusionMode));
    return out;
}

npu::CompiledKernel compileWithUbOptions(const npu::KernelTrace& trace, const npu::DeviceModel& device,
                                         npu::CandidateValues values, const UbCompileOptions& options,
                                         bool vfFusionApplies)
{
    if (options.multibuffer)
        values.multibuffer = *options.multibuffer;
    values.multibufferFallback = false;  // the tuner's trials see the overflow the option causes
    npu::CompiledKernel kernel = npu::compileCandidate(trace, device, values);
    // Only a complete kernel (one that fits, or overflows the UB at the end) can be re-judged.
    if (!kernel.ok() && kernel.failure != npu::CompileFailure::UbOverflow)
        return kernel;
    npu::Footprint& fp = kernel.footprint;
    const std::int64_t delta = ubOptionDelta(fp, options, vfFusionApplies);
    if (delta == 0)
        return kernel;
    fp.ubPeakBytes += delta;
    if (fp.ubPeakBytes > fp.ubCapacityBytes) {
        kernel.failure = npu::CompileFailure::UbOverflow;
        kernel.failureLine = fp.ubPeakLine;
        kernel.message =
            msg::text(msg::Id::UbOverflowWithOptions, {fp.ubPeakBytes / 1024, fp.ubPeakLine,
                                                       optionsText(options), fp.ubCapacityBytes / 1024});
    } else if (kernel.failure == npu::CompileFailure::UbOverflow) {
        kernel.failure = npu::CompileFailure::None;
        kernel.message.clear();
        kernel.failureLine = 0;
        if (fp.l1PeakBytes > fp.l1CapacityBytes) {
            kernel.failure = npu::CompileFailure::L1Overflow;
            kernel.message =
                msg::text(msg::Id::L1Overflow, {fp.l1PeakBytes / 1024, fp.l1CapacityBytes / 1024});
        }
    }
    return kernel;
}

bool isUbOverflowError(std::string_view message) { return lowered(message).find("ub overflow") != std::string::npos; }

UbTuneResult runUbTuner(const UbTuneRequest& request)
{
    UbTuneResult result;
    result.mode = request.mode;
    result.modeDefaulted = request.modeDefaulted;
    result.trigger = request.trigger;
    result.compileOpts = request.compileOpts;
    result.start.storageAlign = false;
    result.start.multibuffer = false;
    result.start.vfFusionMode = std::string(kVfModes[0]);

    auto compile = [&](const UbCompileOptions& options) {
        npu::CompiledKernel kernel =
            compileWithUbOptions(*request.trace, *request.device, request.values, options, request.vfFusionApplies);
        result.compileSeconds += kernel.compileSeconds;
        return kernel;
    };

    const npu::CompiledKernel start = compile(result.start);
    result.startOk = start.ok();
    if (!start.ok()) {
        result.startError = start.message;
        return result;
    }

    // Rate every option value.
    const std::vector<Item> items = optionItems();
    std::vector<UbOptionRating> ratings;
    for (const Item& item : items) {
        UbOptionRating rating;
        rating.key = item.key;
        rating.cost = 0;
        rating.benefit = kFailedBenefit;
        if (request.mode == UbTunerMode::Run) {
            UbCompileOptions one = result.start;
            setOption(one, *item.option, item.value);
            const npu::CompiledKernel kernel = compile(one);
            npu::BenchOptions bench = request.bench;
            bench.method = npu::BenchMethod::Npu;
            const npu::BenchResult timed = kernel.ok() ? npu::benchmark(kernel, *request.device, bench) : npu::BenchResult{};
            if (kernel.ok() && timed.ok) {
                rating.cost = kernel.footprint.ubPeakBytes * 8;
                rating.benefit = -timed.meanMs * 1000;
                result.benchSeconds += timed.benchSeconds;
            } else {
                rating.error = kernel.ok() ? timed.sim.error.english() : kernel.message;
            }
        } else {
            for (const TableEntry& entry : kCostBenefit)
                if (item.key == entry.key) {
                    rating.cost = entry.cost;
                    rating.benefit = entry.benefit;
                }
        }
        rating.ratio = rating.benefit / double(std::max<std::int64_t>(rating.cost, 1));
        if (request.mode == UbTunerMode::Run)
            result.measured.push_back(rating);
        ratings.push_back(rating);
    }
    std::vector<std::size_t> order(items.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return ratings[a].ratio > ratings[b].ratio; });
    for (std::size_t i : order)
        result.order.push_back(ratings[i]);

    // Greedy: the values kept so far plus the one tried.
    UbCompileOptions kept;
    auto keep = [&](const OptionInfo& option, const std::string& value) {
        setOption(kept, option, value);
        const std::string repr = valueRepr(option, value);
        for (auto& [name, text] : result.greedyConfig)
            if (name == option.name) {
                text = repr;
                return;
            }
        result.greedyConfig.emplace_back(option.name, repr);
    };
    for (std::size_t i : order) {
        const Item& item = items[i];
        if (item.option->kind == OptionKind::String && kept.vfFusionMode)
            continue;
        UbCompileOptions trial = overlay(result.start, kept);
        setOption(trial, *item.option, item.value);
        const npu::CompiledKernel kernel = compile(trial);
        UbTrial t{item.option->name, valueRepr(*item.option, item.value), kernel.ok(), kernel.message,
                  kernel.footprint.ubPeakBytes};
        result.trials.push_back(t);
        if (kernel.ok())
            keep(*item.option, item.value);
        else if (item.option->kind == OptionKind::Bool)
            keep(*item.option, "False");
    }

    // The kept values together, from the start.
    const npu::CompiledKernel together = compile(overlay(result.start, kept));
    result.finalOk = together.ok();
    if (together.ok())
        result.chosen = kept;
    else
        result.finalError = together.message;
    return result;
}

std::vector<std::string> ubTunerLog(const UbTuneResult& r)
{
    const std::string prefix = "[UBTuner] ";
    std::vector<std::string> lines;
    lines.push_back(prefix + "compile_opts " + r.compileOpts);
    if (r.modeDefaulted)
        lines.push_back(prefix + "Unknown mode: none, using 'run' as default");
    lines.push_back(prefix + "Using cost mode: " + std::string(ubTunerModeName(r.mode)));
    if (!r.startOk) {
        lines.push_back("[WARN] encounter exception when try ubtune, Details: " + r.startError);
        return lines;
    }
    if (r.mode == UbTunerMode::Run) {
        lines.push_back(prefix + "Running in run-mode, measuring execution time...");
        for (const UbOptionRating& m : r.measured) {
            lines.push_back(prefix + "======== " + m.key + " ========");
            if (m.benefit == kFailedBenefit)
                lines.push_back(prefix + "Run-mode " + m.key + " failed: " + m.error);
        }
    }
    lines.push_back(prefix + "Running greedy optimization...");
    lines.push_back(prefix + "Greedy strategy - sorted options by benefit/cost:");
    for (const UbOptionRating& o : r.order)
        lines.push_back("  " + o.key + ": cost=" + std::to_string(o.cost) + ", benefit=" + py::floatRepr(o.benefit) +
                        ", ratio=" + py::floatRepr(o.ratio));
    for (const UbTrial& t : r.trials) {
        const std::string shown = t.value.size() >= 2 && t.value.front() == '\'' ? t.value.substr(1, t.value.size() - 2)
                                                                                  : t.value;
        lines.push_back(prefix + "Greedy: trying config with " + t.option + "=" + shown);
        if (t.ok)
            lines.push_back(prefix + "Greedy: " + t.option + "=" + shown + " succeeded, keeping it");
        else
            lines.push_back(prefix + "Greedy: " + t.option + "=" + shown + " failed: " +
                            (t.error.empty() ? std::string("Unknown") : t.error.substr(0, 100)) + "..., skipping");
    }
    lines.push_back("\033[1;32m" + prefix + "Greedy optimized config: " + dictRepr(r.greedyConfig) + "\033[0m");
    if (r.finalOk)
        lines.push_back(prefix + "Greedy config works!");
    else
        lines.push_back(prefix + "Greedy config failed: " +
                        (r.finalError.empty() ? std::string("Unknown error") : r.finalError.substr(0, 200)) + "...");
    lines.push_back("ub_cfg " + dictRepr(r.ubtuneCfg()));
    return lines;
}

} // namespace ts::tuning
