#include "core/calibrate/calibration_report.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ts::calibrate {
namespace {

using json = nlohmann::ordered_json;

// Characters on the terminal: UTF-8 continuation bytes take no column.
std::size_t displayWidth(const std::string& text)
{
    std::size_t width = 0;
    for (const char c : text)
        width += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return width;
}

std::string num(double v, const char* format = "%.3g")
{
    if (std::isnan(v))
        return "-";
    char buf[48];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

json metric(double v) { return std::isnan(v) ? json(nullptr) : json(v); }

json orNull(const std::string& text)
{
    return text.empty() ? json(nullptr) : json(text);
}

std::string row(const std::string& what, const SplitMetrics& m)
{
    char buf[200];
    std::snprintf(buf, sizeof buf, "  %-18s %7zu %8zu %9s %10s %9s %8s\n", what.c_str(), m.kernels, m.samples,
                  num(m.rmsLog).c_str(), num(m.geomeanRatio).c_str(), num(m.spearman, "%.2f").c_str(),
                  num(m.top1Regret, "%.3f").c_str());
    return buf;
}

std::string joined(const std::vector<std::string>& names)
{
    std::string out;
    for (const std::string& n : names)
        out += (out.empty() ? "" : ", ") + n;
    return out.empty() ? "none" : out;
}

} // namespace

std::string formatCalibration(const CalibrationResult& r, const CalibrationInputs& in)
{
    std::string out;
    out += "Calibrated " + in.device + " to " + std::to_string(r.samplesUsed) + " measured candidates (" +
           std::to_string(in.measured) + " ok, " + std::to_string(in.skipped) + " not ok) from " +
           std::to_string(in.files.size()) + " source" + (in.files.size() == 1 ? "" : "s") + "\n";
    for (const std::string& source : in.sources)
        out += "  source:     " + source + "\n";
    out += "  fitted to:  " + joined(r.trainKernels) + "\n";
    out += "  held out:   " + joined(r.heldOutKernels) + "\n";
    for (const std::string& note : r.notes)
        out += "  note: " + note + "\n";
    out += "\nFigures (" + std::to_string(r.iterations) + " iterations; mean squared log error on the fitted kernels " +
           num(r.costBefore) + " -> " + num(r.costAfter) + (r.stopped ? "; stopped" : "") + ")\n";
    char buf[300];
    std::snprintf(buf, sizeof buf, "  %-34s %12s %12s %8s  %s\n", "figure", "before", "after", "x", "");
    out += buf;
    for (const FittedFigure& f : r.fitted) {
        std::snprintf(buf, sizeof buf, "  %-34s %12s %12s %8s  %s%s%s\n", f.name.c_str(), num(f.before, "%.5g").c_str(),
                      num(f.after, "%.5g").c_str(), num(f.after / f.before, "%.3f").c_str(), f.unit.c_str(),
                      f.markBefore.empty() ? " (was the simulator's fallback)" : "",
                      f.atBound ? " [at its bound]" : (f.changed ? "" : " [unchanged]"));
        out += buf;
    }
    for (const HeldFigure& h : r.held)
        out += "  held: " + h.name + ": " + h.why + "\n";
    out += "\nAgreement (log ratio = log(simulated / measured); regret = measured time of the simulator's pick / "
           "measured best)\n";
    std::snprintf(buf, sizeof buf, "  %-18s %7s %8s %9s %10s %9s %8s\n", "", "kernels", "samples", "rms log",
                  "geo ratio", "spearman", "regret");
    out += buf;
    out += row("fitted, before", r.before.train);
    out += row("fitted, after", r.after.train);
    out += row("held out, before", r.before.heldOut);
    out += row("held out, after", r.after.heldOut);
    out += "\nPer kernel (rms log and spearman, before -> after)\n";
    // The name column as wide as the longest name, so that a long one does not push its row's
    // figures out of line with the others.
    std::size_t nameWidth = 22;
    for (const KernelReport& k : r.kernels)
        nameWidth = std::max(nameWidth, displayWidth(k.name));
    for (const KernelReport& k : r.kernels) {
        out += "  " + k.name + std::string(nameWidth - displayWidth(k.name), ' ') + " ";
        std::snprintf(buf, sizeof buf, "%-9s %6s -> %-6s  %5s -> %-5s  regret %s -> %s\n",
                      k.heldOut ? "held out" : "fitted", num(k.before.rmsLog).c_str(),
                      num(k.after.rmsLog).c_str(), num(k.before.spearman, "%.2f").c_str(),
                      num(k.after.spearman, "%.2f").c_str(), num(k.before.top1Regret, "%.3f").c_str(),
                      num(k.after.top1Regret, "%.3f").c_str());
        out += buf;
    }
    if (!in.output.empty())
        out += "\nWrote " + in.output + ": use it with --device-file " + in.output + "\n";
    return out;
}

// nlohmann's serializers of the report's parts (found by argument-dependent lookup), so that the
// report itself is one table of its keys in the order it is written.
static void to_json(json& j, const SplitMetrics& m)
{
    j = {{"kernels", m.kernels},           {"samples", m.samples},
         {"rms_log", metric(m.rmsLog)},    {"geomean_ratio", metric(m.geomeanRatio)},
         {"spearman", metric(m.spearman)}, {"top1_regret", metric(m.top1Regret)}};
}

static void to_json(json& j, const Agreement& a)
{
    j = {{"fitted", a.train}, {"held_out", a.heldOut}};
}

static void to_json(json& j, const FittedFigure& f)
{
    j = {{"name", f.name},     {"unit", f.unit},       {"mark_before", orNull(f.markBefore)},
         {"before", f.before}, {"after", f.after},     {"lower", f.lower},
         {"upper", f.upper},   {"changed", f.changed}, {"at_bound", f.atBound}};
}

static void to_json(json& j, const HeldFigure& h)
{
    j = {{"name", h.name}, {"why", h.why}};
}

static void to_json(json& j, const KernelReport& k)
{
    j = {{"name", k.name}, {"held_out", k.heldOut}, {"before", k.before}, {"after", k.after}};
}

nlohmann::ordered_json calibrationJson(const CalibrationResult& r, const CalibrationInputs& in)
{
    return {{"schema", kCalibrationSchema},
            {"device", in.device},
            {"files", in.files},
            {"sources", in.sources},
            {"measured", in.measured},
            {"skipped", in.skipped},
            {"samples_used", r.samplesUsed},
            {"fitted_kernels", r.trainKernels},
            {"held_out_kernels", r.heldOutKernels},
            {"iterations", r.iterations},
            {"stopped", r.stopped},
            {"cost_before", r.costBefore},
            {"cost_after", r.costAfter},
            {"figures", r.fitted},
            {"held", r.held},
            {"agreement", {{"before", r.before}, {"after", r.after}}},
            {"kernels", r.kernels},
            {"notes", r.notes},
            {"output", orNull(in.output)}};
}

} // namespace ts::calibrate
