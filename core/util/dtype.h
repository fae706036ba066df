#pragma once
// Tensor dtypes as Triton-Ascend's byte table knows them (torch names, with or without the
// "torch." prefix, and torch's aliases such as "half" or "long"). One table for every stage.

#include <optional>
#include <string>
#include <string_view>

namespace ts {

// Bytes per element, nullopt when the dtype is unknown.
std::optional<int> dtypeSize(std::string_view dtype);

// "torch.float16" for "float16", "half" or "torch.half"; unknown names get the prefix as they are.
std::string canonicalTorchDtype(std::string_view dtype);

} // namespace ts
