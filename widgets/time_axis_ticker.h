#pragma once
// The ticks of a logarithmic time axis (p50 in µs): QCPAxisTickerLog labels powers of ten only,
// so a range inside one decade (a matmul sweep from 280 to 900 µs) showed no label at all. This
// ticker labels every decade and, as the range narrows, 1-2-5, 1-2-3-5 or every whole step
// inside it, and falls back to evenly spaced ticks where not even those give three labels; every
// label carries its unit ("200 µs", "1,000 µs").

#include "widgets/qcp.h"

namespace ts::gui {

class TimeAxisTicker : public QCPAxisTicker {
public:
    void generate(const QCPRange& range, const QLocale& locale, QChar formatChar, int precision,
                  QVector<double>& ticks, QVector<double>* subTicks, QVector<QString>* tickLabels) override;

    // The label of one tick: the number in the reader's locale with the decimals it needs, then
    // the unit.
    static QString label(double us, int decimals);
};

} // namespace ts::gui
