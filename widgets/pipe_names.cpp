#include "widgets/pipe_names.h"

#include <QCoreApplication>

#include <utility>

namespace ts::gui {

QString pipeName(Pipe pipe)
{
    // One context for every view, so that each name is translated once.
    switch (pipe) {
    case Pipe::Mte2:
        return QCoreApplication::translate("ts::gui::Pipe", "MTE2",
                                           "the pipe that moves data in from global memory");
    case Pipe::Vector:
        return QCoreApplication::translate("ts::gui::Pipe", "Vector", "the AI Core's vector unit");
    case Pipe::Cube:
        return QCoreApplication::translate("ts::gui::Pipe", "Cube", "the AI Core's matrix (cube) unit");
    case Pipe::Mte3:
        return QCoreApplication::translate("ts::gui::Pipe", "MTE3",
                                           "the pipe that moves results out to global memory");
    case Pipe::Scalar:
        return QCoreApplication::translate("ts::gui::Pipe", "Scalar", "the AI Core's scalar unit");
    case Pipe::Launch:
        break;
    }
    return QCoreApplication::translate("ts::gui::Pipe", "launch",
                                       "the kernel launch's overhead, shown beside the pipes");
}

double pipeTime(const npu::PipeTimes& times, Pipe pipe)
{
    switch (pipe) {
    case Pipe::Mte2: return times.mte2;
    case Pipe::Vector: return times.vector;
    case Pipe::Cube: return times.cube;
    case Pipe::Mte3: return times.mte3;
    case Pipe::Scalar: return times.scalar;
    case Pipe::Launch: break;
    }
    return times.launch;
}

std::optional<Pipe> pipeFromKey(std::string_view key)
{
    static constexpr std::array<std::pair<std::string_view, Pipe>, 6> kKeys = {{{"mte2", Pipe::Mte2},
                                                                                {"vector", Pipe::Vector},
                                                                                {"cube", Pipe::Cube},
                                                                                {"mte3", Pipe::Mte3},
                                                                                {"scalar", Pipe::Scalar},
                                                                                {"launch", Pipe::Launch}}};
    for (const auto& [name, pipe] : kKeys)
        if (name == key)
            return pipe;
    return std::nullopt;
}

} // namespace ts::gui
