#pragma once
// Messages for people that core writes (notes, diagnostics, reasons, fidelity warnings): each has
// an id and one English text in the catalogue (message_catalog.inc), with %1..%9 where its typed
// arguments go. Core renders the English, which is what the CLI prints and the cache stores; the
// explorer finds the entry a text was rendered from, takes its arguments back out and writes the
// message through Qt's translation system (widgets/core_text.h), so that zh_CN reads it in
// Chinese. An argument that is itself a catalogue message is translated in turn.

#include <concepts>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

namespace ts::msg {

enum class Id {
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

// A typed argument: text as it is, a count or a figure written as the CLI writes it.
class Arg {
public:
    Arg(std::string_view text) : m_text(text) {}
    Arg(const std::string& text) : m_text(text) {}
    Arg(const char* text) : m_text(text) {}
    template <std::integral T>
    requires(!std::same_as<T, bool> && !std::same_as<T, char>) Arg(T n) : m_text(std::to_string(n)) {}
    const std::string& text() const { return m_text; }

private:
    std::string m_text;
};

// The English text of `id` with its arguments in place of %1..%9.
std::string text(Id id, std::initializer_list<Arg> args = {});

// `format` with `args` in place of %1..%9 (a %N without an argument stays as written).
std::string fill(std::string_view format, std::span<const std::string> args);

} // namespace ts::msg
