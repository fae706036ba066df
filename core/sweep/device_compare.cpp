#include "core/sweep/device_compare.h"

#include "core/export/python_literal.h"
#include "core/kernel/workload.h"
#include "core/util/format.h"
#include "core/util/message.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace ts::sweep {
namespace {

std::string lossText(double percent)
{
    char text[32];
    std::snprintf(text, sizeof text, "%+.1f%%", percent);
    return text;
}

nlohmann::ordered_json configJson(const CoverConfig& c)
{
    return {
        {"params", exporter::typedParams(c.params)}, {"numWarps", c.numWarps}, {"numStages", c.numStages}};
}

nlohmann::ordered_json optionalNumber(const std::optional<double>& v)
{
    return v && std::isfinite(*v) ? nlohmann::ordered_json(*v) : nlohmann::ordered_json();
}

nlohmann::ordered_json optionalIndex(const std::optional<std::size_t>& v)
{
    return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json();
}

} // namespace

std::string deviceConfigText(const CoverConfig& c)
{
    std::string out;
    for (const auto& [name, value] : c.params)
        out += (out.empty() ? "" : " ") + name + "=" + value;
    if (c.numWarps != 4)
        out += " num_warps=" + std::to_string(c.numWarps);
    if (c.numStages != 3)
        out += " num_stages=" + std::to_string(c.numStages);
    return out.empty() ? std::string("(no parameters)") : out;
}

void computeRegret(DeviceComparison& comparison)
{
    const std::size_t n = comparison.devices.size();
    comparison.regret.assign(n, std::vector<std::optional<double>>(n));
    for (std::size_t j = 0; j < n; ++j) {
        DeviceEntry& own = comparison.devices[j];
        own.fastest.reset();
        own.fastestMs = 0;
        if (!own.best || own.bestMs <= 0)
            continue;
        const std::vector<DeviceTime>& on = comparison.times[j];
        for (std::size_t c = 0; c < on.size(); ++c)
            if (on[c].p50Ms && std::isfinite(*on[c].p50Ms) && *on[c].p50Ms < own.bestMs &&
                (!own.fastest || *on[c].p50Ms < own.fastestMs)) {
                own.fastest = c;
                own.fastestMs = *on[c].p50Ms;
            }
        for (std::size_t i = 0; i < n; ++i) {
            const DeviceEntry& from = comparison.devices[i];
            if (!from.best)
                continue;
            if (i == j) {
                comparison.regret[i][j] = 1.0;
                continue;
            }
            const DeviceTime& t = on[*from.best];
            if (t.p50Ms && std::isfinite(*t.p50Ms))
                comparison.regret[i][j] = *t.p50Ms / own.bestMs;
        }
    }
}

void chooseDeviceList(DeviceComparison& comparison, const CoverOptions& options)
{
    std::vector<std::vector<std::optional<double>>> times(comparison.devices.size());
    for (std::size_t j = 0; j < comparison.devices.size(); ++j) {
        times[j].resize(comparison.configs.size());
        for (std::size_t c = 0; c < comparison.configs.size() && c < comparison.times[j].size(); ++c)
            times[j][c] = comparison.times[j][c].p50Ms;
    }
    comparison.cover = coverFromTimes(comparison.configs, times, options);
    comparison.listExists = true;
    comparison.noList = {};
    msg::Arg without; // "A (why); B (why)", each why in the reader's language
    for (std::size_t j = 0; j < comparison.devices.size(); ++j) {
        const DeviceEntry& d = comparison.devices[j];
        if (comparison.cover.shapes[j].measured)
            continue;
        without += msg::Arg((without.empty() ? "" : "; ") + d.device + " (");
        without +=
            d.error ? msg::Arg(*d.error) : msg::Arg(msg::Message(msg::Id::DeviceListNothingBenchmarked));
        without += msg::Arg(")");
    }
    if (comparison.devices.empty()) {
        comparison.listExists = false;
        comparison.noList = msg::Message(msg::Id::DeviceListNoDevice);
    } else if (!without.empty()) {
        // A device where nothing runs cannot be served by any list.
        comparison.listExists = false;
        comparison.noList = msg::Message(msg::Id::DeviceListNothingRuns, {without});
        comparison.cover.chosen.clear();
        for (ShapeCover& s : comparison.cover.shapes) {
            s.chosen.reset();
            s.chosenMs = 0;
            s.lossPercent = 0;
        }
        comparison.cover.maxLossPercent = 0;
    }
}

