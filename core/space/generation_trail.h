#pragma once
// What the tile generator tried and turned down, with the numbers behind each refusal.
// Entries are plain data; messages are formatted only when asked for.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ts::space {

struct TileProblem;

enum class TrailCode : std::uint8_t {
    UbCapacity,          // walk tile over the local memory budget
    BelowMinTile,        // under the stricter minimum once ten configs exist (large kernels)
    LowProgramFloor,     // few programs and a tile under half the first low-program tile
    Duplicate,           // same keyword values as an earlier config
    ProgramLimit,        // split walk stopped: grid over the vector cores or 65,535 programs
    LowProgramCap,       // tiny kernels keep one config per small program count
    PersistentReduction, // a persistent reduction axis is never split
};
inline constexpr int kTrailCodeCount = 7;

std::string_view trailCodeName(TrailCode code); // kebab-case: "ub-capacity"

// Where in the walk the candidate came from.
enum class WalkPhase : std::uint8_t { SplitDescent, TilingDescent, LowDimDescent, LowProgramProbe };
std::string_view walkPhaseName(WalkPhase phase);

struct TrailEntry {
    TrailCode code = TrailCode::Duplicate;
    WalkPhase phase = WalkPhase::SplitDescent;
    std::int8_t axis = -1;    // axis being descended, -1 for all low dims at once
    std::int32_t values = -1; // offset of the candidate's keyword values, -1 when none
    // Code-specific numbers:
    //   ub-capacity          n0 walk tile elements, n1 max tile elements
    //   below-min-tile       n0 walk tile elements, n1 minimum, n2 configs so far
    //   low-program-floor    n0 walk tile elements, n1 minimum, n2 programs, n3 program threshold
    //   duplicate            n0 index of the earlier config
    //   program-limit        n0 programs, n1 limit, n2 1 when the limit is 65,535, n3 new block
    //   low-program-cap      n0 programs, n1 configs already kept for that count
    //   persistent-reduction n0 axis length
    std::int64_t n[4] = {0, 0, 0, 0};
};

class GenerationTrail {
public:
    void clear()
    {
        m_entries.clear();
        m_values.clear();
    }
    void reserve(std::size_t entries, std::size_t paramCount)
    {
        m_entries.reserve(entries);
        m_values.reserve(entries * paramCount);
    }

    std::size_t size() const { return m_entries.size(); }
    bool empty() const { return m_entries.empty(); }
    const TrailEntry& operator[](std::size_t i) const { return m_entries[i]; }
    const std::vector<TrailEntry>& entries() const { return m_entries; }

    // The candidate's keyword values (TileProblem::params order), or nullptr.
    const std::int64_t* values(std::size_t i) const
    {
        return m_entries[i].values < 0 ? nullptr : m_values.data() + m_entries[i].values;
    }

    // Appends an entry; `values` (paramCount numbers) may be null.
    void add(const TrailEntry& entry, const std::int64_t* values, int paramCount)
    {
        TrailEntry e = entry;
        if (values != nullptr) {
            e.values = static_cast<std::int32_t>(m_values.size());
            m_values.insert(m_values.end(), values, values + paramCount);
        }
        m_entries.push_back(e);
    }

    // "tile 12288 elements x 4 B x 3 buffers = 144 KiB > 128 KiB budget"
    std::string describe(std::size_t i, const TileProblem& problem) const;
    // "XBLOCK=128, XBLOCK_SUB=64"
    std::string describeValues(std::size_t i, const TileProblem& problem) const;

    std::size_t count(TrailCode code) const;

private:
    std::vector<TrailEntry> m_entries;
    std::vector<std::int64_t> m_values;
};

} // namespace ts::space
