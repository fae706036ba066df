// Shape sweeps: range parsing, the shape grid, each shape's tuning (through the cache), the
// cross-measurements of configs at shapes that did not generate them, and the covering set
// (exact search with a fallback to greedy). About 900 lines in one file because the covering
// search and the cross-measurement plan read the same per-shape tables.

#include "core/sweep/shape_sweep.h"

#include "core/analysis/kernel_analysis.h"
#include "core/batch/cached_tuning.h"
#include "core/export/python_literal.h"
#include "core/pipeline/space_pipeline.h"
#include "core/space/generator_device.h"
#include "core/util/format.h"
#include "core/util/message.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <set>
#include <sstream>

namespace ts::sweep {
namespace {

bool parseInt(std::string_view text, std::int64_t* out)
{
    if (!text.empty() && text.front() == '+')
        text.remove_prefix(1);
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
    return !text.empty() && ec == std::errc() && end == text.data() + text.size();
}

std::string trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return std::string(s);
}

// A set of shapes as bits.
using Bits = std::vector<std::uint64_t>;

bool testBit(const Bits& b, std::size_t i) { return (b[i / 64] >> (i % 64)) & 1u; }
void setBit(Bits& b, std::size_t i) { b[i / 64] |= std::uint64_t{1} << (i % 64); }
bool anyBit(const Bits& b)
{
    return std::any_of(b.begin(), b.end(), [](std::uint64_t w) { return w != 0; });
}
std::size_t countAnd(const Bits& a, const Bits& b)
{
    std::size_t n = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        n += static_cast<std::size_t>(std::popcount(a[i] & b[i]));
    return n;
}
bool subsetOf(const Bits& a, const Bits& b)
{
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] & ~b[i])
            return false;
    return true;
}

struct CoverProblem {
    std::size_t shapes = 0;
    std::size_t words = 0;
    std::vector<std::size_t> configs;                      // candidate config indices
    std::vector<Bits> covers;                              // per config index (universe size)
    const std::vector<std::vector<std::optional<double>>>* times = nullptr;
    std::vector<double> best;                              // per shape (measured only)
    std::vector<bool> measured;

    // Sum over shapes of the list's loss (a ratio), the tie-breaker between lists of one size.
    double lossOf(const std::vector<std::size_t>& list) const
    {
        double total = 0;
        for (std::size_t s = 0; s < shapes; ++s) {
            if (!measured[s])
                continue;
            double bestHere = std::numeric_limits<double>::infinity();
            for (std::size_t c : list)
                if (c < (*times)[s].size())
                    if (const auto& t = (*times)[s][c]; t && std::isfinite(*t))
                        bestHere = std::min(bestHere, *t);
            total += bestHere / best[s] - 1.0;
        }
        return total;
    }
};

class BranchAndBound {
public:
    BranchAndBound(const CoverProblem& p, std::size_t budget, std::optional<double> seconds) : m_p(p), m_budget(budget)
    {
        if (seconds)
            m_deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                               std::chrono::duration<double>(*seconds));
    }

    // Improves on `incumbent` (a valid cover); returns false when the budget ran out.
    bool run(std::vector<std::size_t>& incumbent)
    {
        m_best = incumbent;
        m_bestLoss = m_p.lossOf(m_best);
        Bits uncovered(m_p.words, 0);
        for (std::size_t s = 0; s < m_p.shapes; ++s)
            if (m_p.measured[s])
                setBit(uncovered, s);
        std::vector<std::size_t> chosen;
        search(uncovered, chosen);
        incumbent = m_best;
        return m_nodes <= m_budget;
    }

