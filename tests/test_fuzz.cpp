// Seeded mutation fuzzing of the readers a user's files reach (tests/fuzz/fuzz_targets.h): each
// target's seed files are mutated (bytes flipped, tokens that broke readers before inserted,
// ranges cut, repeated and spliced) and every result must be read or refused with an error that
// names the file, never a crash or an exception. Deterministic: a fixed seed and a fixed count
// per target, so a failure repeats; the input that broke is written to a file named in the
// failure. Longer runs by hand:
//
//   TILESCOPE_FUZZ_RUNS=200000 TILESCOPE_FUZZ_SEED=7 build-asan/tests/test_fuzz
//
// (the opt-in libFuzzer build, tests/fuzz/README.md, explores further with coverage feedback).

#include "fuzz/fuzz_targets.h"
#include "testutil.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

namespace ts::test {
namespace {

namespace fs = std::filesystem;
using fuzz::Target;

// Inputs per target in the suite; TILESCOPE_FUZZ_RUNS overrides.
constexpr std::uint64_t kDefaultRuns = 1500;

std::uint64_t envNumber(const char* name, std::uint64_t fallback)
{
    const char* text = std::getenv(name);
    if (!text || !*text)
        return fallback;
    char* end = nullptr;
    const unsigned long long value = std::strtoull(text, &end, 10);
    return end && *end == '\0' ? value : fallback;
}

// xorshift64*: the same sequence on every machine.
class Random {
public:
    explicit Random(std::uint64_t seed) : m_state(seed * 0x9e3779b97f4a7c15ull + 1) {}
    std::uint64_t next()
    {
        m_state ^= m_state >> 12;
        m_state ^= m_state << 25;
        m_state ^= m_state >> 27;
        return m_state * 0x2545f4914f6cdd1dull;
    }
    std::size_t below(std::size_t n) { return n == 0 ? 0 : std::size_t(next() % n); }

private:
    std::uint64_t m_state;
};

// Text that broke readers before, or sits at a limit.
const std::vector<std::string>& tokens()
{
    static const std::vector<std::string> all = {
        "1e400", "-1e400", "1e-400", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "18446744073709551616", "4294967297", "2147483648", "-1", "0", "-0", "0.0", "NaN", "Infinity", "-Infinity",
        "null", "true", "\"\"", "\"\\u0000\"", "\"\\ud800\"", "\"\x1b]0;t\x07\"", "\xff", "\xc3", "[[[[[[[[", "]]]]",
        "{\"a\":", "}}}", ",", ":", "\"", "\\", "\n", "\r", "// -1", "% -1", "** 63", "<< 64", ">> 64", " * 2**62",
        "()", "(1, 2, 3, 4)", "lambda meta: ()", "[i for i in range(10**9)]", "'a' * 10**9", "def f(): return f()",
        "f()", "not ", " if 0 else ", "\t", "#", "'''", "\\N{", "\"p50_ms\": 0", "\"num_warps\": 4294967297",
        "\"kwargs\": {\"X\": 9223372036854775808}", "\"value\": 1e300", ", maxnreg: None: p50 1e400 ms",
        "best config selected: ", "Triton autotuning: config "};
    return all;
}

std::string mutate(const std::string& seed, const std::vector<std::string>& others, Random& random)
{
    std::string s = seed;
    const std::size_t steps = 1 + random.below(4);
    for (std::size_t step = 0; step < steps; ++step) {
        const std::size_t at = random.below(s.size() + 1);
        switch (random.below(8)) {
        case 0:
            if (!s.empty())
                s[std::min(at, s.size() - 1)] ^= char(1u << random.below(8));
            break;
        case 1:
        case 2: s.insert(at, tokens()[random.below(tokens().size())]); break;
        case 3: s.erase(at, random.below(64)); break;
        case 4: {
            const std::size_t from = random.below(s.size() + 1), length = random.below(256);
            s.insert(at, s.substr(from, length));
            break;
        }
        case 5: {
            const std::string& other = others[random.below(others.size())];
            const std::size_t from = random.below(other.size() + 1);
            s = s.substr(0, at) + other.substr(from, random.below(512));
            break;
        }
        case 6: s.resize(at); break;
        default:
            // Rarely, nesting far past every limit (a stack overflow before).
            if (random.below(16) == 0)
                s.insert(at, std::string(100000, random.below(2) ? '[' : '('));
            else
                s.insert(at, std::string(1 + random.below(80), s.empty() ? '[' : s[random.below(s.size())]));
            break;
        }
    }
    return s;
}

std::vector<std::string> seedsOf(Target target)
{
    const fs::path hostile = dataDir() / "hostile", examples = examplesDir();
    std::vector<fs::path> files;
    auto glob = [&](const fs::path& dir, const std::string& suffix, const std::string& prefix = "") {
        std::vector<fs::path> found;
        for (const auto& entry : fs::directory_iterator(dir))
            if (entry.path().filename().string().ends_with(suffix) && entry.path().filename().string().starts_with(prefix))
                found.push_back(entry.path());
        std::sort(found.begin(), found.end());  // directory order differs between machines
        files.insert(files.end(), found.begin(), found.end());
    };
    switch (target) {
    case Target::RunnerJson:
        files.push_back(dataDir() / "measure" / "add_runner.json");
        glob(hostile, ".json", "runner");
        break;
    case Target::AutotuneJson:
        glob(hostile / "seeds", ".autotune.json");
        glob(hostile, ".autotune.json");
        break;
    case Target::AutotuningLog: glob(hostile / "seeds", ".log"); break;
    case Target::Workload:
        glob(examples, ".json");
        glob(hostile, ".json", "workload");
        break;
    case Target::DeviceProfile: glob(sourceDir() / "resources" / "devices", ".json"); break;
    case Target::Evaluator:
        glob(examples, ".py");
        glob(hostile / "seeds", ".py");
        break;
    }
    std::vector<std::string> seeds;
    for (const fs::path& file : files)
        seeds.push_back(readText(file));
    return seeds;
}

class Fuzz : public ::testing::TestWithParam<fuzz::TargetInfo> {};

TEST_P(Fuzz, EveryMutatedInputIsReadOrRefusedWithItsFileNamed)
{
    const fuzz::TargetInfo& info = GetParam();
    const std::vector<std::string> seeds = seedsOf(info.target);
    ASSERT_FALSE(seeds.empty());
    for (const std::string& seed : seeds)
        ASSERT_EQ(fuzz::runOne(info.target, seed), "") << "a seed itself";

    const std::uint64_t runs = envNumber("TILESCOPE_FUZZ_RUNS", kDefaultRuns);
    Random random(envNumber("TILESCOPE_FUZZ_SEED", 1) * 131 + std::uint64_t(info.target));
    for (std::uint64_t run = 0; run < runs; ++run) {
        const std::string input = mutate(seeds[random.below(seeds.size())], seeds, random);
        const std::string broke = fuzz::runOne(info.target, input);
        if (!broke.empty()) {
            // Kept after the run (scratch folders are removed), to be replayed by hand.
            const fs::path saved = fs::temp_directory_path() / ("tilescope-fuzz-" + std::string(info.name) + "-failure");
            std::ofstream(saved, std::ios::binary) << input;
            FAIL() << info.name << " run " << run << ": " << broke << "\n(the input is in " << saved.string() << ")";
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Targets, Fuzz, ::testing::ValuesIn(fuzz::targets()),
                         [](const ::testing::TestParamInfo<fuzz::TargetInfo>& info) {
                             std::string name = info.param.name;
                             std::replace(name.begin(), name.end(), '-', '_');
                             return name;
                         });

} // namespace
} // namespace ts::test
