#pragma once
// Help generated from the command table (cli_options.h): `tilescope --help`, `tilescope CMD
// --help`, README's CLI reference (`tilescope help --markdown`), the man page (`help --man`) and
// the shell completion scripts (`tilescope completion bash|zsh`).

#include <string>

namespace ts::cli {

struct CommandSpec;

// Help output is wrapped at this many columns.
inline constexpr std::size_t kHelpWidth = 100;

std::string overviewHelp();
// The help of a command, or of a subcommand (then `parent` is its command).
std::string commandHelp(const CommandSpec& command, const CommandSpec* parent = nullptr);
std::string markdownReference();
std::string manPage();
// The command table as JSON: {"commands": [{"name", "options": [...], "subcommands": [...]}]}.
std::string tableJson();
// An empty string for a shell other than bash or zsh.
std::string completionScript(const std::string& shell);

} // namespace ts::cli
