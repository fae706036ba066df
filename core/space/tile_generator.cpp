// The backend's tiling generator for one launch: the candidate tile sizes per axis, the UB and
// alignment checks, and the order the backend emits configs in. Just over 800 lines; it follows
// the generator's steps in order, so it stays one file.

#include "core/space/tile_generator.h"

#include <algorithm>
#include <array>
#include <limits>

namespace ts::space {

std::int64_t nextPowerOf2(std::int64_t n)
{
    // Bit smearing with arithmetic shifts, as the backend does: 0 -> 0, negatives -> 0.
    n -= 1;
    n |= n >> 1;
    n |= n >> 2;
    n |= n >> 4;
    n |= n >> 8;
    n |= n >> 16;
    n |= n >> 32;
    return n + 1;
}

std::int64_t saturatingMul(std::int64_t a, std::int64_t b)
{
    // Python ints never overflow; every product here is only compared with small thresholds,
    // so clamping keeps the comparisons exact.
    std::int64_t r = 0;
    if (__builtin_mul_overflow(a, b, &r))
        return ((a < 0) != (b < 0)) ? std::numeric_limits<std::int64_t>::min()
                                    : std::numeric_limits<std::int64_t>::max();
    return r;
}

namespace {

struct DivisionByZero {};

// Python's floor division; a zero divisor raises like the backend would.
std::int64_t floorDiv(std::int64_t a, std::int64_t b)
{
    if (b == 0)
        throw DivisionByZero{};
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return q;
}

std::int64_t ceilDiv(std::int64_t a, std::int64_t b)
{
    return floorDiv(a + b - 1, b);
}

template <typename Pairs>
auto findPair(const Pairs& pairs, const std::string& key) -> decltype(&pairs.front().second)
{
    for (const auto& [k, v] : pairs)
        if (k == key)
            return &v;
    return nullptr;
}

std::string pythonKeysRepr(const std::vector<std::pair<std::string, std::int64_t>>& sizes)
{
    std::string out = "dict_keys([";
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        if (i > 0)
            out += ", ";
        out += "'" + sizes[i].first + "'";
    }
    return out + "])";
}

// The 2026-08 KernelMeta checks: base axis names only, every named axis known, reduction axes
// listed by base name.
std::optional<std::string> validateBaseAxes(const std::vector<std::pair<std::string, std::int64_t>>& sizes,
                                            const KernelMetaInput& input)
{
    constexpr std::array<std::string_view, 6> baseNames = {"x", "y", "z", "w", "v", "t"};
    for (const auto& [name, length] : sizes)
        if (std::find(baseNames.begin(), baseNames.end(), name) == baseNames.end())
            return "ValueError: Invalid axis name '" + name + "'. Axis names must be base axes.";
    std::optional<std::string> error;
    auto check = [&](const std::string& k, const char* context) {
        if (!error && findPair(sizes, k) == nullptr)
            error = std::string("KeyError: \"") + context + " '" + k +
                    "' not found in known axes: " + pythonKeysRepr(sizes) + "\"";
    };
    for (const auto& [k, v] : input.splitParams)
        check(k, "split axis");
    for (const auto& [k, v] : input.fixedSplitParams)
        check(k, "fixed split axis");
    for (const auto& [k, v] : input.tilingParams)
        check(k, "tiling axis");
    for (const auto& k : input.lowDimAxes)
        check(k, "low dim axis");
    if (error)
        return error;
    for (const std::string& k : *input.reductionAxes)
        if (k.starts_with("r"))
            return "ValueError: r-prefixed reduction axis '" + k +
                   "' is not supported; use the base axis name and pass it through reduction_axes.";
    for (const std::string& k : *input.reductionAxes)
        check(k, "reduction axis");
    return error;
}

} // namespace

std::int64_t TileProblem::maxTileElements() const
{
    return floorDiv(floorDiv(std::int64_t(localMemKib) * 1024, dtypeBytes), numBuffers);
}

