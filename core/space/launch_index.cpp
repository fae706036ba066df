#include "core/space/launch_index.h"

#include <algorithm>
#include <functional>
#include <limits>

namespace ts::space {

namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
// The flat table's largest size (16 MiB of indices); a larger product of value counts is keyed
// through the hashed path.
constexpr std::uint64_t kFlatLimit = std::uint64_t(1) << 22;

std::size_t mix(std::size_t seed, std::uint64_t v)
{
    return seed ^ (std::hash<std::uint64_t>{}(v) + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

} // namespace

std::size_t LaunchIndex::FiguresHash::operator()(const analysis::LaunchFigures& f) const
{
    std::size_t h = 0;
    for (std::int64_t d : f.grid)
        h = mix(h, std::uint64_t(d));
    for (std::int64_t v : {f.programs, f.covered, f.extent, f.along, f.block, f.stride})
        h = mix(h, std::uint64_t(v));
    return mix(h, std::uint64_t(f.coverage) << 24 | std::uint64_t(f.issue) << 16 | std::uint16_t(f.check));
}

std::size_t LaunchIndex::ValuesHash::operator()(const std::vector<std::int64_t>& v) const
{
    std::size_t h = v.size();
    for (std::int64_t x : v)
        h = mix(h, std::uint64_t(x));
    return h;
}

LaunchIndex::LaunchIndex(const analysis::LaunchModel& model, const std::vector<int>& slotDims,
                         const DimValues& dims, std::vector<analysis::LaunchFigures>& figures)
    : m_model(model), m_shape(analysis::LaunchShape::of(model)), m_figures(figures)
{
    // Room for the figures a lattice usually has, taken now, before the build reserves its
    // rows: grown during the walk, these small blocks land above the rows in the heap, and the
    // next build of the process faults in thousands of fresh pages for its rows.
    m_figures.reserve(m_figures.size() + 256);
    m_byFigures.reserve(m_figures.size() + 256);
    for (std::size_t i = 0; i < m_figures.size(); ++i)
        m_byFigures.try_emplace(m_figures[i], std::uint32_t(i));
    const std::size_t slots = m_model.slots().size();
    m_slotValues.assign(slots, analysis::kUnknownSlot);
    std::uint64_t size = 1;
    bool flat = true;
    for (std::size_t s = 0; s < slots; ++s) {
        if (!m_model.reads(int(s)))
            continue;
        Slot& r = m_read.emplace_back();
        r.slot = int(s);
        r.dim = s < slotDims.size() ? slotDims[s] : -1;
        r.fallback = m_model.slotDefaults()[s];
        if (r.dim >= 0 && std::size_t(r.dim) < dims.size() && dims[std::size_t(r.dim)])
            r.values = *dims[std::size_t(r.dim)];
        else
            r.values.push_back(r.fallback);
        std::sort(r.values.begin(), r.values.end());
        r.values.erase(std::unique(r.values.begin(), r.values.end()), r.values.end());
        r.stride = size;
        if (r.values.empty() || size > kFlatLimit / r.values.size())
            flat = false; // too many combinations for a flat table: rows are keyed by value
        else
            size *= r.values.size();
    }
    m_keyScratch.reserve(m_read.size());
    if (flat && !m_shape)
        m_flat.assign(std::size_t(size), kNone);
}

std::uint32_t LaunchIndex::settle(const analysis::LaunchFigures& figures)
{
    if (!m_shape->lastCorrectByShape())
        return store(figures);
    m_correctGrid = m_shape->gridVersion(); // the first correct row under this grid
    m_correct = store(figures);
    return m_correct;
}

std::uint32_t LaunchIndex::ofInFull(const std::int64_t* row)
{
    bool same = m_any;
    for (const Slot& r : m_read) {
        std::int64_t v = r.dim >= 0 ? row[r.dim] : analysis::kUnknownSlot;
        if (v == analysis::kUnknownSlot)
            v = r.fallback;
        std::int64_t& slot = m_slotValues[std::size_t(r.slot)];
        if (slot != v) {
            slot = v;
            same = false;
        }
    }
    if (same)
        return m_lastRow;
    m_any = true;
    if (!m_shape)
        return m_lastRow = lookUp();
    const analysis::LaunchFigures& figures = m_shape->evaluate(m_slotValues.data());
    // A correct row's figures are the grid's: stored once per grid.
    if (m_shape->lastCorrectByShape() && m_correctGrid == m_shape->gridVersion())
        m_lastRow = m_correct;
    else
        m_lastRow = settle(figures);
    m_stays = m_shape->lastCorrectByShape() && m_shape->settledUnderGrid();
    if (m_stays && m_staysGrid != m_shape->gridVersion())
        keepWhileSettled();
    return m_lastRow;
}

void LaunchIndex::keepWhileSettled()
{
    m_staysGrid = m_shape->gridVersion();
    m_stayEqual.clear();
    m_stayInRange.clear();
    // A slot no row sets (or the model does not read) keeps one value: nothing to check.
    auto add = [this](int slot, std::vector<Stay>& to) {
        for (const Slot& r : m_read)
            if (r.slot == slot && r.dim >= 0)
                to.push_back({r.dim, r.fallback, m_slotValues[std::size_t(slot)]});
    };
    for (int slot : m_shape->gridSlots())
        add(slot, m_stayEqual);
    for (int slot : m_shape->rangeSlots())
        add(slot, m_stayInRange);
}

std::uint32_t LaunchIndex::lookUp()
{
    if (!m_flat.empty()) {
        std::uint64_t key = 0;
        bool inTable = true;
        for (const Slot& r : m_read) {
            const std::int64_t v = m_slotValues[std::size_t(r.slot)];
            const auto at = std::lower_bound(r.values.begin(), r.values.end(), v);
            if (at == r.values.end() || *at != v) {
                inTable = false;
                break;
            }
            key += std::uint64_t(at - r.values.begin()) * r.stride;
        }
        if (inTable) {
            std::uint32_t& index = m_flat[std::size_t(key)];
            if (index == kNone)
                index = judge();
            return index;
        }
    }
    m_keyScratch.clear();
    for (const Slot& r : m_read)
        m_keyScratch.push_back(m_slotValues[std::size_t(r.slot)]);
    if (const auto found = m_byValues.find(m_keyScratch); found != m_byValues.end())
        return found->second;
    const std::uint32_t index = judge();
    m_byValues.emplace(m_keyScratch, index);
    return index;
}

std::uint32_t LaunchIndex::judge()
{
    return store(m_model.evaluate(m_slotValues.data()));
}

std::uint32_t LaunchIndex::store(const analysis::LaunchFigures& figures)
{
    if (m_last < m_figures.size() && m_figures[m_last] == figures)
        return m_last;
    const auto [at, inserted] = m_byFigures.try_emplace(figures, std::uint32_t(m_figures.size()));
    if (inserted)
        m_figures.push_back(figures);
    m_last = at->second;
    return m_last;
}

} // namespace ts::space
