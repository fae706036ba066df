#include "core/backends/v2608/axis_parse_checks.h"

#include "core/analysis/ast_match.h"
#include "core/backends/v2608/max_autotune.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace ts::analysis {
namespace {

using py::Value;

bool isReserved(std::string_view key)
{
    return std::find(kReservedHintKeys2608.begin(), kReservedHintKeys2608.end(), key) != kReservedHintKeys2608.end();
}

bool contains(const std::vector<std::string>& list, const std::string& item)
{
    return std::find(list.begin(), list.end(), item) != list.end();
}

std::string listRepr(const std::vector<std::string>& items)
{
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i ? ", '" : "'") + items[i] + "'";
    return out + "]";
}

void signatureOf(const py::Node* function, InitChecks2608& out)
{
    const py::Node* args = function ? function->child("args") : nullptr;
    if (!args)
        return;
    const auto& positional = args->list("args");
    for (const py::Node* arg : positional)
        if (arg && isTlAttribute(arg->child("annotation"), "constexpr"))
            out.constexprNames.push_back(arg->str("arg"));
    const std::size_t defaults = args->list("defaults").size();
    for (std::size_t i = positional.size() - std::min(defaults, positional.size()); i < positional.size(); ++i)
        out.defaultedParams.push_back(positional[i]->str("arg"));
    const auto& kwonly = args->list("kwonlyargs");
    const auto& kwDefaults = args->list("kw_defaults");
    for (std::size_t i = 0; i < kwonly.size() && i < kwDefaults.size(); ++i)
        if (kwDefaults[i])
            out.defaultedParams.push_back(kwonly[i]->str("arg"));
}

const Value* hint(const std::optional<Value>& hints, std::string_view key)
{
    return hints && hints->type() == Value::Type::Dict ? hints->get(key) : nullptr;
}

bool isSequence(const Value& v)
{
    return v.type() == Value::Type::List || v.type() == Value::Type::Tuple;
}

// _normalize_config_hints without the num_stages injection (the generator adds it).
std::optional<std::string> normalizeConfigHints(const Value& hints, VectorParse2608& vp)
{
    const Value* multibuffer = nullptr;
    bool explicitStages = false;
    for (const auto& [k, v] : hints.entries()) {
        if (!k.isStr() || isReserved(k.asStr()))
            continue;
        if (k.asStr() == "multibuffer") {
            multibuffer = &v;
            continue;
        }
        explicitStages = explicitStages || k.asStr() == "num_stages";
        vp.configHints.emplace_back(k.asStr(), isSequence(v) ? v.items() : std::vector<Value>{v});
    }
    // The original values are needed for the later value checks: keep the raw value aside.
    if (!multibuffer || multibuffer->isNone())
        return std::nullopt;
    if (!isSequence(*multibuffer) || multibuffer->items().empty())
        return "hints['multibuffer'] must be a non-empty list/tuple when used for config expansion.";
    for (const Value& v : multibuffer->items())
        if (!v.isBool())
            return "hints['multibuffer'] must contain only boolean values.";
    if (!explicitStages) {
        std::vector<Value> stages;
        for (const Value& v : multibuffer->items())
            stages.push_back(Value::integer(v.asBool() ? 2 : 1));
        vp.configHints.emplace_back("num_stages", std::move(stages));
    }
    return std::nullopt;
}

// _validate_config_hint_values, raised at the first launch when config hints exist.
std::optional<std::string> checkConfigHintValues(const Value& hints, const InitChecks2608& init)
{
    for (const auto& [k, v] : hints.entries()) {
        if (!k.isStr() || isReserved(k.asStr()) || k.asStr() == "multibuffer")
            continue;
        const std::string& key = k.asStr();
        if (!isSequence(v) || v.items().empty())
            return "hints['" + key + "'] must be a non-empty list/tuple when used for config expansion.";
        if (auto error = kernel::checkCompileOptionValues2608(key, v))
            return error;
    }
    (void)init;
    return std::nullopt;
}