std::int64_t TileProblem::alignElements() const
{
    return floorDiv(32, dtypeBytes);
}

std::int64_t TileProblem::alignedNumel(std::int64_t numel) const
{
    if (simtMode)
        return nextPowerOf2(numel);
    const std::int64_t align = alignElements();
    if (numel <= align)
        return numel;
    return floorDiv(numel + align - 1, align) * align;
}

bool TileProblem::hasTilingAxis() const
{
    return std::any_of(axes.begin(), axes.end(), [](const TileAxis& a) { return a.tiling; });
}

int TileProblem::paramIndex(const std::string& name) const
{
    for (std::size_t i = 0; i < params.size(); ++i)
        if (params[i] == name)
            return int(i);
    return -1;
}

std::int64_t TileProblem::blockOf(int axis, const std::int64_t* values) const
{
    const TileAxis& a = axes[std::size_t(axis)];
    if (a.tunableSplit && a.splitParam >= 0)
        return values[a.splitParam];
    return a.fixedSplit > 0 ? a.fixedSplit : a.length;
}

std::int64_t TileProblem::tileOf(int axis, const std::int64_t* values) const
{
    const TileAxis& a = axes[std::size_t(axis)];
    if (a.tiling && a.tilingParam >= 0)
        return values[a.tilingParam];
    return a.split ? blockOf(axis, values) : a.length;
}

std::int64_t TileProblem::tileElementsOf(const std::int64_t* values) const
{
    std::int64_t tile = 1;
    for (std::size_t i = 0; i < axes.size(); ++i)
        tile = saturatingMul(tile, tileOf(int(i), values));
    return tile;
}

std::int64_t TileProblem::programsOf(const std::int64_t* values) const
{
    std::int64_t total = 1;
    for (std::size_t i = 0; i < axes.size(); ++i) {
        if (!axes[i].split)
            continue;
        const std::int64_t block = blockOf(int(i), values);
        if (block <= 0)
            return 0;
        total = saturatingMul(total, (axes[i].length + block - 1) / block);
    }
    return total;
}

