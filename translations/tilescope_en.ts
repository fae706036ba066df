<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<!-- Written by scripts/update-plurals.py from the counted messages of tilescope_zh_CN.ts. -->
<context>
    <name>ts::gui::AnalysisPanel</name>
    <message numerus="yes">
        <source>%n config(s)</source>
        <translation>
            <numerusform>%n config</numerusform>
            <numerusform>%n configs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n refused candidate(s)</source>
        <translation>
            <numerusform>%n refused candidate</numerusform>
            <numerusform>%n refused candidates</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… %n more</source>
        <translation>
            <numerusform>… %n more</numerusform>
            <numerusform>… %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::BackendCompareDialog</name>
    <message numerus="yes">
        <source>%1 benchmarks %n config(s)</source>
        <translation>
            <numerusform>%1 benchmarks %n config</numerusform>
            <numerusform>%1 benchmarks %n configs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::CacheBrowser</name>
    <message numerus="yes">
        <source>%n tuning(s)</source>
        <translation>
            <numerusform>%n tuning</numerusform>
            <numerusform>%n tunings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n tuning(s) selected.</source>
        <translation>
            <numerusform>%n tuning selected.</numerusform>
            <numerusform>%n tunings selected.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n stale for the open %1</source>
        <translation>
            <numerusform>, %n stale for the open %1</numerusform>
            <numerusform>, %n stale for the open %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %n tuning(s) from %1?</source>
        <translation>
            <numerusform>Delete %n tuning from %1?</numerusform>
            <numerusform>Delete %n tunings from %1?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Remove %n stale tuning(s)?</source>
        <translation>
            <numerusform>Remove %n stale tuning?</numerusform>
            <numerusform>Remove %n stale tunings?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::CacheOperation</name>
    <message numerus="yes">
        <source>Deleted %n tuning(s) from %1.</source>
        <translation>
            <numerusform>Deleted %n tuning from %1.</numerusform>
            <numerusform>Deleted %n tunings from %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Merged %n cache(s)</source>
        <translation>
            <numerusform>Merged %n cache</numerusform>
            <numerusform>Merged %n caches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Removed %n stale tuning(s).</source>
        <translation>
            <numerusform>Removed %n stale tuning.</numerusform>
            <numerusform>Removed %n stale tunings.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::CaptureDialog</name>
    <message numerus="yes">
        <source>%n kernel(s)</source>
        <translation>
            <numerusform>%n kernel</numerusform>
            <numerusform>%n kernels</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n workload(s)</source>
        <translation>
            <numerusform>%n workload</numerusform>
            <numerusform>%n workloads</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n {launch|launches}</source>
        <translation>
            <numerusform>%n launch</numerusform>
            <numerusform>%n launches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Not written: %1 (%n {launch|launches}): %2</source>
        <translation>
            <numerusform>Not written: %1 (%n launch): %2</numerusform>
            <numerusform>Not written: %1 (%n launches): %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::CompareDialog</name>
    <message numerus="yes">
        <source>Tuning on %n device(s)…</source>
        <translation>
            <numerusform>Tuning on %n device…</numerusform>
            <numerusform>Tuning on %n devices…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::DeviceCompareDialog</name>
    <message numerus="yes">
        <source>%n config(s) {serves|serve} every device within %1 of its fastest config</source>
        <translation>
            <numerusform>%n config serves every device within %1 of its fastest config</numerusform>
            <numerusform>%n configs serve every device within %1 of its fastest config</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Compared %n device(s).</source>
        <translation>
            <numerusform>Compared %n device.</numerusform>
            <numerusform>Compared %n devices.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Tuning on %n device(s)…</source>
        <translation>
            <numerusform>Tuning on %n device…</numerusform>
            <numerusform>Tuning on %n devices…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::ExportDialog</name>
    <message numerus="yes">
        <source>%n config(s) left out: the same simulated times as a faster one, other num_warps / num_stages.</source>
        <translation>
            <numerusform>%n config left out: the same simulated times as a faster one, other num_warps / num_stages.</numerusform>
            <numerusform>%n configs left out: the same simulated times as a faster one, other num_warps / num_stages.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n config(s) only {repeats|repeat} a faster one for the simulator (other num_warps / num_stages, the same times): tick the box above to leave them out.</source>
        <translation>
            <numerusform>%n config only repeats a faster one for the simulator (other num_warps / num_stages, the same times): tick the box above to leave them out.</numerusform>
            <numerusform>%n configs only repeat a faster one for the simulator (other num_warps / num_stages, the same times): tick the box above to leave them out.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n config(s). Paste this over the kernel in place of its @triton.autotune decorator.</source>
        <translation>
            <numerusform>%n config. Paste this over the kernel in place of its @triton.autotune decorator.</numerusform>
            <numerusform>%n configs. Paste this over the kernel in place of its @triton.autotune decorator.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%n candidate(s), %2 measured, tuned %3</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%n candidate, %2 measured, tuned %3</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%n candidates, %2 measured, tuned %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %n selected row(s)</source>
        <translation>
            <numerusform>The %n selected row</numerusform>
            <numerusform>The %n selected rows</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::MainWindow</name>
    <message numerus="yes">
        <source>%1 %2 of %Ln candidate(s); best #%3 p50 %4; modelled tuning time %5</source>
        <translation>
            <numerusform>%1 %2 of %Ln candidate; best #%3 p50 %4; modelled tuning time %5</numerusform>
            <numerusform>%1 %2 of %Ln candidates; best #%3 p50 %4; modelled tuning time %5</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n candidate(s): %1 generated, %2 handwritten, %3 skipped, %4 pruned</source>
        <translation>
            <numerusform>%n candidate: %1 generated, %2 handwritten, %3 skipped, %4 pruned</numerusform>
            <numerusform>%n candidates: %1 generated, %2 handwritten, %3 skipped, %4 pruned</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Loaded the cached tuning: best #%1 p50 %2 of %Ln candidate(s); %3</source>
        <translation>
            <numerusform>Loaded the cached tuning: best #%1 p50 %2 of %Ln candidate; %3</numerusform>
            <numerusform>Loaded the cached tuning: best #%1 p50 %2 of %Ln candidates; %3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::MeasuredCompareDialog</name>
    <message numerus="yes">
        <source>%1
