<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<!-- Written by scripts/update-plurals.py from the counted messages of tilescope_zh_CN.ts. -->
<context>
    <name>ts::gui::AnalysisPanel</name>
    <message numerus="yes">
        <source>%Ln config(s)</source>
        <translation>
            <numerusform>%Ln config</numerusform>
            <numerusform>%Ln configs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln refused candidate(s)</source>
        <translation>
            <numerusform>%Ln refused candidate</numerusform>
            <numerusform>%Ln refused candidates</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… %Ln more</source>
        <translation>
            <numerusform>… %Ln more</numerusform>
            <numerusform>… %Ln more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::BackendCompareDialog</name>
    <message numerus="yes">
        <source>%1 lists %Ln config(s) to benchmark</source>
        <translation>
            <numerusform>%1 lists %Ln config to benchmark</numerusform>
            <numerusform>%1 lists %Ln configs to benchmark</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Nothing to compare: %1 lists no config; the table shows the %Ln config(s) %2 lists.</source>
        <translation>
            <numerusform>Nothing to compare: %1 lists no config; the table shows the %Ln config %2 lists.</numerusform>
            <numerusform>Nothing to compare: %1 lists no config; the table shows the %Ln configs %2 lists.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::CacheBrowser</name>
    <message numerus="yes">
        <source>%Ln tuning(s)</source>
        <translation>
            <numerusform>%Ln tuning</numerusform>
            <numerusform>%Ln tunings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln tuning(s) selected.</source>
        <translation>
            <numerusform>%Ln tuning selected.</numerusform>
            <numerusform>%Ln tunings selected.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln stale for the open %1</source>
        <translation>
            <numerusform>, %Ln stale for the open %1</numerusform>
            <numerusform>, %Ln stale for the open %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %Ln tuning(s) from %1?</source>
        <translation>
            <numerusform>Delete %Ln tuning from %1?</numerusform>
            <numerusform>Delete %Ln tunings from %1?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Remove %Ln stale tuning(s)?</source>
        <translation>
            <numerusform>Remove %Ln stale tuning?</numerusform>
            <numerusform>Remove %Ln stale tunings?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::CacheOperation</name>
    <message numerus="yes">
        <source>Deleted %Ln tuning(s) from %1.</source>
        <translation>
            <numerusform>Deleted %Ln tuning from %1.</numerusform>
            <numerusform>Deleted %Ln tunings from %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Merged %Ln cache(s)</source>
        <translation>
            <numerusform>Merged %Ln cache</numerusform>
            <numerusform>Merged %Ln caches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Removed %Ln stale tuning(s).</source>
        <translation>
            <numerusform>Removed %Ln stale tuning.</numerusform>
            <numerusform>Removed %Ln stale tunings.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::CaptureDialog</name>
    <message numerus="yes">
        <source>%Ln kernel(s)</source>
        <translation>
            <numerusform>%Ln kernel</numerusform>
            <numerusform>%Ln kernels</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln workload(s)</source>
        <translation>
            <numerusform>%Ln workload</numerusform>
            <numerusform>%Ln workloads</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln {launch|launches}</source>
        <translation>
            <numerusform>%Ln launch</numerusform>
            <numerusform>%Ln launches</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Not written: %1 (%Ln {launch|launches}): %2</source>
        <translation>
            <numerusform>Not written: %1 (%Ln launch): %2</numerusform>
            <numerusform>Not written: %1 (%Ln launches): %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::CompareDialog</name>
    <message numerus="yes">
        <source>Tuning on %Ln device(s)…</source>
        <translation>
            <numerusform>Tuning on %Ln device…</numerusform>
            <numerusform>Tuning on %Ln devices…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::DeviceCompareDialog</name>
    <message numerus="yes">
        <source>%Ln config(s) {serves|serve} every device within %1 of its fastest config</source>
        <translation>
            <numerusform>%Ln config serves every device within %1 of its fastest config</numerusform>
            <numerusform>%Ln configs serve every device within %1 of its fastest config</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Compared %Ln device(s).</source>
        <translation>
            <numerusform>Compared %Ln device.</numerusform>
            <numerusform>Compared %Ln devices.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Tuning on %Ln device(s)…</source>
        <translation>
            <numerusform>Tuning on %Ln device…</numerusform>
            <numerusform>Tuning on %Ln devices…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::ExportDialog</name>
    <message numerus="yes">
        <source>%Ln config(s) left out: the same simulated times as a faster one, other num_warps / num_stages.</source>
        <translation>
            <numerusform>%Ln config left out: the same simulated times as a faster one, other num_warps / num_stages.</numerusform>
            <numerusform>%Ln configs left out: the same simulated times as a faster one, other num_warps / num_stages.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln config(s) only {repeats|repeat} a faster one for the simulator (other num_warps / num_stages, the same times): tick the box above to leave them out.</source>
        <translation>
            <numerusform>%Ln config only repeats a faster one for the simulator (other num_warps / num_stages, the same times): tick the box above to leave them out.</numerusform>
            <numerusform>%Ln configs only repeat a faster one for the simulator (other num_warps / num_stages, the same times): tick the box above to leave them out.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln config(s). Paste this over the kernel in place of its @triton.autotune decorator.</source>
        <translation>
            <numerusform>%Ln config. Paste this over the kernel in place of its @triton.autotune decorator.</numerusform>
            <numerusform>%Ln configs. Paste this over the kernel in place of its @triton.autotune decorator.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%Ln candidate(s), %2 of them correct and benchmarked, tuned %3</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%Ln candidate, %2 of them correct and benchmarked, tuned %3</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%Ln candidates, %2 of them correct and benchmarked, tuned %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %Ln selected row(s)</source>
        <translation>
            <numerusform>The %Ln selected row</numerusform>
            <numerusform>The %Ln selected rows</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::MainWindow</name>
    <message numerus="yes">
        <source>%1 %2 of %Ln candidate(s); %3; modelled tuning time %4</source>
        <translation>
            <numerusform>%1 %2 of %Ln candidate; %3; modelled tuning time %4</numerusform>
            <numerusform>%1 %2 of %Ln candidates; %3; modelled tuning time %4</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln candidate(s): %1 generated, %2 handwritten, %3 skipped, %4 pruned</source>
        <translation>
            <numerusform>%Ln candidate: %1 generated, %2 handwritten, %3 skipped, %4 pruned</numerusform>
            <numerusform>%Ln candidates: %1 generated, %2 handwritten, %3 skipped, %4 pruned</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Loaded the cached tuning: %1 of %Ln candidate(s) · %2</source>
        <translation>
            <numerusform>Loaded the cached tuning: %1 of %Ln candidate · %2</numerusform>
            <numerusform>Loaded the cached tuning: %1 of %Ln candidates · %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::MeasuredCompareDialog</name>
    <message numerus="yes">
        <source>%1
