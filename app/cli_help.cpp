#include "app/cli_help.h"

#include "app/cli.h"
#include "app/cli_args.h"
#include "app/cli_commands.h"
#include "app/cli_options.h"
#include "core/util/utf8.h"
#include "core/util/version.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <iostream>

namespace ts::cli {
namespace {

constexpr const char* kTagline = "explore the tiling space of Triton kernels under Triton-Ascend's autotune";

constexpr const char* kCacheNote =
    "Tunings are cached in .tilescope/cache.sqlite beside the workload (--cache PATH overrides).";

constexpr const char* kExitCodes =
    "Exit codes: 0 done, 1 the kernel is in error (batch: failures or regressions), 2 bad usage or unreadable input.";

std::string join(const std::vector<std::string>& lines)
{
    std::string out;
    for (const std::string& l : lines)
        out += l + "\n";
    return out;
}

// Paragraphs of a description: separated by blank lines; `verbatim` when every line starts with
// two spaces.
struct Paragraph {
    std::string text;
    bool verbatim = false;
};

std::vector<Paragraph> paragraphs(const std::string& text)
{
    std::vector<Paragraph> out;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        std::size_t end = text.find("\n\n", pos);
        if (end == std::string::npos)
            end = text.size();
        Paragraph p;
        p.text = text.substr(pos, end - pos);
        p.verbatim = p.text.rfind("  ", 0) == 0;
        if (!p.text.empty())
            out.push_back(std::move(p));
        pos = end + 2;
    }
    return out;
}

std::string optionHelpText(const OptionSpec& o)
{
    std::string help = o.help;
    if (o.repeatable)
        help += " (repeatable)";
    if (o.required)
        help += " (required)";
    return help;
}

std::string synopsisItem(const OptionSpec& o)
{
    std::string item = o.usage();
    if (o.repeatable)
        item += " ...";
    return o.required ? item : "[" + item + "]";
}

// "tilescope tune WORKLOAD.json | KERNEL.py [--function NAME] ...", wrapped between items.
std::vector<std::string> synopsisLines(const std::string& lead, const CommandSpec& c, std::size_t indent)
{
    std::vector<std::string> items;
    if (!c.positionals.synopsis.empty())
        items.push_back(c.positionals.synopsis);
    for (const OptionSpec& o : c.options)
        if (o.required)
            items.push_back(synopsisItem(o));
    for (const OptionSpec& o : c.options)
        if (!o.required)
            items.push_back(synopsisItem(o));
    std::vector<std::string> lines;
    std::string line = lead;
    const std::size_t leadSize = lead.size();
    for (const std::string& item : items) {
        if (line.size() > leadSize && line.size() + 1 + item.size() > kHelpWidth) {
            lines.push_back(line);
            line = std::string(indent, ' ');
        } else if (!line.empty() && line.back() != ' ') {
            line += ' ';
        }
        line += item;
    }
    lines.push_back(line);
    return lines;
}

std::string descriptionText(const std::string& description, std::size_t indent)
{
    std::string out;
    bool first = true;
    for (const Paragraph& p : paragraphs(description)) {
        if (!first)
            out += "\n";
        first = false;
        if (p.verbatim) {
            out += p.text + "\n";
        } else {
            out += join(wrapText(p.text, kHelpWidth, indent, indent));
        }
    }
    return out;
}

std::string optionsText(const std::vector<OptionSpec>& options)
{
    constexpr std::size_t kColumn = 32;
    std::string out;
    std::vector<const OptionSpec*> all;
    for (const OptionSpec& o : options)
        all.push_back(&o);
    all.push_back(&helpOption());
    for (const OptionSpec* o : all) {
        const std::string usage = o->name == "help" ? "-h, --help" : o->usage();
        std::string lead = "  " + usage;
        std::vector<std::string> help;
        if (lead.size() + 2 <= kColumn) {
            help = wrapText(optionHelpText(*o), kHelpWidth, kColumn, kColumn);
            help.front().replace(0, lead.size(), lead);
        } else {
            out += lead + "\n";
            help = wrapText(optionHelpText(*o), kHelpWidth, kColumn, kColumn);
        }
        out += join(help);
        std::size_t valueWidth = 0;
        bool anyValueHelp = false;
        for (const EnumValue& v : o->values) {
            valueWidth = std::max(valueWidth, v.name.size());
            anyValueHelp = anyValueHelp || !v.help.empty();
        }
        if (anyValueHelp)
            for (const EnumValue& v : o->values) {
                const std::size_t indent = kColumn + 2 + valueWidth + 2;
                std::vector<std::string> lines = wrapText(v.help, kHelpWidth, indent, indent);
                lines.front().replace(kColumn + 2, v.name.size(), v.name);
                out += join(lines);
            }
    }
    return out;
}

} // namespace

