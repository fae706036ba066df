#pragma once
// The AI Core's pipes as the explorer names them. The simulator keeps one time per pipe
// (npu::PipeTimes) and the tuning's confidence names the pipe a time is mostly spent in by a key
// ("mte2", "vector", ...); every view that shows a pipe (the per-pipe chart, the candidate's
// detail pane, the confidence note) takes its name from pipeName(), so that a translator decides
// once how the pipes read: the hardware names (MTE2, MTE3) are usually kept, the compute units
// named as the vendor's documentation of that language names them.

#include "core/npu/simulator.h"

#include <QString>

#include <array>
#include <optional>
#include <string_view>

namespace ts::gui {

// In the order the simulator and the per-pipe chart list them; the launch is no pipe, but its
// time is part of the same breakdown.
enum class Pipe { Mte2, Vector, Cube, Mte3, Scalar, Launch };

inline constexpr std::array<Pipe, 6> kPipes = {Pipe::Mte2, Pipe::Vector, Pipe::Cube,
                                               Pipe::Mte3, Pipe::Scalar, Pipe::Launch};

// The pipe's name in the reader's language ("MTE2", "Vector", "launch").
QString pipeName(Pipe pipe);

// The time a breakdown gives the pipe, in microseconds.
double pipeTime(const npu::PipeTimes& times, Pipe pipe);

// The pipe a core key names ("mte2", "vector", "cube", "mte3", "scalar", "launch"); nullopt for
// another word.
std::optional<Pipe> pipeFromKey(std::string_view key);

} // namespace ts::gui
