// The command table: every command, subcommand and option of `tilescope`, declared once.
// Parsing, --help, README's CLI reference, the man page and shell completion come from here.

#include "app/cli_commands.h"
#include "app/cli_options.h"
#include "core/backends/backend_policy.h"
#include "core/backends/backend_registry.h"
#include "core/analysis/axis_parse.h"
#include "core/kernel/backend_version.h"

namespace ts::cli {
namespace {

OptionSpec flag(std::string name, std::string help)
{
    OptionSpec o;
    o.name = std::move(name);
    o.help = std::move(help);
    return o;
}

OptionSpec valued(std::string name, std::string valueName, std::string help, Completion completion = Completion::None,
                  std::vector<std::string> extensions = {})
{
    OptionSpec o;
    o.name = std::move(name);
    o.valueName = std::move(valueName);
    o.help = std::move(help);
    o.completion = completion;
    o.extensions = std::move(extensions);
    return o;
}

OptionSpec repeatable(OptionSpec o)
{
    o.repeatable = true;
    return o;
}

OptionSpec required(OptionSpec o)
{
    o.required = true;
    return o;
}

OptionSpec oneOf(std::string name, std::string valueName, std::string help, std::vector<EnumValue> values)
{
    OptionSpec o = valued(std::move(name), std::move(valueName), std::move(help), Completion::Enum);
    o.values = std::move(values);
    return o;
}

// Options shared by several commands, worded once.

OptionSpec functionOption()
{
    return valued("function", "NAME", "the kernel to use when the file has several (wins over the workload's \"function\")");
}

OptionSpec argOption()
{
    return repeatable(valued("arg", "NAME=VALUE",
                             "pass (or override) a launch argument: 98432, 1.5, True, float16[4096,1024]"));
}

OptionSpec gridOption()
{
    return valued("grid", "EXPR", "the launch grid: \"lambda meta: (triton.cdiv(n, meta['BLOCK']),)\" or \"48\"");
}

OptionSpec deviceOption()
{
    return valued("device", "NAME",
                  "the SoC, e.g. Ascend910B2 (see `tilescope devices`); wins over the workload's \"device\"",
                  Completion::Device);
}

// `help` words it for a command that takes the version for something other than its launch.
OptionSpec backendOption(std::string help = {})
{
    std::vector<EnumValue> values;
    for (const kernel::BackendVersionInfo& info : kernel::backendInfos())
        values.push_back({std::string(info.name), std::string(info.repository) + " " +
                                                      std::string(info.commit.substr(0, 7)) + ": " +
                                                      std::string(info.summary)});
    if (help.empty())
        help = "the Triton-Ascend version whose autotune is modelled (default " +
               std::string(kernel::backendName(kernel::defaultBackend())) +
               ", the newest; see `tilescope backends`); wins over the workload's \"backend\"";
    return oneOf("backend", "VERSION", std::move(help), std::move(values));
}

OptionSpec deviceFileOption()
{
    return repeatable(valued("device-file", "PATH",
                             "load an extra device profile (JSON); one of a bundled SoC replaces the bundled one",
                             Completion::File, {"json"}));
}

OptionSpec jsonOption(std::string help = "machine-readable output")
{
    return flag("json", std::move(help));
}

OptionSpec benchMethodOption()
{
    return oneOf("bench-method", "METHOD",
                 "the benchmark method; wins over TRITON_BENCH_METHOD and the workload's \"benchMethod\"",
                 {{"default", "do_bench: wall time with launch overhead, L2 flush and seeded noise"},
                  {"npu", "profiler-style on-chip time, as TRITON_BENCH_METHOD=npu"}});
}

OptionSpec jobsOption()
{
    return valued("jobs", "N",
                  "compile worker threads (default one per hardware thread); 2 or more wins over "
                  "TRITON_AUTOTUNE_PARALLEL_COMPILE=0");
}

// "2026-08", "2026-08 or 2027-01": the versions whose policy has `property`.
template <typename Property>
std::string versionsWhere(Property&& property)
{
    std::string out;
    for (const kernel::BackendVersion version : kernel::backendVersions())
        if (property(backends::policy(version)))
            out += (out.empty() ? "" : " or ") + std::string(kernel::backendName(version));
    return out;
}

// "cores / 2 workers (2026-04), cores * 3 / 4 (2026-08)": every version's rule, from its policy.
std::string compileWorkerRules()
{
    std::string out;
    for (const kernel::BackendVersion version : kernel::backendVersions())
        out += (out.empty() ? "" : ", ") + backends::policy(version).compileWorkerRule().text() +
               (out.empty() ? " workers (" : " (") + std::string(kernel::backendName(version)) + ")";
    return out;
}

OptionSpec hostCoresOption()
{
    return valued("host-cores", "N",
                  "physical cores of the NPU's host, for the modelled tuning time (default: the device profile's "
                  "\"host\"); Triton-Ascend compiles on " + compileWorkerRules());
}

OptionSpec ubTunerOption()
{
    return oneOf("ub-tuner", "MODE",
                 versionsWhere([](const backends::BackendPolicy& p) { return p.hasUbTuner(); }) +
                     "'s UB tuner: after a UB overflow, search storage_align, multibuffer and vf_fusion_mode for "
                 "options that fit and benchmark the candidate with them (ubtune_cfg); wins over "
                 "TRITON_ENABLE_UBTUNER. A cached tuning made with another mode is tuned again",
                 {{"off", "no UB tuner (the default)"},
                  {"compile", "rate each option by a fixed cost table, as TRITON_ENABLE_UBTUNER=compile"},
                  {"run", "rate each option by compiling and running it, as TRITON_ENABLE_UBTUNER=run"}});
}

OptionSpec seedOption()
{
    return valued("seed", "S", "the seed of the simulated benchmark noise; wins over the workload's \"seed\"");
}

OptionSpec cacheOption(std::string help = "the config cache (default .tilescope/cache.sqlite beside the workload, or "
                                          "beside the kernel file)")
{
    return valued("cache", "PATH", std::move(help), Completion::File, {"sqlite"});
}

OptionSpec noCacheOption()
{
    return flag("no-cache", "neither read nor write the config cache (excludes --cache)");
}

OptionSpec forceOption()
{
    return flag("force", "tune again even when the cache has a fresh entry");
}

std::vector<OptionSpec> workloadOptions()
{
    return {functionOption(), argOption(), gridOption(), deviceOption(), backendOption(), deviceFileOption()};
}

// How a tuning runs: the benchmark method, the compile workers, the modelled host, the noise seed
// and (where the command can use it) the UB tuner.
std::vector<OptionSpec> tuningOptions(bool withUbTuner = true)
{
    std::vector<OptionSpec> out = {benchMethodOption(), jobsOption(), hostCoresOption(), seedOption()};
    if (withUbTuner)
        out.push_back(ubTunerOption());
    return out;
}

// Whether a tuning comes from the cache or goes into it.
std::vector<OptionSpec> cachingOptions(OptionSpec cache = cacheOption())
{
    return {std::move(cache), noCacheOption(), forceOption()};
}

// Which lattice points a command tunes; `latticeHelp` says what --lattice does for it.
std::vector<OptionSpec> latticeOptions(std::string latticeHelp)
{
    return {flag("lattice", std::move(latticeHelp)),
            valued("filter", "EXPR",
                   "with --lattice: only the points matching EXPR, terms that must all hold: NAME OP VALUE on a "
                   "dimension or tile, ub (KiB), programs, waves (OP: = != < <= > >=), or a status or reason word; "
                   "e.g. 'XBLOCK>=1024 multibuffer=True off-walk'"),
            valued("limit", "N",
                   "with --lattice: at most N points, spread evenly over the matching ones in lattice order (the "
                   "first, the last and equal steps between)")};
}

// -o, --output: where a command that writes one file or folder writes it.
OptionSpec outputOption(std::string valueName, std::string help, std::vector<std::string> extensions = {})
{
    OptionSpec o = valued("output", std::move(valueName), std::move(help), Completion::File, std::move(extensions));
    o.shortName = 'o';
    return o;
}

// A command's options, group after group, in the order --help lists them.
std::vector<OptionSpec> options(std::initializer_list<std::vector<OptionSpec>> groups)
{
    std::vector<OptionSpec> out;
    for (const std::vector<OptionSpec>& group : groups)
        out.insert(out.end(), group.begin(), group.end());
    return out;
}

PositionalSpec workloadPositional()
{
    return {"WORKLOAD.json | KERNEL.py", Completion::File, {"json", "py"}, {}};
}

using RunCommand = int (*)(const Args&);

// A command or subcommand, declared by what is particular to it.
CommandSpec command(std::string name, std::string summary, PositionalSpec positionals, std::string description,
                    std::vector<OptionSpec> options, RunCommand run = nullptr)
{
    return {.name = std::move(name),
            .summary = std::move(summary),
            .positionals = std::move(positionals),
            .description = std::move(description),
            .options = std::move(options),
            .run = run};
}

// A command whose first word is one of its subcommands (`cache list`, `measure import`).
CommandSpec commandWithSubcommands(std::string name, std::string summary, std::string description,
                                   std::vector<CommandSpec> subcommands, RunCommand run)
{
    CommandSpec c = command(std::move(name), std::move(summary), {"SUBCOMMAND", Completion::Enum, {}, {}},
                            std::move(description), {}, run);
    c.subcommands = std::move(subcommands);
    for (const CommandSpec& s : c.subcommands)
        c.positionals.values.push_back({s.name, s.summary});
    return c;
}

CommandSpec analyzeCommand()
{
    return command(
        "analyze",
        "what Triton-Ascend's autotune concludes about a kernel: tunable parameters, split/tiling/low-dim/"
        "reduction axes, guide-rule diagnostics",
        workloadPositional(),
        "Shows what Triton-Ascend's autotune concludes about the kernel for this launch: the key axes, split and "
        "tiling parameters, low-dim and reduction axes, persistent reduction, the role of every parameter, the "
        "backend's own error, and the guide rules the kernel breaks. The axis parse does not depend on the "
        "device; a --device-file is read and checked as every other command checks it.",
        options({workloadOptions(),
                 {jsonOption("the analysis as a JSON object (keys, split_params, tiling_params, low_dim_axes, "
                             "reduction_axes, persistent_reduction, params, diagnostics, error)")}}),
        runAnalyze);
}

CommandSpec spaceCommand()
{
    return command(
        "space",
        "the candidate configs the backend generates, the ones it rejects and why, and (--lattice) the wider "
        "space it never visits",
        workloadPositional(),
        "Lists the candidate configs Triton-Ascend's configs=[] generates for this launch and device, in the "
        "backend's order, then every candidate its generator tried and rejected, each with a reason that carries "
        "the numbers. With --lattice, also the full lattice around it: every value a user could write for each "
        "tunable parameter, crossed with hints and multibuffer, each point marked generated, pruned (a hard "
        "constraint) or skipped (valid, but never visited by the generator); and each generated tiling with the "
        "launch settings the backend never lists (num-stages-tied: num_stages apart from what it couples it to; "
        "max-autotune-only: a compile option only max_autotune adds; outside-hint: a value outside a hint's "
        "list), skipped with that version's reason.\n\n"
        "With --bench it takes one or more workloads and times, in this one process, the whole path from each "
        "file to its candidate space (reading the workload, parsing the kernel, the analysis, generation and "
        "pruning; the lattice only with --lattice) --reps times, then prints each workload's median in "
        "microseconds and their geometric mean.\n\n"
        "With --compare VERSION it lists what changes for this launch between VERSION and the --backend version "
        "(by default the newest): the configs each generates, those only one of them has, reordered ones and "
        "changed options — what to know before upgrading Triton-Ascend.\n\n"
        "Where the backend version cuts a cube or mix kernel's candidates by its time budget while tuning, the "
        "launch's tuning in the config cache (the one `tune` made for the same key values, device, backend and "
        "bench method) says which it cut: each such candidate shows its tuning outcome and reason, and the totals "
        "add up (tuned = benchmarked + failed + cut), with the date of that tuning. With none cached, a note gives "
        "the budget and the `tune` command that finds out.",
        options({workloadOptions(),
                 {flag("lattice", "also the full lattice of values around the generated candidates, and each generated "
                               "tiling with the settings the backend never lists"),
                  jsonOption("the candidates as JSON (excludes --csv); with --bench the timings as a "
                             "\"tilescope.space-bench/1\" document"),
                  flag("csv", "the candidates as CSV (excludes --json)"),
                  valued("filter", "EXPR",
                         "only the candidates matching EXPR, listed or (--summary) counted: terms that must all "
                         "hold, NAME OP VALUE on a dimension or tile, ub (KiB), programs, waves (OP: = != < <= > "
                         ">=), or a status or reason word (a part of one matches); e.g. 'pruned "
                         "cube-l0c-capacity', 'BLOCK_M>=256 l0a'"),
                  flag("summary", "count every candidate judged by status and reason instead of listing them (a "
                                  "tl.dot kernel's pruned candidates all, by the buffer they overflow); the counts "
                                  "add up to the candidates judged (--json: \"tilescope.space-summary/1\")"),
                  flag("bench", "time WORKLOAD... from file to candidate space instead of listing candidates"),
                  valued("reps", "N", "--bench: how many times each workload is timed (default 20)"),
                  valued("compare", "VERSION",
                         "compare with the list VERSION generates for the same launch: configs only one version "
                         "has, reordered ones, changed options (--json: \"tilescope.backend-compare/1\")"),
                  cacheOption("where a backend cuts candidates by its time budget while tuning, the config cache "
                              "whose tuning of the launch says which it cut (default .tilescope/cache.sqlite beside "
                              "the workload, or beside the kernel file)"),
                  noCacheOption()}}),
        runSpace);
}

CommandSpec tuneCommand()
{
    return command(
        "tune",
        "compile and benchmark the candidates on the simulated NPU, pick the best as the backend does, and model "
        "the real tuning time",
        workloadPositional(),
        "Compiles every candidate the backend would benchmark on the simulated NPU, in a pool of worker threads, "
        "benchmarks the ones that compiled, and picks the best by its median time, as Triton-Ascend's autotune "
        "does. Prints the best config, the ranking, and the modelled tuning time on the real toolchain. "
        "TRITON_BENCH_METHOD=npu and TRITON_AUTOTUNE_PARALLEL_COMPILE=0 are honoured; --bench-method and --jobs "
        "win over them. Ctrl+C stops and keeps what finished.\n\n"
        "Tunings are kept in a config cache. A fresh entry for the same kernel source, key values, dtypes, "
        "device, benchmark method and simulator is printed instead of tuning again (\"from cache #ID\"). An entry "
        "whose kernel source changed is stale: it is named on stderr and the kernel is tuned. With --json the "
        "tuning is printed as a \"tilescope.tuning/1\" document (docs/OUTPUT.md), the same whether it ran now or "
        "came from the cache: only its \"cache\" block differs ({hit, path, id, createdAt, staleId, error}; null "
        "with --no-cache).",
        options({workloadOptions(), tuningOptions(),
                 latticeOptions("tune the valid lattice points (all, or --filter / --limit of them), whatever the "
                                "backend generates or raises; cached apart from the backend's own tuning"),
                 cachingOptions(),
                 {oneOf("rank-by", "TIME",
                        "which time ranks the candidates and picks the best (default simulated); measured times "
                        "are read from the cache (tilescope measure import)",
                        {{"simulated", "the simulated p50, as the tuning ranked them"},
                         {"measured", "the median measured p50 of each config (candidates without one after the "
                                      "others)"},
                         {"auto", "measured when every candidate the tuning ran has a measured time on the "
                                  "measured device, else simulated; the result says which"}}),
                  valued("measured-on", "NAME",
                         "--rank-by: the measured device (default: the one with the most measurements of the "
                         "launch)"),
                  jsonOption("every candidate with params, status, reason, timings (ms), breakdown and UB "
                             "footprint, and the best"),
                  flag("print-autotuning", "print the lines Triton-Ascend prints with TRITON_PRINT_AUTOTUNING=1")}}),
        runTune);
}

CommandSpec exportCommand()
{
    return command(
        "export",
        "the tuned configs as an @triton.autotune decorator to paste, a JSON or CSV report, or Triton's "
        "<fn>.autotune.json",
        workloadPositional(),
        "Writes the cached tuning of a launch (tuning it first when the cache has no fresh entry) in the "
        "--format asked for. With --from-autotune-json FILE it reads Triton's results file instead and writes "
        "its configs (fastest first) as Python for the workload's kernel; nothing is tuned then.",
        options(
            {workloadOptions(),
             {oneOf("format", "FORMAT", "what to write (default python)",
                    {{"python", "the @triton.autotune(configs=[...], key=[...]) decorator to paste over the kernel, "
                                "with the kernel's own key: the best config first, then the fastest others"},
                     {"json", "a report of the whole tuning: every candidate's status, reason and timings"},
                     {"csv", "the same report as CSV"},
                     {"autotune-json", "Triton's <fn>.autotune.json results file (key, configs and their timings)"}}),
              valued("top", "K", "--format python: the best K configs (default 5; excludes --configs)"),
              valued("configs", "I,J,...",
                     "--format python: these stored candidates, by the indices `tilescope cache show ID` prints"),
              flag("drop-equivalent", "--format python with --top: leave out a config that differs from a faster "
                                      "one only in num_warps / num_stages with the same simulated times (reported "
                                      "either way)"),
              flag("include-incorrect", "--format python: rank incorrect candidates (whose launch leaves data "
                                        "unprocessed or reaches past the end without a mask) with the others; left "
                                        "out by default"),
              valued("output", "FILE", "write to FILE instead of standard output", Completion::File),
              valued("from-autotune-json", "FILE", "read Triton's <fn>.autotune.json and write its configs as Python",
                     Completion::File, {"json"})},
             tuningOptions(),
             latticeOptions("export a tuning of the valid lattice points (all, or --filter / --limit of them), "
                            "whatever the backend generates or raises; cached apart from the backend's own tuning"),
             cachingOptions()}),
        runExport);
}

CommandSpec sweepCommand()
{
    return command(
        "sweep",
        "tune every shape of a range and propose the smallest config list within a tolerance of each shape's "
        "best",
        {"WORKLOAD.json | KERNEL.py | CAPTURE_DIR", Completion::File, {"json", "py"}, {}},
        "Tunes the kernel at every shape of the ranges (their cartesian product), or at every shape a program "
        "launched it with (a capture folder, `tilescope capture`: its workloads of one kernel, --function when it "
        "holds several), reports each shape's best "
        "config, and proposes the smallest handwritten config list such that at every shape the list's fastest "
        "config is within --tolerance percent of that shape's best. Every config benchmarked at some shape is "
        "also benchmarked (as a handwritten config) at the shapes where the backend did not generate it, as "
        "Triton benchmarks a handwritten list at every shape. The list is printed as an @triton.autotune "
        "decorator.\n\n"
        "A swept argument's value also replaces every tensor dimension equal to its original value, unless "
        "another key argument had that value too (then the dimension is left as it is). Each shape's tuning is "
        "cached like `tilescope tune` (reused when fresh unless --force).",
        options({workloadOptions(),
                 {repeatable(valued("range", "NAME=START..END[:xF|:+S]",
                                    "a range of an argument: n=1024..16777216:x2 (geometric), n=64..512:+64 "
                                    "(arithmetic), n=1000,3000 (a list); needed unless the input is a capture "
                                    "folder")),
                  valued("tolerance", "PCT", "how far from each shape's best the list may be, in percent (default 5)"),
                  valued("output", "FILE.py", "also write the config list to this file", Completion::File, {"py"}),
                  flag("include-incorrect", "let the list use configs incorrect at a shape (their launch leaves "
                                            "data unprocessed or reaches past the end there); left out by default")},
                 tuningOptions(),
                 {flag("lattice", "tune the whole lattice at every shape, not only the backend's candidates")},
                 cachingOptions(),
                 {jsonOption("every shape's best and the config list (with its Python) as JSON")}}),
        runSweep);
}

CommandSpec compareDevicesCommand()
{
    return command(
        "compare-devices",
        "tune one launch on several devices: each one's best, the regret of one's best on another, and one "
        "config list within a tolerance on all",
        workloadPositional(),
        "Tunes the launch on every device of --devices (the backend's own list on each, cached like `tilescope "
        "tune`), then simulates every config benchmarked on some device on the other devices, written by hand "
        "as a user would paste it. Prints each device's best config and p50, and the regret matrix: the p50 of "
        "one device's best on another divided by that device's own best (1 on the diagonal; \"does not run\" "
        "where the config overflows the other device's UB or fails to compile there, with the reason).\n\n"
        "Then proposes the smallest handwritten config list such that on every device the list's fastest config "
        "is within --tolerance percent of the fastest config known there (the sweep's covering set, with "
        "devices in place of shapes), printed as an @triton.autotune decorator whose comments name the devices "
        "each config serves; or says why no such list exists (a device on which nothing runs).\n\n"
        "Exit codes: 0 compared and a list exists, 1 a device could not be tuned, no list exists or the run was "
        "stopped, 2 bad usage or unreadable input.",
        options({{functionOption(), argOption(), gridOption(),
                  required(repeatable(valued("devices", "A,B[,C...]",
                                             "the devices to compare, by SoC name (two or more; `all` = every "
                                             "profile; see `tilescope devices`)",
                                             Completion::Device))),
                  backendOption(), deviceFileOption(),
                  valued("tolerance", "PCT",
                         "how far from each device's fastest config the list may be, in percent (default 5)"),
                  valued("export", "FILE.py", "also write the config list to this file", Completion::File, {"py"})},
                 tuningOptions(/*withUbTuner=*/false), cachingOptions(),
                 {jsonOption("the comparison as a \"tilescope.device-compare/1\" document (docs/OUTPUT.md)")}}),
        runCompareDevices);
}

CommandSpec batchCommand()
{
    return command(
        "batch",
        "tune for CI: every workload on every device, JSON report, JUnit XML, baseline regressions, --shard I/N",
        {"WORKLOAD.json... | CAPTURE_DIR...", Completion::File, {"json"}, {}},
        "Tunes every workload on every device (default: each workload's own device; a capture folder of "
        "`tilescope capture` stands for its autotuned workloads), reusing fresh cache "
        "entries, and writes a JSON report and a JUnit XML file with one test case per workload and device. A "
        "tuning that fails, or whose best median time grew by more than --max-regression percent over the "
        "--baseline report (a previous --report), is a failure with the reason. Progress goes to stderr; no "
        "display is needed. Each workload file is its own launch, so batch takes no --function, --arg or --grid.\n\n"
        "--shard I/N takes every N-th workload of the sorted list, starting with the I-th, so N jobs given the "
        "same list share the work; join their caches afterwards with `tilescope cache merge`.\n\n"
        "Exit codes: 0 every case passed, 1 failures or regressions, 2 bad usage or unreadable input.",
        options({{repeatable(valued("device", "D[,D...]",
                                    "the devices to tune on, by SoC name; `all` = every profile (default: each "
                                    "workload's own device)",
                                    Completion::Device)),
                  backendOption("tune every workload under this Triton-Ascend version (default: each workload's own "
                                "\"backend\", else the newest; see `tilescope backends`)"),
                  deviceFileOption(),
                  valued("report", "FILE.json", "write the JSON report here", Completion::File, {"json"}),
                  valued("junit", "FILE.xml", "write the JUnit XML here", Completion::File, {"xml"}),
                  valued("baseline", "FILE.json", "a previous --report to compare the best times with",
                         Completion::File, {"json"}),
                  valued("max-regression", "PCT",
                         "how much slower than the baseline a best time may get, in percent (default 5; needs "
                         "--baseline)"),
                  valued("shard", "I/N", "tune the I-th of N shares of the workloads")},
                 tuningOptions(),
                 cachingOptions(cacheOption("one config cache for every workload (default "
                                            ".tilescope/cache.sqlite beside each workload)"))}),
        runBatch);
}

CommandSpec cacheCommand()
{
    std::vector<CommandSpec> subcommands = {
        command("list", "the stored tunings, one line each", {"[WORKLOAD.json ...]", Completion::File, {"json"}, {}},
                "Lists the stored tunings, one line each; entries of the given workloads' kernels whose source "
                "changed are marked [stale]. Tunings of each backend version are separate entries; --backend "
                "lists only those of one version.",
                {jsonOption("the tunings as a JSON array"),
                 backendOption("only the tunings made under this Triton-Ascend version")}),
        command("show", "one tuning: key, best, every candidate", {"ID", Completion::None, {}, {}},
                "Shows one tuning by the id `cache list` prints: its key, its best config and every candidate "
                "with status, reason and p50.",
                {jsonOption("the stored tuning report as JSON")}),
        command("export", "every tuning as portable JSON", {"FILE.json", Completion::File, {"json"}, {}},
                "Writes every tuning of the cache to FILE.json, portable between machines.", {}),
        command("import", "merge a JSON export (newest wins per key)", {"FILE.json", Completion::File, {"json"}, {}},
                "Merges a file written by `cache export` into the cache; the newest tuning wins per key.", {}),
        command("merge", "join other caches into this one (newest wins per key)",
                {"A.sqlite B.sqlite ...", Completion::File, {"sqlite"}, {}},
                "Joins other cache files into --cache, for example the caches of sharded CI jobs; the newest "
                "tuning wins per key.",
                {}),
        command("prune", "drop entries that are stale or superseded", {"[WORKLOAD.json ...]", Completion::File, {"json"}, {}},
                "Drops entries whose kernel source differs from the newest entry of the same kernel (superseded), "
                "entries of another simulator version, entries of the given workloads' kernels whose source "
                "changed since (stale), and with --older-than, entries older than DAYS.",
                {valued("older-than", "DAYS", "also drop entries older than DAYS (a number, may have a fraction)"),
                 flag("dry-run", "print what would be removed and remove nothing"),
                 backendOption("only drop entries made under this Triton-Ascend version")}),
    };
    for (CommandSpec& s : subcommands)
        s.options.push_back(cacheOption("the cache file (default .tilescope/cache.sqlite in the current folder)"));
    return commandWithSubcommands("cache", "the config cache: list, show, export, import, merge, prune",
                                  "Reads and maintains a config cache file. Every subcommand takes --cache PATH "
                                  "(default: .tilescope/cache.sqlite in the current folder).",
                                  std::move(subcommands), runCache);
}

CommandSpec measureCommand()
{
    const std::string diskCacheVersions = versionsWhere(
        [](const backends::BackendPolicy& p) { return p.autotuneCacheFile() == backends::AutotuneCacheFile::DiskCache; });
    // The version that prints rough times: the one whose autotune prunes by a time limit (cube kernels).
    const std::string timeLimitVersions = versionsWhere([](const backends::BackendPolicy& p) {
        analysis::AxisParse cube;
        cube.kernelType = "cube";
        return p.prunesByTimeLimit(cube);
    });
    const OptionSpec measuredOn =
        valued("measured-on", "NAME", "the measured device (as the runner names it, e.g. \"NVIDIA H100 80GB HBM3\")");
    return commandWithSubcommands(
        "measure", "timings measured on real hardware: import them, compare them with the simulator's",
        "Measured timings live in the config cache beside the simulated tunings, keyed by the launch "
        "(kernel, key values, dtypes, backend version) with the measured device and the software "
        "versions. The formats are described in docs/MEASUREMENTS.md.",
        {command("import", "read measurement files into the config cache", {"FILE ...", Completion::File, {}, {}},
                 "Reads the runner's JSON (tilescope.measurements/1), Triton .autotune.json files (upstream Triton's "
                 "autotuner with cache_results, and Triton-Ascend " + diskCacheVersions + "'s disk cache) and "
                 "TRITON_PRINT_AUTOTUNING=1 logs (per-config timing lines, " + timeLimitVersions + "'s rough times and "
                 "the \"best config selected\" line) and "
                 "stores their measurements in the config cache. Every file is checked first; a file with an error "
                 "(named with its line) stores nothing from any file. Importing the same measurements again adds "
                 "nothing: they are counted as duplicates. Entries left out (not run, a config of another kernel) are "
                 "counted with the reason.",
                 options({{valued("workload", "W.json",
                                  "the launch the files were measured for; required for .autotune.json files and "
                                  "logs, which name none (the runner's JSON names its own)",
                                  Completion::File, {"json", "py"}),
                           valued("measured-on", "NAME", "the device of files that do not name one (.autotune.json "
                                                         "files, logs; default \"unknown\")"),
                           cacheOption("the config cache (default .tilescope/cache.sqlite beside the workload)"),
                           jsonOption("the counts per file as a \"tilescope.measure-import/1\" document")},
                          workloadOptions()})),
         command("compare", "simulated vs measured for one launch", workloadPositional(),
                 "Simulates every config measured for the launch (on --device, default the workload's) and compares "
                 "the two rankings: Spearman and Kendall tau-b rank correlation, top-1 regret (the measured time of "
                 "the simulator's pick divided by the measured best), top-k recall, and per config the ratio "
                 "simulated/measured, the largest deviations listed as outliers. A config measured several times "
                 "counts with the median of its p50s.",
                 options({{measuredOn, valued("top-k", "K", "the k of top-k recall (default 5)"), cacheOption(),
                           benchMethodOption(), jobsOption(), seedOption(),
                           jsonOption("the comparison as a \"tilescope.measure-compare/1\" document")},
                          workloadOptions()})),
         command("list", "the stored measurements", {"[WORKLOAD.json | KERNEL.py]", Completion::File, {"json", "py"}, {}},
                 "Lists the measurements of the cache, or only those of the given launch.",
                 options({{measuredOn,
                           cacheOption("the config cache (default .tilescope/cache.sqlite beside the workload, or "
                                       "in the current folder without one)"),
                           jsonOption("the measurements as a \"tilescope.measure-list/1\" document")},
                          workloadOptions()}))},
        runMeasure);
}

CommandSpec devicesCommand()
{
    return command("devices", "the bundled device profiles", {},
                   "Lists the device profiles: cores, clock, UB, HBM bandwidth, and whether Triton-Ascend supports "
                   "the SoC. Every figure in a profile carries its source.",
                   {deviceFileOption(), jsonOption("the profiles as JSON, every figure with its source"),
                    flag("names", "the SoC names only, one a line (for scripts and shell completion)")},
                   runDevices);
}

CommandSpec backendsCommand()
{
    return command("backends",
                   "the Triton-Ascend versions TileScope models, for --backend and the workload's \"backend\"", {},
                   "Lists every backend version TileScope can model: its name (what --backend and a workload's "
                   "\"backend\" field take), the public repository and commit whose autotune runtime it follows, "
                   "the commit's date and what that runtime does. The newest is the default.",
                   {jsonOption("the versions as a \"tilescope.backends/1\" document")}, runBackends);
}

CommandSpec helpCommand()
{
    return command("help", "this overview, a command's help, or the whole reference as Markdown or a man page",
                   {"[COMMAND [SUBCOMMAND]]", Completion::Command, {}, {}},
                   "Prints the overview of the commands, or with COMMAND that command's help (as `tilescope "
                   "COMMAND --help` does), or with SUBCOMMAND too, that subcommand's.",
                   {flag("markdown", "the reference of every command as Markdown (README.md's CLI reference)"),
                    flag("man", "the reference as a roff man page, tilescope(1)"),
                    jsonOption("the command table itself as JSON (commands, options, values, completion), for tools")},
                   runHelp);
}

CommandSpec runnerCommand()
{
    CommandSpec exportSub = command(
        "export", "write a Python script that measures the candidates on a real NPU or GPU", workloadPositional(),
        "Writes one self-contained Python script (standard library plus the machine's own triton and torch) "
        "that imports the kernel file, builds the workload's launch, runs every candidate config with "
        "triton.testing.do_bench (quantiles 0.5/0.2/0.8), or Triton-Ascend's NPU profiler where torch_npu "
        "is present, and writes each candidate's status (ok, compile_failed, run_failed, timeout), "
        "p50/p20/p80, the device and the triton and torch versions as JSON for `tilescope measure import` "
        "(format: docs/MEASUREMENTS.md).\n\n"
        "The script resumes an interrupted run from its results file, shows progress, and honours a time "
        "budget. On a GPU with upstream Triton it leaves out Ascend-only compile options (multibuffer, ...) "
        "and says so in its output. The kernel file is found relative to the script, as it lay at export; "
        "`--kernel PATH` on the script's command line overrides that.",
        options({workloadOptions(),
                 {valued("candidates", "SOURCE|FILE",
                         "what to measure: generated (the backend's list, default), handwritten (the decorator's "
                         "configs), lattice (every valid lattice point), or a FILE: Python with triton.Config(...) "
                         "calls (an exported list), a runner results file, or a JSON list of {kwargs, num_warps, "
                         "num_stages}",
                         Completion::File, {"py", "json"}),
                  valued("limit", "N", "at most N candidates, spread evenly over the list (first, last, equal steps)"),
                  valued("time-budget", "SECONDS",
                         "the script's default budget for the whole run (0, the default: none; the script's "
                         "--time-budget overrides it)"),
                  valued("timeout", "SECONDS",
                         "the script's default limit per candidate, compile and timing together (default 120)"),
                  outputOption("FILE", "where to write the script (default: standard output)", {"py"})}}));
    return commandWithSubcommands("runner", "measure candidates on real hardware: export a self-contained benchmark script",
                                  "Exports a script that runs a workload's candidates on the user's own NPU "
                                  "(Triton-Ascend) or CUDA GPU (upstream Triton) and records measured times, which "
                                  "`tilescope measure import` brings back beside the simulated ones.",
                                  {std::move(exportSub)}, runRunner);
}

CommandSpec calibrateCommand()
{
    return command(
        "calibrate", "fit a device profile's uncertain figures to measured times; writes a profile for --device-file",
        {"[MEASUREMENTS.json...]", Completion::File, {"json"}, {}},
        "Reads runner results files (`tilescope runner export`, format docs/MEASUREMENTS.md; one file per kernel, "
        "its `ok` candidates are the samples) and, with --cache, the timed measurements of a config cache, "
        "whatever they were imported from (runner JSON, Triton .autotune.json files, TRITON_PRINT_AUTOTUNING logs: "
        "`tilescope measure import`; one sample per launch and config, the median of its runs, the launch "
        "simulated with the workload it was imported with). It compiles each measured candidate once on the simulated device, and "
        "fits the profile's guessed and fitted figures, launch overheads, bandwidths, per-cycle rates and L2 "
        "figures by least squares on log time (Levenberg-Marquardt on the figures' logarithms, each within "
        "--bound of its value, pulled weakly towards it). Figures the trace compiler reads are held unless "
        "--recompile is given; figures that move no measured candidate are held too; both are listed.\n\n"
        "Whole kernels are held out (default: every other kernel in name order) and the report gives, for the "
        "fitted and the held-out kernels, before and after: the RMS of log(simulated / measured), the geometric "
        "mean ratio, Spearman's rank correlation per kernel (mean) and the top-1 regret (measured time of the "
        "simulator's pick / measured best).\n\n"
        "-o writes the profile with every changed figure marked F (fitted) and its source naming the "
        "measurements and the value before; load it with --device-file. The file must be named after the SoC "
        "(Ascend910B2.json); -o DIR writes DIR/<SoC>.json.\n\n"
        "Exit codes: 0 fitted, 2 bad usage or unreadable input, 1 nothing could be fitted.",
        {required(valued("device", "NAME", "the SoC whose profile is fitted, e.g. Ascend910B2", Completion::Device)),
         deviceFileOption(),
         cacheOption("a config cache whose measurements are samples too (tilescope measure import); each kernel is "
                     "named after the workload file it was imported with"),
         valued("measured-on", "NAME", "--cache: the measured device whose measurements are used (default: the only one)"),
         valued("figures", "F[,F...]",
                "fit exactly these figures (profile figures or ones the simulator falls back to); default: every "
                "guessed or fitted figure and the unsourced overheads, bandwidths, rates and L2 figures"),
         valued("holdout", "K[,K...]",
                "the kernels to hold out, by file name less .measurements.json, or the workload's file name less "
                ".json for the cache's (default: every other kernel)"),
         flag("no-holdout", "fit to every kernel, hold none out"),
         flag("recompile", "also fit the figures the trace compiler reads (instruction and DMA costs), compiling "
                           "every candidate again at each step (slower)"),
         valued("bound", "K", "keep each figure within [before / K, before x K] (default 8)"),
         valued("max-iterations", "N", "Levenberg-Marquardt iterations at most (default 60)"),
         outputOption("FILE|DIR", "write the fitted profile here (a device file, named <SoC>.json)", {"json"}),
         jsonOption("the report as a \"tilescope.calibration/1\" document")},
        runCalibrate);
}

CommandSpec captureCommand()
{
    return command(
        "capture", "run your own program and write a workload for every autotuned Triton launch it makes",
        {"-- COMMAND [ARGS...] | list DIR", Completion::File, {}, {}},
        "Runs COMMAND (your program, unchanged: `tilescope capture -- python3 train.py --steps 10`) with a hook "
        "that records every launch of a @triton.autotune kernel: the kernel's file and function, every argument "
        "(tensors by dtype, shape, strides and device, never their contents; scalars by value; constexprs), the "
        "grid (the lambda's source where it can be read, else the grid the launch evaluated), the decorator's "
        "key, configs and hints, the launch options, the tuner's choice and timings, and the Triton, "
        "Triton-Ascend and torch versions. It works with upstream Triton's autotuner and Triton-Ascend's, in "
        "every Python process the command starts; the hook is a sitecustomize put first on the program's "
        "PYTHONPATH, and only observes. Options go before the `--`; everything after it is the command.\n\n"
        "The capture folder (-o) gets one workload per kernel and autotune key value (a model with 40 layers of "
        "one kernel gives one workload per shape, not 40), each beside a copy of its kernel's source, the "
        "tuner's own timings as Triton's <workload>.autotune.json where it benchmarked, the hook's records "
        "(raw/), and capture.json, the index with the launch count of every workload. `tilescope DIR` opens the "
        "explorer on its list, `tilescope batch DIR` and `tilescope sweep DIR` tune them, and `capture list DIR` "
        "prints it.\n\n"
        "Exit status: the program's (a capture that saw no autotuned launch says so, and still exits with it); 2 "
        "bad usage or a capture folder that is in the way; 127 a command that cannot be run. With --from-raw: 0 "
        "written, 1 some launches could not be written, 2 unreadable input.",
        {outputOption("DIR", "the capture folder to write (default: tilescope-capture); it must not exist, or be "
                             "empty"),
         flag("all-jit", "also record every @triton.jit launch, not only the autotuned ones"),
         backendOption("write this Triton-Ascend version into every workload (default: none, so the newest is "
                       "used)"),
         valued("from-raw", "RAW",
                "write the capture folder from the records of the hook run alone (python3 tilescope_capture.py -o RAW "
                "-- COMMAND, where TileScope is not installed) instead of running a command",
                Completion::File),
         jsonOption("capture list: the index as a \"tilescope.capture/1\" document (docs/OUTPUT.md)")},
        runCapture);
}

CommandSpec completionCommand()
{
    return command("completion", "a shell completion script for bash or zsh",
                   {"SHELL", Completion::Enum, {}, {{"bash", ""}, {"zsh", ""}}},
                   "Prints a script that completes commands, subcommands, options, their values, files and device "
                   "names. For bash: `source <(tilescope completion bash)` (or save it under "
                   "/etc/bash_completion.d/); for zsh: `source <(tilescope completion zsh)`.",
                   {}, runCompletion);
}

std::vector<CommandSpec> buildTable()
{
    return {captureCommand(),  analyzeCommand(),  spaceCommand(),   tuneCommand(),    exportCommand(),  runnerCommand(),
            measureCommand(),  calibrateCommand(), sweepCommand(), compareDevicesCommand(), batchCommand(),   cacheCommand(),
            devicesCommand(),  backendsCommand(), helpCommand(),   completionCommand()};
}

} // namespace

const std::vector<CommandSpec>& commandTable()
{
    static const std::vector<CommandSpec> table = buildTable();
    return table;
}

} // namespace ts::cli
