#pragma once
// Small value types shared by the space stage: config keyword values, triton.Config, hints.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ts::space {

// A keyword value of a triton.Config: an int, a bool (Python keeps them apart when printed), or
// a str (2026-08's compile options: limit_auto_multi_buffer_of_local_buffer='no-l0c').
struct ParamValue {
    std::int64_t value = 0;  // the int, or 0 / 1 for a bool; 0 for a str
    bool isBool = false;
    bool isString = false;
    std::string text;        // a str's characters (no quotes)

    static ParamValue integer(std::int64_t v) { return {v, false, false, {}}; }
    static ParamValue boolean(bool v) { return {v ? 1 : 0, true, false, {}}; }
    static ParamValue string(std::string s) { return {0, false, true, std::move(s)}; }
    std::string toPython() const; // "128", "True", "False", "'no-l0c'"
    friend bool operator==(const ParamValue&, const ParamValue&) = default;
};

// The value a Python literal's text stands for ("128", "True", "'no-l0c'", "\"a'b\""), as
// toPython() writes it; nullopt for any other text.
std::optional<ParamValue> paramFromPython(std::string_view text);

// Ordered like a Python dict: insertion order is what the backend prints and compares.
using Kwargs = std::vector<std::pair<std::string, ParamValue>>;

// A pointer into `kwargs`: never into a temporary (findKwarg(space.params(i), ...) would dangle),
// so the owner must be a named value.
const ParamValue* findKwarg(const Kwargs& kwargs, const std::string& name);
const ParamValue* findKwarg(Kwargs&& kwargs, const std::string& name) = delete;
void setKwarg(Kwargs& kwargs, const std::string& name, ParamValue value);

// One triton.Config: keyword arguments plus the launch options the backend sets.
struct TritonConfig {
    Kwargs kwargs;
    int numWarps = 4;
    int numStages = 3; // triton.Config's own default

    // "triton.Config({'XBLOCK': 128, 'multibuffer': False}, num_warps=1, num_stages=1)"
    std::string toPython() const;
    friend bool operator==(const TritonConfig&, const TritonConfig&) = default;
};

// Search dimensions given as hints={"GROUP_SIZE_M": [1, 2, 4], "multibuffer": [False, True]},
// already evaluated, in the dict's order.
using HintList = std::vector<std::pair<std::string, std::vector<ParamValue>>>;

} // namespace ts::space
