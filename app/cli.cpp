#include "app/cli.h"

#include "app/cli_args.h"
#include "app/cli_commands.h"
#include "app/cli_help.h"
#include "app/cli_options.h"
#include "core/capture/capture_index.h"
#include "core/util/text.h"
#include "core/util/version.h"
#include "app/terminal_output.h"

#include <cstring>
#include <iostream>
#include <stdexcept>
#include <string_view>

namespace ts::cli {
namespace {

// The subcommand word of a command that has them: the first word that is neither an option nor
// the value of one (any subcommand's option may come before it).
const char* subcommandWord(int argc, char** argv, const CommandSpec& command)
{
    for (int i = 0; i < argc; ++i) {
        const std::string_view word = argv[i];
        if (word == "--")
            return i + 1 < argc ? argv[i + 1] : nullptr;
        if (word.rfind("-", 0) != 0)
            return argv[i];
        if (word.rfind("--", 0) != 0 || word.find('=') != std::string_view::npos)
            continue;
        for (const CommandSpec& s : command.subcommands)
            if (const OptionSpec* o = s.option(word.substr(2)); o && o->takesValue()) {
                ++i;  // its value
                break;
            }
    }
    return nullptr;
}

std::string nearestName(std::string_view word, const std::vector<std::string>& names)
{
    std::string best;
    std::size_t bestDistance = 3;
    for (const std::string& name : names)
        if (const std::size_t d = editDistance(word, name); d < bestDistance) {
            bestDistance = d;
            best = name;
        }
    return best;
}

int runCommand(const CommandSpec& command, int argc, char** argv)
{
    const CommandSpec* spec = &command;
    std::string label = command.name;
    if (!command.subcommands.empty()) {
        const char* word = subcommandWord(argc, argv, command);
        if (!word) {
            bool help = false;
            for (int i = 0; i < argc; ++i)
                help = help || std::string_view(argv[i]) == "--help" || std::string_view(argv[i]) == "-h";
            (help ? std::cout : std::cerr) << commandHelp(command);
            return help ? kExitOk : kExitUsage;
        }
        spec = command.subcommand(word);
        if (!spec) {
            std::vector<std::string> names;
            std::string list;
            for (const CommandSpec& s : command.subcommands) {
                names.push_back(s.name);
                list += (list.empty() ? "" : ", ") + s.name;
            }
            const std::string nearest = nearestName(word, names);
            std::cerr << "tilescope " << command.name << ": unknown subcommand '" << word << "' ("
                      << (nearest.empty() ? list : "did you mean " + nearest + "? " + list) << ")\n";
            return kExitUsage;
        }
        label += " " + spec->name;
    }
    Args args;
    std::string error;
    if (!args.parse(argc, argv, *spec, &error)) {
        std::cerr << "tilescope " << label << ": " << error << "\n";
        return kExitUsage;
    }
    if (args.flag("help")) {
        std::cout << commandHelp(*spec, spec == &command ? nullptr : &command);
        return kExitOk;
    }
    try {
        return command.run(args);
    } catch (const std::logic_error& e) {
        // An option read by a command whose table lacks it: a mistake in the program, not in the use.
        std::cerr << "tilescope " << label << ": internal error: " << e.what() << "\n";
        return kExitUsage;
    } catch (const std::bad_alloc&) {
        std::cerr << "tilescope " << label << ": out of memory\n";
        return kExitUsage;
    } catch (const std::exception& e) {
        // Every input problem is meant to be reported where it is found; this is the net under
        // those checks, so that no exception ends the program with an abort.
        std::cerr << "tilescope " << label << ": internal error: " << e.what() << "\n";
        return kExitUsage;
    }
}

} // namespace

bool isHeadlessInvocation(int argc, char** argv)
{
    // Anything on the command line other than a file to open means "headless".
    if (argc < 2)
        return false;
    const std::string_view first = argv[1];
    auto endsWith = [&](std::string_view suffix) {
        return first.size() >= suffix.size() && first.substr(first.size() - suffix.size()) == suffix;
    };
    if (endsWith(".py") || endsWith(".json"))
        return false;
    // The explorer's own options may come before the file (`--screenshots DIR kernel.json`).
    for (std::string_view option : {"--lang", "--screenshots", "--theme", "--size"})
        if (first == option ||
            (first.size() > option.size() && first.substr(0, option.size() + 1) == std::string(option) + "="))
            return false;
    // A capture folder opens the explorer on its list of launches (a command's name wins).
    return findCommand(first) || !capture::isCaptureFolder(std::string(first));
}

int run(int argc, char** argv)
{
    const TerminalOutput terminal;
    if (argc < 2) {
        std::cerr << overviewHelp();
        return kExitUsage;
    }
    const std::string_view command = argv[1];
    if (command == "-h" || command == "--help") {
        std::cout << overviewHelp();
        return kExitOk;
    }
    if (command == "--version" || command == "-V") {
        std::cout << "tilescope " << kVersion << "\n";
        return kExitOk;
    }
    if (const CommandSpec* spec = findCommand(command))
        return runCommand(*spec, argc - 2, argv + 2);
    if (capture::isCaptureFolder(std::string(command))) {
        std::cerr << "tilescope: " << command << " is a capture folder, which opens in the desktop explorer (not "
                  << "built here); headless: tilescope capture list " << command << "\n";
        return kExitUsage;
    }
    std::vector<std::string> names;
    for (const CommandSpec& c : commandTable())
        names.push_back(c.name);
    const std::string nearest = nearestName(command, names);
    std::cerr << "tilescope: unknown command '" << command << "'"
              << (nearest.empty() ? "" : " (did you mean " + nearest + "?)") << "\n\n"
              << overviewHelp();
    return kExitUsage;
}

} // namespace ts::cli