private:
    void search(const Bits& uncovered, std::vector<std::size_t>& chosen)
    {
        if (++m_nodes > m_budget)
            return;
        if ((m_nodes & 255) == 0 && m_deadline && std::chrono::steady_clock::now() > *m_deadline) {
            m_nodes = m_budget + 1;  // out of time: stop everywhere, keep the best so far
            return;
        }
        if (!anyBit(uncovered)) {
            const double loss = m_p.lossOf(chosen);
            if (chosen.size() < m_best.size() || (chosen.size() == m_best.size() && loss < m_bestLoss - 1e-12)) {
                m_best = chosen;
                m_bestLoss = loss;
            }
            return;
        }
        if (chosen.size() + 1 > m_best.size())
            return;
        // Lower bound: every further config covers at most maxGain shapes.
        std::size_t remaining = 0, maxGain = 0;
        for (std::uint64_t w : uncovered)
            remaining += static_cast<std::size_t>(std::popcount(w));
        for (std::size_t c : m_p.configs)
            maxGain = std::max(maxGain, countAnd(m_p.covers[c], uncovered));
        if (maxGain == 0)
            return;
        const std::size_t bound = (remaining + maxGain - 1) / maxGain;
        if (chosen.size() + bound > m_best.size())
            return;
        // Branch on the uncovered shape with the fewest configs that cover it.
        std::size_t pick = 0, fewest = std::numeric_limits<std::size_t>::max();
        for (std::size_t s = 0; s < m_p.shapes; ++s) {
            if (!testBit(uncovered, s))
                continue;
            std::size_t n = 0;
            for (std::size_t c : m_p.configs)
                n += testBit(m_p.covers[c], s);
            if (n < fewest) {
                fewest = n;
                pick = s;
            }
        }
        std::vector<std::pair<std::size_t, std::size_t>> options;  // (gain, config)
        for (std::size_t c : m_p.configs)
            if (testBit(m_p.covers[c], pick))
                options.emplace_back(countAnd(m_p.covers[c], uncovered), c);
        std::stable_sort(options.begin(), options.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        for (const auto& [gain, c] : options) {
            Bits next = uncovered;
            for (std::size_t w = 0; w < next.size(); ++w)
                next[w] &= ~m_p.covers[c][w];
            chosen.push_back(c);
            search(next, chosen);
            chosen.pop_back();
            if (m_nodes > m_budget)
                return;
        }
    }

    const CoverProblem& m_p;
    std::size_t m_budget;
    std::optional<std::chrono::steady_clock::time_point> m_deadline;  // none: nodes only
    std::size_t m_nodes = 0;
    std::vector<std::size_t> m_best;
    double m_bestLoss = 0;
};

} // namespace

std::string configId(const cache::TextPairs& params, int numWarps, int numStages)
{
    std::string id;
    for (const auto& [name, value] : params) {
        if (!id.empty())
            id += ", ";
        id += name + "=" + value;
    }
    return id + "; num_warps=" + std::to_string(numWarps) + ", num_stages=" + std::to_string(numStages);
}

namespace {

std::string paramsText(const CoverConfig& c)
{
    std::string out;
    for (const auto& [name, value] : c.params) {
        if (!out.empty())
            out += " ";
        out += name + "=" + value;
    }
    if (c.numWarps != 4)
        out += " num_warps=" + std::to_string(c.numWarps);
    if (c.numStages != 3)
        out += " num_stages=" + std::to_string(c.numStages);
    return out.empty() ? std::string("(no parameters)") : out;
}

nlohmann::ordered_json configJson(const CoverConfig& c)
{
    return {{"params", exporter::typedParams(c.params)}, {"numWarps", c.numWarps}, {"numStages", c.numStages}};
}

} // namespace

// ---- ranges and shapes ----

std::optional<SweepRange> parseRange(std::string_view text, msg::Message* error)
{
    const std::string quotedText(text);
    const auto eq = text.find('=');
    if (eq == std::string_view::npos) {
        *error = msg::Message(msg::Id::SweepRangeSyntax, {quotedText});
        return std::nullopt;
    }
    SweepRange range;
    range.name = trim(text.substr(0, eq));
    if (!exporter::isPythonIdentifier(range.name)) {
        *error = msg::Message(msg::Id::SweepRangeNotName, {quotedText, range.name});
        return std::nullopt;
    }
    const std::string spec = trim(text.substr(eq + 1));
    const auto dots = spec.find("..");
    if (dots == std::string::npos) {
        std::stringstream ss(spec);
        std::string item;
        std::set<std::int64_t> seen;
        while (std::getline(ss, item, ',')) {
            std::int64_t v = 0;
            if (!parseInt(trim(item), &v)) {
                *error = msg::Message(msg::Id::SweepRangeNotInteger, {quotedText, trim(item)});
                return std::nullopt;
            }
            if (seen.insert(v).second)
                range.values.push_back(v);
        }
        if (range.values.empty() || (!spec.empty() && spec.back() == ',')) {
            *error = msg::Message(msg::Id::SweepRangeEmptyValue, {quotedText});
            return std::nullopt;
        }
    } else {
        std::string endText = spec.substr(dots + 2), stepText = "x2";
        if (const auto colon = endText.find(':'); colon != std::string::npos) {
            stepText = trim(endText.substr(colon + 1));
            endText = endText.substr(0, colon);
        }
        std::int64_t first = 0, last = 0;
        if (!parseInt(trim(spec.substr(0, dots)), &first) || !parseInt(trim(endText), &last)) {
            *error = msg::Message(msg::Id::SweepRangeBoundsNotIntegers, {quotedText});
            return std::nullopt;
        }
        if (last < first) {
            *error = msg::Message(msg::Id::SweepRangeEndBeforeStart, {quotedText});
            return std::nullopt;
        }
        std::int64_t step = 0;
        const bool geometric = !stepText.empty() && (stepText[0] == 'x' || stepText[0] == '*');
        if (stepText.size() < 2 || !(geometric || stepText[0] == '+') || !parseInt(stepText.substr(1), &step)) {
            *error = msg::Message(msg::Id::SweepRangeBadStep, {quotedText, stepText});
            return std::nullopt;
        }
        if (geometric && (step < 2 || first < 1)) {
            *error = msg::Message(msg::Id::SweepRangeBadFactor, {quotedText});
            return std::nullopt;
        }
        if (!geometric && step < 1) {
            *error = msg::Message(msg::Id::SweepRangeStepNotPositive, {quotedText});
            return std::nullopt;
        }
        for (std::int64_t v = first; v <= last;) {
            range.values.push_back(v);
            if (range.values.size() > kMaxRangeValues)
                break;
            if (geometric ? v > std::numeric_limits<std::int64_t>::max() / step
                          : v > std::numeric_limits<std::int64_t>::max() - step)
                break;
            v = geometric ? v * step : v + step;
        }
    }
    if (range.values.size() > kMaxRangeValues) {
        *error = msg::Message(msg::Id::SweepRangeTooManyValues, {quotedText, kMaxRangeValues});
        return std::nullopt;
    }
    return range;
}

