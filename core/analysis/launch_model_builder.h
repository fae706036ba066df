#pragma once
// Building a LaunchModel (launch_model.h): the candidate's slots, the grid compiled into
// LaunchExprs (launch_model_grid.cpp) and the kernel's indices followed through its statements
// (launch_model_kernel.cpp).

#include "core/analysis/kernel_analysis.h"
#include "core/analysis/launch_model.h"

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ts::analysis {

// "range", "tl.arange", "tl.cdiv" (for triton.cdiv too), "min": the function a call names, its
// module spelled as the kernel's code does; "" for other callees.
std::string calleeName(const py::Node* call);

class LaunchModelBuilder {
public:
    using NameValue = std::function<std::optional<std::int64_t>(const std::string&)>;

    LaunchModelBuilder(const KernelAnalysis& analysis, const ParseInput& input, NameValue nameValue);
    std::shared_ptr<LaunchModel> build(const py::Node* gridLambda);

    // A name's value in the grid or the kernel: a slot, or an integer the launch fixes.
    std::optional<LaunchExpr> integerNamed(const std::string& name) const;

    LaunchModel& model() { return *m_model; }
    const KernelAnalysis& analysis() const { return m_analysis; }

    // What a built model judges with, for its closed form (launch_model_shape.cpp), which
    // classifies it once per space.
    struct Parts {
        const LaunchModel::Grid& grid;
        const std::vector<LoopRange>& loops;
        const std::vector<ArangeRange>& aranges;
        const std::vector<GridEquality>& gridEqualities;
        bool judged; // the model follows the kernel and it has indices
    };
    static Parts partsOf(const LaunchModel& model);
    // The grid of one candidate, as LaunchModel::evaluate computes it.
    static std::optional<std::array<std::int64_t, 3>> gridOf(const LaunchModel& model,
                                                             const std::int64_t* values);

private:
    void buildSlots();
    void buildGrid(const py::Node* gridLambda);
    std::optional<LaunchExpr> compileGridExpr(const py::Node* node, const std::string& meta) const;
    void readKernel(); // launch_model_kernel.cpp
    void markReads();

    const KernelAnalysis& m_analysis;
    const ParseInput& m_input;
    NameValue m_nameValue;
    std::shared_ptr<LaunchModel> m_model;
};

} // namespace ts::analysis
