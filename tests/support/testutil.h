#pragma once
// Helpers shared by the core tests.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include <unistd.h>

namespace ts::test {

inline std::filesystem::path dataDir() { return TILESCOPE_TEST_DATA; }
inline std::filesystem::path sourceDir() { return TILESCOPE_SOURCE_DIR; }
inline std::filesystem::path examplesDir() { return sourceDir() / "resources" / "examples"; }

inline std::string readText(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// A fresh, empty directory under the system temp dir, removed when the test program ends. The
// process id keeps two test runs at once (two build trees, a CI job beside a developer) apart.
inline std::filesystem::path scratchDir(const std::string& name)
{
    struct Made {
        std::vector<std::filesystem::path> dirs;
        ~Made()
        {
            std::error_code ignored;
            for (const auto& dir : dirs)
                std::filesystem::remove_all(dir, ignored);
        }
    };
    static Made made;
    auto dir = std::filesystem::temp_directory_path() /
               ("tilescope-test-" + std::to_string(::getpid()) + "-" + name);
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    made.dirs.push_back(dir);
    return dir;
}

} // namespace ts::test
