// The 2026-08 cube / mix candidate list: search space, memory pruning and the time budget
// (see cube_generator.h for the upstream files modelled).
#include "core/space/cube_generator.h"

#include "core/analysis/cube_internal.h"
#include "core/space/backend_configs.h"
#include "core/util/message.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numeric>

namespace ts::space {

namespace {

constexpr std::int64_t kMinBlock = 16;         // first value of every parameter
constexpr std::int64_t kSmallStep = 16;        // below the threshold
constexpr std::int64_t kLargeStep = 32;        // from the threshold on
constexpr std::int64_t kStepThreshold = 64;
constexpr std::int64_t kDefaultLength = 256;   // an unresolved axis length
constexpr std::int64_t kDefaultKLength = 128;  // K named parameters without dot sites
constexpr std::int64_t kFallbackMn = 128;      // a site's M / N that is neither tunable nor fixed
constexpr std::int64_t kFallbackK = 64;
constexpr std::int64_t kAccumulatorBytes = 4;  // L0C holds fp32 accumulators

using analysis::cube::isIdentifier; // Python's str.isidentifier, as the cube parse reads names

std::string strip(const std::string& s)
{
    const auto b = s.find_first_not_of(" \t\n\r\f\v");
    if (b == std::string::npos)
        return {};
    const auto e = s.find_last_not_of(" \t\n\r\f\v");
    return s.substr(b, e - b + 1);
}

// cv_tile_generator's _extract_single_tunable_symbol: the one identifier of "A|B|A".
std::optional<std::string> singleSymbol(const std::optional<std::string>& symbol)
{
    if (!symbol)
        return std::nullopt;
    std::vector<std::string> found;
    std::size_t start = 0;
    while (true) {
        const std::size_t bar = symbol->find('|', start);
        const std::string token =
            strip(symbol->substr(start, bar == std::string::npos ? std::string::npos : bar - start));
        if (isIdentifier(token) && std::find(found.begin(), found.end(), token) == found.end())
            found.push_back(token);
        if (bar == std::string::npos)
            break;
        start = bar + 1;
    }
    if (found.size() == 1)
        return found.front();
    return std::nullopt;
}

// Python's int(text) for a decimal literal: surrounding blanks, a sign, single underscores
// between digits.
std::optional<std::int64_t> pythonInt(const std::string& text)
{
    const std::string s = strip(text);
    std::size_t i = 0;
    bool negative = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-'))
        negative = s[i++] == '-';
    if (i >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i])))
        return std::nullopt;
    std::int64_t value = 0;
    for (; i < s.size(); ++i) {
        if (s[i] == '_') {
            if (i + 1 >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i + 1])))
                return std::nullopt;
            continue;
        }
        if (!std::isdigit(static_cast<unsigned char>(s[i])))
            return std::nullopt;
        if (value > (std::numeric_limits<std::int64_t>::max() - 9) / 10)
            return std::nullopt;
        value = value * 10 + (s[i] - '0');
    }
    return negative ? -value : value;
}

// _resolve_axis_max without the default: nullopt when unresolved.
std::optional<std::int64_t> resolveLength(const analysis::CubeAxis& axis,
                                          const std::vector<analysis::LaunchArgument>& args)
{
    if (axis.constValue)
        return axis.constValue;
    if (axis.lengthExpr) {
        if (auto v = analysis::launchNumber(args, *axis.lengthExpr))
            return v;
        return pythonInt(*axis.lengthExpr);
    }
    return std::nullopt;
}

// _make_param: 16, 32, 48, 64, 96, ... up to maxValue, then maxValue itself.
std::optional<std::vector<std::int64_t>> stepValues(std::int64_t maxValue)
{
    std::vector<std::int64_t> values;
    for (std::int64_t v = kMinBlock; v <= maxValue; v += v < kStepThreshold ? kSmallStep : kLargeStep)
        values.push_back(v);
    if (values.empty())
        return std::nullopt; // upstream reads values[-1] of an empty list
    if (values.back() != maxValue)
        values.push_back(maxValue);
    return values;
}

