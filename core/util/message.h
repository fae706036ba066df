#pragma once
// Messages for people that core writes (notes, diagnostics, reasons, fidelity warnings): each has
// an id and one English text in the catalogue (message_catalog.inc), with %1..%9 where its typed
// arguments go. Core's types carry a message as its id and arguments (msg::Message,
// message_value.h) beside the English it renders, which is what the CLI prints and the cache
// stores; the explorer writes the message from its id through Qt's translation system
// (widgets/core_text.h), so that zh_CN reads it in Chinese, an argument that is itself a message
// translated in turn.

#include "core/util/message_value.h"

#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ts::msg {

enum class Id : std::uint16_t {
#define TS_MESSAGE(id, english) id,
#include "core/util/message_catalog.inc"
#undef TS_MESSAGE
};

struct Entry {
    Id id;
    std::string_view name;    // the id as written in the catalogue
    std::string_view english; // with %1..%9
};

std::span<const Entry> catalogue();
const Entry& entry(Id id);

// The English text of `id` with its arguments in place of %1..%9.
std::string text(Id id, std::initializer_list<Arg> args = {});

// The English of each message, as the CLI prints them and JSON lists them.
std::vector<std::string> english(const std::vector<Message>& messages);

// `format` with `args` in place of %1..%9 (a %N without an argument stays as written).
std::string fill(std::string_view format, std::span<const std::string> args);

} // namespace ts::msg
