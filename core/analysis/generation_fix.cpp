#include "core/analysis/generation_fix.h"
#include "core/analysis/advice_check.h"
#include "core/analysis/launch_model.h"

#include "core/analysis/generation_fix_impl.h"
#include "core/analysis/kernel_analysis.h"
#include "core/analysis/pyrepr.h"
#include "core/npu/device_profile.h"
#include "core/pipeline/space_pipeline.h"

#include <algorithm>
#include <array>
#include <set>

namespace ts::analysis {
namespace {

using fix::Finding;
using fix::Role;

// A parse and a generation per hint tried: enough for two parameters over every key axis and
// both roles, twice (axis hints parsed, then copied from the parse).
constexpr std::size_t kMaxTrials = 96;

constexpr std::array<const char*, 6> kAxisNames = {"x", "y", "z", "w", "v", "t"};

std::string bare(const std::string& axis)
{
    return axis.size() == 2 && axis[0] == 'r' ? axis.substr(1) : axis;
}

template <typename T>
bool contains(const std::vector<T>& list, const T& item)
{
    return std::find(list.begin(), list.end(), item) != list.end();
}

void setAxis(AxisMap& map, const std::string& axis, const std::string& param)
{
    for (auto& [a, p] : map)
        if (a == axis) {
            p = param;
            return;
        }
    map.emplace_back(axis, param);
}

AxisMap bareMap(const AxisMap& map)
{
    AxisMap out;
    for (const auto& [axis, param] : map)
        out.emplace_back(bare(axis), param);
    return out;
}

std::vector<std::string> bareList(const std::vector<std::string>& list)
{
    std::vector<std::string> out;
    for (const std::string& axis : list)
        out.push_back(bare(axis));
    return out;
}

// "Missing required arguments: ['BLOCK']. These arguments must ..." -> its first sentence.
std::string shortError(const std::string& error)
{
    const auto end = error.find(". ");
    return end == std::string::npos ? error : error.substr(0, end);
}

// One way to tie one parameter: a role on an axis (a new key axis for `newArg`).
struct Option {
    Role role = Role::Split;
    std::string axis;
    std::string newArg;  // a runtime argument added to key under `axis`
};

struct Trial {
    AxisMap key;
    AxisHints hints;
    std::vector<Option> options;  // per finding
};

// What the backend generates with a trial's hints.
struct Generated {
    std::size_t configs = 0;
    std::size_t blockParams = 0;  // parameters each generated config sets (multibuffer aside)
};

using Found = std::optional<std::pair<Trial, Generated>>;

class FixSearch {
public:
    FixSearch(const GenerationFixInput& in, std::vector<Finding> findings)
        : m_in(in)
        , m_findings(std::move(findings))
    {
        // The key as the user wrote it, axes named as the backend names a key list.
        if (in.input->keyDict) {
            m_key = *in.input->keyDict;
        } else {
            for (std::size_t i = 0; i < in.input->keyList.size() && i < kAxisNames.size(); ++i)
                m_key.emplace_back(kAxisNames[i], in.input->keyList[i]);
        }
    }

    std::size_t tried() const { return m_tried; }
    // Why a hint that made the backend generate was still refused: a config it generated is
    // incorrect (launch_model.h).
    const std::optional<msg::Message>& incorrect() const { return m_incorrect; }

    // With every parameter tied and no low-dim axis found, a low-dim axis gives the walk
    // something to descend. A found one is never replaced: the tiles would be sized for a
    // layout the kernel does not have.
    Found searchLowDim()
    {
        if (!m_findings.empty() || !m_in.parse->lowDimAxes.empty() || m_in.parse->error)
            return std::nullopt;
        for (const auto& [axis, param] : m_key) {
            Trial trial;
            trial.key = m_key;
            trial.hints.splitParams = AxisMap{};
            trial.hints.tilingParams = AxisMap{};
            trial.hints.lowDimAxes = std::vector<std::string>{axis};
            trial.hints.reductionAxes = std::vector<std::string>{};
            if (auto generated = check(trial))
                return std::pair{std::move(trial), *generated};
        }
        return std::nullopt;
    }