// ParamNameNormalizer's mapping onto the pruner's three keys; -1 for other names.
int normalizedSlot(const std::string& key)
{
    static const std::pair<const char*, int> kMap[] = {
        {"BLOCK_M", 0}, {"BLOCK_N", 1}, {"BLOCK_K", 2},
        {"block_m", 0}, {"block_n", 1}, {"block_k", 2},
        {"standard_block_m", 0}, {"standard_block_n", 1}, {"standard_block_k", 2},
    };
    for (const auto& [name, slot] : kMap)
        if (key == name)
            return slot;
    return -1;
}

// The pruner's element size: the dtype's bits / 8, and 2 where torch.finfo / iinfo raise (bool).
int pruneTypeSize(const std::string& dtype)
{
    const std::string canonical = canonicalDtype(dtype);
    if (canonical == "torch.bool")
        return 2;
    const int bytes = dtypeBytes(canonical);
    return bytes > 0 ? bytes : 2;
}

// Where the pruner's BLOCK_M / BLOCK_N / BLOCK_K come from at one site: an index into the
// value slots (parameters first, then constants).
struct SiteSources {
    int siteId = 0;
    std::array<int, 3> slot{};
};

} // namespace

CubeHardware CubeHardware::forSoc(const std::string& soc)
{
    CubeHardware hw;
    hw.soc = soc;
    if (soc.rfind("Ascend910_95", 0) == 0 || soc.rfind("Ascend950", 0) == 0)
        hw.l0cBytes = 256 * 1024;
    return hw;
}

std::vector<std::int64_t> CubeGeneration::valuesAt(std::uint64_t index) const
{
    std::vector<std::int64_t> out(params.size());
    for (std::size_t p = params.size(); p-- > 0;) {
        const auto n = params[p].values.size();
        out[p] = params[p].values[index % n];
        index /= n;
    }
    return out;
}

namespace {

constexpr ReasonCode kBufferCodes[4] = {ReasonCode::CubeL1Capacity, ReasonCode::CubeL0aCapacity,
                                        ReasonCode::CubeL0bCapacity, ReasonCode::CubeL0cCapacity};

std::uint8_t verdictOf(std::size_t site, int buffer)
{
    return std::uint8_t((std::min<std::size_t>(site, 31) << 3) | std::size_t(buffer + 1));
}

std::int64_t mul(std::int64_t a, std::int64_t b);
std::int64_t add(std::int64_t a, std::int64_t b);

// One site's blocks for a candidate's parameter values, and the bytes the pruner counts in L1,
// L0A, L0B and L0C for them.
void siteNeed(const CubeSiteTiling& s, const std::int64_t* values, std::int64_t dtypeBytes, std::int64_t block[3],
              std::int64_t need[4])
{
    for (std::size_t r = 0; r < 3; ++r)
        block[r] = s.param[r] >= 0 ? values[std::size_t(s.param[r])] : s.constant[r];
    const std::int64_t mk = mul(block[0], block[2]), kn = mul(block[2], block[1]);
    need[0] = mul(add(mk, kn), dtypeBytes);
    need[1] = mul(mk, dtypeBytes);
    need[2] = mul(kn, dtypeBytes);
    need[3] = mul(mul(block[0], block[1]), kAccumulatorBytes);
}

} // namespace

ReasonCode CubeGeneration::reasonAt(std::uint64_t index) const
{
    const std::uint8_t v = index < verdicts.size() ? verdicts[index] : 0;
    return v ? kBufferCodes[(v & 7) - 1] : ReasonCode::None;
}