std::string Shape::describe() const
{
    std::string out;
    for (const auto& [name, value] : values) {
        if (!out.empty())
            out += ", ";
        out += name + "=" + std::to_string(value);
    }
    return out;
}

std::vector<Shape> shapeGrid(const std::vector<SweepRange>& ranges, msg::Message* error)
{
    std::set<std::string> names;
    std::size_t total = ranges.empty() ? 0 : 1;
    for (const SweepRange& r : ranges) {
        if (!names.insert(r.name).second) {
            *error = msg::Message(msg::Id::SweepArgumentTwice, {r.name});
            return {};
        }
        total *= std::max<std::size_t>(r.values.size(), 1);
        if (total > kMaxShapes) {
            *error = msg::Message(msg::Id::SweepTooManyShapes, {kMaxShapes});
            return {};
        }
    }
    std::vector<Shape> grid(total);
    std::size_t repeat = total;
    for (const SweepRange& r : ranges) {
        repeat /= r.values.size();
        for (std::size_t i = 0; i < total; ++i)
            grid[i].values.emplace_back(r.name, r.values[(i / repeat) % r.values.size()]);
    }
    return grid;
}

std::optional<kernel::Workload> workloadForShape(const kernel::Workload& base, const Shape& shape,
                                                 const std::vector<std::string>& keyArguments,
                                                 std::vector<msg::Message>* notes, msg::Message* error)
{
    kernel::Workload out = base;
    for (const auto& [name, value] : shape.values) {
        const kernel::ArgValue* original = base.arg(name);
        if (!original || original->kind != kernel::ArgValue::Kind::Int) {
            *error = base.path.empty() ? msg::Message(msg::Id::SweepNotIntegerArgument, {name})
                                       : msg::Message(msg::Id::SweepNotIntegerArgumentIn, {name, base.path});
            return std::nullopt;
        }
        const std::int64_t was = original->intValue;
        std::vector<std::string> sharing;
        for (const std::string& other : keyArguments) {
            const kernel::ArgValue* o = base.arg(other);
            if (other != name && o && o->kind == kernel::ArgValue::Kind::Int && o->intValue == was)
                sharing.push_back(other);
        }
        out.setArg(name, kernel::ArgValue::integer(value));
        bool ambiguousSeen = false;
        for (std::size_t i = 0; i < base.args.size(); ++i) {
            const kernel::ArgValue& arg = base.args[i].second;
            if (arg.kind != kernel::ArgValue::Kind::Tensor)
                continue;
            for (std::size_t d = 0; d < arg.shape.size(); ++d) {
                if (arg.shape[d] != was)
                    continue;
                if (!sharing.empty()) {
                    ambiguousSeen = true;
                    continue;
                }
                auto it = std::find_if(out.args.begin(), out.args.end(),
                                       [&](const auto& a) { return a.first == base.args[i].first; });
                it->second.shape[d] = value;
            }
        }
        if (ambiguousSeen && notes) {
            std::string others;
            for (const std::string& o : sharing)
                others += (others.empty() ? "" : ", ") + o;
            const msg::Message note(msg::Id::SweepSharedDimension, {was, name, others});
            if (std::find(notes->begin(), notes->end(), note) == notes->end())
                notes->push_back(note);
        }
    }
    return out;
}

// ---- covering ----