    // Splits the grid fixes get their per-program share passed at launch; no hint is tried, as
    // tuning such a split would leave elements unprocessed or processed twice.
    bool hintsAreSafe() const
    {
        return std::none_of(m_findings.begin(), m_findings.end(),
                            [](const Finding& f) { return f.fixedByGrid || f.notBlockSize; });
    }

    std::optional<Generated> checkLaunchValues()
    {
        ++m_tried;
        ParseInput input = *m_in.input;
        input.printAutotuning = false;
        for (const Finding& f : m_findings) {
            if (!f.launchValue)
                return std::nullopt;
            LaunchArgument a;
            a.name = f.param;
            a.kind = LaunchArgument::Kind::Int;
            a.intValue = *f.launchValue;
            input.args.push_back(a);
        }
        return generateWith(input);
    }

    // The key and hints as the user gave them, completed: a key dict and all four axis hints
    // (an absent one empty, which means "parse it").
    Found searchCompletedHints()
    {
        Trial trial;
        trial.key = m_key;
        const AxisHints& given = m_in.input->hints;
        trial.hints.splitParams = given.splitParams.value_or(AxisMap{});
        trial.hints.tilingParams = given.tilingParams.value_or(AxisMap{});
        trial.hints.lowDimAxes = given.lowDimAxes.value_or(std::vector<std::string>{});
        trial.hints.reductionAxes = given.reductionAxes.value_or(std::vector<std::string>{});
        if (auto generated = check(trial))
            return std::pair{std::move(trial), *generated};
        return std::nullopt;
    }

    Found search()
    {
        if (!hintsAreSafe())
            return std::nullopt;
        std::vector<std::vector<Option>> perFinding;
        for (const Finding& f : m_findings) {
            perFinding.push_back(optionsFor(f));
            if (perFinding.back().empty())
                return std::nullopt;  // no axis at all (key=[])
        }
        if (perFinding.empty())
            return std::nullopt;
        for (bool copyParsedAxes : {false, true}) {
            std::vector<std::size_t> pick(perFinding.size(), 0);
            while (m_tried < kMaxTrials) {
                std::vector<Option> chosen;
                for (std::size_t i = 0; i < pick.size(); ++i)
                    chosen.push_back(perFinding[i][pick[i]]);
                Trial trial = build(chosen, copyParsedAxes);
                if (auto count = check(trial))
                    return std::pair{std::move(trial), *count};
                // Next combination, the first finding's options varying slowest.
                std::size_t i = pick.size();
                while (i > 0 && ++pick[i - 1] == perFinding[i - 1].size())
                    pick[--i] = 0;
                if (i == 0)
                    break;
            }
        }
        return std::nullopt;
    }

private:
    std::vector<Option> optionsFor(const Finding& f) const
    {
        std::vector<std::pair<std::string, std::string>> axes;  // axis, new key argument
        auto addAxis = [&](const std::string& axis, const std::string& arg) {
            for (const auto& a : axes)
                if (a.first == axis)
                    return;
            axes.emplace_back(axis, arg);
        };
        // An axis a mask or a shape names is the only one tried: another would size the tiles
        // by the wrong length.
        if (!f.axis.empty())
            addAxis(f.axis, {});
        if (!f.unkeyedArg.empty())
            addAxis(newAxisFor(f.unkeyedArg), f.unkeyedArg);
        if (axes.empty())
            for (const auto& [axis, param] : m_key)
                addAxis(axis, {});
        std::vector<Option> out;
        for (Role role : f.roles)
            for (const auto& [axis, arg] : axes)
                out.push_back({role, axis, arg});
        return out;
    }

    // The axis a runtime argument gets when it is added to key: the first name not taken.
    std::string newAxisFor(const std::string& arg) const
    {
        std::set<std::string> taken;
        for (const auto& [axis, param] : m_key)
            taken.insert(axis);
        std::vector<std::string> added;
        for (const Finding& f : m_findings)
            if (!f.unkeyedArg.empty() && !contains(added, f.unkeyedArg))
                added.push_back(f.unkeyedArg);
        std::size_t rank = std::find(added.begin(), added.end(), arg) - added.begin();
        for (const char* name : kAxisNames)
            if (!taken.count(name) && rank-- == 0)
                return name;
        return "t";
    }

