#pragma once
// Helpers shared by the core tests.

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include <unistd.h>

namespace ts::test {

// The source tree, the test data and the built binary are named by the environment ctest gives
// every test (tests/CMakeLists.txt), not compiled in: a path in a compile definition would make
// each test object differ between two checkouts of the same sources and defeat a compiler cache.
inline std::string environmentPath(const char* name)
{
    const char* value = std::getenv(name);
    if (value == nullptr || *value == '\0') {
        std::fprintf(stderr, "%s is not set: run the tests through ctest, which sets it\n", name);
        std::exit(2);
    }
    return value;
}

inline std::filesystem::path dataDir() { return environmentPath("TILESCOPE_TEST_DATA"); }
inline std::filesystem::path sourceDir() { return environmentPath("TILESCOPE_TEST_SOURCE_DIR"); }
inline std::string binaryPath() { return environmentPath("TILESCOPE_TEST_BINARY"); }
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
