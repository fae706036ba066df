// The candidate space of a version whose policy lays it out as the backend's own list
// (backends::SpaceRows::BackendList): its list row for row, then for a tl.dot kernel the
// candidates its cube pruning drops, each with the buffer and the bytes, or for a vector kernel
// on request the lattice of tilings around the list.
#include "core/space/candidate_space.h"
#include "core/space/cube_generator.h"
#include "core/util/format.h"
#include "core/util/message.h"

#include <algorithm>
#include <functional>
#include <thread>
#include <unordered_map>

namespace ts::space {

namespace {

struct LaunchFiguresHash {
    std::size_t operator()(const analysis::LaunchFigures& f) const
    {
        std::size_t h = std::size_t(f.coverage) * 31 + std::size_t(f.issue);
        for (std::int64_t v : {f.grid[0], f.grid[1], f.grid[2], f.programs, std::int64_t(f.check), f.covered, f.extent,
                               f.along, f.block, f.stride})
            h = h * 1000003u ^ std::hash<std::int64_t>{}(v);
        return h;
    }
};

int findDimension(const std::vector<SpaceDimension>& dims, const std::string& name)
{
    for (std::size_t j = 0; j < dims.size(); ++j)
        if (dims[j].name == name)
            return int(j);
    return -1;
}

} // namespace

void CandidateSpace::addBackendListRows()
{
    m_rowsAreBackendList = true;
    const BackendConfigs& b = m_backend;

    // Dimensions: the tunable parameters first (the tile problem's, or the cube generator's), in
    // the generator's order, then every other keyword the list sets, first seen first.
    auto addDimension = [&](const std::string& name, SpaceDimension::Kind kind, bool boolean) {
        SpaceDimension dim;
        dim.name = name;
        dim.kind = kind;
        dim.boolean = boolean;
        m_dims.push_back(std::move(dim));
    };
    if (b.cube)
        for (const CubeParamSpace& p : b.cube->params) {
            addDimension(p.name, SpaceDimension::Kind::Tunable, false);
            m_dims.back().values = p.values;
        }
    else
        for (const std::string& name : b.problem.params)
            addDimension(name, SpaceDimension::Kind::Tunable, false);
    m_tunableCount = int(m_dims.size());
    m_hintBegin = m_tunableCount;
    for (const TritonConfig& cfg : b.configs)
        for (const auto& [name, value] : cfg.kwargs) {
            const int j = findDimension(m_dims, name);
            if (j < 0)
                addDimension(name, name == "multibuffer" ? SpaceDimension::Kind::Multibuffer : SpaceDimension::Kind::Hint,
                             value.isBool);
            // A str value (a compile option such as 'no-l0c') makes the dimension one of choices.
            SpaceDimension& dim = j < 0 ? m_dims.back() : m_dims[std::size_t(j)];
            if (value.isString && dim.choices.empty() && dim.kind != SpaceDimension::Kind::Tunable)
                dim.choices.push_back(value);
        }
    m_hintCount = int(m_dims.size()) - m_hintBegin;
    bindLaunchModel(m_launchModel);

    // The backend's list, in its order.
    const std::size_t d = m_dims.size();
    const bool vectorProblem = !b.cube && b.problemBuilt;
    std::vector<std::int64_t> row(d);
    m_userConfigs.clear();
    for (std::size_t i = 0; i < b.configs.size(); ++i) {
        const TritonConfig& cfg = b.configs[i];
        std::fill(row.begin(), row.end(), kUnset);
        for (const auto& [name, value] : cfg.kwargs) {
            const std::size_t j = std::size_t(findDimension(m_dims, name));
            row[j] = m_dims[j].encode(value);
        }
        for (int j = 0; j < m_tunableCount; ++j)
            if (row[std::size_t(j)] != kUnset) {
                auto& values = m_dims[std::size_t(j)].values;
                if (!b.cube && std::find(values.begin(), values.end(), row[std::size_t(j)]) == values.end())
                    values.insert(std::upper_bound(values.begin(), values.end(), row[std::size_t(j)]), row[std::size_t(j)]);
            }
        const std::int64_t tile = vectorProblem ? tileOf(row.data()) : 0;
        const std::int64_t programs = vectorProblem ? programsOf(row.data()) : 0;
        int param = -1;
        const std::uint32_t violations = vectorProblem ? checkHard(row.data(), tile, programs, &param) : 0;
        m_values.insert(m_values.end(), row.begin(), row.end());
        switch (b.origins[i]) {
        case BackendConfigs::Origin::Generated:
            push(CandidateStatus::Generated, firstViolation(violations), -1, std::int8_t(param), violations, tile,
                 programs, launchOf(row.data()));
            break;
        case BackendConfigs::Origin::Fallback:
            push(CandidateStatus::Generated, ReasonCode::Fallback, -1, -1, 0, tile, programs, launchOf(row.data()));
            break;
        case BackendConfigs::Origin::User:
            push(CandidateStatus::User, violations ? firstViolation(violations) : ReasonCode::Handwritten,
                 std::int32_t(m_userConfigs.size()), std::int8_t(param), violations, tile, programs,
                 launchOf(row.data()));
            m_userConfigs.push_back(cfg);
            break;
        }
    }
    m_generatedCount = std::size_t(std::count_if(b.origins.begin(), b.origins.end(), [](BackendConfigs::Origin o) {
        return o != BackendConfigs::Origin::User;
    }));
    // The generated rows come first in the list, the handwritten ones after them.

    if (b.cube)
        addCubePrunedRows();
}

void CandidateSpace::addCubePrunedRows()
{
    // Every tiling the cube pruning drops is a row, read from the verdict grid on demand: its
    // position (4 bytes) is all a row keeps. The hints it never reaches stay unset.
    const CubeGeneration& cube = *m_backend.cube;
    m_cubeRows.reserve(std::size_t(cube.prunedCount));
    for (std::size_t cell = 0; cell < cube.verdicts.size(); ++cell)
        if (cube.verdicts[cell] != 0)
            m_cubeRows.push_back(std::uint32_t(cell));
    m_cubeStride.assign(std::size_t(m_tunableCount), 1);
    for (int j = m_tunableCount - 1; j > 0; --j)
        m_cubeStride[std::size_t(j - 1)] = m_cubeStride[std::size_t(j)] * m_dims[std::size_t(j)].values.size();

    // Their launch figures, once per combination of the tunable values the launch model reads.
    m_cubeLaunchDims.clear();
    m_cubeLaunch.clear();
    if (m_launchModel && !m_cubeRows.empty()) {
        for (int s : m_readSlots)
            if (const int d = m_slotDims[std::size_t(s)]; d >= 0 && d < m_tunableCount &&
                std::find(m_cubeLaunchDims.begin(), m_cubeLaunchDims.end(), d) == m_cubeLaunchDims.end())
                m_cubeLaunchDims.push_back(d);
        std::size_t combinations = 1;
        for (int d : m_cubeLaunchDims)
            combinations *= m_dims[std::size_t(d)].values.size();
        // Each combination is evaluated once (a matmul's loop over K reads all three blocks: 2.2
        // million), so the figures are shared by value rather than looked up by their slots. The
        // combinations are split among a few threads, each keeping the distinct figures of its
        // slice in first-seen order; the slices are then merged in order, so the figures' order
        // (and every row's index) is the one a single thread gives.
        std::vector<std::pair<int, int>> reads;                // (slot, index in m_cubeLaunchDims or -1)
        for (int s : m_readSlots) {
            const int d = m_slotDims[std::size_t(s)];
            const auto at = std::find(m_cubeLaunchDims.begin(), m_cubeLaunchDims.end(), d);
            reads.emplace_back(s, at == m_cubeLaunchDims.end() ? -1 : int(at - m_cubeLaunchDims.begin()));
        }
        m_cubeLaunch.resize(combinations);
        struct Slice {
            std::size_t first = 0, last = 0;
            std::vector<analysis::LaunchFigures> figures;  // distinct, in first-seen order
        };
        const std::size_t threads =
            combinations < 65536 ? 1 : std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 8);
        std::vector<Slice> slices(threads);
        const std::size_t step = (combinations + threads - 1) / threads;
        const auto evaluateSlice = [&](Slice& slice) {
            std::unordered_map<analysis::LaunchFigures, std::uint32_t, LaunchFiguresHash> seen;
            std::vector<std::int64_t> slots(m_launchModel->slots().size(), analysis::kUnknownSlot);
            std::vector<std::int64_t> combination(m_cubeLaunchDims.size());
            for (std::size_t c = slice.first; c < slice.last; ++c) {
                std::size_t rest = c;
                for (std::size_t k = m_cubeLaunchDims.size(); k-- > 0;) {
                    const std::vector<std::int64_t>& vals = m_dims[std::size_t(m_cubeLaunchDims[k])].values;
                    combination[k] = vals[rest % vals.size()];
                    rest /= vals.size();
                }
                for (const auto& [s, k] : reads)
                    slots[std::size_t(s)] = k >= 0 ? combination[std::size_t(k)] : m_launchModel->slotDefaults()[std::size_t(s)];
                const analysis::LaunchFigures figures = m_launchModel->evaluate(slots.data());
                const auto [at, added] = seen.try_emplace(figures, std::uint32_t(slice.figures.size()));
                if (added)
                    slice.figures.push_back(figures);
                m_cubeLaunch[c] = at->second;  // the slice's own index, mapped at the merge
            }
        };
        std::vector<std::thread> pool;
        for (std::size_t t = 0; t < threads; ++t) {
            slices[t].first = std::min(combinations, t * step);
            slices[t].last = std::min(combinations, (t + 1) * step);
            if (t > 0)
                pool.emplace_back(evaluateSlice, std::ref(slices[t]));
        }
        evaluateSlice(slices[0]);
        for (std::thread& thread : pool)
            thread.join();
        std::unordered_map<analysis::LaunchFigures, std::uint32_t, LaunchFiguresHash> known;
        for (std::size_t k = 0; k < m_launches.size(); ++k)
            known.emplace(m_launches[k], std::uint32_t(k));
        for (const Slice& slice : slices) {
            std::vector<std::uint32_t> global(slice.figures.size());
            for (std::size_t k = 0; k < slice.figures.size(); ++k) {
                const auto [at, added] = known.try_emplace(slice.figures[k], std::uint32_t(m_launches.size()));
                if (added)
                    m_launches.push_back(slice.figures[k]);
                global[k] = at->second;
            }
            for (std::size_t c = slice.first; c < slice.last; ++c)
                m_cubeLaunch[c] = global[m_cubeLaunch[c]];
        }
    }
    if (cube.prunedCount > 0) {
        const auto count = [](std::size_t n) { return msg::count(std::int64_t(n)); }; // millions
        m_notes.push_back(msg::Message(msg::Id::CubePruningDrops,
                                       {count(cube.prunedCount), count(cube.prunedBy[0]), count(cube.prunedBy[1]),
                                        count(cube.prunedBy[2]), count(cube.prunedBy[3])}));
    }
}

