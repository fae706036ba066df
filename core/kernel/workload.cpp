#include "core/kernel/workload.h"

#include "core/util/diagnostic_make.h"
#include "core/util/dtype.h"
#include "core/util/input_file.h"
#include "core/util/json_reader.h"
#include "core/util/message.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace ts::kernel {
namespace {

using Json = nlohmann::ordered_json;

// Grid dimensions count programs in 32 bits on every backend.
constexpr std::int64_t kMaxGridDimension = INT32_MAX;

std::string stripTorchPrefix(std::string_view dtype)
{
    if (dtype.rfind("torch.", 0) == 0)
        dtype.remove_prefix(6);
    return std::string(dtype);
}

class Reader {
public:
    Reader(const std::string& path, Diagnostics& diagnostics) : m_path(path), m_diagnostics(diagnostics) {}

    void error(msg::Message message)
    {
        m_diagnostics.push_back(
            makeDiagnostic("bad-workload", Severity::Error, m_path, 0, 0, std::move(message)));
    }

    std::optional<ArgValue> argValue(const std::string& name, const Json& value)
    {
        using msg::Id;
        switch (value.type()) {
        case Json::value_t::number_integer:
        case Json::value_t::number_unsigned:
            if (value.is_number_unsigned() && value.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)) {
                error({Id::WorkloadArgTooLarge, {name}});
                return std::nullopt;
            }
            return ArgValue::integer(value.get<std::int64_t>());
        case Json::value_t::number_float: {
            ArgValue v;
            v.kind = ArgValue::Kind::Float;
            v.floatValue = value.get<double>();
            return v;
        }
        case Json::value_t::boolean: {
            ArgValue v;
            v.kind = ArgValue::Kind::Bool;
            v.boolValue = value.get<bool>();
            v.intValue = v.boolValue ? 1 : 0;
            return v;
        }
        case Json::value_t::string: {
            ArgValue v;
            v.kind = ArgValue::Kind::Str;
            v.text = value.get<std::string>();
            return v;
        }
        case Json::value_t::null: {
            ArgValue v;
            v.kind = ArgValue::Kind::None;
            return v;
        }
        case Json::value_t::object: {
            if (!value.contains("tensor")) {
                error({Id::WorkloadArgNotTensor, {name}});
                return std::nullopt;
            }
            if (!value["tensor"].is_string()) {
                error({Id::WorkloadTensorDtypeNotText, {name}});
                return std::nullopt;
            }
            const std::string dtype = stripTorchPrefix(value["tensor"].get<std::string>());
            if (!dtypeBytes(dtype)) {
                error({Id::WorkloadTensorDtypeUnknown, {name, dtype}});
                return std::nullopt;
            }
            std::vector<std::int64_t> shape;
            if (value.contains("shape")) {
                const Json& s = value["shape"];
                if (!s.is_array()) {
                    error({Id::WorkloadShapeNotList, {name}});
                    return std::nullopt;
                }
                // A tensor's elements are counted (and its bytes summed) in 64 bits downstream.
                constexpr std::int64_t kMaxElements = std::int64_t(1) << 48;
                std::int64_t elements = 1;
                for (const Json& d : s) {
                    const std::optional<std::int64_t> size = util::jsonInteger(d, 0, kMaxElements);
                    if (!size) {
                        error({Id::WorkloadShapeSize, {name, util::describeJson(d)}});
                        return std::nullopt;
                    }
                    shape.push_back(*size);
                    if (__builtin_mul_overflow(elements, *size, &elements) || elements > kMaxElements) {
                        error({Id::WorkloadShapeTooManyElements, {name}});
                        return std::nullopt;
                    }
                }
            }
            return ArgValue::tensor(dtype, std::move(shape));
        }
        default:
            error({Id::WorkloadArgUnsupported, {name, util::describeJson(value)}});
            return std::nullopt;
        }
    }

private:
    const std::string& m_path;
    Diagnostics& m_diagnostics;
};

} // namespace

ArgValue ArgValue::integer(std::int64_t v)
{
    ArgValue a;
    a.kind = Kind::Int;
    a.intValue = v;
    return a;
}

ArgValue ArgValue::tensor(std::string dtype, std::vector<std::int64_t> shape)
{
    ArgValue a;
    a.kind = Kind::Tensor;
    a.dtype = std::move(dtype);
    a.shape = std::move(shape);
    return a;
}

std::string ArgValue::describe() const
{
    switch (kind) {
    case Kind::Int: return std::to_string(intValue);
    case Kind::Float: {
        std::ostringstream s;
        s << floatValue;
        return s.str();
    }
    case Kind::Bool: return boolValue ? "True" : "False";
    case Kind::Str: return "'" + text + "'";
    case Kind::None: return "None";
    case Kind::Tensor: {
        std::string out = dtype + "[";
        for (std::size_t i = 0; i < shape.size(); ++i)
            out += (i ? ", " : "") + std::to_string(shape[i]);
        return out + "]";
    }
    }
    return {};
}