CoverResult coverFromTimes(std::vector<CoverConfig> configs, const std::vector<std::vector<std::optional<double>>>& times,
                           const CoverOptions& options)
{
    CoverResult result;
    result.configs = std::move(configs);
    result.tolerance = options.tolerance;
    result.method = "exact";
    CoverProblem p;
    p.shapes = times.size();
    p.words = (p.shapes + 63) / 64;
    p.times = &times;
    p.best.assign(p.shapes, 0.0);
    p.measured.assign(p.shapes, false);
    result.shapes.assign(p.shapes, ShapeCover{});
    const std::size_t n = result.configs.size();
    for (std::size_t s = 0; s < p.shapes; ++s) {
        double best = std::numeric_limits<double>::infinity();
        for (std::size_t c = 0; c < n && c < times[s].size(); ++c)
            if (times[s][c] && std::isfinite(*times[s][c]) && *times[s][c] < best) {
                best = *times[s][c];
                result.shapes[s].best = c;
            }
        if (std::isfinite(best)) {
            p.measured[s] = true;
            p.best[s] = best;
            result.shapes[s].measured = true;
            result.shapes[s].bestMs = best;
        }
    }
    auto timeAt = [&](std::size_t s, std::size_t c) -> std::optional<double> {
        if (c >= times[s].size() || !times[s][c] || !std::isfinite(*times[s][c]))
            return std::nullopt;
        return times[s][c];
    };
    p.covers.assign(n, Bits(p.words, 0));
    for (std::size_t c = 0; c < n; ++c)
        for (std::size_t s = 0; s < p.shapes; ++s)
            if (p.measured[s])
                if (auto t = timeAt(s, c); t && *t <= p.best[s] * (1.0 + options.tolerance) * (1.0 + 1e-12))
                    setBit(p.covers[c], s);

    // Drop configs that cover nothing, then those another config beats everywhere they count
    // (neither changes the answer).
    std::vector<bool> dropped(n, false);
    std::vector<std::size_t> live;
    for (std::size_t c = 0; c < n; ++c) {
        dropped[c] = !anyBit(p.covers[c]);
        if (!dropped[c])
            live.push_back(c);
    }
    for (std::size_t c : live) {
        for (std::size_t d : live) {
            if (dropped[c])
                break;
            if (d == c || dropped[d] || !subsetOf(p.covers[c], p.covers[d]))
                continue;
            bool noWorse = true, strictlyBetter = !subsetOf(p.covers[d], p.covers[c]);
            for (std::size_t s = 0; s < p.shapes && noWorse; ++s) {
                if (!testBit(p.covers[c], s))
                    continue;
                const double tc = *timeAt(s, c), td = *timeAt(s, d);
                noWorse = td <= tc;
                strictlyBetter = strictlyBetter || td < tc;
            }
            if (noWorse && (strictlyBetter || d < c))
                dropped[c] = true;
        }
    }
    for (std::size_t c = 0; c < n; ++c)
        if (!dropped[c])
            p.configs.push_back(c);

    // Greedy first: an upper bound, and the answer when the exact search runs out of budget.
    std::vector<std::size_t> list;
    Bits uncovered(p.words, 0);
    for (std::size_t s = 0; s < p.shapes; ++s)
        if (p.measured[s])
            setBit(uncovered, s);
    while (anyBit(uncovered)) {
        std::size_t pick = n, gain = 0;
        double pickLoss = 0;
        for (std::size_t c : p.configs) {
            const std::size_t g = countAnd(p.covers[c], uncovered);
            if (g == 0 || g < gain)
                continue;
            double loss = 0;
            for (std::size_t s = 0; s < p.shapes; ++s)
                if (testBit(uncovered, s) && testBit(p.covers[c], s))
                    loss += *timeAt(s, c) / p.best[s] - 1.0;
            if (g > gain || loss < pickLoss) {
                pick = c;
                gain = g;
                pickLoss = loss;
            }
        }
        if (pick == n)
            break;  // cannot happen: a shape's own best covers it
        list.push_back(pick);
        for (std::size_t w = 0; w < p.words; ++w)
            uncovered[w] &= ~p.covers[pick][w];
    }
    BranchAndBound search(p, options.searchBudget, options.searchSeconds);
    const std::vector<std::size_t> greedy = list;
    if (!search.run(list)) {
        result.exact = false;
        result.method = list == greedy ? "greedy" : "partial";
    }

    // Per shape: the list's fastest config and its loss.
    std::vector<std::size_t> uses(n, 0);
    for (std::size_t s = 0; s < p.shapes; ++s) {
        ShapeCover& sc = result.shapes[s];
        if (!sc.measured)
            continue;
        for (std::size_t c : list)
            if (auto t = timeAt(s, c); t && (!sc.chosen || *t < sc.chosenMs)) {
                sc.chosen = c;
                sc.chosenMs = *t;
            }
        if (sc.chosen) {
            ++uses[*sc.chosen];
            sc.lossPercent = (sc.chosenMs / sc.bestMs - 1.0) * 100.0;
            result.maxLossPercent = std::max(result.maxLossPercent, sc.lossPercent);
        }
    }
    std::stable_sort(list.begin(), list.end(), [&](std::size_t a, std::size_t b) { return uses[a] > uses[b]; });
    result.chosen = std::move(list);
    result.times = times;
    for (auto& row : result.times)
        row.resize(n);
    return result;
}