std::string parserModeOf(const std::optional<Value>& hints)
{
    // Only the reserved keys reach the mode resolution; with none of them it is "assist".
    bool anyReserved = false;
    if (hints && hints->type() == Value::Type::Dict)
        for (const auto& [k, v] : hints->entries())
            anyReserved = anyReserved || (k.isStr() && isReserved(k.asStr()));
    if (!anyReserved)
        return "assist";
    const Value* raw = hint(hints, "vv_parser_v2_mode");
    if (!raw)
        return "assist";
    if (raw->isStr()) {
        std::string mode = raw->asStr();
        mode.erase(0, mode.find_first_not_of(" \t\n\r\f\v"));
        mode.erase(mode.find_last_not_of(" \t\n\r\f\v") + 1);
        std::transform(mode.begin(), mode.end(), mode.begin(), ::tolower);
        if (mode == "observe" || mode == "assist" || mode == "authoritative")
            return mode;
    }
    return "off";
}

std::optional<std::string> parseHintsAxes(const ParseInput& input, const InitChecks2608& init, AxisMap& out)
{
    const Value* axes = hint(input.rawHints, "axes");
    if (!axes || axes->isNone())
        return std::nullopt;
    if (axes->type() != Value::Type::Dict)
        return "hints.axes must be a dict, got: " + pyClassRepr(axes->typeName());
    static const std::set<std::string> valid = {"x", "y", "z", "w", "v", "t"};
    for (const auto& [k, v] : axes->entries())
        if (!k.isStr() || !valid.count(k.asStr()))
            return std::string("All keys in 'hints.axes' must be valid axis names. Got unexpected keys.");
    for (const auto& [k, v] : axes->entries()) {
        if (!v.isStr())
            return "All values in 'hints.axes' must be non-empty argument names. Got " + pyClassRepr(v.typeName()) +
                   " for axis '" + k.asStr() + "'.";
        if (v.asStr().empty())
            return std::string("All values in 'hints.axes' must be non-empty argument names.");
        const bool runtimeArg = contains(input.argNames, v.asStr()) && !contains(init.constexprNames, v.asStr());
        if (isPythonIdentifier(v.asStr()) && !runtimeArg)
            return "All values in 'hints.axes' must reference runtime non-constexpr argument names. Got '" +
                   v.asStr() + "' for axis '" + k.asStr() + "'.";
        out.emplace_back(k.asStr(), v.asStr());
    }
    return std::nullopt;
}

// The metadata hints (split/tiling/low-dim/reduction): all four, with hints.axes, or none.
std::optional<std::string> checkAxisMetadata(const ParseInput& input, InitChecks2608& init)
{
    const AxisHints& h = input.hints;
    auto given = [&](const char* name, bool parsed) { return parsed || h.invalid.count(name) > 0; };
    const bool split = given("split_params", h.splitParams.has_value());
    const bool tiling = given("tiling_params", h.tilingParams.has_value());
    const bool low = given("low_dim_axes", h.lowDimAxes.has_value());
    const bool reduction = given("reduction_axes", h.reductionAxes.has_value());
    if (!(split || tiling || low || reduction))
        return std::nullopt;
    init.metadataGiven = true;
    if (init.hintsAxes.empty())
        return std::string("hints.axes must be provided when axis metadata "
                           "(split_params, tiling_params, low_dim_axes, reduction_axes) is supplied.");
    auto typeOf = [&](const char* name) {
        auto it = h.invalid.find(name);
        return pyClassRepr(it != h.invalid.end() ? it->second.typeName : "NoneType");
    };
    if (!h.splitParams)
        return "split_params must be a dict, got: " + typeOf("split_params");
    if (!h.tilingParams)
        return "tiling_params must be a dict, got: " + typeOf("tiling_params");
    if (!h.lowDimAxes)
        return "low_dim_axes must be a list, got: " + typeOf("low_dim_axes");
    if (!h.reductionAxes)
        return "reduction_axes must be a list, got: " + typeOf("reduction_axes");
    std::set<std::string> unknown; // Python prints a set; sorted here (its order is hash-dependent)
    auto check = [&](const std::string& axis) {
        if (!findAxis(init.hintsAxes, axis))
            unknown.insert(axis);
    };
    for (const auto& [axis, param] : *h.splitParams)
        check(axis);
    for (const auto& [axis, param] : *h.tilingParams)
        check(axis);
    for (const std::string& axis : *h.lowDimAxes)
        check(axis);
    for (const std::string& axis : *h.reductionAxes)
        check(axis);
    if (unknown.empty())
        return std::nullopt;
    std::string set = "{";
    for (const std::string& axis : unknown)
        set += (set.size() > 1 ? ", '" : "'") + axis + "'";
    return "The following axes are used in axis metadata but missing from 'hints.axes': " + set + "}";
}

