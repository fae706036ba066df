#pragma once
// Opening the files a user names. A path on the command line or in a workload can be anything:
// a directory, /dev/zero, a FIFO nobody writes to, a symlink loop, a name longer than the system
// allows. Reading and writing them through here gives each of those a clear error instead of a
// hang, an exhausted memory or an exception thrown out of std::filesystem.

#include "core/util/message_value.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace ts::util {

// Inputs larger than this are refused before they are read (a measurements file of 100,000
// candidates is about 40 MiB).
inline constexpr std::uint64_t kMaxInputBytes = std::uint64_t(512) << 20;
// Launch specs, device profiles and kernel sources are written by hand: a few KiB.
inline constexpr std::uint64_t kMaxSmallInputBytes = std::uint64_t(16) << 20;

struct InputText {
    std::string text;
    std::string error;    // "PATH: is a directory, not a file"; empty when read
    std::string problem;  // the same without "PATH: "
    msg::Message what;    // `problem` by catalogue id, for the explorer
    bool ok() const { return error.empty(); }
};

// Reads a whole input file: a regular file (after symlinks) of at most `maxBytes`, or standard
// input for "-". Never blocks on a FIFO or reads a device.
InputText readInputFile(const std::filesystem::path& path, std::uint64_t maxBytes = kMaxInputBytes);

// Why `path` cannot be read as an input file, as readInputFile would say it ("PATH: ..."); empty
// when it can (or, with `allowMissing`, when nothing is there yet). For files another library
// opens by name (SQLite, the embedded parser).
std::string inputFileProblem(const std::filesystem::path& path, std::uint64_t maxBytes = kMaxInputBytes,
                             bool allowMissing = false);

// Why `path` cannot be written as an output file ("PATH: is a named pipe (FIFO), ..."); empty
// when it can: a regular file or nothing yet, in a folder that exists. Checked before long work
// so that a mistyped output costs no tuning.
std::string outputFileProblem(const std::filesystem::path& path);

// Replaces the contents of an output file with `text`. Refuses anything but a regular file (or a
// new one) without opening it for long: never blocks on a FIFO. Returns the error, empty when
// written.
std::string writeOutputFile(const std::filesystem::path& path, std::string_view text);

// Whether `path` names a regular file (after symlinks); false on any error, never throws.
bool isRegularFile(const std::filesystem::path& path);
// Whether something (anything) is at `path`; false on any error, never throws.
bool pathExists(const std::filesystem::path& path);

} // namespace ts::util