TileProblemResult makeTileProblem(const KernelMetaInput& input, const GeneratorDevice& device)
{
    TileProblemResult result;
    TileProblem& p = result.problem;

    // A dict keeps the first position of a repeated key and its last value.
    std::vector<std::pair<std::string, std::int64_t>> sizes;
    for (const auto& [name, length] : input.axisSizes) {
        auto it = std::find_if(sizes.begin(), sizes.end(), [&](const auto& s) { return s.first == name; });
        if (it != sizes.end())
            it->second = length;
        else
            sizes.emplace_back(name, length);
    }

    if (input.reductionAxes) {
        if (auto error = validateBaseAxes(sizes, input)) {
            result.error = std::move(error);
            return result;
        }
    } else {
        for (const auto& [name, length] : sizes) {
            if (name.size() == 1 && name[0] == 'r') {
                result.error = "ValueError: The name of a reduction axis is empty!";
                return result;
            }
        }
        auto known = [&](const std::string& k) {
            return findPair(sizes, k) != nullptr || findPair(sizes, "r" + k) != nullptr;
        };
        auto unknownKey = [&](const std::string& k, const char* context) {
            result.error = std::string("KeyError: \"") + context + " '" + k +
                           "' not found in known axes: " + pythonKeysRepr(sizes) + "\"";
        };
        for (const auto& [k, v] : input.splitParams)
            if (!known(k))
                return unknownKey(k, "split axis"), result;
        for (const auto& [k, v] : input.fixedSplitParams)
            if (!known(k))
                return unknownKey(k, "fixed split axis"), result;
        for (const auto& [k, v] : input.tilingParams)
            if (!known(k))
                return unknownKey(k, "tiling axis"), result;
        for (const auto& k : input.lowDimAxes)
            if (!known(k))
                return unknownKey(k, "low dim axis"), result;
    }

    // Limits of this port, not of the backend: at most kMaxAxes axes, no negative lengths.
    if (sizes.size() > std::size_t(kMaxAxes)) {
        result.error = "too many axes (" + std::to_string(sizes.size()) + "; at most " +
                       std::to_string(kMaxAxes) + " are supported)";
        return result;
    }
    for (const auto& [name, length] : sizes) {
        if (length < 0) {
            result.error = "axis '" + name + "' has a negative length (" + std::to_string(length) + ")";
            return result;
        }
    }
    if (input.dtypeBytes <= 0) {
        result.error = "invalid dtype size " + std::to_string(input.dtypeBytes) + " bytes";
        return result;
    }
    if (device.numVectorCores <= 0) {
        result.error = "device '" + device.soc + "' has no vector cores";
        return result;
    }

    p.dtypeBytes = input.dtypeBytes;
    p.numBuffers = input.numBuffers == 0 ? 3 : std::min(input.numBuffers, 3);
    p.persistentReduction = input.persistentReduction;
    p.dualReduction = input.dualReduction;
    p.simtMode = input.simtMode;
    p.vectorCores = device.numVectorCores;
    if (p.simtMode && device.rfBudgetKib <= 0) {
        // Only 910_95 / 950 define a register file size; elsewhere the backend multiplies None.
        result.error = "TypeError: unsupported operand type(s) for *: 'NoneType' and 'int'";
        return result;
    }
    p.localMemKib = p.simtMode ? device.rfBudgetKib : device.ubBudgetKib;
    if (p.numBuffers == 0 || p.maxTileElements() < 0) {
        result.error = "invalid buffer count " + std::to_string(input.numBuffers);
        return result;
    }

    auto paramSlot = [&](const std::string& name) {
        int slot = p.paramIndex(name);
        if (slot < 0) {
            p.params.push_back(name);
            slot = int(p.params.size()) - 1;
        }
        return slot;
    };

    for (const auto& [name, length] : sizes) {
        TileAxis axis;
        axis.name = name;
        axis.length = length;
        axis.reduction = input.reductionAxes ? std::find(input.reductionAxes->begin(), input.reductionAxes->end(),
                                                         name) != input.reductionAxes->end()
                                             : !name.empty() && name[0] == 'r';
        const std::string* splitName = findPair(input.splitParams, name);
        const std::int64_t* fixed = findPair(input.fixedSplitParams, name);
        const std::string* tilingName = findPair(input.tilingParams, name);
        axis.tunableSplit = splitName != nullptr;
        axis.fixedSplit = fixed != nullptr ? *fixed : 0;
        axis.split = axis.tunableSplit || axis.fixedSplit > 0;
        axis.tiling = tilingName != nullptr;
        axis.lowDim =
            std::find(input.lowDimAxes.begin(), input.lowDimAxes.end(), name) != input.lowDimAxes.end();
        const auto index = std::uint8_t(p.axes.size());
        if (axis.split || axis.tiling) {
            // An empty split name writes nothing, as the backend tests the name for truth.
            if (axis.split && splitName != nullptr && !splitName->empty()) {
                axis.splitParam = paramSlot(*splitName);
                p.writes.push_back(
                    {std::uint8_t(axis.splitParam), index,
                     axis.tiling ? ParamWrite::Source::SplitRaw : ParamWrite::Source::SplitAligned});
            }
            if (axis.tiling) {
                axis.tilingParam = paramSlot(*tilingName);
                p.writes.push_back({std::uint8_t(axis.tilingParam), index, ParamWrite::Source::Tiling});
            }
        }
        p.axes.push_back(std::move(axis));
    }
    return result;
}

