#include "widgets/time_axis_ticker.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace ts::gui {
namespace {

// Decimals that tell `value` apart from its neighbours `step` away.
int decimalsFor(double step)
{
    return std::max(0, int(-std::floor(std::log10(step) + 1e-9)));
}

// A ticker's outputs emptied, before it fills them (or leaves an axis it cannot tick bare).
void clearTicks(QVector<double>& ticks, QVector<double>* subTicks, QVector<QString>* tickLabels)
{
    ticks.clear();
    if (subTicks)
        subTicks->clear();
    if (tickLabels)
        tickLabels->clear();
}

} // namespace

QString TimeAxisTicker::label(double value, int decimals) const
{
    return QLocale().toString(value, 'f', decimals) + m_unit;
}

// The labels follow the reader's locale (as every count and time in the explorer), not the
// plot's number format.
void TimeAxisTicker::generate(const QCPRange& range, const QLocale& /*locale*/, QChar /*formatChar*/,
                              int /*precision*/, QVector<double>& ticks, QVector<double>* subTicks,
                              QVector<QString>* tickLabels)
{
    clearTicks(ticks, subTicks, tickLabels);
    if (!(range.lower > 0) || !(range.upper > range.lower) || !std::isfinite(range.upper))
        return;
    const double span = std::log10(range.upper / range.lower);
    const int first = int(std::floor(std::log10(range.lower))),
              last = int(std::ceil(std::log10(range.upper)));
    // Mantissas labelled in each decade: more of them the fewer decades the axis shows.
    QVector<double> mantissas;
    int everyDecade = 1;
    if (span < 0.6)
        mantissas = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    else if (span < 1.2)
        mantissas = {1, 2, 3, 5};
    else if (span < 2.5)
        mantissas = {1, 2, 5};
    else {
        mantissas = {1};
        everyDecade = std::max(1, int(std::ceil(span / 6.0)));
    }
    for (int d = first; d <= last; ++d) {
        if ((d - first) % everyDecade != 0)
            continue;
        const double decade = std::pow(10.0, d);
        for (double m : mantissas) {
            const double t = m * decade;
            if (t >= range.lower * (1 - 1e-9) && t <= range.upper * (1 + 1e-9))
                ticks << t;
        }
    }
    if (ticks.size() < 3) {
        // A range too narrow for round values on a log scale: evenly spaced ones, as on a
        // linear axis (the axis stays logarithmic; over less than a factor of 2 it looks linear).
        ticks.clear();
        const double step = getTickStep(range);
        const QVector<double> linear = createTickVector(step, range);
        for (double t : linear)
            if (t >= range.lower && t <= range.upper && t > 0)
                ticks << t;
        if (tickLabels)
            for (double t : ticks)
                *tickLabels << label(t, decimalsFor(step));
        if (subTicks && !ticks.isEmpty())
            for (double t : createSubTickVector(getSubTickCount(step), ticks))
                if (t >= range.lower && t <= range.upper)
                    *subTicks << t;
        return;
    }
    if (tickLabels)
        for (double t : ticks)
            *tickLabels << label(t, decimalsFor(t));
    // Unlabelled ticks at every whole multiple of each decade (the log scale's usual grid).
    if (subTicks)
        for (int d = first; d <= last; ++d)
            for (int m = 1; m <= 9; ++m) {
                const double t = m * std::pow(10.0, d);
                if (t >= range.lower && t <= range.upper &&
                    std::none_of(ticks.begin(), ticks.end(),
                                 [t](double x) { return std::abs(x - t) <= 1e-9 * t; }))
                    *subTicks << t;
            }
}

double QuantityAxisTicker::roundStep(double span, int most)
{
    if (!(span > 0) || !std::isfinite(span) || most < 1)
        return 1.0;
    const double least = span / most;
    double decade = std::pow(10.0, std::floor(std::log10(least)));
    for (;; decade *= 10)
        for (double m : {1.0, 2.0, 5.0})
            if (m * decade >= least * (1 - 1e-9))
                return m * decade;
}

// The labels follow the reader's locale (as every count in the explorer), not the plot's
// number format; about one tick per tickCount() (5 by default) over the range.
void QuantityAxisTicker::generate(const QCPRange& range, const QLocale& /*locale*/, QChar /*formatChar*/,
                                  int /*precision*/, QVector<double>& ticks, QVector<double>* subTicks,
                                  QVector<QString>* tickLabels)
{
    clearTicks(ticks, subTicks, tickLabels);
    if (!(range.upper > range.lower) || !std::isfinite(range.lower) || !std::isfinite(range.upper))
        return;
    const double step = roundStep(range.upper - range.lower, std::max(1, tickCount()));
    const int decimals = decimalsFor(step);
    for (double k = std::ceil(range.lower / step - 1e-9); k * step <= range.upper + step * 1e-9; k += 1) {
        const double t = k * step;
        ticks << (std::abs(t) < step * 1e-9 ? 0.0 : t);
    }
    if (tickLabels)
        for (double t : ticks)
            *tickLabels << QLocale().toString(t, 'f', decimals) + m_unit;
}

} // namespace ts::gui
