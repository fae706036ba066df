#pragma once
// Python's pprint.pformat(value, sort_dicts=True) (width 80, indent 1) for the small values the
// 2026-08 tuner prints with TRITON_PRINT_AUTOTUNING: dicts, lists, str, int, bool, None.
// Strings longer than a line are not split (the tuner's values are short names).

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ts::analysis {

struct PyTree {
    enum class Kind { None, Bool, Int, Str, List, Dict };
    Kind kind = Kind::None;
    bool boolean = false;
    std::int64_t integer = 0;
    std::string text;
    std::vector<PyTree> items;                        // List
    std::vector<std::pair<std::string, PyTree>> dict; // Dict (str keys)

    static PyTree none() { return {}; }
    static PyTree of(bool v) { PyTree t; t.kind = Kind::Bool; t.boolean = v; return t; }
    static PyTree of(std::int64_t v) { PyTree t; t.kind = Kind::Int; t.integer = v; return t; }
    static PyTree of(std::string v) { PyTree t; t.kind = Kind::Str; t.text = std::move(v); return t; }
    static PyTree list(std::vector<PyTree> v) { PyTree t; t.kind = Kind::List; t.items = std::move(v); return t; }
    static PyTree map(std::vector<std::pair<std::string, PyTree>> v)
    {
        PyTree t;
        t.kind = Kind::Dict;
        t.dict = std::move(v);
        return t;
    }
    std::string repr() const; // dicts sorted by key, as pprint prints them
};

std::string pformat(const PyTree& value);

} // namespace ts::analysis
