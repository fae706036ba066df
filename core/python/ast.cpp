#include "core/python/ast.h"

#include <algorithm>
#include <array>
#include <unordered_map>

namespace ts::py {
namespace {

constexpr std::array<std::string_view, static_cast<std::size_t>(Kind::Other)> kKindNames = {
    "Module", "Interactive", "Expression", "FunctionType",
    "FunctionDef", "AsyncFunctionDef", "ClassDef", "Return", "Delete", "Assign", "AugAssign",
    "AnnAssign", "For", "AsyncFor", "While", "If", "With", "AsyncWith", "Match", "Raise", "Try",
    "TryStar", "Assert", "Import", "ImportFrom", "Global", "Nonlocal", "Expr", "Pass", "Break",
    "Continue",
    "BoolOp", "NamedExpr", "BinOp", "UnaryOp", "Lambda", "IfExp", "Dict", "Set", "ListComp",
    "SetComp", "DictComp", "GeneratorExp", "Await", "Yield", "YieldFrom", "Compare", "Call",
    "FormattedValue", "JoinedStr", "Constant", "Attribute", "Subscript", "Starred", "Name", "List",
    "Tuple", "Slice",
    "Load", "Store", "Del",
    "And", "Or",
    "Add", "Sub", "Mult", "MatMult", "Div", "Mod", "Pow", "LShift", "RShift", "BitOr", "BitXor",
    "BitAnd", "FloorDiv",
    "Invert", "Not", "UAdd", "USub",
    "Eq", "NotEq", "Lt", "LtE", "Gt", "GtE", "Is", "IsNot", "In", "NotIn",
    "comprehension", "ExceptHandler", "arguments", "arg", "keyword", "alias", "withitem",
    "match_case", "MatchValue", "MatchSingleton", "MatchSequence", "MatchMapping", "MatchClass",
    "MatchStar", "MatchAs", "MatchOr", "TypeIgnore",
};

const std::string kEmptyString;
const std::vector<const Node*> kEmptyList;

} // namespace

std::string_view kindName(Kind kind)
{
    const auto index = static_cast<std::size_t>(kind);
    return index < kKindNames.size() ? kKindNames[index] : std::string_view("Other");
}

Kind kindFromName(std::string_view name)
{
    static const auto table = [] {
        std::unordered_map<std::string_view, Kind> map;
        for (std::size_t i = 0; i < kKindNames.size(); ++i)
            map.emplace(kKindNames[i], static_cast<Kind>(i));
        return map;
    }();
    const auto it = table.find(name);
    return it == table.end() ? Kind::Other : it->second;
}

std::string_view Node::typeName() const
{
    return kind == Kind::Other ? std::string_view(otherName) : kindName(kind);
}

const Field* Node::field(std::string_view name) const
{
    for (const Field& f : fields)
        if (f.name == name)
            return &f;
    return nullptr;
}

const Node* Node::child(std::string_view name) const
{
    const Field* f = field(name);
    return f && f->type == Field::Type::Node ? f->node : nullptr;
}

const std::vector<const Node*>& Node::list(std::string_view name) const
{
    const Field* f = field(name);
    return f && f->type == Field::Type::NodeList ? f->nodes : kEmptyList;
}

const std::string& Node::str(std::string_view name) const
{
    const Field* f = field(name);
    return f && f->type == Field::Type::String ? f->string : kEmptyString;
}

const ConstantValue* Node::constant() const
{
    if (kind != Kind::Constant)
        return nullptr;
    const Field* f = field("value");
    return f && f->type == Field::Type::Constant ? &f->constant : nullptr;
}

const std::string& Node::id() const
{
    return kind == Kind::Name ? str("id") : kEmptyString;
}

Kind Node::op() const
{
    const Node* o = child("op");
    return o ? o->kind : Kind::Other;
}

namespace {

// Appends a node's children in field order (ast.iter_child_nodes), None items left out.
void appendChildren(const Node* node, std::vector<const Node*>& out)
{
    for (const Field& f : node->fields) {
        if (f.type == Field::Type::Node && f.node)
            out.push_back(f.node);
        else if (f.type == Field::Type::NodeList)
            for (const Node* n : f.nodes)
                if (n)
                    out.push_back(n);
    }
}

} // namespace

std::vector<const Node*> iterChildNodes(const Node* node)
{
    std::vector<const Node*> out;
    if (node)
        appendChildren(node, out);
    return out;
}

std::vector<const Node*> walk(const Node* node)
{
    std::vector<const Node*> out;
    if (!node)
        return out;
    // A vector used as a queue: the visiting order is the breadth-first order itself.
    out.push_back(node);
    for (std::size_t i = 0; i < out.size(); ++i)
        appendChildren(out[i], out);
    return out;
}

Node* Module::newNode(Kind kind)
{
    Node& n = m_nodes.emplace_back();
    n.kind = kind;
    return &n;
}

void Module::setSource(std::string fileName, std::string source)
{
    m_fileName = std::move(fileName);
    m_source = std::move(source);
    m_lineStarts.assign(1, 0);
    for (std::size_t i = 0; i < m_source.size(); ++i)
        if (m_source[i] == '\n')
            m_lineStarts.push_back(i + 1);
}

std::string_view Module::lineText(int line) const
{
    if (line < 1 || static_cast<std::size_t>(line) > m_lineStarts.size())
        return {};
    const std::size_t begin = m_lineStarts[line - 1];
    std::size_t end = static_cast<std::size_t>(line) < m_lineStarts.size() ? m_lineStarts[line] - 1
                                                                           : m_source.size();
    if (end > begin && m_source[end - 1] == '\r')
        --end;
    return std::string_view(m_source).substr(begin, end - begin);
}

std::string_view Module::segment(const Node* node) const
{
    if (!node || node->line < 1 || node->endLine < node->line)
        return {};
    if (static_cast<std::size_t>(node->endLine) > m_lineStarts.size())
        return {};
    const std::size_t begin = m_lineStarts[node->line - 1] + static_cast<std::size_t>(node->col);
    const std::size_t end = m_lineStarts[node->endLine - 1] + static_cast<std::size_t>(node->endCol);
    if (begin > end || end > m_source.size())
        return {};
    return std::string_view(m_source).substr(begin, end - begin);
}

} // namespace ts::py