std::string commandHelp(const CommandSpec& c, const CommandSpec* parent)
{
    const std::string name = parent ? parent->name + " " + c.name : c.name;
    std::string out;
    if (c.subcommands.empty()) {
        const std::string lead = "Usage: tilescope " + name + " ";
        out += join(synopsisLines(lead, c, lead.size()));
        out += "\n" + descriptionText(c.description, 0);
        out += "\nOptions:\n" + optionsText(c.options);
        return out;
    }
    bool first = true;
    for (const CommandSpec& s : c.subcommands) {
        const std::string lead = std::string(first ? "Usage: " : "       ") + "tilescope " + name + " " + s.name + " ";
        out += join(synopsisLines(lead, s, lead.size()));
        first = false;
    }
    out += "\n" + descriptionText(c.description, 0);
    for (const CommandSpec& s : c.subcommands) {
        out += "\n" + s.name + (s.positionals.synopsis.empty() ? "" : " " + s.positionals.synopsis) + "\n";
        out += descriptionText(s.description, 2);
        out += optionsText(s.options);
    }
    out += "\n`tilescope " + name + " SUBCOMMAND --help` shows one subcommand.\n";
    return out;
}

std::string overviewHelp()
{
    std::string out = std::string("TileScope - ") + kTagline + ".\n\n";
    out += "Usage:\n"
           "  tilescope                              open the desktop explorer\n"
           "  tilescope KERNEL.py | WORKLOAD.json    open a file in the desktop explorer (--lang zh_CN for\n"
           "                                         Simplified Chinese)\n"
           "  tilescope COMMAND [options]            run headless (no display needed)\n\n"
           "Commands:\n";
    for (const CommandSpec& c : commandTable()) {
        std::string head = "  " + c.name;
        if (!c.positionals.synopsis.empty())
            head += " " + (c.subcommands.empty() ? c.positionals.synopsis : [&] {
                std::string subs;
                for (const CommandSpec& s : c.subcommands)
                    subs += (subs.empty() ? "" : " | ") + s.name;
                return subs;
            }());
        out += head + "\n";
        out += join(wrapText(c.summary, kHelpWidth, 6, 6));
    }
    out += "\nOptions:\n"
           "  -h, --help       this text; `tilescope COMMAND --help` or `tilescope help COMMAND` for a command\n"
           "  --version        the version\n\n";
    out += join(wrapText(kCacheNote, kHelpWidth));
    out += "\n" + join(wrapText(kExitCodes, kHelpWidth));
    return out;
}

// ---- Markdown -------------------------------------------------------------------------------

namespace {

// Text for Markdown: a '<' outside `code` would start an HTML tag.
std::string markdownText(const std::string& text)
{
    std::string out;
    bool code = false;
    for (char ch : text) {
        if (ch == '`')
            code = !code;
        if (ch == '<' && !code)
            out += "\\<";
        else
            out += ch;
    }
    return out;
}

// Wrapped Markdown text; a line that would start a list, a heading or a quote is escaped.
std::string markdownWrap(const std::string& text, std::size_t firstIndent, std::size_t indent)
{
    std::vector<std::string> lines = wrapText(text, kHelpWidth, firstIndent, indent);
    for (std::size_t i = 1; i < lines.size(); ++i) {
        std::string& line = lines[i];
        const std::size_t at = line.find_first_not_of(' ');
        if (at == std::string::npos)
            continue;
        std::size_t digits = at;
        while (digits < line.size() && std::isdigit(static_cast<unsigned char>(line[digits])))
            ++digits;
        const bool ordered = digits > at && digits + 1 < line.size() && (line[digits] == '.' || line[digits] == ')') &&
                             line[digits + 1] == ' ';
        const bool marker = std::string("-*+").find(line[at]) != std::string::npos && at + 1 < line.size() &&
                            line[at + 1] == ' ';
        if (ordered || marker || line[at] == '#' || line[at] == '>')
            line.insert(ordered ? digits : at, "\\");
    }
    return join(lines);
}

std::string markdownOptions(const std::vector<OptionSpec>& options)
{
    std::string out;
    for (const OptionSpec& o : options) {
        out += markdownWrap("- `" + o.usage() + "`" + (o.repeatable ? " (repeatable)" : "") +
                                (o.required ? " (required)" : "") + ": " + markdownText(o.help),
                            0, 2);
        for (const EnumValue& v : o.values)
            if (!v.help.empty())
                out += markdownWrap("- `" + v.name + "`: " + markdownText(v.help), 2, 4);
    }
    return out;
}

std::string markdownDescription(const std::string& description)
{
    std::string out;
    for (const Paragraph& p : paragraphs(description))
        out += "\n" + (p.verbatim ? "```\n" + p.text + "\n```\n" : markdownWrap(markdownText(p.text), 0, 0));
    return out;
}

std::string markdownSynopsis(const std::string& name, const CommandSpec& c)
{
    const std::string lead = "tilescope " + name + " ";
    return join(synopsisLines(lead, c, lead.size()));
}

} // namespace

