#include "app/cli_args.h"

#include "core/util/text.h"

namespace ts::cli {
namespace {

// Options that take a value; everything else starting with -- is a flag.
const std::set<std::string> kValueOptions = {
    "function", "arg", "grid", "device", "device-file", "bench-method", "jobs", "seed", "cache",
    "report", "junit", "baseline", "max-regression", "shard", "top", "configs", "range", "lang",
    "output", "format", "tolerance", "from-autotune-json", "older-than",
};

} // namespace

bool Args::parse(int argc, char** argv, std::string* error)
{
    for (int i = 0; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "-h") {
            flags_.insert("help");
            continue;
        }
        if (a.rfind("--", 0) != 0 || a == "--") {
            positionals_.push_back(a);
            continue;
        }
        std::string name = a.substr(2);
        std::optional<std::string> inlineValue;
        if (auto eq = name.find('='); eq != std::string::npos) {
            inlineValue = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        if (kValueOptions.count(name)) {
            if (inlineValue) {
                options_.emplace(name, *inlineValue);
            } else if (i + 1 < argc) {
                options_.emplace(name, argv[++i]);
            } else {
                *error = "option --" + name + " needs a value";
                return false;
            }
        } else {
            if (inlineValue) {
                *error = "option --" + name + " takes no value";
                return false;
            }
            flags_.insert(name);
        }
    }
    return true;
}

std::optional<std::string> Args::value(const std::string& name) const
{
    auto range = options_.equal_range(name);
    if (range.first == range.second)
        return std::nullopt;
    return std::prev(range.second)->second;  // the last one wins
}

std::vector<std::string> Args::values(const std::string& name) const
{
    std::vector<std::string> out;
    auto range = options_.equal_range(name);
    for (auto it = range.first; it != range.second; ++it)
        out.push_back(it->second);
    return out;
}

namespace {

std::string unknownOption(const std::string& name, const std::set<std::string>& options,
                          const std::set<std::string>& flags)
{
    std::string best;
    std::size_t bestDistance = 3;  // at most two edits away
    for (const std::set<std::string>* known : {&options, &flags})
        for (const std::string& candidate : *known)
            if (const std::size_t d = editDistance(name, candidate); d < bestDistance) {
                bestDistance = d;
                best = candidate;
            }
    std::string message = "unknown option --" + name;
    if (!best.empty())
        message += " (did you mean --" + best + "?)";
    return message;
}

} // namespace

bool Args::allowOnly(const std::set<std::string>& options, const std::set<std::string>& flags,
                     std::string* error) const
{
    for (const auto& [name, value] : options_)
        if (!options.count(name)) {
            *error = unknownOption(name, options, flags);
            return false;
        }
    for (const std::string& name : flags_)
        if (!flags.count(name) && name != "help") {
            *error = unknownOption(name, options, flags);
            return false;
        }
    return true;
}

} // namespace ts::cli
