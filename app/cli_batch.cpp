// `tilescope batch WORKLOAD... [--device D[,D...]] [--report FILE] [--junit FILE] [--baseline FILE]
//  [--max-regression PCT] [--shard I/N] [--jobs N] [--cache PATH]`: tuning for CI.

#include "app/cli.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "core/batch/batch_run.h"
#include "core/capture/capture_index.h"
#include "core/pipeline/workflow.h"
#include "core/util/format.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>

namespace ts::cli {
namespace {

int fail(const std::string& message, int code = kExitUsage)
{
    std::cerr << "tilescope batch: " << message << "\n";
    return code;
}

} // namespace

int runBatch(const Args& args)
{
    std::string error;
    if (!checkOutputOption(args, "report", "batch") || !checkOutputOption(args, "junit", "batch"))
        return kExitUsage;
    if (args.positionals().empty())
        return fail("expected one or more WORKLOAD.json files or capture folders (see --help)");
    std::vector<std::string> workloads;
    for (const std::string& w : args.positionals()) {
        if (capture::isCaptureFolder(w)) {  // `tilescope capture -o DIR`: its autotuned workloads
            auto captured = capturedWorkloads(w, "", "batch");
            if (!captured)
                return kExitUsage;
            workloads.insert(workloads.end(), captured->begin(), captured->end());
            continue;
        }
        if (w.size() < 5 || w.substr(w.size() - 5) != ".json")
            return fail("'" + w + "' is not a WORKLOAD.json nor a capture folder (batch takes workload files)");
        workloads.push_back(w);
    }
    if (args.flag("no-cache") && args.value("cache"))
        return fail("--cache and --no-cache exclude each other");

    pipeline::BatchRequest options;
    options.workloads = std::move(workloads);
    options.backend = backendFromArgs(args);
    options.cache.force = args.flag("force");
    auto registry = devicesFromArgs(args, "batch");
    if (!registry)
        return kExitUsage;
    options.registry = &*registry;
    for (const std::string& list : args.values("device")) {
        std::stringstream ss(list);
        std::string d;
        while (std::getline(ss, d, ',')) {
            if (d == "all") {
                for (const std::string& soc : registry->socNames())
                    options.devices.push_back(soc);
            } else if (!d.empty()) {
                options.devices.push_back(d);
            }
        }
    }
    if (auto shard = args.value("shard")) {
        auto parsed = batch::parseShard(*shard, &error);
        if (!parsed)
            return fail(error);
        options.shard = *parsed;
    }
    if (auto pct = args.value("max-regression")) {
        if (!args.value("baseline"))
            return fail("--max-regression needs --baseline FILE.json");
        std::string t = *pct;
        if (!t.empty() && t.back() == '%')
            t.pop_back();
        char* end = nullptr;
        const double v = std::strtod(t.c_str(), &end);
        if (t.empty() || *end != '\0' || !std::isfinite(v) || v < 0)
            return fail("--max-regression takes a percentage such as 5, got '" + *pct + "'");
        options.maxRegressionPercent = v;
    }
    if (auto file = args.value("baseline")) {
        auto baseline = batch::readReportFile(*file, &error);
        if (!baseline)
            return fail(error);
        options.baseline = std::move(*baseline);
    }
    kernel::Workload none;
    auto tuningOptions = tuningOptionsFromArgs(args, none, "batch");
    if (!tuningOptions)
        return kExitUsage;
    options.tuning = *tuningOptions;
    options.methodFixed = args.value("bench-method").has_value();
    options.seedFixed = args.value("seed").has_value();

    if (!args.flag("no-cache")) {
        if (auto path = args.value("cache"))
            options.cache.path = *path;
        else
            options.perWorkloadCache = true;  // the cache beside each workload
    }
    pipeline::RunControl control;
    control.log = [](const std::string& line) { std::cerr << line << "\n"; };

    const pipeline::BatchResult result = [&] {
        const InterruptStop interrupt;
        control.stop = interrupt.token();
        return pipeline::batch(options, control);
    }();
    const batch::BatchReport& report = result.report;
    for (const std::string& notice : result.cacheNotices)
        std::cerr << "tilescope batch: " << notice << "\n";
    for (const std::string& problem : result.cacheErrors)
        std::cerr << "tilescope batch: " << problem << "; tuned without the cache\n";

    if (!report.inputErrors.empty()) {
        for (const std::string& e : report.inputErrors)
            std::cerr << e << "\n";
        return fail("nothing was tuned: fix the input above");
    }
    if (auto file = args.value("report"); file && !writeOutput(*file, batch::reportToJson(report), "batch"))
        return kExitUsage;
    if (auto file = args.value("junit"); file && !writeOutput(*file, batch::reportToJUnit(report), "batch"))
        return kExitUsage;
    const std::size_t failed = report.count(batch::BatchStatus::Failed), regressions = report.count(batch::BatchStatus::Regression);
    std::size_t cached = 0;
    for (const batch::BatchCase& c : report.cases)
        cached += c.fromCache;
    std::cerr << "shard " << report.shard.describe() << ": "
              << formatCount(std::int64_t(report.cases.size()), "case") << ", "
              << formatInteger(std::int64_t(report.count(batch::BatchStatus::Passed))) << " passed, "
              << formatInteger(std::int64_t(failed)) << " failed, "
              << formatCount(std::int64_t(regressions), "regression") << ", "
              << formatInteger(std::int64_t(cached)) << " from cache, " << formatSeconds(report.wallSeconds)
              << (report.stopped ? " (stopped)" : "") << "\n";
    return report.allPassed() ? kExitOk : kExitKernelError;
}

} // namespace ts::cli
