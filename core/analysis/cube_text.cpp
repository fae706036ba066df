// Python text renderings and static evaluation for the 2026-08 cube / mix parse.
#include "core/analysis/cube_internal.h"

#include "core/analysis/pyrepr.h"

#include <cctype>
#include <cmath>

namespace ts::analysis::cube {

using py::Kind;
using py::Node;

namespace {

// ast._Precedence of Python 3.11.
enum Prec : int {
    kNamedExpr = 1, kTuple, kYield, kTest, kOr, kAnd, kNot, kCmp, kExpr, kBor = kExpr,
    kBxor, kBand, kShift, kArith, kTerm, kFactor, kPower, kAwait, kAtom
};

const char* binOpText(Kind op, int* prec)
{
    switch (op) {
    case Kind::Add: *prec = kArith; return "+";
    case Kind::Sub: *prec = kArith; return "-";
    case Kind::Mult: *prec = kTerm; return "*";
    case Kind::MatMult: *prec = kTerm; return "@";
    case Kind::Div: *prec = kTerm; return "/";
    case Kind::Mod: *prec = kTerm; return "%";
    case Kind::FloorDiv: *prec = kTerm; return "//";
    case Kind::Pow: *prec = kPower; return "**";
    case Kind::LShift: *prec = kShift; return "<<";
    case Kind::RShift: *prec = kShift; return ">>";
    case Kind::BitOr: *prec = kBor; return "|";
    case Kind::BitXor: *prec = kBxor; return "^";
    case Kind::BitAnd: *prec = kBand; return "&";
    default: *prec = kAtom; return "?";
    }
}

const char* cmpOpText(Kind op)
{
    switch (op) {
    case Kind::Eq: return "==";
    case Kind::NotEq: return "!=";
    case Kind::Lt: return "<";
    case Kind::LtE: return "<=";
    case Kind::Gt: return ">";
    case Kind::GtE: return ">=";
    case Kind::Is: return "is";
    case Kind::IsNot: return "is not";
    case Kind::In: return "in";
    case Kind::NotIn: return "not in";
    default: return "?";
    }
}

std::string render(const Node* node, int prec);

std::string joinItems(const std::vector<const Node*>& items)
{
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i ? ", " : "") + render(items[i], kTest);
    return out;
}

std::string paren(bool wrap, const std::string& text)
{
    return wrap ? "(" + text + ")" : text;
}

std::string callText(const Node* node)
{
    std::string out = render(node->child("func"), kAtom) + "(";
    bool first = true;
    for (const Node* a : node->list("args")) {
        out += (first ? "" : ", ") + render(a, kTest);
        first = false;
    }
    for (const Node* kw : node->list("keywords")) {
        const std::string& name = kw->str("arg");
        out += std::string(first ? "" : ", ") + (name.empty() ? "**" : name + "=") + render(kw->child("value"), kTest);
        first = false;
    }
    return out + ")";
}

std::string sliceText(const Node* s)
{
    if (s && s->is(Kind::Tuple) && !s->list("elts").empty())
        return joinItems(s->list("elts")) + (s->list("elts").size() == 1 ? "," : "");
    return render(s, kTuple);
}

std::string render(const Node* node, int prec)
{
    if (!node)
        return "";
    switch (node->kind) {
    case Kind::Name:
        return node->id();
    case Kind::Constant: {
        const py::ConstantValue* c = node->constant();
        if (c->type == py::ConstantValue::Type::Ellipsis)
            return "...";
        return pyConstantRepr(*c);
    }
    case Kind::Attribute: {
        const Node* value = node->child("value");
        std::string base = render(value, kAtom);
        if (value && value->is(Kind::Constant) && value->constant()->isInt())
            base += " ";
        return base + "." + node->str("attr");
    }
    case Kind::Call:
        return callText(node);
    case Kind::Subscript:
        return render(node->child("value"), kAtom) + "[" + sliceText(node->child("slice")) + "]";
    case Kind::Slice: {
        std::string out = render(node->child("lower"), kTest) + ":" + render(node->child("upper"), kTest);
        if (node->child("step"))
            out += ":" + render(node->child("step"), kTest);
        return out;
    }
    case Kind::Tuple: {
        const auto& elts = node->list("elts");
        std::string inner = joinItems(elts) + (elts.size() == 1 ? "," : "");
        return paren(elts.empty() || prec > kTuple, inner);
    }
    case Kind::List:
        return "[" + joinItems(node->list("elts")) + "]";
    case Kind::BinOp: {
        int p = kAtom;
        const char* op = binOpText(node->op(), &p);
        const bool rightAssoc = node->op() == Kind::Pow;
        const std::string left = render(node->child("left"), rightAssoc ? p + 1 : p);
        const std::string right = render(node->child("right"), rightAssoc ? p : p + 1);
        return paren(prec > p, left + " " + op + " " + right);
    }
    case Kind::UnaryOp: {
        const Kind op = node->op();
        if (op == Kind::Not)
            return paren(prec > kNot, "not " + render(node->child("operand"), kNot));
        const char* text = op == Kind::USub ? "-" : op == Kind::UAdd ? "+" : "~";
        return paren(prec > kFactor, text + render(node->child("operand"), kFactor));
    }
    case Kind::Compare: {
        std::string out = render(node->child("left"), kCmp + 1);
        const auto& ops = node->list("ops");
        const auto& comps = node->list("comparators");
        for (std::size_t i = 0; i < ops.size() && i < comps.size(); ++i)
            out += std::string(" ") + cmpOpText(ops[i]->kind) + " " + render(comps[i], kCmp + 1);
        return paren(prec > kCmp, out);
    }
    case Kind::BoolOp: {
        const bool isAnd = node->op() == Kind::And;
        const int p = isAnd ? kAnd : kOr;
        std::string out;
        const auto& values = node->list("values");
        for (std::size_t i = 0; i < values.size(); ++i)
            out += (i ? (isAnd ? " and " : " or ") : "") + render(values[i], p + 1);
        return paren(prec > p, out);
    }
    case Kind::IfExp:
        return paren(prec > kTest, render(node->child("body"), kTest + 1) + " if " +
                                       render(node->child("test"), kTest + 1) + " else " +
                                       render(node->child("orelse"), kTest));
    case Kind::Starred:
        return "*" + render(node->child("value"), kExpr);
    default:
        return std::string(node->typeName());
    }
}

} // namespace

