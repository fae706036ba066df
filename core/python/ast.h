#pragma once
// A faithful, immutable C++ copy of a CPython `ast` tree.
//
// Triton-Ascend's parser walks Python's AST with `ast.walk` (breadth first), `ast.iter_fields`
// and `NodeVisitor.generic_visit` (depth first, field order). To reproduce its results exactly
// — including its blind spots — we keep every node type, every field and the field order that
// CPython reports, and offer the same traversals.

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ts::py {

// Every concrete node class of CPython 3.11's `ast` module. `Other` keeps unknown classes
// (a newer Python) by name.
enum class Kind : std::uint8_t {
    // mod
    Module, Interactive, Expression, FunctionType,
    // stmt
    FunctionDef, AsyncFunctionDef, ClassDef, Return, Delete, Assign, AugAssign, AnnAssign, For,
    AsyncFor, While, If, With, AsyncWith, Match, Raise, Try, TryStar, Assert, Import, ImportFrom,
    Global, Nonlocal, Expr, Pass, Break, Continue,
    // expr
    BoolOp, NamedExpr, BinOp, UnaryOp, Lambda, IfExp, Dict, Set, ListComp, SetComp, DictComp,
    GeneratorExp, Await, Yield, YieldFrom, Compare, Call, FormattedValue, JoinedStr, Constant,
    Attribute, Subscript, Starred, Name, List, Tuple, Slice,
    // expr_context
    Load, Store, Del,
    // boolop
    And, Or,
    // operator
    Add, Sub, Mult, MatMult, Div, Mod, Pow, LShift, RShift, BitOr, BitXor, BitAnd, FloorDiv,
    // unaryop
    Invert, Not, UAdd, USub,
    // cmpop
    Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn,
    // misc
    comprehension, ExceptHandler, arguments, arg, keyword, alias, withitem, match_case,
    MatchValue, MatchSingleton, MatchSequence, MatchMapping, MatchClass, MatchStar, MatchAs,
    MatchOr, TypeIgnore,
    Other,
};

std::string_view kindName(Kind kind);
Kind kindFromName(std::string_view name);

// The value of `ast.Constant.value`.
struct ConstantValue {
    enum class Type : std::uint8_t { None, Bool, Int, Float, Complex, Str, Bytes, Ellipsis };
    Type type = Type::None;
    bool boolean = false;
    std::int64_t integer = 0;  // valid when Type::Int and !bigInt
    bool bigInt = false;       // an int that does not fit in 64 bits; `text` holds its digits
    double real = 0.0;         // Float, and the imaginary part of Complex
    std::string text;          // Str, Bytes (raw bytes), big Int digits

    bool isInt() const { return type == Type::Int && !bigInt; }
    bool isNone() const { return type == Type::None; }
    bool isStr() const { return type == Type::Str; }
};

struct Node;

// One field of a node, as `ast.iter_fields` yields it.
struct Field {
    enum class Type : std::uint8_t {
        Null,       // None (an optional child that is absent)
        Node,       // a single child node
        NodeList,   // a list of nodes (may contain null entries, e.g. Dict.keys for `**x`)
        String,     // an identifier or a plain string (Name.id, Attribute.attr, arg.arg, ...)
        StringList, // Global.names, Nonlocal.names
        Constant,   // Constant.value
        Int,        // ImportFrom.level, comprehension.is_async
    };
    std::string_view name;  // interned; lives as long as the process
    Type type = Type::Null;
    const Node* node = nullptr;
    std::vector<const Node*> nodes;
    std::string string;
    std::vector<std::string> strings;
    ConstantValue constant;
    std::int64_t integer = 0;
};

struct Node {
    Kind kind = Kind::Other;
    std::string otherName;  // the class name when kind == Other
    // Source position (1-based line, 0-based UTF-8 byte column), 0 when the class has none.
    int line = 0;
    int col = 0;
    int endLine = 0;
    int endCol = 0;
    std::vector<Field> fields;

    bool is(Kind k) const { return kind == k; }
    std::string_view typeName() const;

    // Field lookup by name; nullptr when the node has no such field.
    const Field* field(std::string_view name) const;
    // The single child in field `name`, or nullptr (absent, None or not a node field).
    const Node* child(std::string_view name) const;
    // The node list in field `name` (empty if absent).
    const std::vector<const Node*>& list(std::string_view name) const;
    // The string in field `name` (empty if absent).
    const std::string& str(std::string_view name) const;
    // Constant.value (nullptr when this is not a Constant).
    const ConstantValue* constant() const;

    // Frequently used shorthands, all null-safe on the receiver's kind.
    // Name.id, or empty when not a Name.
    const std::string& id() const;
    // The operator node kind of BinOp/UnaryOp/BoolOp/AugAssign (`op` field), or Other.
    Kind op() const;
};

// Python's `ast.iter_child_nodes`: node fields and the nodes of node lists, in field order.
std::vector<const Node*> iterChildNodes(const Node* node);

// Python's `ast.walk`: breadth first, the node itself first.
std::vector<const Node*> walk(const Node* node);

// Breadth-first walk with early exit: `fn` returns true to stop. Returns true if stopped.
template <typename Fn>
bool walkUntil(const Node* node, Fn&& fn);

// The parsed module: owns every node.
class Module {
public:
    Module() = default;
    Module(const Module&) = delete;
    Module& operator=(const Module&) = delete;
    Module(Module&&) = default;
    Module& operator=(Module&&) = default;

    const Node* root() const { return m_root; }
    const std::string& fileName() const { return m_fileName; }
    const std::string& source() const { return m_source; }
    // The text of line `line` (1-based), without its newline.
    std::string_view lineText(int line) const;
    // The source text a node spans (empty for nodes without positions).
    std::string_view segment(const Node* node) const;
    std::size_t nodeCount() const { return m_nodes.size(); }

    // Building (used by the parser bridge and by tests that build trees by hand).
    Node* newNode(Kind kind);
    void setRoot(const Node* root) { m_root = root; }
    void setSource(std::string fileName, std::string source);

private:
    std::deque<Node> m_nodes;
    const Node* m_root = nullptr;
    std::string m_fileName;
    std::string m_source;
    std::vector<std::size_t> m_lineStarts;
};

// ---- template implementation ----

template <typename Fn>
bool walkUntil(const Node* node, Fn&& fn)
{
    if (!node)
        return false;
    std::deque<const Node*> todo{node};
    while (!todo.empty()) {
        const Node* current = todo.front();
        todo.pop_front();
        for (const Field& f : current->fields) {
            if (f.type == Field::Type::Node && f.node)
                todo.push_back(f.node);
            else if (f.type == Field::Type::NodeList)
                for (const Node* n : f.nodes)
                    if (n)
                        todo.push_back(n);
        }
        if (fn(current))
            return true;
    }
    return false;
}

} // namespace ts::py
