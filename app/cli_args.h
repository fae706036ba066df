#pragma once
// A small, strict command-line parser: positionals, `--name value` / `--name=value` options
// (repeatable), and flags. Unknown options are errors, so a typo never passes silently.

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ts::cli {

class Args {
public:
    bool parse(int argc, char** argv, std::string* error);

    const std::vector<std::string>& positionals() const { return positionals_; }
    bool flag(const std::string& name) const { return flags_.count(name) > 0; }
    std::optional<std::string> value(const std::string& name) const;
    std::vector<std::string> values(const std::string& name) const;

    // Checks that only these options and flags were used.
    bool allowOnly(const std::set<std::string>& options, const std::set<std::string>& flags,
                   std::string* error) const;

private:
    std::vector<std::string> positionals_;
    std::multimap<std::string, std::string> options_;
    std::set<std::string> flags_;
};

} // namespace ts::cli