std::optional<std::string> kernelTypeOf(const std::optional<Value>& hints, std::string& type)
{
    const Value* raw = hint(hints, "kernel_type");
    if (!raw) {
        type = "auto";
        return std::nullopt;
    }
    std::string text = raw->str();
    if (raw->isStr()) {
        text.erase(0, text.find_first_not_of(" \t\n\r\f\v"));
        text.erase(text.find_last_not_of(" \t\n\r\f\v") + 1);
        std::transform(text.begin(), text.end(), text.begin(), ::tolower);
    }
    if (!raw->isStr() || (text != "vector" && text != "cube" && text != "mix" && text != "auto"))
        return "Unsupported kernel_type '" + text + "', expected one of: ['auto', 'cube', 'mix', 'vector']";
    type = text;
    return std::nullopt;
}

} // namespace

std::string pyClassRepr(std::string_view typeName)
{
    return "<class '" + std::string(typeName) + "'>";
}

bool isPythonIdentifier(const std::string& text)
{
    if (text.empty() || std::isdigit(static_cast<unsigned char>(text[0])))
        return false;
    return std::all_of(text.begin(), text.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80;
    });
}

InitChecks2608 runInitChecks2608(const ParseInput& input, VectorParse2608& vp)
{
    InitChecks2608 init;
    signatureOf(input.function, init);
    const std::optional<Value>& hints = input.rawHints;
    const bool hintsGiven = hints && hints->type() == Value::Type::Dict && !hints->entries().empty();

    auto fail = [&](std::string message) {
        init.error = std::move(message);
        return init;
    };
    if (input.decoratorError) {
        // "ValueError: ..." as the kernel model keeps it; the parse reports the message.
        const std::string& e = *input.decoratorError;
        return fail(e.starts_with("ValueError: ") ? e.substr(12) : e);
    }
    if (hintsGiven) {
        std::vector<std::string> invalid;
        for (const auto& [k, v] : hints->entries()) {
            const std::string key = k.isStr() ? k.asStr() : k.repr();
            if (!isReserved(key) && !kernel::isCompileOptionParam2608(key) && !contains(init.constexprNames, key))
                invalid.push_back(key);
        }
        std::sort(invalid.begin(), invalid.end());
        if (!invalid.empty())
            return fail("Unsupported hints keys: " + listRepr(invalid) +
                        ". Legal keys must be reserved hints, tl.constexpr kernel parameters, or supported compile "
                        "options.");
        if (auto error = normalizeConfigHints(*hints, vp))
            return fail(*error);
    }
    vp.parserMode = parserModeOf(hints);

    if (const Value* tunable = hint(hints, "tunable_parameter"); tunable && !tunable->isNone()) {
        if (tunable->type() != Value::Type::List)
            return fail("hints.tunable_parameter must be a list, got: " + pyClassRepr(tunable->typeName()));
        for (const Value& v : tunable->items())
            if (v.isStr() && !contains(init.explicitTunable, v.asStr()))
                init.explicitTunable.push_back(v.asStr());
    }

    if (input.keyDict)
        return fail("key must be a list, got: <class 'dict'>");
    if (!input.keyTypeName.empty())
        return fail("key must be a list, got: " + pyClassRepr(input.keyTypeName));
    if (auto error = parseHintsAxes(input, init, init.hintsAxes))
        return fail(*error);
    if (auto error = checkAxisMetadata(input, init))
        return fail(*error);
    if (!init.metadataGiven && init.hintsAxes.empty() && vp.parserMode != "assist" &&
        vp.parserMode != "authoritative") {
        // Without v2 (off / observe) the axes are the key's, in order.
        for (std::size_t i = 0; i < input.keyList.size() && i < 6; ++i)
            if (!input.keyList[i].empty())
                init.hintsAxes.emplace_back(std::string(1, "xyzwvt"[i]), input.keyList[i]);
    }

    // First-launch values.
    init.kernelTypeError = kernelTypeOf(hints, init.kernelTypeHint);
    if (hintsGiven && !vp.configHints.empty())
        vp.configHintError = checkConfigHintValues(*hints, init);
    for (const LaunchArgument& a : input.args) {
        if (a.name == "num_stages" && a.kind == LaunchArgument::Kind::Int)
            vp.launchNumStages = a.intValue;
        if (a.name == "multibuffer" && a.kind == LaunchArgument::Kind::Bool)
            vp.launchMultibuffer = a.intValue != 0;
    }
    return init;
}

