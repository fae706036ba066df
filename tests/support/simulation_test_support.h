#pragma once
// Simulating the small kernels of tests/data/published and tests/data/fidelity: a workload traced
// once, candidates compiled on a bundled profile, and simulated as a benchmark method measures
// them. The published-figure and fidelity checks share it.

#include "backend_versions.h"
#include "testutil.h"

#include "core/kernel/kernel_model.h"
#include "core/kernel/workload.h"
#include "core/npu/bench_method.h"
#include "core/npu/device_model.h"
#include "core/npu/device_profile.h"
#include "core/npu/kernel_compiler.h"
#include "core/npu/kernel_trace.h"
#include "core/npu/simulator.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace ts::test {

using ConstexprValues = std::vector<std::pair<std::string, std::int64_t>>;

// A bundled profile's model, loaded once per SoC.
inline const npu::DeviceModel& bundledDevice(const std::string& soc)
{
    static std::map<std::string, npu::DeviceModel> models;
    auto it = models.find(soc);
    if (it != models.end())
        return it->second;
    const npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled(sourceDir() / "resources");
    const npu::DeviceProfile* p = registry.find(soc);
    if (!p)
        throw std::runtime_error("no bundled profile " + soc);
    return models.emplace(soc, npu::DeviceModel::fromProfile(*p)).first->second;
}

// A workload of tests/data/<folder>, traced once, on the device it names.
struct SimLaunch {
    std::unique_ptr<kernel::KernelFile> file;
    npu::TraceResult trace;
    std::string device;

    const npu::DeviceModel& model(const std::string& soc = {}) const { return bundledDevice(soc.empty() ? device : soc); }

    npu::CompiledKernel compile(ConstexprValues values, bool multibuffer = true, const std::string& soc = {}) const
    {
        return npu::compileCandidate(*trace.trace, model(soc), npu::CandidateValues{std::move(values), multibuffer});
    }

    // The candidate simulated as `method` measures it (npu: the profiler's task time, L2 as the
    // previous run left it), failing the test when it does not compile.
    npu::SimResult simulate(ConstexprValues values, npu::BenchMethod method = npu::BenchMethod::Npu,
                            const std::string& soc = {}) const
    {
        const npu::CompiledKernel k = compile(std::move(values), true, soc);
        EXPECT_TRUE(k.ok()) << k.message;
        npu::SimResult s = npu::simulate(k, model(soc), npu::simOptionsFor(method));
        EXPECT_TRUE(s.ok) << s.error;
        return s;
    }
};

inline SimLaunch simLaunch(const std::string& folder, const std::string& workloadFile)
{
    const std::filesystem::path path = dataDir() / folder / workloadFile;
    kernel::WorkloadLoadResult wl = loadWorkload2604(path.string());
    if (!wl.workload)
        throw std::runtime_error("cannot load " + path.string());
    kernel::KernelLoadResult loaded = kernel::loadKernelFile(wl.workload->kernelPath);
    if (!loaded.file)
        throw std::runtime_error("cannot load " + wl.workload->kernelPath);
    SimLaunch l;
    l.file = std::move(loaded.file);
    l.device = wl.workload->device;
    const kernel::KernelDef* k = l.file->kernel(wl.workload->function);
    if (!k)
        throw std::runtime_error("no kernel " + wl.workload->function + " in " + wl.workload->kernelPath);
    l.trace = npu::KernelTrace::build(*l.file, *k, npu::KernelLaunch::fromWorkload(*wl.workload));
    if (!l.trace.trace)
        throw std::runtime_error("cannot trace " + path.string());
    return l;
}

// Useful bytes moved per microsecond of device time.
inline double gbps(const npu::SimResult& s) { return (s.readBytes + s.writeBytes) / s.deviceUs / 1e3; }

// "<tag>: NAME simulated X UNIT (published Y UNIT, band B)": `ctest -V` prints the tables of
// docs/PUBLISHED_FIGURES.md from these lines.
inline void reportFigure(const char* tag, const std::string& name, double simulated, double published, const char* unit,
                         const char* band)
{
    std::printf("%s: %s simulated %.4g %s (published %.4g %s, band %s)\n", tag, name.c_str(), simulated, unit,
                published, unit, band);
}

} // namespace ts::test