CoverResult coverFromRecords(const std::vector<const cache::TuningRecord*>& perShape, const CoverOptions& options,
                             const ExtraTimes* extra)
{
    std::vector<CoverConfig> configs;
    std::map<std::string, std::size_t> index;
    std::vector<std::vector<std::optional<double>>> times(perShape.size());
    for (std::size_t s = 0; s < perShape.size(); ++s) {
        if (!perShape[s])
            continue;
        for (const cache::CandidateRecord& c : perShape[s]->candidates) {
            const bool incorrectButTimed = options.includeIncorrect && c.status == cache::CandidateStatus::Incorrect &&
                                           c.p50Ms && std::isfinite(*c.p50Ms);
            if (!cache::isMeasured(c) && !incorrectButTimed)
                continue;
            const std::string id = configId(c.params, c.numWarps, c.numStages);
            auto [it, added] = index.emplace(id, configs.size());
            if (added)
                configs.push_back(CoverConfig{c.params, c.numWarps, c.numStages, id});
            if (times[s].size() <= it->second)
                times[s].resize(it->second + 1);
            auto& slot = times[s][it->second];
            if (!slot || *c.p50Ms < *slot)
                slot = *c.p50Ms;
        }
    }
    for (auto& row : times)
        row.resize(configs.size());
    if (extra)
        for (std::size_t s = 0; s < perShape.size() && s < extra->size(); ++s) {
            if (!perShape[s])
                continue;
            for (const auto& [id, ms] : (*extra)[s])
                if (auto it = index.find(id); it != index.end() && !times[s][it->second] && std::isfinite(ms))
                    times[s][it->second] = ms;
        }
    return coverFromTimes(std::move(configs), times, options);
}

std::vector<exporter::HandwrittenConfig> handwrittenConfigs(const CoverResult& cover)
{
    std::vector<exporter::HandwrittenConfig> out;
    for (std::size_t c : cover.chosen) {
        const CoverConfig& config = cover.configs[c];
        out.push_back(exporter::handwrittenConfig(config.params, config.numWarps, config.numStages));
    }
    return out;
}

// ---- running ----

