// Device profiles: the bundled files, the SoC-name rules of Triton-Ascend's autotune, every
// validation error, and the registry (lookup, did-you-mean, user files, table, JSON).

#include "core/npu/device_profile.h"

#include "testutil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <functional>
#include <set>

using namespace ts::npu;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

fs::path bundledDevicesDir() { return ts::test::sourceDir() / "resources" / "devices"; }

std::vector<fs::path> bundledFiles()
{
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(bundledDevicesDir()))
        if (entry.path().extension() == ".json")
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

void writeText(const fs::path& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary);
    out << text;
}

// A small valid profile built from the required figure list, for the error rows to break.
json validProfile(const std::string& soc)
{
    json figures = json::object();
    for (const auto& name : requiredFigures())
        figures[name] = {{"value", 4}, {"unit", "x"}, {"mark", "S"}, {"source", "test"}};
    figures["ub_budget_kib"]["value"] = ubBudgetKibForSoc(soc);
    return {{"schema", "tilescope-device/1"}, {"soc", soc},       {"family", "A2"},
            {"npu_arch", 2201},               {"triton_ascend", true}, {"figures", figures},
            {"notes", json::array({"a note"})}};
}

} // namespace

// ---- bundled profiles ------------------------------------------------------------------------

TEST(BundledProfiles, TheExpectedSocsAreThere)
{
    std::set<std::string> stems;
    for (const auto& file : bundledFiles())
        stems.insert(file.stem().string());
    for (const char* soc : {"Ascend910B1", "Ascend910B2", "Ascend910B3", "Ascend910B4", "Ascend910_9382",
                            "Ascend910_9392", "Ascend910_9589", "Ascend310P3"})
        EXPECT_TRUE(stems.count(soc)) << soc;
}

TEST(BundledProfiles, EveryFileLoadsAndValidates)
{
    auto files = bundledFiles();
    ASSERT_FALSE(files.empty());
    for (const auto& file : files) {
        SCOPED_TRACE(file.string());
        auto result = loadDeviceProfile(file);
        ASSERT_TRUE(result.profile.has_value()) << result.error;
        EXPECT_TRUE(result.error.empty());
        const DeviceProfile& p = *result.profile;
        EXPECT_EQ(p.soc, file.stem().string());
        EXPECT_EQ(p.path, file.string());
        for (const auto& name : requiredFigures())
            EXPECT_TRUE(p.hasFigure(name)) << name;
        for (const auto& [name, f] : p.figures) {
            EXPECT_TRUE(isKnownMark(f.mark)) << name;
            EXPECT_FALSE(f.source.empty()) << name;
            EXPECT_FALSE(f.unit.empty()) << name;
            if (f.mark == "D") { // a derived figure shows its formula
                EXPECT_NE(f.source.find('='), std::string::npos) << name << ": " << f.source;
            }
        }
        EXPECT_FALSE(p.notes.empty());
    }
}

TEST(BundledProfiles, DerivedPeakMatchesCoresAndClock)
{
    for (const auto& file : bundledFiles()) {
        auto result = loadDeviceProfile(file);
        ASSERT_TRUE(result.profile) << result.error;
        const DeviceProfile& p = *result.profile;
        // 16x16x16 fp16 MACs per cube core per cycle, 2 FLOP each.
        double expected = p.cubeCores() * 4096.0 * 2 * p.clockMhz() * 1e6 / 1e12;
        EXPECT_NEAR(p.figure("cube_fp16_tflops"), expected, 0.01) << p.soc;
        EXPECT_EQ(p.vectorCores(), int(p.figure("vector_cores")));
    }
}

TEST(BundledProfiles, HardwareFiguresAgreeWithTheFamily)
{
    auto registry = DeviceRegistry::loadBundled(ts::test::sourceDir() / "resources");
    ASSERT_TRUE(registry.diagnostics().empty());
    for (const auto& p : registry.profiles()) {
        SCOPED_TRACE(p.soc);
        if (p.family == "A2" || p.family == "A3" || p.family == "950") {
            EXPECT_TRUE(p.tritonAscendSupported);
            EXPECT_EQ(p.vectorCores(), 2 * p.cubeCores()); // split architecture: two AIV per AIC
        }
        if (p.family == "A2" || p.family == "A3") {
            EXPECT_EQ(p.npuArch, 2201);
            EXPECT_EQ(p.ubKib(), 192);
            EXPECT_EQ(p.figure("l0c_kib"), 128);
        }
    }
    ASSERT_TRUE(registry.find("Ascend310P3"));
    EXPECT_FALSE(registry.find("Ascend310P3")->tritonAscendSupported);
    EXPECT_EQ(registry.find("Ascend910_9589")->figure("l0c_kib"), 256);
}

