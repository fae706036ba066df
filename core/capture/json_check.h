#pragma once
// Checks of JSON read back from files (the capture hook's records, capture.json): each check
// keeps the first problem with the path of the field, so a message says where and what.

#include "core/capture/capture_raw.h"
#include "core/util/message.h"

#include <cstdint>
#include <limits>
#include <string>

namespace ts::capture {

// parseJson (capture_raw.h) with the problem by catalogue id, for a diagnostic.
std::optional<Json> parseJson(const std::string& text, const std::string& where, msg::Message* error);

inline constexpr std::size_t kMaxText = 4096;      // names, versions, a grid's source
inline constexpr std::size_t kMaxList = 1u << 16;  // configs, shape dimensions, arguments

// The first problem met while checking one record, with the path of the field ("args.x.shape").
class Check {
public:
    bool failed() const { return !m_problem.empty(); }
    const msg::Message& problem() const { return m_problem; }
    bool fail(const std::string& path, msg::Message what)
    {
        if (m_problem.empty())
            m_problem = msg::Message(msg::Id::CheckField, {path, std::move(what)});
        return false;
    }

    // The field `name` of an object; null (and a problem) when it is missing.
    const Json* field(const Json& parent, const char* name, const std::string& path)
    {
        const std::string at = path.empty() ? name : path + "." + name;
        if (!parent.is_object() || !parent.contains(name))
            return fail(at, msg::Id::CheckMissing), nullptr;
        return &parent[name];
    }

    bool object(const Json& j, const std::string& path)
    {
        return j.is_object() || fail(path, {msg::Id::CheckExpectedObject, {kindOf(j)}});
    }
    bool array(const Json& j, const std::string& path, std::size_t max = kMaxList)
    {
        if (!j.is_array())
            return fail(path, {msg::Id::CheckExpectedList, {kindOf(j)}});
        return j.size() <= max || fail(path, {msg::Id::CheckTooManyItems, {max}});
    }
    // A string field; `required` false accepts null and a missing field as "".
    bool text(const Json& parent, const char* name, const std::string& path, std::string* out, bool required = true,
              std::size_t max = kMaxText)
    {
        const std::string at = path.empty() ? name : path + "." + name;
        if (!parent.contains(name) || parent[name].is_null()) {
            out->clear();
            return !required || fail(at, msg::Id::CheckMissing);
        }
        const Json& j = parent[name];
        if (!j.is_string())
            return fail(at, {msg::Id::CheckExpectedString, {kindOf(j)}});
        *out = j.get<std::string>();
        return out->size() <= max || fail(at, {msg::Id::CheckTooLong, {max}});
    }
    bool integer(const Json& j, const std::string& path, std::int64_t* out, std::int64_t min = 0,
                 std::int64_t max = std::numeric_limits<std::int64_t>::max())
    {
        if (j.is_number_unsigned() && j.get<std::uint64_t>() > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
            return fail(path, msg::Id::CheckIntegerOutOfRange);
        if (!j.is_number_integer())
            return fail(path, {msg::Id::CheckExpectedInteger, {kindOf(j)}});
        *out = j.get<std::int64_t>();
        if (*out < min || *out > max)
            return fail(path, {msg::Id::CheckOutOfRange, {*out, min, max}});
        return true;
    }
    bool identifier(const Json& j, const std::string& path, std::string* out)
    {
        if (!j.is_string())
            return fail(path, {msg::Id::CheckExpectedName, {kindOf(j)}});
        *out = j.get<std::string>();
        return (out->size() <= 256 && isIdentifier(*out)) ||
               fail(path, {msg::Id::CheckNotPythonName, {out->substr(0, 80)}});
    }

    static msg::Message kindOf(const Json& j)
    {
        using msg::Id;
        switch (j.type()) {
        case Json::value_t::null:
            return Id::JsonKindNull;
        case Json::value_t::object:
            return Id::JsonKindObject;
        case Json::value_t::array:
            return Id::JsonKindList;
        case Json::value_t::string:
            return Id::JsonKindString;
        case Json::value_t::boolean:
            return Id::JsonKindBool;
        case Json::value_t::number_float:
            return Id::JsonKindNumber;
        default:
            return Id::JsonKindInteger;
        }
    }

private:
    msg::Message m_problem;
};

} // namespace ts::capture
