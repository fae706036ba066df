// libFuzzer's entry for one target of fuzz_targets.h (TILESCOPE_FUZZ_TARGET, set per binary by
// tests/fuzz/CMakeLists.txt): a broken promise aborts, so libFuzzer keeps the input.

#include "fuzz_targets.h"

#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string broke = ts::fuzz::runOne(static_cast<ts::fuzz::Target>(TILESCOPE_FUZZ_TARGET),
                                               std::string_view(reinterpret_cast<const char*>(data), size));
    if (!broke.empty()) {
        std::fprintf(stderr, "%s\n", broke.c_str());
        std::abort();
    }
    return 0;
}
