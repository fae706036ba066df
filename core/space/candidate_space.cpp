// The candidate space: the backend's generation and pruning for a launch (with the trail of
// every candidate tried), and the lattice around it. A little over 900 lines because the lattice
// walk (buildLattice) keeps its tables local for speed; generation itself is in
// tile_generator.cpp.

#include "core/space/candidate_space.h"

#include "core/space/cube_generator.h"
#include "core/space/launch_index.h"

#include "core/backends/backend_policy.h"
#include "core/backends/backend_registry.h"
#include "core/space/space_format.h"
#include "core/util/format.h"
#include "core/util/message.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <optional>

namespace ts::space {

namespace {

// Names by enum value: the statuses' and the reasons' kebab-case names, as every output writes them.
constexpr std::string_view kStatusNames[] = {"generated", "pruned", "skipped", "user", "incorrect"};
static_assert(std::size(kStatusNames) == std::size_t(kCandidateStatusCount));
constexpr std::string_view kReasonNames[] = {
    "",                   "ub-capacity",       "unaligned-tile",    "tile-exceeds-block", "program-limit",
    "invalid-value",      "missing-param",     "below-min-tile",    "off-walk",           "nothing-generated",
    "generation-off",     "backend-error",     "handwritten",       "fallback",           "cube-l1-capacity",
    "cube-l0a-capacity",  "cube-l0b-capacity", "cube-l0c-capacity", "cube-time-budget",   "uncovered",
    "overrun",            "num-stages-tied",   "max-autotune-only", "outside-hint"};
static_assert(std::size(kReasonNames) == std::size_t(kReasonCodeCount));

} // namespace

std::string_view statusName(CandidateStatus status)
{
    return std::size_t(status) < std::size(kStatusNames) ? kStatusNames[std::size_t(status)] : "unknown";
}

std::string_view reasonCodeName(ReasonCode code)
{
    return std::size_t(code) < std::size(kReasonNames) ? kReasonNames[std::size_t(code)] : "unknown";
}

bool isCubeReason(ReasonCode code)
{
    return code >= ReasonCode::CubeL1Capacity && code <= ReasonCode::CubeTimeBudget;
}

std::optional<ReasonCode> parseReasonCode(std::string_view name)
{
    for (int i = 0; i < kReasonCodeCount; ++i)
        if (reasonCodeName(ReasonCode(i)) == name)
            return ReasonCode(i);
    return std::nullopt;
}

bool isHardConstraint(ReasonCode code)
{
    switch (code) {
    case ReasonCode::UbCapacity:
    case ReasonCode::UnalignedTile:
    case ReasonCode::TileExceedsBlock:
    case ReasonCode::ProgramLimit:
    case ReasonCode::InvalidValue:
    case ReasonCode::MissingParam:
    case ReasonCode::CubeL1Capacity:
    case ReasonCode::CubeL0aCapacity:
    case ReasonCode::CubeL0bCapacity:
    case ReasonCode::CubeL0cCapacity:
        return true;
    default:
        return false;
    }
}

namespace {

constexpr std::uint32_t bit(ReasonCode code)
{
    return 1u << unsigned(code);
}

// The order in which hard violations are reported: the most fundamental first.
constexpr std::array<ReasonCode, 6> kHardOrder = {ReasonCode::InvalidValue,     ReasonCode::MissingParam,
                                                  ReasonCode::UbCapacity,       ReasonCode::ProgramLimit,
                                                  ReasonCode::TileExceedsBlock, ReasonCode::UnalignedTile};

} // namespace

ReasonCode firstViolation(std::uint32_t mask)
{
    for (ReasonCode code : kHardOrder)
        if (mask & bit(code))
            return code;
    return ReasonCode::None;
}

std::int64_t SpaceDimension::encode(const ParamValue& v)
{
    if (choices.empty())
        return v.isString ? kUnset : v.value;
    const auto at = std::find(choices.begin(), choices.end(), v);
    if (at != choices.end())
        return std::int64_t(at - choices.begin());
    choices.push_back(v);
    return std::int64_t(choices.size() - 1);
}

ParamValue SpaceDimension::decode(std::int64_t v) const
{
    if (!choices.empty())
        return v >= 0 && std::size_t(v) < choices.size() ? choices[std::size_t(v)] : ParamValue::integer(v);
    return boolean ? ParamValue::boolean(v != 0) : ParamValue::integer(v);
}

std::string SpaceDimension::text(std::int64_t v) const
{
    return v == kUnset ? std::string() : decode(v).toPython();
}

namespace {

bool isAxisHint(const std::string& name)
{
    return name == "split_params" || name == "tiling_params" || name == "low_dim_axes" ||
           name == "reduction_axes" || name == "auto_gen_config";
}

bool isPowerOfTwo(std::int64_t v)
{
    return v > 0 && (v & (v - 1)) == 0;
}

float log2Of(std::int64_t v)
{
    return v > 0 ? float(std::log2(double(v))) : -1.0f;
}

} // namespace

CandidateSpace CandidateSpace::build(const analysis::AxisParse& parse, const LaunchSpec& launch,
                                     const HintList& hints, const GeneratorDevice& device,
                                     const SpaceOptions& options)
{
    CandidateSpace space;
    space.m_device = device;
    space.m_backendVersion = launch.backend;
    // hints={"auto_gen_config": True} reaches the backend like the launch flag.
    LaunchSpec effective = launch;
    for (const auto& [name, values] : hints)
        if (name == "auto_gen_config" && !values.empty() && values.front().value != 0)
            effective.autoGenConfigHint = true;
    space.m_backend = generateBackendConfigs(parse, effective, device, {options.recordTrail});
    space.m_userConfigs = launch.userConfigs;

    // Without generation the backend never builds its KernelMeta; the space still needs it.
    bool problemValid = space.m_backend.problemBuilt;
    // A parse that ran to the end but raised (a missing argument, typically) still describes
    // the axes: the lattice shows what the space would be, every point marked backend-error.
    const bool parseUsable = !parse.error || parse.completed;
    if (!problemValid && space.m_backend.dtypeBytes > 0 && parseUsable &&
        (!space.m_backend.generationRan || parse.error)) {
        TileProblemResult made =
            makeTileProblem(kernelMetaFor(parse, effective, space.m_backend.dtypeBytes), device);
        if (!made.error) {
            space.m_backend.problem = std::move(made.problem);
            problemValid = true;
        }
    }

    const backends::BackendPolicy& version = backends::policy(launch.backend);
    if (!launch.asWritten && version.spaceRows() == backends::SpaceRows::BackendList) {
        space.m_launchModel = launch.launchModel;
        space.addBackendListRows();
        if (options.lattice) {
            // A vector kernel's lattice is its tiling's, around the list; a tl.dot kernel's
            // space is the cube generator's, kept and pruned.
            if (msg::Message why = version.latticeUnavailable(); !why.empty())
                space.m_notes.push_back(std::move(why));
            else if (space.m_backend.cube)
                space.m_notes.push_back(msg::Message(msg::Id::LatticeIsCubeSpace));
            else if (problemValid && space.m_tunableCount == 0)
                space.m_notes.push_back(msg::Message(msg::Id::LatticeNoBlockParameter));
            else if (!problemValid)
                space.m_notes.push_back(space.invalidDescriptionNote());
            else {
                space.prepareOptionPoints();
                if (space.prepareListLattice() && !options.stop.stop_requested()) {
                    space.buildLattice(options);
                    space.addOptionPoints();
                }
            }
            if (options.stop.stop_requested())
                space.m_stopped = true;
        }
        space.m_launchByKey.clear();
        if (!space.m_stopped && options.progress)
            options.progress(1.0);
        return space;
    }
    space.buildDimensions(hints, effective);
    space.bindLaunchModel(launch.launchModel);
    space.addBackendList();
    if (options.stop.stop_requested()) {
        space.m_stopped = true;
        return space;
    }
    if (options.lattice) {
        if (problemValid) {
            space.prepareOptionPoints();
            space.buildLattice(options);
            space.addOptionPoints();
        } else
            space.m_notes.push_back(space.invalidDescriptionNote());
    }
    space.m_launchByKey.clear(); // only the build looks figures up by their slots
    if (!space.m_stopped && options.progress)
        options.progress(1.0);
    return space;
}

void CandidateSpace::buildDimensions(const HintList& hints, const LaunchSpec& launch)
{
    const TileProblem& p = m_backend.problem;
    for (std::size_t k = 0; k < p.params.size(); ++k) {
        SpaceDimension dim;
        dim.name = p.params[k];
        dim.kind = SpaceDimension::Kind::Tunable;
        for (std::size_t a = 0; a < p.axes.size(); ++a) {
            if (p.axes[a].splitParam == int(k))
                dim.splitAxes.push_back(int(a));
            if (p.axes[a].tilingParam == int(k))
                dim.tilingAxes.push_back(int(a));
        }
        m_dims.push_back(std::move(dim));
    }
    m_tunableCount = int(m_dims.size());
    m_hintBegin = m_tunableCount;

    const bool simt = launch.forceSimtOnly;
    const std::vector<ParamValue>* multibufferHint = nullptr;
    for (const auto& [name, values] : hints) {
        if (isAxisHint(name))
            continue;
        if (name == "multibuffer" && !simt) {
            multibufferHint = &values;
            continue;
        }
        if (p.paramIndex(name) >= 0) {
            m_notes.push_back(msg::Message(msg::Id::HintNamesGenerated, {name}));
            continue;
        }
        if (values.empty()) {
            m_notes.push_back(msg::Message(msg::Id::HintHasNoValues, {name}));
            continue;
        }
        SpaceDimension dim;
        dim.name = name;
        dim.kind = SpaceDimension::Kind::Hint;
        dim.boolean = std::all_of(values.begin(), values.end(), [](const ParamValue& v) { return v.isBool; });
        if (std::any_of(values.begin(), values.end(), [](const ParamValue& v) { return v.isString; }))
            dim.choices = {values.front()};
        for (const ParamValue& v : values)
            dim.values.push_back(dim.encode(v));
        m_dims.push_back(std::move(dim));
    }
    m_hintCount = int(m_dims.size()) - m_hintBegin;

    if (simt) {
        SpaceDimension dim;
        dim.name = "num_warps";
        dim.kind = SpaceDimension::Kind::NumWarps;
        if (launch.numWarps)
            dim.values = {*launch.numWarps};
        else
            dim.values = {8, 16, 32, 64};
        m_variantDim = int(m_dims.size());
        m_dims.push_back(std::move(dim));
    } else if (launch.multibuffer) {
        if (multibufferHint != nullptr)
            m_notes.push_back(msg::Message(msg::Id::HintMultibufferFixed));
    } else {
        SpaceDimension dim;
        dim.name = "multibuffer";
        dim.kind = SpaceDimension::Kind::Multibuffer;
        dim.boolean = true;
        if (multibufferHint != nullptr && !multibufferHint->empty()) {
            // A multibuffer hint replaces the automatic doubling.
            for (const ParamValue& v : *multibufferHint)
                dim.values.push_back(v.value != 0 ? 1 : 0);
        } else {
            dim.values = {kUnset, m_backend.defaultMultibuffer ? 0 : 1};
        }
        m_variantDim = int(m_dims.size());
        m_dims.push_back(std::move(dim));
    }
    if (m_hintCount > 0 || multibufferHint != nullptr)
        if (msg::Message note = backends::policy(launch.backend).crossedHintsNote(); !note.empty())
            m_notes.push_back(std::move(note));

    m_comboCount = 1;
    for (std::size_t d = std::size_t(m_hintBegin); d < m_dims.size(); ++d)
        m_comboCount *= m_dims[d].values.size();
}

std::int64_t CandidateSpace::tileOf(const std::int64_t* v) const
{
    const TileProblem& p = m_backend.problem;
    std::int64_t tile = 1;
    for (std::size_t i = 0; i < p.axes.size(); ++i) {
        const TileAxis& a = p.axes[i];
        std::int64_t t = a.fixedSplit > 0 ? a.fixedSplit : a.length;
        if (a.tunableSplit && a.splitParam >= 0 && v[a.splitParam] != kUnset)
            t = v[a.splitParam];
        if (a.tiling && a.tilingParam >= 0 && v[a.tilingParam] != kUnset)
            t = v[a.tilingParam];
        tile = saturatingMul(tile, t);
    }
    return tile;
}

std::int64_t CandidateSpace::programsOf(const std::int64_t* v) const
{
    const TileProblem& p = m_backend.problem;
    std::int64_t total = 1;
    for (std::size_t i = 0; i < p.axes.size(); ++i) {
        const TileAxis& a = p.axes[i];
        if (!a.split)
            continue;
        std::int64_t block = a.fixedSplit > 0 ? a.fixedSplit : a.length;
        if (a.tunableSplit && a.splitParam >= 0 && v[a.splitParam] != kUnset)
            block = v[a.splitParam];
        if (block <= 0)
            return 0;
        total = saturatingMul(total, (a.length + block - 1) / block);
    }
    return total;
}

std::uint32_t CandidateSpace::checkHard(const std::int64_t* v, std::int64_t tile, std::int64_t programs,
                                        int* param) const
{
    const TileProblem& p = m_backend.problem;
    std::uint32_t mask = 0;
    std::array<int, kReasonCodeCount> paramOf;
    paramOf.fill(-1);
    auto flag = [&](ReasonCode code, int k) {
        if (!(mask & bit(code)))
            paramOf[std::size_t(code)] = k;
        mask |= bit(code);
    };

    for (int k = 0; k < m_tunableCount; ++k) {
        if (v[k] == kUnset)
            flag(ReasonCode::MissingParam, k);
        else if (v[k] <= 0)
            flag(ReasonCode::InvalidValue, k);
    }
    const std::int64_t bytes = saturatingMul(saturatingMul(tile, p.dtypeBytes), p.numBuffers);
    if (bytes > std::int64_t(p.localMemKib) * 1024)
        flag(ReasonCode::UbCapacity, -1);
    if (programs > kMaxPrograms)
        flag(ReasonCode::ProgramLimit, -1);

    const std::int64_t align = p.alignElements();
    for (int k = 0; k < m_tunableCount; ++k) {
        const std::int64_t val = v[k];
        if (val == kUnset || val <= 0)
            continue;
        const SpaceDimension& dim = m_dims[std::size_t(k)];
        for (int a : dim.tilingAxes) {
            const TileAxis& axis = p.axes[std::size_t(a)];
            std::int64_t block = axis.fixedSplit > 0 ? axis.fixedSplit : axis.length;
            if (axis.tunableSplit && axis.splitParam >= 0 && v[axis.splitParam] != kUnset)
                block = v[axis.splitParam];
            if (block > 0 && val > (p.simtMode ? nextPowerOf2(block) : block))
                flag(ReasonCode::TileExceedsBlock, k);
            const bool aligned =
                p.simtMode ? isPowerOfTwo(val) : (val <= align || val % align == 0 || val == block);
            if (!aligned)
                flag(ReasonCode::UnalignedTile, k);
        }
        for (int a : dim.splitAxes) {
            const TileAxis& axis = p.axes[std::size_t(a)];
            if (axis.tiling)
                continue; // a split that is tiled inside is not aligned by the backend
            const bool aligned =
                p.simtMode ? isPowerOfTwo(val) : (val <= align || val % align == 0 || val == axis.length);
            if (!aligned)
                flag(ReasonCode::UnalignedTile, k);
        }
    }
    if (param != nullptr)
        *param = mask != 0 ? paramOf[std::size_t(firstViolation(mask))] : -1;
    return mask;
}

std::size_t CandidateSpace::push(CandidateStatus status, ReasonCode reason, std::int32_t ref,
                                 std::int8_t param, std::uint32_t violations, std::int64_t tile,
                                 std::int64_t programs, std::uint32_t launch)
{
    m_launch.push_back(launch);
    m_status.push_back(status);
    m_reason.push_back(reason);
    m_ref.push_back(ref);
    m_param.push_back(param);
    m_violations.push_back(violations);
    m_tile.push_back(tile);
    m_programs.push_back(programs);
    return m_status.size() - 1;
}

void CandidateSpace::addBackendList()
{
    const std::size_t d = m_dims.size();
    const std::size_t k = m_backend.problem.params.size();
    const bool anyGenerated =
        m_backend.generatedCount() > 0 && m_backend.origins.front() == BackendConfigs::Origin::Generated;
    const std::size_t bases = anyGenerated ? m_backend.tiles.count() : 0;

    // Hint combinations x variants, the innermost dimension fastest.
    std::vector<std::int64_t> combos(m_comboCount * (d - std::size_t(m_hintBegin)));
    {
        const std::size_t width = d - std::size_t(m_hintBegin);
        for (std::size_t c = 0; c < m_comboCount; ++c) {
            std::size_t rest = c;
            for (std::size_t j = width; j-- > 0;) {
                const auto& vals = m_dims[std::size_t(m_hintBegin) + j].values;
                combos[c * width + j] = vals[rest % vals.size()];
                rest /= vals.size();
            }
        }
    }

    m_values.reserve((bases * m_comboCount + m_userConfigs.size() + 1) * d);
    std::vector<std::int64_t> row(d, kUnset);
    const std::size_t width = d - std::size_t(m_hintBegin);
    m_minGeneratedTile = std::numeric_limits<std::int64_t>::max();
    m_maxGeneratedPrograms = 0;
    for (std::size_t g = 0; g < bases; ++g) {
        const std::int64_t* base = m_backend.tiles.config(g, k);
        std::copy(base, base + k, row.begin());
        const std::int64_t tile = tileOf(row.data());
        const std::int64_t programs = programsOf(row.data());
        m_minGeneratedTile = std::min(m_minGeneratedTile, tile);
        m_maxGeneratedPrograms = std::max(m_maxGeneratedPrograms, programs);
        int param = -1;
        const std::uint32_t viol = checkHard(row.data(), tile, programs, &param);
        for (std::size_t c = 0; c < m_comboCount; ++c) {
            std::copy(combos.begin() + std::ptrdiff_t(c * width),
                      combos.begin() + std::ptrdiff_t((c + 1) * width), row.begin() + m_hintBegin);
            m_values.insert(m_values.end(), row.begin(), row.end());
            push(CandidateStatus::Generated, firstViolation(viol), -1, std::int8_t(param), viol, tile,
                 programs, launchOf(row.data()));
        }
    }
    if (bases == 0)
        m_minGeneratedTile = 0;

    for (std::size_t i = 0; i < m_backend.origins.size(); ++i) {
        if (m_backend.origins[i] != BackendConfigs::Origin::Fallback)
            continue;
        std::fill(row.begin(), row.end(), kUnset);
        m_values.insert(m_values.end(), row.begin(), row.end());
        push(CandidateStatus::Generated, ReasonCode::Fallback, -1, -1, 0, tileOf(row.data()),
             programsOf(row.data()), launchOf(row.data()));
    }
    m_generatedCount = m_status.size();

    for (std::size_t u = 0; u < m_userConfigs.size(); ++u) {
        const TritonConfig& cfg = m_userConfigs[u];
        for (std::size_t j = 0; j < d; ++j) {
            const SpaceDimension& dim = m_dims[j];
            row[j] = kUnset;
            if (dim.kind == SpaceDimension::Kind::NumWarps) {
                row[j] = cfg.numWarps;
            } else if (const ParamValue* v = findKwarg(cfg.kwargs, dim.name)) {
                row[j] = dim.kind == SpaceDimension::Kind::Multibuffer ? (v->value != 0 ? 1 : 0) : m_dims[j].encode(*v);
            }
        }
        const std::int64_t tile = tileOf(row.data());
        const std::int64_t programs = programsOf(row.data());
        int param = -1;
        const std::uint32_t viol = checkHard(row.data(), tile, programs, &param);
        m_values.insert(m_values.end(), row.begin(), row.end());
        push(CandidateStatus::User, viol ? firstViolation(viol) : ReasonCode::Handwritten, std::int32_t(u),
             std::int8_t(param), viol, tile, programs, launchOf(row.data()));
    }
}

// The lattice: every value a user could write for each tunable parameter, crossed with hints and
// multibuffer, each point classified. It is one function because the walk is the hot loop of a
// million-point build: the extent tables, thinning, neighbour distances and reason caches are
// locals that the loop reads directly. Each stage is marked by a comment.
void CandidateSpace::buildLattice(const SpaceOptions& options)
{
    const std::size_t maxPoints = options.maxLatticePoints;
    const TileProblem& p = m_backend.problem;
    const int P = m_tunableCount;
    const std::size_t k = p.params.size();
    const std::size_t d = m_dims.size();
    const bool anyGenerated =
        m_backend.generatedCount() > 0 && m_backend.origins.front() == BackendConfigs::Origin::Generated;
    const std::size_t bases = anyGenerated ? m_backend.tiles.count() : 0;
    const std::int64_t align = p.alignElements();

    // The extent each parameter ranges over, and the values the generator produced for it.
    std::vector<std::int64_t> extent(std::size_t(P), 0);
    std::vector<std::vector<std::int64_t>> generatedValues(static_cast<std::size_t>(P));
    for (int j = 0; j < P; ++j) {
        const SpaceDimension& dim = m_dims[std::size_t(j)];
        for (int a : dim.splitAxes)
            extent[j] = std::max(extent[j], p.axes[std::size_t(a)].length);
        for (int a : dim.tilingAxes) {
            const TileAxis& axis = p.axes[std::size_t(a)];
            extent[j] = std::max(extent[j], axis.fixedSplit > 0 ? axis.fixedSplit : axis.length);
        }
        for (std::size_t g = 0; g < bases; ++g)
            generatedValues[j].push_back(m_backend.tiles.config(g, k)[j]);
        std::sort(generatedValues[j].begin(), generatedValues[j].end());
        generatedValues[j].erase(std::unique(generatedValues[j].begin(), generatedValues[j].end()),
                                 generatedValues[j].end());
    }

    // Thin the aligned multiples (never the powers of two, the extent or generated values)
    // until the lattice fits.
    std::vector<std::int64_t> step(std::size_t(P), p.simtMode ? 0 : align);
    auto estimate = [&](int j) {
        const std::int64_t L = extent[j];
        double n = double(generatedValues[j].size()) + 1.0;
        if (L > 0)
            n += std::floor(std::log2(double(L))) + 1.0;
        if (step[j] > 0 && L > 0)
            n += double(L / step[j]);
        return n;
    };
    auto total = [&] {
        double t = double(m_comboCount);
        for (int j = 0; j < P; ++j)
            t *= estimate(j);
        return t;
    };
    while (total() > double(maxPoints)) {
        int widest = -1;
        std::int64_t most = 0;
        for (int j = 0; j < P; ++j) {
            if (step[j] > 0 && extent[j] / step[j] > most) {
                most = extent[j] / step[j];
                widest = j;
            }
        }
        if (widest < 0)
            break;
        step[widest] *= 2;
        if (step[widest] > extent[widest])
            step[widest] = 0;
    }

    for (int j = 0; j < P; ++j) {
        std::vector<std::int64_t>& vals = m_dims[std::size_t(j)].values;
        vals = generatedValues[j];
        const std::int64_t L = extent[j];
        if (L > 0) {
            for (std::int64_t v = 1; v <= L; v *= 2)
                vals.push_back(v);
            vals.push_back(L);
            if (step[j] > 0)
                for (std::int64_t v = step[j]; v <= L; v += step[j])
                    vals.push_back(v);
        }
        std::sort(vals.begin(), vals.end());
        vals.erase(std::unique(vals.begin(), vals.end()), vals.end());
        m_dims[std::size_t(j)].step = step[j];
        if (step[j] != (p.simtMode ? 0 : align))
            m_notes.push_back(
                step[j] == 0
                    ? msg::Message(msg::Id::LatticeThinnedNoMultiples,
                                   {msg::count(std::int64_t(maxPoints)), m_dims[std::size_t(j)].name})
                    : msg::Message(msg::Id::LatticeThinned, {msg::count(std::int64_t(maxPoints)),
                                                             m_dims[std::size_t(j)].name, step[j]}));
    }

    std::size_t tilings = 1;
    double exact = double(m_comboCount);
    for (int j = 0; j < P; ++j) {
        tilings *= m_dims[std::size_t(j)].values.size();
        exact *= double(m_dims[std::size_t(j)].values.size());
    }
    if (exact > double(maxPoints)) {
        m_notes.push_back(msg::Message(msg::Id::LatticeTooLarge,
                                       {formatDouble(exact), msg::count(std::int64_t(maxPoints))}));
        return;
    }
    // The lattice's rows hold these values: its launches are keyed by their positions
    // (launch_index.h), not by the slot values as the backend's few rows are.
    std::optional<LaunchIndex> launches;
    if (m_launchModel) {
        LaunchIndex::DimValues dimValues;
        for (const SpaceDimension& dim : m_dims)
            dimValues.push_back(&dim.values);
        launches.emplace(*m_launchModel, m_slotDims, dimValues, m_launches);
    }
    auto launchOfRow = [&](const std::int64_t* values) { return launches ? launches->of(values) : 0u; };
    m_latticeBuilt = true;
    m_latticePoints = tilings * m_comboCount;

    // Which tiling points the backend generated.
    std::vector<std::int32_t> baseOf(tilings, -1);
    for (std::size_t g = 0; g < bases; ++g) {
        const std::int64_t* base = m_backend.tiles.config(g, k);
        std::size_t index = 0;
        for (int j = 0; j < P; ++j) {
            const auto& vals = m_dims[std::size_t(j)].values;
            const auto it = std::lower_bound(vals.begin(), vals.end(), base[j]);
            index = index * vals.size() + std::size_t(it - vals.begin());
        }
        baseOf[index] = std::int32_t(g);
    }

    // Distance tables for the nearest generated neighbour: |log2 ratio| per value and base.
    const std::size_t G = bases;
    std::vector<std::vector<float>> dist(static_cast<std::size_t>(P));
    for (int j = 0; j < P && G > 0; ++j) {
        const auto& vals = m_dims[std::size_t(j)].values;
        dist[j].resize(vals.size() * G);
        for (std::size_t vi = 0; vi < vals.size(); ++vi) {
            const float lv = log2Of(vals[vi]);
            for (std::size_t g = 0; g < G; ++g)
                dist[j][vi * G + g] = std::fabs(lv - log2Of(m_backend.tiles.config(g, k)[j]));
        }
    }
    std::vector<float> prefix(std::size_t(std::max(P, 1)) * std::max<std::size_t>(G, 1), 0.0f);
    int validPrefix = -1;

    const std::size_t width = d - std::size_t(m_hintBegin);
    std::vector<std::int64_t> combos(m_comboCount * width);
    if (m_rowsAreBackendList)
        combos = m_listCombos; // the options the list gives each tiling (prepareListLattice)
    for (std::size_t c = 0; c < m_comboCount && !m_rowsAreBackendList; ++c) {
        std::size_t rest = c;
        for (std::size_t j = width; j-- > 0;) {
            const auto& vals = m_dims[std::size_t(m_hintBegin) + j].values;
            combos[c * width + j] = vals[rest % vals.size()];
            rest /= vals.size();
        }
    }

    // Room, too, for the option points appended after the walk (addOptionPoints: a few settings
    // around each listed row, and values past each hint dimension), so that appending them never
    // moves a million rows.
    const std::size_t optionRoom =
        m_numStagesDim >= 0 ? m_generatedCount * (4 + 2 * (d - std::size_t(m_hintBegin))) : 0;
    const std::size_t rows = m_status.size() + (tilings - std::min(tilings, bases)) * m_comboCount + optionRoom;
    m_values.reserve(rows * d);
    m_status.reserve(rows);
    m_reason.reserve(rows);
    m_ref.reserve(rows);
    m_param.reserve(rows);
    m_violations.reserve(rows);
    m_tile.reserve(rows);
    m_programs.reserve(rows);
    m_launch.reserve(rows);

    // Why a valid point is not generated, when that does not depend on its neighbour.
    ReasonCode global = ReasonCode::None;
    if (!m_backend.generationRan)
        global = ReasonCode::GenerationOff;
    else if (m_backend.error && bases == 0 &&
             std::find(m_backend.origins.begin(), m_backend.origins.end(), BackendConfigs::Origin::Fallback) ==
                 m_backend.origins.end())
        global = ReasonCode::BackendError; // raised during the walk, not at the fallback
    else if (bases == 0)
        global = ReasonCode::NothingGenerated;

    const std::int64_t stop = m_backend.tiles.limits.stopNumel;
    const std::int64_t walkCoreLimit = std::max<std::int64_t>(p.vectorCores, m_maxGeneratedPrograms);

    std::vector<std::size_t> digit(std::size_t(P), 0);
    std::vector<std::int64_t> row(d, kUnset);
    for (int j = 0; j < P; ++j)
        row[j] = m_dims[std::size_t(j)].values[0];

    // Stop and progress are looked at every few thousand rows. Progress is reported at the
    // first check and then at every whole percent of the tilings: a count, not a clock, so the
    // same build reports the same steps on any machine (front ends throttle what they show).
    constexpr std::size_t kCheckRows = 4096;
    const std::size_t checkEvery = std::max<std::size_t>(1, kCheckRows / std::max<std::size_t>(1, m_comboCount));
    std::size_t reportedPercent = SIZE_MAX;
    for (std::size_t t = 0; t < tilings; ++t) {
        if (t % checkEvery == 0) {
            if (options.stop.stop_requested()) {
                m_stopped = true;
                return;
            }
            if (options.progress) {
                const std::size_t percent = t * 100 / tilings;
                if (percent != reportedPercent) {
                    reportedPercent = percent;
                    options.progress(double(t) / double(tilings));
                }
            }
        }
        if (t > 0) {
            // Advance the mixed-radix counter, last tunable fastest.
            int j = P - 1;
            while (j >= 0) {
                const auto& vals = m_dims[std::size_t(j)].values;
                if (++digit[j] < vals.size()) {
                    row[j] = vals[digit[j]];
                    break;
                }
                digit[j] = 0;
                row[j] = vals[0];
                --j;
            }
            validPrefix = std::min(validPrefix, j - 1);
        }
        if (baseOf[t] >= 0)
            continue;

        const std::int64_t tile = tileOf(row.data());
        const std::int64_t programs = programsOf(row.data());
        int param = -1;
        const std::uint32_t viol = checkHard(row.data(), tile, programs, &param);
        CandidateStatus status = CandidateStatus::Pruned;
        ReasonCode reason = firstViolation(viol);
        std::int32_t neighbourBase = -1;
        if (viol == 0) {
            status = CandidateStatus::Skipped;
            reason = global;
            if (reason == ReasonCode::None) {
                // Nearest generated tiling in log2 distance; ties go to the earlier one.
                for (int lvl = validPrefix + 1; lvl < P; ++lvl) {
                    const float* dl = dist[lvl].data() + digit[lvl] * G;
                    float* out = prefix.data() + std::size_t(lvl) * G;
                    const float* in = lvl > 0 ? prefix.data() + std::size_t(lvl - 1) * G : nullptr;
                    for (std::size_t g = 0; g < G; ++g)
                        out[g] = (in ? in[g] : 0.0f) + dl[g];
                }
                validPrefix = P - 1;
                if (P > 0) {
                    const float* sum = prefix.data() + std::size_t(P - 1) * G;
                    neighbourBase = std::int32_t(std::min_element(sum, sum + G) - sum);
                } else {
                    neighbourBase = 0;
                }
                if (tile < stop && tile < m_minGeneratedTile) {
                    reason = ReasonCode::BelowMinTile;
                } else if (programs > walkCoreLimit) {
                    reason = ReasonCode::ProgramLimit;
                } else {
                    reason = ReasonCode::OffWalk;
                    // The parameter that differs most from the neighbour.
                    float widest = -1.0f;
                    const std::int64_t* n = m_backend.tiles.config(std::size_t(neighbourBase), k);
                    for (int j = 0; j < P; ++j) {
                        const float gap = std::fabs(log2Of(row[j]) - log2Of(n[j]));
                        if (gap > widest) {
                            widest = gap;
                            param = j;
                        }
                    }
                }
            }
        }
        // One launch per tiling unless a hint or variant dimension changes it.
        const std::uint32_t tilingLaunch = m_launchIgnoresVariants ? launchOfRow(row.data()) : 0;
        for (std::size_t c = 0; c < m_comboCount; ++c) {
            std::copy(combos.begin() + std::ptrdiff_t(c * width),
                      combos.begin() + std::ptrdiff_t((c + 1) * width), row.begin() + m_hintBegin);
            m_values.insert(m_values.end(), row.begin(), row.end());
            const std::int32_t ref =
                neighbourBase >= 0 ? std::int32_t(std::size_t(neighbourBase) * m_comboCount + c) : -1;
            push(status, reason, ref, std::int8_t(param), viol, tile, programs,
                 m_launchIgnoresVariants ? tilingLaunch : launchOfRow(row.data()));
        }
    }
}

CandidateStatus CandidateSpace::status(std::size_t i) const
{
    if (isCubeRow(i))
        return CandidateStatus::Pruned;
    const CandidateStatus origin = m_status[i];
    if (origin != CandidateStatus::Pruned && m_launches[m_launch[i]].coverage == analysis::Coverage::Incorrect)
        return CandidateStatus::Incorrect;
    return origin;
}

ReasonCode CandidateSpace::reason(std::size_t i) const
{
    if (isCubeRow(i))
        return m_backend.cube->reasonAt(cubeCell(i));
    if (status(i) == CandidateStatus::Incorrect)
        return m_launches[m_launch[i]].issue == analysis::CoverageIssue::Overrun ? ReasonCode::Overrun
                                                                                 : ReasonCode::Uncovered; // or a wrong stride
    return m_reason[i];
}

std::size_t CandidateSpace::count(CandidateStatus status) const
{
    std::size_t n = status == CandidateStatus::Pruned ? m_cubeRows.size() : 0;
    for (std::size_t i = 0; i < m_status.size(); ++i)
        n += this->status(i) == status ? 1 : 0;
    return n;
}

std::size_t CandidateSpace::countOrigin(CandidateStatus status) const
{
    return std::size_t(std::count(m_status.begin(), m_status.end(), status)) +
           (status == CandidateStatus::Pruned ? m_cubeRows.size() : 0);
}

std::uint32_t CandidateSpace::violations(std::size_t i) const
{
    return isCubeRow(i) ? bit(reason(i)) : m_violations[i];
}

ValueRow CandidateSpace::values(std::size_t i) const
{
    ValueRow row;
    row.m_size = m_dims.size();
    if (!isCubeRow(i)) {
        row.m_stored = m_values.data() + i * m_dims.size();
        return row;
    }
    if (m_dims.size() > row.m_inline.size())
        row.m_heap.resize(m_dims.size());
    std::int64_t* out = row.m_heap.empty() ? row.m_inline.data() : row.m_heap.data();
    const std::uint64_t cell = cubeCell(i);
    for (std::size_t j = 0; j < m_dims.size(); ++j)
        out[j] = cubeValue(cell, j);
    return row;
}

std::int64_t CandidateSpace::value(std::size_t i, std::size_t dimension) const
{
    return isCubeRow(i) ? cubeValue(cubeCell(i), dimension) : m_values[i * m_dims.size() + dimension];
}

std::int64_t CandidateSpace::cubeValue(std::uint64_t cell, std::size_t dimension) const
{
    if (dimension >= m_cubeStride.size())
        return kUnset; // a hint the cube generator never crosses a pruned tiling with
    const std::vector<std::int64_t>& vals = m_dims[dimension].values;
    return vals[std::size_t((cell / m_cubeStride[dimension]) % vals.size())];
}

std::uint32_t CandidateSpace::launchIndex(std::size_t i) const
{
    if (!isCubeRow(i))
        return m_launch[i];
    if (m_cubeLaunch.empty())
        return 0;
    const std::uint64_t cell = cubeCell(i);
    std::size_t c = 0;
    for (int d : m_cubeLaunchDims) {
        const std::size_t n = m_dims[std::size_t(d)].values.size();
        c = c * n + std::size_t((cell / m_cubeStride[std::size_t(d)]) % n);
    }
    return m_cubeLaunch[c];
}

void CandidateSpace::bindLaunchModel(std::shared_ptr<const analysis::LaunchModel> model)
{
    m_launchModel = std::move(model);
    m_launches.clear();
    m_launchByKey.clear();
    m_slotDims.clear();
    m_readSlots.clear();
    m_launchIgnoresVariants = true;
    if (!m_launchModel) {
        m_launches.emplace_back(); // coverage unknown, programs from the backend's tile problem
        return;
    }
    const std::vector<std::string>& slots = m_launchModel->slots();
    for (std::size_t s = 0; s < slots.size(); ++s) {
        int dim = -1;
        for (std::size_t j = 0; j < m_dims.size(); ++j)
            if (m_dims[j].name == slots[s] && m_dims[j].choices.empty() &&
                m_dims[j].kind != SpaceDimension::Kind::NumWarps)
                dim = int(j);
        m_slotDims.push_back(dim);
        if (m_launchModel->reads(int(s))) {
            m_readSlots.push_back(int(s));
            if (dim >= m_tunableCount)
                m_launchIgnoresVariants = false;
        }
    }
    m_slotScratch.assign(slots.size(), analysis::kUnknownSlot);
}

std::uint32_t CandidateSpace::launchOf(const std::int64_t* values)
{
    if (!m_launchModel)
        return 0;
    const std::vector<std::int64_t>& defaults = m_launchModel->slotDefaults();
    m_keyScratch.clear();
    for (int s : m_readSlots) {
        const int dim = m_slotDims[std::size_t(s)];
        std::int64_t v = dim >= 0 ? values[dim] : kUnset;
        if (v == kUnset)
            v = defaults[std::size_t(s)];
        m_slotScratch[std::size_t(s)] = v;
        m_keyScratch.append(reinterpret_cast<const char*>(&v), sizeof v);
    }
    const auto [at, inserted] = m_launchByKey.try_emplace(m_keyScratch, std::uint32_t(m_launches.size()));
    if (!inserted)
        return at->second;
    // A new value of the slots: evaluate, and share the figures with an equal earlier launch.
    const analysis::LaunchFigures figures = m_launchModel->evaluate(m_slotScratch.data());
    for (std::size_t k = m_launches.size(); k-- > 0 && k + 64 >= m_launches.size();)
        if (m_launches[k] == figures) {
            at->second = std::uint32_t(k);
            return at->second;
        }
    m_launches.push_back(figures);
    return at->second;
}

std::vector<std::string> CandidateSpace::notes() const
{
    std::vector<std::string> out;
    out.reserve(m_notes.size());
    for (const msg::Message& n : m_notes)
        out.push_back(n.english());
    return out;
}

msg::Message CandidateSpace::invalidDescriptionNote() const
{
    return m_backend.error ? msg::Message(msg::Id::LatticeNoValidDescriptionBecause, {*m_backend.error})
                           : msg::Message(msg::Id::LatticeNoValidDescription);
}

msg::Message CandidateSpace::coverageMessage(std::size_t i) const
{
    if (!m_launchModel)
        return msg::Message(msg::Id::CoverageUnknownNoLaunch);
    return m_launchModel->coverageMessage(launch(i));
}

std::string CandidateSpace::coverageNote(std::size_t i) const
{
    return coverageMessage(i).english();
}

std::size_t CandidateSpace::count(ReasonCode code) const
{
    return reasonCounts()[std::size_t(code)];
}

std::array<std::size_t, kReasonCodeCount> CandidateSpace::reasonCounts() const
{
    std::array<std::size_t, kReasonCodeCount> counts{};
    for (std::size_t i = 0; i < m_reason.size(); ++i)
        if (const ReasonCode code = reason(i); std::size_t(code) < counts.size())
            ++counts[std::size_t(code)];
    // The cube-pruned rows are the grid's whole verdict count: every pruned tiling is a row.
    if (!m_cubeRows.empty()) {
        const ReasonCode codes[4] = {ReasonCode::CubeL1Capacity, ReasonCode::CubeL0aCapacity,
                                     ReasonCode::CubeL0bCapacity, ReasonCode::CubeL0cCapacity};
        for (std::size_t b = 0; b < 4; ++b)
            counts[std::size_t(codes[b])] += std::size_t(m_backend.cube->prunedBy[b]);
    }
    return counts;
}

std::int32_t CandidateSpace::backendIndex(std::size_t i) const
{
    if (isCubeRow(i))
        return -1;
    if (m_status[i] == CandidateStatus::Generated || m_status[i] == CandidateStatus::User)
        return std::int32_t(i);
    return -1;
}

std::int32_t CandidateSpace::neighbour(std::size_t i) const
{
    return !isCubeRow(i) && m_status[i] == CandidateStatus::Skipped ? m_ref[i] : -1;
}

Kwargs CandidateSpace::params(std::size_t i) const
{
    if (origin(i) == CandidateStatus::User)
        return m_userConfigs[std::size_t(m_ref[i])].kwargs;
    if (m_rowsAreBackendList && i < m_generatedCount)
        return m_backend.configs[i].kwargs;
    Kwargs out;
    const ValueRow v = values(i);
    for (std::size_t j = 0; j < m_dims.size(); ++j) {
        if (v[j] == kUnset || m_dims[j].kind == SpaceDimension::Kind::NumWarps ||
            m_dims[j].kind == SpaceDimension::Kind::NumStages)
            continue;
        out.emplace_back(m_dims[j].name, m_dims[j].decode(v[j]));
    }
    return out;
}

int CandidateSpace::numWarps(std::size_t i) const
{
    if (isCubeRow(i))
        return 1; // the cube generator's triton.Config(kwargs, num_warps=1, num_stages=1)
    if (m_status[i] == CandidateStatus::User)
        return m_userConfigs[std::size_t(m_ref[i])].numWarps;
    if (isOptionPoint(i))
        return numWarps(std::size_t(m_ref[i])); // its generated twin's
    if (m_rowsAreBackendList && i < m_generatedCount)
        return m_backend.configs[i].numWarps;
    if (m_rowsAreBackendList && m_latticeBuilt && i >= m_latticeBegin)
        return m_listComboOptions[(i - m_latticeBegin) % m_comboCount].first;
    if (m_reason[i] == ReasonCode::Fallback)
        return 4;
    if (m_variantDim >= 0 && m_dims[std::size_t(m_variantDim)].kind == SpaceDimension::Kind::NumWarps)
        return int(values(i)[m_variantDim]);
    return 1;
}

int CandidateSpace::numStages(std::size_t i) const
{
    if (isCubeRow(i))
        return 1;
    if (m_status[i] == CandidateStatus::User)
        return m_userConfigs[std::size_t(m_ref[i])].numStages;
    if (isOptionPoint(i))
        return int(m_values[i * m_dims.size() + std::size_t(m_numStagesDim)]);
    if (m_rowsAreBackendList && i < m_generatedCount)
        return m_backend.configs[i].numStages;
    if (m_rowsAreBackendList && m_latticeBuilt && i >= m_latticeBegin)
        return m_listComboOptions[(i - m_latticeBegin) % m_comboCount].second;
    return m_reason[i] == ReasonCode::Fallback ? 2 : 1;
}

CandidateMetrics CandidateSpace::metrics(std::size_t i) const
{
    CandidateMetrics m = tileMetrics(i);
    if (!m_launchModel)
        return m;
    // The launch's grid decides the programs, for every view (one number per fact).
    const analysis::LaunchFigures& f = launch(i);
    m.grid = f.grid;
    m.coverage = f.coverage;
    m.programs = f.programs;
    m.waves = 0;
    m.lastWaveUtilisation = 0.0;
    const int cores = std::max(1, m_launchModel->usesCube() && m_device.numAicore > 0 ? m_device.numAicore
                                                                                         : m_device.numVectorCores);
    if (m.programs > 0) {
        m.waves = (m.programs + cores - 1) / cores;
        m.lastWaveUtilisation = double(m.programs - (m.waves - 1) * cores) / double(cores);
    }
    return m;
}

CandidateMetrics CandidateSpace::tileMetrics(std::size_t i) const
{
    if (m_backend.cube && i < size() && m_tunableCount == int(m_backend.cube->params.size()))
        if (const auto use = m_backend.cube->tileUse(values(i).data()))
            return cubeMetrics(*use);
    if (isCubeRow(i))
        return {};
    const TileProblem& p = m_backend.problem;
    CandidateMetrics m;
    m.tileElements = m_tile[i];
    m.programs = m_programs[i];
    m.ubBytes = saturatingMul(saturatingMul(m.tileElements, p.dtypeBytes), p.numBuffers);
    const double budget = double(p.localMemKib) * 1024.0;
    m.ubShare = budget > 0 ? double(m.ubBytes) / budget : 0.0;
    m.ubBudgetBytes = std::int64_t(p.localMemKib) * 1024;
    const std::int64_t cores = std::max(1, m_device.numVectorCores);
    if (m.programs > 0) {
        m.waves = (m.programs + cores - 1) / cores;
        m.lastWaveUtilisation = double(m.programs - (m.waves - 1) * cores) / double(cores);
    }
    return m;
}

CandidateMetrics CandidateSpace::cubeMetrics(const CubeTileUse& use) const
{
    CandidateMetrics m;
    m.cube = true;
    m.blockM = use.blockM;
    m.blockN = use.blockN;
    m.blockK = use.blockK;
    m.tileElements = saturatingMul(use.blockM, use.blockN);
    m.programs = use.programs;
    m.l1Bytes = use.bytes[0];
    m.l0aBytes = use.bytes[1];
    m.l0bBytes = use.bytes[2];
    m.l0cBytes = use.bytes[3];
    m.l1LimitBytes = use.limits[0];
    m.l0aLimitBytes = use.limits[1];
    m.l0bLimitBytes = use.limits[2];
    m.l0cLimitBytes = use.limits[3];
    auto share = [](std::int64_t bytes, std::int64_t limit) { return limit > 0 ? double(bytes) / double(limit) : 0.0; };
    m.l1Share = share(m.l1Bytes, m.l1LimitBytes);
    m.l0Share = std::max({share(m.l0aBytes, m.l0aLimitBytes), share(m.l0bBytes, m.l0bLimitBytes),
                          share(m.l0cBytes, m.l0cLimitBytes)});
    // A dot runs on the cube cores: num_aicore is their count on split SoCs.
    const std::int64_t cores = std::max(1, m_device.numAicore > 0 ? m_device.numAicore : m_device.numVectorCores);
    if (m.programs > 0) {
        m.waves = (m.programs + cores - 1) / cores;
        m.lastWaveUtilisation = double(m.programs - (m.waves - 1) * cores) / double(cores);
    }
    return m;
}

std::string CandidateSpace::describeValues(const std::int64_t* v) const
{
    std::string out;
    for (std::size_t j = 0; j < m_dims.size(); ++j) {
        if (v[j] == kUnset)
            continue;
        if (!out.empty())
            out += ", ";
        out += m_dims[j].name + "=" + m_dims[j].text(v[j]);
    }
    return out.empty() ? "{}" : out;
}

namespace {

msg::Message stepRuleMessage(const TileProblem& p, const SpaceDimension& dim)
{
    if (!dim.tilingAxes.empty()) {
        const TileAxis& axis = p.axes[std::size_t(dim.tilingAxes.front())];
        if (axis.lowDim)
            return msg::Message(msg::Id::StepRuleLowDim);
        if (axis.split)
            return msg::Message(msg::Id::StepRuleSplitTiling, {axis.name, dim.name});
        return msg::Message(msg::Id::StepRuleTiling, {axis.name, dim.name});
    }
    if (!dim.splitAxes.empty()) {
        const TileAxis& axis = p.axes[std::size_t(dim.splitAxes.front())];
        return msg::Message(msg::Id::StepRuleSplit, {axis.name, dim.name, axis.length});
    }
    return msg::Message(msg::Id::StepRuleNever);
}

} // namespace

msg::Message CandidateSpace::reasonMessage(std::size_t i) const
{
    if (isCubeRow(i)) {
        const std::optional<CubePruned> pruned = m_backend.cube->prunedAt(cubeCell(i));
        return pruned ? cubeCapacityMessage(pruned->code, pruned->bytes, pruned->capacity) : msg::Message();
    }
    if (status(i) == CandidateStatus::Incorrect) {
        msg::Message why = coverageMessage(i);
        switch (m_status[i]) {
        case CandidateStatus::Generated:
            return msg::Message(msg::Id::IncorrectGenerated, {why});
        case CandidateStatus::User:
            return msg::Message(msg::Id::IncorrectHandwritten, {why});
        default:
            return why;
        }
    }
    const TileProblem& p = m_backend.problem;
    const ReasonCode code = m_reason[i];
    const ValueRow v = values(i);
    const int param = m_param[i];
    const std::string paramName = param >= 0 ? m_dims[std::size_t(param)].name : std::string();
    const std::string paramValue = param >= 0 && v[param] != kUnset ? std::to_string(v[param]) : "";
    msg::Message msg;

    auto blockFor = [&](int axisIndex) {
        const TileAxis& axis = p.axes[std::size_t(axisIndex)];
        std::int64_t block = axis.fixedSplit > 0 ? axis.fixedSplit : axis.length;
        if (axis.tunableSplit && axis.splitParam >= 0 && v[axis.splitParam] != kUnset)
            block = v[axis.splitParam];
        return block;
    };

    switch (code) {
    case ReasonCode::None:
        break;
    case ReasonCode::UbCapacity:
        msg = msg::Message(msg::Id::TileOverBudget, {budgetMessage(p, m_tile[i])});
        break;
    case ReasonCode::ProgramLimit:
        if (m_status[i] == CandidateStatus::Skipped)
            msg = msg::Message(msg::Id::ReasonProgramLimitSkipped,
                               {msg::count(m_programs[i]),
                                msg::count(std::max<std::int64_t>(p.vectorCores, m_maxGeneratedPrograms)),
                                msg::count(p.vectorCores), msg::count(m_maxGeneratedPrograms)});
        else
            msg = msg::Message(msg::Id::ReasonProgramLimit,
                               {msg::count(m_programs[i]), msg::count(kMaxPrograms)});
        break;
    case ReasonCode::UnalignedTile:
        if (p.simtMode) {
            msg = msg::Message(msg::Id::ReasonNotPowerOfTwo, {paramName, paramValue});
        } else {
            msg = msg::Message(msg::Id::ReasonUnaligned,
                               {paramName, paramValue, p.alignElements(), p.dtypeBytes});
        }
        break;
    case ReasonCode::TileExceedsBlock: {
        const SpaceDimension& dim = m_dims[std::size_t(param)];
        for (int a : dim.tilingAxes) {
            const std::int64_t block = blockFor(a);
            if (block > 0 && v[param] > (p.simtMode ? nextPowerOf2(block) : block)) {
                const TileAxis& axis = p.axes[std::size_t(a)];
                msg = msg::Message(axis.split ? msg::Id::ReasonTileExceedsBlock
                                              : msg::Id::ReasonTileExceedsAxis,
                                   {paramName, paramValue, block, axis.name});
                break;
            }
        }
        break;
    }
    case ReasonCode::InvalidValue:
        msg = msg::Message(msg::Id::ReasonInvalidValue, {paramName, paramValue});
        break;
    case ReasonCode::MissingParam:
        msg = msg::Message(msg::Id::ReasonMissingParam, {paramName});
        break;
    case ReasonCode::BelowMinTile:
        msg = m_backend.tiles.limits.smallKernel
                  ? msg::Message(m_tile[i] == 1 ? msg::Id::ReasonBelowMinTileSmall1
                                                : msg::Id::ReasonBelowMinTileSmall,
                                 {msg::count(m_tile[i]), msg::count(m_backend.tiles.limits.stopNumel),
                                  p.dtypeBytes, msg::count(p.vectorCores), msg::count(m_minGeneratedTile)})
                  : msg::Message(m_tile[i] == 1 ? msg::Id::ReasonBelowMinTile1 : msg::Id::ReasonBelowMinTile,
                                 {msg::count(m_tile[i]), msg::count(m_backend.tiles.limits.stopNumel),
                                  p.dtypeBytes, msg::count(m_minGeneratedTile)});
        break;
    case ReasonCode::OffWalk: {
        const std::int32_t n = m_ref[i];
        msg = param >= 0
                  ? msg::Message(msg::Id::ReasonOffWalkDiffers,
                                 {n, describeValues(values(std::size_t(n)).data()), paramName, paramValue,
                                  values(std::size_t(n))[param],
                                  stepRuleMessage(p, m_dims[std::size_t(param)])})
                  : msg::Message(msg::Id::ReasonOffWalk, {n, describeValues(values(std::size_t(n)).data())});
        break;
    }
    case ReasonCode::NothingGenerated:
        msg = msg::Message(msg::Id::ReasonNothingGenerated, {m_backend.emptyExplanation});
        break;
    case ReasonCode::GenerationOff:
        msg = msg::Message(msg::Id::ReasonGenerationOff);
        break;
    case ReasonCode::BackendError:
        msg = msg::Message(msg::Id::ReasonBackendError, {m_backend.error.value_or("")});
        break;
    case ReasonCode::Handwritten:
        msg = msg::Message(msg::Id::ReasonHandwritten);
        break;
    case ReasonCode::Fallback: {
        msg::Arg why = m_backend.emptyExplanation;
        if (const msg::Message raises =
                m_backend.error ? backends::policy(m_backendVersion).fallbackNote(*m_backend.error)
                                : msg::Message();
            !raises.empty()) {
            why += " ";
            why += raises;
        }
        msg = msg::Message(msg::Id::ReasonFallback, {why});
        break;
    }
    case ReasonCode::CubeL1Capacity:
    case ReasonCode::CubeL0aCapacity:
    case ReasonCode::CubeL0bCapacity:
    case ReasonCode::CubeL0cCapacity:
        msg = cubeCapacityMessage(code, m_tile[i], m_programs[i]);
        break;
    case ReasonCode::CubeTimeBudget:
        msg = msg::Message(msg::Id::ReasonCubeTimeBudget);
        break;
    case ReasonCode::Uncovered: // an incorrect candidate's own reason, described above
    case ReasonCode::Overrun:
        msg = coverageMessage(i);
        break;
    case ReasonCode::NumStagesTied:
    case ReasonCode::MaxAutotuneOnly:
    case ReasonCode::OutsideHint:
        if (isOptionPoint(i))
            return msg::Message(msg::Id::OptionTwin, {m_optionNotes[m_optionNote[i - m_optionBegin]], m_ref[i],
                                                      describeValues(values(std::size_t(m_ref[i])).data())});
        break;
    }

    // Every skipped point names its nearest generated neighbour.
    if (m_status[i] == CandidateStatus::Skipped && code != ReasonCode::OffWalk && m_ref[i] >= 0)
        msg = msg::Message(msg::Id::NearestGenerated,
                           {msg, m_ref[i], describeValues(values(std::size_t(m_ref[i])).data())});

    // Further hard constraints beyond the one reported.
    const std::uint32_t more = m_violations[i] & ~bit(code);
    if (isHardConstraint(code) && more != 0) {
        std::string list;
        for (ReasonCode c : kHardOrder)
            if (more & bit(c))
                list += (list.empty() ? "" : ", ") + std::string(reasonCodeName(c));
        msg = msg::Message(msg::Id::AlsoViolates, {msg, list});
    }
    if (isHardConstraint(code)) {
        if (m_status[i] == CandidateStatus::Generated)
            msg = msg::Message(msg::Id::GeneratedAlthough, {msg});
        else if (m_status[i] == CandidateStatus::User)
            msg = msg::Message(msg::Id::KeptHandwritten, {msg});
    }
    return msg;
}

std::string CandidateSpace::describe(std::size_t i) const
{
    return reasonMessage(i).english();
}

} // namespace ts::space