namespace {

using Blocks = std::array<std::int64_t, kMaxAxes>;

// Small ordered axis list.
struct AxisList {
    std::array<std::uint8_t, kMaxAxes> at{};
    int size = 0;
    void push(int i) { at[size++] = std::uint8_t(i); }
    bool contains(int i) const
    {
        for (int k = 0; k < size; ++k)
            if (at[k] == i)
                return true;
        return false;
    }
};

class Walk {
public:
    Walk(const TileProblem& problem, TileGeneration& out, bool recordTrail)
        : m_p(problem), m_out(out), m_trail(recordTrail), m_n(int(problem.axes.size())),
          m_k(int(problem.params.size()))
    {
        for (int i = 0; i < m_n; ++i) {
            const TileAxis& a = m_p.axes[i];
            m_numel[i] = a.length;
            m_block[i] = a.fixedSplit > 0 ? a.fixedSplit : a.length;
            m_sub[i] = m_block[i];
            if (a.split)
                m_split.push(i);
            if (a.tunableSplit)
                m_tunableSplit.push(i);
            if (a.tiling)
                m_tiling.push(i);
            if (a.lowDim)
                m_lowDims.push(i);
        }
        for (int t = 0; t < m_tiling.size; ++t)
            if (!m_lowDims.contains(m_tiling.at[t]))
                m_tilingNotLowDims.push(m_tiling.at[t]);

        m_nvc = m_p.vectorCores;
        m_align = m_p.alignElements();
        m_maxThreshold = m_p.maxTileElements();
        std::int64_t total = 1;
        for (int i = 0; i < m_n; ++i)
            total = saturatingMul(total, m_block[i]);
        m_small = total < 128 * 1024;
        m_tiny = total <= 32 * 1024;
        const std::int64_t stopBytes = floorDiv(1024, m_p.dtypeBytes);
        m_stop = m_small ? std::min(stopBytes, floorDiv(total, std::int64_t(m_nvc) * 2)) : stopBytes;
        m_tinyThreshold = int(floorDiv(m_nvc, 8));
        m_tinyHist.assign(std::size_t(std::max(m_tinyThreshold, 0)) + 1, 0);

        WalkLimits& l = m_out.limits;
        l.maxTileElements = m_maxThreshold;
        l.maxTotalNumel = total;
        l.stopNumel = m_stop;
        l.smallKernel = m_small;
        l.tinyKernel = m_tiny;
        l.tinyProgramThreshold = m_tinyThreshold;

        m_candidates.reserve(16);
        m_hashes.reserve(64);
        m_table.assign(128, -1);
    }

    void run()
    {
        // Split axes first; then the other tiling axes starting from the first candidate's
        // blocks; then all low dims together.
        if (descendSplitAxes())
            return;
        if (!m_candidates.empty()) {
            const Blocks first = m_candidates.front();
            for (int i = 0; i < m_n; ++i)
                m_sub[i] = first[i];
        }
        if (descendTilingNotLowDims())
            return;
        descendAllLowDims();
    }

private:
    bool descendSplitAxes()
    {
        for (int t = 0; t < m_tunableSplit.size; ++t)
            if (descendOneAxis(m_tunableSplit.at[t], true))
                return true;
        return tileNumel() <= m_stop;
    }

    bool descendTilingNotLowDims()
    {
        for (int t = 0; t < m_tilingNotLowDims.size; ++t) {
            const int a = m_tilingNotLowDims.at[t];
            if (m_p.axes[a].reduction && m_p.persistentReduction)
                continue;
            if (descendOneAxis(a, false))
                return true;
        }
        return tileNumel() <= m_stop;
    }

    std::int64_t tileNumel() const
    {
        std::int64_t tile = 1;
        for (int i = 0; i < m_n; ++i)
            tile = saturatingMul(tile, m_p.axes[i].tiling ? m_sub[i] : m_block[i]);
        return tile;
    }

    std::int64_t programsOf(const Blocks& blocks) const
    {
        std::int64_t total = 1;
        for (int t = 0; t < m_split.size; ++t) {
            const int a = m_split.at[t];
            total = saturatingMul(total, ceilDiv(m_numel[a], blocks[a]));
        }
        return total;
    }