    Trial build(const std::vector<Option>& options, bool copyParsedAxes) const
    {
        const AxisParse& parse = *m_in.parse;
        Trial t;
        t.options = options;
        t.key = m_key;
        AxisMap split;
        AxisMap tiling;
        bool anySplit = false;
        bool anyTiling = false;
        for (const Option& o : options)
            (o.role == Role::Split ? anySplit : anyTiling) = true;
        // A non-empty hint replaces that parser: keep what it found.
        if (anySplit)
            split = bareMap(parse.splitParams);
        if (anyTiling)
            tiling = bareMap(parse.tilingParams);
        for (std::size_t i = 0; i < options.size(); ++i) {
            const Option& o = options[i];
            if (!o.newArg.empty() && !findAxis(t.key, o.axis))
                t.key.emplace_back(o.axis, o.newArg);
            setAxis(o.role == Role::Split ? split : tiling, o.axis, m_findings[i].param);
        }
        t.hints.splitParams = split;
        t.hints.tilingParams = tiling;
        t.hints.lowDimAxes = copyParsedAxes ? bareList(parse.lowDimAxes) : std::vector<std::string>{};
        t.hints.reductionAxes = copyParsedAxes ? bareList(parse.reductionAxes) : std::vector<std::string>{};
        return t;
    }

    // What the backend generates with `trial`, nullopt when it raises or generates none.
    std::optional<Generated> check(const Trial& trial)
    {
        ++m_tried;
        ParseInput input = *m_in.input;
        input.keyList.clear();
        input.keyDict = trial.key;
        input.hints = trial.hints;
        input.printAutotuning = false;
        return generateWith(input);
    }

    std::optional<Generated> generateWith(const ParseInput& input) const
    {
        const AxisParse parse = parseAxes(input);
        if (parse.error)
            return std::nullopt;
        space::LaunchSpec launch = m_in.launch;
        launch.backend = input.backend;
        launch.keyValues.clear();
        for (const auto& [axis, param] : parse.keys)
            for (const LaunchArgument& a : input.args)
                if (a.name == param && a.kind == LaunchArgument::Kind::Int)
                    launch.keyValues.emplace_back(axis, a.intValue);
        const space::BackendConfigs generated = generateBackendConfigs(parse, launch, m_in.device, {false, 0});
        if (generated.error || generated.generatedCount() == 0)
            return std::nullopt;
        // A fix must keep the kernel correct: every config it makes the backend generate is
        // judged by the launch model.
        if (m_in.launchModel) {
            if (auto why = firstIncorrect(*m_in.launchModel, generatedValues(generated))) {
                if (!m_incorrect)
                    m_incorrect = std::move(why);
                return std::nullopt;
            }
        }
        return Generated{generated.generatedCount(), generated.problem.params.size()};
    }

    const GenerationFixInput& m_in;
    std::vector<Finding> m_findings;
    AxisMap m_key;
    std::size_t m_tried = 0;
    mutable std::optional<msg::Message> m_incorrect;
};

// The parameters the parse left untied: the ones named by "Missing required arguments", or,
// when it raised earlier, every constexpr the launch leaves out that it had not tied yet.
std::vector<std::string> untiedParams(const AxisParse& parse)
{
    std::vector<std::string> out;
    for (const std::string& name : parse.missingParams) {
        if (findAxisOfParam(parse.splitParams, name) || findAxisOfParam(parse.tilingParams, name))
            continue;
        if (parse.completed || contains(parse.constexprParams, name))
            out.push_back(name);
    }
    return out;
}

// The AttributeError the split parser raises on `a.b(...) * x` when `a` is not a name.
const py::Node* raisingProduct(const py::Node* function)
{
    const py::Node* found = nullptr;
    for (const py::Node* stmt : function->list("body"))
        py::walkUntil(stmt, [&](const py::Node* n) {
            if (!n->is(py::Kind::BinOp) || n->op() != py::Kind::Mult)
                return false;
            for (const py::Node* side : {n->child("left"), n->child("right")}) {
                const py::Node* func = side && side->is(py::Kind::Call) ? side->child("func") : nullptr;
                if (func && func->is(py::Kind::Attribute) && func->child("value") &&
                    !func->child("value")->is(py::Kind::Name))
                    found = side;
            }
            return found != nullptr;
        });
    return found;
}

struct Failure {
    msg::Message summary;  // "it raises ValueError: Missing required arguments: ['BLOCK']"
    bool parseRaised = false;
    bool exception = false;  // the parse raised before it could list missing arguments
};

Failure describeFailure(const AxisParse& parse, const space::BackendConfigs& generated)
{
    Failure f;
    if (parse.error) {
        f.parseRaised = true;
        f.exception = !parse.completed;
        f.summary = msg::Message(msg::Id::GenFixParseRaises, {parse.errorType, shortError(*parse.error)});
    } else if (generated.generatedCount() == 0 && generated.error) {
        f.summary = msg::Message(msg::Id::GenFixNoConfigRaises, {shortError(*generated.error)});
    } else if (generated.error) {
        f.summary = msg::Message(msg::Id::GenFixRaises, {shortError(*generated.error)});
    } else {
        f.summary = msg::Message(msg::Id::GenFixNoConfig);
    }
    return f;
}

class Explainer {
public:
    explicit Explainer(const GenerationFixInput& in)
        : m_in(in)
        , m_version(kernel::backendName(in.input->backend))
    {
    }

