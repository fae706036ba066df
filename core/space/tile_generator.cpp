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
        axis.reduction = !name.empty() && name[0] == 'r';
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
        : p_(problem), out_(out), trail_(recordTrail), n_(int(problem.axes.size())),
          k_(int(problem.params.size()))
    {
        for (int i = 0; i < n_; ++i) {
            const TileAxis& a = p_.axes[i];
            numel_[i] = a.length;
            block_[i] = a.fixedSplit > 0 ? a.fixedSplit : a.length;
            sub_[i] = block_[i];
            if (a.split)
                split_.push(i);
            if (a.tunableSplit)
                tunableSplit_.push(i);
            if (a.tiling)
                tiling_.push(i);
            if (a.lowDim)
                lowDims_.push(i);
        }
        for (int t = 0; t < tiling_.size; ++t)
            if (!lowDims_.contains(tiling_.at[t]))
                tilingNotLowDims_.push(tiling_.at[t]);

        nvc_ = p_.vectorCores;
        align_ = p_.alignElements();
        maxThreshold_ = p_.maxTileElements();
        std::int64_t total = 1;
        for (int i = 0; i < n_; ++i)
            total = saturatingMul(total, block_[i]);
        small_ = total < 128 * 1024;
        tiny_ = total <= 32 * 1024;
        const std::int64_t stopBytes = floorDiv(1024, p_.dtypeBytes);
        stop_ = small_ ? std::min(stopBytes, floorDiv(total, std::int64_t(nvc_) * 2)) : stopBytes;
        tinyThreshold_ = int(floorDiv(nvc_, 8));
        tinyHist_.assign(std::size_t(std::max(tinyThreshold_, 0)) + 1, 0);

        WalkLimits& l = out_.limits;
        l.maxTileElements = maxThreshold_;
        l.maxTotalNumel = total;
        l.stopNumel = stop_;
        l.smallKernel = small_;
        l.tinyKernel = tiny_;
        l.tinyProgramThreshold = tinyThreshold_;

        candidates_.reserve(16);
        hashes_.reserve(64);
        table_.assign(128, -1);
    }

    void run()
    {
        // Split axes first; then the other tiling axes starting from the first candidate's
        // blocks; then all low dims together.
        if (descendSplitAxes())
            return;
        if (!candidates_.empty()) {
            const Blocks first = candidates_.front();
            for (int i = 0; i < n_; ++i)
                sub_[i] = first[i];
        }
        if (descendTilingNotLowDims())
            return;
        descendAllLowDims();
    }

