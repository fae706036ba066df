#pragma once
// Quantities as the explorer writes them: the text of core/util/format.h (what the CLI prints),
// with the unit spelt for the screen (µs, ×). Every view formats through these, so that one
// figure reads the same in every view and in the CLI. Counts use the locale's digit grouping
// (countText, tr("%Ln ...")), the same in every view. A number and its unit are joined by a
// no-break space (U+00A0), so that a wrapped cell or label never puts the unit on a line of its
// own ("7.0 / s"). U+00A0 rather than the narrow U+202F: it keeps the CLI's full space width, so
// columns of figures read the same as the terminal, and every UI font (Latin and CJK) has a glyph
// for it, where some CJK fonts draw U+202F as a missing glyph or a full-width gap.

#include "core/util/format.h"
#include "widgets/pipe_names.h"

#include <QCoreApplication>
#include <QLocale>
#include <QString>

#include <string>

#include <cstdint>

namespace ts::gui {

// The space between a number and its unit.
inline constexpr QChar kUnitSpace{0x00A0};

// A core figure ("261.2 s", "104.4 KiB") with its unit held to its number.
inline QString unitJoined(const std::string& text)
{
    return QString::fromStdString(text).replace(QLatin1Char(' '), kUnitSpace);
}

// A count, its digits grouped by the reader's locale ("6,352" in English): the CLI's
// formatInteger through QLocale. A counted noun takes tr("%Ln candidate(s)", nullptr, n), which
// groups the same way; an index (#45) or a parameter value stays plain, as a filter writes it.
inline QString countText(std::int64_t n)
{
    return QLocale().toString(qlonglong(n));
}

// The unit of a kernel time as it follows its number (an axis's tick label adds it to its own
// number): "µs" after the unit space.
inline QString timeUsUnit()
{
    return kUnitSpace + QStringLiteral("µs");
}

// A kernel time: "561.81 µs".
inline QString timeUsText(double us)
{
    return QString::fromStdString(formatUs(us)) + timeUsUnit();
}

// A duration of the tuning: "261.2 s", "0.03 s".
inline QString secondsText(double seconds)
{
    return unitJoined(formatSeconds(seconds));
}

// A size: "104.4 KiB".
inline QString bytesText(std::int64_t bytes)
{
    return unitJoined(formatBytes(bytes));
}

// A ratio of two times: "1.005×".
inline QString ratioText(double ratio)
{
    return QString::fromStdString(formatRatio(ratio, "×"));
}

// A share: "73.4%".
inline QString percentText(double share)
{
    return QString::fromStdString(formatPercent(share));
}

// What bounds the roofline ("memory", "vector", "cube" from the simulator), in the reader's
// language: a compute bound by the unit's name, as the per-pipe chart names it.
inline QString limiterText(const std::string& limiter)
{
    if (limiter == "memory")
        return QCoreApplication::translate("ts::gui::Quantity", "memory");
    if (limiter == "vector")
        return pipeName(Pipe::Vector);
    if (limiter == "cube")
        return pipeName(Pipe::Cube);
    return QString::fromStdString(limiter);
}

} // namespace ts::gui