std::string markdownReference()
{
    std::string out =
        "<!-- Generated from the command table (app/cli_table.cpp) by `tilescope help --markdown`. -->\n\n";
    out += markdownWrap("`tilescope COMMAND [options]` runs headless; `tilescope` alone, or with a kernel or "
                        "workload file, opens the desktop explorer. Every command takes `-h`/`--help`; `tilescope "
                        "help COMMAND` prints the same. `tilescope --version` prints the version.",
                        0, 0);
    out += "\n| command | what it does |\n|---|---|\n";
    for (const CommandSpec& c : commandTable())
        out += "| [`" + c.name + "`](#tilescope-" + c.name + ") | " + markdownText(c.summary) + " |\n";
    for (const CommandSpec& c : commandTable()) {
        out += "\n### `tilescope " + c.name + "`\n\n```\n";
        if (c.subcommands.empty())
            out += markdownSynopsis(c.name, c);
        else
            for (const CommandSpec& s : c.subcommands)
                out += markdownSynopsis(c.name + " " + s.name, s);
        out += "```\n";
        out += markdownDescription(c.description);
        if (!c.options.empty())
            out += "\n" + markdownOptions(c.options);
        for (const CommandSpec& s : c.subcommands) {
            out += "\n#### `tilescope " + c.name + " " + s.name + "`\n";
            out += markdownDescription(s.description);
            if (!s.options.empty())
                out += "\n" + markdownOptions(s.options);
        }
    }
    out += "\n" + markdownWrap(std::string(kCacheNote) + " " + kExitCodes, 0, 0);
    return out;
}

// ---- man page -------------------------------------------------------------------------------

namespace {

// Text for roff: backslashes and minus signs escaped, and every character beyond ASCII as its
// code point (\[u2014]), so that groff reads the page without preconv.
std::string roff(const std::string& text)
{
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char ch = text[i];
        const auto lead = static_cast<unsigned char>(ch);
        if (ch == '\\') {
            out += "\\e";
        } else if (ch == '-') {
            out += "\\-";
        } else if (lead >= 0x80) {
            const int length = utf8Length(lead);
            std::uint32_t code = length == 2 ? lead & 0x1f : length == 3 ? lead & 0x0f : lead & 0x07;
            for (int k = 1; k < length && i + 1 < text.size(); ++k)
                code = (code << 6) | (static_cast<unsigned char>(text[++i]) & 0x3f);
            char escaped[16];
            std::snprintf(escaped, sizeof escaped, "\\[u%04X]", unsigned(length == 1 ? 0xFFFD : code));
            out += escaped;
        } else {
            out += ch;
        }
    }
    if (!out.empty() && (out.front() == '.' || out.front() == '\''))
        out = "\\&" + out;
    return out;
}

std::string roffParagraphs(const std::string& description)
{
    std::string out;
    for (const Paragraph& p : paragraphs(description)) {
        if (p.verbatim)
            out += ".PP\n.nf\n" + roff(p.text) + "\n.fi\n";
        else
            out += ".PP\n" + roff(p.text) + "\n";
    }
    return out;
}

std::string roffOptions(const std::vector<OptionSpec>& options)
{
    std::string out;
    for (const OptionSpec& o : options) {
        out += ".TP\n.B " + roff(o.usage()) + "\n" + roff(optionHelpText(o)) + "\n";
        for (const EnumValue& v : o.values)
            if (!v.help.empty())
                out += ".RS\n.TP\n.B " + roff(v.name) + "\n" + roff(v.help) + "\n.RE\n";
    }
    return out;
}

std::string roffSynopsis(const std::string& name, const CommandSpec& c)
{
    std::string line;
    for (const std::string& l : synopsisLines("", c, 0))
        line += (line.empty() ? "" : " ") + l;
    return ".B tilescope " + roff(name) + "\n" + roff(line) + "\n.br\n";
}

} // namespace