    Diagnostics run()
    {
        space::LaunchSpec launch = m_in.launch;
        launch.backend = m_in.input->backend;
        const space::BackendConfigs now = generateBackendConfigs(*m_in.parse, launch, m_in.device, {false, 0});
        if (!now.generationRan || (!now.error && now.generatedCount() > 0))
            return {};
        const Failure failure = describeFailure(*m_in.parse, now);
        const std::vector<std::string> params = untiedParams(*m_in.parse);

        fix::PatternContext context{*m_in.input, *m_in.parse, m_in.module,
                                    findBlindSpots(*m_in.input, *m_in.parse, m_in.fileName)};
        std::vector<Finding> findings = fix::findPatterns(context, params);
        FixSearch search(m_in, findings);
        const std::optional<Generated> launchFix =
            search.hintsAreSafe() || failure.exception ? std::nullopt : search.checkLaunchValues();
        const auto found = failure.exception && m_in.parse->errorStage == "init" ? search.searchCompletedHints()
                                                                                  : search.search();
        if (!found)
            m_wrong = search.incorrect();

        if (failure.exception)
            exceptionNote(failure, found, search.tried());
        for (std::size_t i = 0; i < findings.size() && !failure.exception; ++i)
            paramNote(failure, findings[i], found ? &found->first.options[i] : nullptr, found, launchFix,
                      search.tried());
        if (m_out.empty())
            generationNote(failure, now, search.searchLowDim());
        if (m_wrong && !m_wrongSaid)
            add(nullptr, 0, 0, msg::Message(msg::Id::GenFixWrongResult, {m_version, *m_wrong}));
        return std::move(m_out);
    }

private:
    void add(const py::Node* at, int line, int column, const msg::Message& message)
    {
        Diagnostic d;
        d.code = "generation-fix";
        d.severity = Severity::Note;
        d.file = m_in.fileName;
        if (at && at->line > 0) {
            d.line = at->line;
            d.column = at->col + 1;
        } else if (line > 0) {
            d.line = line;
            d.column = column;
        } else {
            d.line = m_in.input->function->line;
            d.column = m_in.input->function->col + 1;
        }
        d.say(message);
        m_out.push_back(std::move(d));
    }

    msg::Message checkedFix(const std::pair<Trial, Generated>& found) const
    {
        const std::size_t n = found.second.configs;
        return msg::Message(n == 1 ? msg::Id::GenFixChecked1 : msg::Id::GenFixChecked,
                            {hintText(found.first.key, found.first.hints, m_in.otherHints), m_version,
                             msg::count(std::int64_t(n))});
    }

    msg::Arg noFix(std::size_t tried, const msg::Arg& kernelChange)
    {
        // A hint that generates configs the launch computes wrongly with is no fix: say which.
        msg::Arg out = msg::Message(m_wrong ? msg::Id::GenFixNoSettingCorrect : msg::Id::GenFixNoSetting, {m_version});
        if (m_wrong) {
            m_wrongSaid = true;
            out += tried ? msg::Message(msg::Id::GenFixTriedWrong, {tried, *m_wrong})
                         : msg::Message(msg::Id::GenFixWrongOnly, {*m_wrong});
        } else if (tried) {
            out += msg::Message(msg::Id::GenFixTried, {tried});
        }
        out += "; ";
        out += kernelChange.empty() ? msg::Message(msg::Id::GenFixChangeKernel)
                                    : msg::Message(msg::Id::GenFixChangeKernelInstead, {kernelChange});
        return out;
    }