measured %2 (%Ln run(s)), simulated %3, ratio %4</source>
        <translation>
            <numerusform>%1
measured %2 (%Ln run), simulated %3, ratio %4</numerusform>
            <numerusform>%1
measured %2 (%Ln runs), simulated %3, ratio %4</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln with both times.</source>
        <translation>
            <numerusform>%Ln with both times.</numerusform>
            <numerusform>%Ln with both times.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Measured on %1: %Ln config(s), </source>
        <translation>
            <numerusform>Measured on %1: %Ln config, </numerusform>
            <numerusform>Measured on %1: %Ln configs, </numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::ProgressWidget</name>
    <message numerus="yes">
        <source> (about %Ln s left)</source>
        <translation>
            <numerusform> (about %Ln s left)</numerusform>
            <numerusform> (about %Ln s left)</numerusform>
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
        <source> · %Ln wave(s)</source>
        <translation>
            <numerusform> · %Ln wave</numerusform>
            <numerusform> · %Ln waves</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %Ln wave(s) over the cube cores</source>
        <translation>
            <numerusform> · %Ln wave over the cube cores</numerusform>
            <numerusform> · %Ln waves over the cube cores</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln candidate(s) the tuning ran measured</source>
        <translation>
            <numerusform>%1 of %Ln candidate the tuning ran measured</numerusform>
            <numerusform>%1 of %Ln candidates the tuning ran measured</numerusform>
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
        <source> %Ln shape(s) failed to tune and {is|are} not covered.</source>
        <translation>
            <numerusform> %Ln shape failed to tune and is not covered.</numerusform>
            <numerusform> %Ln shapes failed to tune and are not covered.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln config(s) {serves|serve} %1 within %2 of each shape's best (worst loss %3, %4 search).</source>
        <translation>
            <numerusform>%Ln config serves %1 within %2 of each shape's best (worst loss %3, %4 search).</numerusform>
            <numerusform>%Ln configs serve %1 within %2 of each shape's best (worst loss %3, %4 search).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln extra measurement(s): configs benchmarked at shapes where the backend did not generate them, as Triton benchmarks a handwritten list at every shape.</source>
        <translation>
            <numerusform>%Ln extra measurement: configs benchmarked at shapes where the backend did not generate them, as Triton benchmarks a handwritten list at every shape.</numerusform>
            <numerusform>%Ln extra measurements: configs benchmarked at shapes where the backend did not generate them, as Triton benchmarks a handwritten list at every shape.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln shape(s)</source>
        <translation>
            <numerusform>%Ln shape</numerusform>
            <numerusform>%Ln shapes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Covering set of %1&lt;/b&gt;&lt;br&gt;%Ln config(s) serving the swept shapes within %2 of their best.</source>
        <translation>
            <numerusform>&lt;b&gt;Covering set of %1&lt;/b&gt;&lt;br&gt;%Ln config serving the swept shapes within %2 of their best.</numerusform>
            <numerusform>&lt;b&gt;Covering set of %1&lt;/b&gt;&lt;br&gt;%Ln configs serving the swept shapes within %2 of their best.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped: %Ln shape(s) tuned before the stop {is|are} shown.</source>
        <translation>
            <numerusform>Stopped: %Ln shape tuned before the stop is shown.</numerusform>
            <numerusform>Stopped: %Ln shapes tuned before the stop are shown.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::TimelineChart</name>
    <message numerus="yes">
        <source>Modelled tuning time %1 on the real toolchain: compile %2 on %Ln worker(s), </source>
        <translation>
            <numerusform>Modelled tuning time %1 on the real toolchain: compile %2 on %Ln worker, </numerusform>
            <numerusform>Modelled tuning time %1 on the real toolchain: compile %2 on %Ln workers, </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>then %Ln benchmark run(s) in %1</source>
        <translation>
            <numerusform>then %Ln benchmark run in %1</numerusform>
            <numerusform>then %Ln benchmark runs in %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::TimingsChart</name>
    <message numerus="yes">
        <source>%1 of %Ln candidate(s) benchmarked</source>
        <translation>
            <numerusform>%1 of %Ln candidate benchmarked</numerusform>
            <numerusform>%1 of %Ln candidates benchmarked</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln cut by the time budget</source>
        <translation>
            <numerusform>, %Ln cut by the time budget</numerusform>
            <numerusform>, %Ln cut by the time budget</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln failed to compile</source>
        <translation>
            <numerusform>, %Ln failed to compile</numerusform>
            <numerusform>, %Ln failed to compile</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::TuningRun</name>
    <message numerus="yes">
        <source>it approximates %Ln construct(s), on line(s) %1</source>
        <translation>
            <numerusform>it approximates %Ln construct, on line %1</numerusform>
            <numerusform>it approximates %Ln constructs, on lines %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the simulator leaves out the cost of %Ln construct(s) it does not model, on line(s) %1</source>
        <translation>
            <numerusform>the simulator leaves out the cost of %Ln construct it does not model, on line %1</numerusform>
            <numerusform>the simulator leaves out the cost of %Ln constructs it does not model, on lines %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::UbChart</name>
    <message numerus="yes">
        <source>, %Ln of them drawn, evenly spaced</source>
        <translation>
            <numerusform>, %Ln of them drawn, evenly spaced</numerusform>
            <numerusform>, %Ln of them drawn, evenly spaced</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %Ln drawn failed to compile in the tuning (dark red): the estimate is not what the compiled kernel keeps live</source>
        <translation>
            <numerusform>; %Ln drawn failed to compile in the tuning (dark red): the estimate is not what the compiled kernel keeps live</numerusform>
            <numerusform>; %Ln drawn failed to compile in the tuning (dark red): the estimate is not what the compiled kernel keeps live</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>L1 use of the %Ln candidate(s) the backend benchmarks (a tl.dot kernel keeps its tiles in L1 and L0, not in the UB)</source>
        <translation>
            <numerusform>L1 use of the %Ln candidate the backend benchmarks (a tl.dot kernel keeps its tiles in L1 and L0, not in the UB)</numerusform>
            <numerusform>L1 use of the %Ln candidates the backend benchmarks (a tl.dot kernel keeps its tiles in L1 and L0, not in the UB)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The backend's UB estimate of the %Ln candidate(s) it benchmarks</source>
        <translation>
            <numerusform>The backend's UB estimate of the %Ln candidate it benchmarks</numerusform>
            <numerusform>The backend's UB estimate of the %Ln candidates it benchmarks</numerusform>
        </translation>
    </message>
</context>
</TS>