void resolveAxisSizes(const ParseInput& input, VectorParse2608& vp)
{
    auto positiveInt = [&](const std::string& name) -> std::optional<std::int64_t> {
        for (const LaunchArgument& a : input.args)
            if (a.name == name && a.kind == LaunchArgument::Kind::Int && a.intValue > 0)
                return a.intValue;
        return std::nullopt;
    };
    auto literal = [](const std::string& text) -> std::optional<std::int64_t> {
        if (text.empty() || !std::all_of(text.begin(), text.end(), ::isdigit) || text.size() > 18)
            return std::nullopt;
        const std::int64_t v = std::stoll(text);
        return v > 0 ? std::optional<std::int64_t>(v) : std::nullopt;
    };
    for (VectorAxis2608& a : vp.axes) {
        a.materialized =
            !a.splitParam.empty() || !a.tilingParam.empty() || !a.lengthExpr.empty() || !a.fixedTilingExpr.empty();
        if (a.splitParam.empty() && a.tilingParam.empty()) {
            auto fixed = positiveInt(a.fixedTilingExpr);
            if (!fixed)
                fixed = literal(a.fixedTilingExpr);
            if (!fixed)
                fixed = a.fixedTilingValue;
            if (fixed) {
                a.size = *fixed;
                a.source = AxisSizeSource::FixedTiling;
                continue;
            }
        }
        // The key value of a directly sized axis wins (the generator re-reads it from the launch).
        if (auto v = positiveInt(a.name)) {
            a.size = *v;
            a.source = AxisSizeSource::AxisArg;
        } else if (isPythonIdentifier(a.lengthExpr) && positiveInt(a.lengthExpr)) {
            a.size = *positiveInt(a.lengthExpr);
            a.source = AxisSizeSource::LengthArg;
        } else if (auto lit = literal(a.lengthExpr)) {
            a.size = *lit;
            a.source = AxisSizeSource::Literal;
        } else if (!a.splitParam.empty()) {
            a.size = kSplitAxisFallbackSize;
            a.source = AxisSizeSource::DefaultSplit;
        } else {
            a.size = kDefaultAxisFallbackSize;
            a.source = AxisSizeSource::DefaultTiling;
        }
    }
}

std::vector<std::pair<std::string, std::int64_t>>
materializeAxisSizes2608(const VectorParse2608& parse, const std::vector<std::pair<std::string, std::int64_t>>& keyValues)
{
    std::vector<std::pair<std::string, std::int64_t>> sizes;
    for (const VectorAxis2608& a : parse.axes) {
        if (!a.materialized)
            continue;
        std::int64_t size = a.size;
        if (a.source != AxisSizeSource::FixedTiling)
            for (const auto& [axis, value] : keyValues)
                if (axis == a.name && value > 0)
                    size = value;
        sizes.emplace_back(a.name, size);
    }
    return sizes;
}

} // namespace ts::analysis