bool CandidateSpace::prepareListLattice()
{
    const BackendConfigs& b = m_backend;
    const TileProblem& p = b.problem;
    const std::size_t d = m_dims.size();
    const std::size_t width = d - std::size_t(m_tunableCount);
    // The lattice walk checks each tiling against the tile problem's axes.
    for (int k = 0; k < m_tunableCount; ++k) {
        SpaceDimension& dim = m_dims[std::size_t(k)];
        dim.splitAxes.clear();
        dim.tilingAxes.clear();
        const int param = p.paramIndex(dim.name);
        for (std::size_t a = 0; a < p.axes.size(); ++a) {
            if (param >= 0 && p.axes[a].splitParam == param)
                dim.splitAxes.push_back(int(a));
            if (param >= 0 && p.axes[a].tilingParam == param)
                dim.tilingAxes.push_back(int(a));
        }
    }

    // The options each tiling is listed with: those of the first tiling's rows, in list order.
    // The lattice crosses every tiling with the same ones, so the list must be laid out that
    // way (the tiling's rows one after the other, the same options for each).
    const bool anyGenerated = !b.origins.empty() && b.origins.front() == BackendConfigs::Origin::Generated;
    const std::size_t bases = anyGenerated ? b.tiles.count() : 0;
    m_listCombos.clear();
    m_listComboOptions.clear();
    std::size_t rows = 0;
    while (rows < b.origins.size() && b.origins[rows] == BackendConfigs::Origin::Generated)
        ++rows;
    if (bases == 0) {
        m_comboCount = 1;
        m_listCombos.assign(width, kUnset);
        m_listComboOptions.emplace_back(1, 1); // a tiling's own config: num_warps=1, num_stages=1
    } else {
        m_comboCount = rows / bases;
        bool uniform = m_comboCount > 0 && rows == bases * m_comboCount && b.baseIndex.size() >= rows;
        for (std::size_t i = 0; uniform && i < rows; ++i) {
            const std::size_t c = i % m_comboCount;
            const std::int64_t* v = m_values.data() + i * d + std::size_t(m_tunableCount);
            if (b.baseIndex[i] != int(i / m_comboCount))
                uniform = false;
            else if (i < m_comboCount) {
                m_listCombos.insert(m_listCombos.end(), v, v + width);
                m_listComboOptions.emplace_back(b.configs[i].numWarps, b.configs[i].numStages);
            } else if (!std::equal(v, v + width, m_listCombos.begin() + std::ptrdiff_t(c * width)) ||
                       m_listComboOptions[c] != std::pair(b.configs[i].numWarps, b.configs[i].numStages)) {
                uniform = false;
            }
        }
        if (!uniform) {
            m_comboCount = 1;
            m_notes.push_back(msg::Message(msg::Id::LatticeListNotUniform));
            return false;
        }
    }
    m_minGeneratedTile = bases > 0 ? std::numeric_limits<std::int64_t>::max() : 0;
    m_maxGeneratedPrograms = 0;
    std::vector<std::int64_t> row(d, kUnset);
    for (std::size_t g = 0; g < bases; ++g) {
        const std::int64_t* base = b.tiles.config(g, p.params.size());
        std::copy(base, base + m_tunableCount, row.begin());
        m_minGeneratedTile = std::min(m_minGeneratedTile, tileOf(row.data()));
        m_maxGeneratedPrograms = std::max(m_maxGeneratedPrograms, programsOf(row.data()));
    }
    m_latticeBegin = size();
    return true;
}

} // namespace ts::space