    int programThreshold() const { return m_small ? m_tinyThreshold : int(floorDiv(m_nvc, 2)); }

    // The backend's aligned_numel, with the SIMD alignment hoisted out of the loop.
    std::int64_t aligned(std::int64_t numel) const
    {
        if (m_p.simtMode)
            return nextPowerOf2(numel);
        if (numel <= m_align)
            return numel;
        return (numel + m_align - 1) / m_align * m_align; // numel > m_align > 0: plain division
    }

    void fillConfig(const Blocks& candidate)
    {
        for (const ParamWrite& w : m_p.writes) {
            std::int64_t v = 0;
            switch (w.source) {
            case ParamWrite::Source::SplitRaw:
                v = candidate[w.axis];
                break;
            case ParamWrite::Source::SplitAligned:
                v = aligned(candidate[w.axis]);
                break;
            case ParamWrite::Source::Tiling: {
                const std::int64_t t = aligned(m_sub[w.axis]);
                v = m_p.simtMode ? t : std::min(t, candidate[w.axis]);
                break;
            }
            }
            m_cfg[w.param] = v;
        }
    }

    std::uint64_t configHash() const
    {
        std::uint64_t h = 0x9e3779b97f4a7c15ull;
        for (int j = 0; j < m_k; ++j)
            h = (h ^ std::uint64_t(m_cfg[j])) * 0x100000001b3ull;
        return h ^ (h >> 29);
    }

    // The earlier config with the same values, or -1: an open-addressing table of config
    // indices keyed by hash, since the walk retries the same candidates many times.
    std::int64_t findConfig(std::uint64_t hash) const
    {
        const std::size_t mask = m_table.size() - 1;
        for (std::size_t slot = hash & mask;; slot = (slot + 1) & mask) {
            const std::int32_t entry = m_table[slot];
            if (entry < 0)
                return -1;
            if (m_hashes[std::size_t(entry)] != hash)
                continue;
            const std::int64_t* v = m_out.values.data() + std::size_t(entry) * std::size_t(m_k);
            if (std::equal(v, v + m_k, m_cfg.begin()))
                return entry;
        }
    }

    void insertConfig(std::uint64_t hash, std::int32_t index)
    {
        if ((m_hashes.size() + 1) * 2 > m_table.size()) {
            m_table.assign(m_table.size() * 2, -1);
            for (std::size_t c = 0; c < m_hashes.size(); ++c)
                placeConfig(m_hashes[c], std::int32_t(c));
        }
        m_hashes.push_back(hash);
        placeConfig(hash, index);
    }

    void placeConfig(std::uint64_t hash, std::int32_t index)
    {
        const std::size_t mask = m_table.size() - 1;
        std::size_t slot = hash & mask;
        while (m_table[slot] >= 0)
            slot = (slot + 1) & mask;
        m_table[slot] = index;
    }

    void record(TrailCode code, std::int64_t n0 = 0, std::int64_t n1 = 0, std::int64_t n2 = 0,
                std::int64_t n3 = 0, bool withConfig = true)
    {
        TrailEntry e;
        e.code = code;
        e.phase = m_phase;
        e.axis = m_phaseAxis;
        e.n[0] = n0;
        e.n[1] = n1;
        e.n[2] = n2;
        e.n[3] = n3;
        m_out.trail.add(e, withConfig ? m_cfg.data() : nullptr, m_k);
    }