private:
    bool descendSplitAxes()
    {
        for (int t = 0; t < tunableSplit_.size; ++t)
            if (descendOneAxis(tunableSplit_.at[t], true))
                return true;
        return tileNumel() <= stop_;
    }

    bool descendTilingNotLowDims()
    {
        for (int t = 0; t < tilingNotLowDims_.size; ++t) {
            const int a = tilingNotLowDims_.at[t];
            if (p_.axes[a].reduction && p_.persistentReduction)
                continue;
            if (descendOneAxis(a, false))
                return true;
        }
        return tileNumel() <= stop_;
    }

    std::int64_t tileNumel() const
    {
        std::int64_t tile = 1;
        for (int i = 0; i < n_; ++i)
            tile = saturatingMul(tile, p_.axes[i].tiling ? sub_[i] : block_[i]);
        return tile;
    }

    std::int64_t programsOf(const Blocks& blocks) const
    {
        std::int64_t total = 1;
        for (int t = 0; t < split_.size; ++t) {
            const int a = split_.at[t];
            total = saturatingMul(total, ceilDiv(numel_[a], blocks[a]));
        }
        return total;
    }

    int programThreshold() const { return small_ ? tinyThreshold_ : int(floorDiv(nvc_, 2)); }

    // The backend's aligned_numel, with the SIMD alignment hoisted out of the loop.
    std::int64_t aligned(std::int64_t numel) const
    {
        if (p_.simtMode)
            return nextPowerOf2(numel);
        if (numel <= align_)
            return numel;
        return (numel + align_ - 1) / align_ * align_; // numel > align_ > 0: plain division
    }

    void fillConfig(const Blocks& candidate)
    {
        for (const ParamWrite& w : p_.writes) {
            std::int64_t v = 0;
            switch (w.source) {
            case ParamWrite::Source::SplitRaw:
                v = candidate[w.axis];
                break;
            case ParamWrite::Source::SplitAligned:
                v = aligned(candidate[w.axis]);
                break;
            case ParamWrite::Source::Tiling: {
                const std::int64_t t = aligned(sub_[w.axis]);
                v = p_.simtMode ? t : std::min(t, candidate[w.axis]);
                break;
            }
            }
            cfg_[w.param] = v;
        }
    }

    std::uint64_t configHash() const
    {
        std::uint64_t h = 0x9e3779b97f4a7c15ull;
        for (int j = 0; j < k_; ++j)
            h = (h ^ std::uint64_t(cfg_[j])) * 0x100000001b3ull;
        return h ^ (h >> 29);
    }

    // The earlier config with the same values, or -1: an open-addressing table of config
    // indices keyed by hash, since the walk retries the same candidates many times.
    std::int64_t findConfig(std::uint64_t hash) const
    {
        const std::size_t mask = table_.size() - 1;
        for (std::size_t slot = hash & mask;; slot = (slot + 1) & mask) {
            const std::int32_t entry = table_[slot];
            if (entry < 0)
                return -1;
            if (hashes_[std::size_t(entry)] != hash)
                continue;
            const std::int64_t* v = out_.values.data() + std::size_t(entry) * std::size_t(k_);
            if (std::equal(v, v + k_, cfg_.begin()))
                return entry;
        }
    }

    void insertConfig(std::uint64_t hash, std::int32_t index)
    {
        if ((hashes_.size() + 1) * 2 > table_.size()) {
            table_.assign(table_.size() * 2, -1);
            for (std::size_t c = 0; c < hashes_.size(); ++c)
                placeConfig(hashes_[c], std::int32_t(c));
        }
        hashes_.push_back(hash);
        placeConfig(hash, index);
    }

    void placeConfig(std::uint64_t hash, std::int32_t index)
    {
        const std::size_t mask = table_.size() - 1;
        std::size_t slot = hash & mask;
        while (table_[slot] >= 0)
            slot = (slot + 1) & mask;
        table_[slot] = index;
    }

    void record(TrailCode code, std::int64_t n0 = 0, std::int64_t n1 = 0, std::int64_t n2 = 0,
                std::int64_t n3 = 0, bool withConfig = true)
    {
        TrailEntry e;
        e.code = code;
        e.phase = phase_;
        e.axis = phaseAxis_;
        e.n[0] = n0;
        e.n[1] = n1;
        e.n[2] = n2;
        e.n[3] = n3;
        out_.trail.add(e, withConfig ? cfg_.data() : nullptr, k_);
    }

    bool addToConfigs(const Blocks& candidate)
    {
        fillConfig(candidate);
        // The budget is checked on the walk's current blocks, not on the candidate's.
        const std::int64_t tile = tileNumel();
        const std::size_t count = out_.phases.size();
        std::int64_t threshold = (count < 10 || small_) ? 0 : stop_ + 100;
        bool lowProgramFloor = false;
        std::int64_t programs = 0;
        if (tinyActive_ && tinyFloor_ > 0) {
            programs = programsOf(candidate);
            if (programs <= programThreshold()) {
                const std::int64_t floor = std::max(stop_, floorDiv(tinyFloor_, 2));
                if (floor > threshold) {
                    threshold = floor;
                    lowProgramFloor = true;
                }
            }
        }
        if (tile > maxThreshold_) {
            if (trail_)
                record(TrailCode::UbCapacity, tile, maxThreshold_);
            return false;
        }
        if (tile < threshold) {
            if (trail_) {
                if (lowProgramFloor)
                    record(TrailCode::LowProgramFloor, tile, threshold, programs, programThreshold());
                else
                    record(TrailCode::BelowMinTile, tile, threshold, std::int64_t(count));
            }
            return false;
        }
        const std::uint64_t hash = configHash();
        if (const std::int64_t dup = findConfig(hash); dup >= 0) {
            if (trail_)
                record(TrailCode::Duplicate, dup);
            return false;
        }
        insertConfig(hash, std::int32_t(out_.phases.size()));
        out_.values.insert(out_.values.end(), cfg_.begin(), cfg_.begin() + k_);
        out_.phases.push_back(phase_);
        out_.phaseAxes.push_back(phaseAxis_);
        return true;
    }

    bool containsCandidate(const Blocks& b) const
    {
        return std::find(candidates_.begin(), candidates_.end(), b) != candidates_.end();
    }

    // Descends the low dims on the current blocks, then puts their tiles back.
    void descendLowDimsAndRestore()
    {
        std::array<std::int64_t, kMaxAxes> saved{};
        for (int t = 0; t < lowDims_.size; ++t)
            saved[t] = sub_[lowDims_.at[t]];
        const WalkPhase phase = phase_;
        const std::int8_t axis = phaseAxis_;
        descendAllLowDims();
        phase_ = phase;
        phaseAxis_ = axis;
        for (int t = 0; t < lowDims_.size; ++t)
            sub_[lowDims_.at[t]] = saved[t];
    }

    // Returns whether the tile changed, i.e. whether a low-dim axis that is tiled shrank (the
    // inner tiles of untiled low dims move too, but do not enter the tile).
    bool descendLowDimsOnce(std::int64_t minNumel)
    {
        bool changed = false;
        for (int t = 0; t < lowDims_.size; ++t) {
            const int a = lowDims_.at[t];
            if (p_.axes[a].reduction && p_.persistentReduction)
                continue;
            std::int64_t numel = sub_[a];
            if (numel == 1)
                continue;
            // Axes within 20% of the smallest low dim wait for the others.
            if (minNumel > 1 &&
                double(numel > minNumel ? numel - minNumel : minNumel - numel) / double(minNumel) < 0.2)
                continue;
            const std::int64_t before = sub_[a];
            if (numel >= 128) {
                sub_[a] = nextPowerOf2(floorDiv(numel, 2));
            } else {
                numel = floorDiv(numel, 2);
                sub_[a] = std::min(aligned(numel), nextPowerOf2(numel));
            }
            changed = changed || (p_.axes[a].tiling && sub_[a] != before);
        }
        return changed;
    }

    bool descendAllLowDims()
    {
        if (lowDims_.size == 0)
            return false;
        // The smallest low-dim tile at entry; it is not refreshed while descending.
        std::int64_t minNumel = sub_[lowDims_.at[0]];
        for (int t = 1; t < lowDims_.size; ++t)
            minNumel = std::min(minNumel, sub_[lowDims_.at[t]]);
        phase_ = WalkPhase::LowDimDescent;
        phaseAxis_ = -1;

        if (candidates_.empty())
            candidates_.push_back(block_);

        int count = 0;
        std::int64_t tile = tileNumel();
        while (tile > stop_ && count < 100) {
            ++count;
            tile = tileNumel();
            const std::size_t configsBefore = out_.phases.size();
            for (std::size_t c = 0; c < candidates_.size(); ++c)
                addToConfigs(candidates_[c]);
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
            if (!changed && out_.phases.size() == configsBefore)
                break;
        }
        return tile < stop_;
    }

    std::int64_t lastSplitBlocks(int axis) const
    {
        std::int64_t splits = 1;
        for (int t = 0; t < split_.size; ++t) {
            const int a = split_.at[t];
            if (a == axis)
                break;
            splits = saturatingMul(splits, ceilDiv(numel_[a], block_[a]));
        }
        const std::int64_t lastSplits = std::max<std::int64_t>(1, floorDiv(nvc_, splits));
        return ceilDiv(numel_[axis], lastSplits);
    }

    void tryAddLowProgramConfig(std::int64_t programs)
    {
        if (!tiny_ || programs < 1 || programs > tinyThreshold_)
            return;
        const WalkPhase phase = phase_;
        phase_ = WalkPhase::LowProgramProbe;
        if (tinyHist_[std::size_t(programs)] >= 1) {
            if (trail_) {
                fillConfig(block_);
                record(TrailCode::LowProgramCap, programs, tinyHist_[std::size_t(programs)]);
            }
            phase_ = phase;
            return;
        }
        const Blocks candidate = block_;
        if (addToConfigs(candidate)) {
            if (!containsCandidate(candidate))
                candidates_.push_back(candidate);
            if (!tinyActive_) {
                tinyActive_ = true;
                tinyFloor_ = tileNumel();
            }
            ++tinyHist_[std::size_t(programs)];
        }
        phase_ = phase;
    }

    bool descendOneAxis(int axisIndex, bool isSplit)
    {
        bool reachedStop = false;
        bool slowDescend = false;
        std::int64_t coreLimit = nvc_;
        const std::int64_t maxPrograms = tiling_.size > 0 ? nvc_ : kMaxPrograms;
        if (!isSplit && candidates_.empty())
            candidates_.push_back(block_);

        const TileAxis& axis = p_.axes[axisIndex];
        const auto setPhase = [&] {
            phase_ = isSplit ? WalkPhase::SplitDescent : WalkPhase::TilingDescent;
            phaseAxis_ = std::int8_t(axisIndex);
        };
        setPhase();
        while (true) {
            for (std::size_t c = 0; c < candidates_.size(); ++c) {
                const Blocks candidate = candidates_[c];
                if (addToConfigs(candidate))
                    descendLowDimsAndRestore();
            }

            if (tileNumel() <= stop_) {
                if (addToConfigs(block_))
                    descendLowDimsAndRestore();
                reachedStop = true;
                break;
            }

            const std::int64_t numel = isSplit ? block_[axisIndex] : sub_[axisIndex];
            if (numel == 1) {
                if (addToConfigs(block_))
                    descendLowDimsAndRestore();
                break;
            }

            if (!isSplit) {
                sub_[axisIndex] = numel >= 32 ? nextPowerOf2(floorDiv(numel, 2)) : numel - 1;
                continue;
            }

            if (p_.persistentReduction && axis.reduction) {
                if (trail_)
                    record(TrailCode::PersistentReduction, axis.length, 0, 0, 0, false);
                reachedStop = true;
                break;
            }
            std::int64_t programs = programsOf(block_);
            if (programs > coreLimit) {
                // With nothing generated yet the walk tolerates up to maxPrograms.
                if (out_.phases.empty()) {
                    coreLimit = maxPrograms;
                    slowDescend = programs > floorDiv(coreLimit, 2);
                }
                if (programs > coreLimit) {
                    const std::int64_t last = lastSplitBlocks(axisIndex);
                    if (trail_) {
                        fillConfig(block_);
                        record(TrailCode::ProgramLimit, programs, coreLimit,
                               coreLimit == kMaxPrograms ? 1 : 0, last);
                    }
                    if (last != block_[axisIndex]) {
                        block_[axisIndex] = last;
                        candidates_.push_back(block_);
                    }
                    break;
                }
            }

            const std::int64_t threshold = programThreshold();
            if (tiny_ && programs <= threshold) {
                tryAddLowProgramConfig(programs);
                setPhase();
            }
            if (programs > threshold || p_.dualReduction) {
                if (candidates_.size() > 2)
                    candidates_.erase(candidates_.begin());
                candidates_.push_back(block_);
                if (small_)
                    addToConfigs(block_);
                slowDescend = programs > floorDiv(coreLimit, 2);
            }

            if (!slowDescend) {
                block_[axisIndex] = floorDiv(numel + 1, 2);
            } else {
                const std::int64_t quarter = floorDiv(numel + 3, 4);
                block_[axisIndex] = numel - (quarter > 1 ? quarter : 1);
            }
            sub_[axisIndex] = block_[axisIndex];
            programs = programsOf(block_);
            if (block_[axisIndex] == 1 && (programs > threshold || p_.dualReduction))
                candidates_.push_back(block_);
        }
        return reachedStop;
    }

    const TileProblem& p_;
    TileGeneration& out_;
    const bool trail_;
    const int n_;
    const int k_;
    Blocks numel_{};
    Blocks block_{};
    Blocks sub_{};
    AxisList split_, tunableSplit_, tiling_, lowDims_, tilingNotLowDims_;
    std::vector<Blocks> candidates_;
    std::vector<std::uint64_t> hashes_; // per config
    std::vector<std::int32_t> table_;   // config index per slot, -1 when free
    std::array<std::int64_t, kMaxParams> cfg_{};
    int nvc_ = 1;
    std::int64_t align_ = 1;
    std::int64_t maxThreshold_ = 0;
    std::int64_t stop_ = 0;
    bool small_ = false;
    bool tiny_ = false;
    int tinyThreshold_ = 0;
    std::vector<int> tinyHist_;
    bool tinyActive_ = false;
    std::int64_t tinyFloor_ = 0;
    WalkPhase phase_ = WalkPhase::SplitDescent;
    std::int8_t phaseAxis_ = -1;
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