    void paramNote(const Failure& failure, const Finding& f, const Option* option, const Found& found,
                   const std::optional<Generated>& launchFix, std::size_t tried)
    {
        const std::string axis = option ? option->axis : f.axis;
        const std::string* keyArg = nullptr;
        if (option)
            keyArg = findAxis(found->first.key, option->axis);
        for (const auto& [a, param] : m_in.parse->keys)
            if (!keyArg && !axis.empty() && bare(a) == axis)
                keyArg = &param;
        // Which axis, with its key argument, and the role tried: one message for each form.
        static constexpr msg::Id kAxisText[3][4] = {
            {msg::Id::GenFixAnyAxis, msg::Id::GenFixAnyAxisKey, msg::Id::GenFixAxis, msg::Id::GenFixAxisKey},
            {msg::Id::GenFixSplitAnyAxis, msg::Id::GenFixSplitAnyAxisKey, msg::Id::GenFixSplitAxis, msg::Id::GenFixSplitAxisKey},
            {msg::Id::GenFixTilingAnyAxis, msg::Id::GenFixTilingAnyAxisKey, msg::Id::GenFixTilingAxis,
             msg::Id::GenFixTilingAxisKey}};
        const int role = option || f.roles.size() == 1 ? ((option ? option->role : f.roles.front()) == Role::Split ? 1 : 2) : 0;
        const msg::Id axisId = kAxisText[role][(axis.empty() ? 0 : 2) + (keyArg ? 1 : 0)];
        std::vector<msg::Arg> axisArgs;
        if (!axis.empty())
            axisArgs.push_back(axis);
        if (keyArg)
            axisArgs.push_back(*keyArg);
        msg::Arg rest;
        if (launchFix && f.launchValue)
            rest = msg::Message(launchFix->configs == 1 ? msg::Id::GenFixLaunchValue1
                                                        : msg::Id::GenFixLaunchValue,
                                {f.param, *f.launchValue, f.axis, m_version,
                                 msg::count(std::int64_t(launchFix->configs)), f.kernelChange});
        else if (f.fixedByGrid)
            rest = msg::Message(msg::Id::GenFixNoHintFixed, {f.kernelChange});
        else if (f.notBlockSize)
            rest = f.kernelChange;
        else if (found && f.axisGuessed && m_in.parse->keys.size() > 1)
            rest = msg::Message(msg::Id::GenFixAxisGuessed, {checkedFix(*found), f.param, axis});
        else
            rest = found ? msg::Arg(checkedFix(*found)) : noFix(tried, f.kernelChange);
        add(f.at, f.line, f.column,
            msg::Message(msg::Id::GenFixCannotTie, {m_version, failure.summary, f.param, msg::Message(axisId, std::move(axisArgs)),
                                                    f.pattern, f.why, rest}));
    }

    void exceptionNote(const Failure& failure, const Found& found,
                       std::size_t tried)
    {
        const py::Node* at = nullptr;
        msg::Message why;
        msg::Message change;
        const AxisParse& parse = *m_in.parse;
        const bool splitStage = parse.errorStage == "split" || parse.errorStage == "axis-pid";
        if (parse.errorType == "AttributeError" && splitStage)
            at = raisingProduct(m_in.input->function);
        if (at) {
            const std::string text = fix::quote(m_in.module, at);
            why = msg::Message(msg::Id::GenFixWhyCallInProduct, {text});
            change = msg::Message(msg::Id::GenFixChangeAssignCall, {text});
        } else if (parse.errorStage == "init") {
            why = msg::Message(msg::Id::GenFixWhyInit);
            change = msg::Message(msg::Id::GenFixChangeKeyHints);
        } else {
            why = msg::Message(msg::Id::GenFixWhyStage, {parse.errorStage});
        }
        add(at, 0, 0,
            msg::Message(msg::Id::GenFixNothingBecause,
                         {m_version, failure.summary, why, found ? msg::Arg(checkedFix(*found)) : noFix(tried, change.empty() ? msg::Arg() : msg::Arg(change))}));
    }

