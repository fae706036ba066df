#pragma once
// What each command of the command line takes, declared once: its positionals, a description
// and every option with its value, help text and completion. Parsing (cli_args), `--help`,
// `tilescope help --markdown` (README's CLI reference), `help --man` and the shell completion
// scripts are all generated from these tables (cli_table.cpp).

#include <string>
#include <string_view>
#include <vector>

namespace ts::cli {

class Args;

// What a shell offers for a value or a positional.
enum class Completion {
    None,     // free text: a number, a range, an expression
    File,     // a file, with one of `extensions` when given
    Device,   // a device profile's SoC name (`tilescope devices --names`)
    Enum,     // one of `values`
    Command,  // a command name (`tilescope help CMD`)
};

struct EnumValue {
    std::string name;
    std::string help;  // may be empty
};

struct OptionSpec {
    std::string name;       // the long name without "--"
    char shortName = 0;     // a one-letter alias ('o' for -o), 0 for none
    std::string valueName;  // "NAME", "PATH"; empty: a flag that takes no value
    std::string help;
    bool repeatable = false;
    bool required = false;
    std::vector<EnumValue> values;  // non-empty: the value must be one of these
    Completion completion = Completion::None;
    std::vector<std::string> extensions;  // for Completion::File: "json", "py"

    bool takesValue() const { return !valueName.empty(); }
    // "--arg NAME=VALUE", "--bench-method default|npu", "--json", "-o, --output FILE"
    std::string usage() const;
};

struct PositionalSpec {
    std::string synopsis;  // "WORKLOAD.json | KERNEL.py", "ID", "[WORKLOAD.json ...]"
    Completion completion = Completion::None;
    std::vector<std::string> extensions;
    std::vector<EnumValue> values;  // for Completion::Enum
};

struct CommandSpec {
    std::string name;     // "tune", or "prune" for a subcommand of "cache"
    std::string summary;  // one line for the command list
    PositionalSpec positionals;
    // Paragraphs separated by a blank line; a paragraph whose lines start with two spaces is
    // kept as written (a list), the others are wrapped.
    std::string description;
    std::vector<OptionSpec> options;
    std::vector<CommandSpec> subcommands;  // cache list | show | ...
    int (*run)(const Args&) = nullptr;      // commands only; subcommands run through their command

    const OptionSpec* option(std::string_view longName) const;
    const OptionSpec* shortOption(char shortName) const;
    const CommandSpec* subcommand(std::string_view subName) const;
};

// Every command, in the order `tilescope --help` lists them.
const std::vector<CommandSpec>& commandTable();
const CommandSpec* findCommand(std::string_view name);

// The option every command takes implicitly: -h, --help.
const OptionSpec& helpOption();

// Lines of at most `width` columns, every line after the first indented by `indent` spaces
// (the first by `firstIndent`).
std::vector<std::string> wrapText(std::string_view text, std::size_t width, std::size_t firstIndent = 0,
                                  std::size_t indent = 0);

} // namespace ts::cli
