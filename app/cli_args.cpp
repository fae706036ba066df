#include "app/cli_args.h"

#include "app/cli_options.h"
#include "core/util/text.h"

#include <stdexcept>

namespace ts::cli {

std::string unknownOptionMessage(const std::string& name, const std::vector<std::string>& known)
{
    std::string best;
    std::size_t bestDistance = 3;  // at most two edits away
    for (const std::string& candidate : known)
        if (const std::size_t d = editDistance(name, candidate); d < bestDistance) {
            bestDistance = d;
            best = candidate;
        }
    std::string message = "unknown option --" + name;
    if (!best.empty())
        message += " (did you mean --" + best + "?)";
    return message;
}

namespace {

std::string valuesList(const OptionSpec& option)
{
    std::string out;
    for (std::size_t i = 0; i < option.values.size(); ++i)
        out += (i == 0 ? "" : i + 1 == option.values.size() ? " or " : ", ") + option.values[i].name;
    return out;
}

} // namespace

bool Args::parse(int argc, char** argv, const CommandSpec& spec, std::string* error)
{
    spec_ = &spec;
    bool optionsEnded = false;
    for (int i = 0; i < argc; ++i) {
        std::string a = argv[i];
        // A one-letter alias (-o FILE) stands for its long option.
        if (!optionsEnded && a.size() == 2 && a[0] == '-' && a[1] != '-')
            if (const OptionSpec* o = spec.shortOption(a[1]))
                a = "--" + o->name;
        if (optionsEnded || a.rfind("--", 0) != 0) {
            if (!optionsEnded && a == "-h")
                flags_.insert("help");
            else
                positionals_.push_back(a);
            continue;
        }
        if (a == "--") {
            optionsEnded = true;  // everything after is a positional, even "--x"
            dashDash_ = positionals_.size();
            continue;
        }
        std::string name = a.substr(2);
        std::optional<std::string> inlineValue;
        if (auto eq = name.find('='); eq != std::string::npos) {
            inlineValue = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        if (name == "help") {
            if (inlineValue) {
                *error = "option --help takes no value";
                return false;
            }
            flags_.insert(name);
            continue;
        }
        const OptionSpec* option = spec.option(name);
        if (!option) {
            std::vector<std::string> known = {"help"};
            for (const OptionSpec& o : spec.options)
                known.push_back(o.name);
            *error = unknownOptionMessage(name, known);
            return false;
        }
        if (!option->takesValue()) {
            if (inlineValue) {
                *error = "option --" + name + " takes no value";
                return false;
            }
            flags_.insert(name);
            continue;
        }
        std::string value;
        if (inlineValue) {
            value = *inlineValue;
        } else if (i + 1 < argc && std::string_view(argv[i + 1]).rfind("--", 0) != 0) {
            value = argv[++i];
        } else {
            *error = "option --" + name + " needs a value (" + option->usage() + ")";
            return false;
        }
        if (!option->values.empty()) {
            bool allowed = false;
            for (const EnumValue& v : option->values)
                allowed = allowed || v.name == value;
            if (!allowed) {
                *error = "--" + name + " must be " + valuesList(*option) + ", got '" + value + "'";
                return false;
            }
        }
        options_.emplace(name, value);
    }
    if (!flags_.count("help"))
        for (const OptionSpec& o : spec.options)
            if (o.required && !options_.count(o.name)) {
                *error = "missing " + o.usage() + " (see --help)";
                return false;
            }
    return true;
}

bool Args::declares(const std::string& name) const
{
    return name == "help" || (spec_ && spec_->option(name));
}

void Args::check(const std::string& name) const
{
    if (!declares(name))
        throw std::logic_error("option --" + name + " is not in the table of tilescope " +
                               (spec_ ? spec_->name : std::string("?")));
}

bool Args::flag(const std::string& name) const
{
    check(name);
    return flags_.count(name) > 0;
}

std::optional<std::string> Args::value(const std::string& name) const
{
    check(name);
    auto range = options_.equal_range(name);
    if (range.first == range.second)
        return std::nullopt;
    return std::prev(range.second)->second;  // the last one wins
}

std::vector<std::string> Args::values(const std::string& name) const
{
    check(name);
    std::vector<std::string> out;
    auto range = options_.equal_range(name);
    for (auto it = range.first; it != range.second; ++it)
        out.push_back(it->second);
    return out;
}

} // namespace ts::cli
