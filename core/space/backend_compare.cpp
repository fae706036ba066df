#include "core/space/backend_compare.h"

#include <algorithm>
#include <array>
#include <deque>
#include <map>

namespace ts::space {

namespace {

// The compile options Triton-Ascend's configs carry as keywords (2026-08's autotuner lists
// the tunable ones; multibuffer is the one 2026-04 expands), and the UB tuner's.
constexpr std::array<std::string_view, 14> kCompileOptions = {
    "multibuffer",
    "unit_flag",
    "limit_auto_multi_buffer_only_for_local_buffer",
    "limit_auto_multi_buffer_of_local_buffer",
    "set_workspace_multibuffer",
    "enable_hivm_auto_cv_balance",
    "tile_mix_vector_loop",
    "tile_mix_cube_loop",
    "enable_ubuf_saving",
    "storage_align",
    "vf_fusion_mode",
    "ubtune_cfg",
    "sync_solver",
    "auto_blockify_size",
};

// The tiling of a config, independent of keyword order: "BLOCK_M=64;BLOCK_N=128;".
std::string tilingKey(const TritonConfig& config)
{
    std::vector<const std::pair<std::string, ParamValue>*> items;
    for (const auto& kv : config.kwargs)
        if (!isCompileOption(kv.first))
            items.push_back(&kv);
    std::sort(items.begin(), items.end(), [](auto* a, auto* b) { return a->first < b->first; });
    std::string key;
    for (const auto* kv : items)
        key += kv->first + '=' + kv->second.toPython() + ';';
    return key;
}

std::string optionText(const ParamValue* value)
{
    return value ? value->toPython() : std::string("(unset)");
}

std::vector<std::string> optionChanges(const TritonConfig& base, const TritonConfig& other)
{
    std::vector<std::string> changes;
    if (base.numWarps != other.numWarps)
        changes.push_back("num_warps " + std::to_string(base.numWarps) + " -> " + std::to_string(other.numWarps));
    if (base.numStages != other.numStages)
        changes.push_back("num_stages " + std::to_string(base.numStages) + " -> " + std::to_string(other.numStages));
    // Options in the base's keyword order, then those only the other sets.
    auto compare = [&](const std::string& name) {
        const ParamValue* a = findKwarg(base.kwargs, name);
        const ParamValue* b = findKwarg(other.kwargs, name);
        if (a && b && *a == *b)
            return;
        changes.push_back(name + ' ' + optionText(a) + " -> " + optionText(b));
    };
    for (const auto& [name, value] : base.kwargs)
        if (isCompileOption(name))
            compare(name);
    for (const auto& [name, value] : other.kwargs)
        if (isCompileOption(name) && !findKwarg(base.kwargs, name))
            compare(name);
    return changes;
}

// Marks, in `sequence`, the elements of one longest strictly increasing subsequence.
std::vector<bool> longestIncreasing(const std::vector<int>& sequence)
{
    std::vector<int> tailValue;  // smallest tail value of an increasing run of each length
    std::vector<int> tailIndex;  // its position in `sequence`
    std::vector<int> previous(sequence.size(), -1);
    for (std::size_t i = 0; i < sequence.size(); ++i) {
        const auto at = std::lower_bound(tailValue.begin(), tailValue.end(), sequence[i]);
        const std::size_t length = std::size_t(at - tailValue.begin());
        if (length > 0)
            previous[i] = tailIndex[length - 1];
        if (at == tailValue.end()) {
            tailValue.push_back(sequence[i]);
            tailIndex.push_back(int(i));
        } else {
            *at = sequence[i];
            tailIndex[length] = int(i);
        }
    }
    std::vector<bool> kept(sequence.size(), false);
    for (int i = tailIndex.empty() ? -1 : tailIndex.back(); i >= 0; i = previous[std::size_t(i)])
        kept[std::size_t(i)] = true;
    return kept;
}

} // namespace

bool isCompileOption(std::string_view name)
{
    return std::find(kCompileOptions.begin(), kCompileOptions.end(), name) != kCompileOptions.end();
}

std::string_view changeName(ComparedConfig::Change change)
{
    switch (change) {
    case ComparedConfig::Change::Same: return "same";
    case ComparedConfig::Change::Options: return "options";
    case ComparedConfig::Change::Reordered: return "reordered";
    case ComparedConfig::Change::OnlyBase: return "only-base";
    case ComparedConfig::Change::OnlyOther: return "only-other";
    }
    return "same";
}

BackendComparison compareConfigLists(const std::vector<TritonConfig>& base, const std::vector<TritonConfig>& other)
{
    std::map<std::string, std::deque<int>> unmatched; // tiling -> other positions, in order
    for (std::size_t j = 0; j < other.size(); ++j)
        unmatched[tilingKey(other[j])].push_back(int(j));

    BackendComparison out;
    out.configs.reserve(base.size() + other.size());
    std::vector<bool> otherMatched(other.size(), false);
    std::vector<int> matchedOther;      // other positions of the matched pairs, in base order
    std::vector<std::size_t> matchedAt; // their entries in out.configs
    for (std::size_t i = 0; i < base.size(); ++i) {
        ComparedConfig entry;
        entry.baseIndex = int(i);
        auto found = unmatched.find(tilingKey(base[i]));
        if (found == unmatched.end() || found->second.empty()) {
            entry.change = ComparedConfig::Change::OnlyBase;
        } else {
            const int j = found->second.front();
            found->second.pop_front();
            otherMatched[std::size_t(j)] = true;
            entry.otherIndex = j;
            entry.changedOptions = optionChanges(base[i], other[std::size_t(j)]);
            entry.change = entry.changedOptions.empty() ? ComparedConfig::Change::Same : ComparedConfig::Change::Options;
            matchedOther.push_back(j);
            matchedAt.push_back(out.configs.size());
        }
        out.configs.push_back(std::move(entry));
    }
    const std::vector<bool> inOrder = longestIncreasing(matchedOther);
    for (std::size_t k = 0; k < matchedAt.size(); ++k) {
        ComparedConfig& entry = out.configs[matchedAt[k]];
        entry.moved = !inOrder[k];
        if (entry.moved && entry.change == ComparedConfig::Change::Same)
            entry.change = ComparedConfig::Change::Reordered;
    }
    for (std::size_t j = 0; j < other.size(); ++j)
        if (!otherMatched[j]) {
            ComparedConfig entry;
            entry.change = ComparedConfig::Change::OnlyOther;
            entry.otherIndex = int(j);
            out.configs.push_back(std::move(entry));
        }
    for (const ComparedConfig& entry : out.configs) {
        switch (entry.change) {
        case ComparedConfig::Change::Same: ++out.same; break;
        case ComparedConfig::Change::Options: ++out.optionsChanged; break;
        case ComparedConfig::Change::Reordered: ++out.reordered; break;
        case ComparedConfig::Change::OnlyBase: ++out.onlyBase; break;
        case ComparedConfig::Change::OnlyOther: ++out.onlyOther; break;
        }
    }
    // A config whose options changed and that also moved counts in both.
    out.reordered += std::size_t(std::count_if(out.configs.begin(), out.configs.end(), [](const ComparedConfig& c) {
        return c.change == ComparedConfig::Change::Options && c.moved;
    }));
    return out;
}

} // namespace ts::space