// ---- the backend's SoC-name rules --------------------------------------------------------------

struct RuleRow {
    const char* soc;
    int cubeCores;
    int vectorForAutotune;
    int ubBudget;
    bool multibuffer;
};

TEST(AutotuneRules, PerFamilyFromBundledProfiles)
{
    auto registry = DeviceRegistry::loadBundled(ts::test::sourceDir() / "resources");
    const RuleRow rows[] = {
        {"Ascend910B1", 24, 48, 192, true},     {"Ascend910B2", 24, 48, 192, true},
        {"Ascend910B3", 20, 40, 192, true},     {"Ascend910B4", 20, 40, 192, true},
        {"Ascend910_9382", 20, 40, 192, true},  {"Ascend910_9392", 24, 48, 192, true},
        {"Ascend910_9589", 32, 64, 256, false}, {"Ascend310P3", 8, 8, 192, true},
    };
    for (const auto& row : rows) {
        SCOPED_TRACE(row.soc);
        const DeviceProfile* p = registry.find(row.soc);
        ASSERT_TRUE(p);
        EXPECT_EQ(p->cubeCores(), row.cubeCores);
        EXPECT_EQ(p->vectorCoresForAutotune(), row.vectorForAutotune);
        EXPECT_EQ(p->ubBudgetKib(), row.ubBudget);
        EXPECT_EQ(p->figure("ub_budget_kib"), row.ubBudget);
        EXPECT_EQ(p->defaultMultibuffer(), row.multibuffer);
    }
}

TEST(AutotuneRules, NameOnly)
{
    // Substring match for the vector-core rule, prefix match for the UB budget.
    EXPECT_EQ(vectorCoresForAutotune("Ascend910B2C", 24), 48);
    EXPECT_EQ(vectorCoresForAutotune("Ascend910_9372", 20), 40);
    EXPECT_EQ(vectorCoresForAutotune("Ascend910_9599", 36), 72);
    EXPECT_EQ(vectorCoresForAutotune("Ascend950PR_9579", 28), 56);
    EXPECT_EQ(vectorCoresForAutotune("Ascend910A", 32), 32);
    EXPECT_EQ(vectorCoresForAutotune("Ascend310B4", 8), 8);
    EXPECT_EQ(vectorCoresForAutotune("ascend910b2", 24), 24); // the backend compares case-sensitively

    EXPECT_EQ(ubBudgetKibForSoc("Ascend910_9581"), 256);
    EXPECT_EQ(ubBudgetKibForSoc("Ascend950DT"), 256);
    EXPECT_EQ(ubBudgetKibForSoc("Ascend910_9392"), 192);
    EXPECT_EQ(ubBudgetKibForSoc("XAscend950"), 192); // prefix, not substring
    EXPECT_TRUE(is910_95ClassSoc("Ascend910_9599"));
    EXPECT_FALSE(is910_95ClassSoc("Ascend910_9392"));
}

// ---- validation errors -----------------------------------------------------------------------

struct ErrorRow {
    const char* label;
    const char* fileStem;
    std::function<std::string()> text;
    std::vector<std::string> expected; // substrings of the error
};