const ArgValue* Workload::arg(std::string_view name) const
{
    for (const auto& [n, v] : args)
        if (n == name)
            return &v;
    return nullptr;
}

void Workload::setArg(const std::string& name, ArgValue value)
{
    for (auto& [n, v] : args)
        if (n == name) {
            v = std::move(value);
            return;
        }
    args.emplace_back(name, std::move(value));
}

std::optional<int> dtypeBytes(std::string_view dtype)
{
    return dtypeSize(dtype);
}

WorkloadLoadResult parseWorkload(const std::string& text, const std::string& path)
{
    WorkloadLoadResult result;
    util::JsonRead<Json> read = util::readOrderedJson(text, path);
    if (!read.ok()) {
        result.diagnostics.push_back(makeDiagnostic("bad-workload", Severity::Error, path, read.line,
                                                    read.column,
                                                    msg::Message(msg::Id::NotValidJson, {read.message})));
        return result;
    }
    const Json& root = read.value;
    Reader reader(path, result.diagnostics);
    using msg::Id;
    if (!root.is_object()) {
        reader.error(Id::WorkloadNotObject);
        return result;
    }
    Workload w;
    w.path = path;
    const std::filesystem::path base = std::filesystem::path(path).parent_path();
    if (!root.contains("kernel") || !root["kernel"].is_string() || root["kernel"].get<std::string>().empty()) {
        reader.error(Id::WorkloadKernelPath);
    } else {
        std::filesystem::path kernel = root["kernel"].get<std::string>();
        w.kernelPath = (kernel.is_absolute() ? kernel : base / kernel).lexically_normal().string();
    }
    if (root.contains("function")) {
        if (root["function"].is_string())
            w.function = root["function"].get<std::string>();
        else if (!root["function"].is_null())
            reader.error(Id::WorkloadFunctionName);
    }
    if (root.contains("args")) {
        if (!root["args"].is_object()) {
            reader.error(Id::WorkloadArgsNotObject);
        } else {
            for (const auto& [name, value] : root["args"].items())
                if (auto v = reader.argValue(name, value))
                    w.args.emplace_back(name, std::move(*v));
        }
    }
    if (root.contains("grid")) {
        const Json& g = root["grid"];
        if (g.is_string()) {
            w.grid.kind = GridArg::Kind::Expression;
            w.grid.expression = g.get<std::string>();
        } else if (g.is_number()) {
            w.grid.kind = GridArg::Kind::Static;
            if (const auto programs = util::jsonInteger(g, 0, kMaxGridDimension))
                w.grid.dims = {*programs};
            else
                reader.error({Id::WorkloadGridStaticRange, {util::describeJson(g)}});
        } else if (g.is_array()) {
            w.grid.kind = GridArg::Kind::Static;
            for (const Json& d : g) {
                const auto programs = util::jsonInteger(d, 0, kMaxGridDimension);
                if (!programs) {
                    reader.error({Id::WorkloadGridListRange, {util::describeJson(d)}});
                    break;
                }
                w.grid.dims.push_back(*programs);
            }
            if (w.grid.dims.empty() || w.grid.dims.size() > 3)
                reader.error(Id::WorkloadGridRank);
        } else if (!g.is_null()) {
            reader.error(Id::WorkloadGridType);
        }
    }
    if (root.contains("device")) {
        if (root["device"].is_string())
            w.device = root["device"].get<std::string>();
        else
            reader.error(Id::WorkloadDevice);
    }
    if (root.contains("backend")) {
        const Json& b = root["backend"];
        const std::optional<BackendVersion> version =
            b.is_string() ? parseBackendVersion(b.get<std::string>()) : std::nullopt;
        if (version) {
            w.backend = *version;
        } else {
            // Where the value is, so that a typo in a long workload is easy to find.
            std::size_t at = text.find("\"backend\"");
            if (at != std::string::npos) {
                at = text.find_first_not_of(" \t\r\n", at + 9);
                if (at != std::string::npos && text[at] == ':')
                    at = text.find_first_not_of(" \t\r\n", at + 1);
            }
            const auto [line, column] = at == std::string::npos ? std::pair{0, 0} : util::lineColumnAt(text, at);
            result.diagnostics.push_back(
                makeDiagnostic("bad-workload", Severity::Error, path, line, column,
                               {Id::WorkloadBackendUnknown, {util::describeJson(b), backendNames()}}));
        }
    }
    if (root.contains("bench_method")) {
        const Json& m = root["bench_method"];
        if (m.is_string() && (m == "default" || m == "npu"))
            w.benchMethod = m.get<std::string>();
        else
            reader.error(Id::WorkloadBenchMethod);
    }
    if (root.contains("seed")) {
        if (root["seed"].is_number_unsigned())
            w.seed = root["seed"].get<std::uint64_t>();
        else
            reader.error(Id::WorkloadSeed);
    }
    if (!hasErrors(result.diagnostics))
        result.workload = std::move(w);
    return result;
}