std::string unparse(const Node* node)
{
    return render(node, kTest);
}

std::string exprText(const Node* node)
{
    if (!node)
        return "";
    if (node->is(Kind::Name))
        return node->id();
    if (node->is(Kind::Constant))
        return pyConstantStr(*node->constant());
    return unparse(node);
}

bool isIdentifier(const std::string& s)
{
    if (s.empty())
        return false;
    const auto first = static_cast<unsigned char>(s[0]);
    if (!(std::isalpha(first) || first == '_' || first >= 0x80))
        return false;
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (!(std::isalnum(u) || u == '_' || u >= 0x80))
            return false;
    }
    return true;
}

std::set<std::string> namesInText(const std::string& text)
{
    static const std::set<std::string> kKeywords = {
        "and", "or", "not", "if", "else", "in", "is", "None", "True", "False", "lambda", "for", "await"};
    std::set<std::string> names;
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\'' || c == '"') { // skip a string literal
            const char quote = text[i++];
            while (i < text.size() && text[i] != quote)
                i += text[i] == '\\' ? 2 : 1;
            ++i;
            continue;
        }
        if (std::isdigit(c)) { // a number, exponent and suffix letters included
            while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_' ||
                                       text[i] == '.'))
                ++i;
            continue;
        }
        if (std::isalpha(c) || c == '_' || c >= 0x80) {
            const std::size_t start = i;
            while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_' ||
                                       static_cast<unsigned char>(text[i]) >= 0x80))
                ++i;
            std::size_t before = start;
            while (before > 0 && text[before - 1] == ' ')
                --before;
            const bool attribute = before > 0 && text[before - 1] == '.';
            const std::string word = text.substr(start, i - start);
            if (!attribute && !kKeywords.count(word))
                names.insert(word);
            continue;
        }
        ++i;
    }
    return names;
}