TEST(Validation, EachErrorIsReportedWithTheFile)
{
    auto mutated = [](const char* soc, std::function<void(json&)> change) {
        return [soc, change] {
            json j = validProfile(soc);
            change(j);
            return j.dump(2);
        };
    };
    auto raw = [](std::string text) { return [text] { return text; }; };

    const std::vector<ErrorRow> rows = {
        {"missing figure", "Chip", mutated("Chip", [](json& j) { j["figures"].erase("hbm_gbps"); }),
         {"Chip.json", "required figure 'hbm_gbps' is missing"}},
        {"value is a string", "Chip", mutated("Chip", [](json& j) { j["figures"]["clock_mhz"]["value"] = "1800"; }),
         {"figure 'clock_mhz'", "'value' must be a number, got string"}},
        {"value is a bool", "Chip", mutated("Chip", [](json& j) { j["figures"]["l2_mib"]["value"] = true; }),
         {"figure 'l2_mib'", "must be a number, got boolean"}},
        {"negative value", "Chip", mutated("Chip", [](json& j) { j["figures"]["l1_kib"]["value"] = -512; }),
         {"figure 'l1_kib'", "-512 is negative"}},
        {"negative optional figure", "Chip",
         mutated("Chip", [](json& j) { j["figures"]["extra"] = {{"value", -1.5}, {"unit", "us"}, {"mark", "G"}, {"source", "t"}}; }),
         {"figure 'extra'", "is negative"}},
        {"zero required figure", "Chip", mutated("Chip", [](json& j) { j["figures"]["clock_mhz"]["value"] = 0; }),
         {"figure 'clock_mhz'", "greater than zero"}},
        {"fractional core count", "Chip", mutated("Chip", [](json& j) { j["figures"]["cube_cores"]["value"] = 24.5; }),
         {"figure 'cube_cores'", "whole number"}},
        {"unknown mark", "Chip", mutated("Chip", [](json& j) { j["figures"]["ub_kib"]["mark"] = "X"; }),
         {"figure 'ub_kib'", "unknown mark 'X'", "S, S3, D, G or F"}},
        {"missing source", "Chip", mutated("Chip", [](json& j) { j["figures"]["l0a_kib"].erase("source"); }),
         {"figure 'l0a_kib'", "'source' is missing"}},
        {"empty source", "Chip", mutated("Chip", [](json& j) { j["figures"]["l0b_kib"]["source"] = ""; }),
         {"figure 'l0b_kib'", "'source' is empty"}},
        {"figure not an object", "Chip", mutated("Chip", [](json& j) { j["figures"]["l0c_kib"] = 128; }),
         {"figure 'l0c_kib'", "must be an object"}},
        {"soc mismatch", "Ascend910B2", mutated("Ascend910B3", [](json&) {}),
         {"Ascend910B2.json", "soc 'Ascend910B3' does not match the file name 'Ascend910B2.json'"}},
        {"wrong schema", "Chip", mutated("Chip", [](json& j) { j["schema"] = "tilescope-device/9"; }),
         {"unsupported schema 'tilescope-device/9'"}},
        {"npu_arch not an integer", "Chip", mutated("Chip", [](json& j) { j["npu_arch"] = "2201"; }),
         {"'npu_arch' must be a whole number from 0 to 2^20, got \"2201\""}},
        {"triton_ascend not a bool", "Chip", mutated("Chip", [](json& j) { j["triton_ascend"] = 1; }),
         {"'triton_ascend' must be true or false, got number"}},
        {"figures missing", "Chip", mutated("Chip", [](json& j) { j.erase("figures"); }), {"'figures' is missing"}},
        {"unknown top-level key", "Chip", mutated("Chip", [](json& j) { j["figure"] = json::object(); }),
         {"unknown key 'figure'"}},
        {"notes hold a number", "Chip", mutated("Chip", [](json& j) { j["notes"].push_back(3); }),
         {"'notes' must hold strings only"}},
        {"ub budget against the backend", "Ascend910_9589",
         mutated("Ascend910_9589", [](json& j) { j["figures"]["ub_budget_kib"]["value"] = 192; }),
         {"'ub_budget_kib'", "budgets 256 KiB"}},
        {"host not an object", "Chip", mutated("Chip", [](json& j) { j["host"] = 192; }),
         {"'host' must be an object, got number"}},
        {"host without cores", "Chip", mutated("Chip", [](json& j) { j["host"] = {{"description", "a server"}}; }),
         {"'host.physical_cores' is missing"}},
        {"host cores fractional", "Chip",
         mutated("Chip", [](json& j) {
             j["host"] = {{"physical_cores", {{"value", 95.5}, {"unit", "count"}, {"mark", "G"}, {"source", "t"}}}};
         }),
         {"figure 'host.physical_cores'", "whole number of cores"}},
        {"host cores zero", "Chip",
         mutated("Chip", [](json& j) {
             j["host"] = {{"physical_cores", {{"value", 0}, {"unit", "count"}, {"mark", "G"}, {"source", "t"}}}};
         }),
         {"figure 'host.physical_cores'", "at least 1"}},
        {"host cores without a source", "Chip",
         mutated("Chip", [](json& j) { j["host"] = {{"physical_cores", {{"value", 64}, {"unit", "count"}, {"mark", "G"}}}}; }),
         {"figure 'host.physical_cores'", "'source' is missing"}},
        {"unknown key in host", "Chip",
         mutated("Chip", [](json& j) {
             j["host"] = {{"physical_cores", {{"value", 64}, {"unit", "count"}, {"mark", "G"}, {"source", "t"}}},
                          {"cores", 64}};
         }),
         {"unknown key 'cores' in 'host'"}},
        {"top level is an array", "Chip", raw("[1, 2, 3]\n"), {"Chip.json", "top level must be an object, got array"}},
        {"malformed JSON", "Chip",
         raw("{\n  \"schema\": \"tilescope-device/1\",\n  \"soc\": \"Chip\"\n  \"family\": \"A2\"\n}\n"),
         // nlohmann reports the column where the offending token ends: "family" spans 3..10.
         {"Chip.json:4:10: not valid JSON:", "unexpected string literal"}},
        {"truncated JSON", "Chip", raw("{\n  \"figures\": {\n    \"cube_cores\": {\"value\": 24,\n"),
         {"Chip.json:4:1: not valid JSON:", "unexpected end of input"}},
    };

    const fs::path dir = ts::test::scratchDir("device-errors");
    for (const auto& row : rows) {
        SCOPED_TRACE(row.label);
        const fs::path file = dir / (std::string(row.fileStem) + ".json");
        writeText(file, row.text());
        auto result = loadDeviceProfile(file);
        EXPECT_FALSE(result.profile.has_value());
        EXPECT_NE(result.error.find(file.string()), std::string::npos) << result.error;
        for (const auto& part : row.expected)
            EXPECT_NE(result.error.find(part), std::string::npos) << "want '" << part << "' in:\n" << result.error;
    }
    fs::remove_all(dir);
}

