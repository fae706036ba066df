#include "core/backends/v2608/max_autotune.h"

#include <algorithm>
#include <array>
#include <map>

namespace ts::kernel {
namespace {

constexpr std::array<std::string_view, 10> kAllParams = {
    "num_stages", "unit_flag", "multibuffer", "limit_auto_multi_buffer_only_for_local_buffer",
    "limit_auto_multi_buffer_of_local_buffer", "set_workspace_multibuffer", "enable_hivm_auto_cv_balance",
    "tile_mix_vector_loop", "tile_mix_cube_loop", "enable_ubuf_saving"};

// The parameter sets of each kernel type, already in sorted() order (the product's order).
const std::vector<std::string> kCubeParams = {"limit_auto_multi_buffer_of_local_buffer", "num_stages", "unit_flag"};
const std::vector<std::string> kVectorParams = {"enable_ubuf_saving", "num_stages"};
const std::vector<std::string> kMixcvParams = {
    "enable_hivm_auto_cv_balance", "enable_ubuf_saving", "limit_auto_multi_buffer_of_local_buffer",
    "limit_auto_multi_buffer_only_for_local_buffer", "num_stages", "set_workspace_multibuffer",
    "tile_mix_cube_loop", "tile_mix_vector_loop", "unit_flag"};

py::Value ints(std::initializer_list<std::int64_t> values)
{
    std::vector<py::Value> items;
    for (std::int64_t v : values)
        items.push_back(py::Value::integer(v));
    return py::Value::list(std::move(items));
}

// Upstream's _DEFAULTS; a parameter without one defaults to [None].
py::Value defaultValues(const std::string& name)
{
    if (name == "num_stages")
        return ints({2});
    if (name == "unit_flag" || name == "limit_auto_multi_buffer_only_for_local_buffer")
        return py::Value::list({py::Value::boolean(false)});
    if (name == "limit_auto_multi_buffer_of_local_buffer")
        return py::Value::list({py::Value::string("no-l0c")});
    if (name == "set_workspace_multibuffer" || name == "tile_mix_vector_loop" || name == "tile_mix_cube_loop")
        return ints({2, 4});
    if (name == "enable_hivm_auto_cv_balance" || name == "enable_ubuf_saving")
        return py::Value::list({py::Value::boolean(true)});
    return py::Value::list({py::Value::none()});
}

bool nonEmptySequence(const py::Value& v)
{
    return (v.type() == py::Value::Type::List || v.type() == py::Value::Type::Tuple) && !v.items().empty();
}

bool allBools(const py::Value& v)
{
    return nonEmptySequence(v) &&
           std::all_of(v.items().begin(), v.items().end(), [](const py::Value& x) { return x.isBool(); });
}

// isinstance(x, int) and x in allowed: a bool is an int (True == 1).
bool allIntsIn(const py::Value& v, std::initializer_list<std::int64_t> allowed)
{
    return nonEmptySequence(v) && std::all_of(v.items().begin(), v.items().end(), [&](const py::Value& x) {
               return x.isIntLike() && std::find(allowed.begin(), allowed.end(), x.asInt()) != allowed.end();
           });
}

bool allStringsIn(const py::Value& v, std::initializer_list<std::string_view> allowed)
{
    return nonEmptySequence(v) && std::all_of(v.items().begin(), v.items().end(), [&](const py::Value& x) {
               return x.isStr() && std::find(allowed.begin(), allowed.end(), x.asStr()) != allowed.end();
           });
}

} // namespace

bool isCompileOptionParam2608(std::string_view name)
{
    return std::find(kAllParams.begin(), kAllParams.end(), name) != kAllParams.end();
}

std::optional<std::string> checkCompileOptionValues2608(const std::string& name, const py::Value& values)
{
    bool ok = true;
    std::string desc;
    if (name == "num_stages") {
        ok = allIntsIn(values, {1, 2});
        desc = "must be one or more of: [1, 2]";
    } else if (name == "unit_flag" || name == "limit_auto_multi_buffer_only_for_local_buffer" ||
               name == "enable_hivm_auto_cv_balance" || name == "enable_ubuf_saving") {
        ok = allBools(values);
        desc = "must be non-empty list/tuple of boolean values";
    } else if (name == "limit_auto_multi_buffer_of_local_buffer") {
        ok = allStringsIn(values, {"no-limit", "no-l0c"});
        desc = "must be one or more of: ['no-limit', 'no-l0c']";
    } else if (name == "set_workspace_multibuffer") {
        ok = allIntsIn(values, {2, 4});
        desc = "must be one or more of: [2, 4]";
    } else if (name == "tile_mix_vector_loop" || name == "tile_mix_cube_loop") {
        ok = allIntsIn(values, {2, 4, 8});
        desc = "must be one or more of: [2, 4, 8]";
    } else {
        return std::nullopt;
    }
    if (ok)
        return std::nullopt;
    return "Invalid value for '" + name + "': " + values.repr() + ". Expected: " + desc;
}

MaxAutotuneExpansion expandMaxAutotune2608(const std::vector<py::ConfigValue>& bases, const std::string& kernelType,
                                           const std::vector<std::pair<std::string, py::Value>>& tuning)
{
    MaxAutotuneExpansion out;
    if (bases.empty()) {
        out.error = "[max_autotune] The argument 'configs' cannot be empty. Please provide at least one base config. ";
        return out;
    }
    const std::vector<std::string>& supported =
        kernelType == "cube" ? kCubeParams : kernelType == "vector" ? kVectorParams : kMixcvParams;
    auto given = [&](const std::string& name) -> const py::Value* {
        for (const auto& [k, v] : tuning)
            if (k == name)
                return &v;
        return nullptr;
    };
    for (const py::ConfigValue& base : bases) {
        std::vector<std::string> unsupported;
        for (const auto& [k, v] : tuning)
            if (isCompileOptionParam2608(k) &&
                std::find(supported.begin(), supported.end(), k) == supported.end())
                unsupported.push_back("'" + k + "'");
        if (!unsupported.empty()) {
            std::string list;
            for (std::size_t i = 0; i < unsupported.size(); ++i)
                list += (i ? ", " : "") + unsupported[i];
            out.printed.push_back("[WARNING] The following parameters are not supported for kernel_type '" +
                                  kernelType + "': [" + list + "]. They will be ignored.");
        }
        std::vector<std::pair<std::string, std::vector<py::Value>>> lists;
        for (const std::string& name : supported) {
            py::Value values;
            if (const py::Value* v = given(name))
                values = *v;
            else if (name == "num_stages")
                // A base config without num_stages carries triton.Config's default 3, which the
                // check below rejects: upstream raises for it (kept as upstream behaves).
                values = ints({base.numStages.value_or(3)});
            else if (const py::Value* v = base.kwarg(name))
                values = py::Value::list({*v});
            else
                values = defaultValues(name);
            if (auto error = checkCompileOptionValues2608(name, values)) {
                out.error = *error;
                return out;
            }
            lists.emplace_back(name, values.items());
        }
        // Cartesian product, the last list varying fastest (itertools.product).
        std::vector<std::size_t> at(lists.size(), 0);
        while (true) {
            py::ConfigValue cfg = base;
            for (std::size_t i = 0; i < lists.size(); ++i) {
                const py::Value& v = lists[i].second[at[i]];
                if (lists[i].first == "num_stages") {
                    cfg.numStages = v.isIntLike() ? std::optional<std::int64_t>(v.asInt()) : base.numStages;
                    continue;
                }
                auto it = std::find_if(cfg.kwargs.begin(), cfg.kwargs.end(),
                                       [&](const auto& kv) { return kv.first == lists[i].first; });
                if (it != cfg.kwargs.end())
                    it->second = v;
                else
                    cfg.kwargs.emplace_back(lists[i].first, v);
            }
            out.configs.push_back(std::move(cfg));
            std::size_t i = lists.size();
            while (i > 0 && ++at[i - 1] == lists[i - 1].second.size())
                at[--i] = 0;
            if (i == 0)
                break;
        }
    }
    return out;
}

} // namespace ts::kernel