    bool addToConfigs(const Blocks& candidate)
    {
        fillConfig(candidate);
        // The budget is checked on the walk's current blocks, not on the candidate's.
        const std::int64_t tile = tileNumel();
        const std::size_t count = m_out.phases.size();
        std::int64_t threshold = (count < 10 || m_small) ? 0 : m_stop + 100;
        bool lowProgramFloor = false;
        std::int64_t programs = 0;
        if (m_tinyActive && m_tinyFloor > 0) {
            programs = programsOf(candidate);
            if (programs <= programThreshold()) {
                const std::int64_t floor = std::max(m_stop, floorDiv(m_tinyFloor, 2));
                if (floor > threshold) {
                    threshold = floor;
                    lowProgramFloor = true;
                }
            }
        }
        if (tile > m_maxThreshold) {
            if (m_trail)
                record(TrailCode::UbCapacity, tile, m_maxThreshold);
            return false;
        }
        if (tile < threshold) {
            if (m_trail) {
                if (lowProgramFloor)
                    record(TrailCode::LowProgramFloor, tile, threshold, programs, programThreshold());
                else
                    record(TrailCode::BelowMinTile, tile, threshold, std::int64_t(count));
            }
            return false;
        }
        const std::uint64_t hash = configHash();
        if (const std::int64_t dup = findConfig(hash); dup >= 0) {
            if (m_trail)
                record(TrailCode::Duplicate, dup);
            return false;
        }
        insertConfig(hash, std::int32_t(m_out.phases.size()));
        m_out.values.insert(m_out.values.end(), m_cfg.begin(), m_cfg.begin() + m_k);
        m_out.phases.push_back(m_phase);
        m_out.phaseAxes.push_back(m_phaseAxis);
        return true;
    }

    bool containsCandidate(const Blocks& b) const
    {
        return std::find(m_candidates.begin(), m_candidates.end(), b) != m_candidates.end();
    }

    // Descends the low dims on the current blocks, then puts their tiles back.
    void descendLowDimsAndRestore()
    {
        std::array<std::int64_t, kMaxAxes> saved{};
        for (int t = 0; t < m_lowDims.size; ++t)
            saved[t] = m_sub[m_lowDims.at[t]];
        const WalkPhase phase = m_phase;
        const std::int8_t axis = m_phaseAxis;
        descendAllLowDims();
        m_phase = phase;
        m_phaseAxis = axis;
        for (int t = 0; t < m_lowDims.size; ++t)
            m_sub[m_lowDims.at[t]] = saved[t];
    }

    // Returns whether the tile changed, i.e. whether a low-dim axis that is tiled shrank (the
    // inner tiles of untiled low dims move too, but do not enter the tile).
    bool descendLowDimsOnce(std::int64_t minNumel)
    {
        bool changed = false;
        for (int t = 0; t < m_lowDims.size; ++t) {
            const int a = m_lowDims.at[t];
            if (m_p.axes[a].reduction && m_p.persistentReduction)
                continue;
            std::int64_t numel = m_sub[a];
            if (numel == 1)
                continue;
            // Axes within 20% of the smallest low dim wait for the others.
            if (minNumel > 1 &&
                double(numel > minNumel ? numel - minNumel : minNumel - numel) / double(minNumel) < 0.2)
                continue;
            const std::int64_t before = m_sub[a];
            if (numel >= 128) {
                m_sub[a] = nextPowerOf2(floorDiv(numel, 2));
            } else {
                numel = floorDiv(numel, 2);
                m_sub[a] = std::min(aligned(numel), nextPowerOf2(numel));
            }
            changed = changed || (m_p.axes[a].tiling && m_sub[a] != before);
        }
        return changed;
    }