std::string workloadText(const Workload& w)
{
    Json args = Json::object();
    for (const auto& [name, v] : w.args) {
        switch (v.kind) {
        case ArgValue::Kind::Int: args[name] = v.intValue; break;
        case ArgValue::Kind::Float: args[name] = v.floatValue; break;
        case ArgValue::Kind::Bool: args[name] = v.boolValue; break;
        case ArgValue::Kind::Str: args[name] = v.text; break;
        case ArgValue::Kind::None: args[name] = nullptr; break;
        case ArgValue::Kind::Tensor: args[name] = Json{{"tensor", v.dtype}, {"shape", v.shape}}; break;
        }
    }
    Json out = Json::object();
    std::error_code ec;
    out["kernel"] = std::filesystem::absolute(w.kernelPath, ec).lexically_normal().string();
    if (!w.function.empty())
        out["function"] = w.function;
    out["args"] = std::move(args);
    if (w.grid.kind == GridArg::Kind::Expression)
        out["grid"] = w.grid.expression;
    else if (w.grid.kind == GridArg::Kind::Static)
        out["grid"] = w.grid.dims;
    out["device"] = w.device;
    out["backend"] = std::string(backendName(w.backend));
    if (!w.benchMethod.empty())
        out["bench_method"] = w.benchMethod;
    if (w.seed)
        out["seed"] = *w.seed;
    return util::jsonText(out, 2);
}

WorkloadLoadResult loadWorkload(const std::string& path)
{
    const util::InputText input = util::readInputFile(path, util::kMaxSmallInputBytes);
    if (!input.ok()) {
        WorkloadLoadResult result;
        result.diagnostics.push_back(makeDiagnostic("unreadable-file", Severity::Error, path, 0, 0,
                                                    msg::Message(msg::Id::WorkloadUnreadable, {input.what})));
        return result;
    }
    return parseWorkload(input.text, path);
}

std::optional<ArgValue> parseArgValue(const std::string& text, std::string* error)
{
    if (text.empty()) {
        if (error)
            *error = "empty value";
        return std::nullopt;
    }
    std::int64_t integer = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), integer);
    if (ec == std::errc() && end == text.data() + text.size())
        return ArgValue::integer(integer);
    if (ec == std::errc::result_out_of_range) {
        if (error)
            *error = "integer too large: " + text;
        return std::nullopt;
    }
    if (text == "true" || text == "True" || text == "false" || text == "False") {
        ArgValue v;
        v.kind = ArgValue::Kind::Bool;
        v.boolValue = text[0] == 't' || text[0] == 'T';
        v.intValue = v.boolValue;
        return v;
    }
    if (text == "None" || text == "null") {
        ArgValue v;
        v.kind = ArgValue::Kind::None;
        return v;
    }
    // dtype[dims]: a tensor
    if (auto open = text.find('['); open != std::string::npos && text.back() == ']') {
        const std::string dtype = stripTorchPrefix(text.substr(0, open));
        if (!dtypeBytes(dtype)) {
            if (error)
                *error = "unknown tensor dtype '" + dtype + "'";
            return std::nullopt;
        }
        std::vector<std::int64_t> shape;
        std::string dims = text.substr(open + 1, text.size() - open - 2);
        std::stringstream ss(dims);
        std::string item;
        while (std::getline(ss, item, ',')) {
            const auto first = item.find_first_not_of(" \t");
            const auto last = item.find_last_not_of(" \t");
            if (first == std::string::npos)
                continue;
            item = item.substr(first, last - first + 1);
            std::int64_t d = 0;
            auto [e, c] = std::from_chars(item.data(), item.data() + item.size(), d);
            if (c != std::errc() || e != item.data() + item.size() || d < 0) {
                if (error)
                    *error = "bad tensor size '" + item + "'";
                return std::nullopt;
            }
            shape.push_back(d);
        }
        return ArgValue::tensor(dtype, std::move(shape));
    }
    char* endp = nullptr;
    const double real = std::strtod(text.c_str(), &endp);
    if (endp && *endp == '\0' && std::isfinite(real)) {
        ArgValue v;
        v.kind = ArgValue::Kind::Float;
        v.floatValue = real;
        return v;
    }
    ArgValue v;
    v.kind = ArgValue::Kind::Str;
    v.text = text;
    return v;
}

} // namespace ts::kernel
