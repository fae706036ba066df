// The candidate space of a version whose policy lays it out as the backend's own list
// (backends::SpaceRows::BackendList): its list row for row, then for a tl.dot kernel the
// candidates its cube pruning drops, each with the buffer and the bytes.
#include "core/space/candidate_space.h"
#include "core/space/cube_generator.h"

#include <algorithm>

namespace ts::space {

namespace {

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

    // A cube kernel's dropped candidates: the tile column holds the bytes the buffer needs, the
    // programs column its capacity.
    if (!b.cube)
        return;
    const CubeGeneration& cube = *b.cube;
    for (const CubePruned& p : cube.pruned) {
        std::fill(row.begin(), row.end(), kUnset);
        const std::vector<std::int64_t> values = cube.valuesAt(p.index);
        std::copy(values.begin(), values.end(), row.begin());
        m_values.insert(m_values.end(), row.begin(), row.end());
        push(CandidateStatus::Pruned, p.code, -1, -1, 1u << unsigned(p.code), p.bytes, p.capacity, launchOf(row.data()));
    }
    if (cube.prunedCount > cube.pruned.size())
        m_notes.push_back("The cube pruning drops " + std::to_string(cube.prunedCount) + " candidates (L1 " +
                          std::to_string(cube.prunedBy[0]) + ", L0A " + std::to_string(cube.prunedBy[1]) + ", L0B " +
                          std::to_string(cube.prunedBy[2]) + ", L0C " + std::to_string(cube.prunedBy[3]) +
                          "); the first " + std::to_string(cube.pruned.size()) + " are listed.");
}

} // namespace ts::space