    bool descendAllLowDims()
    {
        if (m_lowDims.size == 0)
            return false;
        // The smallest low-dim tile at entry; it is not refreshed while descending.
        std::int64_t minNumel = m_sub[m_lowDims.at[0]];
        for (int t = 1; t < m_lowDims.size; ++t)
            minNumel = std::min(minNumel, m_sub[m_lowDims.at[t]]);
        m_phase = WalkPhase::LowDimDescent;
        m_phaseAxis = -1;

        if (m_candidates.empty())
            m_candidates.push_back(m_block);

        int count = 0;
        std::int64_t tile = tileNumel();
        while (tile > m_stop && count < 100) {
            ++count;
            tile = tileNumel();
            const std::size_t configsBefore = m_out.phases.size();
            for (std::size_t c = 0; c < m_candidates.size(); ++c)
                addToConfigs(m_candidates[c]);
            // The backend compares tile sizes before and after. Tiles only shrink and are never
            // negative, so they are equal exactly when no tiled low dim changed or the tile is
            // empty; testing that avoids comparing products that overflow 64 bits.
            bool changed = descendLowDimsOnce(minNumel) && tile != 0;
            if (!changed)
                changed = descendLowDimsOnce(0) && tile != 0;
            // A round that neither added a config nor changed the tile leaves every input of
            // the next round as it was (the untiled low dims' inner tiles are read by nothing
            // that matters once the tiled ones are stuck): the remaining rounds up to 100
            // repeat it exactly, so they are skipped (their refusals would repeat the trail).
            if (!changed && m_out.phases.size() == configsBefore)
                break;
        }
        return tile < m_stop;
    }

    std::int64_t lastSplitBlocks(int axis) const
    {
        std::int64_t splits = 1;
        for (int t = 0; t < m_split.size; ++t) {
            const int a = m_split.at[t];
            if (a == axis)
                break;
            splits = saturatingMul(splits, ceilDiv(m_numel[a], m_block[a]));
        }
        const std::int64_t lastSplits = std::max<std::int64_t>(1, floorDiv(m_nvc, splits));
        return ceilDiv(m_numel[axis], lastSplits);
    }

    void tryAddLowProgramConfig(std::int64_t programs)
    {
        if (!m_tiny || programs < 1 || programs > m_tinyThreshold)
            return;
        const WalkPhase phase = m_phase;
        m_phase = WalkPhase::LowProgramProbe;
        if (m_tinyHist[std::size_t(programs)] >= 1) {
            if (m_trail) {
                fillConfig(m_block);
                record(TrailCode::LowProgramCap, programs, m_tinyHist[std::size_t(programs)]);
            }
            m_phase = phase;
            return;
        }
        const Blocks candidate = m_block;
        if (addToConfigs(candidate)) {
            if (!containsCandidate(candidate))
                m_candidates.push_back(candidate);
            if (!m_tinyActive) {
                m_tinyActive = true;
                m_tinyFloor = tileNumel();
            }
            ++m_tinyHist[std::size_t(programs)];
        }
        m_phase = phase;
    }