// The host section is optional: without it the fallback host is assumed; with it, its cores.
TEST(Validation, HostSectionIsOptionalAndRead)
{
    json j = validProfile("Chip");
    auto bare = parseDeviceProfile(j.dump(), "/x/Chip.json");
    ASSERT_TRUE(bare.profile) << bare.error;
    EXPECT_FALSE(bare.profile->host);
    EXPECT_EQ(bare.profile->hostPhysicalCores(), kFallbackHostPhysicalCores);
    j["host"] = {{"physical_cores", {{"value", 48}, {"unit", "count"}, {"mark", "S"}, {"source", "lscpu"}}},
                 {"description", "a 48-core host"}};
    auto withHost = parseDeviceProfile(j.dump(), "/x/Chip.json");
    ASSERT_TRUE(withHost.profile) << withHost.error;
    ASSERT_TRUE(withHost.profile->host);
    EXPECT_EQ(withHost.profile->hostPhysicalCores(), 48);
    EXPECT_EQ(withHost.profile->host->description, "a 48-core host");
    EXPECT_EQ(withHost.profile->host->physicalCores.mark, "S");
    for (const fs::path& file : bundledFiles()) {
        auto loaded = loadDeviceProfile(file);
        ASSERT_TRUE(loaded.profile) << loaded.error;
        EXPECT_TRUE(loaded.profile->host) << file;
    }
}

TEST(Validation, TheUntouchedBaseIsValid)
{
    // Guards the rows above: each fails because of its own change, not because of the base.
    const fs::path dir = ts::test::scratchDir("device-base");
    for (const char* soc : {"Chip", "Ascend910_9589"}) {
        writeText(dir / (std::string(soc) + ".json"), validProfile(soc).dump(2));
        auto result = loadDeviceProfile(dir / (std::string(soc) + ".json"));
        EXPECT_TRUE(result.profile.has_value()) << result.error;
    }
    fs::remove_all(dir);
}

TEST(Validation, EveryProblemIsListed)
{
    json j = validProfile("Chip");
    j["figures"].erase("l2_mib");
    j["figures"]["ub_kib"]["mark"] = "?";
    auto result = parseDeviceProfile(j.dump(), "/somewhere/Chip.json");
    ASSERT_FALSE(result.profile);
    EXPECT_NE(result.error.find("/somewhere/Chip.json: required figure 'l2_mib' is missing"), std::string::npos);
    EXPECT_NE(result.error.find("/somewhere/Chip.json: figure 'ub_kib': unknown mark '?'"), std::string::npos);
}

