#pragma once
// Python's own text renderings, for messages that must read exactly as the backend prints them:
// repr() of str/float/list/dict and ast.dump() (Python 3.11 layout).

#include "core/python/ast.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ts::analysis {

std::string pyStrRepr(std::string_view text);  // 'abc', "a'b"
std::string pyFloatRepr(double value);         // 1.0, 1e+16, 1.5e-05, inf, nan
std::string pyListRepr(const std::vector<std::string>& items);  // ['a', 'b']
std::string pyDictRepr(const std::vector<std::pair<std::string, std::string>>& items);
std::string pyDictRepr(const std::vector<std::pair<std::string, int>>& items);

// repr() and str() of an ast.Constant's value, and the name of its Python type.
std::string pyConstantRepr(const py::ConstantValue& value);
std::string pyConstantStr(const py::ConstantValue& value);
std::string pyConstantTypeName(const py::ConstantValue& value);

// ast.dump(node) with its defaults: no attributes, absent optional fields left out.
std::string astDump(const py::Node* node);

} // namespace ts::analysis
