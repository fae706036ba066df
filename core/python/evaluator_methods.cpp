// Methods bound to values: dict.get/keys/values/items/copy, list and tuple index/count/copy,
// the str methods, tensor.size/stride/numel/..., Config.all_kwargs.

#include "core/python/evaluator_impl.h"

#include <cctype>

namespace ts::py {

namespace {

// Argument `i` of a str method, which must be a str.
const std::string& strArgument(const Args& a, const std::string& method, std::size_t i)
{
    if (!a[i].isStr())
        evalError(method + "() argument " + std::to_string(i + 1) + " must be str, not " + tn(a[i]));
    return a[i].asStr();
}

} // namespace

Value Evaluator::Impl::bDictMethod(const Args& a, const BuiltinValue& b)
{
    const Value& d = *b.self;
    a.noKeywords();
    if (b.name == "dict.get") {
        a.arity(1, 2);
        requireHashable(a[0]);
        if (const Value* v = d.find(a[0]))
            return *v;
        return a.count() == 2 ? a[1] : Value::none();
    }
    a.arity(0, 0);
    if (b.name == "dict.copy")
        return d;
    tick(d.size());
    std::vector<Value> out;
    out.reserve(d.entries().size());
    for (const auto& [k, v] : d.entries()) {
        if (b.name == "dict.keys")
            out.push_back(k);
        else if (b.name == "dict.values")
            out.push_back(v);
        else
            out.push_back(Value::tuple({k, v}));
    }
    return Value::list(std::move(out));
}

Value Evaluator::Impl::bSeqMethod(const Args& a, const BuiltinValue& b)
{
    const Value& s = *b.self;
    a.noKeywords();
    const std::string method = b.name.substr(b.name.find('.') + 1);
    if (method == "copy") {
        a.arity(0, 0);
        return s;
    }
    a.arity(1, method == "index" ? 3 : 1);
    const auto& items = s.items();
    const auto n = static_cast<std::int64_t>(items.size());
    if (method == "count") {
        std::int64_t count = 0;
        for (const Value& v : items)
            count += equal(v, a[0]) ? 1 : 0;
        return Value::integer(count);
    }
    std::int64_t start = a.count() > 1 ? indexValue(a[1], "") : 0;
    std::int64_t stop = a.count() > 2 ? indexValue(a[2], "") : n;
    if (start < 0)
        start = std::max<std::int64_t>(0, start + n);
    if (stop < 0)
        stop = std::max<std::int64_t>(0, stop + n);
    for (std::int64_t i = start; i < std::min(stop, n); ++i)
        if (equal(items[static_cast<std::size_t>(i)], a[0]))
            return Value::integer(i);
    evalError(a[0].repr() + " is not in " + tn(s));
}

Value Evaluator::Impl::bStrMethod(const Args& a, const BuiltinValue& b)
{
    const std::string& s = b.self->asStr();
    const std::string method = b.name.substr(4);
    tick(1 + static_cast<std::int64_t>(s.size()) / 32);
    if (method == "upper" || method == "lower")
        return strCase(a, s, method);
    if (method == "strip" || method == "lstrip" || method == "rstrip")
        return strStrip(a, s, method);
    if (method == "startswith" || method == "endswith")
        return strAffix(a, s, method);
    if (method == "join")
        return strJoin(a, s);
    if (method == "replace")
        return strReplace(a, s, method);
    return strSplit(a, s);
}

// str.upper() / str.lower(): ASCII letters change, every other character is kept.
Value Evaluator::Impl::strCase(const Args& a, const std::string& s, const std::string& method)
{
    a.noKeywords();
    a.arity(0, 0);
    std::string out = s;
    for (char& c : out)
        if (static_cast<unsigned char>(c) < 0x80)
            c = static_cast<char>(method == "upper" ? std::toupper(static_cast<unsigned char>(c))
                                                    : std::tolower(static_cast<unsigned char>(c)));
    return Value::string(std::move(out));
}

// str.strip() / lstrip() / rstrip(), with or without the characters to strip.
Value Evaluator::Impl::strStrip(const Args& a, const std::string& s, const std::string& method)
{
    a.noKeywords();
    a.arity(0, 1);
    const std::string chars =
        a.count() && !a[0].isNone() ? strArgument(a, method, 0) : std::string(" \t\n\r\f\v");
    std::size_t first = 0, last = s.size();
    if (method != "rstrip")
        while (first < last && chars.find(s[first]) != std::string::npos)
            ++first;
    if (method != "lstrip")
        while (last > first && chars.find(s[last - 1]) != std::string::npos)
            --last;
    return Value::string(s.substr(first, last - first));
}

// str.startswith() / endswith() of a str or a tuple of str.
Value Evaluator::Impl::strAffix(const Args& a, const std::string& s, const std::string& method)
{
    a.noKeywords();
    a.arity(1, 1);
    std::vector<Value> options = a[0].isTuple() ? a[0].items() : std::vector<Value>{a[0]};
    for (const Value& o : options) {
        if (!o.isStr())
            evalError(method + " first arg must be str or a tuple of str, not " + tn(o));
        const std::string& p = o.asStr();
        const std::size_t at = method == "startswith" ? 0 : s.size() - p.size();
        const bool match = p.size() <= s.size() && s.compare(at, p.size(), p) == 0;
        if (match)
            return Value::boolean(true);
    }
    return Value::boolean(false);
}

Value Evaluator::Impl::strJoin(const Args& a, const std::string& s)
{
    a.noKeywords();
    a.arity(1, 1);
    std::string out;
    bool first = true;
    std::int64_t index = 0;
    forEach(a[0], [&](const Value& v) {
        tick();
        if (!v.isStr())
            evalError("sequence item " + std::to_string(index) + ": expected str instance, " + tn(v) +
                      " found");
        if (!first)
            out += s;
        first = false;
        out += v.asStr();
        checkSize(static_cast<std::int64_t>(out.size()));
        ++index;
        return true;
    });
    return Value::string(std::move(out));
}

Value Evaluator::Impl::strReplace(const Args& a, const std::string& s, const std::string& method)
{
    a.noKeywords();
    a.arity(2, 3);
    const std::string& from = strArgument(a, method, 0);
    const std::string& to = strArgument(a, method, 1);
    std::int64_t limit = a.count() == 3 ? indexValue(a[2], "") : -1;
    std::string out;
    std::size_t pos = 0;
    if (from.empty()) {
        const auto chars = characters(s);
        for (std::size_t i = 0; i <= chars.size(); ++i) {
            if (limit != 0) {
                out += to;
                --limit;
            }
            if (i < chars.size())
                out += chars[i];
            checkSize(static_cast<std::int64_t>(out.size()));
        }
        return Value::string(std::move(out));
    }
    while (limit != 0) {
        const auto found = s.find(from, pos);
        if (found == std::string::npos)
            break;
        out.append(s, pos, found - pos);
        out += to;
        pos = found + from.size();
        --limit;
        checkSize(static_cast<std::int64_t>(out.size()));
    }
    out.append(s, pos, std::string::npos);
    checkSize(static_cast<std::int64_t>(out.size()));
    return Value::string(std::move(out));
}

// str.split(sep=None, maxsplit=-1): on runs of whitespace without a separator.
Value Evaluator::Impl::strSplit(const Args& a, const std::string& s)
{
    a.allowKeywords({"sep", "maxsplit"});
    a.arity(0, 2);
    const Value* sepValue = a.argument(0, "sep");
    const Value* maxValue = a.argument(1, "maxsplit");
    std::int64_t maxSplit = maxValue ? indexValue(*maxValue, "") : -1;
    std::vector<Value> parts;
    if (!sepValue || sepValue->isNone()) {
        std::size_t i = 0;
        const std::string ws = " \t\n\r\f\v";
        while (i < s.size()) {
            while (i < s.size() && ws.find(s[i]) != std::string::npos)
                ++i;
            if (i >= s.size())
                break;
            if (maxSplit == 0) {
                std::size_t end = s.size();
                while (end > i && ws.find(s[end - 1]) != std::string::npos)
                    --end;
                parts.push_back(Value::string(s.substr(i, end - i)));
                break;
            }
            std::size_t j = i;
            while (j < s.size() && ws.find(s[j]) == std::string::npos)
                ++j;
            parts.push_back(Value::string(s.substr(i, j - i)));
            --maxSplit;
            i = j;
        }
    } else {
        if (!sepValue->isStr())
            evalError("must be str or None, not " + tn(*sepValue));
        const std::string& sep = sepValue->asStr();
        if (sep.empty())
            evalError("empty separator");
        std::size_t pos = 0;
        while (maxSplit != 0) {
            const auto found = s.find(sep, pos);
            if (found == std::string::npos)
                break;
            parts.push_back(Value::string(s.substr(pos, found - pos)));
            pos = found + sep.size();
            --maxSplit;
        }
        parts.push_back(Value::string(s.substr(pos)));
    }
    checkSize(static_cast<std::int64_t>(parts.size()));
    return Value::list(std::move(parts));
}

Value Evaluator::Impl::bTensorMethod(const Args& a, const BuiltinValue& b)
{
    const TensorValue& t = b.self->tensorValue();
    const std::string method = b.name.substr(7);
    const auto ndim = static_cast<std::int64_t>(t.shape.size());
    auto dimension = [&](const Value& v) {
        std::int64_t d = indexValue(v, "");
        const std::int64_t low = ndim == 0 ? -1 : -ndim;
        const std::int64_t high = ndim == 0 ? 0 : ndim - 1;
        if (d < low || d > high)
            evalError("Dimension out of range (expected to be in range of [" + std::to_string(low) + ", " +
                      std::to_string(high) + "], but got " + std::to_string(d) + ")");
        return static_cast<std::size_t>(d < 0 ? d + std::max<std::int64_t>(ndim, 1) : d);
    };
    if (method == "size" || method == "stride") {
        a.allowKeywords({"dim"});
        a.arity(0, 1);
        const std::vector<std::int64_t> values = method == "size" ? t.shape : t.contiguousStrides();
        if (const Value* d = a.argument(0, "dim"); d && !d->isNone()) {
            if (ndim == 0)
                evalError("Dimension specified as " + d->repr() + " but tensor has no dimensions");
            return Value::integer(values[dimension(*d)]);
        }
        std::vector<Value> out;
        for (std::int64_t v : values)
            out.push_back(Value::integer(v));
        return Value::tuple(std::move(out));
    }
    a.noKeywords();
    a.arity(0, 0);
    if (method == "numel" || method == "nelement")
        return Value::integer(t.numel());
    if (method == "dim" || method == "ndimension")
        return Value::integer(ndim);
    if (method == "is_contiguous")
        return Value::boolean(true);
    // element_size
    if (auto size = t.elementSize())
        return Value::integer(*size);
    evalError("element_size() of unknown dtype '" + t.dtype + "'");
}

Value Evaluator::Impl::bAllKwargs(const Args& a, const BuiltinValue& b)
{
    a.noKeywords();
    a.arity(0, 0);
    const ConfigValue& c = b.self->config();
    std::vector<std::pair<Value, Value>> entries;
    for (const auto& [k, v] : c.kwargs)
        entries.emplace_back(Value::string(k), v);
    entries.emplace_back(Value::string("num_warps"), Value::integer(c.numWarps.value_or(4)));
    entries.emplace_back(Value::string("num_ctas"), Value::integer(c.numCtas.value_or(1)));
    entries.emplace_back(Value::string("num_stages"), Value::integer(c.numStages.value_or(3)));
    for (const auto& [k, v] : c.options)
        if (!v.isNone() && k != "pre_hook")
            entries.emplace_back(Value::string(k), v);
    return Value::dict(std::move(entries));
}

} // namespace ts::py
