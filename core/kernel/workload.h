#pragma once
// A workload (launch spec): which kernel, with which arguments, grid and device.
//
//   {"kernel": "add.py", "function": "add_kernel",
//    "args": {"x_ptr": {"tensor": "float16", "shape": [98432]}, "n_elements": 98432},
//    "grid": "lambda meta: (triton.cdiv(n_elements, meta['BLOCK_SIZE']),)" | [48, 1],
//    "device": "Ascend910B2", "backend": "2026-04"}
//
// "backend" names the Triton-Ascend version whose autotune is modelled (backend_version.h);
// without it the workload gets the default (defaultBackend()).
// Paths are relative to the workload file. An argument left out is not passed at launch (a
// constexpr left out is a tuning candidate). Unknown top-level fields are ignored.

#include "core/kernel/backend_version.h"
#include "core/util/diagnostic.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ts::kernel {

struct ArgValue {
    enum class Kind { Int, Float, Bool, Str, None, Tensor };
    Kind kind = Kind::Int;
    std::int64_t intValue = 0;
    double floatValue = 0.0;
    bool boolValue = false;
    std::string text;
    std::string dtype;                // Tensor
    std::vector<std::int64_t> shape;  // Tensor

    static ArgValue integer(std::int64_t v);
    static ArgValue tensor(std::string dtype, std::vector<std::int64_t> shape);
    std::string describe() const;     // "98432", "float16[4096, 1024]", "True"
};

struct GridArg {
    enum class Kind { None, Expression, Static };
    Kind kind = Kind::None;
    std::string expression;              // Expression: Python source, e.g. a lambda
    std::vector<std::int64_t> dims;      // Static
};

struct Workload {
    std::string path;            // the workload file ("" when built from the command line)
    std::string kernelPath;      // resolved against the workload's folder
    std::string function;        // may be empty: the file's one autotuned kernel
    std::vector<std::pair<std::string, ArgValue>> args;  // in file order
    GridArg grid;
    std::string device = "Ascend910B2";
    BackendVersion backend; // the default version unless set
    std::string benchMethod;     // "default" | "npu" | "" (not given)
    std::optional<std::uint64_t> seed;

    const ArgValue* arg(std::string_view name) const;
    void setArg(const std::string& name, ArgValue value);
};

struct WorkloadLoadResult {
    std::optional<Workload> workload;
    Diagnostics diagnostics;  // errors name the file (and line for malformed JSON)
};

WorkloadLoadResult loadWorkload(const std::string& path);
WorkloadLoadResult parseWorkload(const std::string& text, const std::string& path);

// The workload as the JSON text parseWorkload reads back into the same launch, with the kernel's
// path absolute (the text may be kept anywhere: the explorer's session keeps an edited launch).
std::string workloadText(const Workload& workload);

// Parses a command-line value: 98432, 1.5, true/false/True/False, None, "float16[4096,1024]"
// (a tensor), or any other text as a string.
std::optional<ArgValue> parseArgValue(const std::string& text, std::string* error);

// The byte size of a tensor dtype ("float16" -> 2), nullopt when unknown.
std::optional<int> dtypeBytes(std::string_view dtype);

} // namespace ts::kernel
