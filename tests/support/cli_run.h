#pragma once
// Runs the real `tilescope` binary for end-to-end tests, and python3 for checks written in
// Python (ast, xml.etree).

#include "testutil.h"

#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace ts::test {

struct CliRun {
    int exitCode = -1;
    std::string out;  // stdout
    std::string err;  // stderr
};

inline CliRun runCommand(const std::string& command)
{
    static int serial = 0;
    const auto errFile = std::filesystem::temp_directory_path() /
                         ("tilescope-run-err-" + std::to_string(::getpid()) + "-" + std::to_string(++serial));
    CliRun run;
    FILE* pipe = ::popen((command + " 2>" + errFile.string()).c_str(), "r");
    if (!pipe)
        return run;
    std::array<char, 4096> buffer{};
    std::size_t n = 0;
    while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
        run.out.append(buffer.data(), n);
    const int status = ::pclose(pipe);
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    run.err = readText(errFile);
    std::filesystem::remove(errFile);
    return run;
}

// No display: headless subcommands must never need one.
inline CliRun tilescope(const std::string& arguments)
{
    return runCommand("env -u DISPLAY -u WAYLAND_DISPLAY QT_QPA_PLATFORM= " + binaryPath() + " " +
                      arguments);
}

// Runs a Python script (written to a file) with the given arguments.
inline CliRun python(const std::filesystem::path& dir, const std::string& script, const std::string& arguments)
{
    const auto file = dir / "check.py";
    std::ofstream(file, std::ios::trunc) << script;
    return runCommand("/usr/bin/python3 " + file.string() + " " + arguments);
}

inline std::string quote(const std::filesystem::path& p) { return "'" + p.string() + "'"; }

// A word for the shell whatever it holds (quotes, newlines, spaces), where quote() would break.
inline std::string shellWord(const std::string& text)
{
    std::string out = "'";
    for (char c : text)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}
inline std::string shellWord(const std::filesystem::path& path) { return shellWord(path.string()); }

// A scratch folder with the vector-add kernel and workloads of the given sizes (name -> n), under
// backend 2026-04 (the configs these tests expect are the ones it generates).
inline void writeAddWorkload(const std::filesystem::path& dir, const std::string& name, long long n,
                             const std::string& device = "Ascend910B2")
{
    if (!std::filesystem::exists(dir / "add.py"))
        std::filesystem::copy_file(examplesDir() / "add.py", dir / "add.py");
    const std::string t = "{\"tensor\": \"float16\", \"shape\": [" + std::to_string(n) + "]}";
    std::ofstream(dir / name, std::ios::trunc)
        << "{\"kernel\": \"add.py\", \"function\": \"add_kernel\",\n"
        << " \"args\": {\"x_ptr\": " << t << ", \"y_ptr\": " << t << ", \"out_ptr\": " << t
        << ", \"n_elements\": " << n << "},\n"
        << " \"grid\": \"lambda meta: (triton.cdiv(n_elements, meta['XBLOCK']),)\",\n"
        << " \"device\": \"" << device << "\", \"backend\": \"2026-04\"}\n";
}

} // namespace ts::test
