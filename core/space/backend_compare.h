#pragma once
// What changes for one launch between two backend versions' candidate lists: the question a
// user upgrading Triton-Ascend asks before upgrading. Each config of one list is matched to a
// config of the other with the same tiling (its keyword arguments other than compile options);
// a tiling listed more than once (once per multibuffer setting, say) is matched occurrence by
// occurrence. A matched pair can still differ in its options (num_warps, num_stages and the
// compile-option keywords: multibuffer, unit_flag, ...), and can sit elsewhere in the order:
// the reordered ones are the fewest configs whose moving explains the new order (those outside
// a longest run of pairs kept in the same relative order).

#include "core/space/backend_configs.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ts::space {

// Keyword arguments that are compile options rather than a kernel's own tiling.
bool isCompileOption(std::string_view name);

struct ComparedConfig {
    enum class Change : std::uint8_t {
        Same,       // in both lists, same options, same relative order
        Options,    // in both, options changed
        Reordered,  // in both, same options, moved
        OnlyBase,   // only the base version generates it
        OnlyOther,  // only the other version generates it
    };
    Change change = Change::Same;
    bool moved = false;        // Options can also have moved
    int baseIndex = -1;        // position in the base list, -1 when absent
    int otherIndex = -1;       // position in the other list, -1 when absent
    std::vector<std::string> changedOptions; // "num_stages 1 -> 2", "multibuffer True -> (unset)"
};

std::string_view changeName(ComparedConfig::Change change); // "same", "options", ...

struct BackendComparison {
    // Base-list order first (matched and OnlyBase), then the OnlyOther configs in their order.
    std::vector<ComparedConfig> configs;
    std::size_t same = 0, optionsChanged = 0, reordered = 0, onlyBase = 0, onlyOther = 0;
    bool identical() const { return optionsChanged == 0 && reordered == 0 && onlyBase == 0 && onlyOther == 0; }
};

// `base` and `other` are the lists each version benchmarks (BackendConfigs::configs).
BackendComparison compareConfigLists(const std::vector<TritonConfig>& base, const std::vector<TritonConfig>& other);

} // namespace ts::space
