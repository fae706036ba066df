#include "core/space/generator_device.h"

#include "core/npu/device_profile.h"

#include <array>
#include <string_view>

namespace ts::space {

GeneratorDevice GeneratorDevice::forSoc(const std::string& soc, int numAicore)
{
    GeneratorDevice device;
    device.soc = soc;
    device.numAicore = numAicore;
    device.numVectorCores = numAicore;
    // Split SoCs pair every cube core with two vector cores; the match is a substring test.
    constexpr std::array<std::string_view, 4> splitArchs = {"Ascend910B", "Ascend910_93", "Ascend910_95",
                                                            "Ascend950"};
    for (std::string_view arch : splitArchs) {
        if (soc.find(arch) != std::string::npos) {
            device.numVectorCores = numAicore * 2;
            break;
        }
    }
    const bool is95 = soc.starts_with("Ascend910_95") || soc.starts_with("Ascend950");
    device.ubBudgetKib = is95 ? 256 : 192;
    device.rfBudgetKib = is95 ? 128 : 0;
    device.defaultMultibuffer = !is95;
    return device;
}

GeneratorDevice fromProfile(const npu::DeviceProfile& profile)
{
    GeneratorDevice device;
    device.soc = profile.soc;
    device.numAicore = profile.cubeCores();
    device.numVectorCores = profile.vectorCoresForAutotune();
    device.ubBudgetKib = profile.ubBudgetKib();
    device.rfBudgetKib = profile.is910_95Class() ? 128 : 0;
    device.defaultMultibuffer = profile.defaultMultibuffer();
    return device;
}

} // namespace ts::space