namespace {

// Benchmarks, at every tuned shape, the configs of the union the backend did not generate there,
// as handwritten configs. Returns how many times were added.
std::size_t crossEvaluate(const std::vector<ShapeOutcome>& shapes,
                          const std::vector<const cache::TuningRecord*>& records,
                          const std::vector<std::optional<analysis::KernelAnalysis>>& analyses,
                          const npu::DeviceProfile& device, const SweepOptions& options, ExtraTimes* extra,
                          std::vector<msg::Message>* notes, std::stop_token stop)
{
    // The union, and which configs each shape already has (any status: pruned counts as tried).
    const CoverResult native = coverFromRecords(records, options.cover);
    const std::size_t n = native.configs.size();
    std::vector<std::set<std::string>> present(records.size());
    for (std::size_t s = 0; s < records.size(); ++s)
        if (records[s])
            for (const cache::CandidateRecord& c : records[s]->candidates)
                present[s].insert(configId(c.params, c.numWarps, c.numStages));
    std::vector<std::size_t> wanted;
    if (n <= options.maxCrossConfigs) {
        for (std::size_t c = 0; c < n; ++c)
            wanted.push_back(c);
    } else {
        // Only configs within tolerance at one of their own shapes.
        std::map<std::string, std::size_t> byId;
        for (std::size_t k = 0; k < n; ++k)
            byId.emplace(native.configs[k].id, k);
        std::vector<bool> useful(n, false);
        for (const ShapeCover& sc : native.shapes)
            if (sc.measured)
                useful[sc.best] = true;
        for (std::size_t s = 0; s < records.size(); ++s) {
            if (!records[s] || !native.shapes[s].measured)
                continue;
            for (const cache::CandidateRecord& c : records[s]->candidates)
                if (c.p50Ms && *c.p50Ms <= native.shapes[s].bestMs * (1.0 + options.cover.tolerance))
                    if (auto it = byId.find(configId(c.params, c.numWarps, c.numStages)); it != byId.end())
                        useful[it->second] = true;
        }
        for (std::size_t c = 0; c < n; ++c)
            if (useful[c])
                wanted.push_back(c);
        notes->emplace_back(n == 1 ? msg::Id::SweepOnlyWithinTolerance1 : msg::Id::SweepOnlyWithinTolerance,
                            std::initializer_list<msg::Arg>{msg::count(std::int64_t(n)),
                                                            msg::count(std::int64_t(wanted.size()))});
    }

    std::size_t added = 0;
    tuning::TuningOptions tuningOptions = options.tuning;
    tuningOptions.lattice = false;
    for (std::size_t s = 0; s < records.size(); ++s) {
        if (!records[s] || s >= analyses.size() || !analyses[s] || stop.stop_requested())
            continue;
        const analysis::KernelAnalysis& a = *analyses[s];
        std::vector<std::size_t> missing;
        space::LaunchSpec launch = pipeline::launchSpecFor(a);
        launch.userConfigs.clear();
        launch.autoGenConfigHint = false;
        for (std::size_t c : wanted) {
            const CoverConfig& config = native.configs[c];
            if (present[s].count(config.id))
                continue;
            space::TritonConfig t;
            bool ok = true;
            for (const auto& [name, text] : config.params) {
                auto v = space::paramFromPython(text);
                if (!v) {
                    ok = false;
                    break;
                }
                t.kwargs.emplace_back(name, *v);
            }
            if (!ok)
                continue;
            t.numWarps = config.numWarps;
            t.numStages = config.numStages;
            launch.userConfigs.push_back(std::move(t));
            missing.push_back(c);
        }
        if (missing.empty())
            continue;
        if (options.progress) {
            SweepProgress p;
            p.shapesDone = s;
            p.shapesTotal = records.size();
            p.step = msg::Message(msg::Id::SweepStepOtherConfigs, {shapes[s].shape.describe()});
            p.shape = p.step.english();
            options.progress(p);
        }
        const space::CandidateSpace space =
            space::CandidateSpace::build(a.parse, launch, {}, space::fromProfile(device), {});
        const tuning::TuningResult result = tuning::tune(a, space, device, tuningOptions, {}, stop);
        // The u-th handwritten candidate of the space is the u-th config given.
        std::size_t u = 0;
        for (std::size_t i = 0; i < space.size(); ++i) {
            if (space.origin(i) != space::CandidateStatus::User)
                continue;
            const std::size_t k = u++;
            if (k >= missing.size())
                break;
            if (space.status(i) == space::CandidateStatus::Incorrect && !options.cover.includeIncorrect)
                continue; // incorrect at this shape: not a time the cover may use
            const tuning::CandidateOutcome& o = result.outcomes[i];
            if (o.status == tuning::OutcomeStatus::Benchmarked || o.status == tuning::OutcomeStatus::Best) {
                (*extra)[s][native.configs[missing[k]].id] = o.bench.p50Ms;
                ++added;
            }
        }
    }
    return added;
}

} // namespace