std::optional<CubePruned> CubeGeneration::prunedAt(std::uint64_t index) const
{
    const std::uint8_t v = index < verdicts.size() ? verdicts[index] : 0;
    const std::size_t si = std::size_t(v >> 3);
    if (!v || si >= sites.size())
        return std::nullopt;
    const int buffer = (v & 7) - 1;
    const std::vector<std::int64_t> values = valuesAt(index);
    const CubeSiteTiling& s = sites[si];
    std::int64_t block[3];
    std::int64_t need[4];
    siteNeed(s, values.data(), dtypeBytes, block, need);
    const std::int64_t limits[4] = {hardware.l1Limit(), hardware.l0aLimit(), hardware.l0bLimit(), hardware.l0cLimit()};
    return CubePruned{index, s.siteId, kBufferCodes[buffer], block[0], block[1], block[2],
                      need[buffer], limits[buffer]};
}

namespace {

// `args` null: the lengths the parse resolved.
void buildParamSpace(const analysis::CubeParse& parse, const std::vector<analysis::LaunchArgument>* args,
                     CubeGeneration& gen)
{
    auto findParam = [&](const std::string& name) -> CubeParamSpace* {
        for (auto& p : gen.params)
            if (p.name == name)
                return &p;
        return nullptr;
    };
    for (const auto& site : parse.dotSites) {
        const std::pair<const char*, const analysis::CubeAxis*> roles[] = {
            {"M", &site.m}, {"N", &site.n}, {"K", &site.k}};
        for (const auto& [role, axis] : roles) {
            std::optional<std::string> name = axis->tunableParam;
            if (!name && axis->state == "tunable") {
                name = singleSymbol(axis->axisSymbol);
                if (!name)
                    name = singleSymbol(axis->lengthExpr);
            }
            if (!name || name->empty() || axis->state != "tunable")
                continue;
            const auto resolved = args ? resolveLength(*axis, *args) : axis->resolvedLength;
            const std::int64_t length = resolved.value_or(kDefaultLength);
            if (CubeParamSpace* p = findParam(*name)) {
                if (length > p->maxValue) {
                    p->maxValue = length;
                    p->lengthResolved = resolved.has_value();
                }
                continue;
            }
            gen.params.push_back({*name, role, length, resolved.has_value(), {}});
        }
    }
    if (gen.params.empty()) {
        // No dot-site parameter: every tunable parameter, K by its name.
        for (const auto& t : parse.tunableParams) {
            if (findParam(t.name))
                continue;
            std::string upper = t.name;
            std::transform(upper.begin(), upper.end(), upper.begin(), ::toupper);
            const bool isK = upper.find("BLOCK_K") != std::string::npos;
            gen.params.push_back({t.name, isK ? "K" : "M", isK ? kDefaultKLength : kDefaultLength, false, {}});
        }
    }
    for (auto& p : gen.params) {
        auto values = stepValues(p.maxValue);
        if (!values) {
            gen.error = "IndexError: list index out of range";
            return;
        }
        p.values = std::move(*values);
    }
}

std::vector<SiteSources> siteSources(const analysis::CubeParse& parse, const CubeGeneration& gen,
                                     std::vector<std::int64_t>& slots)
{
    const int paramCount = int(gen.params.size());
    auto paramIndex = [&](const std::string& name) {
        for (int i = 0; i < paramCount; ++i)
            if (gen.params[std::size_t(i)].name == name)
                return i;
        return -1;
    };
    auto constantSlot = [&](std::int64_t value) {
        slots.push_back(value);
        return int(slots.size()) - 1;
    };
    std::vector<SiteSources> out;
    for (const auto& site : parse.dotSites) {
        // The site's config: the parameters in order, then standard_block_m / _n / _k unless a
        // parameter has that very name; the last key naming a slot wins after normalisation.
        std::vector<std::pair<std::string, int>> keys;
        for (int i = 0; i < paramCount; ++i)
            keys.emplace_back(gen.params[std::size_t(i)].name, i);
        const std::pair<const char*, const analysis::CubeAxis*> roles[] = {
            {"standard_block_m", &site.m}, {"standard_block_n", &site.n}, {"standard_block_k", &site.k}};
        for (const auto& [key, axis] : roles) {
            if (paramIndex(key) >= 0)
                continue;
            int source = -1;
            if (axis->tunableParam && paramIndex(*axis->tunableParam) >= 0)
                source = paramIndex(*axis->tunableParam);
            else if (axis->constValue)
                source = constantSlot(*axis->constValue);
            else
                source = constantSlot(std::string(key) == "standard_block_k" ? kFallbackK : kFallbackMn);
            keys.emplace_back(key, source);
        }
        SiteSources s;
        s.siteId = site.siteId;
        s.slot = {constantSlot(kFallbackMn), constantSlot(kFallbackMn), constantSlot(kFallbackK)};
        for (const auto& [key, source] : keys)
            if (const int slot = normalizedSlot(key); slot >= 0)
                s.slot[std::size_t(slot)] = source;
        out.push_back(s);
    }
    return out;
}

// Products of block sizes, saturated instead of overflowing (Python's ints do not overflow;
// a saturated product is over every capacity all the same).
std::int64_t mul(std::int64_t a, std::int64_t b)
{
    std::int64_t r = 0;
    return __builtin_mul_overflow(a, b, &r) ? std::numeric_limits<std::int64_t>::max() : r;
}

std::int64_t add(std::int64_t a, std::int64_t b)
{
    std::int64_t r = 0;
    return __builtin_add_overflow(a, b, &r) ? std::numeric_limits<std::int64_t>::max() : r;
}

} // namespace