std::optional<std::int64_t> literalInt(const std::string& raw)
{
    std::string s;
    for (char c : raw)
        if (c != ' ' && c != '\t')
            s += c;
    if (s == "True")
        return 1;
    if (s == "False")
        return 0;
    if (s.empty() || !std::isdigit(static_cast<unsigned char>(s[0])))
        return std::nullopt;
    int base = 10;
    std::size_t i = 0;
    if (s.size() > 2 && s[0] == '0' && std::isalpha(static_cast<unsigned char>(s[1]))) {
        const char b = char(std::tolower(static_cast<unsigned char>(s[1])));
        base = b == 'x' ? 16 : b == 'o' ? 8 : b == 'b' ? 2 : 0;
        if (base == 0)
            return std::nullopt;
        i = 2;
    }
    std::int64_t value = 0;
    bool digits = false;
    for (; i < s.size(); ++i) {
        if (s[i] == '_')
            continue;
        const char c = char(std::tolower(static_cast<unsigned char>(s[i])));
        int d = std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : 99;
        if (d >= base)
            return std::nullopt;
        if (value > (std::numeric_limits<std::int64_t>::max() - d) / base)
            return std::nullopt;
        value = value * base + d;
        digits = true;
    }
    if (base == 10 && s.size() > 1 && s[0] == '0' && value != 0)
        return std::nullopt; // "012" is a syntax error
    return digits ? std::optional<std::int64_t>(value) : std::nullopt;
}

Known knownScalars(const std::vector<LaunchArgument>& args)
{
    Known known;
    for (const auto& a : args) {
        Scalar s;
        if (a.kind == LaunchArgument::Kind::Int)
            s = {Scalar::Type::Int, a.intValue, 0.0};
        else if (a.kind == LaunchArgument::Kind::Bool)
            s = {Scalar::Type::Bool, a.intValue != 0 ? 1 : 0, 0.0};
        else if (a.kind == LaunchArgument::Kind::Float)
            s = {Scalar::Type::Float, 0, a.floatValue};
        else {
            known.erase(a.name); // a later keyword overrides
            continue;
        }
        known[a.name] = s;
    }
    return known;
}

namespace {

std::optional<Scalar> constantScalar(const Node* node)
{
    const py::ConstantValue* c = node->constant();
    if (c->type == py::ConstantValue::Type::Bool)
        return Scalar{Scalar::Type::Bool, c->boolean ? 1 : 0, 0.0};
    if (c->isInt())
        return Scalar{Scalar::Type::Int, c->integer, 0.0};
    if (c->type == py::ConstantValue::Type::Float)
        return Scalar{Scalar::Type::Float, 0, c->real};
    return std::nullopt;
}

Scalar boolean(bool b)
{
    return {Scalar::Type::Bool, b ? 1 : 0, 0.0};
}

bool compare(Kind op, const Scalar& a, const Scalar& b, bool* ok)
{
    const double x = a.asDouble(), y = b.asDouble();
    switch (op) {
    case Kind::Lt: return x < y;
    case Kind::LtE: return x <= y;
    case Kind::Gt: return x > y;
    case Kind::GtE: return x >= y;
    case Kind::Eq: return x == y;
    case Kind::NotEq: return x != y;
    default: *ok = false; return false;
    }
}

std::optional<Scalar> arithmetic(Kind op, const Scalar& a, const Scalar& b)
{
    const bool ints = a.type != Scalar::Type::Float && b.type != Scalar::Type::Float;
    const double x = a.asDouble(), y = b.asDouble();
    auto num = [&](double v) { return ints ? Scalar{Scalar::Type::Int, std::int64_t(v), 0.0}
                                           : Scalar{Scalar::Type::Float, 0, v}; };
    switch (op) {
    case Kind::Add: return ints ? Scalar{Scalar::Type::Int, a.i + b.i, 0.0} : num(x + y);
    case Kind::Sub: return ints ? Scalar{Scalar::Type::Int, a.i - b.i, 0.0} : num(x - y);
    case Kind::Mult: return ints ? Scalar{Scalar::Type::Int, a.i * b.i, 0.0} : num(x * y);
    case Kind::Div:
        if (y == 0.0)
            return std::nullopt;
        return Scalar{Scalar::Type::Float, 0, x / y};
    case Kind::FloorDiv:
        if (y == 0.0)
            return std::nullopt;
        return num(std::floor(x / y));
    case Kind::Mod:
        if (y == 0.0)
            return std::nullopt;
        return num(x - std::floor(x / y) * y);
    case Kind::Pow:
        return num(std::pow(x, y));
    default:
        return std::nullopt;
    }
}

} // namespace