SweepResult runSweep(const kernel::Workload& base, const npu::DeviceProfile& device, const SweepOptions& options,
                     std::stop_token stop)
{
    SweepResult out;
    out.device = device.soc;
    out.backend = kernel::backendName(base.backend);
    msg::Message error;
    std::vector<Shape> grid;
    if (options.launches.empty()) {
        grid = shapeGrid(options.ranges, &error);
        if (!error.empty() || grid.empty()) {
            out.error = error.empty() ? msg::Message(msg::Id::SweepNoRange) : error;
            return out;
        }
    } else if (!options.ranges.empty()) {
        out.error = msg::Message(msg::Id::SweepRangesAndLaunches);
        return out;
    }
    analysis::AnalysisResult baseAnalysis = analysis::analyzeWorkload(base);
    if (!baseAnalysis.analysis || !baseAnalysis.analysis->kernel) {
        out.error = baseAnalysis.diagnostics.empty()
                        ? msg::Message(msg::Id::SweepKernelNotAnalysed)
                        : msg::Message::asWritten(baseAnalysis.diagnostics.front().format());
        return out;
    }
    const analysis::KernelAnalysis& a0 = *baseAnalysis.analysis;
    out.kernelName = a0.kernel->name;
    std::vector<std::string> keyArguments;
    if (a0.kernel->autotune) {
        const kernel::AutotuneSpec& spec = *a0.kernel->autotune;
        if (spec.keyDict) {
            for (const auto& [axis, argument] : *spec.keyDict) {
                out.key.axes.emplace_back(axis, argument);
                keyArguments.push_back(argument);
            }
        } else {
            out.key.names = spec.keyList;
            keyArguments = spec.keyList;
        }
    }
    // Given launches: each is a shape, named by its key arguments' integer values.
    for (const kernel::Workload& launch : options.launches) {
        Shape shape;
        for (const std::string& name : keyArguments)
            if (const kernel::ArgValue* v = launch.arg(name); v && v->kind == kernel::ArgValue::Kind::Int)
                shape.values.emplace_back(name, v->intValue);
        grid.push_back(std::move(shape));
    }
    // Check every swept name before tuning anything.
    for (const SweepRange& r : options.ranges) {
        msg::Message why;
        Shape probe;
        probe.values.emplace_back(r.name, r.values.front());
        if (!workloadForShape(base, probe, keyArguments, nullptr, &why)) {
            out.error = why;
            return out;
        }
        if (std::find(keyArguments.begin(), keyArguments.end(), r.name) == keyArguments.end())
            out.notes.emplace_back(msg::Id::SweepArgumentNotInKey, std::initializer_list<msg::Arg>{r.name});
    }

    batch::CachedTuningOptions tuneOptions;
    tuneOptions.tuning = options.tuning;
    tuneOptions.force = options.force;
    SweepProgress progress;
    progress.shapesTotal = grid.size();
    std::vector<std::optional<analysis::KernelAnalysis>> analyses;  // per tuned shape, for cross-evaluation
    for (std::size_t i = 0; i < grid.size(); ++i) {
        if (stop.stop_requested()) {
            out.stopped = true;
            break;
        }
        ShapeOutcome shape;
        shape.shape = grid[i];
        progress.shapesDone = i;
        progress.shape = grid[i].describe();
        progress.shapeFraction = 0;
        if (options.progress)
            options.progress(progress);
        msg::Message why;
        auto workload = options.launches.empty() ? workloadForShape(base, grid[i], keyArguments, &out.notes, &why)
                                                 : std::optional(options.launches[i]);
        if (!workload) {
            shape.error = why;
            out.shapes.push_back(std::move(shape));
            continue;
        }
        analysis::AnalysisResult analysed = analysis::analyzeWorkload(*workload);
        if (!analysed.analysis) {
            shape.error = analysed.diagnostics.empty()
                              ? msg::Message(msg::Id::SweepLaunchNotAnalysed)
                              : msg::Message::asWritten(analysed.diagnostics.front().format());
            out.shapes.push_back(std::move(shape));
            continue;
        }
        tuning::TuningCallbacks callbacks;
        if (options.progress)
            callbacks.progress = [&](const tuning::Progress& p) {
                progress.shapeFraction = p.total ? double(p.done) / double(p.total) : 0.0;
                options.progress(progress);
            };
        batch::CachedTuning tuned = batch::tuneCached(*analysed.analysis, device, options.cache, tuneOptions, callbacks, stop);
        if (tuned.stopped) {
            out.stopped = true;
            break;
        }
        if (tuned.cacheError) {
            const msg::Message note(msg::Id::SweepCacheProblem, {*tuned.cacheError});
            if (std::find(out.notes.begin(), out.notes.end(), note) == out.notes.end())
                out.notes.push_back(note);
        }
        shape.fromCache = tuned.fromCache;
        if (tuned.record) {
            shape.record = std::move(tuned.record);
            analyses.resize(out.shapes.size() + 1);
            analyses.back() = std::move(*analysed.analysis);
        } else {
            shape.error = tuned.error.value_or(msg::Message(msg::Id::TuningFoundNoConfig));
        }
        out.shapes.push_back(std::move(shape));
    }
    analyses.resize(out.shapes.size());
    progress.shapesDone = out.shapes.size();
    progress.shapeFraction = 0;
    progress.shape.clear();
    if (options.progress)
        options.progress(progress);

    std::vector<const cache::TuningRecord*> records;
    for (const ShapeOutcome& s : out.shapes)
        records.push_back(s.record ? &*s.record : nullptr);
    ExtraTimes extra(records.size());
    if (options.crossEvaluate && !out.stopped)
        out.crossMeasurements = crossEvaluate(out.shapes, records, analyses, device, options, &extra, &out.notes, stop);
    if (stop.stop_requested())
        out.stopped = true;
    out.cover = coverFromRecords(records, options.cover, &extra);
    out.crossTimes = std::move(extra);
    return out;
}

CoverResult recover(const SweepResult& result, const CoverOptions& options)
{
    std::vector<const cache::TuningRecord*> records;
    for (const ShapeOutcome& s : result.shapes)
        records.push_back(s.record ? &*s.record : nullptr);
    return coverFromRecords(records, options, result.crossTimes.empty() ? nullptr : &result.crossTimes);
}