std::optional<CubeTileUse> CubeGeneration::tileUse(const std::int64_t* values) const
{
    if (sites.empty())
        return std::nullopt;
    for (std::size_t p = 0; p < params.size(); ++p)
        if (values[p] <= 0) // kUnset is negative
            return std::nullopt;
    CubeTileUse use;
    use.limits = {hardware.l1Limit(), hardware.l0aLimit(), hardware.l0bLimit(), hardware.l0cLimit()};
    for (std::size_t si = 0; si < sites.size(); ++si) {
        const CubeSiteTiling& s = sites[si];
        std::int64_t block[3];
        std::int64_t need[4];
        siteNeed(s, values, dtypeBytes, block, need);
        for (std::size_t b = 0; b < 4; ++b)
            use.bytes[b] = std::max(use.bytes[b], need[b]);
        if (si == 0) {
            use.blockM = block[0];
            use.blockN = block[1];
            use.blockK = block[2];
            if (s.mLength && s.nLength && *s.mLength > 0 && *s.nLength > 0 && block[0] > 0 && block[1] > 0)
                use.programs = mul((*s.mLength + block[0] - 1) / block[0], (*s.nLength + block[1] - 1) / block[1]);
        }
    }
    return use;
}

namespace {
CubeGeneration generate(const analysis::CubeParse& parse, const std::vector<analysis::LaunchArgument>* args,
                        const CubeHardware& hardware, const CubeGenOptions& options);
}

CubeGeneration generateCubeConfigs(const analysis::CubeParse& parse,
                                       const std::vector<analysis::LaunchArgument>& args,
                                       const CubeHardware& hardware, const CubeGenOptions& options)
{
    return generate(parse, &args, hardware, options);
}

CubeGeneration generateCubeConfigs(const analysis::CubeParse& parse, const CubeHardware& hardware,
                                       const CubeGenOptions& options)
{
    return generate(parse, nullptr, hardware, options);
}

