#pragma once
// Checks of JSON read back from files (the capture hook's records, capture.json): each check
// keeps the first problem with the path of the field, so a message says where and what.

#include "core/capture/capture_raw.h"

#include <cstdint>
#include <limits>
#include <string>

namespace ts::capture {

inline constexpr std::size_t kMaxText = 4096;      // names, versions, a grid's source
inline constexpr std::size_t kMaxList = 1u << 16;  // configs, shape dimensions, arguments

// The first problem met while checking one record, with the path of the field ("args.x.shape").
class Check {
public:
    bool failed() const { return !m_problem.empty(); }
    const std::string& problem() const { return m_problem; }
    bool fail(const std::string& path, const std::string& what)
    {
        if (m_problem.empty())
            m_problem = "\"" + path + "\": " + what;
        return false;
    }

    // The field `name` of an object; null (and a problem) when it is missing.
    const Json* field(const Json& parent, const char* name, const std::string& path)
    {
        const std::string at = path.empty() ? name : path + "." + name;
        if (!parent.is_object() || !parent.contains(name))
            return fail(at, "missing"), nullptr;
        return &parent[name];
    }

    bool object(const Json& j, const std::string& path)
    {
        return j.is_object() || fail(path, "expected an object, found " + kindOf(j));
    }
    bool array(const Json& j, const std::string& path, std::size_t max = kMaxList)
    {
        if (!j.is_array())
            return fail(path, "expected a list, found " + kindOf(j));
        return j.size() <= max || fail(path, "more than " + std::to_string(max) + " items");
    }
    // A string field; `required` false accepts null and a missing field as "".
    bool text(const Json& parent, const char* name, const std::string& path, std::string* out, bool required = true,
              std::size_t max = kMaxText)
    {
        const std::string at = path.empty() ? name : path + "." + name;
        if (!parent.contains(name) || parent[name].is_null()) {
            out->clear();
            return !required || fail(at, "missing");
        }
        const Json& j = parent[name];
        if (!j.is_string())
            return fail(at, "expected a string, found " + kindOf(j));
        *out = j.get<std::string>();
        return out->size() <= max || fail(at, "longer than " + std::to_string(max) + " bytes");
    }
    bool integer(const Json& j, const std::string& path, std::int64_t* out, std::int64_t min = 0,
                 std::int64_t max = std::numeric_limits<std::int64_t>::max())
    {
        if (j.is_number_unsigned() && j.get<std::uint64_t>() > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
            return fail(path, "integer out of range");
        if (!j.is_number_integer())
            return fail(path, "expected an integer, found " + kindOf(j));
        *out = j.get<std::int64_t>();
        if (*out < min || *out > max)
            return fail(path, std::to_string(*out) + " is out of range [" + std::to_string(min) + ", " +
                                  std::to_string(max) + "]");
        return true;
    }
    bool identifier(const Json& j, const std::string& path, std::string* out)
    {
        if (!j.is_string())
            return fail(path, "expected a name, found " + kindOf(j));
        *out = j.get<std::string>();
        return (out->size() <= 256 && isIdentifier(*out)) || fail(path, "'" + out->substr(0, 80) + "' is not a Python name");
    }

    static std::string kindOf(const Json& j)
    {
        switch (j.type()) {
        case Json::value_t::null: return "null";
        case Json::value_t::object: return "an object";
        case Json::value_t::array: return "a list";
        case Json::value_t::string: return "a string";
        case Json::value_t::boolean: return "a bool";
        case Json::value_t::number_float: return "a number";
        default: return "an integer";
        }
    }

private:
    std::string m_problem;
};

} // namespace ts::capture
