#pragma once
// Small matchers over the parsed AST that the backend's parse, the guide rules and the
// beyond-the-backend notes all use: one definition of "a call of tl.<name>".

#include "core/python/ast.h"

#include <string>
#include <string_view>

namespace ts::analysis {

// A Name with this id.
inline bool isName(const py::Node* node, std::string_view id)
{
    return node && node->is(py::Kind::Name) && node->id() == id;
}

// `tl.<attr>` as a call's func.
inline bool isTlAttribute(const py::Node* func, std::string_view attr)
{
    return func && func->is(py::Kind::Attribute) && isName(func->child("value"), "tl") && func->str("attr") == attr;
}

// A call of `tl.<something>`: the something, else empty.
inline std::string_view tlCallName(const py::Node* node)
{
    if (!node || !node->is(py::Kind::Call))
        return {};
    const py::Node* func = node->child("func");
    if (!func || !func->is(py::Kind::Attribute) || !isName(func->child("value"), "tl"))
        return {};
    return func->str("attr");
}

// A call of `tl.<attr>`.
inline bool isTlCall(const py::Node* node, std::string_view attr)
{
    const std::string_view name = tlCallName(node);
    return !name.empty() && name == attr;
}

// A Name(id=var) anywhere below `node` (None items tolerated, unlike the backend).
inline bool mentions(const py::Node* node, std::string_view var)
{
    bool found = false;
    py::walkUntil(node, [&](const py::Node* n) {
        found = isName(n, var);
        return found;
    });
    return found;
}

} // namespace ts::analysis
