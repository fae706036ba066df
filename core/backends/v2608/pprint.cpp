#include "core/backends/v2608/pprint.h"

#include "core/analysis/pyrepr.h"

#include <algorithm>

namespace ts::analysis {
namespace {

constexpr int kWidth = 80;

std::vector<const std::pair<std::string, PyTree>*> sortedEntries(const PyTree& t)
{
    std::vector<const std::pair<std::string, PyTree>*> out;
    for (const auto& e : t.dict)
        out.push_back(&e);
    std::stable_sort(out.begin(), out.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
    return out;
}

void format(const PyTree& t, std::string& out, int indent, int allowance);

// pprint's _format_items: one item per line once the whole does not fit.
void formatItems(const PyTree& t, std::string& out, int indent, int allowance)
{
    indent += 1;
    const std::string delimnl = ",\n" + std::string(std::size_t(indent), ' ');
    for (std::size_t i = 0; i < t.items.size(); ++i) {
        const bool last = i + 1 == t.items.size();
        if (i > 0)
            out += delimnl;
        format(t.items[i], out, indent, last ? allowance : 1);
    }
}

void formatDictItems(const PyTree& t, std::string& out, int indent, int allowance)
{
    indent += 1;
    const std::string delimnl = ",\n" + std::string(std::size_t(indent), ' ');
    const auto entries = sortedEntries(t);
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const bool last = i + 1 == entries.size();
        const std::string key = pyStrRepr(entries[i]->first);
        out += key + ": ";
        format(entries[i]->second, out, indent + int(key.size()) + 2, last ? allowance : 1);
        if (!last)
            out += delimnl;
    }
}

void format(const PyTree& t, std::string& out, int indent, int allowance)
{
    const std::string rep = t.repr();
    if (int(rep.size()) > kWidth - indent - allowance) {
        if (t.kind == PyTree::Kind::Dict && !t.dict.empty()) {
            out += "{";
            formatDictItems(t, out, indent, allowance + 1);
            out += "}";
            return;
        }
        if (t.kind == PyTree::Kind::List && !t.items.empty()) {
            out += "[";
            formatItems(t, out, indent, allowance + 1);
            out += "]";
            return;
        }
    }
    out += rep;
}

} // namespace

std::string PyTree::repr() const
{
    switch (kind) {
    case Kind::None: return "None";
    case Kind::Bool: return boolean ? "True" : "False";
    case Kind::Int: return std::to_string(integer);
    case Kind::Str: return pyStrRepr(text);
    case Kind::List: {
        std::string out = "[";
        for (std::size_t i = 0; i < items.size(); ++i)
            out += (i ? ", " : "") + items[i].repr();
        return out + "]";
    }
    case Kind::Dict: {
        std::string out = "{";
        const auto entries = sortedEntries(*this);
        for (std::size_t i = 0; i < entries.size(); ++i)
            out += (i ? ", " : "") + pyStrRepr(entries[i]->first) + ": " + entries[i]->second.repr();
        return out + "}";
    }
    }
    return "None";
}

std::string pformat(const PyTree& value)
{
    std::string out;
    format(value, out, 0, 0);
    return out;
}

} // namespace ts::analysis
