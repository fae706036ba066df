#include "core/measure/measurement_import.h"

#include "core/export/python_literal.h"
#include "core/util/input_file.h"

#include <fstream>
#include <sstream>

namespace ts::measure {
namespace {

std::string joined(const std::vector<std::string>& items)
{
    std::string out = "(";
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i ? ", " : "") + items[i];
    return out + (items.size() == 1 ? ",)" : ")");
}

std::string withoutSpaces(std::string_view text)
{
    std::string out;
    for (char c : text)
        if (c != ' ')
            out.push_back(c == '"' ? '\'' : c);
    return out;
}

// The launch key as Python prints the key tuple: values as repr(), dtypes as 'torch.float16'.
std::string keyTupleText(const cache::TuningKey& launch)
{
    std::vector<std::string> items;
    for (const auto& [name, value] : launch.keyValues)
        items.push_back(value);
    for (const std::string& dtype : launch.dtypes)
        items.push_back("'" + dtype + "'");
    return joined(items);
}

} // namespace

std::vector<std::string> tritonKeyStrings(const cache::TuningKey& launch)
{
    std::vector<std::string> key;
    for (const auto& [name, value] : launch.keyValues) {
        const auto json = exporter::literalToJson(value);
        key.push_back(json && json->is_string() ? json->get<std::string>() : value);
    }
    for (const std::string& dtype : launch.dtypes)
        key.push_back(dtype.find('.') == std::string::npos ? "torch." + dtype : dtype);
    return key;
}

std::optional<SourceFormat> detectFormat(std::string_view text)
{
    std::size_t i = 0;
    if (text.substr(0, 3) == "\xef\xbb\xbf")
        i = 3;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\n' || text[i] == '\r' || text[i] == '\t'))
        ++i;
    if (i < text.size() && text[i] == '{') {
        if (text.find("tilescope.measurements/") != std::string_view::npos)
            return SourceFormat::Runner;
        if (text.find("\"configs_timings\"") != std::string_view::npos)
            return SourceFormat::TritonAutotuneJson;
        return std::nullopt;
    }
    if (text.find("Triton autotuning") != std::string_view::npos)
        return SourceFormat::AutotuningLog;
    return std::nullopt;
}

ParseOutcome parseMeasurementFile(const std::string& path, std::optional<kernel::BackendVersion> backend)
{
    ParseOutcome out;
    const util::InputText input = util::readInputFile(path);
    if (!input.ok()) {
        out.error = input.error;
        return out;
    }
    const std::string& text = input.text;
    const auto format = detectFormat(text);
    if (!format) {
        out.error = path + ":1: not a measurements file: expected the runner's JSON (tilescope.measurements/1), a "
                           "Triton .autotune.json (\"configs_timings\") or a TRITON_PRINT_AUTOTUNING=1 log";
        return out;
    }
    switch (*format) {
    case SourceFormat::Runner: return parseRunnerJson(text, path);
    case SourceFormat::TritonAutotuneJson: return parseAutotuneJson(text, path, backend);
    case SourceFormat::AutotuningLog: return parseAutotuningLog(text, path);
    }
    return out;
}

TieResult tieToLaunch(const ParsedFile& file, const cache::TuningKey& launch, const TieOptions& options)
{
    TieResult out;
    out.skipped = file.skipped;
    auto at = [&](int line) { return file.path + ":" + std::to_string(line > 0 ? line : 1) + ": "; };

    if (file.format == SourceFormat::Runner && !file.kernelName.empty() && file.kernelName != launch.kernelName) {
        out.error = at(file.kernelNameLine) + "measured kernel " + file.kernelName + ", but the workload's kernel is " +
                    launch.kernelName;
        return out;
    }
    if (file.key) {
        const std::vector<std::string> expected = tritonKeyStrings(launch);
        if (*file.key != expected) {
            out.error = at(file.keyLine) + "the file's key " + joined(*file.key) + " is not the launch key " +
                        joined(expected) + " of the workload (" + launchText(launch) +
                        "); import it with the workload it was tuned for";
            return out;
        }
    }
    const std::string device = !file.device.empty()              ? file.device
                               : !options.measuredOn.empty()     ? options.measuredOn
                                                                 : std::string("unknown");
    const std::string keyText = withoutSpaces(keyTupleText(launch));
    bool anyOwnFunction = false, anyFunction = false;
    out.measurements.reserve(file.entries.size());
    for (const ParsedEntry& entry : file.entries) {
        if (!entry.function.empty()) {
            anyFunction = true;
            if (entry.function != launch.kernelName) {
                out.skipped.push_back({entry.line, "a tuning of " + entry.function + ", not of " + launch.kernelName});
                continue;
            }
            anyOwnFunction = true;
        }
        if (!entry.keyText.empty() && withoutSpaces(entry.keyText) != keyText) {
            out.skipped.push_back({entry.line, "a tuning for key " + entry.keyText + ", not the launch key " +
                                                   keyTupleText(launch)});
            continue;
        }
        Measurement m;
        static_cast<TimedConfig&>(m) = entry;
        m.launch = launch;
        m.launch.device.clear();
        m.launch.benchMethod.clear();
        m.launch.simulatorVersion.clear();
        m.device = device;
        m.deviceKind = file.deviceKind;
        m.software = file.software;
        m.benchMethod = entry.benchMethod.empty() ? file.benchMethod : entry.benchMethod;
        m.sourceFormat = file.format;
        m.sourceFile = file.path;
        m.sourceLine = entry.line;
        out.measurements.push_back(std::move(m));
    }
    if (file.format == SourceFormat::AutotuningLog && anyFunction && !anyOwnFunction) {
        out.error = at(file.kernelNameLine) + "the log tunes " + file.kernelName + ", not the workload's kernel " +
                    launch.kernelName;
        out.measurements.clear();
    }
    return out;
}

} // namespace ts::measure