std::vector<exporter::HandwrittenConfig> deviceListConfigs(const DeviceComparison& comparison)
{
    std::vector<exporter::HandwrittenConfig> out;
    if (!comparison.listExists)
        return out;
    for (std::size_t c : comparison.cover.chosen) {
        const CoverConfig& config = comparison.configs[c];
        exporter::HandwrittenConfig h =
            exporter::handwrittenConfig(config.params, config.numWarps, config.numStages);
        std::string note;
        for (std::size_t j = 0; j < comparison.devices.size(); ++j) {
            const ShapeCover& s = comparison.cover.shapes[j];
            if (!s.chosen || *s.chosen != c)
                continue;
            const DeviceEntry& d = comparison.devices[j];
            const bool own = d.best && *d.best == c;
            const double vsOwn = d.bestMs > 0 ? (s.chosenMs / d.bestMs - 1.0) * 100.0 : 0.0;
            note += (note.empty() ? "" : "; ") + d.device + " " +
                    (own ? std::string("own best") : lossText(vsOwn) + " vs its best") + ", p50 " +
                    formatKernelTime(s.chosenMs);
        }
        h.note = "covers " + note;
        out.push_back(std::move(h));
    }
    return out;
}

nlohmann::ordered_json deviceComparisonToJson(const DeviceComparison& r)
{
    nlohmann::ordered_json j;
    j["schema"] = "tilescope.device-compare/1";
    j["kernel"] = r.kernelName;
    j["backend"] = r.backend;
    j["benchMethod"] = r.benchMethod;
    j["tolerance"] = r.cover.tolerance;
    nlohmann::ordered_json devices = nlohmann::ordered_json::array();
    for (std::size_t d = 0; d < r.devices.size(); ++d) {
        const DeviceEntry& e = r.devices[d];
        nlohmann::ordered_json times = nlohmann::ordered_json::array();
        for (std::size_t c = 0; c < r.configs.size(); ++c) {
            const DeviceTime& t = r.times[d][c];
            times.push_back({{"p50Ms", optionalNumber(t.p50Ms)},
                             {"tuned", t.tuned},
                             {"failure", t.failure.empty() ? nlohmann::ordered_json()
                                                           : nlohmann::ordered_json(t.failure)}});
        }
        const ShapeCover* s = d < r.cover.shapes.size() ? &r.cover.shapes[d] : nullptr;
        devices.push_back(
            {{"device", e.device},
             {"best", optionalIndex(e.best)},
             {"bestMs", e.best ? nlohmann::ordered_json(e.bestMs) : nlohmann::ordered_json()},
             {"tunedCandidates", e.tunedCandidates},
             {"fromCache", e.fromCache},
             {"tritonAscendSupported", e.tritonAscendSupported},
             {"fastestKnown", optionalIndex(e.fastest)},
             {"fastestKnownMs", e.fastest ? nlohmann::ordered_json(e.fastestMs) : nlohmann::ordered_json()},
             {"listChoice", s && s->chosen ? nlohmann::ordered_json(*s->chosen) : nlohmann::ordered_json()},
             {"listMs", s && s->chosen ? nlohmann::ordered_json(s->chosenMs) : nlohmann::ordered_json()},
             {"listLossPercent",
              s && s->chosen ? nlohmann::ordered_json(s->lossPercent) : nlohmann::ordered_json()},
             {"error", e.error ? nlohmann::ordered_json(e.error->english()) : nlohmann::ordered_json()},
             {"times", std::move(times)}});
    }
    j["devices"] = std::move(devices);
    nlohmann::ordered_json configs = nlohmann::ordered_json::array();
    for (const CoverConfig& c : r.configs)
        configs.push_back(configJson(c));
    j["configs"] = std::move(configs);
    nlohmann::ordered_json regret = nlohmann::ordered_json::array();
    for (const auto& row : r.regret) {
        nlohmann::ordered_json line = nlohmann::ordered_json::array();
        for (const auto& v : row)
            line.push_back(optionalNumber(v));
        regret.push_back(std::move(line));
    }
    j["regret"] = std::move(regret);
    nlohmann::ordered_json chosen = nlohmann::ordered_json::array();
    for (std::size_t c : r.cover.chosen)
        chosen.push_back(c);
    j["list"] = {
        {"exists", r.listExists},
        {"reason", r.listExists ? nlohmann::ordered_json() : nlohmann::ordered_json(r.noList.english())},
        {"configs", std::move(chosen)},
        {"method", r.cover.method},
        {"exact", r.cover.exact},
        {"maxLossPercent", r.cover.maxLossPercent}};
    j["notes"] = msg::english(r.notes);
    return j;
}