namespace {

CubeGeneration generate(const analysis::CubeParse& parse, const std::vector<analysis::LaunchArgument>* args,
                        const CubeHardware& hardware, const CubeGenOptions& options)
{
    CubeGeneration gen;
    gen.hardware = hardware;
    gen.dtypeBytes = pruneTypeSize(options.dtype);
    if (parse.dotSites.empty())
        return gen;
    buildParamSpace(parse, args, gen);
    if (gen.error || gen.params.empty())
        return gen;

    gen.totalCombinations = 1;
    for (const auto& p : gen.params)
        if (__builtin_mul_overflow(gen.totalCombinations, std::uint64_t(p.values.size()), &gen.totalCombinations))
            gen.totalCombinations = std::numeric_limits<std::uint64_t>::max();
    if (gen.totalCombinations > options.maxCombinations) {
        gen.error = "too many candidates: " + std::to_string(gen.totalCombinations) +
                    " combinations of the block parameters (the backend materialises them all before "
                    "pruning; more than " + std::to_string(options.maxCombinations) + " are not walked)";
        return gen;
    }
    gen.pruned.reserve(std::size_t(std::min<std::uint64_t>(options.maxPrunedRecords, gen.totalCombinations)));
    gen.verdicts.assign(std::size_t(gen.totalCombinations), 0);

    const std::size_t paramCount = gen.params.size();
    std::vector<std::int64_t> slots(paramCount, 0);
    const std::vector<SiteSources> sites = siteSources(parse, gen, slots);
    for (std::size_t si = 0; si < sites.size(); ++si) {
        CubeSiteTiling t;
        t.siteId = sites[si].siteId;
        for (std::size_t r = 0; r < 3; ++r) {
            const int slot = sites[si].slot[r];
            if (slot < int(paramCount))
                t.param[r] = slot;
            else
                t.constant[r] = slots[std::size_t(slot)];
        }
        const analysis::CubeDotSite& site = parse.dotSites[si];
        t.mLength = args ? resolveLength(site.m, *args) : site.m.resolvedLength;
        t.nLength = args ? resolveLength(site.n, *args) : site.n.resolvedLength;
        gen.sites.push_back(t);
    }
    const std::size_t last = paramCount - 1;
    const std::vector<std::int64_t>& inner = gen.params[last].values;
    const std::size_t innerCount = inner.size();
    std::vector<std::size_t> digit(paramCount, 0);
    for (std::size_t p = 0; p < paramCount; ++p)
        slots[p] = gen.params[p].values[0];

    const std::int64_t ts = gen.dtypeBytes;
    const std::int64_t limits[4] = {hardware.l1Limit(), hardware.l0aLimit(), hardware.l0bLimit(),
                                    hardware.l0cLimit()};
    // Bytes one site needs in each buffer for the current slot values.
    auto needOf = [&](const SiteSources& s, std::int64_t need[4]) {
        const std::int64_t m = slots[std::size_t(s.slot[0])];
        const std::int64_t n = slots[std::size_t(s.slot[1])];
        const std::int64_t k = slots[std::size_t(s.slot[2])];
        const std::int64_t mk = mul(m, k), kn = mul(k, n);
        need[0] = mul(add(mk, kn), ts);
        need[1] = mul(mk, ts);
        need[2] = mul(kn, ts);
        need[3] = mul(mul(m, n), kAccumulatorBytes);
    };
    auto keep = [&](std::uint64_t index) {
        TritonConfig cfg;
        cfg.numWarps = 1;
        cfg.numStages = 1;
        cfg.kwargs.reserve(paramCount);
        for (std::size_t p = 0; p < paramCount; ++p)
            cfg.kwargs.emplace_back(gen.params[p].name, ParamValue::integer(slots[p]));
        gen.configs.push_back(std::move(cfg));
        gen.keptIndex.push_back(index);
    };
    auto drop = [&](std::uint64_t index, std::size_t site, int buffer, const std::int64_t need[4]) {
        ++gen.prunedCount;
        ++gen.prunedBy[std::size_t(buffer)];
        gen.verdicts[std::size_t(index)] = verdictOf(site, buffer);
        if (gen.pruned.size() < options.maxPrunedRecords) {
            const SiteSources& s = sites[site];
            gen.pruned.push_back({index, s.siteId, kBufferCodes[buffer], slots[std::size_t(s.slot[0])],
                                  slots[std::size_t(s.slot[1])], slots[std::size_t(s.slot[2])], need[buffer],
                                  limits[buffer]});
        }
    };

    // Every candidate checked on its own, sites in order, buffers in order.
    auto rowOneByOne = [&](std::uint64_t base) {
        for (std::size_t i = 0; i < innerCount; ++i) {
            slots[last] = inner[i];
            bool kept = true;
            for (std::size_t si = 0; si < sites.size() && kept; ++si) {
                std::int64_t need[4];
                needOf(sites[si], need);
                for (int b = 0; b < 4; ++b)
                    if (need[b] > limits[b]) {
                        drop(base + i, si, b, need);
                        kept = false;
                        break;
                    }
            }
            if (kept)
                keep(base + i);
        }
    };
    // The same outcome from the first failing value of each (site, buffer): with positive block
    // sizes every byte count grows with the last parameter's (ascending) values, so the values
    // one check rejects are a suffix of the row.
    auto rowBySuffixes = [&](std::uint64_t base) {
        struct Span {
            std::size_t begin, end, site;
            int buffer;
        };
        std::vector<Span> spans;
        std::size_t keptEnd = innerCount;
        for (std::size_t si = 0; si < sites.size(); ++si)
            for (int b = 0; b < 4; ++b) {
                std::size_t lo = 0, hi = innerCount;
                while (lo < hi) {
                    const std::size_t mid = (lo + hi) / 2;
                    slots[last] = inner[mid];
                    std::int64_t need[4];
                    needOf(sites[si], need);
                    if (need[b] > limits[b])
                        hi = mid;
                    else
                        lo = mid + 1;
                }
                if (lo < keptEnd)
                    spans.push_back({lo, keptEnd, si, b});
                keptEnd = std::min(keptEnd, lo);
            }
        for (std::size_t i = 0; i < keptEnd; ++i) {
            slots[last] = inner[i];
            keep(base + i);
        }
        std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return a.begin < b.begin; });
        for (const Span& sp : spans) {
            if (gen.pruned.size() >= options.maxPrunedRecords) {
                gen.prunedCount += sp.end - sp.begin;
                gen.prunedBy[std::size_t(sp.buffer)] += sp.end - sp.begin;
                std::fill(gen.verdicts.begin() + std::ptrdiff_t(base + sp.begin),
                          gen.verdicts.begin() + std::ptrdiff_t(base + sp.end), verdictOf(sp.site, sp.buffer));
                continue;
            }
            for (std::size_t i = sp.begin; i < sp.end; ++i) {
                slots[last] = inner[i];
                std::int64_t need[4];
                needOf(sites[sp.site], need);
                drop(base + i, sp.site, sp.buffer, need);
            }
        }
    };
    const bool monotone = !options.checkEachCandidate && std::all_of(slots.begin() + std::ptrdiff_t(paramCount), slots.end(),
                                      [](std::int64_t v) { return v > 0; });

    for (std::uint64_t base = 0; base < gen.totalCombinations; base += innerCount) {
        if (monotone)
            rowBySuffixes(base);
        else
            rowOneByOne(base);
        // Next row: the parameters before the last, the later ones fastest.
        for (std::size_t p = last; p-- > 0;) {
            if (++digit[p] < gen.params[p].values.size()) {
                slots[p] = gen.params[p].values[digit[p]];
                break;
            }
            digit[p] = 0;
            slots[p] = gen.params[p].values[0];
        }
    }
    return gen;
}

} // namespace

