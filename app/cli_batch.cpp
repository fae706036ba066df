// `tilescope batch WORKLOAD... [--device D[,D...]] [--report FILE] [--junit FILE] [--baseline FILE]
//  [--max-regression PCT] [--shard I/N] [--jobs N] [--cache PATH]`: tuning for CI.

#include "app/cli.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "core/batch/batch_run.h"
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

constexpr const char* kBatchHelp =
    "Usage: tilescope batch WORKLOAD.json... [--device D[,D...] | --device all] [--cache PATH | --no-cache]\n"
    "                       [--report FILE.json] [--junit FILE.xml] [--baseline FILE.json]\n"
    "                       [--max-regression PCT] [--shard I/N] [--jobs N] [--bench-method default|npu]\n"
    "                       [--force] [--device-file PATH]\n\n"
    "Tunes every workload on every device (default: each workload's own device; `all` = every\n"
    "profile), reusing fresh cache entries, and writes a JSON report and a JUnit XML file with one\n"
    "test case per workload and device. A tuning that fails, or whose best median time grew by more\n"
    "than --max-regression percent (default 5) over the --baseline report (a previous --report), is\n"
    "a failure with the reason. Progress goes to stderr; no display is needed.\n\n"
    "--shard I/N takes every N-th workload of the sorted list, starting with the I-th, so N jobs given\n"
    "the same list share the work; join their caches afterwards with `tilescope cache merge`.\n"
    "The cache is --cache PATH, else .tilescope/cache.sqlite beside each workload.\n\n"
    "Exit codes: 0 every case passed, 1 failures or regressions, 2 bad usage or unreadable input.\n";

int fail(const std::string& message, int code = kExitUsage)
{
    std::cerr << "tilescope batch: " << message << "\n";
    return code;
}

bool writeFile(const std::string& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    return static_cast<bool>(out);
}

} // namespace

int runBatch(const Args& args)
{
    if (args.flag("help")) {
        std::cout << kBatchHelp;
        return kExitOk;
    }
    std::string error;
    if (!args.allowOnly({"device", "device-file", "bench-method", "jobs", "seed", "cache", "report", "junit",
                         "baseline", "max-regression", "shard"},
                        {"force", "no-cache"}, &error))
        return fail(error);
    if (args.positionals().empty())
        return fail("expected one or more WORKLOAD.json files (see --help)");
    for (const std::string& w : args.positionals())
        if (w.size() < 5 || w.substr(w.size() - 5) != ".json")
            return fail("'" + w + "' is not a WORKLOAD.json (batch takes workload files)");
    if (args.flag("no-cache") && args.value("cache"))
        return fail("--cache and --no-cache exclude each other");

    batch::BatchOptions options;
    options.workloads = args.positionals();
    options.force = args.flag("force");
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

    std::unique_ptr<cache::ConfigCache> shared;
    std::map<std::filesystem::path, std::unique_ptr<cache::ConfigCache>> perFolder;
    if (!args.flag("no-cache")) {
        if (auto path = args.value("cache")) {
            shared = openCache(*path, "batch");
            if (!shared)
                std::cerr << "tilescope batch: tuning without the cache\n";
            options.cache = shared.get();
        } else {
            options.cacheFor = [&](const std::string& workload) -> cache::ConfigCache* {
                const std::filesystem::path path = cache::defaultCachePath(workload);
                auto it = perFolder.find(path);
                if (it == perFolder.end())
                    it = perFolder.emplace(path, openCache(path, "batch")).first;
                return it->second.get();
            };
        }
    }
    options.log = [](const std::string& line) { std::cerr << line << "\n"; };

    const batch::BatchReport report = [&] {
        const InterruptStop interrupt;
        return batch::runBatch(options, interrupt.token());
    }();

    if (!report.inputErrors.empty()) {
        for (const std::string& e : report.inputErrors)
            std::cerr << e << "\n";
        return fail("nothing was tuned: fix the input above");
    }
    if (auto file = args.value("report"); file && !writeFile(*file, batch::reportToJson(report)))
        return fail("cannot write the report " + *file);
    if (auto file = args.value("junit"); file && !writeFile(*file, batch::reportToJUnit(report)))
        return fail("cannot write the JUnit file " + *file);
    const std::size_t failed = report.count(batch::BatchStatus::Failed), regressions = report.count(batch::BatchStatus::Regression);
    std::size_t cached = 0;
    for (const batch::BatchCase& c : report.cases)
        cached += c.fromCache;
    std::cerr << "shard " << report.shard.describe() << ": " << formatCount(std::int64_t(report.cases.size()), "case")
              << ", " << report.count(batch::BatchStatus::Passed) << " passed, " << failed << " failed, "
              << formatCount(std::int64_t(regressions), "regression") << ", " << cached << " from cache, "
              << formatSeconds(report.wallSeconds) << (report.stopped ? " (stopped)" : "") << "\n";
    return report.allPassed() ? kExitOk : kExitKernelError;
}

} // namespace ts::cli