namespace {

// One shape: its own best, the list's choice for it and what that costs, or why it has neither.
nlohmann::ordered_json shapeJson(const SweepResult& r, std::size_t i)
{
    const ShapeOutcome& s = r.shapes[i];
    nlohmann::ordered_json e;
    nlohmann::ordered_json values = nlohmann::ordered_json::object();
    for (const auto& [name, value] : s.shape.values)
        values[name] = value;
    e["shape"] = values;
    e["fromCache"] = s.fromCache;
    const ShapeCover* sc = i < r.cover.shapes.size() ? &r.cover.shapes[i] : nullptr;
    if (sc && sc->measured) {
        e["best"] = configJson(r.cover.configs[sc->best]);
        e["bestMs"] = sc->bestMs;
        const cache::CandidateRecord* own = s.record ? s.record->best() : nullptr;
        e["tunedBestMs"] = own && own->p50Ms ? nlohmann::ordered_json(*own->p50Ms) : nlohmann::ordered_json();
        e["chosen"] = sc->chosen ? configJson(r.cover.configs[*sc->chosen]) : nlohmann::ordered_json();
        e["chosenMs"] = sc->chosenMs;
        e["lossPercent"] = sc->lossPercent;
    } else {
        e["best"] = nullptr;
        e["error"] = s.error ? s.error->english() : "no config was benchmarked";
    }
    return e;
}

} // namespace

nlohmann::ordered_json sweepToJson(const SweepResult& r)
{
    nlohmann::ordered_json shapes = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < r.shapes.size(); ++i)
        shapes.push_back(shapeJson(r, i));
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (std::size_t c : r.cover.chosen)
        list.push_back(configJson(r.cover.configs[c]));
    return {{"schema", "tilescope.sweep/1"},
            {"kernel", r.kernelName},
            {"device", r.device},
            {"backend", r.backend},
            {"tolerance", r.cover.tolerance},
            {"method", r.cover.method},
            {"exact", r.cover.exact},
            {"stopped", r.stopped},
            {"maxLossPercent", r.cover.maxLossPercent},
            {"crossMeasurements", r.crossMeasurements},
            {"shapes", std::move(shapes)},
            {"configs", std::move(list)},
            {"notes", msg::english(r.notes)}};
}

std::string sweepToText(const SweepResult& r)
{
    std::ostringstream out;
    out << r.kernelName << " on " << r.device << ", backend " << kernel::backendLabel(r.backend) << ": "
        << formatCount(std::int64_t(r.shapes.size()), "shape") << "\n\n";
    for (std::size_t i = 0; i < r.shapes.size(); ++i) {
        const ShapeOutcome& s = r.shapes[i];
        out << s.shape.describe() << (s.fromCache ? "  (cached)" : "") << "\n";
        const ShapeCover* sc = i < r.cover.shapes.size() ? &r.cover.shapes[i] : nullptr;
        if (!sc || !sc->measured) {
            out << "  failed: " << (s.error ? s.error->english() : "no config was benchmarked") << "\n";
            continue;
        }
        const cache::CandidateRecord* own = s.record ? s.record->best() : nullptr;
        const bool fromElsewhere = own && own->p50Ms && sc->bestMs < *own->p50Ms;
        out << "  best    " << paramsText(r.cover.configs[sc->best]) << "  p50 "
            << formatKernelTime(sc->bestMs)
            << (fromElsewhere ? "  (another shape's config; the backend's own best: " +
                                    formatKernelTime(*own->p50Ms) + ")"
                              : std::string())
            << "\n";
        if (sc->chosen) {
            char loss[32];
            std::snprintf(loss, sizeof loss, "%+.1f%%", sc->lossPercent);
            out << "  list    " << paramsText(r.cover.configs[*sc->chosen]) << "  p50 "
                << formatKernelTime(sc->chosenMs) << "  " << loss << "\n";
        }
    }
    char tol[32];
    std::snprintf(tol, sizeof tol, "%g%%", r.cover.tolerance * 100.0);
    out << "\n" << formatCount(std::int64_t(r.cover.chosen.size()), "config")
        << (r.cover.chosen.size() == 1 ? " serves" : " serve") << " every shape within " << tol << " of its best";
    const std::string worst = formatPercent(r.cover.maxLossPercent / 100.0);
    out << " (worst loss " << worst << ", "
        << (r.cover.exact ? "smallest list, exact search"
                       : "not proven smallest: the exact search ran out of budget, " + r.cover.method + " list")
        << "):\n";
    for (std::size_t c : r.cover.chosen)
        out << "  " << paramsText(r.cover.configs[c]) << "\n";
    if (r.stopped)
        out << "stopped: the shapes not reached are left out\n";
    return out.str();
}

} // namespace ts::sweep