std::string upstreamPruneReason(const CubePruned& pruned)
{
    const char* label = pruned.code == ReasonCode::CubeL1Capacity ? "L1" : "L0a";
    return "Memory limit: " + std::string(label) + ": " + std::to_string(pruned.bytes) + " > " +
           std::to_string(pruned.capacity);
}

namespace {

std::string bytesText(std::int64_t bytes)
{
    if (bytes % 1024 == 0)
        return std::to_string(bytes / 1024) + " KiB";
    if (bytes > 10 * 1024) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.1f KiB", double(bytes) / 1024.0);
        return buf;
    }
    return std::to_string(bytes) + " B";
}

} // namespace

msg::Message cubeCapacityMessage(ReasonCode code, std::int64_t bytes, std::int64_t capacity)
{
    switch (code) {
    case ReasonCode::CubeL1Capacity:
        return msg::Message(msg::Id::CubeL1Need, {bytesText(bytes), bytesText(capacity)});
    case ReasonCode::CubeL0aCapacity:
        return msg::Message(msg::Id::CubeL0aNeed, {bytesText(bytes), bytesText(capacity)});
    case ReasonCode::CubeL0bCapacity:
        return msg::Message(msg::Id::CubeL0bNeed, {bytesText(bytes), bytesText(capacity)});
    case ReasonCode::CubeL0cCapacity:
        return msg::Message(msg::Id::CubeL0cNeed, {bytesText(bytes), bytesText(capacity)});
    default:
        return {};
    }
}