std::string manPage()
{
    std::string out = ".\\\" Generated from the command table (app/cli_table.cpp) by `tilescope help --man`.\n";
    out += std::string(".TH TILESCOPE 1 \"\" \"TileScope ") + kVersion + "\" \"User Commands\"\n";
    out += ".nh\n.ad l\n";  // no hyphenation, ragged right: synopses and option names stay whole
    out += ".SH NAME\ntilescope \\- " + roff(kTagline) + "\n";
    out += ".SH SYNOPSIS\n.B tilescope\n.RI [ KERNEL.py | WORKLOAD.json ]\n.br\n";
    for (const CommandSpec& c : commandTable()) {
        if (c.subcommands.empty())
            out += roffSynopsis(c.name, c);
        else
            for (const CommandSpec& s : c.subcommands)
                out += roffSynopsis(c.name + " " + s.name, s);
    }
    out += ".SH DESCRIPTION\n" +
           roff("TileScope explores the tiling space of Triton kernels under Triton-Ascend's autotune. With no "
                "command it opens the desktop explorer (on a kernel or workload file when one is named; --lang "
                "zh_CN for Simplified Chinese); with a command it runs headless and needs no display.") +
           "\n.SH COMMANDS\n";
    for (const CommandSpec& c : commandTable()) {
        out += ".SS \"tilescope " + roff(c.name) + "\"\n" + roffParagraphs(c.description) + roffOptions(c.options);
        for (const CommandSpec& s : c.subcommands)
            out += ".SS \"tilescope " + roff(c.name + " " + s.name) + "\"\n" + roffParagraphs(s.description) +
                   roffOptions(s.options);
    }
    out += ".SH OPTIONS\n.TP\n.B \\-h, \\-\\-help\nthe help of tilescope or of a command\n.TP\n.B \\-\\-version\n"
           "the version\n";
    out += ".SH FILES\n.TP\n.I .tilescope/cache.sqlite\n" +
           roff("the config cache, beside the workload (or the kernel file); --cache PATH overrides") + "\n";
    out += ".SH EXIT STATUS\n" + roff(kExitCodes) + "\n";
    return out;
}

// ---- JSON -----------------------------------------------------------------------------------

namespace {

const char* completionName(Completion kind)
{
    switch (kind) {
    case Completion::None:
        return "none";
    case Completion::File:
        return "file";
    case Completion::Device:
        return "device";
    case Completion::Enum:
        return "enum";
    case Completion::Command:
        return "command";
    }
    return "none";
}

nlohmann::ordered_json valuesJson(const std::vector<EnumValue>& values)
{
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const EnumValue& v : values)
        out.push_back({{"name", v.name}, {"help", v.help}});
    return out;
}

nlohmann::ordered_json commandJson(const CommandSpec& c)
{
    nlohmann::ordered_json options = nlohmann::ordered_json::array();
    for (const OptionSpec& o : c.options)
        options.push_back({{"name", o.name},
                           {"value", o.takesValue() ? nlohmann::ordered_json(o.valueName) : nlohmann::ordered_json()},
                           {"help", o.help},
                           {"repeatable", o.repeatable},
                           {"required", o.required},
                           {"values", valuesJson(o.values)},
                           {"completion", completionName(o.completion)},
                           {"extensions", o.extensions}});
    nlohmann::ordered_json subcommands = nlohmann::ordered_json::array();
    for (const CommandSpec& s : c.subcommands)
        subcommands.push_back(commandJson(s));
    return {{"name", c.name},
            {"summary", c.summary},
            {"positionals",
             {{"synopsis", c.positionals.synopsis},
              {"completion", completionName(c.positionals.completion)},
              {"extensions", c.positionals.extensions},
              {"values", valuesJson(c.positionals.values)}}},
            {"description", c.description},
            {"options", options},
            {"subcommands", subcommands}};
}

} // namespace

std::string tableJson()
{
    nlohmann::ordered_json commands = nlohmann::ordered_json::array();
    for (const CommandSpec& c : commandTable())
        commands.push_back(commandJson(c));
    return nlohmann::ordered_json{{"commands", commands}}.dump(2) + "\n";
}

// ---- the help command -----------------------------------------------------------------------

int runHelp(const Args& args)
{
    const int formats = args.flag("markdown") + args.flag("man") + args.flag("json");
    if (formats > 1 || (formats == 1 && !args.positionals().empty())) {
        std::cerr << "tilescope help: --markdown, --man and --json print the whole reference, alone\n";
        return kExitUsage;
    }
    if (args.flag("json")) {
        std::cout << tableJson();
        return kExitOk;
    }
    if (args.flag("markdown")) {
        std::cout << markdownReference();
        return kExitOk;
    }
    if (args.flag("man")) {
        std::cout << manPage();
        return kExitOk;
    }
    const std::vector<std::string>& words = args.positionals();
    if (words.empty()) {
        std::cout << overviewHelp();
        return kExitOk;
    }
    const CommandSpec* command = findCommand(words[0]);
    if (!command || words.size() > 2) {
        std::cerr << "tilescope help: unknown command '" << words[0] << "' (see `tilescope --help`)\n";
        return kExitUsage;
    }
    if (words.size() == 2) {
        const CommandSpec* sub = command->subcommand(words[1]);
        if (!sub) {
            std::cerr << "tilescope help: " << command->name << " has no subcommand '" << words[1] << "'\n";
            return kExitUsage;
        }
        std::cout << commandHelp(*sub, command);
        return kExitOk;
    }
    std::cout << commandHelp(*command);
    return kExitOk;
}

} // namespace ts::cli
