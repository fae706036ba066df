#pragma once
// The ticks of a logarithmic time axis (p50 in µs): QCPAxisTickerLog labels powers of ten only,
// so a range inside one decade (a matmul sweep from 280 to 900 µs) showed no label at all. This
// ticker labels every decade and, as the range narrows, 1-2-5, 1-2-3-5 or every whole step
// inside it, and falls back to evenly spaced ticks where not even those give three labels; every
// label carries its unit ("200 µs", "1,000 µs"). The unit may be another one of a log scale (the
// heat map's ratios: "2×").
//
// QuantityAxisTicker does the same for a linear axis: ticks at round values, 1, 2 or 5 times a
// power of ten apart, each label grouped by the reader's locale and followed by its unit
// ("1,000", "40%"). QCPAxisTicker's own steps include 2.5 and its labels neither group nor
// carry a unit.

#include "widgets/qcp.h"
#include "widgets/quantity_text.h"

#include <QString>

namespace ts::gui {

class TimeAxisTicker : public QCPAxisTicker {
public:
    // `unit` follows the number as written: µs after the explorer's unit space (timeUsUnit), so
    // that a label never wraps or reads apart from its number; "×" right after it.
    explicit TimeAxisTicker(QString unit = timeUsUnit()) : m_unit(std::move(unit)) {}

    void generate(const QCPRange& range, const QLocale& locale, QChar formatChar, int precision,
                  QVector<double>& ticks, QVector<double>* subTicks, QVector<QString>* tickLabels) override;

    // The label of one tick: the number in the reader's locale with the decimals it needs, then
    // the unit.
    QString label(double value, int decimals) const;

private:
    QString m_unit;
};

class QuantityAxisTicker : public QCPAxisTicker {
public:
    explicit QuantityAxisTicker(QString unit = {}) : m_unit(std::move(unit)) {}

    void generate(const QCPRange& range, const QLocale& locale, QChar formatChar, int precision,
                  QVector<double>& ticks, QVector<double>* subTicks, QVector<QString>* tickLabels) override;

    // The round step (1, 2 or 5 times a power of ten) that puts at most `most` ticks in `span`.
    static double roundStep(double span, int most);

private:
    QString m_unit;
};

} // namespace ts::gui