    void generationNote(const Failure& failure, const space::BackendConfigs& now, const Found& found)
    {
        msg::Message why = now.emptyExplanation;
        if (now.problemBuilt && now.generatedCount() == 0) {
            // The explanation needs the generator's trail: generate again with it.
            space::LaunchSpec launch = m_in.launch;
            launch.backend = m_in.input->backend;
            why = generateBackendConfigs(*m_in.parse, launch, m_in.device).emptyExplanation;
        }
        msg::Message advice;
        if (!found && !m_in.parse->lowDimAxes.empty())
            advice = msg::Message(msg::Id::GenFixEmptyFromWalk);
        else if (!found)
            advice = msg::Message(why.empty() ? msg::Id::GenFixNoSettingItHandwritten
                                              : msg::Id::GenFixNoSettingIt);
        else if (found->second.blockParams == 0)
            advice = msg::Message(msg::Id::GenFixCheckedNoBlock, {checkedFix(*found)});
        else
            advice = checkedFix(*found);
        // The generator's explanation (an EmptyWriteHandwritten message) inside a sentence of
        // this note, without its own full stop.
        add(nullptr, 0, 0,
            why.empty()
                ? msg::Message(msg::Id::GenFixNothingUntied, {m_version, failure.summary, advice})
                : msg::Message(msg::Id::GenFixNothingUntiedBecause,
                               {m_version, failure.summary,
                                msg::Message(msg::Id::EmptyWriteHandwrittenClause, why.args()), advice}));
    }

    const GenerationFixInput& m_in;
    std::string m_version;
    Diagnostics m_out;
    // Why the hint that made the backend generate was refused (launch_model.h), and whether a
    // note said so already.
    std::optional<msg::Message> m_wrong;
    bool m_wrongSaid = false;
};

} // namespace

std::string hintText(const AxisMap& key, const AxisHints& hints,
                     const std::vector<std::pair<std::string, std::string>>& otherHints)
{
    std::string text = "key=" + pyDictRepr(key) + ", hints={";
    bool first = true;
    auto item = [&](const char* name, const std::string& value) {
        text += (first ? "'" : ", '") + std::string(name) + "': " + value;
        first = false;
    };
    if (hints.splitParams)
        item("split_params", pyDictRepr(*hints.splitParams));
    if (hints.tilingParams)
        item("tiling_params", pyDictRepr(*hints.tilingParams));
    if (hints.lowDimAxes)
        item("low_dim_axes", pyListRepr(*hints.lowDimAxes));
    if (hints.reductionAxes)
        item("reduction_axes", pyListRepr(*hints.reductionAxes));
    for (const auto& [name, value] : otherHints)
        item(name.c_str(), value);
    return text + "}";
}

Diagnostics explainGenerationFailure(const GenerationFixInput& in)
{
    if (!in.input || !in.parse || !in.input->function)
        return {};
    return Explainer(in).run();
}

Diagnostics explainGenerationFailure(const KernelAnalysis& analysis, const ParseInput& input)
{
    static const npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
    const npu::DeviceProfile* profile = registry.find(analysis.workload.device);
    if (!profile || !analysis.kernel || !analysis.file)
        return {};
    GenerationFixInput in;
    in.input = &input;
    in.parse = &analysis.parse;
    in.launch = pipeline::launchSpecFor(analysis);
    in.launch.backend = input.backend;
    in.device = space::fromProfile(*profile);
    in.module = analysis.file->module.get();
    if (analysis.kernel->autotune && analysis.kernel->autotune->hints)
        for (const auto& [name, value] : analysis.kernel->autotune->hints->entries())
            if (name.isStr() && name.asStr() != "split_params" && name.asStr() != "tiling_params" &&
                name.asStr() != "low_dim_axes" && name.asStr() != "reduction_axes")
                in.otherHints.emplace_back(name.asStr(), value.repr());
    in.fileName = analysis.file->path;
    in.launchModel = analysis.launch.get();
    return explainGenerationFailure(in);
}

} // namespace ts::analysis
