#include "core/analysis/cube_summary.h"

#include "core/analysis/ast_match.h"
#include "core/util/message.h"

#include <memory>

namespace ts::analysis {
namespace {

std::string blockText(const CubeAxis& axis)
{
    if (axis.tunableParam)
        return *axis.tunableParam;
    if (axis.constValue)
        return std::to_string(*axis.constValue);
    if (axis.axisSymbol)
        return *axis.axisSymbol;
    return "?";
}

// `tl.float32` / `tl.int32` as written in a dtype argument.
std::string dtypeText(const py::Node* node)
{
    if (node && node->is(py::Kind::Attribute))
        return node->str("attr");
    return {};
}

const py::Node* keyword(const py::Node* call, std::string_view name)
{
    for (const py::Node* kw : call->list("keywords"))
        if (kw->str("arg") == name)
            return kw->child("value");
    return nullptr;
}

// The function named `name` in the module (the kernel or a helper it calls), else `fallback`.
const py::Node* functionNamed(const py::Node* module, const std::string& name, const py::Node* fallback)
{
    if (module)
        for (const py::Node* n : module->list("body"))
            if (n->is(py::Kind::FunctionDef) && n->str("name") == name)
                return n;
    return fallback;
}

// The accumulator of the tl.dot call at the site, and where its dtype comes from.
void readAccumulator(const py::Node* function, const CubeDotSite& site, CubeSiteSummary& out)
{
    out.accumulatorDtype = "float32";
    out.accumulatorSource = "tl.dot's default for float inputs";
    const py::Node* call = nullptr;
    for (const py::Node* n : py::walk(function))
        if (n->is(py::Kind::Call) && n->line == site.line && n->col == site.col)
            call = n;
    if (!call)
        return;
    if (const std::string d = dtypeText(keyword(call, "out_dtype")); !d.empty()) {
        out.accumulatorDtype = d;
        out.accumulatorSource = "out_dtype";
    }
    const auto& args = call->list("args");
    const py::Node* acc = args.size() > 2 ? args[2] : keyword(call, "acc");
    if (!acc || !acc->is(py::Kind::Name))
        return;
    out.accumulator = acc->id();
    // acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32), or tl.full(shape, 0, dtype=...).
    for (const py::Node* n : py::walk(function)) {
        if (!n->is(py::Kind::Assign) || n->list("targets").size() != 1 || !isName(n->list("targets")[0], acc->id()))
            continue;
        const py::Node* value = n->child("value");
        if (!isTlCall(value, "zeros") && !isTlCall(value, "full"))
            continue;
        const auto& vargs = value->list("args");
        const py::Node* dtype = keyword(value, "dtype");
        if (!dtype && vargs.size() > (isTlCall(value, "full") ? 2u : 1u))
            dtype = vargs[isTlCall(value, "full") ? 2 : 1];
        if (const std::string d = dtypeText(dtype); !d.empty()) {
            out.accumulatorDtype = d;
            out.accumulatorSource = msg::text(msg::Id::AccumulatorFrom, {std::string(tlCallName(value)), n->line});
            return;
        }
    }
}

} // namespace

void readCubeSites(KernelAnalysis& a, const ParseInput& input)
{
    if (a.parse.cube) {
        a.kernelKind = a.parse.kernelType;
        a.cube = a.parse.cube;
        return;
    }
    if (!a.parse.kernelType.empty()) {
        a.kernelKind = a.parse.kernelType; // the version resolved it: a vector kernel
        return;
    }
    CubeParseOptions options;
    options.module = input.module;
    std::string error;
    const std::string kind = resolveKernelType(input, options, &error);
    a.kernelKind = kind.empty() ? "vector" : kind;
    if (kind == "cube" || kind == "mix") {
        options.mode = kind;
        a.cube = std::make_shared<CubeParse>(parseCube(input, options));
    }
}

CubeSummary summarizeCube(const KernelAnalysis& a)
{
    CubeSummary out;
    if (!a.cube || !a.kernel)
        return out;
    out.byBackend = a.parse.cube == a.cube;
    const py::Node* module = a.file && a.file->module ? a.file->module->root() : nullptr;
    const std::string bytes = std::to_string(a.dtypeBytes > 0 ? a.dtypeBytes : 2) + " B";
    for (const CubeDotSite& site : a.cube->dotSites) {
        CubeSiteSummary s;
        s.site = &site;
        s.block = {blockText(site.m), blockText(site.n), blockText(site.k)};
        readAccumulator(functionNamed(module, site.function, a.kernel->function), site, s);
        const std::string& m = s.block[0];
        const std::string& n = s.block[1];
        const std::string& k = s.block[2];
        // The pruner's byte counts: operands in the launch's widest dtype, the accumulator in fp32.
        s.footprint = {{"L1", "(" + m + " + " + n + ") x " + k + " x " + bytes}, // M x K + K x N
                       {"L0A", m + " x " + k + " x " + bytes},
                       {"L0B", k + " x " + n + " x " + bytes},
                       {"L0C", m + " x " + n + " x 4 B"}};
        out.sites.push_back(std::move(s));
    }
    return out;
}

} // namespace ts::analysis
