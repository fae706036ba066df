#include "app/cli_common.h"

#include "app/cli.h"
#include "core/pipeline/workflow.h"
#include "core/space/candidate_query.h"
#include "core/util/input_file.h"

#include <charconv>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <iostream>

namespace ts::cli {

void printDiagnostics(const Diagnostics& diagnostics)
{
    for (const Diagnostic& d : diagnostics)
        std::cerr << d.format() << "\n";
}

std::optional<kernel::Workload> workloadFromArgs(const Args& args, const char* command)
{
    if (args.positionals().size() != 1) {
        std::cerr << "tilescope " << command << ": expected one WORKLOAD.json or KERNEL.py (see --help)\n";
        return std::nullopt;
    }
    return workloadFromInput(args, args.positionals().front(), command);
}

std::optional<kernel::Workload> workloadFromInput(const Args& args, const std::string& input, const char* command)
{
    kernel::Workload workload;
    const bool isPython = input.size() > 3 && input.substr(input.size() - 3) == ".py";
    if (isPython) {
        workload.kernelPath = input;
    } else {
        kernel::WorkloadLoadResult loaded = kernel::loadWorkload(input);
        if (!loaded.workload) {
            printDiagnostics(loaded.diagnostics);
            return std::nullopt;
        }
        printDiagnostics(loaded.diagnostics);  // warnings, if any
        workload = std::move(*loaded.workload);
    }
    if (auto function = args.value("function"))
        workload.function = *function;
    for (const std::string& assignment : args.values("arg")) {
        const auto eq = assignment.find('=');
        if (eq == std::string::npos || eq == 0) {
            std::cerr << "tilescope " << command << ": --arg expects NAME=VALUE, got '" << assignment << "'\n";
            return std::nullopt;
        }
        std::string error;
        auto value = kernel::parseArgValue(assignment.substr(eq + 1), &error);
        if (!value) {
            std::cerr << "tilescope " << command << ": --arg " << assignment << ": " << error << "\n";
            return std::nullopt;
        }
        workload.setArg(assignment.substr(0, eq), std::move(*value));
    }
    if (auto grid = args.value("grid")) {
        workload.grid.kind = kernel::GridArg::Kind::Expression;
        workload.grid.expression = *grid;
    }
    if (auto device = args.declares("device") ? args.value("device") : std::nullopt)  // compare-devices has none
        workload.device = *device;
    if (auto backend = backendFromArgs(args))
        workload.backend = *backend;
    return workload;
}

std::optional<std::vector<std::string>> capturedWorkloads(const std::string& folder, const std::string& function,
                                                          const char* command)
{
    const capture::IndexReadResult read = pipeline::readCapture(folder);
    printDiagnostics(read.problems);
    if (!read.index)
        return std::nullopt;
    std::vector<std::string> files;
    std::size_t jit = 0;
    for (const capture::CapturedWorkload& w : read.index->workloads) {
        if (!function.empty() && w.function != function)
            continue;
        if (w.kind != "autotune") {
            ++jit;
            continue;
        }
        files.push_back((read.index->folder / w.file).string());
    }
    if (jit > 0)
        std::cerr << "tilescope " << command << ": " << jit << " @triton.jit launch" << (jit == 1 ? "" : "es") << " of "
                  << folder << " left out: they have no @triton.autotune to tune\n";
    if (files.empty()) {
        std::cerr << "tilescope " << command << ": " << folder << " holds no autotuned workload"
                  << (function.empty() ? std::string() : " of " + function) << " (tilescope capture list " << folder
                  << ")\n";
        return std::nullopt;
    }
    return files;
}

std::optional<kernel::BackendVersion> backendFromArgs(const Args& args)
{
    if (!args.declares("backend"))
        return std::nullopt;
    const std::optional<std::string> name = args.value("backend");
    // The table only lets a version's name through.
    return name ? kernel::parseBackendVersion(*name) : std::nullopt;
}

std::optional<npu::DeviceRegistry> devicesFromArgs(const Args& args, const char* command)
{
    npu::DeviceRegistry registry = npu::DeviceRegistry::loadBundled();
    // No bundled profiles (an install without share/tilescope/devices): said, never an empty
    // list; a --device-file still runs without them.
    for (const Diagnostic& d : registry.diagnostics()) {
        if (d.code == "device-profiles-not-found") {
            std::cerr << "tilescope " << command << ": " << d.message << "\n";
            if (args.values("device-file").empty())
                return std::nullopt;
        } else if (d.severity == Severity::Error) {
            // A broken bundled profile is left out, never silently: the others still load.
            std::cerr << "tilescope " << command << ": left out a bundled profile: " << d.format() << "\n";
        }
    }
    for (const std::string& file : args.values("device-file")) {
        npu::DeviceLoadResult loaded = npu::loadDeviceProfile(file);
        if (!loaded.profile) {
            std::cerr << "tilescope " << command << ": " << loaded.error << "\n";
            return std::nullopt;
        }
        registry.add(std::move(*loaded.profile));  // replaces a bundled profile of the same SoC
    }
    return registry;
}

bool checkOutputOption(const Args& args, const char* option, const char* command)
{
    const std::optional<std::string> file = args.declares(option) ? args.value(option) : std::nullopt;
    if (!file)
        return true;
    if (std::string problem = util::outputFileProblem(*file); !problem.empty()) {
        std::cerr << "tilescope " << command << ": --" << option << ": " << problem << "\n";
        return false;
    }
    return true;
}

bool writeOutput(const std::string& path, const std::string& text, const char* command)
{
    if (std::string problem = util::writeOutputFile(path, text); !problem.empty()) {
        std::cerr << "tilescope " << command << ": cannot write " << problem << "\n";
        return false;
    }
    return true;
}

std::filesystem::path cachePathFor(const Args& args, const kernel::Workload& workload)
{
    if (auto path = args.value("cache"))
        return *path;
    return pipeline::defaultCachePath(workload);
}

std::unique_ptr<cache::ConfigCache> openCache(const std::filesystem::path& path, const char* command, bool readOnly)
{
    cache::OpenOptions options;
    options.readOnly = readOnly;
    cache::OpenResult opened = cache::ConfigCache::open(path, options);
    for (const std::string& notice : opened.notices)
        std::cerr << "tilescope " << command << ": " << notice << "\n";
    if (!opened.ok())
        std::cerr << "tilescope " << command << ": " << (opened.error ? opened.error->message : "cannot open " + path.string())
                  << "\n";
    return std::move(opened.cache);
}

std::optional<tuning::TuningOptions> tuningOptionsFromArgs(const Args& args, const kernel::Workload& workload,
                                                           const char* command)
{
    tuning::TuningOptions options = tuning::optionsFromEnvironment();
    if (!workload.benchMethod.empty())
        if (auto parsed = npu::parseBenchMethod(workload.benchMethod))
            options.method = *parsed;
    if (workload.seed)
        options.seed = *workload.seed;
    if (auto method = args.value("bench-method")) {
        auto parsed = npu::parseBenchMethod(*method);
        if (!parsed) {
            std::cerr << "tilescope " << command << ": --bench-method must be default or npu, got '" << *method << "'\n";
            return std::nullopt;
        }
        options.method = *parsed;
    }
    if (auto jobs = args.value("jobs")) {
        long long n = 0;
        if (!parseCount(*jobs, &n) || n < 1 || n > 4096) {
            std::cerr << "tilescope " << command << ": --jobs takes a positive number, got '" << *jobs << "'\n";
            return std::nullopt;
        }
        options.jobs = static_cast<int>(n);
        options.parallelCompile = options.jobs > 1 || options.parallelCompile;
    }
    if (auto cores = args.declares("host-cores") ? args.value("host-cores") : std::nullopt) {
        long long n = 0;
        if (!parseCount(*cores, &n) || n < 1 || n > 65536) {
            std::cerr << "tilescope " << command << ": --host-cores takes a number of cores from 1 to 65536, got '"
                      << *cores << "'\n";
            return std::nullopt;
        }
        options.hostPhysicalCores = static_cast<int>(n);
    }
    if (auto seed = args.value("seed")) {
        long long n = 0;
        if (!parseCount(*seed, &n) || n < 0) {
            std::cerr << "tilescope " << command << ": --seed takes a non-negative number, got '" << *seed << "'\n";
            return std::nullopt;
        }
        options.seed = static_cast<std::uint64_t>(n);
    }
    if (args.declares("ub-tuner"))
        if (auto mode = args.value("ub-tuner")) {
            auto parsed = tuning::parseUbTunerMode(*mode);
            if (!parsed) {
                std::cerr << "tilescope " << command << ": --ub-tuner must be off, compile or run, got '" << *mode
                          << "'\n";
                return std::nullopt;
            }
            options.ubTuner = *parsed;
            options.ubTunerModeDefaulted = false;
        }
    options.lattice = args.declares("lattice") && args.flag("lattice");
    // --filter and --limit choose lattice points where a command tunes the lattice.
    const bool latticeCommand = args.declares("lattice");
    if (latticeCommand && args.declares("filter"))
        if (auto filter = args.value("filter")) {
            if (!options.lattice) {
                std::cerr << "tilescope " << command << ": --filter chooses lattice points: add --lattice\n";
                return std::nullopt;
            }
            options.subset.filter = *filter;
            // What can be checked without the space: words that name no status or reason. A
            // dimension's name is checked once the lattice is built.
            if (std::string why = space::CandidateQuery::parse(*filter).error(); !why.empty()) {
                std::cerr << "tilescope " << command << ": --filter '" << *filter << "' is not understood: " << why
                          << "\n";
                return std::nullopt;
            }
        }
    if (latticeCommand && args.declares("limit") && options.lattice)
        if (auto text = args.value("limit")) {
            long long n = 0;
            if (!parseCount(*text, &n) || n < 1) {
                std::cerr << "tilescope " << command << ": --limit takes a positive number, got '" << *text << "'\n";
                return std::nullopt;
            }
            options.subset.limit = static_cast<std::size_t>(n);
        }
    if (latticeCommand && args.declares("limit") && !options.lattice && args.value("limit")) {
        std::cerr << "tilescope " << command << ": --limit chooses lattice points: add --lattice\n";
        return std::nullopt;
    }
    return options;
}

std::optional<double> parsePercent(const std::string& text)
{
    std::string t = text;
    if (!t.empty() && t.back() == '%')
        t.pop_back();
    char* end = nullptr;
    const double pct = std::strtod(t.c_str(), &end);
    if (t.empty() || *end != '\0' || !std::isfinite(pct) || pct < 0 || pct > 1000)
        return std::nullopt;
    return pct / 100.0;
}

bool parseCount(const std::string& text, long long* out)
{
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
    return !text.empty() && ec == std::errc() && end == text.data() + text.size();
}

namespace {

std::stop_source* gInterrupt = nullptr;

extern "C" void onInterrupt(int)
{
    if (gInterrupt)
        gInterrupt->request_stop();  // lock-free: safe in a signal handler
}

} // namespace

InterruptStop::InterruptStop()
{
    gInterrupt = &source_;
    std::signal(SIGINT, onInterrupt);
}

InterruptStop::~InterruptStop()
{
    std::signal(SIGINT, SIG_DFL);
    gInterrupt = nullptr;
}

} // namespace ts::cli
