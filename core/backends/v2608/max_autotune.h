#pragma once
// Triton-Ascend 2026-08's compile-option tuning table (189dd87 autotuner.py: _ALL_PARAMS,
// _DEFAULTS, _VALIDATION_RULES and get_max_configs): what hints={...} config expansion and
// @triton.max_autotune(...) accept, and how max_autotune turns each base triton.Config into
// the Cartesian product of its tuning parameters. Messages are upstream's, verbatim.

#include "core/backends/backend_policy.h"
#include "core/python/value.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ts::kernel {

// One of upstream's _ALL_PARAMS.
bool isCompileOptionParam2608(std::string_view name);

// The value check of `name` (a list of values): nullopt when it passes or has no rule, else
// "Invalid value for 'num_stages': [3]. Expected: must be one or more of: [1, 2]".
std::optional<std::string> checkCompileOptionValues2608(const std::string& name, const py::Value& values);

using MaxAutotuneExpansion = backends::MaxAutotuneExpansion;

// get_max_configs over every base config, in order. `kernelType` is "cube", "vector" or
// anything else (treated as "mixcv"); `tuning` holds the decorator's extra keywords in order.
MaxAutotuneExpansion expandMaxAutotune2608(const std::vector<py::ConfigValue>& bases, const std::string& kernelType,
                                           const std::vector<std::pair<std::string, py::Value>>& tuning);

} // namespace ts::kernel