std::string describeCubeCapacity(ReasonCode code, std::int64_t bytes, std::int64_t capacity)
{
    return cubeCapacityMessage(code, bytes, capacity).english();
}

std::string describeCubePrune(const CubePruned& p, const CubeHardware& hw, int dtypeBytes)
{
    const std::string m = std::to_string(p.blockM), n = std::to_string(p.blockN), k = std::to_string(p.blockK);
    const std::string b = std::to_string(dtypeBytes) + " B";
    const std::string site = "dot site " + std::to_string(p.site) + ": ";
    switch (p.code) {
    case ReasonCode::CubeL1Capacity:
        return site + "L1: (" + m + " x " + k + " + " + k + " x " + n + ") x " + b + " = " + bytesText(p.bytes) +
               " > " + bytesText(p.capacity) + " (" + bytesText(hw.l1Bytes) + " L1 / " +
               std::to_string(hw.l1Stages) + " buffers)";
    case ReasonCode::CubeL0aCapacity:
        return site + "L0A: " + m + " x " + k + " x " + b + " = " + bytesText(p.bytes) + " > " +
               bytesText(p.capacity) + " (" + bytesText(hw.l0aBytes) + " L0A / " + std::to_string(hw.l0aStages) +
               " buffers)";
    case ReasonCode::CubeL0bCapacity:
        return site + "L0B: " + k + " x " + n + " x " + b + " = " + bytesText(p.bytes) + " > " +
               bytesText(p.capacity) + " (" + bytesText(hw.l0bBytes) + " L0B / " + std::to_string(hw.l0bStages) +
               " buffers)";
    case ReasonCode::CubeL0cCapacity:
        return site + "L0C: " + m + " x " + n + " x 4 B (fp32) = " + bytesText(p.bytes) + " > " +
               bytesText(p.capacity) + " L0C";
    default:
        return {};
    }
}

std::vector<TritonConfig> expandConfigsWithHints(const std::vector<TritonConfig>& configs, const HintList& hints,
                                                     std::string* error)
{
    HintList normalized;
    const std::vector<ParamValue>* multibuffer = nullptr;
    bool hasStages = false;
    for (const auto& [name, values] : hints) {
        if (name == "multibuffer") {
            multibuffer = &values;
            continue;
        }
        hasStages = hasStages || name == "num_stages";
        normalized.emplace_back(name, values);
    }
    auto fail = [&](const std::string& text) {
        if (error)
            *error = text;
        return std::vector<TritonConfig>{};
    };
    if (multibuffer) {
        if (multibuffer->empty())
            return fail("hints['multibuffer'] must be a non-empty list/tuple when used for config expansion.");
        if (!std::all_of(multibuffer->begin(), multibuffer->end(), [](const ParamValue& v) { return v.isBool; }))
            return fail("hints['multibuffer'] must contain only boolean values.");
        if (!hasStages) {
            std::vector<ParamValue> stages;
            for (const ParamValue& v : *multibuffer)
                stages.push_back(ParamValue::integer(v.value ? 2 : 1));
            normalized.emplace_back("num_stages", std::move(stages));
        }
    }
    if (normalized.empty())
        return configs;
    for (const auto& [name, values] : normalized)
        if (values.empty())
            return fail("hints['" + name + "'] must be a non-empty list/tuple when used for config expansion.");

    std::size_t combos = 1;
    for (const auto& h : normalized)
        combos *= h.second.size();
    std::vector<TritonConfig> out;
    out.reserve(configs.size() * combos);
    for (const TritonConfig& base : configs)
        for (std::size_t c = 0; c < combos; ++c) {
            TritonConfig cfg = base;
            std::size_t rest = c;
            std::vector<const ParamValue*> pick(normalized.size());
            for (std::size_t h = normalized.size(); h-- > 0;) { // the last hint fastest
                pick[h] = &normalized[h].second[rest % normalized[h].second.size()];
                rest /= normalized[h].second.size();
            }
            for (std::size_t h = 0; h < normalized.size(); ++h) {
                if (normalized[h].first == "num_stages")
                    cfg.numStages = int(pick[h]->value);
                else
                    setKwarg(cfg.kwargs, normalized[h].first, *pick[h]);
            }
            out.push_back(std::move(cfg));
        }
    return out;
}