std::string deviceComparisonToText(const DeviceComparison& r)
{
    std::ostringstream out;
    out << r.kernelName << ", backend " << kernel::backendLabel(r.backend) << ", " << r.benchMethod
        << " method: " << formatCount(std::int64_t(r.devices.size()), "device") << ", "
        << formatCount(std::int64_t(r.configs.size()), "config") << " compared\n\n";

    std::size_t width = 6;
    for (const DeviceEntry& d : r.devices)
        width = std::max(width, d.device.size());
    auto pad = [](std::string s, std::size_t w) {
        if (s.size() < w)
            s += std::string(w - s.size(), ' ');
        return s;
    };
    auto padLeft = [](std::string s, std::size_t w) {
        if (s.size() < w)
            s = std::string(w - s.size(), ' ') + s;
        return s;
    };
    out << "Each device's best (its own tuning's pick):\n";
    out << "  " << pad("device", width) << "  " << padLeft("p50 us", 12) << "  best config\n";
    for (const DeviceEntry& d : r.devices) {
        out << "  " << pad(d.device, width) << "  ";
        if (!d.best) {
            out << padLeft("-", 12) << "  " << (d.error ? d.error->english() : "no config was benchmarked")
                << "\n";
            continue;
        }
        out << padLeft(formatUs(d.bestMs * 1000.0), 12) << "  " << deviceConfigText(r.configs[*d.best])
            << (d.fromCache ? "  (cached)" : "") << (d.tritonAscendSupported ? "" : "  (*)") << "\n";
        if (d.fastest)
            out << "  " << pad("", width) << "  " << padLeft(formatUs(d.fastestMs * 1000.0), 12) << "  "
                << deviceConfigText(r.configs[*d.fastest])
                << "  (faster here, written by hand: the backend does not "
                << "generate it)\n";
    }

    out << "\nRegret: p50 of the row device's best on the column device / the column device's own best\n";
    std::size_t cell = 10;
    for (const DeviceEntry& d : r.devices)
        cell = std::max(cell, d.device.size());
    out << "  " << pad("best of \\ on", width);
    for (const DeviceEntry& d : r.devices)
        out << "  " << padLeft(d.device, cell);
    out << "\n";
    std::vector<std::string> failures;
    for (std::size_t i = 0; i < r.devices.size(); ++i) {
        out << "  " << pad(r.devices[i].device, width);
        for (std::size_t j = 0; j < r.devices.size(); ++j) {
            std::string text = "-";
            if (r.regret[i][j])
                text = formatRatio(*r.regret[i][j]);
            else if (r.devices[i].best && r.devices[j].best) {
                text = "does not run";
                std::string why = r.times[j][*r.devices[i].best].failure;
                why = why.substr(0, why.find('\n')); // a UB overflow lists its live tiles below
                failures.push_back(r.devices[i].device + "'s best on " + r.devices[j].device + ": " +
                                   (why.empty() ? std::string("not measured") : why));
            }
            out << "  " << padLeft(text, cell);
        }
        out << "\n";
    }
    for (const std::string& f : failures)
        out << "  " << f << "\n";
    bool below = false;
    for (std::size_t i = 0; i < r.devices.size(); ++i)
        for (std::size_t j = 0; j < r.devices.size(); ++j)
            below = below || (r.regret[i][j] && *r.regret[i][j] < 1.0);
    if (below)
        out << "  Below 1.000x: the row device's best runs faster on the column device than that device's own "
               "pick (its backend does not generate that config there).\n";
    for (const DeviceEntry& d : r.devices)
        if (!d.tritonAscendSupported) {
            out << "  (*) Triton-Ascend does not support " << d.device
                << " (tilescope devices): its figures are the simulator's alone.\n";
        }

    char tol[32];
    std::snprintf(tol, sizeof tol, "%g%%", r.cover.tolerance * 100.0);
    out << "\n";
    if (!r.listExists) {
        out << "No config list is within " << tol << " of the best on every device: " << r.noList.english()
            << "\n";
    } else {
        out << formatCount(std::int64_t(r.cover.chosen.size()), "config")
            << (r.cover.chosen.size() == 1 ? " serves" : " serve") << " every device within " << tol
            << " of its fastest config (worst loss " << formatPercent(r.cover.maxLossPercent / 100.0) << ", "
            << (r.cover.exact
                    ? "smallest list, exact search"
                    : "not proven smallest: the exact search ran out of budget, " + r.cover.method + " list")
            << "):\n";
        for (std::size_t j = 0; j < r.devices.size(); ++j) {
            const ShapeCover& s = r.cover.shapes[j];
            if (!s.chosen)
                continue;
            out << "  " << pad(r.devices[j].device, width) << "  " << padLeft(formatUs(s.chosenMs * 1000.0), 12)
                << "  " << lossText(s.lossPercent) << "  " << deviceConfigText(r.configs[*s.chosen]) << "\n";
        }
    }
    return out.str();
}

} // namespace ts::sweep