TEST(Validation, MissingFile)
{
    auto result = loadDeviceProfile("/nonexistent/dir/Ascend910B2.json");
    EXPECT_FALSE(result.profile);
    EXPECT_NE(result.error.find("/nonexistent/dir/Ascend910B2.json: no such file"), std::string::npos);
}

TEST(Validation, JsonRoundTrip)
{
    auto original = loadDeviceProfile(bundledDevicesDir() / "Ascend910B2.json");
    ASSERT_TRUE(original.profile) << original.error;
    const fs::path dir = ts::test::scratchDir("device-roundtrip");
    writeText(dir / "Ascend910B2.json", toJson(*original.profile).dump(2));
    auto again = loadDeviceProfile(dir / "Ascend910B2.json");
    ASSERT_TRUE(again.profile) << again.error;
    EXPECT_EQ(again.profile->notes, original.profile->notes);
    ASSERT_TRUE(original.profile->host);
    ASSERT_TRUE(again.profile->host);
    EXPECT_EQ(again.profile->hostPhysicalCores(), original.profile->hostPhysicalCores());
    EXPECT_EQ(again.profile->host->description, original.profile->host->description);
    EXPECT_EQ(again.profile->host->physicalCores.source, original.profile->host->physicalCores.source);
    ASSERT_EQ(again.profile->figures.size(), original.profile->figures.size());
    for (const auto& [name, f] : original.profile->figures) {
        const Figure* g = again.profile->findFigure(name);
        ASSERT_TRUE(g) << name;
        EXPECT_DOUBLE_EQ(g->value, f.value) << name;
        EXPECT_EQ(g->mark, f.mark);
        EXPECT_EQ(g->source, f.source);
    }
    fs::remove_all(dir);
}

// ---- registry -------------------------------------------------------------------------------

TEST(Registry, LoadsBundledAndLooksUpExactly)
{
    auto registry = DeviceRegistry::loadBundled(ts::test::sourceDir() / "resources");
    EXPECT_TRUE(registry.diagnostics().empty());
    EXPECT_EQ(registry.profiles().size(), bundledFiles().size());
    ASSERT_TRUE(registry.find("Ascend910B2"));
    EXPECT_EQ(registry.find("Ascend910B2")->cubeCores(), 24);
    EXPECT_EQ(registry.find("ascend910b2"), nullptr); // case-sensitive, as the driver reports it
    EXPECT_EQ(registry.find("Ascend910B"), nullptr);  // no prefix matching
    auto names = registry.socNames();
    EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
}

TEST(Registry, DefaultResourceDirFindsBundledProfiles)
{
    auto dir = DeviceRegistry::findResourceDir();
    ASSERT_FALSE(dir.empty());
    EXPECT_TRUE(fs::is_directory(dir / "devices"));
    auto registry = DeviceRegistry::loadBundled();
    EXPECT_NE(registry.find("Ascend910B4"), nullptr);
}

// An installed binary reads share/tilescope beside its bin/ first; only a binary of the build tree
// (this test) may fall back on the source tree's resources, and $TILESCOPE_RESOURCE_DIR wins.
TEST(Registry, ResourceDirBesideTheBinaryBeforeTheSourceTree)
{
    const std::string saved = std::getenv("TILESCOPE_RESOURCE_DIR") ? std::getenv("TILESCOPE_RESOURCE_DIR") : "";
    ::unsetenv("TILESCOPE_RESOURCE_DIR");
    const fs::path exeDir = fs::read_symlink("/proc/self/exe").parent_path();
    auto candidates = DeviceRegistry::resourceDirCandidates();
    ASSERT_EQ(candidates.size(), 2u);
    EXPECT_EQ(candidates[0], (exeDir / ".." / "share" / "tilescope").lexically_normal());
    EXPECT_EQ(candidates[1], fs::path(ts::test::sourceDir() / "resources"));
    ::setenv("TILESCOPE_RESOURCE_DIR", "/elsewhere", 1);
    candidates = DeviceRegistry::resourceDirCandidates();
    ASSERT_EQ(candidates.size(), 3u);
    EXPECT_EQ(candidates[0], fs::path("/elsewhere"));
    if (saved.empty())
        ::unsetenv("TILESCOPE_RESOURCE_DIR");
    else
        ::setenv("TILESCOPE_RESOURCE_DIR", saved.c_str(), 1);
    EXPECT_EQ(DeviceRegistry::resourceDirCandidates(fs::path("/given")), std::vector<fs::path>{"/given"});
}

