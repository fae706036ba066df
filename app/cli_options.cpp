#include "app/cli_options.h"

namespace ts::cli {

std::string OptionSpec::usage() const
{
    std::string out = (shortName ? std::string("-") + shortName + ", " : std::string()) + "--" + name;
    if (!values.empty()) {
        out += " ";
        for (std::size_t i = 0; i < values.size(); ++i)
            out += (i ? "|" : "") + values[i].name;
    } else if (takesValue()) {
        out += " " + valueName;
    }
    return out;
}

const OptionSpec* CommandSpec::option(std::string_view longName) const
{
    for (const OptionSpec& o : options)
        if (o.name == longName)
            return &o;
    return nullptr;
}

const OptionSpec* CommandSpec::shortOption(char shortName) const
{
    for (const OptionSpec& o : options)
        if (shortName != 0 && o.shortName == shortName)
            return &o;
    return nullptr;
}

const CommandSpec* CommandSpec::subcommand(std::string_view subName) const
{
    for (const CommandSpec& s : subcommands)
        if (s.name == subName)
            return &s;
    return nullptr;
}

const CommandSpec* findCommand(std::string_view name)
{
    for (const CommandSpec& c : commandTable())
        if (c.name == name)
            return &c;
    return nullptr;
}

const OptionSpec& helpOption()
{
    static const OptionSpec help = [] {
        OptionSpec o;
        o.name = "help";
        o.help = "this help";
        return o;
    }();
    return help;
}

std::vector<std::string> wrapText(std::string_view text, std::size_t width, std::size_t firstIndent, std::size_t indent)
{
    std::vector<std::string> lines;
    std::string line(firstIndent, ' ');
    std::size_t lineStart = firstIndent;  // where the words of this line begin
    std::size_t pos = 0;
    while (pos < text.size()) {
        while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\n'))
            ++pos;
        if (pos >= text.size())
            break;
        std::size_t end = pos;
        while (end < text.size() && text[end] != ' ' && text[end] != '\n')
            ++end;
        const std::string_view word = text.substr(pos, end - pos);
        const bool empty = line.size() == lineStart;
        if (!empty && line.size() + 1 + word.size() > width) {
            lines.push_back(line);
            line.assign(indent, ' ');
            lineStart = indent;
        }
        if (line.size() != lineStart)
            line += ' ';
        line += word;
        pos = end;
    }
    if (line.size() != lineStart || lines.empty())
        lines.push_back(line);
    return lines;
}

} // namespace ts::cli
