#pragma once
// Helpers shared by the core tests.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

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

// A fresh, empty directory under the system temp dir, removed by the caller if wanted.
inline std::filesystem::path scratchDir(const std::string& name)
{
    auto dir = std::filesystem::temp_directory_path() / ("tilescope-test-" + name);
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

} // namespace ts::test