struct DidYouMeanRow {
    const char* query;
    std::vector<std::string> firstSuggestions; // must appear in this order at the front
};

TEST(Registry, DidYouMean)
{
    auto registry = DeviceRegistry::loadBundled(ts::test::sourceDir() / "resources");
    const DidYouMeanRow rows[] = {
        {"ascend910b2", {"Ascend910B2"}},
        {"910B4", {"Ascend910B4"}},
        {"Ascend910_9392x", {"Ascend910_9392"}},
        {"Ascend910_9383", {"Ascend910_9382"}},
        {"Ascend301P3", {"Ascend310P3"}},
        {"Ascend910B", {"Ascend910B1", "Ascend910B2", "Ascend910B3"}},
    };
    for (const auto& row : rows) {
        SCOPED_TRACE(row.query);
        auto found = registry.lookup(row.query);
        EXPECT_EQ(found.profile, nullptr);
        ASSERT_GE(found.suggestions.size(), row.firstSuggestions.size());
        for (std::size_t i = 0; i < row.firstSuggestions.size(); ++i)
            EXPECT_EQ(found.suggestions[i], row.firstSuggestions[i]);
        EXPECT_LE(found.suggestions.size(), 3u);
        EXPECT_NE(found.error.find("unknown device '" + std::string(row.query) + "'; did you mean " +
                                   row.firstSuggestions.front()),
                  std::string::npos)
            << found.error;
    }

    auto none = registry.lookup("H100");
    EXPECT_TRUE(none.suggestions.empty());
    EXPECT_NE(none.error.find("known devices: "), std::string::npos);
    EXPECT_NE(none.error.find("Ascend910B2"), std::string::npos);

    auto hit = registry.lookup("Ascend910_9589");
    ASSERT_NE(hit.profile, nullptr);
    EXPECT_TRUE(hit.error.empty());
}

TEST(Registry, UserFilesAddAndReplace)
{
    auto registry = DeviceRegistry::loadBundled(ts::test::sourceDir() / "resources");
    const std::size_t bundled = registry.profiles().size();
    const fs::path dir = ts::test::scratchDir("device-user");

    writeText(dir / "MyChip.json", validProfile("MyChip").dump(2));
    EXPECT_TRUE(registry.addFile(dir / "MyChip.json"));
    ASSERT_NE(registry.find("MyChip"), nullptr);
    EXPECT_EQ(registry.find("MyChip")->path, (dir / "MyChip.json").string());
    EXPECT_EQ(registry.profiles().size(), bundled + 1);

    // A user file for a bundled SoC replaces it and says so.
    auto b2 = loadDeviceProfile(bundledDevicesDir() / "Ascend910B2.json");
    ASSERT_TRUE(b2.profile);
    json tweaked = toJson(*b2.profile);
    tweaked["figures"]["clock_mhz"]["value"] = 1650;
    writeText(dir / "Ascend910B2.json", tweaked.dump(2));
    EXPECT_TRUE(registry.addFile(dir / "Ascend910B2.json"));
    EXPECT_EQ(registry.profiles().size(), bundled + 1);
    EXPECT_EQ(registry.find("Ascend910B2")->clockMhz(), 1650);
    ASSERT_FALSE(registry.diagnostics().empty());
    EXPECT_EQ(registry.diagnostics().back().severity, ts::Severity::Note);
    EXPECT_EQ(registry.diagnostics().back().code, "device-profile-replaced");

    // A broken user file is refused with an error naming it; the registry keeps working.
    writeText(dir / "Broken.json", "{\"soc\": \"Broken\",}");
    EXPECT_FALSE(registry.addFile(dir / "Broken.json"));
    const auto& last = registry.diagnostics().back();
    EXPECT_EQ(last.severity, ts::Severity::Error);
    EXPECT_EQ(last.file, (dir / "Broken.json").string());
    EXPECT_EQ(last.line, 1);
    EXPECT_GT(last.column, 0);
    EXPECT_EQ(registry.find("Broken"), nullptr);
    EXPECT_EQ(registry.profiles().size(), bundled + 1);
    fs::remove_all(dir);
}

