// `tilescope completion bash|zsh`: a completion script generated from the command table.
// zsh runs the same functions through its bash-completion emulation (bashcompinit).

#include "app/cli.h"
#include "app/cli_args.h"
#include "app/cli_commands.h"
#include "app/cli_help.h"
#include "app/cli_options.h"

#include <iostream>

namespace ts::cli {
namespace {

std::string words(const std::vector<std::string>& list)
{
    std::string out;
    for (const std::string& w : list)
        out += (out.empty() ? "" : " ") + w;
    return out;
}

std::string quoted(const std::string& key)
{
    return "\"" + key + "\"";
}

// What completes a value or a positional, as a line of shell.
std::string completer(Completion kind, const std::vector<std::string>& extensions, const std::vector<EnumValue>& values,
                      bool deviceList)
{
    switch (kind) {
    case Completion::None:
        return ":";
    case Completion::File:
        return "_tilescope_files " + quoted(words(extensions));
    case Completion::Device:
        return deviceList ? "_tilescope_devices all" : "_tilescope_devices";
    case Completion::Enum: {
        std::vector<std::string> names;
        for (const EnumValue& v : values)
            names.push_back(v.name);
        return "_tilescope_words " + quoted(words(names));
    }
    case Completion::Command: {
        std::vector<std::string> names;
        for (const CommandSpec& c : commandTable())
            names.push_back(c.name);
        return "_tilescope_words " + quoted(words(names));
    }
    }
    return ":";
}

struct Entry {
    std::string key;  // "tune", "cache prune"
    const CommandSpec* spec;
};

std::vector<Entry> entries()
{
    std::vector<Entry> out;
    for (const CommandSpec& c : commandTable()) {
        out.push_back({c.name, &c});
        for (const CommandSpec& s : c.subcommands)
            out.push_back({c.name + " " + s.name, &s});
    }
    return out;
}

std::string bashScript()
{
    std::vector<std::string> commandNames;
    for (const CommandSpec& c : commandTable())
        commandNames.push_back(c.name);

    std::string out = "# bash completion for tilescope, generated from its command table by `tilescope completion "
                      "bash`.\n# Load it with: source <(tilescope completion bash)\n\n";
    out += R"SH(_tilescope_words() {
    local IFS=$' \t\n'
    COMPREPLY+=($(compgen -W "$1" -- "$cur"))
}

# Files with one of the extensions (any file when none), and folders to walk into.
_tilescope_files() {
    local ext exts
    read -ra exts <<< "$1"
    local IFS=$'\n'
    compopt -o filenames 2>/dev/null
    if (( ${#exts[@]} == 0 )); then
        COMPREPLY+=($(compgen -f -- "$cur"))
        return
    fi
    COMPREPLY+=($(compgen -d -- "$cur"))
    for ext in "${exts[@]}"; do
        COMPREPLY+=($(compgen -f -X "!*.$ext" -- "$cur"))
    done
}

# The SoC names `tilescope devices --names` prints, with the --device-file profiles given so far.
_tilescope_devices() {
    local IFS=$' \t\n' names
    names=$("${COMP_WORDS[0]}" devices --names "${devicefiles[@]}" 2>/dev/null)
    COMPREPLY+=($(compgen -W "$names $1" -- "$cur"))
}

)SH";

    out += "_tilescope_subcommands() {\n    case \"$1\" in\n";
    for (const CommandSpec& c : commandTable())
        if (!c.subcommands.empty()) {
            std::vector<std::string> subs;
            for (const CommandSpec& s : c.subcommands)
                subs.push_back(s.name);
            out += "        " + quoted(c.name) + ") echo " + quoted(words(subs)) + " ;;\n";
        }
    out += "    esac\n}\n\n";

    // Every option of a command (what `--<TAB>` offers) and those that take a value (the word
    // after them is their value, not a positional). A command with subcommands lists, as taking
    // a value, every option of its subcommands, for options written before the subcommand.
    out += "_tilescope_options() {\n    case \"$1\" in\n";
    for (const Entry& e : entries()) {
        std::vector<std::string> names;
        for (const OptionSpec& o : e.spec->options)
            names.push_back("--" + o.name);
        names.push_back("--help");
        out += "        " + quoted(e.key) + ") echo " + quoted(words(names)) + " ;;\n";
    }
    out += "    esac\n}\n\n";
    out += "_tilescope_value_options() {\n    case \"$1\" in\n";
    for (const Entry& e : entries()) {
        std::vector<std::string> names;
        for (const OptionSpec& o : e.spec->options)
            if (o.takesValue())
                names.push_back("--" + o.name);
        for (const CommandSpec& s : e.spec->subcommands)
            for (const OptionSpec& o : s.options)
                if (o.takesValue())
                    names.push_back("--" + o.name);
        out += "        " + quoted(e.key) + ") echo " + quoted(words(names)) + " ;;\n";
    }
    out += "        \"\") echo \"--lang\" ;;\n    esac\n}\n\n";

    out += "_tilescope_value() {\n    case \"$1 $2\" in\n";
    for (const Entry& e : entries())
        for (const OptionSpec& o : e.spec->options)
            if (o.takesValue())
                out += "        " + quoted(e.key + " --" + o.name) + ") " +
                       completer(o.completion, o.extensions, o.values, e.spec->name == "batch") + " ;;\n";
    out += "    esac\n}\n\n";

    out += "_tilescope_positional() {\n    case \"$1\" in\n";
    for (const Entry& e : entries()) {
        const PositionalSpec& p = e.spec->positionals;
        if (p.synopsis.empty())
            continue;
        out += "        " + quoted(e.key) + ") " + completer(p.completion, p.extensions, p.values, false) + " ;;\n";
    }
    out += "    esac\n}\n\n";

    out += "_tilescope() {\n"
           "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"\" cmd=\"\" sub=\"\" key=\"\" word i skip=0\n"
           "    local devicefiles=()\n"
           "    (( COMP_CWORD > 0 )) && prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n"
           "    # --name=value: bash splits the word at '='.\n"
           "    if [[ \"$cur\" == \"=\" ]]; then\n"
           "        cur=\"\"\n"
           "    elif [[ \"$prev\" == \"=\" ]] && (( COMP_CWORD > 1 )); then\n"
           "        prev=\"${COMP_WORDS[COMP_CWORD-2]}\"\n"
           "    fi\n"
           "    COMPREPLY=()\n"
           "    # The command and its subcommand: the first words that are neither options nor their values.\n"
           "    for (( i = 1; i < COMP_CWORD; i++ )); do\n"
           "        word=\"${COMP_WORDS[i]}\"\n"
           "        if (( skip )); then\n"
           "            skip=0\n"
           "            continue\n"
           "        fi\n"
           "        if [[ \"$word\" == \"=\" ]]; then\n"
           "            skip=1\n"
           "            continue\n"
           "        fi\n"
           "        if [[ \"$word\" == -* ]]; then\n"
           "            if [[ \" $(_tilescope_value_options \"$key\") \" == *\" $word \"* ]]; then\n"
           "                skip=1\n"
           "                if [[ \"$word\" == --device-file ]] && (( i + 1 < COMP_CWORD )); then\n"
           "                    devicefiles+=(--device-file \"${COMP_WORDS[i+1]}\")\n"
           "                fi\n"
           "            fi\n"
           "            continue\n"
           "        fi\n"
           "        if [[ -z \"$cmd\" ]]; then\n"
           "            cmd=\"$word\"\n"
           "            key=\"$cmd\"\n"
           "        elif [[ -z \"$sub\" && -n \"$(_tilescope_subcommands \"$cmd\")\" ]]; then\n"
           "            sub=\"$word\"\n"
           "            key=\"$cmd $sub\"\n"
           "        fi\n"
           "    done\n"
           "    if [[ -z \"$cmd\" ]]; then\n"
           "        if [[ \"$prev\" == --lang ]]; then\n"
           "            _tilescope_words \"en zh_CN\"\n"
           "        elif [[ \"$cur\" == -* ]]; then\n"
           "            _tilescope_words \"--help --version --lang\"\n"
           "        else\n"
           "            _tilescope_words " + quoted(words(commandNames)) + "\n"
           "            # no command by that name: a kernel or workload to open in the explorer\n"
           "            (( ${#COMPREPLY[@]} )) || _tilescope_files \"py json\"\n"
           "        fi\n"
           "        return 0\n"
           "    fi\n"
           "    if [[ \"$prev\" == -* && \" $(_tilescope_value_options \"$key\") \" == *\" $prev \"* ]]; then\n"
           "        _tilescope_value \"$key\" \"$prev\"\n"
           "        return 0\n"
           "    fi\n"
           "    if [[ \"$cur\" == -* ]]; then\n"
           "        _tilescope_words \"$(_tilescope_options \"$key\")\"\n"
           "    else\n"
           "        _tilescope_positional \"$key\"\n"
           "    fi\n"
           "    return 0\n"
           "}\n\n"
           "complete -F _tilescope tilescope\n";
    return out;
}

} // namespace

std::string completionScript(const std::string& shell)
{
    if (shell == "bash")
        return bashScript();
    if (shell == "zsh")
        return "#compdef tilescope\n# zsh completion for tilescope: the bash functions below, run by zsh's "
               "bashcompinit.\n# Load it with: source <(tilescope completion zsh)\n"
               "autoload -U +X bashcompinit && bashcompinit\n\n" +
               bashScript();
    return {};
}

int runCompletion(const Args& args)
{
    if (args.positionals().size() != 1) {
        std::cerr << "tilescope completion: expected one SHELL: bash or zsh\n";
        return kExitUsage;
    }
    const std::string script = completionScript(args.positionals().front());
    if (script.empty()) {
        std::cerr << "tilescope completion: no completion for '" << args.positionals().front()
                  << "' (bash or zsh)\n";
        return kExitUsage;
    }
    std::cout << script;
    return kExitOk;
}

} // namespace ts::cli
