#pragma once
// The few device numbers the backend's tile generation reads (its runtime utils module):
// vector cores, the UB budget, the SIMT register file and the multibuffer default.

#include <string>

namespace ts::npu {
struct DeviceProfile;
}

namespace ts::space {

struct GeneratorDevice {
    std::string soc;        // "Ascend910B4", "Ascend910_9589", ...
    int numAicore = 0;      // the driver's num_aicore (cube cores on split SoCs)
    int numVectorCores = 0; // what the generator divides programs over
    int ubBudgetKib = 192;  // local memory of a SIMD tile
    int rfBudgetKib = 0;    // SIMT register file; 0 = none (SIMT generation raises)
    bool defaultMultibuffer = true;

    // The backend's own derivation from the arch name and num_aicore: twice the vector cores
    // on 910B / 910_93 / 910_95 / 950, and 256 KiB UB + 128 KiB register file on 910_95 / 950.
    static GeneratorDevice forSoc(const std::string& soc, int numAicore);
};

// The same numbers taken from a device profile.
GeneratorDevice fromProfile(const npu::DeviceProfile& profile);

} // namespace ts::space