TEST(Registry, OverrideDirectoryAndBrokenBundledFile)
{
    const fs::path root = ts::test::scratchDir("device-override");
    fs::create_directories(root / "devices");
    writeText(root / "devices" / "Alpha.json", validProfile("Alpha").dump(2));
    writeText(root / "devices" / "Beta.json", validProfile("Gamma").dump(2)); // name mismatch
    writeText(root / "devices" / "readme.txt", "not a profile");

    auto registry = DeviceRegistry::loadBundled(root);
    EXPECT_EQ(registry.resourceDir(), root);
    ASSERT_EQ(registry.profiles().size(), 1u);
    EXPECT_EQ(registry.profiles().front().soc, "Alpha");
    ASSERT_EQ(registry.diagnostics().size(), 1u);
    EXPECT_EQ(registry.diagnostics().front().file, (root / "devices" / "Beta.json").string());
    EXPECT_NE(registry.diagnostics().front().message.find("does not match the file name"), std::string::npos);

    // An override without profiles is an error that says where it looked.
    auto empty = DeviceRegistry::loadBundled(root / "nowhere");
    EXPECT_TRUE(empty.profiles().empty());
    ASSERT_EQ(empty.diagnostics().size(), 1u);
    EXPECT_NE(empty.diagnostics().front().message.find((root / "nowhere" / "devices").string()), std::string::npos);
    EXPECT_NE(empty.lookup("Ascend910B2").error.find("no device profiles are loaded"), std::string::npos);
    fs::remove_all(root);
}

TEST(Registry, TableHasOneRowPerDevice)
{
    auto registry = DeviceRegistry::loadBundled(ts::test::sourceDir() / "resources");
    std::string table = registry.formatTable();
    std::istringstream lines(table);
    std::string header, rule, line;
    std::getline(lines, header);
    std::getline(lines, rule);
    EXPECT_NE(header.find("SoC"), std::string::npos);
    EXPECT_NE(header.find("HBM GB/s"), std::string::npos);
    EXPECT_NE(header.find("Triton-Ascend"), std::string::npos);
    EXPECT_EQ(rule.find_first_not_of("- "), std::string::npos);

    std::map<std::string, std::vector<std::string>> rows;
    while (std::getline(lines, line)) {
        std::istringstream cells(line);
        std::vector<std::string> row;
        for (std::string cell; cells >> cell;)
            row.push_back(cell);
        if (!row.empty() && row[0].rfind("Ascend", 0) == 0)
            rows[row[0]] = row;
    }
    ASSERT_EQ(rows.size(), registry.profiles().size());
    for (const auto& p : registry.profiles()) {
        SCOPED_TRACE(p.soc);
        const auto& row = rows[p.soc];
        ASSERT_EQ(row.size(), 8u);
        EXPECT_EQ(row[1], p.family);
        auto numeric = [](std::string cell) {
            if (!cell.empty() && cell.back() == '?')
                cell.pop_back();
            return std::stod(cell);
        };
        EXPECT_EQ(numeric(row[2]), p.cubeCores());
        EXPECT_EQ(numeric(row[3]), p.vectorCores());
        EXPECT_EQ(numeric(row[4]), p.clockMhz());
        EXPECT_EQ(numeric(row[5]), p.ubKib());
        EXPECT_EQ(numeric(row[6]), p.hbmGbps());
        EXPECT_EQ(row[7], p.tritonAscendSupported ? "yes" : "no");
        // Guessed figures are flagged in the table.
        EXPECT_EQ(row[2].back() == '?', p.findFigure("cube_cores")->mark == "G");
    }
}

TEST(Registry, JsonDumpCarriesSourcesAndRules)
{
    auto registry = DeviceRegistry::loadBundled(ts::test::sourceDir() / "resources");
    json dump = registry.toJson();
    ASSERT_TRUE(dump["devices"].is_array());
    ASSERT_EQ(dump["devices"].size(), registry.profiles().size());
    for (const auto& device : dump["devices"]) {
        const DeviceProfile* p = registry.find(device["soc"].get<std::string>());
        ASSERT_NE(p, nullptr);
        EXPECT_EQ(device["figures"]["cube_cores"]["source"], p->findFigure("cube_cores")->source);
        EXPECT_EQ(device["autotune"]["num_vector_core"], p->vectorCoresForAutotune());
        EXPECT_EQ(device["autotune"]["ub_size_kib"], p->ubBudgetKib());
        EXPECT_EQ(device["autotune"]["default_multibuffer"], p->defaultMultibuffer());
        EXPECT_EQ(device["path"], p->path);
    }
}