    bool descendOneAxis(int axisIndex, bool isSplit)
    {
        bool reachedStop = false;
        bool slowDescend = false;
        std::int64_t coreLimit = m_nvc;
        const std::int64_t maxPrograms = m_tiling.size > 0 ? m_nvc : kMaxPrograms;
        if (!isSplit && m_candidates.empty())
            m_candidates.push_back(m_block);

        const TileAxis& axis = m_p.axes[axisIndex];
        const auto setPhase = [&] {
            m_phase = isSplit ? WalkPhase::SplitDescent : WalkPhase::TilingDescent;
            m_phaseAxis = std::int8_t(axisIndex);
        };
        setPhase();
        while (true) {
            for (std::size_t c = 0; c < m_candidates.size(); ++c) {
                const Blocks candidate = m_candidates[c];
                if (addToConfigs(candidate))
                    descendLowDimsAndRestore();
            }

            if (tileNumel() <= m_stop) {
                if (addToConfigs(m_block))
                    descendLowDimsAndRestore();
                reachedStop = true;
                break;
            }

            const std::int64_t numel = isSplit ? m_block[axisIndex] : m_sub[axisIndex];
            if (numel == 1) {
                if (addToConfigs(m_block))
                    descendLowDimsAndRestore();
                break;
            }

            if (!isSplit) {
                m_sub[axisIndex] = numel >= 32 ? nextPowerOf2(floorDiv(numel, 2)) : numel - 1;
                continue;
            }

            if (m_p.persistentReduction && axis.reduction) {
                if (m_trail)
                    record(TrailCode::PersistentReduction, axis.length, 0, 0, 0, false);
                reachedStop = true;
                break;
            }
            std::int64_t programs = programsOf(m_block);
            if (programs > coreLimit) {
                // With nothing generated yet the walk tolerates up to maxPrograms.
                if (m_out.phases.empty()) {
                    coreLimit = maxPrograms;
                    slowDescend = programs > floorDiv(coreLimit, 2);
                }
                if (programs > coreLimit) {
                    const std::int64_t last = lastSplitBlocks(axisIndex);
                    if (m_trail) {
                        fillConfig(m_block);
                        record(TrailCode::ProgramLimit, programs, coreLimit,
                               coreLimit == kMaxPrograms ? 1 : 0, last);
                    }
                    if (last != m_block[axisIndex]) {
                        m_block[axisIndex] = last;
                        m_candidates.push_back(m_block);
                    }
                    break;
                }
            }

            const std::int64_t threshold = programThreshold();
            if (m_tiny && programs <= threshold) {
                tryAddLowProgramConfig(programs);
                setPhase();
            }
            if (programs > threshold || m_p.dualReduction) {
                if (m_candidates.size() > 2)
                    m_candidates.erase(m_candidates.begin());
                m_candidates.push_back(m_block);
                if (m_small)
                    addToConfigs(m_block);
                slowDescend = programs > floorDiv(coreLimit, 2);
            }

            if (!slowDescend) {
                m_block[axisIndex] = floorDiv(numel + 1, 2);
            } else {
                const std::int64_t quarter = floorDiv(numel + 3, 4);
                m_block[axisIndex] = numel - (quarter > 1 ? quarter : 1);
            }
            m_sub[axisIndex] = m_block[axisIndex];
            programs = programsOf(m_block);
            if (m_block[axisIndex] == 1 && (programs > threshold || m_p.dualReduction))
                m_candidates.push_back(m_block);
        }
        return reachedStop;
    }

    const TileProblem& m_p;
    TileGeneration& m_out;
    const bool m_trail;
    const int m_n;
    const int m_k;
    Blocks m_numel{};
    Blocks m_block{};
    Blocks m_sub{};
    AxisList m_split, m_tunableSplit, m_tiling, m_lowDims, m_tilingNotLowDims;
    std::vector<Blocks> m_candidates;
    std::vector<std::uint64_t> m_hashes; // per config
    std::vector<std::int32_t> m_table;   // config index per slot, -1 when free
    std::array<std::int64_t, kMaxParams> m_cfg{};
    int m_nvc = 1;
    std::int64_t m_align = 1;
    std::int64_t m_maxThreshold = 0;
    std::int64_t m_stop = 0;
    bool m_small = false;
    bool m_tiny = false;
    int m_tinyThreshold = 0;
    std::vector<int> m_tinyHist;
    bool m_tinyActive = false;
    std::int64_t m_tinyFloor = 0;
    WalkPhase m_phase = WalkPhase::SplitDescent;
    std::int8_t m_phaseAxis = -1;
};

} // namespace

void generateTiles(const TileProblem& problem, TileGeneration& out, const TileGeneratorOptions& options)
{
    out.values.clear();
    out.phases.clear();
    out.phaseAxes.clear();
    out.trail.clear();
    out.limits = {};
    out.error.reset();
    out.values.reserve(64 * problem.params.size());
    out.phases.reserve(64);
    out.phaseAxes.reserve(64);
    if (options.recordTrail)
        out.trail.reserve(256, problem.params.size());
    try {
        Walk walk(problem, out, options.recordTrail);
        walk.run();
    } catch (const DivisionByZero&) {
        out.error = "ZeroDivisionError: integer division or modulo by zero";
    }
}

TileGeneration generateTiles(const TileProblem& problem, const TileGeneratorOptions& options)
{
    TileGeneration out;
    generateTiles(problem, out, options);
    return out;
}

} // namespace ts::space
