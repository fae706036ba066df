// `tilescope space WORKLOAD... --bench [--reps N]`: how long the path from a workload file to
// its candidate space takes, in one process (no process start), through the workflow API.

#include "app/cli.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "core/pipeline/workflow.h"
#include "core/util/format.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>

namespace ts::cli {
namespace {

constexpr long long kDefaultReps = 20;

struct BenchRow {
    std::string workload;
    std::string kernel;
    std::string backend;
    std::size_t candidates = 0;
    std::vector<double> micros;  // one per repetition
    double median = 0;
    double min = 0;
};

double medianOf(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

std::string microText(double us)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", us);
    return buf;
}

// One repetition: read the workload, analyse, build the space. False (printed) on a problem.
bool timeOnce(const Args& args, const std::string& input, const npu::DeviceRegistry& registry, BenchRow& row)
{
    const auto start = std::chrono::steady_clock::now();
    const std::optional<kernel::Workload> workload = workloadFromInput(args, input, "space");
    if (!workload)
        return false;
    const pipeline::AnalyzeResult analysed = pipeline::analyze({*workload});
    if (!analysed.ok()) {
        printDiagnostics(analysed.diagnostics);
        return false;
    }
    const npu::DeviceRegistry::Lookup lookup = registry.lookup(workload->device);
    if (!lookup.profile) {
        std::cerr << "tilescope space: " << input << ": " << lookup.error << "\n";
        return false;
    }
    pipeline::SpaceRequest request{analysed.analysis, *lookup.profile, {}};
    request.options.lattice = args.flag("lattice");
    const pipeline::SpaceResult built = pipeline::buildSpace(request);
    const auto end = std::chrono::steady_clock::now();
    row.micros.push_back(std::chrono::duration<double, std::micro>(end - start).count());
    row.kernel = analysed.analysis->kernel ? analysed.analysis->kernel->name : std::string();
    row.backend = kernel::backendName(workload->backend);
    row.candidates = built.space ? built.space->size() : 0;
    return true;
}

} // namespace

int runSpaceBench(const Args& args)
{
    if (args.positionals().empty()) {
        std::cerr << "tilescope space: --bench expects one or more WORKLOAD.json files\n";
        return kExitUsage;
    }
    if (args.flag("csv")) {
        std::cerr << "tilescope space: --bench writes a table or --json, not --csv\n";
        return kExitUsage;
    }
    long long reps = kDefaultReps;
    if (auto text = args.value("reps"); text && (!parseCount(*text, &reps) || reps < 1 || reps > 1'000'000)) {
        std::cerr << "tilescope space: --reps takes a positive number, got '" << *text << "'\n";
        return kExitUsage;
    }
    const auto registry = devicesFromArgs(args, "space");
    if (!registry)
        return kExitUsage;

    std::vector<BenchRow> rows;
    for (const std::string& input : args.positionals()) {
        BenchRow row;
        row.workload = input;
        for (long long i = 0; i < reps; ++i)
            if (!timeOnce(args, input, *registry, row))
                return kExitUsage;
        row.median = medianOf(row.micros);
        row.min = *std::min_element(row.micros.begin(), row.micros.end());
        rows.push_back(std::move(row));
    }
    double logSum = 0;
    for (const BenchRow& row : rows)
        logSum += std::log(std::max(row.median, 1e-3));
    const double geomean = std::exp(logSum / double(rows.size()));

    if (args.flag("json")) {
        nlohmann::ordered_json workloads = nlohmann::ordered_json::array();
        for (const BenchRow& row : rows)
            workloads.push_back({{"workload", row.workload},
                                 {"kernel", row.kernel},
                                 {"backend", row.backend},
                                 {"candidates", row.candidates},
                                 {"medianUs", row.median},
                                 {"minUs", row.min}});
        // docs/schema/space-bench.schema.json
        const nlohmann::ordered_json out = {{"schema", "tilescope.space-bench/1"},
                                            {"reps", reps},
                                            {"lattice", args.flag("lattice")},
                                            {"workloads", std::move(workloads)},
                                            {"geomeanUs", geomean}};
        std::cout << jsonText(out) << "\n";
        return kExitOk;
    }
    for (const BenchRow& row : rows)
        std::cout << row.workload << "  " << row.kernel << "  backend " << row.backend << "  "
                  << formatCount(std::int64_t(row.candidates), "candidate") << "  median " << microText(row.median) << " us  (min " << microText(row.min) << " us, "
                  << reps << " reps)\n";
    std::cout << "geometric mean " << microText(geomean) << " us over " << rows.size()
              << (rows.size() == 1 ? " workload\n" : " workloads\n");
    return kExitOk;
}

} // namespace ts::cli
