#pragma once
// Device profiles: every hardware figure the simulator uses, each with its unit, provenance
// mark and source, loaded from resources/devices/<SoC>.json (schema "tilescope-device/1"),
// plus the few rules Triton-Ascend's autotune derives from the SoC name alone.

#include "core/util/diagnostic.h"

#include <nlohmann/json_fwd.hpp>

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ts::npu {

inline constexpr std::string_view kDeviceSchema = "tilescope-device/1";

// One figure and where it comes from. Marks: S first-party source, S3 third party or press,
// D derived (the formula is in `source`), G guess, F fitted to measured times (`source` names
// the measurements; tilescope calibrate writes it).
struct Figure {
    double value = 0.0;
    std::string unit;
    std::string mark;
    std::string source;
};

bool isKnownMark(std::string_view mark);

// Figures every profile must carry; the simulator reads them without checking.
const std::vector<std::string>& requiredFigures();

// The tuning host's physical cores assumed for a profile without a "host" section: an Atlas
// 800T A2-class training server (4 x 48-core Kunpeng 920; estimate, mark G).
inline constexpr int kFallbackHostPhysicalCores = 192;

// The machine the NPU sits in, where Triton-Ascend compiles the candidates in parallel: the
// device file's optional "host" section, {"physical_cores": FIGURE, "description": "..."}.
struct HostSpec {
    Figure physicalCores;    // a whole number, at least one
    std::string description; // "Atlas 800T A2 training server, 4 x Kunpeng 920"
};

struct DeviceProfile {
    std::string soc;      // "Ascend910B2": what the driver reports as target.arch
    std::string family;   // "A2", "A3", "950", "310P"
    int npuArch = 0;      // 2201, 3510, 2002
    bool tritonAscendSupported = false;
    std::map<std::string, Figure> figures;
    std::vector<std::string> notes;
    std::optional<HostSpec> host;  // the tuning host; absent: kFallbackHostPhysicalCores is assumed
    std::string path;     // the file it was loaded from; empty when built in code

    // The figure's value; NaN when the profile has no such figure (never for required ones
    // of a validated profile).
    double figure(std::string_view name) const;
    const Figure* findFigure(std::string_view name) const;
    bool hasFigure(std::string_view name) const { return findFigure(name) != nullptr; }

    // num_aicore as the backend reads it from the driver.
    int cubeCores() const;
    // Hardware vector cores (AIV), from the profile.
    int vectorCores() const;
    // The backend's rule, not the hardware: 2 x num_aicore when the SoC name contains
    // Ascend910B, Ascend910_93, Ascend910_95 or Ascend950, else num_aicore.
    int vectorCoresForAutotune() const;
    // The UB the autotune budgets tiles against: 192 KB, 256 KB on 910_95/950.
    int ubBudgetKib() const;
    // Generated configs carry multibuffer=True except on 910_95/950.
    bool defaultMultibuffer() const;
    // 910_95/950 parts (name-based, as the backend decides).
    bool is910_95Class() const;

    // Physical cores of the tuning host (psutil.cpu_count(logical=False) there): the host
    // section's, or kFallbackHostPhysicalCores.
    int hostPhysicalCores() const;

    double clockMhz() const { return figure("clock_mhz"); }
    double ubKib() const { return figure("ub_kib"); }
    double hbmGbps() const { return figure("hbm_gbps"); }
};

// The SoC-name rules on their own, for callers that only have a name.
int vectorCoresForAutotune(std::string_view soc, int numAicore);
int ubBudgetKibForSoc(std::string_view soc);
bool is910_95ClassSoc(std::string_view soc);

struct DeviceLoadResult {
    std::optional<DeviceProfile> profile;
    std::string error; // empty on success; otherwise every problem, one per line, each naming the file
};

DeviceLoadResult loadDeviceProfile(const std::filesystem::path& path);
// Validates already-read text; `path` names the file in errors and must match the SoC.
DeviceLoadResult parseDeviceProfile(std::string_view text, const std::filesystem::path& path);

nlohmann::json toJson(const DeviceProfile& profile);

// All known devices: the bundled profiles plus any user files. Load problems are kept as
// diagnostics; a broken file never hides the others.
class DeviceRegistry {
public:
    // Where bundled resources live. `override` wins when given; then $TILESCOPE_RESOURCE_DIR,
    // then <exe dir>/../share/tilescope (an installed binary: devices/, examples/,
    // translations/; ts::kInstalledDataDir), then, for a binary inside the build tree only, the source tree's
    // resources (ts::kResourceDir). The first that has a devices/ folder is used.
    static std::filesystem::path findResourceDir(const std::optional<std::filesystem::path>& override = {});
    static std::vector<std::filesystem::path> resourceDirCandidates(
        const std::optional<std::filesystem::path>& override = {});

    // Loads every devices/*.json under the resource dir found by findResourceDir().
    static DeviceRegistry loadBundled(const std::optional<std::filesystem::path>& resourceDirOverride = {});

    // Adds every *.json in `dir` (sorted by name). Returns how many loaded.
    int addDirectory(const std::filesystem::path& dir);
    // A user profile (`--device-file`). A profile with the same SoC as a loaded one replaces it.
    // Returns false (and records an error diagnostic) when the file does not load.
    bool addFile(const std::filesystem::path& path);
    void add(DeviceProfile profile);

    const DeviceProfile* find(std::string_view soc) const; // exact, case-sensitive

    struct Lookup {
        const DeviceProfile* profile = nullptr;
        std::vector<std::string> suggestions; // closest known names, best first
        std::string error;                    // "unknown device 'x'; did you mean ...?"
    };
    Lookup lookup(std::string_view soc) const;

    const std::vector<DeviceProfile>& profiles() const { return m_profiles; }
    std::vector<std::string> socNames() const;
    const Diagnostics& diagnostics() const { return m_diagnostics; }
    const std::filesystem::path& resourceDir() const { return m_resourceDir; }

    // `tilescope devices`: one row per profile.
    std::string formatTable() const;
    nlohmann::json toJson() const;

private:
    std::vector<DeviceProfile> m_profiles; // sorted by SoC name
    Diagnostics m_diagnostics;
    std::filesystem::path m_resourceDir;
};

// Names in `known` close to `name` (case-insensitive match, substring, small edit distance).
std::vector<std::string> closestNames(std::string_view name, const std::vector<std::string>& known,
                                      std::size_t maxCount = 3);

} // namespace ts::npu
