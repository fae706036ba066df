#pragma once
// Runs the user's program for `tilescope capture`: the command as given (found on PATH), with a
// few environment variables set, its standard streams shared with TileScope's. While it runs,
// Ctrl+C and Ctrl+\ reach the program, not TileScope, so a program stopped that way is still
// written up (as a shell does with a command it waits for).

#include <string>
#include <utility>
#include <vector>

namespace ts::capture {

struct ChildResult {
    bool started = false;
    // The program's exit status; 128 + N when signal N ended it (as shells report it); 127 when
    // the command cannot be found or run.
    int exitStatus = 127;
    std::string error;  // why it did not start
};

ChildResult runChild(const std::vector<std::string>& argv,
                     const std::vector<std::pair<std::string, std::string>>& environment);

} // namespace ts::capture