measured %2 ms (%n run(s)), simulated %3 ms, ratio %4</source>
        <translation>
            <numerusform>%1
measured %2 ms (%n run), simulated %3 ms, ratio %4</numerusform>
            <numerusform>%1
measured %2 ms (%n runs), simulated %3 ms, ratio %4</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n with both times.</source>
        <translation>
            <numerusform>%n with both times.</numerusform>
            <numerusform>%n with both times.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Measured on %1: %n config(s), </source>
        <translation>
            <numerusform>Measured on %1: %n config, </numerusform>
            <numerusform>Measured on %1: %n configs, </numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::ProgressWidget</name>
    <message numerus="yes">
        <source> (about %n s left)</source>
        <translation>
            <numerusform> (about %n s left)</numerusform>
            <numerusform> (about %n s left)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::SpacePage</name>
    <message numerus="yes">
        <source> · %Ln program(s)</source>
        <translation>
            <numerusform> · %Ln program</numerusform>
            <numerusform> · %Ln programs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n wave(s)</source>
        <translation>
            <numerusform> · %n wave</numerusform>
            <numerusform> · %n waves</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n wave(s) over the cube cores</source>
        <translation>
            <numerusform> · %n wave over the cube cores</numerusform>
            <numerusform> · %n waves over the cube cores</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n candidate(s) the tuning ran measured</source>
        <translation>
            <numerusform>%1 of %n candidate the tuning ran measured</numerusform>
            <numerusform>%1 of %n candidates the tuning ran measured</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Tile %Ln element(s)</source>
        <translation>
            <numerusform>Tile %Ln element</numerusform>
            <numerusform>Tile %Ln elements</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::SweepDialog</name>
    <message numerus="yes">
        <source>%n config(s) {serves|serve} %1 within %2 % of each shape's best (worst loss %3 %, %4 search).</source>
        <translation>
            <numerusform>%n config serves %1 within %2 % of each shape's best (worst loss %3 %, %4 search).</numerusform>
            <numerusform>%n configs serve %1 within %2 % of each shape's best (worst loss %3 %, %4 search).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n extra measurement(s): configs benchmarked at shapes where the backend did not generate them, as Triton benchmarks a handwritten list at every shape.</source>
        <translation>
            <numerusform>%n extra measurement: configs benchmarked at shapes where the backend did not generate them, as Triton benchmarks a handwritten list at every shape.</numerusform>
            <numerusform>%n extra measurements: configs benchmarked at shapes where the backend did not generate them, as Triton benchmarks a handwritten list at every shape.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n shape(s)</source>
        <translation>
            <numerusform>%n shape</numerusform>
            <numerusform>%n shapes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Covering set of %1&lt;/b&gt;&lt;br&gt;%n config(s) serving the swept shapes within %2 % of their best.</source>
        <translation>
            <numerusform>&lt;b&gt;Covering set of %1&lt;/b&gt;&lt;br&gt;%n config serving the swept shapes within %2 % of their best.</numerusform>
            <numerusform>&lt;b&gt;Covering set of %1&lt;/b&gt;&lt;br&gt;%n configs serving the swept shapes within %2 % of their best.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped: %n shape(s) tuned before the stop {is|are} shown.</source>
        <translation>
            <numerusform>Stopped: %n shape tuned before the stop is shown.</numerusform>
            <numerusform>Stopped: %n shapes tuned before the stop are shown.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::TimelineChart</name>
    <message numerus="yes">
        <source>Modelled tuning time %1 on the real toolchain: compile %2 on %n worker(s), </source>
        <translation>
            <numerusform>Modelled tuning time %1 on the real toolchain: compile %2 on %n worker, </numerusform>
            <numerusform>Modelled tuning time %1 on the real toolchain: compile %2 on %n workers, </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>then %n benchmark run(s) in %1</source>
        <translation>
            <numerusform>then %n benchmark run in %1</numerusform>
            <numerusform>then %n benchmark runs in %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::TimingsChart</name>
    <message numerus="yes">
        <source>%1 of %n candidate(s) benchmarked</source>
        <translation>
            <numerusform>%1 of %n candidate benchmarked</numerusform>
            <numerusform>%1 of %n candidates benchmarked</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n cut by the time budget</source>
        <translation>
            <numerusform>, %n cut by the time budget</numerusform>
            <numerusform>, %n cut by the time budget</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n failed to compile</source>
        <translation>
            <numerusform>, %n failed to compile</numerusform>
            <numerusform>, %n failed to compile</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::TuningRun</name>
    <message numerus="yes">
        <source>it approximates %n construct(s), on line(s) %1</source>
        <translation>
            <numerusform>it approximates %n construct, on line %1</numerusform>
            <numerusform>it approximates %n constructs, on lines %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the simulator leaves out the cost of %n construct(s) it does not model, on line(s) %1</source>
        <translation>
            <numerusform>the simulator leaves out the cost of %n construct it does not model, on line %1</numerusform>
            <numerusform>the simulator leaves out the cost of %n constructs it does not model, on lines %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::UbChart</name>
    <message numerus="yes">
        <source>, %n of them drawn, evenly spaced</source>
        <translation>
            <numerusform>, %n of them drawn, evenly spaced</numerusform>
            <numerusform>, %n of them drawn, evenly spaced</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>L1 use of the %n candidate(s) the backend benchmarks (a tl.dot kernel keeps its tiles in L1 and L0, not in the UB)</source>
        <translation>
            <numerusform>L1 use of the %n candidate the backend benchmarks (a tl.dot kernel keeps its tiles in L1 and L0, not in the UB)</numerusform>
            <numerusform>L1 use of the %n candidates the backend benchmarks (a tl.dot kernel keeps its tiles in L1 and L0, not in the UB)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The backend's UB estimate of the %n candidate(s) it benchmarks</source>
        <translation>
            <numerusform>The backend's UB estimate of the %n candidate it benchmarks</numerusform>
            <numerusform>The backend's UB estimate of the %n candidates it benchmarks</numerusform>
        </translation>
    </message>
</context>
</TS>