CubeTimeCut cutByTimeBudget(const std::vector<double>& roughMs)
{
    CubeTimeCut cut;
    const std::size_t count = roughMs.size();
    cut.order.resize(count);
    std::iota(cut.order.begin(), cut.order.end(), std::size_t(0));
    if (count <= 1) {
        cut.kept = cut.order;
        return cut;
    }
    cut.applied = true;
    std::stable_sort(cut.order.begin(), cut.order.end(),
                     [&](std::size_t a, std::size_t b) { return roughMs[a] < roughMs[b]; });
    cut.fastestMs = roughMs[cut.order.front()];
    if (cut.fastestMs == 0.0) {
        cut.error = "ZeroDivisionError: float division by zero";
        return cut;
    }
    const auto runs = [&](double budgetMs) -> std::optional<int> {
        const double r = budgetMs / cut.fastestMs;
        if (std::isnan(r))
            return std::nullopt;
        const double truncated = std::trunc(r);
        return std::max(1, truncated > 1e9 ? 1'000'000'000 : int(truncated));
    };
    const auto warmup = runs(25.0), repeat = runs(100.0);
    if (!warmup || !repeat) {
        cut.error = "ValueError: cannot convert float NaN to integer";
        return cut;
    }
    cut.warmup = *warmup;
    cut.repeat = *repeat;
    cut.minKept = int(std::min<std::size_t>(10, count));
    cut.estimateSeconds.resize(count);
    for (std::size_t i = 0; i < count; ++i)
        cut.estimateSeconds[i] = roughMs[i] / 1000.0 * double(cut.warmup + cut.repeat);

    double cumulative = 0.0;
    std::size_t pos = 0;
    for (; pos < count; ++pos) {
        const std::size_t c = cut.order[pos];
        cumulative += cut.estimateSeconds[c];
        if (cut.kept.size() >= std::size_t(cut.minKept) && cumulative > CubeTimeCut::kBudgetSeconds) {
            cut.cumulativeAtCut = cumulative;
            break;
        }
        cut.kept.push_back(c);
        cut.keptSeconds = cumulative;
    }
    cut.cut.assign(cut.order.begin() + std::ptrdiff_t(std::min(pos, count)), cut.order.end());
    return cut;
}

std::string describeTimeCut(const CubeTimeCut& cut, std::size_t config)
{
    if (!cut.applied || config >= cut.estimateSeconds.size())
        return {};
    char buf[256];
    std::snprintf(buf, sizeof buf, "%.4g ms x (%d + %d) runs = %.3g s", cut.estimateSeconds[config] * 1000.0 /
                  double(cut.warmup + cut.repeat), cut.warmup, cut.repeat, cut.estimateSeconds[config]);
    const bool isCut = std::find(cut.cut.begin(), cut.cut.end(), config) != cut.cut.end();
    if (!isCut)
        return std::string("kept within the 200 s budget: ") + buf;
    char tail[160];
    std::snprintf(tail, sizeof tail, "; the running total reached %.1f s > 200 s after the %zu fastest configs "
                  "(%.1f s)", cut.cumulativeAtCut, cut.kept.size(), cut.keptSeconds);
    return std::string("cut by the 200 s budget: ") + buf + tail;
}

} // namespace ts::space
