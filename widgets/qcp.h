#pragma once
// QCustomPlot's header uses the signals / slots / foreach keywords that QT_NO_KEYWORDS removes;
// they are mapped to the Q_ macros for the length of the include only.

#define signals Q_SIGNALS
#define slots Q_SLOTS
#define foreach Q_FOREACH
#include <qcustomplot.h>
#undef foreach
#undef slots
#undef signals