std::optional<Scalar> evaluateStatic(const Node* node, const Known& known)
{
    if (!node)
        return std::nullopt;
    switch (node->kind) {
    case Kind::Constant:
        return constantScalar(node);
    case Kind::Name: {
        const auto it = known.find(node->id());
        return it == known.end() ? std::nullopt : std::optional<Scalar>(it->second);
    }
    case Kind::UnaryOp: {
        const auto v = evaluateStatic(node->child("operand"), known);
        if (!v)
            return std::nullopt;
        if (node->op() == Kind::Not)
            return boolean(!v->truthy());
        if (node->op() == Kind::USub)
            return v->type == Scalar::Type::Float ? Scalar{Scalar::Type::Float, 0, -v->f}
                                                  : Scalar{Scalar::Type::Int, -v->i, 0.0};
        if (node->op() == Kind::UAdd)
            return v->type == Scalar::Type::Bool ? Scalar{Scalar::Type::Int, v->i, 0.0} : *v;
        return std::nullopt;
    }
    case Kind::BinOp: {
        const auto a = evaluateStatic(node->child("left"), known);
        const auto b = evaluateStatic(node->child("right"), known);
        if (!a || !b)
            return std::nullopt;
        return arithmetic(node->op(), *a, *b);
    }
    case Kind::BoolOp: {
        bool all = true, any = false;
        for (const Node* v : node->list("values")) {
            const auto s = evaluateStatic(v, known);
            if (!s)
                return std::nullopt;
            all = all && s->truthy();
            any = any || s->truthy();
        }
        return boolean(node->op() == Kind::And ? all : any);
    }
    case Kind::Compare: {
        auto left = evaluateStatic(node->child("left"), known);
        if (!left)
            return std::nullopt;
        const auto& ops = node->list("ops");
        const auto& comps = node->list("comparators");
        bool result = true;
        for (std::size_t i = 0; i < ops.size() && i < comps.size(); ++i) {
            const auto right = evaluateStatic(comps[i], known);
            if (!right)
                return std::nullopt;
            bool ok = true;
            result = compare(ops[i]->kind, *left, *right, &ok) && result;
            if (!ok)
                return std::nullopt;
            left = right;
        }
        return boolean(result);
    }
    default:
        return std::nullopt;
    }
}

namespace {

// load_semantics.resolve_static_scalar.
std::optional<Scalar> staticScalar(const Node* node, const Known& known);

std::optional<bool> staticBool(const Node* node, const Known& known)
{
    const auto s = staticScalar(node, known);
    if (!s || s->type == Scalar::Type::Float)
        return std::nullopt;
    return s->i != 0;
}

std::optional<Scalar> staticScalar(const Node* node, const Known& known)
{
    if (!node)
        return std::nullopt;
    switch (node->kind) {
    case Kind::Constant:
    case Kind::Name:
        return evaluateStatic(node, known);
    case Kind::UnaryOp: {
        const auto v = staticScalar(node->child("operand"), known);
        if (!v)
            return std::nullopt;
        if (node->op() == Kind::Not) {
            if (v->type == Scalar::Type::Float)
                return std::nullopt;
            return boolean(v->i == 0);
        }
        if (node->op() == Kind::USub || node->op() == Kind::UAdd)
            return evaluateStatic(node, known);
        return std::nullopt;
    }
    case Kind::BoolOp: {
        const bool isAnd = node->op() == Kind::And;
        bool unknown = false;
        for (const Node* v : node->list("values")) {
            const auto b = staticBool(v, known);
            if (b && *b == !isAnd)
                return boolean(!isAnd);
            if (!b)
                unknown = true;
        }
        if (unknown)
            return std::nullopt;
        return boolean(isAnd);
    }
    case Kind::Compare: {
        if (node->list("ops").size() != 1 || node->list("comparators").size() != 1)
            return std::nullopt;
        const auto a = staticScalar(node->child("left"), known);
        const auto b = staticScalar(node->list("comparators")[0], known);
        if (!a || !b)
            return std::nullopt;
        bool ok = true;
        const bool r = compare(node->list("ops")[0]->kind, *a, *b, &ok);
        if (!ok)
            return std::nullopt;
        return boolean(r);
    }
    default:
        return std::nullopt;
    }
}

} // namespace

std::optional<bool> resolveStaticBool(const Node* node, const Known& known)
{
    return staticBool(node, known);
}

} // namespace ts::analysis::cube
