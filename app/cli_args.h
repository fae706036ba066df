#pragma once
// A strict command-line parser driven by a command's table (cli_options.h): positionals,
// `--name value` / `--name=value` options (repeatable where the table says so), and flags.
// Whether an option takes a value, which values an enum accepts and which options exist at all
// come from the command's own table, so a typo never passes silently.

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ts::cli {

struct CommandSpec;

class Args {
public:
    // Parses argv (the words after the command, and after the subcommand's name for a command
    // with subcommands, which stays the first positional) against `spec`. On error returns false
    // with a message such as "unknown option --devce (did you mean --device?)".
    bool parse(int argc, char** argv, const CommandSpec& spec, std::string* error);

    const std::vector<std::string>& positionals() const { return positionals_; }
    // How many positionals came before a `--` (the rest came after it); nullopt without one.
    std::optional<std::size_t> positionalsBeforeDashDash() const { return dashDash_; }
    // The accessors take names the command declares; asking for another is a programming error
    // (std::logic_error), so a body cannot read an option its table lacks.
    bool flag(const std::string& name) const;
    std::optional<std::string> value(const std::string& name) const;
    std::vector<std::string> values(const std::string& name) const;
    // Whether the command's table has this option (helpers shared by several commands).
    bool declares(const std::string& name) const;

private:
    void check(const std::string& name) const;

    const CommandSpec* spec_ = nullptr;
    std::vector<std::string> positionals_;
    std::optional<std::size_t> dashDash_;
    std::multimap<std::string, std::string> options_;
    std::set<std::string> flags_;
};

// "unknown option --x (did you mean --y?)" among the given names.
std::string unknownOptionMessage(const std::string& name, const std::vector<std::string>& known);

} // namespace ts::cli
