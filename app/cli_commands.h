#pragma once

#include "app/cli_args.h"

namespace ts::cli {

int runAnalyze(const Args& args);
int runSpace(const Args& args);
int runSpaceBench(const Args& args);  // space --bench
int runDevices(const Args& args);
int runBackends(const Args& args);
int runTune(const Args& args);
int runCache(const Args& args);
int runMeasure(const Args& args);
int runExport(const Args& args);
int runRunner(const Args& args);  // runner export
int runCalibrate(const Args& args);
int runSweep(const Args& args);
int runCompareDevices(const Args& args);
int runBatch(const Args& args);
int runHelp(const Args& args);
int runCompletion(const Args& args);
int runCapture(const Args& args);

} // namespace ts::cli
