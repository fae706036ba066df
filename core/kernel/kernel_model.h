#pragma once
// The kernel model: every @triton.jit function of a parsed file, with its parameters and its
// decorators (autotune, heuristics, jit) and their arguments, evaluated safely where they are
// literals. Built from the CPython AST; nothing of the file runs.

#include "core/python/ast.h"
#include "core/python/evaluator.h"
#include "core/python/value.h"
#include "core/util/diagnostic.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ts::kernel {

struct SourceLocation {
    int line = 0;    // 1-based
    int column = 0;  // 1-based
};

SourceLocation locationOf(const py::Node* node);

struct Parameter {
    std::string name;
    std::string annotation;        // source text of the annotation, empty when none
    bool isConstexpr = false;       // annotated `tl.constexpr` (or `triton.language.constexpr`)
    const py::Node* defaultNode = nullptr;
    std::string defaultText;       // source text of the default, empty when none
    std::optional<py::Value> defaultValue;  // evaluated default, when it is a literal
    SourceLocation location;

    bool hasDefault() const { return defaultNode != nullptr; }
};

// One keyword or positional argument of a decorator call.
struct DecoratorArgument {
    std::string name;              // keyword name, or "#0", "#1" for positional ones
    const py::Node* node = nullptr;
    std::string text;              // source text
    std::optional<py::Value> value;       // evaluated, when a literal
    std::optional<py::EvalError> evalError;
    SourceLocation location;
};

struct Decorator {
    enum class Kind { Jit, Autotune, Heuristics, Other };
    Kind kind = Kind::Other;
    bool maxAutotune = false;      // Autotune written as max_autotune(...) (2026-08 runtime)
    std::string text;              // source text of the decorator expression
    std::vector<DecoratorArgument> arguments;
    SourceLocation location;

    const DecoratorArgument* argument(std::string_view name) const;
};

// What @triton.autotune(...) says, interpreted.
struct AutotuneSpec {
    const Decorator* decorator = nullptr;
    bool configsGiven = false;
    bool configsEmpty = false;                      // configs=[]: the backend generates them
    std::vector<py::ConfigValue> configs;           // handwritten triton.Config list
    std::optional<py::EvalError> configsError;      // the config list is not a literal
    std::vector<std::string> keyList;               // key=[...]
    std::optional<std::vector<std::pair<std::string, std::string>>> keyDict;  // key={axis: arg}
    SourceLocation keyLocation;
    std::optional<py::Value> hints;                 // the hints dict
    SourceLocation hintsLocation;
    bool hasPruneConfigsBy = false;
    bool hasResetToZero = false;
    bool hasRestoreValue = false;
    bool hasPreHook = false;
    bool hasPostHook = false;
    std::vector<std::string> resetToZero;
    std::vector<std::string> restoreValue;
    // max_autotune(configs, key, kernel_type="mixcv", ..., **tuning): `configs` above are already
    // expanded (get_max_configs); these keep what was written.
    bool maxAutotune = false;
    std::string maxKernelType = "mixcv";
    std::vector<std::pair<std::string, py::Value>> maxTuning;
    std::vector<py::ConfigValue> maxBaseConfigs;
    std::vector<std::string> maxAutotunePrinted;  // the warnings it prints
    std::optional<std::string> maxAutotuneError;  // the ValueError the decorator raises
};

struct KernelDef {
    std::string name;
    const py::Node* function = nullptr;  // the FunctionDef
    SourceLocation location;
    std::vector<Parameter> params;
    std::vector<Decorator> decorators;   // in source order (outermost first)
    std::optional<AutotuneSpec> autotune;
    bool autotuneDirectlyOverJit = true; // false when another decorator sits between them

    const Parameter* param(std::string_view name) const;
    bool isAutotuned() const { return autotune.has_value(); }
};

struct KernelFile {
    std::string path;
    std::unique_ptr<py::Module> module;
    std::unique_ptr<py::Evaluator> evaluator;  // module constants and simple functions
    std::vector<KernelDef> kernels;
    bool importsAscendRuntime = false;         // `import triton.backends.ascend.runtime`
    SourceLocation ascendImportLocation;
    Diagnostics diagnostics;                   // problems found while building the model
    // What importing the file prints (Triton-Ascend 2026-08): the warnings of get_max_configs
    // calls as the module runs, then those of every max_autotune decorator, in source order.
    std::vector<std::string> importPrinted;

    const KernelDef* kernel(std::string_view name) const;
    // The kernel to use when none is named: the only autotuned one, else the only one.
    const KernelDef* defaultKernel() const;
};

struct KernelLoadResult {
    std::unique_ptr<KernelFile> file;   // null when the file could not be read or parsed
    Diagnostics diagnostics;            // the reason, when file is null
};

KernelLoadResult loadKernelFile(const std::string& path);
KernelLoadResult loadKernelSource(const std::string& source, const std::string& path);

} // namespace ts::kernel
