<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>ts::gui::AnalysisPanel</name>
    <message>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>No kernel open.</source>
        <translation>尚未打开内核。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Triton-Ascend raises&lt;/b&gt; %1: %2</source>
        <translation>&lt;b&gt;Triton-Ascend 抛出异常&lt;/b&gt; %1：%2</translation>
    </message>
    <message>
        <source>&lt;b&gt;The kernel has errors&lt;/b&gt;: see the diagnostics under the source.</source>
        <translation>&lt;b&gt;内核有错误&lt;/b&gt;：请查看源码下方的诊断信息。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: the backend&apos;s axis parse succeeds.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：后端的轴解析成功。</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>键（key）</translation>
    </message>
    <message>
        <source>Split parameters</source>
        <translation>切分参数</translation>
    </message>
    <message>
        <source>Tiling parameters</source>
        <translation>分块参数</translation>
    </message>
    <message>
        <source>Axes</source>
        <translation>轴</translation>
    </message>
    <message>
        <source>Low-dim axes</source>
        <translation>低维轴</translation>
    </message>
    <message>
        <source>Reduction axes</source>
        <translation>归约轴</translation>
    </message>
    <message>
        <source>Persistent reduction</source>
        <translation>持久化归约</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Dual reduction</source>
        <translation>双重归约</translation>
    </message>
    <message>
        <source>Tensors passed</source>
        <translation>传入的张量数</translation>
    </message>
    <message>
        <source>Widest dtype</source>
        <translation>最宽的数据类型</translation>
    </message>
    <message>
        <source>%1 (%2 bytes)</source>
        <translation>%1（%2 字节）</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source> · split %1</source>
        <translation> · 切分 %1</translation>
    </message>
    <message>
        <source> · tiling %1</source>
        <translation> · 分块 %1</translation>
    </message>
    <message>
        <source> · key %1</source>
        <translation> · 键 %1</translation>
    </message>
    <message>
        <source> (default %1)</source>
        <translation>（默认值 %1）</translation>
    </message>
    <message>
        <source>Hint dimensions</source>
        <translation>hints 维度</translation>
    </message>
    <message>
        <source>Backend warnings</source>
        <translation>后端警告</translation>
    </message>
    <message>
        <source>Candidate space</source>
        <translation>候选空间</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>being built…</source>
        <translation>正在构建…</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>%1: %2 vector cores, %3&#xa0;KiB UB budget</source>
        <translation>%1：%2 个向量核，UB 预算 %3&#xa0;KiB</translation>
    </message>
    <message>
        <source>Backend&apos;s list</source>
        <translation>后端列表</translation>
    </message>
    <message numerus="yes">
        <source>%Ln config(s)</source>
        <translation>
            <numerusform>%Ln 个配置</numerusform>
        </translation>
    </message>
    <message>
        <source>Lattice points</source>
        <translation>格点数</translation>
    </message>
    <message>
        <source>Backend error</source>
        <translation>后端错误</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Backend prints</source>
        <translation>后端输出</translation>
    </message>
    <message>
        <source>Generator trail</source>
        <translation>生成器拒绝的候选</translation>
    </message>
    <message numerus="yes">
        <source>%Ln refused candidate(s)</source>
        <translation>
            <numerusform>%Ln 个被拒绝的候选</numerusform>
        </translation>
    </message>
    <message>
        <source>What the backend&apos;s tile generator tried and turned down while it walked the tiling, and why</source>
        <translation>后端分块生成器在遍历分块时尝试过又拒绝的候选，以及拒绝的原因</translation>
    </message>
    <message numerus="yes">
        <source>… %Ln more</source>
        <translation>
            <numerusform>…… 另有 %Ln 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Kernel kind</source>
        <translation>内核类型</translation>
    </message>
    <message>
        <source> · tl.dot %1</source>
        <translation> · tl.dot %1</translation>
    </message>
    <message>
        <source>tl.dot sites</source>
        <translation>tl.dot 调用点</translation>
    </message>
    <message>
        <source>Cube parse</source>
        <translation>Cube 解析</translation>
    </message>
    <message>
        <source>mode %1, status %2</source>
        <translation>模式：%1，状态：%2</translation>
    </message>
    <message>
        <source>mode %1, status %2 (upstream&apos;s cube parse run by TileScope: this version has none)</source>
        <translation>模式：%1，状态：%2（由 TileScope 运行上游的 cube 解析：此版本没有该解析）</translation>
    </message>
    <message>
        <source>Site %1</source>
        <translation>调用点 %1</translation>
    </message>
    <message>
        <source>%1 x %2, line %3</source>
        <translation>%1 x %2，第 %3 行</translation>
    </message>
    <message>
        <source>%1, tiled by %2 (%3)</source>
        <translation>%1，由 %2 分块（%3）</translation>
    </message>
    <message>
        <source>Accumulator</source>
        <translation>累加器</translation>
    </message>
    <message>
        <source>%1 %2 (%3)</source>
        <translation>%1 %2（%3）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Tunable parameters</source>
        <translation>可调参数</translation>
    </message>
    <message>
        <source>the autotune key</source>
        <translation>autotune 的 key</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>the autotune decorator names no key</source>
        <translation>autotune 装饰器没有给出 key</translation>
    </message>
    <message>
        <source>%1 of tl.dot site %2</source>
        <translation>tl.dot 调用点 %2 的 %1</translation>
    </message>
    <message>
        <source>no tl.dot extent is a kernel parameter</source>
        <translation>tl.dot 的各维长度都不是内核参数</translation>
    </message>
    <message>
        <source>by the grid</source>
        <translation>由网格切分</translation>
    </message>
    <message>
        <source>a tl.dot kernel: its programs split the output into tiles</source>
        <translation>tl.dot 内核：各程序把输出切成分块</translation>
    </message>
    <message>
        <source>a tl.dot kernel: its programs split the output into %1 tiles</source>
        <translation>tl.dot 内核：各程序把输出切成 %1 的分块</translation>
    </message>
    <message>
        <source>the backend&apos;s axis parse names no split parameter</source>
        <translation>后端的轴解析没有给出切分参数</translation>
    </message>
    <message>
        <source>the backend&apos;s axis parse names no tiling parameter</source>
        <translation>后端的轴解析没有给出分块参数</translation>
    </message>
    <message>
        <source>axis %1</source>
        <translation>轴 %1</translation>
    </message>
    <message>
        <source>axis %1 fixed by the grid</source>
        <translation>轴 %1（由网格固定）</translation>
    </message>
    <message>
        <source>split size %1</source>
        <translation>切分大小 %1</translation>
    </message>
    <message>
        <source>%1: the autotune key</source>
        <translation>%1：autotune 的 key</translation>
    </message>
</context>
<context>
    <name>ts::gui::BackendCompareDialog</name>
    <message>
        <source>Compare backend versions</source>
        <translation>比较后端版本</translation>
    </message>
    <message>
        <source>From #</source>
        <translation>原序号</translation>
    </message>
    <message>
        <source>To #</source>
        <translation>新序号</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Config</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Changed options</source>
        <translation>变化的选项</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>From</source>
        <translation>从</translation>
    </message>
    <message>
        <source>to</source>
        <translation>到</translation>
    </message>
    <message>
        <source>The same launch under two Triton-Ascend versions: the configs only one of them generates, the reordered ones and the changed options.</source>
        <translation>同一次启动在两个 Triton-Ascend 版本下的对比：只有其中一个版本生成的配置、顺序改变的配置以及选项改变的配置。</translation>
    </message>
    <message>
        <source>Comparing backend versions</source>
        <translation>正在比较后端版本</translation>
    </message>
    <message>
        <source>Comparing %1 with %2…</source>
        <translation>正在比较 %1 与 %2…</translation>
    </message>
    <message>
        <source>The launch cannot be analysed.</source>
        <translation>无法分析该启动。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 raises %2</source>
        <translation>%1 抛出“%2”</translation>
    </message>
    <message>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <source>options, moved</source>
        <translation>选项改变，位置移动</translation>
    </message>
    <message>
        <source>options</source>
        <translation>选项改变</translation>
    </message>
    <message>
        <source>moved</source>
        <translation>位置移动</translation>
    </message>
    <message>
        <source>only %1</source>
        <translation>仅 %1</translation>
    </message>
    <message>
        <source>(unset)</source>
        <translation>（未设置）</translation>
    </message>
    <message>
        <source>.</source>
        <comment>ends a sentence</comment>
        <translation>。</translation>
    </message>
    <message numerus="yes">
        <source>%1 lists %Ln config(s) to benchmark</source>
        <translation>
            <numerusform>%1 列出 %Ln 个待测速的配置</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Nothing to compare: %1 lists no config; the table shows the %Ln config(s) %2 lists.</source>
        <translation>
            <numerusform>无从比较：%1 不列出任何配置；表中是 %2 列出的 %Ln 个配置。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 same, %2 with changed options, %3 reordered, %4 only in %5, %6 only in %7.</source>
        <translation>%1 个相同，%2 个选项改变，%3 个顺序改变，%4 个仅在 %5 中，%6 个仅在 %7 中。</translation>
    </message>
</context>
<context>
    <name>ts::gui::CacheBrowser</name>
    <message>
        <source>Config cache</source>
        <translation>配置缓存</translation>
    </message>
    <message>
        <source>&amp;Open cache…</source>
        <translation>打开缓存(&amp;O)…</translation>
    </message>
    <message>
        <source>Open another config cache file</source>
        <translation>打开另一个配置缓存文件</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>删除(&amp;D)…</translation>
    </message>
    <message>
        <source>Remove the selected tunings from the cache</source>
        <translation>从缓存中删除选中的调优记录</translation>
    </message>
    <message>
        <source>&amp;Prune stale…</source>
        <translation>清理过期(&amp;P)…</translation>
    </message>
    <message>
        <source>Remove the tunings made on an older source of the kernel</source>
        <translation>删除基于内核旧版源码做出的调优记录</translation>
    </message>
    <message>
        <source>Export &amp;configs…</source>
        <translation>导出配置(&amp;C)…</translation>
    </message>
    <message>
        <source>Write the shown tuning as a triton.Config list, a report or Triton&apos;s autotune cache</source>
        <translation>将当前显示的调优记录写成 triton.Config 列表、报告或 Triton 的 autotune 缓存</translation>
    </message>
    <message>
        <source>E&amp;xport JSON…</source>
        <translation>导出 JSON(&amp;X)…</translation>
    </message>
    <message>
        <source>Export the cache as JSON</source>
        <translation>将缓存导出为 JSON</translation>
    </message>
    <message>
        <source>JSON (*.json);;All files (*)</source>
        <translation>JSON（*.json）;;所有文件（*）</translation>
    </message>
    <message>
        <source>&amp;Import JSON…</source>
        <translation>导入 JSON(&amp;I)…</translation>
    </message>
    <message>
        <source>Import tunings from JSON</source>
        <translation>从 JSON 导入调优记录</translation>
    </message>
    <message>
        <source>&amp;Merge caches…</source>
        <translation>合并缓存(&amp;M)…</translation>
    </message>
    <message>
        <source>Merge other caches into this one</source>
        <translation>将其他缓存合并到此缓存</translation>
    </message>
    <message>
        <source>Config caches (*.sqlite *.db);;All files (*)</source>
        <translation>配置缓存（*.sqlite *.db）;;所有文件（*）</translation>
    </message>
    <message>
        <source>Join caches written elsewhere (e.g. by CI jobs); the newest tuning of each key wins</source>
        <translation>合并在别处写入的缓存（例如 CI 任务）；同一键以最新的调优记录为准</translation>
    </message>
    <message>
        <source>Filter: kernel, key, device…</source>
        <translation>筛选：内核、键、设备…</translation>
    </message>
    <message>
        <source>Open a config cache</source>
        <translation>打开配置缓存</translation>
    </message>
    <message>
        <source>Cache: %1</source>
        <translation>缓存：%1</translation>
    </message>
    <message>
        <source>Opening the cache</source>
        <translation>正在打开缓存</translation>
    </message>
    <message>
        <source>Reading the cache</source>
        <translation>正在读取缓存</translation>
    </message>
    <message>
        <source>Cache busy: another process is writing to %1. Try Refresh in a moment.
%2</source>
        <translation>缓存繁忙：另一个进程正在写入 %1。请稍后点击“刷新”重试。
%2</translation>
    </message>
    <message>
        <source>%1 was written by a newer TileScope; it is left untouched.
%2</source>
        <translation>%1 由更新版本的 TileScope 写入，未作任何改动。
%2</translation>
    </message>
    <message>
        <source>No cache yet at %1. Tuning the kernel stores its results there; File &gt; Open cache… opens another one.</source>
        <translation>%1 处尚无缓存。调优内核后结果会存到这里；“文件 &gt; 打开缓存…”可打开其他缓存。</translation>
    </message>
    <message>
        <source>Cannot open the cache %1: %2</source>
        <translation>无法打开缓存 %1：%2</translation>
    </message>
    <message>
        <source>%1 was not a usable config cache (foreign or damaged). It was moved aside to %2 and a new, empty cache was started in its place.</source>
        <translation>%1 不是可用的配置缓存（来源不明或已损坏）。它已被移到 %2，并在原位置新建了一个空缓存。</translation>
    </message>
    <message>
        <source>A new cache was created at %1.</source>
        <translation>已在 %1 新建缓存。</translation>
    </message>
    <message>
        <source>The cache was upgraded from layout version %1.</source>
        <translation>缓存已从第 %1 版布局升级。</translation>
    </message>
    <message>
        <source>Select a tuning to see its candidates.</source>
        <translation>选择一条调优记录以查看其候选。</translation>
    </message>
    <message numerus="yes">
        <source>%Ln tuning(s) selected.</source>
        <translation>
            <numerusform>已选中 %Ln 条调优记录。</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading tuning #%1…</source>
        <translation>正在读取调优记录 #%1…</translation>
    </message>
    <message>
        <source>Reading a tuning</source>
        <translation>正在读取调优记录</translation>
    </message>
    <message>
        <source>&lt;b&gt;#%1 %2&lt;/b&gt;</source>
        <translation>&lt;b&gt;#%1 %2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>workload %1</source>
        <translation>工作负载 %1</translation>
    </message>
    <message>
        <source>source %1</source>
        <translation>源码 %1</translation>
    </message>
    <message>
        <source>Delete tunings</source>
        <translation>删除调优记录</translation>
    </message>
    <message numerus="yes">
        <source>Delete %Ln tuning(s) from %1?</source>
        <translation>
            <numerusform>从 %1 删除 %Ln 条调优记录？</numerusform>
        </translation>
    </message>
    <message>
        <source>Deleting</source>
        <translation>正在删除</translation>
    </message>
    <message>
        <source>Looking for stale tunings</source>
        <translation>正在查找过期的调优记录</translation>
    </message>
    <message>
        <source>Nothing to prune: every kernel&apos;s tunings share its newest source.</source>
        <translation>无需清理：每个内核的调优记录都基于其最新源码。</translation>
    </message>
    <message>
        <source>Nothing to prune: no tuning of %1 is stale.</source>
        <translation>无需清理：%1 没有过期的调优记录。</translation>
    </message>
    <message>
        <source>Prune stale tunings</source>
        <translation>清理过期的调优记录</translation>
    </message>
    <message numerus="yes">
        <source>Remove %Ln stale tuning(s)?</source>
        <translation>
            <numerusform>删除 %Ln 条过期的调优记录？</numerusform>
        </translation>
    </message>
    <message>
        <source>Pruning</source>
        <translation>正在清理</translation>
    </message>
    <message>
        <source>Exporting</source>
        <translation>正在导出</translation>
    </message>
    <message>
        <source>Importing</source>
        <translation>正在导入</translation>
    </message>
    <message>
        <source>Merging</source>
        <translation>正在合并</translation>
    </message>
    <message>
        <source>No cache open.</source>
        <translation>未打开缓存。</translation>
    </message>
    <message numerus="yes">
        <source>%Ln tuning(s)</source>
        <translation>
            <numerusform>%Ln 条调优记录</numerusform>
        </translation>
    </message>
    <message>
        <source>; open the kernel to see which are stale</source>
        <translation>；打开对应内核即可查看哪些已过期</translation>
    </message>
    <message numerus="yes">
        <source>, %Ln stale for the open %1</source>
        <translation>
            <numerusform>，其中 %Ln 条相对当前打开的 %1 已过期</numerusform>
        </translation>
    </message>
    <message>
        <source>Cache busy or unreadable: the list may be out of date</source>
        <translation>缓存繁忙或无法读取：列表可能不是最新的</translation>
    </message>
    <message>
        <source>tuned %1, modelled tuning time %2</source>
        <translation>调优于 %1，模型估算的调优时间 %2</translation>
    </message>
    <message>
        <source>%1[%2] on %3 (%4 method, simulator %5, backend %6)</source>
        <translation>%1[%2]，设备 %3（方法：%4，模拟器 %5，后端 %6）</translation>
    </message>
</context>
<context>
    <name>ts::gui::CacheTableModel</name>
    <message>
        <source>Backend</source>
        <translation>后端</translation>
    </message>
    <message>
        <source>The Triton-Ascend version whose candidates were tuned</source>
        <translation>其候选配置被调优的 Triton-Ascend 版本</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>fresh</source>
        <translation>最新</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>过期</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>The kernel of this tuning is not the one open: its source cannot be compared.</source>
        <translation>这条调优记录的内核不是当前打开的内核，无法比较源码。</translation>
    </message>
    <message>
        <source>The kernel&apos;s source changed since this tuning: its configs may no longer be the best.</source>
        <translation>内核源码在这次调优之后已修改：其配置可能不再最优。</translation>
    </message>
    <message>
        <source>Tuned on the kernel as it is now.</source>
        <translation>基于内核当前的源码调优。</translation>
    </message>
    <message>
        <source>Workload: %1</source>
        <translation>工作负载：%1</translation>
    </message>
    <message>
        <source>The key arguments of the autotune decorator and their values</source>
        <translation>autotune 装饰器的 key 参数及其取值</translation>
    </message>
    <message>
        <source>The benchmark method (TRITON_BENCH_METHOD)</source>
        <translation>测速方法（TRITON_BENCH_METHOD）</translation>
    </message>
    <message>
        <source>The version of the simulated NPU the tuning ran on</source>
        <translation>调优所用的模拟 NPU 版本</translation>
    </message>
    <message>
        <source>Whether the tuning was made on the kernel&apos;s current source</source>
        <translation>调优是否基于内核的当前源码</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>编号</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>Dtypes</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>方法</translation>
    </message>
    <message>
        <source>Simulator</source>
        <translation>模拟器</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>候选</translation>
    </message>
    <message>
        <source>Best config</source>
        <translation>最佳配置</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Median time of the best config, in microseconds</source>
        <translation>最佳配置的中位时间，单位微秒</translation>
    </message>
    <message>
        <source>Best p50 (µs)</source>
        <translation>最佳 p50（µs）</translation>
    </message>
</context>
<context>
    <name>ts::gui::CandidateFilterProxy</name>
    <message>
        <source>Not understood (ignored): %1</source>
        <translation>无法识别（已忽略）：%1</translation>
    </message>
    <message>
        <source>Sorting the candidates</source>
        <translation>正在排序候选</translation>
    </message>
</context>
<context>
    <name>ts::gui::CandidateTableModel</name>
    <message>
        <source>Measured (µs)</source>
        <translation>实测（µs）</translation>
    </message>
    <message>
        <source>Measured on real hardware: the median p50 of the imported timings of this config (tilescope measure import)</source>
        <translation>在真实硬件上实测：该配置已导入计时的 p50 中位数（tilescope measure import）</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Tile (elements)</source>
        <translation>分块（元素数）</translation>
    </message>
    <message>
        <source>UB use</source>
        <translation>UB 占用</translation>
    </message>
    <message>
        <source>UB share</source>
        <translation>UB 占比</translation>
    </message>
    <message>
        <source>Programs</source>
        <translation>程序数</translation>
    </message>
    <message>
        <source>Waves</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>Last wave</source>
        <translation>末轮利用率</translation>
    </message>
    <message>
        <source>p50 (µs)</source>
        <translation>p50（µs）</translation>
    </message>
    <message>
        <source>p20 (µs)</source>
        <translation>p20（µs）</translation>
    </message>
    <message>
        <source>p80 (µs)</source>
        <translation>p80（µs）</translation>
    </message>
    <message>
        <source>Position in the space: the backend&apos;s list first, then the lattice</source>
        <translation>在空间中的位置：先是后端列表，然后是全格点</translation>
    </message>
    <message>
        <source>Tunable parameter generated by the backend</source>
        <translation>由后端生成取值的可调参数</translation>
    </message>
    <message>
        <source>Hint dimension crossed with the generated tiling</source>
        <translation>与生成的分块做笛卡尔积的 hints 维度</translation>
    </message>
    <message>
        <source>multibuffer variant (– = the device default)</source>
        <translation>multibuffer 变体（– 表示设备默认值）</translation>
    </message>
    <message>
        <source>num_warps variant (SIMT)</source>
        <translation>num_warps 变体（SIMT）</translation>
    </message>
    <message>
        <source>num_stages of the lattice&apos;s option points, set apart from multibuffer</source>
        <translation>格点选项点的 num_stages，与 multibuffer 分开设定</translation>
    </message>
    <message>
        <source>generated: in the backend&apos;s list; handwritten: a triton.Config of the decorator; skipped: valid but never visited by the backend&apos;s walk; pruned: breaks a hard constraint</source>
        <translation>已生成：在后端列表中；手写：装饰器中的 triton.Config；已跳过：合法但后端的搜索从未访问；已剪除：违反硬性约束</translation>
    </message>
    <message>
        <source>Why the candidate has its status; the full text is in the tooltip and the details pane</source>
        <translation>候选处于该状态的原因；完整说明见提示框和详情面板</translation>
    </message>
    <message>
        <source>Elements one program holds in UB at a time</source>
        <translation>单个程序一次在 UB 中保存的元素数</translation>
    </message>
    <message>
        <source>Tile x element size x buffers</source>
        <translation>分块 × 元素大小 × 缓冲区数</translation>
    </message>
    <message>
        <source>Share of the UB budget the backend tiles against</source>
        <translation>占后端分块所依据的 UB 预算的比例</translation>
    </message>
    <message>
        <source>Programs in the launch grid</source>
        <translation>启动网格中的程序数</translation>
    </message>
    <message>
        <source>Rounds of programs over the vector cores</source>
        <translation>程序在向量核上运行的轮数</translation>
    </message>
    <message>
        <source>Share of the vector cores busy in the last wave</source>
        <translation>最后一轮中忙碌的向量核比例</translation>
    </message>
    <message>
        <source>Measured on the simulated NPU (quantiles of the benchmark runs)</source>
        <translation>在模拟 NPU 上测得（测速运行的分位数）</translation>
    </message>
    <message>
        <source>Tuning</source>
        <translation>调优</translation>
    </message>
    <message>
        <source>vs best</source>
        <translation>相对最佳</translation>
    </message>
    <message>
        <source>What the tuning made of the candidate: compile failed, benchmarked, or best (the one the autotuner picks)</source>
        <translation>调优对该候选的结论：编译失败、已测速，或最佳（自动调优器选中的那个）</translation>
    </message>
    <message>
        <source>: p50 %1 (p20 %2, p80 %3)</source>
        <translation>：p50 %1（p20 %2，p80 %3）</translation>
    </message>
    <message>
        <source>, %1 the best&apos;s</source>
        <translation>，为最佳的 %1</translation>
    </message>
    <message>
        <source>num_warps of the config (it differs between rows)</source>
        <translation>配置的 num_warps（各行取值不同）</translation>
    </message>
    <message>
        <source>p50 over the best candidate&apos;s p50: how many times slower than the best it is</source>
        <translation>p50 与最佳候选 p50 之比：比最佳慢多少倍</translation>
    </message>
    <message>
        <source>num_stages of the config (it differs between rows; the backend may couple it to multibuffer)</source>
        <translation>配置的 num_stages（各行取值不同；后端可能让它随 multibuffer 而定）</translation>
    </message>
</context>
<context>
    <name>ts::gui::CaptureDialog</name>
    <message>
        <source>Captured launches</source>
        <translation>捕获的启动</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Open the selected launch&apos;s workload in the window</source>
        <translation>在窗口中打开所选启动的工作负载</translation>
    </message>
    <message>
        <source>Captured launches: %1</source>
        <translation>捕获的启动：%1</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Reading the capture folder</source>
        <translation>正在读取捕获文件夹</translation>
    </message>
    <message>
        <source>%1 is not a capture folder of tilescope capture.</source>
        <translation>%1 不是 tilescope capture 写出的捕获文件夹。</translation>
    </message>
    <message numerus="yes">
        <source>%Ln workload(s)</source>
        <translation>
            <numerusform>%Ln 个工作负载</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln kernel(s)</source>
        <translation>
            <numerusform>%Ln 个内核</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln {launch|launches}</source>
        <translation>
            <numerusform>%Ln 次启动</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2, %3.</source>
        <translation>%2，共 %1，%3。</translation>
    </message>
    <message>
        <source>%1 of %2, %3, captured from `%4`.</source>
        <translation>%2，共 %1，%3，捕获自 `%4`。</translation>
    </message>
    <message numerus="yes">
        <source>Not written: %1 (%Ln {launch|launches}): %2</source>
        <translation>
            <numerusform>未写出：%1（%Ln 次启动）：%2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::CaptureTableModel</name>
    <message>
        <source>The launch raised: %1</source>
        <translation>该启动抛出异常：%1</translation>
    </message>
    <message>
        <source>%1 or more</source>
        <translation>%1 或更多</translation>
    </message>
    <message>
        <source>@triton.jit</source>
        <translation>@triton.jit</translation>
    </message>
    <message>
        <source>autotuned</source>
        <translation>自动调优</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Key values</source>
        <translation>键值</translation>
    </message>
    <message>
        <source>Launches</source>
        <translation>启动次数</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Tuner</source>
        <translation>调优器</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>The values of the autotune key&apos;s arguments: one workload per value the program launched</source>
        <translation>autotune 键参数的取值：程序启动过的每一组取值对应一个工作负载</translation>
    </message>
    <message>
        <source>How often the program launched the kernel with these key values</source>
        <translation>程序以这些键值启动该内核的次数</translation>
    </message>
    <message>
        <source>The autotuner class: Triton-Ascend&apos;s AutoTilingTuner or upstream Triton&apos;s Autotuner</source>
        <translation>自动调优器类：Triton-Ascend 的 AutoTilingTuner 或上游 Triton 的 Autotuner</translation>
    </message>
    <message>
        <source>The workload file in the capture folder, beside a copy of the kernel&apos;s source</source>
        <translation>捕获文件夹中的工作负载文件，旁边是内核源码的副本</translation>
    </message>
</context>
<context>
    <name>ts::gui::ChartsPage</name>
    <message>
        <source>Candidate space over two dimensions</source>
        <translation>两个维度上的候选空间</translation>
    </message>
    <message>
        <source>Time per pipe of the selected candidate</source>
        <translation>选中候选在各流水线上的耗时</translation>
    </message>
    <message>
        <source>Space</source>
        <translation>空间</translation>
    </message>
    <message>
        <source>Timings of the benchmarked candidates (p50, p20–p80)</source>
        <translation>已测速候选的耗时（p50，p20–p80）</translation>
    </message>
    <message>
        <source>Timings</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>Modelled tuning time: best so far, compile workers, benchmark runs</source>
        <translation>模型估算的调优时间：当前最佳、编译工作线程、测速运行</translation>
    </message>
    <message>
        <source>Tuning time</source>
        <translation>调优时间</translation>
    </message>
</context>
<context>
    <name>ts::gui::CompareDialog</name>
    <message>
        <source>Compare devices</source>
        <translation>比较设备</translation>
    </message>
    <message>
        <source>%1 family, %2 AI cores, %3&#xa0;KiB UB budget</source>
        <translation>%1 系列，%2 个 AI 核，UB 预算 %3&#xa0;KiB</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Tuned</source>
        <translation>已调优</translation>
    </message>
    <message>
        <source>Best config</source>
        <translation>最佳配置</translation>
    </message>
    <message>
        <source>Speed-up</source>
        <translation>加速比</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>The slowest device&apos;s best p50 over this device&apos;s</source>
        <translation>最慢设备的最佳 p50 与本设备最佳 p50 之比</translation>
    </message>
    <message>
        <source>best p50 (µs, left)</source>
        <translation>最佳 p50（µs，左轴）</translation>
    </message>
    <message>
        <source>modelled tuning time (s, right)</source>
        <translation>模型估算的调优时间（s，右轴）</translation>
    </message>
    <message>
        <source>best p50 (µs)</source>
        <translation>最佳 p50（µs）</translation>
    </message>
    <message>
        <source>modelled tuning time (s)</source>
        <translation>模型估算的调优时间（s）</translation>
    </message>
    <message>
        <source>Tick two or more devices and press Compare.</source>
        <translation>勾选两个或更多设备，然后点击“比较”。</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Export chart…</source>
        <translation>导出图表…</translation>
    </message>
    <message>
        <source>The same launch tuned on each device (the backend&apos;s candidates, %1 method).</source>
        <translation>同一启动配置在各设备上的调优结果（后端的候选，方法：%1）。</translation>
    </message>
    <message numerus="yes">
        <source>Tuning on %Ln device(s)…</source>
        <translation>
            <numerusform>正在 %Ln 个设备上调优…</numerusform>
        </translation>
    </message>
    <message>
        <source>Comparing devices</source>
        <translation>正在比较设备</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>已停止。</translation>
    </message>
    <message>
        <source>%1 (%2 benchmarked)</source>
        <translation>%1（%2 个已测速）</translation>
    </message>
    <message>
        <source>%1 (compile %2, benchmark %3)</source>
        <translation>%1（编译 %2，测速 %3）</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>No device found a valid config.</source>
        <translation>没有设备找到有效配置。</translation>
    </message>
    <message>
        <source>Fastest: %1, best p50 %2.</source>
        <translation>最快：%1，最佳 p50 %2。</translation>
    </message>
    <message>
        <source>the launch has no candidate space</source>
        <translation>该启动没有候选空间</translation>
    </message>
    <message>
        <source>the launch cannot be analysed</source>
        <translation>无法分析该启动</translation>
    </message>
    <message>
        <source>Best p50</source>
        <translation>最佳 p50</translation>
    </message>
    <message>
        <source>Modelled tuning time</source>
        <translation>模型估算的调优时间</translation>
    </message>
</context>
<context>
    <name>ts::gui::DeviceCompareDialog</name>
    <message>
        <source>Best config</source>
        <translation>最佳配置</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Compare devices: regret and one config list</source>
        <translation>比较设备：遗憾值与共用配置列表</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message numerus="yes">
        <source>Compared %Ln device(s).</source>
        <translation>
            <numerusform>已比较 %Ln 个设备。</numerusform>
        </translation>
    </message>
    <message>
        <source>Comparing devices</source>
        <translation>正在比较设备</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Each device&apos;s best (its own tuning&apos;s pick)</source>
        <translation>各设备的最佳配置（其自身调优的选择）</translation>
    </message>
    <message>
        <source>Export list…</source>
        <translation>导出列表…</translation>
    </message>
    <message>
        <source>Export the config list</source>
        <translation>导出配置列表</translation>
    </message>
    <message>
        <source>How far from each device&apos;s fastest config the shared list may be</source>
        <translation>共用列表与各设备最快配置之间允许的差距</translation>
    </message>
    <message>
        <source>List&apos;s pick (vs its fastest)</source>
        <translation>列表的选择（相对其最快）</translation>
    </message>
    <message>
        <source>No config list is within %1 of the best on every device: %2</source>
        <translation>不存在在每个设备上都与最佳相差 %1 以内的配置列表：%2</translation>
    </message>
    <message>
        <source>No config list is within the tolerance on every device: %1</source>
        <translation>不存在在每个设备上都满足容差的配置列表：%1</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Nothing compared yet.</source>
        <translation>尚未比较。</translation>
    </message>
    <message>
        <source>Nothing to compare.</source>
        <translation>没有可比较的内容。</translation>
    </message>
    <message>
        <source>Python (*.py);;All files (*)</source>
        <translation>Python (*.py);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Regret: the row device&apos;s best run on the column device, over that device&apos;s own best</source>
        <translation>遗憾值：行设备的最佳配置在列设备上的运行时间，除以该设备自身的最佳</translation>
    </message>
    <message>
        <source>Stop after the running candidate; what finished is shown</source>
        <translation>在当前候选完成后停止；显示已完成的部分</translation>
    </message>
    <message>
        <source>Stopped: what finished is shown.</source>
        <translation>已停止：显示已完成的部分。</translation>
    </message>
    <message>
        <source>Stopping after the running candidate…</source>
        <translation>将在当前候选完成后停止…</translation>
    </message>
    <message>
        <source>The config list could not be written.</source>
        <translation>无法写出配置列表。</translation>
    </message>
    <message>
        <source>The launch tuned on each ticked device, then every device&apos;s configs simulated on the others as handwritten configs (%1 method).</source>
        <translation>在每个勾选的设备上调优该启动，然后将各设备的配置作为手写配置在其他设备上模拟（方法：%1）。</translation>
    </message>
    <message>
        <source>Tick two or more devices and press Compare.</source>
        <translation>勾选两个或更多设备，然后点击“比较”。</translation>
    </message>
    <message>
        <source>Tolerance:</source>
        <translation>容差：</translation>
    </message>
    <message numerus="yes">
        <source>Tuning on %Ln device(s)…</source>
        <translation>
            <numerusform>正在 %Ln 个设备上调优…</numerusform>
        </translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation>已写入 %1。</translation>
    </message>
    <message>
        <source>best of %1</source>
        <translation>%1 的最佳</translation>
    </message>
    <message>
        <source>does not run</source>
        <translation>无法运行</translation>
    </message>
    <message>
        <source>from the cache</source>
        <translation>来自缓存</translation>
    </message>
    <message>
        <source>not proven smallest: the search ran out of budget</source>
        <translation>未证明最小：搜索超出预算</translation>
    </message>
    <message>
        <source>on %1</source>
        <translation>在 %1 上</translation>
    </message>
    <message>
        <source>regret (× its own best)</source>
        <translation>遗憾值（× 其自身最佳）</translation>
    </message>
    <message>
        <source>run on</source>
        <translation>运行于</translation>
    </message>
    <message>
        <source>smallest list</source>
        <translation>最小列表</translation>
    </message>
    <message numerus="yes">
        <source>%Ln config(s) {serves|serve} every device within %1 of its fastest config</source>
        <translation>
            <numerusform>%Ln 个配置可使每个设备都在其最快配置的 %1 以内</numerusform>
        </translation>
    </message>
    <message>
        <source>Triton-Ascend does not support this device (see tilescope devices): its figures are the simulator&apos;s alone, no backend would run the kernel there.</source>
        <translation>Triton-Ascend 不支持此设备（见 tilescope devices）：其数据仅来自模拟器，没有后端会在其上运行该内核。</translation>
    </message>
    <message>
        <source>Below 1×: the best of %1 runs faster on %2 than %2&apos;s own pick; %2&apos;s backend does not generate that config (written by hand it would win there).</source>
        <translation>低于 1×：%1 的最佳配置在 %2 上比 %2 自己选出的配置更快；%2 的后端不会生成该配置（手写给出时它会在那里胜出）。</translation>
    </message>
    <message>
        <source>Best p50</source>
        <translation>最佳 p50</translation>
    </message>
    <message>
        <source>* not supported by Triton-Ascend</source>
        <translation>* Triton-Ascend 不支持</translation>
    </message>
    <message>
        <source>%1 runs faster here (%2), written by hand</source>
        <translation>%1 在此更快（%2），需手写给出</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation>第 %1 步，共 %2 步：%3</translation>
    </message>
    <message>
        <source>%1 (%2):</source>
        <comment>a sentence, a note on it in brackets, and the list it introduces</comment>
        <translation>%1（%2）：</translation>
    </message>
    <message>
        <source>1× (no regret)</source>
        <translation>1×（无遗憾）</translation>
    </message>
    <message>
        <source>tolerance, %1</source>
        <translation>容差 %1</translation>
    </message>
    <message>
        <source>a best that does not run there</source>
        <translation>最佳配置在该设备上无法运行</translation>
    </message>
    <message>
        <source>; </source>
        <comment>between two notes of a device</comment>
        <translation>；</translation>
    </message>
    <message>
        <source>%1&apos;s best on %2, %3</source>
        <comment>a regret below 1</comment>
        <translation>%1 的最佳配置在 %2 上，%3</translation>
    </message>
    <message>
        <source>Below 1× (%1): a device&apos;s best runs faster there than that device&apos;s own pick; its backend does not generate that config (written by hand it would win there).</source>
        <translation>低于 1×（%1）：某设备的最佳配置在另一设备上比该设备自己选出的配置更快；该设备的后端不会生成这个配置（手写列出则会胜出）。</translation>
    </message>
</context>
<context>
    <name>ts::gui::ExportDialog</name>
    <message>
        <source>Export configs</source>
        <translation>导出配置</translation>
    </message>
    <message>
        <source>Python: @triton.autotune with a triton.Config list</source>
        <translation>Python：带 triton.Config 列表的 @triton.autotune</translation>
    </message>
    <message>
        <source>JSON report of the tuning</source>
        <translation>调优结果的 JSON 报告</translation>
    </message>
    <message>
        <source>CSV report, one row per candidate</source>
        <translation>CSV 报告，每个候选一行</translation>
    </message>
    <message>
        <source>Triton&apos;s autotune cache (&lt;kernel&gt;.autotune.json)</source>
        <translation>Triton 的 autotune 缓存（&lt;kernel&gt;.autotune.json）</translation>
    </message>
    <message>
        <source>The file Triton&apos;s autotuner writes with cache_results=True and reads back instead of benchmarking again</source>
        <translation>Triton 的 autotuner 在 cache_results=True 时写入、下次直接读取而不再重新测速的文件</translation>
    </message>
    <message>
        <source>Top</source>
        <translation>前</translation>
    </message>
    <message>
        <source> configs, fastest first</source>
        <translation> 个配置，最快的在前</translation>
    </message>
    <message>
        <source>Median time as a comment after each config</source>
        <translation>在每个配置后以注释写出中位耗时</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <source>Configs:</source>
        <translation>配置：</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>保存(&amp;S)…</translation>
    </message>
    <message numerus="yes">
        <source>The %Ln selected row(s)</source>
        <translation>
            <numerusform>选中的 %Ln 行</numerusform>
        </translation>
    </message>
    <message>
        <source>Only the Python decorator can be written for a config list.</source>
        <translation>配置列表只能写成 Python 装饰器。</translation>
    </message>
    <message>
        <source>No tuning to export: tune the kernel, or pick a tuning in the cache browser.</source>
        <translation>没有可导出的调优结果：请先调优内核，或在缓存浏览器中选择一条调优记录。</translation>
    </message>
    <message>
        <source>The tuning has no measured config to write: every candidate failed or was not run.</source>
        <translation>这次调优没有可写出的已测速配置：所有候选都失败了或未运行。</translation>
    </message>
    <message numerus="yes">
        <source>%Ln config(s). Paste this over the kernel in place of its @triton.autotune decorator.</source>
        <translation>
            <numerusform>%Ln 个配置。将其粘贴到内核上方，替换原有的 @triton.autotune 装饰器。</numerusform>
        </translation>
    </message>
    <message>
        <source>Put it in Triton&apos;s cache folder to skip benchmarking on the next run.</source>
        <translation>放入 Triton 的缓存目录，下次运行即可跳过测速。</translation>
    </message>
    <message>
        <source>Nothing to save.</source>
        <translation>没有可保存的内容。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Copied to the clipboard.</source>
        <translation>已复制到剪贴板。</translation>
    </message>
    <message>
        <source>Python (*.py)</source>
        <translation>Python（*.py）</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON（*.json）</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV（*.csv）</translation>
    </message>
    <message>
        <source>Save the export</source>
        <translation>保存导出内容</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件（*）</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Saved to %1</source>
        <translation>已保存到 %1</translation>
    </message>
    <message>
        <source>Leave out configs the simulator cannot tell from a faster one (other num_warps / num_stages, the same times)</source>
        <translation>略去模拟器无法与更快配置区分的配置（num_warps / num_stages 不同，时间相同）</translation>
    </message>
    <message numerus="yes">
        <source>%Ln config(s) left out: the same simulated times as a faster one, other num_warps / num_stages.</source>
        <translation>
            <numerusform>已略去 %Ln 个配置：模拟时间与更快的配置相同，仅 num_warps / num_stages 不同。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln config(s) only {repeats|repeat} a faster one for the simulator (other num_warps / num_stages, the same times): tick the box above to leave them out.</source>
        <translation>
            <numerusform>%Ln 个配置对模拟器而言只是重复了更快的配置（num_warps / num_stages 不同，时间相同）：勾选上方选项可略去它们。</numerusform>
        </translation>
    </message>
    <message>
        <source>Include incorrect configs (their launch computes a wrong result)</source>
        <translation>包含不正确的配置（其启动会算出错误结果）</translation>
    </message>
    <message>
        <source>Configs whose launch leaves data unprocessed or reaches past the end without a mask are left out of the top configs unless this is checked</source>
        <translation>启动后有数据未被处理、或无掩码越界访问的配置，除非勾选此项，否则不计入前几个配置</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%Ln candidate(s), %2 of them correct and benchmarked, tuned %3</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%Ln 个候选，其中 %2 个正确且已测速，调优于 %3</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>one sentence, then the next</comment>
        <translation>%1%2</translation>
    </message>
</context>
<context>
    <name>ts::gui::HeatmapChart</name>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Save the heat map as PNG, SVG or PDF</source>
        <translation>将热力图保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>X</source>
        <translation>X</translation>
    </message>
    <message>
        <source>Y</source>
        <translation>Y</translation>
    </message>
    <message>
        <source>no candidate</source>
        <translation>无候选</translation>
    </message>
    <message>
        <source>generated</source>
        <translation>已生成</translation>
    </message>
    <message>
        <source>handwritten</source>
        <translation>手写</translation>
    </message>
    <message>
        <source>skipped: below minimum tile</source>
        <translation>已跳过：低于最小分块</translation>
    </message>
    <message>
        <source>skipped: off the walk</source>
        <translation>已跳过：不在搜索路径上</translation>
    </message>
    <message>
        <source>skipped: too many programs for the walk</source>
        <translation>已跳过：程序数超出搜索范围</translation>
    </message>
    <message>
        <source>skipped: backend does not generate</source>
        <translation>已跳过：后端不生成</translation>
    </message>
    <message>
        <source>pruned: UB capacity</source>
        <translation>已剪除：UB 容量不足</translation>
    </message>
    <message>
        <source>pruned: unaligned tile</source>
        <translation>已剪除：分块未对齐</translation>
    </message>
    <message>
        <source>pruned: tile exceeds block</source>
        <translation>已剪除：分块超过块大小</translation>
    </message>
    <message>
        <source>pruned: program limit</source>
        <translation>已剪除：程序数超限</translation>
    </message>
    <message>
        <source>pruned: invalid or missing value</source>
        <translation>已剪除：取值无效或缺失</translation>
    </message>
    <message>
        <source>gen</source>
        <comment>heat map cell: generated</comment>
        <translation>生成</translation>
    </message>
    <message>
        <source>hand</source>
        <comment>heat map cell: handwritten</comment>
        <translation>手写</translation>
    </message>
    <message>
        <source>min</source>
        <comment>heat map cell: below minimum tile</comment>
        <translation>过小</translation>
    </message>
    <message>
        <source>walk</source>
        <comment>heat map cell: off the walk</comment>
        <translation>路径</translation>
    </message>
    <message>
        <source>grid</source>
        <comment>heat map cell: too many programs</comment>
        <translation>网格</translation>
    </message>
    <message>
        <source>off</source>
        <comment>heat map cell: not generated</comment>
        <translation>关</translation>
    </message>
    <message>
        <source>UB</source>
        <comment>heat map cell: UB capacity</comment>
        <translation>UB</translation>
    </message>
    <message>
        <source>align</source>
        <comment>heat map cell: unaligned</comment>
        <translation>对齐</translation>
    </message>
    <message>
        <source>blk</source>
        <comment>heat map cell: tile exceeds block</comment>
        <translation>越块</translation>
    </message>
    <message>
        <source>grid</source>
        <comment>heat map cell: program limit</comment>
        <translation>网格</translation>
    </message>
    <message>
        <source>bad</source>
        <comment>heat map cell: invalid value</comment>
        <translation>无效</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>No candidate space yet.</source>
        <translation>尚无候选空间。</translation>
    </message>
    <message>
        <source>Preparing the heat map</source>
        <translation>正在准备热力图</translation>
    </message>
    <message>
        <source>Choose two different dimensions.</source>
        <translation>请选择两个不同的维度。</translation>
    </message>
    <message>
        <source>no candidate here (turn on the lattice to see every value)</source>
        <translation>此处没有候选（打开全格点可查看所有取值）</translation>
    </message>
    <message>
        <source>What the cells&apos; colours show</source>
        <translation>单元格颜色表示的内容</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Another tuning of this launch in the cache: another device, backend version or bench method</source>
        <translation>缓存中此次启动的另一次调优：其他设备、后端版本或测速方法</translation>
    </message>
    <message>
        <source>compare with</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Colour by</source>
        <translation>着色依据</translation>
    </message>
    <message>
        <source>Simulated p50</source>
        <translation>模拟 p50</translation>
    </message>
    <message>
        <source>Ratio to the best</source>
        <translation>与最佳之比</translation>
    </message>
    <message>
        <source>Measured p50</source>
        <translation>实测 p50</translation>
    </message>
    <message>
        <source>UB use</source>
        <translation>UB 占用</translation>
    </message>
    <message>
        <source>L1 use (cube)</source>
        <translation>L1 占用（Cube）</translation>
    </message>
    <message>
        <source>L0 use (cube)</source>
        <translation>L0 占用（Cube）</translation>
    </message>
    <message>
        <source>Waves</source>
        <translation>轮数</translation>
    </message>
    <message>
        <source>Against another tuning</source>
        <translation>与另一次调优对比</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>µs</translation>
    </message>
    <message>
        <source>× the best</source>
        <translation>× 最佳</translation>
    </message>
    <message>
        <source>% of the UB budget</source>
        <translation>% UB 预算</translation>
    </message>
    <message>
        <source>% of the L1 limit</source>
        <translation>% L1 上限</translation>
    </message>
    <message>
        <source>% of the L0 limit</source>
        <translation>% L0 上限</translation>
    </message>
    <message>
        <source>waves</source>
        <translation>轮</translation>
    </message>
    <message>
        <source>× the other tuning</source>
        <translation>× 另一次调优</translation>
    </message>
    <message>
        <source>not tuned</source>
        <translation>未调优</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>未实测</translation>
    </message>
    <message>
        <source>no UB figure</source>
        <translation>无 UB 数据</translation>
    </message>
    <message>
        <source>not a cube candidate</source>
        <translation>非 Cube 候选</translation>
    </message>
    <message>
        <source>no program count</source>
        <translation>无程序数</translation>
    </message>
    <message>
        <source>not in both tunings</source>
        <translation>不在两次调优中</translation>
    </message>
    <message>
        <source>Reading the tunings to compare with</source>
        <translation>正在读取用于对比的调优</translation>
    </message>
    <message>
        <source>%1 · backend %2 · %3 · %4</source>
        <translation>%1 · 后端 %2 · %3 · %4</translation>
    </message>
    <message>
        <source>the cache could not be read: %1</source>
        <translation>无法读取缓存：%1</translation>
    </message>
    <message>
        <source>no other tuning of this launch in the cache</source>
        <translation>缓存中没有此次启动的其他调优</translation>
    </message>
    <message>
        <source>low: %1 %2</source>
        <translation>低：%1 %2</translation>
    </message>
    <message>
        <source>high: %1 %2</source>
        <translation>高：%1 %2</translation>
    </message>
    <message>
        <source>cells with the figure</source>
        <translation>有此数值的单元格</translation>
    </message>
    <message>
        <source>Waves of programs over the cores</source>
        <translation>程序在各核上的轮数</translation>
    </message>
    <message>
        <source>over capacity (&gt; 100%)</source>
        <translation>超出容量（&gt; 100%）</translation>
    </message>
    <message>
        <source>tile %1 × %2 (K %3), %4 programs</source>
        <translation>分块 %1 × %2（K %3），%4 个程序</translation>
    </message>
    <message>
        <source>tile %1 elements, UB %2, %3 programs</source>
        <translation>分块 %1 个元素，UB %2，%3 个程序</translation>
    </message>
    <message>
        <source>incorrect: data unprocessed or past the end</source>
        <translation>不正确：有数据未处理或越界</translation>
    </message>
    <message>
        <source>wrong</source>
        <comment>heat map cell: incorrect result</comment>
        <translation>错</translation>
    </message>
    <message>
        <source>pruned: L1 capacity (tl.dot tiles)</source>
        <translation>已剪除：L1 容量（tl.dot 分块）</translation>
    </message>
    <message>
        <source>pruned: L0A / L0B / L0C capacity (tl.dot tiles)</source>
        <translation>已剪除：L0A / L0B / L0C 容量（tl.dot 分块）</translation>
    </message>
    <message>
        <source>skipped: a generated tiling with a setting the backend never lists</source>
        <translation>已跳过：已生成的分块配上后端从不列出的设定</translation>
    </message>
    <message>
        <source>L1</source>
        <comment>heat map cell: L1 capacity</comment>
        <translation>L1</translation>
    </message>
    <message>
        <source>L0</source>
        <comment>heat map cell: L0A / L0B / L0C capacity</comment>
        <translation>L0</translation>
    </message>
    <message>
        <source>minimum over %1</source>
        <translation>%1 上的最小值</translation>
    </message>
    <message>
        <source>median over %1</source>
        <translation>%1 上的中位数</translation>
    </message>
    <message>
        <source>Kept values only</source>
        <translation>仅显示保留的值</translation>
    </message>
    <message>
        <source>Only the values some generated or handwritten candidate has: rows and columns where every candidate is pruned or skipped are left out</source>
        <translation>只显示生成或手写候选所具有的值：所有候选都被剪除或跳过的行和列不显示</translation>
    </message>
    <message>
        <source>The space has no candidate to show.</source>
        <translation>该空间没有可显示的候选。</translation>
    </message>
    <message>
        <source>none (a strip)</source>
        <translation>无（条带图）</translation>
    </message>
    <message>
        <source>Hold %1 at one value, or show in each cell the lowest or the median figure over its values</source>
        <translation>将 %1 固定为一个值，或在每个单元格中显示其所有取值上的最小值或中位数</translation>
    </message>
    <message>
        <source>fixed at</source>
        <translation>固定为</translation>
    </message>
    <message>
        <source>minimum over all</source>
        <translation>取全部的最小值</translation>
    </message>
    <message>
        <source>median over all</source>
        <translation>取全部的中位数</translation>
    </message>
    <message>
        <source>reduced over the hidden dimensions: %1 %2 (the candidate below stands for it)</source>
        <translation>按隐藏维度归约：%1 %2（由下面的候选代表）</translation>
    </message>
    <message>
        <source>fail</source>
        <comment>heat map cell: compile failed</comment>
        <translation>失败</translation>
    </message>
    <message>
        <source>cut</source>
        <comment>heat map cell: cut by the time budget</comment>
        <translation>裁去</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a figure, then its unit</comment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>skip</source>
        <comment>heat map cell: skipped, a setting the backend never lists</comment>
        <translation>跳过</translation>
    </message>
    <message>
        <source>Show all cells</source>
        <translation>显示全部单元格</translation>
    </message>
    <message>
        <source>The map opened on the cells with the figure; scroll or drag to move, or show the whole slice</source>
        <translation>热力图打开时放大到有数值的单元格；可滚动或拖动移动，或显示整个切片</translation>
    </message>
</context>
<context>
    <name>ts::gui::KernelDocument</name>
    <message>
        <source>%1: no such file</source>
        <translation>%1：文件不存在</translation>
    </message>
    <message>
        <source>Opening %1</source>
        <translation>正在打开 %1</translation>
    </message>
    <message>
        <source>Analysing</source>
        <translation>正在分析</translation>
    </message>
    <message>
        <source>Stopped before the candidate space was built.</source>
        <translation>在候选空间构建完成前已停止。</translation>
    </message>
    <message>
        <source>Building the lattice</source>
        <translation>正在构建全格点</translation>
    </message>
    <message>
        <source>Generating candidates</source>
        <translation>正在生成候选</translation>
    </message>
    <message>
        <source>no valid config, tuned %1 UTC</source>
        <translation>无有效配置，调优于 %1 UTC</translation>
    </message>
    <message>
        <source>Tuning on %1</source>
        <translation>正在 %1 上调优</translation>
    </message>
    <message>
        <source>Not stored in the cache: %1</source>
        <translation>未存入缓存：%1</translation>
    </message>
    <message>
        <source>Stored in the cache %1</source>
        <translation>已存入缓存 %1</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>Looking up the cache</source>
        <translation>正在查询缓存</translation>
    </message>
    <message>
        <source>unknown device &apos;%1&apos;</source>
        <translation>未知设备“%1”</translation>
    </message>
    <message>
        <source>The kernel does not parse: fix it and save, and it is read again.</source>
        <translation>内核无法解析：修正并保存后会自动重新读取。</translation>
    </message>
    <message>
        <source>Reloading %1</source>
        <translation>正在重新读取 %1</translation>
    </message>
    <message>
        <source>%1 changed on disk and cannot be read again: %2</source>
        <translation>%1 已在磁盘上更改，但无法重新读取：%2</translation>
    </message>
    <message>
        <source>%1 reloaded from disk; the kernel and the launch are unchanged, so the results shown still hold.</source>
        <translation>已从磁盘重新读取 %1；内核与启动参数未变，显示的结果仍然有效。</translation>
    </message>
    <message>
        <source>%1 reloaded from disk.</source>
        <translation>已从磁盘重新读取 %1。</translation>
    </message>
    <message>
        <source>%1 reloaded from disk; the kernel or the launch changed, so the results shown are out of date and were cleared.</source>
        <translation>已从磁盘重新读取 %1；内核或启动参数已变，显示的结果已过时并已清除。</translation>
    </message>
    <message>
        <source>Reading the cached tuning</source>
        <translation>正在读取缓存的调优结果</translation>
    </message>
    <message>
        <source>Other work is running: wait for it or stop it first.</source>
        <translation>其他任务正在运行：请等待其完成或先停止它。</translation>
    </message>
    <message>
        <source>Nothing to tune yet: wait for the candidate space.</source>
        <translation>暂无可调优的内容：请等待候选空间构建完成。</translation>
    </message>
    <message>
        <source>best %1, p50 %2, tuned %3 UTC</source>
        <translation>最佳 %1，p50 %2，调优于 %3 UTC</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>note</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>ts::gui::KernelPage</name>
    <message>
        <source>Severity</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>split parameter</source>
        <translation>切分参数</translation>
    </message>
    <message>
        <source>tiling parameter</source>
        <translation>分块参数</translation>
    </message>
    <message>
        <source>%1: splits axis %2 across programs and tiles axis %3 inside one</source>
        <translation>%1：在程序之间切分轴 %2，并在单个程序内对轴 %3 分块</translation>
    </message>
    <message>
        <source>%1: split parameter of axis %2 (cut across programs)</source>
        <translation>%1：轴 %2 的切分参数（在程序之间切分）</translation>
    </message>
    <message>
        <source>%1: tiling parameter of axis %2 (walked inside one program)</source>
        <translation>%1：轴 %2 的分块参数（在单个程序内循环）</translation>
    </message>
    <message>
        <source>%1: constexpr with a fixed value, not tuned</source>
        <translation>%1：取值固定的 constexpr，不参与调优</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>note</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>backend</source>
        <translation>后端</translation>
    </message>
    <message>
        <source>Triton-Ascend raises: %1</source>
        <translation>Triton-Ascend 抛出异常：%1</translation>
    </message>
    <message>
        <source>%1 (the simulator does not model it: every simulated time of this kernel is an approximation)</source>
        <translation>%1（模拟器未建模此项：该内核的所有模拟时间均为近似值）</translation>
    </message>
    <message>
        <source>%1: tiles %2 of the tl.dot sites</source>
        <translation>%1：对 tl.dot 调用点的 %2 维分块</translation>
    </message>
    <message>
        <source>%1: a hint dimension, swept over its hinted values</source>
        <translation>%1：提示维度，遍历其提示给出的取值</translation>
    </message>
    <message>
        <source>split and tiling parameter</source>
        <translation>切分兼分块参数</translation>
    </message>
    <message>
        <source>fixed or hint parameter</source>
        <translation>固定或提示参数</translation>
    </message>
</context>
<context>
    <name>ts::gui::LaunchEditor</name>
    <message>
        <source>Backend</source>
        <translation>后端</translation>
    </message>
    <message>
        <source>Triton-Ascend %1: %2 at commit %3 (%4). %5</source>
        <translation>Triton-Ascend %1：%2，提交 %3（%4）。%5</translation>
    </message>
    <message>
        <source>Parameter</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Dtype</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>not passed (generated both ways)</source>
        <translation>不传入（两种取值都生成）</translation>
    </message>
    <message>
        <source>not passed</source>
        <translation>不传入</translation>
    </message>
    <message>
        <source>force_simt_only</source>
        <translation>force_simt_only</translation>
    </message>
    <message>
        <source>lambda meta: (triton.cdiv(n, meta[&apos;XBLOCK&apos;]),)  or  48, 1</source>
        <translation>lambda meta: (triton.cdiv(n, meta[&apos;XBLOCK&apos;]),)  或  48, 1</translation>
    </message>
    <message>
        <source>Parallel compile</source>
        <translation>并行编译</translation>
    </message>
    <message>
        <source>Physical cores of the machine the NPU sits in, where Triton-Ascend compiles the candidates in parallel (0: the device profile&apos;s host). Changes the modelled tuning time, not the simulated timings.</source>
        <translation>NPU 所在主机的物理核数，Triton-Ascend 在该主机上并行编译候选配置（0：使用设备配置文件中的主机）。只影响模型估算的调优时间，不影响模拟计时。</translation>
    </message>
    <message>
        <source>Host cores</source>
        <translation>主机核数</translation>
    </message>
    <message>
        <source>profile (%1)</source>
        <translation>按设备配置文件（%1）</translation>
    </message>
    <message>
        <source>Compile workers on the NPU host: 1 (sequential)</source>
        <translation>NPU 主机上的编译线程：1（顺序编译）</translation>
    </message>
    <message>
        <source>Compile workers on the NPU host: up to %1 (%2, one per candidate at most)</source>
        <translation>NPU 主机上的编译线程：最多 %1 个（%2，每个候选最多一个）</translation>
    </message>
    <message>
        <source>Launch options</source>
        <translation>启动选项</translation>
    </message>
    <message>
        <source>Grid</source>
        <translation>网格</translation>
    </message>
    <message>
        <source>multibuffer</source>
        <translation>multibuffer</translation>
    </message>
    <message>
        <source>num_warps</source>
        <translation>num_warps</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Autotune hints</source>
        <translation>autotune 提示</translation>
    </message>
    <message>
        <source>Benchmark method</source>
        <translation>测速方法</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>工作线程数</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>%1 family, %2 AI cores, %3 vector cores for autotune, %4&#xa0;KiB UB budget</source>
        <translation>%1 系列，%2 个 AI 核，autotune 使用 %3 个向量核，UB 预算 %4&#xa0;KiB</translation>
    </message>
    <message>
        <source>Open a kernel or a workload.</source>
        <translation>请打开一个内核或工作负载。</translation>
    </message>
    <message>
        <source>tl.constexpr%1</source>
        <translation>tl.constexpr%1</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>tuned</source>
        <translation>调优</translation>
    </message>
    <message>
        <source>fixed</source>
        <translation>固定</translation>
    </message>
    <message>
        <source>tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>int</source>
        <translation>int</translation>
    </message>
    <message>
        <source>float</source>
        <translation>float</translation>
    </message>
    <message>
        <source>bool</source>
        <translation>bool</translation>
    </message>
    <message>
        <source>str</source>
        <translation>str</translation>
    </message>
    <message>
        <source>shape, e.g. 4096, 1024</source>
        <translation>形状，例如 4096, 1024</translation>
    </message>
    <message>
        <source>The default applies: the backend does not tune a constexpr with a default</source>
        <translation>使用默认值：后端不会调优带默认值的 constexpr</translation>
    </message>
    <message>
        <source>Left out at launch: the backend generates values for it</source>
        <translation>启动时不传入：由后端为其生成取值</translation>
    </message>
    <message>
        <source>No @triton.autotune decorator.</source>
        <translation>没有 @triton.autotune 装饰器。</translation>
    </message>
    <message>
        <source>%1: the shape must be a list of sizes, e.g. 4096, 1024</source>
        <translation>%1：形状必须是尺寸列表，例如 4096, 1024</translation>
    </message>
    <message>
        <source>%1: not an integer</source>
        <translation>%1：不是整数</translation>
    </message>
    <message>
        <source>%1: not a number</source>
        <translation>%1：不是数字</translation>
    </message>
    <message>
        <source>%1: write True or False</source>
        <translation>%1：请填写 True 或 False</translation>
    </message>
    <message>
        <source>%1: a fixed constexpr needs a value (a number, True/False, None or a string)</source>
        <translation>%1：固定的 constexpr 需要一个值（数字、True/False、None 或字符串）</translation>
    </message>
    <message>
        <source>TRITON_BENCH_METHOD. default: do_bench, quantiles of timed runs with the L2 flushed, host launch included; npu: the profiler, mean on-chip time of 30 runs (steadier, slower to tune)</source>
        <translation>TRITON_BENCH_METHOD。“default”：do_bench，清空 L2 后计时运行的分位数，包含主机端启动开销；npu：性能分析器，30 次运行的片上平均时间（更稳定，调优更慢）</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Threads that compile and benchmark here (auto: one per hardware thread); the results do not depend on it</source>
        <translation>本机用于编译和测速的线程数（自动：每个硬件线程一个）；结果与其无关</translation>
    </message>
    <message>
        <source>Seed of the simulated measurement noise: the same seed gives the same timings</source>
        <translation>模拟测量噪声的随机种子：相同种子得到相同的耗时</translation>
    </message>
    <message>
        <source>Tune</source>
        <translation>调优</translation>
    </message>
    <message>
        <source>Compile and benchmark the candidates on the simulated NPU (F5)</source>
        <translation>在模拟 NPU 上编译并测速候选（F5）</translation>
    </message>
    <message>
        <source>Tuning</source>
        <translation>调优</translation>
    </message>
    <message>
        <source>UB tuner</source>
        <translation>UB 调优器</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>A tensor&apos;s shape, or the value passed</source>
        <translation>张量的形状，或传入的值</translation>
    </message>
    <message>
        <source>split %1</source>
        <translation>切分 %1</translation>
    </message>
    <message>
        <source>tiling %1</source>
        <translation>分块 %1</translation>
    </message>
    <message>
        <source>key %1</source>
        <translation>键 %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>a backend version and its compile worker rule</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>TRITON_AUTOTUNE_PARALLEL_COMPILE: compile the candidates on the NPU host&apos;s cores at once (%1; off: one after the other). Changes the modelled tuning time.</source>
        <translation>TRITON_AUTOTUNE_PARALLEL_COMPILE：用 NPU 主机的多个核心同时编译候选（%1；关闭时逐个编译）。会改变模型估算的调优时间。</translation>
    </message>
    <message>
        <source>TRITON_ENABLE_UBTUNER=compile (%1 only): a candidate that overflows the UB is searched for storage_align, multibuffer and vf_fusion_mode values that fit, and benchmarked with the ubtune_cfg found</source>
        <translation>TRITON_ENABLE_UBTUNER=compile（仅 %1）：对 UB 溢出的候选搜索能放得下的 storage_align、multibuffer 和 vf_fusion_mode 取值，并用找到的 ubtune_cfg 测速</translation>
    </message>
    <message>
        <source>cores / %1</source>
        <translation>核数 / %1</translation>
    </message>
    <message>
        <source>cores × %1/%2</source>
        <translation>核数 × %1/%2</translation>
    </message>
</context>
<context>
    <name>ts::gui::MainWindow</name>
    <message>
        <source>confidence in the pick: %1</source>
        <translation>选择的可信度：%1</translation>
    </message>
    <message>
        <source>Compare with &amp;measured timings…</source>
        <translation>与实测时间比较(&amp;M)…</translation>
    </message>
    <message>
        <source>The configs of this launch measured on real hardware, simulated and plotted against their measurements</source>
        <translation>本次启动在真实硬件上实测过的配置：模拟后与实测结果对照绘图</translation>
    </message>
    <message>
        <source>backend %1</source>
        <translation>后端 %1</translation>
    </message>
    <message>
        <source>TileScope</source>
        <translation>TileScope</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>候选</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Launch</source>
        <translation>启动参数</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>分析</translation>
    </message>
    <message>
        <source>Open a Triton kernel (.py) or a workload (.json): File &gt; Open, drag and drop, or Help &gt; Examples.</source>
        <translation>打开 Triton 内核（.py）或工作负载（.json）：文件 &gt; 打开、拖放，或 帮助 &gt; 示例。</translation>
    </message>
    <message>
        <source>Cannot open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>The launch cannot be analysed</source>
        <translation>无法分析该启动参数</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>已停止。</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a kernel or a workload</source>
        <translation>打开内核或工作负载</translation>
    </message>
    <message>
        <source>Kernels and workloads (*.py *.json);;All files (*)</source>
        <translation>内核和工作负载 (*.py *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>停止(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Show the whole &amp;lattice</source>
        <translation>显示全格点(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Examples</source>
        <translation>示例(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;About TileScope</source>
        <translation>关于 TileScope(&amp;A)</translation>
    </message>
    <message>
        <source>No examples found in %1</source>
        <translation>在 %1 中未找到示例</translation>
    </message>
    <message>
        <source>Kernels only</source>
        <translation>仅内核</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <source>%1 — TileScope</source>
        <translation>%1 — TileScope</translation>
    </message>
    <message>
        <source>Using the launch of %1</source>
        <translation>使用 %1 中的启动参数</translation>
    </message>
    <message>
        <source>%1: no candidates. %2</source>
        <translation>%1：没有候选。%2</translation>
    </message>
    <message>
        <source>The language changes the next time TileScope starts.</source>
        <translation>语言将在下次启动 TileScope 时生效。</translation>
    </message>
    <message>
        <source>About TileScope</source>
        <translation>关于 TileScope</translation>
    </message>
    <message>
        <source>No recent files</source>
        <translation>没有最近打开的文件</translation>
    </message>
    <message>
        <source>Clear the list</source>
        <translation>清空列表</translation>
    </message>
    <message>
        <source>The tuning failed</source>
        <translation>调优失败</translation>
    </message>
    <message>
        <source>&amp;Tune</source>
        <translation>调优(&amp;T)</translation>
    </message>
    <message>
        <source>Compile and benchmark the candidates shown on the simulated NPU; Esc stops and keeps what finished</source>
        <translation>在模拟 NPU 上编译并测速当前显示的候选；按 Esc 停止并保留已完成的部分</translation>
    </message>
    <message>
        <source>Tune the same launch on several devices and compare them side by side</source>
        <translation>在多个设备上调优同一启动配置并并排比较</translation>
    </message>
    <message>
        <source>Nothing to tune yet: wait for the candidate space.</source>
        <translation>暂无可调优的内容：请等待候选空间构建完成。</translation>
    </message>
    <message>
        <source>The tuning found no valid config</source>
        <translation>调优未找到有效配置</translation>
    </message>
    <message>
        <source>Tuning failed.</source>
        <translation>调优失败。</translation>
    </message>
    <message>
        <source>Stopped after</source>
        <translation>已停止，完成</translation>
    </message>
    <message>
        <source>Tuned</source>
        <translation>已调优</translation>
    </message>
    <message>
        <source>Stopped before any candidate was benchmarked.</source>
        <translation>在任何候选完成测速前已停止。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cached tuning available&lt;/b&gt;: %1. Tune runs it again.</source>
        <translation>&lt;b&gt;已有缓存的调优结果&lt;/b&gt;：%1。点击“调优”将重新运行。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Stale cached tuning&lt;/b&gt; (the kernel changed since): %1. Tune to refresh it.</source>
        <translation>&lt;b&gt;缓存的调优结果已过期&lt;/b&gt;（内核此后已修改）：%1。调优即可更新。</translation>
    </message>
    <message>
        <source>The config cache %1 cannot be read: %2</source>
        <translation>无法读取配置缓存 %1：%2</translation>
    </message>
    <message>
        <source>Compare devices: &amp;regret and one config list…</source>
        <translation>比较设备：遗憾值与共用配置列表(&amp;R)…</translation>
    </message>
    <message>
        <source>Each device&apos;s best run on the others, and one config list within a tolerance of the best on every device</source>
        <translation>各设备的最佳配置在其他设备上的表现，以及在每个设备上都接近最佳的共用配置列表</translation>
    </message>
    <message>
        <source>Compare &amp;backend versions…</source>
        <translation>比较后端版本(&amp;B)…</translation>
    </message>
    <message>
        <source>The same launch under two Triton-Ascend versions: configs only one generates, reordered, changed options</source>
        <translation>同一次启动在两个 Triton-Ascend 版本下的对比：只有一个版本生成的配置、顺序改变的配置、选项改变的配置</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cached tuning shown&lt;/b&gt;: %1. Tune runs it again.</source>
        <translation>&lt;b&gt;正在显示缓存的调优结果&lt;/b&gt;：%1。点击“调优”会重新运行。</translation>
    </message>
    <message>
        <source>Restoring the last session: %1…</source>
        <translation>正在恢复上次的会话：%1…</translation>
    </message>
    <message>
        <source>%1 does not parse (line %2: %3); it is read again when saved.</source>
        <translation>%1 无法解析（第 %2 行：%3）；保存后会重新读取。</translation>
    </message>
    <message>
        <source>Line %1 of the kernel fixes this dimension (see the Kernel tab).</source>
        <translation>内核第 %1 行确定了此维度（见“内核”标签页）。</translation>
    </message>
    <message>
        <source>Tune on &amp;several devices side by side…</source>
        <translation>在多个设备上并列调优(&amp;S)…</translation>
    </message>
    <message numerus="yes">
        <source>%Ln candidate(s): %1 generated, %2 handwritten, %3 skipped, %4 pruned</source>
        <translation>
            <numerusform>%Ln 个候选：%1 个生成，%2 个手写，%3 个已跳过，%4 个已剪除</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading the measured times</source>
        <translation>正在读取实测耗时</translation>
    </message>
    <message>
        <source>, %1 incorrect</source>
        <translation>，%1 个不正确</translation>
    </message>
    <message>
        <source>&lt;h3&gt;TileScope %1&lt;/h3&gt;&lt;p&gt;Explores the tiling space of Triton kernels under Triton-Ascend&apos;s autotune: which candidates the backend generates for a launch, which it drops and why.&lt;/p&gt;&lt;p&gt;The kernel is parsed with CPython&apos;s own &lt;code&gt;ast&lt;/code&gt;; it is never run. Candidate generation follows Triton-Ascend&apos;s own code, one release per backend version (%3); the lattice, the reasons and the charts go beyond what the backend reports.&lt;/p&gt;&lt;p&gt;Resources: %2&lt;/p&gt;</source>
        <translation>&lt;h3&gt;TileScope %1&lt;/h3&gt;&lt;p&gt;探索 Triton 内核在 Triton-Ascend autotune 下的分块空间：后端针对一次启动生成哪些候选、舍弃哪些候选以及原因。&lt;/p&gt;&lt;p&gt;内核由 CPython 自带的 &lt;code&gt;ast&lt;/code&gt; 解析，从不运行。候选生成遵循 Triton-Ascend 自身的代码，每个后端版本对应一个上游版本（%3）；全格点、原因说明和图表超出了后端自身的报告范围。&lt;/p&gt;&lt;p&gt;资源目录：%2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open &amp;capture folder…</source>
        <translation>打开捕获文件夹(&amp;C)…</translation>
    </message>
    <message>
        <source>The launches your own program made, recorded by tilescope capture: open one as a workload</source>
        <translation>您自己的程序所做的启动，由 tilescope capture 记录：选择一个作为工作负载打开</translation>
    </message>
    <message>
        <source>Open a capture folder</source>
        <translation>打开捕获文件夹</translation>
    </message>
    <message>
        <source>%1 = %2 benchmarked + %3 failed + %4 cut by the time budget</source>
        <translation>%1 = %2 个已测速 + %3 个失败 + %4 个被时间预算裁去</translation>
    </message>
    <message>
        <source>best #%1 measured p50 %2</source>
        <translation>最佳 #%1 实测 p50 %2</translation>
    </message>
    <message>
        <source>best #%1 simulated p50 %2</source>
        <translation>最佳 #%1 模拟 p50 %2</translation>
    </message>
    <message>
        <source>best #%1 p50 %2</source>
        <translation>最佳 #%1 p50 %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 of %Ln candidate(s); %3; modelled tuning time %4</source>
        <translation>
            <numerusform>%1 %2 / %Ln 个候选；%3；模型估算的调优时间 %4</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 = %2 benchmarked + %3 failed</source>
        <translation>%1 = %2 个已测速 + %3 个失败</translation>
    </message>
    <message numerus="yes">
        <source>Loaded the cached tuning: %1 of %Ln candidate(s) · %2</source>
        <translation>
            <numerusform>已加载缓存的调优：%Ln 个候选中%1 · %2</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;This tuning is in the cache&lt;/b&gt;: %1.</source>
        <translation>&lt;b&gt;本次调优已存入缓存&lt;/b&gt;：%1。</translation>
    </message>
</context>
<context>
    <name>ts::gui::MeasuredCompareDialog</name>
    <message>
        <source>Simulated vs measured</source>
        <translation>模拟与实测</translation>
    </message>
    <message>
        <source>Ratio</source>
        <translation>比值</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Config</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Every measured config</source>
        <translation>所有实测配置</translation>
    </message>
    <message>
        <source>Furthest from the diagonal (simulated / measured)</source>
        <translation>偏离对角线最远（模拟 / 实测）</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>The configs of this launch measured on real hardware (tilescope measure import), simulated on %1. On the diagonal the simulator agrees with the measurement.</source>
        <translation>本次启动在真实硬件上实测过的配置（tilescope measure import），在 %1 上模拟。落在对角线上表示模拟与实测一致。</translation>
    </message>
    <message>
        <source>Comparing with measured timings</source>
        <translation>正在与实测时间比较</translation>
    </message>
    <message>
        <source>Simulating the measured configs…</source>
        <translation>正在模拟实测过的配置…</translation>
    </message>
    <message>
        <source>Nothing to compare.</source>
        <translation>没有可比较的内容。</translation>
    </message>
    <message>
        <source>Spearman %1, Kendall tau-b %2, top-1 regret %3, top-%4 recall %5, simulated / measured %6 (geometric mean).</source>
        <translation>Spearman %1，Kendall tau-b %2，top-1 遗憾 %3，top-%4 召回率 %5，模拟 / 实测 %6（几何平均）。</translation>
    </message>
    <message>
        <source>Compared.</source>
        <translation>比较完成。</translation>
    </message>
    <message>
        <source>simulated = measured</source>
        <translation>模拟 = 实测</translation>
    </message>
    <message>
        <source>measured config</source>
        <translation>实测配置</translation>
    </message>
    <message>
        <source>the simulator&apos;s pick</source>
        <translation>模拟器的选择</translation>
    </message>
    <message>
        <source>the measured best</source>
        <translation>实测最优</translation>
    </message>
    <message numerus="yes">
        <source>Measured on %1: %Ln config(s), </source>
        <translation>
            <numerusform>在 %1 上实测：%Ln 个配置，</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln with both times.</source>
        <translation>
            <numerusform>其中 %Ln 个同时有两种时间。</numerusform>
        </translation>
    </message>
    <message>
        <source>measured p50 (µs)</source>
        <translation>实测 p50（µs）</translation>
    </message>
    <message>
        <source>simulated p50 (µs)</source>
        <translation>模拟 p50（µs）</translation>
    </message>
    <message>
        <source>Measured (µs)</source>
        <translation>实测（µs）</translation>
    </message>
    <message>
        <source>Simulated (µs)</source>
        <translation>模拟（µs）</translation>
    </message>
    <message numerus="yes">
        <source>%1
measured %2 (%Ln run(s)), simulated %3, ratio %4</source>
        <translation>
            <numerusform>%1
实测 %2（%Ln 次），模拟 %3，比值 %4</numerusform>
        </translation>
    </message>
    <message>
        <source>n/a</source>
        <comment>a statistic with no value</comment>
        <translation>不适用</translation>
    </message>
    <message>
        <source>timed</source>
        <comment>a measured config&apos;s status</comment>
        <translation>已计时</translation>
    </message>
    <message>
        <source>failed to compile</source>
        <comment>a measured config&apos;s status</comment>
        <translation>编译失败</translation>
    </message>
    <message>
        <source>failed to run</source>
        <comment>a measured config&apos;s status</comment>
        <translation>运行失败</translation>
    </message>
    <message>
        <source>timed out</source>
        <comment>a measured config&apos;s status</comment>
        <translation>超时</translation>
    </message>
    <message>
        <source>not run</source>
        <comment>a measured config&apos;s status</comment>
        <translation>未运行</translation>
    </message>
    <message>
        <source>selected, no time</source>
        <comment>a measured config&apos;s status: a log names it as the pick</comment>
        <translation>已选中（无耗时）</translation>
    </message>
</context>
<context>
    <name>ts::gui::PipeChart</name>
    <message>
        <source>Save the per-pipe chart as PNG, SVG or PDF</source>
        <translation>将各流水线耗时图保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>Tune (F5) to see where the time of each candidate goes, pipe by pipe.</source>
        <translation>调优（F5）后即可逐条流水线查看每个候选的时间花在哪里。</translation>
    </message>
    <message>
        <source>Selected</source>
        <translation>选中</translation>
    </message>
    <message>
        <source>Selected &lt;b&gt;#%1&lt;/b&gt;: %2 — %3</source>
        <translation>选中 &lt;b&gt;#%1&lt;/b&gt;：%2 — %3</translation>
    </message>
    <message>
        <source>Selected #%1 was not tuned.</source>
        <translation>选中的 #%1 未调优。</translation>
    </message>
    <message>
        <source>Best</source>
        <translation>最佳</translation>
    </message>
    <message>
        <source>Fastest so far</source>
        <translation>目前最快</translation>
    </message>
    <message>
        <source>Selected, the best,</source>
        <translation>选中（即最佳）</translation>
    </message>
    <message>
        <source>Selected, the fastest so far,</source>
        <translation>选中（即目前最快）</translation>
    </message>
    <message>
        <source>device time</source>
        <translation>设备时间</translation>
    </message>
    <message>
        <source>busy</source>
        <translation>忙碌</translation>
    </message>
    <message>
        <source>critical path</source>
        <translation>关键路径</translation>
    </message>
    <message>
        <source>roofline</source>
        <translation>屋顶线</translation>
    </message>
    <message>
        <source>time (µs)</source>
        <translation>时间（µs）</translation>
    </message>
    <message>
        <source>%1 of #%2: on the critical path %3</source>
        <translation>#%2 的 %1：关键路径上 %3</translation>
    </message>
    <message>
        <source>, busy %1</source>
        <translation>，忙碌 %1</translation>
    </message>
    <message>
        <source>#%1: device time %2, roofline %3 (%4)</source>
        <translation>#%1：设备时间 %2，屋顶线 %3（%4）</translation>
    </message>
    <message>
        <source>Nothing benchmarked yet.</source>
        <translation>尚无已测速的候选。</translation>
    </message>
    <message>
        <source>Nothing tuned yet.</source>
        <translation>尚未调优。</translation>
    </message>
    <message>
        <source>The tuning has not benchmarked a candidate yet.</source>
        <translation>调优尚未对任何候选进行测速。</translation>
    </message>
    <message>
        <source>The best</source>
        <translation>最佳</translation>
    </message>
    <message>
        <source>The fastest so far</source>
        <translation>目前最快</translation>
    </message>
    <message>
        <source>No busy times: this tuning was cached before they were kept.</source>
        <translation>没有忙碌时间：此调优在开始记录它们之前已缓存。</translation>
    </message>
    <message>
        <source>%1 &lt;b&gt;#%2&lt;/b&gt;: device time %3 (%4 of it here).</source>
        <translation>%1 &lt;b&gt;#%2&lt;/b&gt;：设备时间 %3（此处为它的 %4）。</translation>
    </message>
    <message>
        <source>%1 &lt;b&gt;#%2&lt;/b&gt;: device time %3, the sum of the &lt;i&gt;critical path&lt;/i&gt; bars.</source>
        <translation>%1 &lt;b&gt;#%2&lt;/b&gt;：设备时间 %3，即各&lt;i&gt;关键路径&lt;/i&gt;条之和。</translation>
    </message>
    <message>
        <source>&lt;i&gt;Busy&lt;/i&gt; %1 in all, at least %2 of it overlapped.</source>
        <translation>&lt;i&gt;忙碌&lt;/i&gt;共 %1，其中至少 %2 重叠。</translation>
    </message>
    <message>
        <source>&lt;i&gt;Busy&lt;/i&gt; %1 in all, no overlap.</source>
        <translation>&lt;i&gt;忙碌&lt;/i&gt;共 %1，没有重叠。</translation>
    </message>
    <message>
        <source>Roofline %1 (bound by %2), %3 of the device time.</source>
        <translation>屋顶线 %1（瓶颈：%2），为设备时间的 %3。</translation>
    </message>
    <message>
        <source>Critical path: the device time attributed to the pipes along the critical path of the slowest core; the pipes&apos; shares add up to the device time.
Busy: how long each pipe works; with multibuffer the pipes overlap, so the busy times add up to more.
Roofline: no schedule of this work runs faster.
p50: the median of the benchmark&apos;s timed runs, as the table and the status bar show it. The default method (do_bench) times each launch on the host, the L2 flushed before every run (the device time is simulated so): it adds the host&apos;s launch, whose level changes from one benchmark call to the next, jitter and rare interruptions. The npu method (the profiler) reads the on-chip time, close to the device time.</source>
        <translation>关键路径：沿最慢核心的关键路径分摊到各流水线的设备时间；各流水线的份额之和即设备时间。
忙碌：每条流水线工作的时长；使用 multibuffer 时流水线相互重叠，因此忙碌时间之和更大。
屋顶线：这项工作的任何调度都不会更快。
p50：测速各次计时运行的中位数，即表格和状态栏所示的值。默认方法（do_bench）在主机上为每次启动计时，每次运行前清空 L2（设备时间按此模拟）：它在设备时间之上加入主机的启动开销（其水平随每次测速调用而变）、抖动和少量中断。npu 方法（性能分析器）读取片上时间，接近设备时间。</translation>
    </message>
    <message>
        <source>p50 %1 in the table = on-chip time, %2 off the device time (timing noise).</source>
        <translation>表格中的 p50 %1 = 片上时间，与设备时间相差 %2（计时噪声）。</translation>
    </message>
    <message>
        <source>p50 %1 in the table = device time + %2 (host launch, timing noise).</source>
        <translation>表格中的 p50 %1 = 设备时间 + %2（主机启动、计时噪声）。</translation>
    </message>
    <message>
        <source>p50 %1 in the table = device time − %2 (timing noise).</source>
        <translation>表格中的 p50 %1 = 设备时间 − %2（计时噪声）。</translation>
    </message>
</context>
<context>
    <name>ts::gui::ProgressWidget</name>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop (Esc): the result of the running job is dropped</source>
        <translation>停止（Esc）：丢弃正在运行的任务的结果</translation>
    </message>
    <message numerus="yes">
        <source> (about %Ln&#xa0;s left)</source>
        <translation>
            <numerusform>（约剩 %Ln&#xa0;s）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::SpacePage</name>
    <message>
        <source> · %1 programs</source>
        <translation> · %1 个程序</translation>
    </message>
    <message>
        <source>Tile %1 elements</source>
        <translation>分块 %1 个元素</translation>
    </message>
    <message>
        <source>Terms separated by spaces, all must hold:
  NAME OP VALUE on a parameter (OP: = != &lt; &lt;= &gt; &gt;=; True/False for booleans)
  tile, ub (KiB), programs, waves OP VALUE
  a word: a status or reason (generated, pruned, ub-capacity, off-walk, …)</source>
        <translation>以空格分隔的条件，须全部满足：
  参数 运算符 值（运算符：= != &lt; &lt;= &gt; &gt;=；布尔值用 True/False）
  tile、ub（KiB）、programs、waves 运算符 值
  单词：状态或原因（generated、pruned、ub-capacity、off-walk 等）</translation>
    </message>
    <message>
        <source>All statuses</source>
        <translation>所有状态</translation>
    </message>
    <message>
        <source>Lattice</source>
        <translation>全格点</translation>
    </message>
    <message>
        <source>Beyond the backend: every value a user could write for each tunable parameter (up to 2 million points), each with the reason the backend does not generate it</source>
        <translation>超出后端范围：列出每个可调参数用户可能填写的所有取值（最多 200 万个点），并给出后端不生成它们的原因</translation>
    </message>
    <message>
        <source>Copy as triton.Config</source>
        <translation>复制为 triton.Config</translation>
    </message>
    <message>
        <source>All reasons</source>
        <translation>所有原因</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>below minimum tile</source>
        <translation>低于最小分块</translation>
    </message>
    <message>
        <source>&lt;i&gt;Select a candidate to see why it has its status.&lt;/i&gt;</source>
        <translation>&lt;i&gt;选择一个候选，查看其处于该状态的原因。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>&lt;p&gt;Nearest generated candidate: #%1&lt;/p&gt;</source>
        <translation>&lt;p&gt;最近的已生成候选：#%1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Tune the lattice</source>
        <translation>调优格点</translation>
    </message>
    <message>
        <source>Tune lattice points as the backend would tune a handwritten list, in the background (Esc stops): all valid ones, the ones the filters show, or the selected rows</source>
        <translation>像后端调优手写配置列表一样在后台调优格点（按 Esc 停止）：全部有效点、筛选显示的点或选中的行</translation>
    </message>
    <message>
        <source>All valid lattice candidates</source>
        <translation>全部有效格点候选</translation>
    </message>
    <message>
        <source>The filtered candidates</source>
        <translation>筛选出的候选</translation>
    </message>
    <message>
        <source>The selected candidates</source>
        <translation>选中的候选</translation>
    </message>
    <message>
        <source>Tune every valid lattice point: your own list, whatever the backend does</source>
        <translation>调优每个有效格点：这是您自己的列表，与后端的行为无关</translation>
    </message>
    <message>
        <source>The backend tunes nothing here: %1</source>
        <translation>后端在此无可调优的配置：%1</translation>
    </message>
    <message>
        <source>%1 (sorting…)</source>
        <translation>%1（排序中…）</translation>
    </message>
    <message numerus="yes">
        <source> · %Ln program(s)</source>
        <translation>
            <numerusform> · %Ln 个程序</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %Ln wave(s) over the cube cores</source>
        <translation>
            <numerusform> · Cube 核上 %Ln 轮</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %Ln wave(s)</source>
        <translation>
            <numerusform> · %Ln 轮</numerusform>
        </translation>
    </message>
    <message>
        <source> · last wave %1</source>
        <translation> · 最后一轮 %1</translation>
    </message>
    <message numerus="yes">
        <source>Tile %Ln element(s)</source>
        <translation>
            <numerusform>分块 %Ln 个元素</numerusform>
        </translation>
    </message>
    <message>
        <source> · UB %1, %2</source>
        <translation> · UB %1，%2</translation>
    </message>
    <message>
        <source>Tile %1 × %2, K %3 · %4</source>
        <translation>分块 %1 × %2，K %3 · %4</translation>
    </message>
    <message>
        <source>Grid (%1, %2, %3)</source>
        <translation>网格 (%1, %2, %3)</translation>
    </message>
    <message>
        <source>Grid unknown</source>
        <translation>网格未知</translation>
    </message>
    <message>
        <source> · every element processed</source>
        <translation> · 每个元素都被处理</translation>
    </message>
    <message>
        <source>the launch computes a wrong result</source>
        <translation>该启动会算出错误结果</translation>
    </message>
    <message>
        <source>Rank: simulated</source>
        <translation>排序：模拟时间</translation>
    </message>
    <message>
        <source>Rank: measured</source>
        <translation>排序：实测时间</translation>
    </message>
    <message>
        <source>Rank: measured if complete</source>
        <translation>排序：实测完整时用实测</translation>
    </message>
    <message>
        <source>Which time picks the best candidate and orders the table: the simulated p50, the p50 measured on real hardware (tilescope measure import), or the measured one when every candidate the tuning ran has a measurement</source>
        <translation>用哪个时间选出最佳候选并为表格排序：模拟 p50、在真实硬件上实测的 p50（tilescope measure import），或在调优运行过的每个候选都有实测时使用实测时间</translation>
    </message>
    <message>
        <source>Ranked by the simulated p50; the times measured on real hardware can rank it instead.</source>
        <translation>按模拟 p50 排序；也可以改用在真实硬件上实测的时间排序。</translation>
    </message>
    <message>
        <source>real hardware</source>
        <translation>真实硬件</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln candidate(s) the tuning ran measured</source>
        <translation>
            <numerusform>调优运行的 %Ln 个候选中有 %1 个有实测</numerusform>
        </translation>
    </message>
    <message>
        <source>Ranked by the p50 measured on %1 (%2).</source>
        <translation>按在 %1 上实测的 p50 排序（%2）。</translation>
    </message>
    <message>
        <source>Ranked by the simulated p50: no candidate the tuning ran has a measured time (tilescope measure import).</source>
        <translation>按模拟 p50 排序：调优运行的候选都没有实测时间（tilescope measure import）。</translation>
    </message>
    <message>
        <source>Ranked by the simulated p50: %1 on %2, not all.</source>
        <translation>按模拟 p50 排序：在 %2 上 %1，并非全部。</translation>
    </message>
    <message>
        <source>device time %1, on the critical path: %2</source>
        <translation>设备时间 %1，关键路径上：%2</translation>
    </message>
    <message>
        <source>&lt;br&gt;busy: %1</source>
        <translation>&lt;br&gt;忙碌：%1</translation>
    </message>
    <message>
        <source>, at least %1 of it overlapped</source>
        <translation>，其中至少 %1 重叠</translation>
    </message>
    <message>
        <source>&lt;br&gt;roofline %1 (bound by %2)</source>
        <translation>&lt;br&gt;屋顶线 %1（瓶颈：%2）</translation>
    </message>
    <message>
        <source>peak of live buffers in the simulated compile: %1 of %2</source>
        <translation>模拟编译中存活缓冲区的峰值：%1 / %2</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;UB&lt;/b&gt;: %1. A tl.dot kernel keeps its tiles in L1 and L0 (the figures above, what the backend prunes by); the UB holds only what its vector code uses.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;UB&lt;/b&gt;：%1。tl.dot 内核把分块放在 L1 和 L0 中（即上面的数据，后端据此剪枝）；UB 只存放其向量代码所用的数据。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;⚠ The simulated times are approximations&lt;/b&gt;: the simulator does not model everything this kernel does (the same for every candidate; the kernel tab lists them):&lt;br&gt;%1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;⚠ 模拟时间为近似值&lt;/b&gt;：模拟器未对该内核的所有操作建模（对每个候选都一样；内核页列出了它们）：&lt;br&gt;%1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Note: %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;注：%1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>: p50 %1 (p20 %2, p80 %3)</source>
        <translation>：p50 %1（p20 %2，p80 %3）</translation>
    </message>
    <message>
        <source>, %1 the best&apos;s (#%2)</source>
        <translation>，为最佳（#%2）的 %1</translation>
    </message>
    <message>
        <source>: compiled, then left out by the backend&apos;s time limit before benchmarking</source>
        <translation>：已编译，随后在测速前被后端的时间限制略去</translation>
    </message>
    <message>
        <source>&lt;br&gt;modelled compile %1</source>
        <translation>&lt;br&gt;模型估算的编译时间 %1</translation>
    </message>
    <message>
        <source>, benchmark %1</source>
        <translation>，测速 %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;UB&lt;/b&gt;: the backend&apos;s estimate %1 (tile × %2&#xa0;B × %3 buffers, what it prunes by); %4. The estimate counts one tile per buffer at the widest dtype; the compile counts every buffer the kernel&apos;s code holds at once (float32 copies, intermediates, multibuffer&apos;s second half), so the two differ. A compile over the UB fails, whatever the estimate.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;UB&lt;/b&gt;：后端的估计 %1（分块 × %2&#xa0;B × %3 个缓冲区，后端据此剪枝）；%4。估计按最宽的 dtype 为每个缓冲区计一个分块；编译则计入内核代码同时持有的每个缓冲区（float32 副本、中间结果、multibuffer 的另一半），因此两者不同。超出 UB 的编译会失败，无论估计如何。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>a pipe&apos;s name, then its time</comment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the pipes of a list</comment>
        <translation>，</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>筛选</translation>
    </message>
    <message>
        <source>Filter: %1</source>
        <comment>an example query follows</comment>
        <translation>筛选：%1</translation>
    </message>
</context>
<context>
    <name>ts::gui::SweepDialog</name>
    <message>
        <source>Shape sweep</source>
        <translation>形状扫描</translation>
    </message>
    <message>
        <source>Argument</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>From</source>
        <translation>起始</translation>
    </message>
    <message>
        <source>To</source>
        <translation>结束</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步进</translation>
    </message>
    <message>
        <source>By</source>
        <translation>步长</translation>
    </message>
    <message>
        <source>Add range</source>
        <translation>添加范围</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>A config serves a shape when it is at most this much slower than the shape&apos;s own best</source>
        <translation>某配置比该形状自身的最佳配置慢不超过此比例时，即视为可服务该形状</translation>
    </message>
    <message>
        <source>Reuse and store tunings in the config cache</source>
        <translation>复用并保存调优结果到配置缓存</translation>
    </message>
    <message>
        <source>&amp;Run sweep</source>
        <translation>运行扫描(&amp;R)</translation>
    </message>
    <message>
        <source>Stop after the running candidate; the shapes already tuned are kept</source>
        <translation>在当前候选完成后停止；保留已调优的形状</translation>
    </message>
    <message>
        <source>Tolerance:</source>
        <translation>容差：</translation>
    </message>
    <message>
        <source>best config of each shape</source>
        <translation>各形状的最佳配置</translation>
    </message>
    <message>
        <source>covering set</source>
        <translation>覆盖集</translation>
    </message>
    <message>
        <source>Config</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Serves</source>
        <translation>服务</translation>
    </message>
    <message>
        <source>Worst loss (%)</source>
        <translation>最大损失（%）</translation>
    </message>
    <message>
        <source>&amp;Export the set…</source>
        <translation>导出覆盖集(&amp;E)…</translation>
    </message>
    <message>
        <source>Write the covering set as the kernel&apos;s @triton.autotune config list</source>
        <translation>将覆盖集写成内核的 @triton.autotune 配置列表</translation>
    </message>
    <message>
        <source>&lt;b&gt;Covering set&lt;/b&gt;</source>
        <translation>&lt;b&gt;覆盖集&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Open a kernel with a launch first.</source>
        <translation>请先打开带有启动配置的内核。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; on %2, method %3: each shape is the launch with the swept arguments (and the tensor dimensions equal to them) replaced.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;，设备 %2（方法：%3）：每个形状即把启动配置中被扫描的参数（以及与之相等的张量维度）替换后的结果。</translation>
    </message>
    <message>
        <source>The device %1 is not known: no sweep.</source>
        <translation>未知设备 %1：无法扫描。</translation>
    </message>
    <message>
        <source>The launch has no integer argument to sweep.</source>
        <translation>启动配置中没有可扫描的整数参数。</translation>
    </message>
    <message>
        <source>× (times)</source>
        <translation>×（乘）</translation>
    </message>
    <message>
        <source>+ (plus)</source>
        <translation>+（加）</translation>
    </message>
    <message>
        <source>Row %1: From, To and By must be whole numbers.</source>
        <translation>第 %1 行：起始、结束和步长必须是整数。</translation>
    </message>
    <message>
        <source>Row %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>Add a range to sweep.</source>
        <translation>请添加要扫描的范围。</translation>
    </message>
    <message>
        <source>invalid</source>
        <translation>无效</translation>
    </message>
    <message numerus="yes">
        <source>%Ln shape(s)</source>
        <translation>
            <numerusform>%Ln 个形状</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopping after the running candidate…</source>
        <translation>将在当前候选完成后停止…</translation>
    </message>
    <message numerus="yes">
        <source>%Ln extra measurement(s): configs benchmarked at shapes where the backend did not generate them, as Triton benchmarks a handwritten list at every shape.</source>
        <translation>
            <numerusform>额外测量 %Ln 次：在后端未生成这些配置的形状上也对其测速，与 Triton 在每个形状上测速手写列表的做法一致。</numerusform>
        </translation>
    </message>
    <message>
        <source>Covering set</source>
        <translation>覆盖集</translation>
    </message>
    <message>
        <source>No shape was measured: there is nothing to cover.</source>
        <translation>没有任何形状完成测速：无可覆盖的内容。</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <source>greedy</source>
        <translation>贪心</translation>
    </message>
    <message>
        <source>shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>No shape was measured.</source>
        <translation>没有任何形状完成测速。</translation>
    </message>
    <message>
        <source>Run a sweep to chart it.</source>
        <translation>运行扫描后在此绘图。</translation>
    </message>
    <message numerus="yes">
        <source>Stopped: %Ln shape(s) tuned before the stop {is|are} shown.</source>
        <translation>
            <numerusform>已停止：显示停止前调优完成的 %Ln 个形状。</numerusform>
        </translation>
    </message>
    <message>
        <source>p50 (µs)</source>
        <translation>p50（µs）</translation>
    </message>
    <message numerus="yes">
        <source>%Ln config(s) {serves|serve} %1 within %2 of each shape&apos;s best (worst loss %3, %4 search).</source>
        <translation>
            <numerusform>%Ln 个配置即可服务 %1，与各形状最佳配置相差不超过 %2（最大损失 %3，%4搜索）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> %Ln shape(s) failed to tune and {is|are} not covered.</source>
        <translation>
            <numerusform>%Ln 个形状调优失败，未被覆盖。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Covering set of %1&lt;/b&gt;&lt;br&gt;%Ln config(s) serving the swept shapes within %2 of their best.</source>
        <translation>
            <numerusform>&lt;b&gt;%1 的覆盖集&lt;/b&gt;&lt;br&gt;%Ln 个配置，服务所有扫描形状，与各自最佳相差不超过 %2。</numerusform>
        </translation>
    </message>
    <message>
        <source>Count</source>
        <comment>how many values a range sweeps</comment>
        <translation>取值数</translation>
    </message>
</context>
<context>
    <name>ts::gui::SweepTableModel</name>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>nothing measured</source>
        <translation>无测量结果</translation>
    </message>
    <message>
        <source>cache</source>
        <translation>缓存</translation>
    </message>
    <message>
        <source>tuned</source>
        <translation>已调优</translation>
    </message>
    <message>
        <source>The config of the covering set that is fastest at this shape</source>
        <translation>覆盖集中在该形状上最快的配置</translation>
    </message>
    <message>
        <source>How much slower the covering config is than the shape&apos;s own best</source>
        <translation>覆盖配置比该形状自身的最佳配置慢多少</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Best config</source>
        <translation>最佳配置</translation>
    </message>
    <message>
        <source>Covering config</source>
        <translation>覆盖配置</translation>
    </message>
    <message>
        <source>Loss (%)</source>
        <translation>损失（%）</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Best p50 (µs)</source>
        <translation>最佳 p50（µs）</translation>
    </message>
    <message>
        <source>Its p50 (µs)</source>
        <translation>其 p50（µs）</translation>
    </message>
    <message>
        <source>%1; the best is another shape&apos;s config (the backend&apos;s own best: %2)</source>
        <translation>%1；最佳配置来自另一个形状（后端自身的最佳：%2）</translation>
    </message>
</context>
<context>
    <name>ts::gui::TimelineChart</name>
    <message>
        <source>benchmark run (p50)</source>
        <translation>测速运行（p50）</translation>
    </message>
    <message>
        <source>best so far</source>
        <translation>当前最佳</translation>
    </message>
    <message>
        <source>modelled tuning time (s)</source>
        <translation>模型估算的调优时间（s）</translation>
    </message>
    <message>
        <source>compile</source>
        <translation>编译</translation>
    </message>
    <message>
        <source>modelled tuning time (s): compile workers, then the benchmark runs</source>
        <translation>模型估算的调优时间（s）：先是编译工作线程，然后是测速运行</translation>
    </message>
    <message>
        <source>Save the tuning time charts as PNG, SVG or PDF</source>
        <translation>将调优时间图保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>#%1  %2</source>
        <translation>#%1  %2</translation>
    </message>
    <message>
        <source>worker %1</source>
        <translation>工作线程 %1</translation>
    </message>
    <message>
        <source>device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>No tuning yet: Run &gt; Tune (F5) benchmarks the candidates on the simulated NPU.</source>
        <translation>尚未调优：“运行 &gt; 调优”（F5）会在模拟 NPU 上对候选测速。</translation>
    </message>
    <message>
        <source> (so far)</source>
        <translation>（截至目前）</translation>
    </message>
    <message>
        <source>Preparing the tuning time chart</source>
        <translation>正在准备调优时间图</translation>
    </message>
    <message>
        <source>p50 %1</source>
        <translation>p50 %1</translation>
    </message>
    <message>
        <source>
compile %1 (modelled)</source>
        <translation>
编译 %1（模型估算）</translation>
    </message>
    <message>
        <source>, benchmark %1</source>
        <translation>，测速 %1</translation>
    </message>
    <message numerus="yes">
        <source>Modelled tuning time %1 on the real toolchain: compile %2 on %Ln worker(s), </source>
        <translation>
            <numerusform>真实工具链上模型估算的调优时间 %1：在 %Ln 个工作线程上编译 %2，</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>then %Ln benchmark run(s) in %1</source>
        <translation>
            <numerusform>随后 %Ln 次测速运行共 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>, then the UB tuner %1</source>
        <translation>，随后 UB 调优器 %1</translation>
    </message>
    <message>
        <source>; the best was found after %1</source>
        <translation>；在 %1 后找到最佳</translation>
    </message>
    <message>
        <source>benchmark run, incorrect config (never the best)</source>
        <translation>测速运行，不正确的配置（从不是最佳）</translation>
    </message>
    <message>
        <source>compile failed</source>
        <translation>编译失败</translation>
    </message>
    <message>
        <source>benchmark run</source>
        <translation>测速运行</translation>
    </message>
    <message>
        <source>the best&apos;s run</source>
        <translation>最佳配置的运行</translation>
    </message>
    <message>
        <source>selected candidate</source>
        <translation>选中的候选</translation>
    </message>
    <message>
        <source>p50 of each run (µs)</source>
        <translation>每次运行的 p50（µs）</translation>
    </message>
</context>
<context>
    <name>ts::gui::TimingsChart</name>
    <message>
        <source>p20–p80</source>
        <translation>p20–p80</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>best</source>
        <translation>最佳</translation>
    </message>
    <message>
        <source>selected</source>
        <translation>选中</translation>
    </message>
    <message>
        <source>benchmarked candidates, fastest first</source>
        <translation>已测速的候选，最快的在前</translation>
    </message>
    <message>
        <source>time per launch (µs)</source>
        <translation>每次启动耗时（µs）</translation>
    </message>
    <message>
        <source>Save the timings chart as PNG, SVG or PDF</source>
        <translation>将耗时图保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>No tuning yet: Run &gt; Tune (F5) benchmarks the candidates on the simulated NPU.</source>
        <translation>尚未调优：“运行 &gt; 调优”（F5）会在模拟 NPU 上对候选测速。</translation>
    </message>
    <message>
        <source>fastest so far</source>
        <translation>目前最快</translation>
    </message>
    <message>
        <source> (stopped)</source>
        <translation>（已停止）</translation>
    </message>
    <message>
        <source>Preparing the timings chart</source>
        <translation>正在准备耗时图</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln candidate(s) benchmarked</source>
        <translation>
            <numerusform>%Ln 个候选中已测速 %1 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln failed to compile</source>
        <translation>
            <numerusform>，%Ln 个编译失败</numerusform>
        </translation>
    </message>
    <message>
        <source>Ranked by the simulated %1 on %2 (simulator %3), then p20, p80.</source>
        <translation>按 %2 上模拟的 %1 排序（模拟器 %3），其次 p20、p80。</translation>
    </message>
    <message>
        <source>#%1 %2
p50 %3 (p20 %4, p80 %5)</source>
        <translation>#%1 %2
p50 %3（p20 %4，p80 %5）</translation>
    </message>
    <message>
        <source>
%1 the best&apos;s</source>
        <translation>
为最佳的 %1</translation>
    </message>
    <message>
        <source>; %1 #%2: p50 %3</source>
        <translation>；%1 #%2：p50 %3</translation>
    </message>
    <message numerus="yes">
        <source>, %Ln cut by the time budget</source>
        <translation>
            <numerusform>，%Ln 个被时间预算裁去</numerusform>
        </translation>
    </message>
    <message>
        <source>p50, incorrect config (never the best)</source>
        <translation>p50，不正确的配置（从不是最佳）</translation>
    </message>
    <message>
        <source>
incorrect: it computes a wrong result, so it is never the best</source>
        <translation>
不正确：它的计算结果是错的，因此从不是最佳</translation>
    </message>
</context>
<context>
    <name>ts::gui::ToolDialogs</name>
    <message>
        <source>Open &amp;cache…</source>
        <translation>打开缓存(&amp;C)…</translation>
    </message>
    <message>
        <source>Browse a config cache file</source>
        <translation>浏览配置缓存文件</translation>
    </message>
    <message>
        <source>&amp;Export configs…</source>
        <translation>导出配置(&amp;E)…</translation>
    </message>
    <message>
        <source>Write the tuning as a triton.Config list to paste over the kernel, a report, or Triton&apos;s autotune cache</source>
        <translation>将调优结果写成可粘贴到内核上方的 triton.Config 列表、报告或 Triton 的 autotune 缓存</translation>
    </message>
    <message>
        <source>&amp;Cache browser…</source>
        <translation>缓存浏览器(&amp;C)…</translation>
    </message>
    <message>
        <source>The tunings stored for this kernel&apos;s folder: stale ones, delete, prune, export, import, merge</source>
        <translation>此内核所在目录中保存的调优记录：过期标记、删除、清理、导出、导入、合并</translation>
    </message>
    <message>
        <source>Shape &amp;sweep…</source>
        <translation>形状扫描(&amp;S)…</translation>
    </message>
    <message>
        <source>Tune the kernel over a range of shapes and find the fewest configs that serve them all</source>
        <translation>在一系列形状上调优内核，找出能覆盖所有形状的最少配置</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>No tuning of this launch yet: tune it, or pick a stored tuning in the cache browser and export it from there.</source>
        <translation>此启动配置尚无调优结果：请先调优，或在缓存浏览器中选择已保存的调优记录并从那里导出。</translation>
    </message>
</context>
<context>
    <name>ts::gui::TuningRecordModel</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>p50 (µs)</source>
        <translation>p50（µs）</translation>
    </message>
    <message>
        <source>p20 (µs)</source>
        <translation>p20（µs）</translation>
    </message>
    <message>
        <source>p80 (µs)</source>
        <translation>p80（µs）</translation>
    </message>
</context>
<context>
    <name>ts::gui::UbChart</name>
    <message>
        <source>UB use (KiB)</source>
        <translation>UB 占用（KiB）</translation>
    </message>
    <message>
        <source>Save the UB chart as PNG, SVG or PDF</source>
        <translation>将 UB 图表保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>No candidate space yet.</source>
        <translation>尚无候选空间。</translation>
    </message>
    <message>
        <source>UB %1, %2</source>
        <translation>UB %1，%2</translation>
    </message>
    <message>
        <source>L1 footprint against its limit</source>
        <translation>L1 占用与上限对比</translation>
    </message>
    <message>
        <source>UB footprint against the budget</source>
        <translation>UB 占用与预算对比</translation>
    </message>
    <message>
        <source>L1 use (KiB)</source>
        <translation>L1 占用（KiB）</translation>
    </message>
    <message>
        <source>&lt;b&gt;#%1&lt;/b&gt;: tile %2 × %3, K %4 · %5</source>
        <translation>&lt;b&gt;#%1&lt;/b&gt;：分块 %2 × %3，K %4 · %5</translation>
    </message>
    <message>
        <source>backend&apos;s list, by UB use</source>
        <translation>后端列表，按 UB 用量</translation>
    </message>
    <message>
        <source>backend&apos;s list, by L1 use</source>
        <translation>后端列表，按 L1 用量</translation>
    </message>
    <message numerus="yes">
        <source>L1 use of the %Ln candidate(s) the backend benchmarks (a tl.dot kernel keeps its tiles in L1 and L0, not in the UB)</source>
        <translation>
            <numerusform>后端测速的 %Ln 个候选的 L1 用量（tl.dot 内核把分块放在 L1 和 L0 中，而不是 UB）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The backend&apos;s UB estimate of the %Ln candidate(s) it benchmarks</source>
        <translation>
            <numerusform>后端对其测速的 %Ln 个候选的 UB 估计</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln of them drawn, evenly spaced</source>
        <translation>
            <numerusform>，均匀抽取其中 %Ln 个绘制</numerusform>
        </translation>
    </message>
    <message>
        <source>; select one to compare it.</source>
        <translation>；选中一个以作比较。</translation>
    </message>
    <message>
        <source>L1 limit %1&#xa0;KiB</source>
        <translation>L1 上限 %1&#xa0;KiB</translation>
    </message>
    <message>
        <source>UB budget %1&#xa0;KiB</source>
        <translation>UB 预算 %1&#xa0;KiB</translation>
    </message>
    <message>
        <source>&lt;b&gt;#%1&lt;/b&gt;: the backend&apos;s UB estimate, tile %2 elements × %3&#xa0;B × %4 buffers = &lt;b&gt;%5&lt;/b&gt;, %6</source>
        <translation>&lt;b&gt;#%1&lt;/b&gt;：后端的 UB 估计，分块 %2 个元素 × %3&#xa0;B × %4 个缓冲区 = &lt;b&gt;%5&lt;/b&gt;，%6</translation>
    </message>
    <message numerus="yes">
        <source>; %Ln drawn failed to compile in the tuning (dark red): the estimate is not what the compiled kernel keeps live</source>
        <translation>
            <numerusform>；其中 %Ln 个在调优中编译失败（深红色）：估计值并非编译后的内核实际同时存活的用量</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::Message</name>
    <message>
        <source>The cube pruning drops %1 candidates (L1 %2, L0A %3, L0B %4, L0C %5); each is listed with its reason.</source>
        <translation>Cube 剪除去掉 %1 个候选（L1 %2、L0A %3、L0B %4、L0C %5）；每个都连同其原因列出。</translation>
    </message>
    <message>
        <source>UB overflow: %1 KiB live at line %2, the UB holds %3 KiB; live tiles:%4</source>
        <translation>UB 溢出：第 %2 行同时存活 %1 KiB，UB 容量 %3 KiB；存活的块：%4</translation>
    </message>
    <message>
        <source>UB overflow: %1 KiB live at line %2, the UB holds %3 KiB (multibuffer doubles transfer buffers); live tiles:%4</source>
        <translation>UB 溢出：第 %2 行同时存活 %1 KiB，UB 容量 %3 KiB（multibuffer 使传输缓冲翻倍）；存活的块：%4</translation>
    </message>
    <message>
        <source>UB overflow: %1 KiB live at line %2 with %3, the UB holds %4 KiB</source>
        <translation>UB 溢出：使用 %3 时第 %2 行同时存活 %1 KiB，UB 容量 %4 KiB</translation>
    </message>
    <message>
        <source>L1 overflow: the tl.dot operand tiles need %1 KiB, L1 holds %2 KiB</source>
        <translation>L1 溢出：tl.dot 操作数块需要 %1 KiB，L1 容量 %2 KiB</translation>
    </message>
    <message>
        <source>L1 overflow: the tl.dot operand tiles need %1 KiB, L1 holds %2 KiB (multibuffer doubles them)</source>
        <translation>L1 溢出：tl.dot 操作数块需要 %1 KiB，L1 容量 %2 KiB（multibuffer 使其翻倍）</translation>
    </message>
    <message>
        <source>%1 is multiplied by tl.program_id, so the number of programs depends on it, but the grid %2 is static; even the grid %3 leaves the kernel incorrect (%4): the kernel&apos;s indices must change before %5 can be tuned</source>
        <translation>%1 与 tl.program_id 相乘，程序数取决于它，但网格 %2 是静态的；即使改用网格 %3，内核仍不正确（%4）：必须先修改内核的索引，%5 才能调优</translation>
    </message>
    <message>
        <source>%1 is multiplied by tl.program_id, so the number of programs depends on it, but the grid %2 is static; write the grid as a lambda over meta: grid = %3</source>
        <translation>%1 与 tl.program_id 相乘，程序数取决于它，但网格 %2 是静态的；请把网格写成基于 meta 的 lambda：grid = %3</translation>
    </message>
    <message>
        <source>%1 is multiplied by tl.program_id, but the grid %2 must stay static: %3</source>
        <translation>%1 与 tl.program_id 相乘，但网格 %2 必须保持静态：%3</translation>
    </message>
    <message>
        <source>%1 is multiplied by tl.program_id, so the number of programs depends on it, but the grid %2 is static; write the grid as a lambda over meta, e.g. grid = lambda meta: (triton.cdiv(n, meta[&quot;%3&quot;]),)</source>
        <translation>%1 与 tl.program_id 相乘，程序数取决于它，但网格 %2 是静态的；请把网格写成基于 meta 的 lambda，例如 grid = lambda meta: (triton.cdiv(n, meta[&quot;%3&quot;]),)</translation>
    </message>
    <message>
        <source>configs=[] without `import triton.backends.ascend.runtime`: community triton.autotune would run with no configs and nothing would be generated; add the import at the top of the file</source>
        <translation>configs=[] 但没有 `import triton.backends.ascend.runtime`：社区版 triton.autotune 会在没有配置的情况下运行，不会生成任何配置；请在文件开头加上该导入</translation>
    </message>
    <message>
        <source>@triton.autotune must wrap @triton.jit directly; move the other decorator(s) above @triton.autotune, or the kernel may not be parsed and automatic tiling may not run</source>
        <translation>@triton.autotune 必须直接包裹 @triton.jit；请把其他装饰器移到 @triton.autotune 之上，否则内核可能无法解析，自动分块也可能不运行</translation>
    </message>
    <message>
        <source>key names &apos;%1&apos;, which is not a parameter of %2; key entries must be argument names (shapes such as M, N, K, or other arguments)</source>
        <translation>key 中的 &apos;%1&apos; 不是 %2 的参数；key 的条目必须是参数名（如形状 M、N、K 或其他参数）</translation>
    </message>
    <message>
        <source>split parameter of axis %1</source>
        <translation>轴 %1 的切分参数</translation>
    </message>
    <message>
        <source>tiling parameter of axis %1</source>
        <translation>轴 %1 的分块参数</translation>
    </message>
    <message>
        <source>the launch passes %1=%2</source>
        <translation>启动时传入了 %1=%2</translation>
    </message>
    <message>
        <source>%1 has a default value (%2)</source>
        <translation>%1 有默认值（%2）</translation>
    </message>
    <message>
        <source>%1 is a %2 and %3, which keeps the kernel correct: tuned, %4; keep %5 in the launch</source>
        <translation>%1 是%2，且%3，这使内核保持正确：若调优，%4；请在启动中保留 %5</translation>
    </message>
    <message>
        <source>%1 is a %2 and %3, which keeps the kernel correct: tuned, %4; keep %5 at its default</source>
        <translation>%1 是%2，且%3，这使内核保持正确：若调优，%4；请保留 %5 的默认值</translation>
    </message>
    <message>
        <source>%1 is a %2 but %3, so it is fixed and not tuned; %4</source>
        <translation>%1 是%2，但%3，因此它被固定而不参与调优；%4</translation>
    </message>
    <message>
        <source>%1 is a %2 but has a default value (%3), so automatic tiling does not tune it; %4</source>
        <translation>%1 是%2，但有默认值（%3），因此自动分块不会调优它；%4</translation>
    </message>
    <message>
        <source>remove the default to let Triton-Ascend generate it</source>
        <translation>去掉默认值，让 Triton-Ascend 生成它</translation>
    </message>
    <message>
        <source>leave it out of the launch to let Triton-Ascend generate it</source>
        <translation>启动时不要传入它，让 Triton-Ascend 生成它</translation>
    </message>
    <message>
        <source>%1 tunes a parameter with a default only when hints={&apos;tunable_parameter&apos;: [&apos;%2&apos;]} lists it (_resolve_vv_tunable_candidates_by_cv_policy); list it there, or remove the default, to let Triton-Ascend generate it</source>
        <translation>%1 只在 hints={&apos;tunable_parameter&apos;: [&apos;%2&apos;]} 列出带默认值的参数时才调优它（_resolve_vv_tunable_candidates_by_cv_policy）；请在那里列出它或去掉默认值，让 Triton-Ascend 生成它</translation>
    </message>
    <message>
        <source>the kernel uses atomics and autotune runs it many times while benchmarking; add reset_to_zero=[...] (or restore_value / pre_hook) so every run starts from the same data</source>
        <translation>内核使用原子操作，而 autotune 在测速时会多次运行它；请添加 reset_to_zero=[...]（或 restore_value / pre_hook），让每次运行都从相同的数据开始</translation>
    </message>
    <message>
        <source>the kernel reads and writes %1 (an in-place or accumulating update) and autotune runs it many times while benchmarking; add restore_value=[&apos;%1&apos;] (or reset_to_zero / pre_hook)</source>
        <translation>内核读写 %1（原地或累加更新），而 autotune 在测速时会多次运行它；请添加 restore_value=[&apos;%1&apos;]（或 reset_to_zero / pre_hook）</translation>
    </message>
    <message>
        <source>automatic tiling finds no split or tiling parameter to generate, so configs=[] yields nothing to tune; write a handwritten configs=[triton.Config({...}), ...] list instead</source>
        <translation>自动分块找不到可生成的切分或分块参数，configs=[] 不会产生可调优的配置；请改写为手写的 configs=[triton.Config({...}), ...] 列表</translation>
    </message>
    <message>
        <source>prune_configs_by names user code, which TileScope does not run: the candidates it would prune are still listed and benchmarked here</source>
        <translation>prune_configs_by 指向用户代码，TileScope 不会运行它：它会剪除的候选在这里仍会列出并测试</translation>
    </message>
    <message>
        <source>hint &apos;%1&apos; is neither a parameter of %2 nor a known compile option; it would be passed to every config as an extra keyword</source>
        <translation>提示 &apos;%1&apos; 既不是 %2 的参数，也不是已知的编译选项；它会作为额外关键字传给每个配置</translation>
    </message>
    <message>
        <source>following the guide, hint values %1 are crossed with the generated tiling; Triton-Ascend %2 does not read extra hint dimensions and would raise &quot;Missing required arguments: %3&quot;</source>
        <translation>按照指南，提示值 %1 会与生成的分块组合；Triton-Ascend %2 不读取额外的提示维度，会报错 &quot;Missing required arguments: %3&quot;</translation>
    </message>
    <message>
        <source>%1; the backend generates it and would benchmark it</source>
        <translation>%1；后端会生成并测试它</translation>
    </message>
    <message>
        <source>%1; a handwritten config</source>
        <translation>%1；手写配置</translation>
    </message>
    <message>
        <source>tile %1</source>
        <translation>分块 %1</translation>
    </message>
    <message>
        <source>%1 elements x %2 B x %3 buffers = %4 &gt; %5 UB budget</source>
        <translation>%1 个元素 × %2 B × %3 个缓冲 = %4 &gt; UB 预算 %5</translation>
    </message>
    <message>
        <source>%1 elements x %2 B x %3 buffer = %4 &gt; %5 UB budget</source>
        <translation>%1 个元素 × %2 B × %3 个缓冲 = %4 &gt; UB 预算 %5</translation>
    </message>
    <message>
        <source>%1 elements x %2 B x %3 buffers = %4 &gt; %5 register file budget</source>
        <translation>%1 个元素 × %2 B × %3 个缓冲 = %4 &gt; 寄存器堆预算 %5</translation>
    </message>
    <message>
        <source>%1 elements x %2 B x %3 buffer = %4 &gt; %5 register file budget</source>
        <translation>%1 个元素 × %2 B × %3 个缓冲 = %4 &gt; 寄存器堆预算 %5</translation>
    </message>
    <message>
        <source>%1; nearest generated candidate #%2 (%3)</source>
        <translation>%1；最近的已生成候选为 #%2（%3）</translation>
    </message>
    <message>
        <source>%1 (also %2)</source>
        <translation>%1（另有 %2）</translation>
    </message>
    <message>
        <source>generated although %1: the backend checks the walk&apos;s current blocks, not the config&apos;s own values</source>
        <translation>虽然%1，仍被生成：后端检查的是遍历中的当前块，而不是该配置自身的取值</translation>
    </message>
    <message>
        <source>%1; kept: the backend benchmarks handwritten configs as written</source>
        <translation>%1；保留：后端按原样测试手写配置</translation>
    </message>
    <message>
        <source>coverage unknown: the grid %1 cannot be evaluated for this candidate</source>
        <translation>覆盖未知：无法为此候选计算网格 %1</translation>
    </message>
    <message>
        <source>coverage unknown: %1</source>
        <translation>覆盖未知：%1</translation>
    </message>
    <message>
        <source>coverage unknown: the kernel has no tl.load or tl.store whose index TileScope follows</source>
        <translation>覆盖未知：内核中没有 TileScope 能跟踪其索引的 tl.load 或 tl.store</translation>
    </message>
    <message>
        <source>coverage unknown: %1 does not equal grid dim %2 (%3 programs)</source>
        <translation>覆盖未知：%1 不等于网格第 %2 维（%3 个程序）</translation>
    </message>
    <message>
        <source>coverage unknown: the index %1 (line %2) has no value TileScope can compute for this candidate</source>
        <translation>覆盖未知：索引 %1（第 %2 行）对此候选没有 TileScope 可计算的值</translation>
    </message>
    <message>
        <source>coverage unknown</source>
        <translation>覆盖未知</translation>
    </message>
    <message>
        <source>incorrect</source>
        <translation>不正确</translation>
    </message>
    <message>
        <source>grid dim %1 is %2 programs × %3</source>
        <translation>网格第 %1 维为 %2 个程序 × %3</translation>
    </message>
    <message>
        <source>grid dim %1 is %2 programs, each starting a block of %3</source>
        <translation>网格第 %1 维为 %2 个程序，每个从一块 %3 开始</translation>
    </message>
    <message>
        <source>every program processes %1 (tl.arange up to %2)</source>
        <translation>每个程序处理 %1（tl.arange 直到 %2）</translation>
    </message>
    <message>
        <source>covers %1 of %2 %3</source>
        <translation>只覆盖 %3 的 %2 个取值中的 %1 个</translation>
    </message>
    <message>
        <source>writes %1 up to index %2 of %3 (%4) without a mask</source>
        <translation>无掩码写入 %1，索引最高到 %2（共 %3，%4）</translation>
    </message>
    <message>
        <source>reads %1 up to index %2 of %3 (%4) without a mask</source>
        <translation>无掩码读取 %1，索引最高到 %2（共 %3，%4）</translation>
    </message>
    <message>
        <source>covers %1 of %2 %3: %4</source>
        <translation>只覆盖 %3 的 %2 个取值中的 %1 个：%4</translation>
    </message>
    <message>
        <source>writes %1 up to index %2 of %3 (%4) without a mask: %5</source>
        <translation>无掩码写入 %1，索引最高到 %2（共 %3，%4）：%5</translation>
    </message>
    <message>
        <source>reads %1 up to index %2 of %3 (%4) without a mask: %5</source>
        <translation>无掩码读取 %1，索引最高到 %2（共 %3，%4）：%5</translation>
    </message>
    <message>
        <source>%1 steps through %2 by %3 = %4 elements, but %2&apos;s layout has %5 there: every %1 but the first would be read from the wrong place</source>
        <translation>%1 以步长 %3 = %4 个元素遍历 %2，但 %2 的布局在该处为 %5：除第一个外，每个 %1 都会从错误的位置读取</translation>
    </message>
    <message>
        <source>the loop at line %1 strides by %2 programs but grid dim %3 has %4: programs %2 and up process %5 blocks the first %2 already process</source>
        <translation>第 %1 行的循环步长为 %2 个程序，但网格第 %3 维有 %4 个：编号 %2 及以上的程序会重复处理前 %2 个程序已处理的 %5 块</translation>
    </message>
    <message>
        <source>the loop at line %1 strides by %2 programs but grid dim %3 has %4: covers %5 of %6 %7</source>
        <translation>第 %1 行的循环步长为 %2 个程序，但网格第 %3 维有 %4 个：只覆盖 %7 的 %6 个取值中的 %5 个</translation>
    </message>
    <message>
        <source>autoparser.py + tile_generator.py: vector kernels only; tl.dot kernels get no config</source>
        <translation>autoparser.py + tile_generator.py：仅支持向量内核；tl.dot 内核得不到任何配置</translation>
    </message>
    <message>
        <source>v2 axis parser (dsl_analysis/), cube/mix generator (cv_autotune/), max_autotune, UB tuner</source>
        <translation>v2 轴解析器（dsl_analysis/）、cube/mix 生成器（cv_autotune/）、max_autotune、UB 调优器</translation>
    </message>
    <message>
        <source>grid dimension %1 is %2 programs; at most %3 are allowed</source>
        <translation>网格第 %1 维为 %2 个程序；最多允许 %3 个</translation>
    </message>
    <message>
        <source>the grid launches %1 programs; at most %2 are allowed</source>
        <translation>网格启动 %1 个程序；最多允许 %2 个</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not in the kernel&apos;s key: Triton-Ascend would reuse one config for all of its values</source>
        <translation>&apos;%1&apos; 不在内核的 key 中：Triton-Ascend 会对它的所有取值复用同一个配置</translation>
    </message>
    <message>
        <source>cache: %1</source>
        <translation>缓存：%1</translation>
    </message>
    <message>
        <source>stale: the kernel source changed</source>
        <translation>过期：内核源码已改变</translation>
    </message>
    <message>
        <source>superseded: a newer tuning of %1 has another source</source>
        <translation>已被取代：%1 较新的调优基于另一份源码</translation>
    </message>
    <message>
        <source>unknown simulator version &apos;%1&apos;</source>
        <translation>未知的模拟器版本 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>%1 (x2 multibuffer)</source>
        <translation>%1（multibuffer ×2）</translation>
    </message>
    <message>
        <source>%1 @ line %2</source>
        <translation>%1 @ 第 %2 行</translation>
    </message>
    <message>
        <source>temporary (broadcast / materialised index)</source>
        <translation>临时块（广播 / 物化的索引）</translation>
    </message>
    <message>
        <source>tensor dimensions of %1 are left unchanged: %2 shares that value with %3, so they cannot be told apart</source>
        <translation>值为 %1 的张量维度保持不变：%2 与 %3 共用这个值，无法区分</translation>
    </message>
    <message>
        <source>the kernel has no @triton.autotune decorator: the backend tunes nothing</source>
        <translation>内核没有 @triton.autotune 装饰器：后端不会调优任何配置</translation>
    </message>
    <message>
        <source>call &apos;%1&apos; is not modelled (approximation: its result is unknown and costs nothing)</source>
        <translation>未建模调用 &apos;%1&apos;（近似：结果未知，不计开销）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not modelled (approximation: an atomic add)</source>
        <translation>未建模 &apos;%1&apos;（近似：按原子加计）</translation>
    </message>
    <message>
        <source>tl.reduce with the combine function &apos;%1&apos; (1 operation a step): costed as 1 reduction pass over the input</source>
        <translation>使用合并函数 &apos;%1&apos; 的 tl.reduce（每步 1 个运算）：按对输入的 1 次归约计开销</translation>
    </message>
    <message>
        <source>tl.reduce with the combine function &apos;%1&apos; (%2 operations a step): costed as %2 reduction passes over the input</source>
        <translation>使用合并函数 &apos;%1&apos; 的 tl.reduce（每步 %2 个运算）：按对输入的 %2 次归约计开销</translation>
    </message>
    <message>
        <source>helper calls nested too deeply; approximation: result unknown</source>
        <translation>辅助函数调用嵌套过深；近似：结果未知</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a kernel variable, parameter or module constant; its value is unknown (approximation: no cost, unknown shape)</source>
        <translation>&apos;%1&apos; 不是内核变量、参数或模块常量；其值未知（近似：不计开销，形状未知）</translation>
    </message>
    <message>
        <source>attribute &apos;%1&apos; is not modelled (approximation: unknown value)</source>
        <translation>未建模属性 &apos;%1&apos;（近似：值未知）</translation>
    </message>
    <message>
        <source>grid dim %1 is %2 whatever %3 is</source>
        <translation>无论 %3 取何值，网格第 %1 维都是 %2</translation>
    </message>
    <message>
        <source>grid dim %1 is %2 for every %3 up to %4 (fewer programs above)</source>
        <translation>%3 不超过 %4 时网格第 %1 维都是 %2（更大时程序更少）</translation>
    </message>
    <message>
        <source>%1, but %2 still tunes the split parameter %3: it starts from the share the grid fixes (each program gets %4 elements of axis %5) and also generates smaller values of %3, which leave elements of axis %5 unprocessed%6; pass %3=%7 at launch to keep the grid; %8</source>
        <translation>%1，但 %2 仍会调优切分参数 %3：它从网格固定的份额开始（每个程序处理轴 %5 的 %4 个元素），也会生成更小的 %3 值，使轴 %5 的部分元素得不到处理%6；在启动时传入 %3=%7 以保留该网格；%8</translation>
    </message>
    <message>
        <source>%1, so the backend does not tune the split parameter %2; %3</source>
        <translation>%1，因此后端不会调优切分参数 %2；%3</translation>
    </message>
    <message>
        <source>%1, so the backend does not tune the split parameter %2; each program gets %3 elements of axis %4; %5</source>
        <translation>%1，因此后端不会调优切分参数 %2；每个程序处理轴 %4 的 %3 个元素；%5</translation>
    </message>
    <message>
        <source> (%1=%2: %3)</source>
        <translation>（%1=%2：%3）</translation>
    </message>
    <message>
        <source>write the grid as a lambda of meta[&apos;%1&apos;] if %1 should be tuned</source>
        <translation>若要调优 %1，请把网格写成 meta[&apos;%1&apos;] 的 lambda</translation>
    </message>
    <message>
        <source>the grid must stay static: %1</source>
        <translation>网格必须保持静态：%1</translation>
    </message>
    <message>
        <source>walk tile %1 (at most %2 elements)</source>
        <translation>遍历中的分块 %1（最多 %2 个元素）</translation>
    </message>
    <message>
        <source>%1; the check reads the walk&apos;s current blocks, this candidate&apos;s own tile is %2 elements</source>
        <translation>%1；该检查读取的是遍历当前的块大小，此候选自身的分块为 %2 个元素</translation>
    </message>
    <message>
        <source>walk tile %1 elements &lt; minimum %2 (stop tile %3 + 100, enforced once %4 &gt;= 10 configs exist in a kernel of 128K elements or more)</source>
        <translation>遍历中的分块 %1 个元素 &lt; 最小值 %2（停止分块 %3 + 100；在不少于 128K 元素的内核中，一旦已有 %4 &gt;= 10 个配置即生效）</translation>
    </message>
    <message>
        <source>walk tile %1 elements &lt; minimum %2 for a candidate with %3 programs (&lt;= %4): once a low-program config exists, smaller tiles need more programs</source>
        <translation>遍历中的分块 %1 个元素 &lt; 最小值 %2，该候选有 %3 个程序（&lt;= %4）：一旦已有低程序数配置，更小的分块需要更多程序</translation>
    </message>
    <message>
        <source>same values as generated config #%1</source>
        <translation>与已生成的配置 #%1 取值相同</translation>
    </message>
    <message>
        <source>%1 programs &gt; %2 vector cores: the split descent stops here</source>
        <translation>%1 个程序 &gt; %2 个向量核：切分下降在此停止</translation>
    </message>
    <message>
        <source>%1 programs &gt; %2 (the grid limit): the split descent stops here</source>
        <translation>%1 个程序 &gt; %2（网格上限）：切分下降在此停止</translation>
    </message>
    <message>
        <source>%1 and restarts the axis at block %2 (one program per vector core)</source>
        <translation>%1，并以块大小 %2 重新开始该轴（每个向量核一个程序）</translation>
    </message>
    <message>
        <source>a config with %1 programs is already kept (tiny kernels keep one per program count)</source>
        <translation>已保留一个 %1 个程序的配置（极小内核每种程序数只保留一个）</translation>
    </message>
    <message>
        <source>reduction axis of %1 elements is a persistent reduction: the walk never splits it</source>
        <translation>%1 个元素的归约轴是持久化归约：遍历从不切分它</translation>
    </message>
    <message>
        <source>tl.%1 at line %2</source>
        <translation>tl.%1，第 %2 行</translation>
    </message>
    <message>
        <source>The lattice of a tl.dot kernel is the cube generator&apos;s own space: its candidates, kept and pruned with their reasons.</source>
        <translation>tl.dot 内核的格点就是 Cube 生成器自己的空间：它的候选，保留的和剪除的，各附原因。</translation>
    </message>
    <message>
        <source>The lattice is not built: the backend tunes no block parameter here.</source>
        <translation>未构建格点：后端在此不调优任何块参数。</translation>
    </message>
    <message>
        <source>The lattice is not built: the backend stops before it has a valid kernel description.</source>
        <translation>未构建格点：后端在得到有效的内核描述之前就停止了。</translation>
    </message>
    <message>
        <source>The lattice is not built: the backend stops before it has a valid kernel description (%1).</source>
        <translation>未构建格点：后端在得到有效的内核描述之前就停止了（%1）。</translation>
    </message>
    <message>
        <source>Lattice thinned to fit %1 points: %2 keeps multiples of %3 only, besides powers of two, the whole extent and generated values.</source>
        <translation>格点已稀疏化以容纳 %1 个点：%2 除 2 的幂、整个范围和已生成的值外，只保留 %3 的倍数。</translation>
    </message>
    <message>
        <source>Lattice thinned to fit %1 points: %2 keeps no aligned multiples, besides powers of two, the whole extent and generated values.</source>
        <translation>格点已稀疏化以容纳 %1 个点：%2 除 2 的幂、整个范围和已生成的值外，不保留对齐的倍数。</translation>
    </message>
    <message>
        <source>The lattice is not built: %1 points exceed the limit of %2 even with powers of two only.</source>
        <translation>未构建格点：即使只取 2 的幂，%1 个点仍超过上限 %2。</translation>
    </message>
    <message>
        <source>The lattice is not built: the backend&apos;s list does not give every tiling the same options.</source>
        <translation>未构建格点：后端列表没有为每种分块给出相同的选项。</translation>
    </message>
    <message>
        <source>The hint %1 names a parameter the backend generates; it is ignored.</source>
        <translation>hints 中的 %1 是后端自动生成的参数；已忽略。</translation>
    </message>
    <message>
        <source>The hint %1 has no values; it is ignored.</source>
        <translation>hints 中的 %1 没有取值；已忽略。</translation>
    </message>
    <message>
        <source>multibuffer is fixed at launch; the multibuffer hint is ignored.</source>
        <translation>multibuffer 已在启动时固定；忽略 multibuffer 提示。</translation>
    </message>
    <message>
        <source>Hints are crossed with the generated tiling as the Triton-Ascend autotune guide describes; the backend at a84b1eb itself reads only the axis hints (split_params, tiling_params, low_dim_axes, reduction_axes) and auto_gen_config.</source>
        <translation>按 Triton-Ascend autotune 指南所述，hints 与生成的分块做笛卡尔组合；而 a84b1eb 版后端本身只读取轴提示（split_params、tiling_params、low_dim_axes、reduction_axes）和 auto_gen_config。</translation>
    </message>
    <message>
        <source>%1: numel (%2) exceeds triton maximum tensor numel (1048576)</source>
        <translation>%1：元素数（%2）超过 triton 张量元素数上限（1048576）</translation>
    </message>
    <message>
        <source>integer overflow: %1 %2 %3 is beyond the 64-bit integers a kernel computes with</source>
        <translation>整数溢出：%1 %2 %3 超出了内核运算所用的 64 位整数范围</translation>
    </message>
    <message>
        <source>incompatible shapes for broadcasting: dimension %1 is %2 vs %3</source>
        <translation>形状无法广播：第 %1 维为 %2 对 %3</translation>
    </message>
    <message>
        <source>tl.dot: both inputs must be either 2D or 3D</source>
        <translation>tl.dot：两个输入必须同为二维或三维</translation>
    </message>
    <message>
        <source>tl.dot: first input shape (%1, %2) and second input shape (%3, %4) are not compatible</source>
        <translation>tl.dot：第一个输入的形状（%1, %2）与第二个输入的形状（%3, %4）不兼容</translation>
    </message>
    <message>
        <source>tl.dot: both operands must be same dtype, got %1 and %2</source>
        <translation>tl.dot：两个操作数的数据类型必须相同，实际为 %1 和 %2</translation>
    </message>
    <message>
        <source>tl.dot %1x%2x%3: one K-slice needs %4 KiB of L0A and %5 KiB of L0B (capacity %6 / %7 KiB)</source>
        <translation>tl.dot %1x%2x%3：一个 K 切片需要 %4 KiB 的 L0A 和 %5 KiB 的 L0B（容量 %6 / %7 KiB）</translation>
    </message>
    <message>
        <source>tl.dot accumulator %1x%2 %3 needs %4 KiB of L0C (capacity %5 KiB)</source>
        <translation>tl.dot 累加器 %1x%2 %3 需要 %4 KiB 的 L0C（容量 %5 KiB）</translation>
    </message>
    <message>
        <source>reduction axis %1 is out of range for a %2-D tile</source>
        <translation>归约轴 %1 超出了 %2 维分块的范围</translation>
    </message>
    <message>
        <source>negative shift count: %1 %2 %3</source>
        <translation>移位位数为负：%1 %2 %3</translation>
    </message>
    <message>
        <source>tiles of more than 4 dimensions are not modelled</source>
        <translation>未建模超过 4 维的分块</translation>
    </message>
    <message>
        <source>tile shape element %1 is not a compile-time integer (constexpr)</source>
        <translation>分块形状的第 %1 个元素不是编译期整数（constexpr）</translation>
    </message>
    <message>
        <source>tile shape element %1 is %2; it must be positive</source>
        <translation>分块形状的第 %1 个元素为 %2；必须为正数</translation>
    </message>
    <message>
        <source>shape must be compile-time integers of at most 4 dimensions</source>
        <translation>形状必须是至多 4 维的编译期整数</translation>
    </message>
    <message>
        <source>reshape: cannot reshape a tile of %1 elements into %2</source>
        <translation>reshape：无法把 %1 个元素的分块重塑为 %2 个元素</translation>
    </message>
    <message>
        <source>extract_slice: sizes must be positive compile-time integers</source>
        <translation>extract_slice：大小必须是正的编译期整数</translation>
    </message>
    <message>
        <source>arange&apos;s arguments must be of type tl.constexpr</source>
        <translation>arange 的参数必须是 tl.constexpr 类型</translation>
    </message>
    <message>
        <source>arange&apos;s end argument must be greater than the start argument (start %1, end %2)</source>
        <translation>arange 的结束参数必须大于起始参数（起始 %1，结束 %2）</translation>
    </message>
    <message>
        <source>arange must fit in int32</source>
        <translation>arange 必须在 int32 范围内</translation>
    </message>
    <message>
        <source>Conflicting meta-parameters: %1 is passed at launch and by the config</source>
        <translation>元参数冲突：%1 既在启动时传入，又由配置给出</translation>
    </message>
    <message>
        <source>constexpr &apos;%1&apos; has no value: not in the config, not passed at launch, no default</source>
        <translation>constexpr &apos;%1&apos; 没有取值：配置中没有，启动时未传入，也没有默认值</translation>
    </message>
    <message>
        <source>the launch gives no grid</source>
        <translation>启动未给出网格</translation>
    </message>
    <message>
        <source>the grid has %1 dimensions; a launch takes 1 to 3</source>
        <translation>网格有 %1 维；启动只接受 1 到 3 维</translation>
    </message>
    <message>
        <source>the grid does not evaluate to integers for this config</source>
        <translation>对此配置，网格的求值结果不是整数</translation>
    </message>
    <message>
        <source>the grid (%1, %2, %3) launches no program</source>
        <translation>网格（%1, %2, %3）不启动任何程序</translation>
    </message>
    <message>
        <source>kernel &apos;%1&apos; has no function body to trace</source>
        <translation>内核 &apos;%1&apos; 没有可追踪的函数体</translation>
    </message>
    <message>
        <source>older than %1 days</source>
        <translation>早于 %1 天</translation>
    </message>
    <message>
        <source>program axis must be a literal 0, 1 or 2; approximation: axis 0</source>
        <translation>程序轴必须是字面量 0、1 或 2；近似：按第 0 轴</translation>
    </message>
    <message>
        <source>reduction axis must be a literal; approximation: all axes</source>
        <translation>归约轴必须是字面量；近似：按全部轴</translation>
    </message>
    <message>
        <source>associative_scan&apos;s combine function is not traced; approximation: cost of a cumsum</source>
        <translation>未追踪 associative_scan 的合并函数；近似：按 cumsum 的开销计</translation>
    </message>
    <message>
        <source>operator in &apos;%1&apos; is not modelled (approximation: addition)</source>
        <translation>未建模 &apos;%1&apos; 中的运算符（近似：按加法计）</translation>
    </message>
    <message>
        <source>integer constant beyond 64 bits; approximation: unknown</source>
        <translation>整数常量超过 64 位；近似：值未知</translation>
    </message>
    <message>
        <source>comparison in &apos;%1&apos; is not modelled (approximation: ==)</source>
        <translation>未建模 &apos;%1&apos; 中的比较（近似：按 == 计）</translation>
    </message>
    <message>
        <source>expression &apos;%1&apos; is not modelled (approximation: unknown value, no cost)</source>
        <translation>未建模表达式 &apos;%1&apos;（近似：值未知，不计开销）</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a constexpr of the kernel (approximation: unknown)</source>
        <translation>&apos;%1&apos; 不是内核的 constexpr（近似：值未知）</translation>
    </message>
    <message>
        <source>subscript &apos;%1&apos; is not modelled (only [:, None]-style broadcasting is); approximation: unknown value</source>
        <translation>未建模下标 &apos;%1&apos;（只建模 [:, None] 式的广播）；近似：值未知</translation>
    </message>
    <message>
        <source>assignment to &apos;%1&apos; is not modelled (approximation: ignored)</source>
        <translation>未建模对 &apos;%1&apos; 的赋值（近似：忽略）</translation>
    </message>
    <message>
        <source>assignment to &apos;%1&apos; is not modelled (approximation: the value is computed, the store ignored)</source>
        <translation>未建模对 &apos;%1&apos; 的赋值（近似：计算其值，忽略写入）</translation>
    </message>
    <message>
        <source>parallel(..., bind_sub_block=True) shares the loop between the two vector cores of an AI core, which the simulator does not model (approximation: one core runs every iteration)</source>
        <translation>parallel(..., bind_sub_block=True) 让一个 AI 核的两个向量核分担循环，模拟器未建模这一点（近似：由一个核执行全部迭代）</translation>
    </message>
    <message>
        <source>loop over &apos;%1&apos; is not a range; approximation: the body runs once with the loop variable unknown</source>
        <translation>遍历 &apos;%1&apos; 的循环不是 range；近似：循环体执行一次，循环变量未知</translation>
    </message>
    <message>
        <source>loop target &apos;%1&apos; is not a plain name; it is not modelled</source>
        <translation>循环目标 &apos;%1&apos; 不是简单名称；未建模</translation>
    </message>
    <message>
        <source>for ... else is not modelled (approximation: the else block is ignored)</source>
        <translation>未建模 for ... else（近似：忽略 else 块）</translation>
    </message>
    <message>
        <source>augmented assignment to &apos;%1&apos; is not modelled</source>
        <translation>未建模对 &apos;%1&apos; 的增量赋值</translation>
    </message>
    <message>
        <source>break is data dependent here; approximation: the loop runs all its trips</source>
        <translation>此处的 break 取决于数据；近似：循环执行全部迭代</translation>
    </message>
    <message>
        <source>continue is not modelled; approximation: the rest of the body always runs</source>
        <translation>未建模 continue；近似：循环体的剩余部分总会执行</translation>
    </message>
    <message>
        <source>statement &apos;%1&apos; is not modelled (approximation: ignored)</source>
        <translation>未建模语句 &apos;%1&apos;（近似：忽略）</translation>
    </message>
    <message>
        <source>argument &apos;%1&apos; is not given in the launch; approximation: its value is unknown</source>
        <translation>启动时未给出参数 &apos;%1&apos;；近似：其值未知</translation>
    </message>
    <message>
        <source>tensor &apos;%1&apos; has dtype &apos;%2&apos; that the simulator does not know; approximation: 4-byte elements</source>
        <translation>张量 &apos;%1&apos; 的数据类型 &apos;%2&apos; 模拟器不认识；近似：按每元素 4 字节计</translation>
    </message>
    <message>
        <source>condition not known at compile time (data dependent); approximation: the if-branch is taken</source>
        <translation>编译期无法确定条件（取决于数据）；近似：执行 if 分支</translation>
    </message>
    <message>
        <source>while condition not known at compile time; approximation: one iteration</source>
        <translation>编译期无法确定 while 条件；近似：迭代一次</translation>
    </message>
    <message>
        <source>while loop ran over %1 iterations; approximation: stopped there</source>
        <translation>while 循环超过 %1 次迭代；近似：在此停止</translation>
    </message>
    <message>
        <source>loop bounds not known at compile time; approximation: one iteration</source>
        <translation>编译期无法确定循环边界；近似：迭代一次</translation>
    </message>
    <message>
        <source>tl.dot of operands with unknown shapes; approximation: no cost</source>
        <translation>tl.dot 的操作数形状未知；近似：不计开销</translation>
    </message>
    <message>
        <source>tl.load from a pointer the simulator cannot follow; approximation: no cost</source>
        <translation>tl.load 读取的指针模拟器无法跟踪；近似：不计开销</translation>
    </message>
    <message>
        <source>tl.store to a pointer the simulator cannot follow; approximation: no cost</source>
        <translation>tl.store 写入的指针模拟器无法跟踪；近似：不计开销</translation>
    </message>
    <message>
        <source>block pointer with unknown strides or block shape; approximation: no cost</source>
        <translation>块指针的步长或块形状未知；近似：不计开销</translation>
    </message>
    <message>
        <source>cast to an unknown dtype; approximation: no conversion</source>
        <translation>转换到未知的数据类型；近似：不做转换</translation>
    </message>
    <message>
        <source>multibuffer&apos;s doubled buffers need %1 KiB of UB (L1 %2 KiB); bishengir-compile (May 2026 or later) retries the compile without them, so its loads do not overlap its vector work (an older toolchain fails it instead)</source>
        <translation>multibuffer 加倍后的缓冲区需要 %1 KiB 的 UB（L1 %2 KiB）；bishengir-compile（2026 年 5 月及以后）会去掉它们重新编译，因此加载不再与向量计算重叠（较旧的工具链则直接编译失败）</translation>
    </message>
    <message>
        <source>the backend will miss the tiling parameter %1: tl.arange(..., %1) is used without being assigned to a variable, and the backend only follows assigned aranges; assign it inside the loop (e.g. `lanes = tl.arange(0, %1)`)</source>
        <translation>后端会漏掉分块参数 %1：tl.arange(..., %1) 未赋值给变量就被使用，而后端只跟踪赋值过的 arange；请在循环内赋值（例如 `lanes = tl.arange(0, %1)`）</translation>
    </message>
    <message>
        <source>the backend will miss the tiling axis %1 because tl.arange is outside the loop (line %2): it only looks for tl.arange after the loop that steps by %1; move it inside the loop, or pass the tiling_params hint for axis %3 (the generation-fix note gives one checked by generating)</source>
        <translation>后端会漏掉分块轴 %1，因为 tl.arange 在循环之外（第 %2 行）：它只在以 %1 为步长的循环之后查找 tl.arange；请把它移到循环内，或为轴 %3 传入 tiling_params 提示（generation-fix 说明给出了一个经生成验证的提示）</translation>
    </message>
    <message>
        <source>the backend will miss the tiling parameter %1: no mask compares `%2` (or a value computed from it) with a key argument in a form it follows (`name &lt; n` or `name &lt; min(..., n)`); add such a mask or pass the tiling_params hint</source>
        <translation>后端会漏掉分块参数 %1：没有掩码以它能跟踪的形式（`name &lt; n` 或 `name &lt; min(..., n)`）把 `%2`（或由它算出的值）与 key 参数比较；请添加这样的掩码，或传入 tiling_params 提示</translation>
    </message>
    <message>
        <source>%1 is multiplied by the program id, but no mask compares the offsets built from it with a key argument in a form the backend follows (`offsets &lt; n` or `offsets &lt; min(..., n)` with n in key), so it cannot tell which axis %1 splits; add such a mask, or pass the split_params hint</source>
        <translation>%1 与程序编号相乘，但没有掩码以后端能跟踪的形式（`offsets &lt; n` 或 `offsets &lt; min(..., n)`，n 在 key 中）把由它构造的偏移与 key 参数比较，因此后端无法判断 %1 切分的是哪个轴；请添加这样的掩码，或传入 split_params 提示</translation>
    </message>
    <message>
        <source>the backend does not see this tl.%1: it does not look inside the arguments of another tl.* call or of a plain function call; assign the reduction to a variable first, or pass the reduction_axes hint</source>
        <translation>后端看不到这个 tl.%1：它不会查看另一个 tl.* 调用或普通函数调用的参数内部；请先把归约结果赋值给变量，或传入 reduction_axes 提示</translation>
    </message>
    <message>
        <source>key argument &apos;%1&apos; (axis %2) is never compared in a mask, so the backend cannot tie any block parameter to axis %2</source>
        <translation>key 参数 &apos;%1&apos;（轴 %2）从未在掩码中比较，因此后端无法把任何块参数关联到轴 %2</translation>
    </message>
    <message>
        <source>key argument &apos;%1&apos; (axis %2) is only compared in forms the backend does not follow; it reads `name &lt; %1` or `name &lt; min(..., %1)`</source>
        <translation>key 参数 &apos;%1&apos;（轴 %2）只以后端无法跟踪的形式比较；后端只读取 `name &lt; %1` 或 `name &lt; min(..., %1)`</translation>
    </message>
    <message>
        <source>the backend will tune %1 (axis %2) but it is not declared `tl.constexpr`; declare it `%1: tl.constexpr` or pass it at launch</source>
        <translation>后端会调优 %1（轴 %2），但它未声明为 `tl.constexpr`；请声明为 `%1: tl.constexpr` 或在启动时传入</translation>
    </message>
    <message>
        <source>the kernel&apos;s function is not available</source>
        <translation>内核的函数不可用</translation>
    </message>
    <message>
        <source>the kernel uses block pointers (%1, line %2): their bounds are checked by boundary_check, which TileScope does not follow</source>
        <translation>内核使用了块指针（%1，第 %2 行）：其边界由 boundary_check 检查，TileScope 不跟踪</translation>
    </message>
    <message>
        <source>the kernel passes %1 to %2 (line %3), whose loads and stores TileScope does not follow</source>
        <translation>内核把 %1 传给了 %2（第 %3 行），TileScope 不跟踪其中的加载和存储</translation>
    </message>
    <message>
        <source>the kernel passes %1 to a function (line %2), whose loads and stores TileScope does not follow</source>
        <translation>内核把 %1 传给了一个函数（第 %2 行），TileScope 不跟踪其中的加载和存储</translation>
    </message>
    <message>
        <source>tuned without the cache: %1</source>
        <translation>未使用缓存进行调优：%1</translation>
    </message>
    <message>
        <source>%1 configs were benchmarked in all; only the %2 within tolerance of a device&apos;s best were simulated on the other devices (a wider tolerance may need them all)</source>
        <translation>共测速 %1 个配置；只有与某设备最佳值相差在容差内的 %2 个在其他设备上做了模拟（容差更宽时可能需要全部模拟）</translation>
    </message>
    <message>
        <source>%1 config were benchmarked in all; only the %2 within tolerance of a device&apos;s best were simulated on the other devices (a wider tolerance may need them all)</source>
        <translation>共测速 %1 个配置；只有与某设备最佳值相差在容差内的 %2 个在其他设备上做了模拟（容差更宽时可能需要全部模拟）</translation>
    </message>
    <message>
        <source>stopped: what was not reached is missing</source>
        <translation>已停止：未完成的部分缺失</translation>
    </message>
    <message>
        <source>measurements on %1 devices; comparing %2 (choose with --measured-on)</source>
        <translation>共有 %1 个设备上的实测数据；比较的是 %2（可用 --measured-on 选择）</translation>
    </message>
    <message>
        <source>measurement %1: unknown status &apos;%2&apos;</source>
        <translation>实测记录 %1：未知状态 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>%1 measurements of an earlier version of the kernel&apos;s source are left out</source>
        <translation>已略去 %1 条基于内核旧版源码的实测记录</translation>
    </message>
    <message>
        <source>the simulated tuning raised: %1</source>
        <translation>模拟调优出错：%1</translation>
    </message>
    <message>
        <source>fewer than two candidates have both a measured and a simulated time: no rank correlation</source>
        <translation>同时有实测和模拟时间的候选不足两个：无法计算排名相关性</translation>
    </message>
    <message>
        <source>measurement #%1 was left out: %2</source>
        <translation>实测记录 #%1 已略去：%2</translation>
    </message>
    <message>
        <source>%1: left out: %2</source>
        <translation>%1：已略去：%2</translation>
    </message>
    <message>
        <source>%1: left out: not a triton.Config</source>
        <translation>%1：已略去：不是 triton.Config</translation>
    </message>
    <message>
        <source>%1: left out: %2=%3 is not a plain value</source>
        <translation>%1：已略去：%2=%3 不是简单值</translation>
    </message>
    <message>
        <source>%1: left out: %2=%3 is not a count from 1 to 2^20</source>
        <translation>%1：已略去：%2=%3 不是 1 到 2^20 之间的计数</translation>
    </message>
    <message>
        <source>%1 repeated configs left out</source>
        <translation>已略去 %1 个重复的配置</translation>
    </message>
    <message>
        <source>kept %1 of %2 candidates, spread evenly over the list</source>
        <translation>保留了 %2 个候选中的 %1 个，在列表中均匀分布</translation>
    </message>
    <message>
        <source>kernel &apos;%1&apos;: %2 of %3 candidates left out: they do not compile or run on the simulated %4 (first: %5)</source>
        <translation>内核 &apos;%1&apos;：%3 个候选中有 %2 个被略去：它们在模拟的 %4 上无法编译或运行（第一个原因：%5）</translation>
    </message>
    <message>
        <source>the backend will miss the tiling parameter %1: tl.arange(..., %1) is used without being assigned to a variable, and the backend only follows assigned aranges</source>
        <translation>后端会漏掉分块参数 %1：tl.arange(..., %1) 未赋值给变量就被使用，而后端只跟踪赋值过的 arange</translation>
    </message>
    <message>
        <source>assign it inside the loop (e.g. `lanes = tl.arange(0, %1)`)</source>
        <translation>请在循环内赋值（例如 `lanes = tl.arange(0, %1)`）</translation>
    </message>
    <message>
        <source>the backend will miss the tiling axis %1 because tl.arange is outside the loop (line %2): it only looks for tl.arange after the loop that steps by %1</source>
        <translation>后端会漏掉分块轴 %1，因为 tl.arange 在循环之外（第 %2 行）：它只在以 %1 为步长的循环之后查找 tl.arange</translation>
    </message>
    <message>
        <source>move it inside the loop</source>
        <translation>请把它移到循环内</translation>
    </message>
    <message>
        <source>the backend will miss the tiling parameter %1: no mask compares `%2` (or a value computed from it) with a key argument in a form it follows (`name &lt; n` or `name &lt; min(..., n)`)</source>
        <translation>后端会漏掉分块参数 %1：没有掩码以它能跟踪的形式（`name &lt; n` 或 `name &lt; min(..., n)`）把 `%2`（或由它算出的值）与 key 参数比较</translation>
    </message>
    <message>
        <source>%1 is multiplied by the program id, but no mask compares the offsets built from it with a key argument in a form the backend follows (`offsets &lt; n` or `offsets &lt; min(..., n)` with n in key), so it cannot tell which axis %1 splits</source>
        <translation>%1 与程序编号相乘，但没有掩码以后端能跟踪的形式（`offsets &lt; n` 或 `offsets &lt; min(..., n)`，n 在 key 中）把由它构造的偏移与 key 参数比较，因此后端无法判断 %1 切分的是哪个轴</translation>
    </message>
    <message>
        <source>add such a mask</source>
        <translation>请添加这样的掩码</translation>
    </message>
    <message>
        <source>its parse raises %1: %2</source>
        <translation>它的解析抛出 %1：“%2”</translation>
    </message>
    <message>
        <source>it generates no config and raises %1</source>
        <translation>它不生成任何配置并抛出“%1”</translation>
    </message>
    <message>
        <source>it raises %1</source>
        <translation>它抛出“%1”</translation>
    </message>
    <message>
        <source>it generates no config</source>
        <translation>它不生成任何配置</translation>
    </message>
    <message>
        <source>a hint would make %1 generate configs, but they compute a wrong result (%2), so it is not offered</source>
        <translation>有一种提示能让 %1 生成配置，但这些配置的计算结果错误（%2），因此不予推荐</translation>
    </message>
    <message>
        <source>checked fix: put `%1` in @triton.autotune; with it %2 generates %3 configs</source>
        <translation>已验证的修正：在 @triton.autotune 中写入 `%1`；这样 %2 会生成 %3 个配置</translation>
    </message>
    <message>
        <source>checked fix: put `%1` in @triton.autotune; with it %2 generates %3 config</source>
        <translation>已验证的修正：在 @triton.autotune 中写入 `%1`；这样 %2 会生成 %3 个配置</translation>
    </message>
    <message>
        <source>no key/hints setting makes %1 generate</source>
        <translation>没有任何 key/hints 设置能让 %1 生成配置</translation>
    </message>
    <message>
        <source>no key/hints setting makes %1 generate correct configs</source>
        <translation>没有任何 key/hints 设置能让 %1 生成正确的配置</translation>
    </message>
    <message>
        <source> (%1 tried)</source>
        <translation>（已尝试 %1 种）</translation>
    </message>
    <message>
        <source> (%1 tried; one that does makes it generate configs that compute a wrong result (%2))</source>
        <translation>（已尝试 %1 种；能生成配置的那种设置得到的配置计算结果错误（%2））</translation>
    </message>
    <message>
        <source>; one that does makes it generate configs that compute a wrong result (%1)</source>
        <translation>；能生成配置的那种设置得到的配置计算结果错误（%1）</translation>
    </message>
    <message>
        <source>change the kernel so the backend can follow it</source>
        <translation>请修改内核，使后端能够跟踪它</translation>
    </message>
    <message>
        <source>change the kernel instead: %1</source>
        <translation>请改为修改内核：%1</translation>
    </message>
    <message>
        <source>%1 generates nothing for this launch (%2): it cannot tie %3 to %4 [%5]: %6; %7</source>
        <translation>%1 对此次启动不生成任何配置（%2）：它无法把 %3 关联到%4 [%5]：%6；%7</translation>
    </message>
    <message>
        <source>axis %1</source>
        <translation>轴 %1</translation>
    </message>
    <message>
        <source>axis %1 (%2)</source>
        <translation>轴 %1（%2）</translation>
    </message>
    <message>
        <source>any axis</source>
        <translation>任何轴</translation>
    </message>
    <message>
        <source>any axis (%1)</source>
        <translation>任何轴（%1）</translation>
    </message>
    <message>
        <source>split axis %1</source>
        <translation>切分轴 %1</translation>
    </message>
    <message>
        <source>split axis %1 (%2)</source>
        <translation>切分轴 %1（%2）</translation>
    </message>
    <message>
        <source>split any axis</source>
        <translation>任何切分轴</translation>
    </message>
    <message>
        <source>split any axis (%1)</source>
        <translation>任何切分轴（%1）</translation>
    </message>
    <message>
        <source>tiling axis %1</source>
        <translation>分块轴 %1</translation>
    </message>
    <message>
        <source>tiling axis %1 (%2)</source>
        <translation>分块轴 %1（%2）</translation>
    </message>
    <message>
        <source>tiling any axis</source>
        <translation>任何分块轴</translation>
    </message>
    <message>
        <source>tiling any axis (%1)</source>
        <translation>任何分块轴（%1）</translation>
    </message>
    <message>
        <source>checked fix: pass %1=%2 at launch (the share of axis %3 the grid gives each program); with it %4 generates %5 configs; to tune %1 instead, %6</source>
        <translation>已验证的修正：在启动时传入 %1=%2（网格分给每个程序的轴 %3 的份额）；这样 %4 会生成 %5 个配置；若要改为调优 %1，%6</translation>
    </message>
    <message>
        <source>checked fix: pass %1=%2 at launch (the share of axis %3 the grid gives each program); with it %4 generates %5 config; to tune %1 instead, %6</source>
        <translation>已验证的修正：在启动时传入 %1=%2（网格分给每个程序的轴 %3 的份额）；这样 %4 会生成 %5 个配置；若要改为调优 %1，%6</translation>
    </message>
    <message>
        <source>no hint is offered, as tuning a split the grid does not follow would skip or repeat elements; %1</source>
        <translation>不推荐任何提示，因为调优网格不跟随的切分会跳过或重复处理元素；%1</translation>
    </message>
    <message>
        <source>%1 (no mask names the axis of %2: check that it walks axis %3)</source>
        <translation>%1（没有掩码指明 %2 的轴：请确认它遍历的是轴 %3）</translation>
    </message>
    <message>
        <source>%1 generates nothing for this launch (%2): %3; %4</source>
        <translation>%1 对此次启动不生成任何配置（%2）：%3；%4</translation>
    </message>
    <message>
        <source>its split-axis parser reads the call `%1` in a product as `name.program_id(...)` and fails because what precedes the method is not a plain name; it runs even when split_params is given</source>
        <translation>它的切分轴解析器把乘积中的调用 `%1` 当作 `name.program_id(...)` 读取，并因方法前面不是简单名称而失败；即使给出了 split_params，该解析器也会运行</translation>
    </message>
    <message>
        <source>assign the call to a name first (`v = %1`) and multiply the name</source>
        <translation>先把该调用赋值给一个名称（`v = %1`），再用这个名称相乘</translation>
    </message>
    <message>
        <source>it checks the key and the axis hints before parsing: with any axis hint, key must be a dict and split_params, tiling_params, low_dim_axes and reduction_axes must all be given, with axes of the key</source>
        <translation>它在解析前检查 key 和轴提示：只要有任一轴提示，key 就必须是字典，并且 split_params、tiling_params、low_dim_axes 和 reduction_axes 都必须给出，且使用 key 中的轴</translation>
    </message>
    <message>
        <source>fix the key and hints in @triton.autotune as the message says</source>
        <translation>请按提示信息修正 @triton.autotune 中的 key 和 hints</translation>
    </message>
    <message>
        <source>the %1 stage of its parse raises on this kernel</source>
        <translation>它的解析在 %1 阶段对此内核抛出异常</translation>
    </message>
    <message>
        <source>%1 generates nothing for this launch (%2). No block parameter is left untied; %3</source>
        <translation>%1 对此次启动不生成任何配置（%2）。没有未关联的块参数；%3</translation>
    </message>
    <message>
        <source>%1 generates nothing for this launch (%2): %3. No block parameter is left untied; %4</source>
        <translation>%1 对此次启动不生成任何配置（%2）：%3。没有未关联的块参数；%4</translation>
    </message>
    <message>
        <source>the empty list comes from the generator&apos;s walk itself, which no axis hint changes without misdescribing the kernel</source>
        <translation>空列表来自生成器自身的遍历，任何轴提示都无法在不错误描述内核的前提下改变它</translation>
    </message>
    <message>
        <source>no key/hints setting makes it generate</source>
        <translation>没有任何 key/hints 设置能让它生成配置</translation>
    </message>
    <message>
        <source>no key/hints setting makes it generate, so the kernel needs a handwritten configs=[triton.Config({...}), ...] list</source>
        <translation>没有任何 key/hints 设置能让它生成配置，因此该内核需要手写的 configs=[triton.Config({...}), ...] 列表</translation>
    </message>
    <message>
        <source>%1 (they set no block parameter, only the launch options: the kernel has nothing to tune)</source>
        <translation>%1（这些配置不设置任何块参数，只设置启动选项：该内核没有可调的内容）</translation>
    </message>
    <message>
        <source>not a block size</source>
        <translation>不是块大小</translation>
    </message>
    <message>
        <source>%1 is never a tl.arange size, a loop step, a block shape or a factor of the program id, so it is no block parameter</source>
        <translation>%1 从未作为 tl.arange 的大小、循环步长、块形状或程序编号的因子出现，因此不是块参数</translation>
    </message>
    <message>
        <source>no axis hint fits it (the backend would tune it as a tile size); pass %1 at launch or give it a default value</source>
        <translation>没有适合它的轴提示（后端会把它当作分块大小来调优）；请在启动时传入 %1 或给它一个默认值</translation>
    </message>
    <message>
        <source>no pattern the backend follows</source>
        <translation>没有后端能跟踪的模式</translation>
    </message>
    <message>
        <source>the backend found no `tl.program_id(d) * %1`, no loop stepping by %1 and no mask it follows on a value computed from %1</source>
        <translation>后端没有找到 `tl.program_id(d) * %1`、以 %1 为步长的循环，也没有找到它能跟踪的、作用于由 %1 算出的值的掩码</translation>
    </message>
    <message>
        <source>compute the offsets as `offs = tl.program_id(0) * %1 + tl.arange(0, %1)` and mask them with `mask = offs &lt; n` (n in key)</source>
        <translation>按 `offs = tl.program_id(0) * %1 + tl.arange(0, %1)` 计算偏移，并用 `mask = offs &lt; n`（n 在 key 中）加掩码</translation>
    </message>
    <message>
        <source>split fixed by the grid</source>
        <translation>被网格固定的切分</translation>
    </message>
    <message>
        <source>%1 splits axis %2, but grid dim %3 is fixed whatever %1 is, so the backend does not tune it, and the launch does not pass it</source>
        <translation>%1 切分轴 %2，但无论 %1 取何值，网格第 %3 维都是固定的，因此后端不会调优它，而启动也没有传入它</translation>
    </message>
    <message>
        <source>write the grid as a lambda of meta[&apos;%1&apos;] (e.g. `lambda meta: (triton.cdiv(n, meta[&apos;%1&apos;]),)`) so that the backend can tune %1</source>
        <translation>把网格写成 meta[&apos;%1&apos;] 的 lambda（例如 `lambda meta: (triton.cdiv(n, meta[&apos;%1&apos;]),)`），以便后端能调优 %1</translation>
    </message>
    <message>
        <source>program id through arithmetic</source>
        <translation>经算术运算得到的程序编号</translation>
    </message>
    <message>
        <source>program id read through a call</source>
        <translation>经函数调用读取的程序编号</translation>
    </message>
    <message>
        <source>%1 is multiplied by the program id, but %2</source>
        <translation>%1 与程序编号相乘，但%2</translation>
    </message>
    <message>
        <source>give each axis its own grid dim and multiply %1 by `tl.program_id(d)` itself</source>
        <translation>为每个轴分配独立的网格维度，并直接用 `tl.program_id(d)` 与 %1 相乘</translation>
    </message>
    <message>
        <source>read the program id directly in the kernel: `pid = tl.program_id(0)`</source>
        <translation>在内核中直接读取程序编号：`pid = tl.program_id(0)`</translation>
    </message>
    <message>
        <source>it is a method call of `%1`, and the backend recognises a program id only when it is spelled `tl.program_id(d)`</source>
        <translation>它是 `%1` 的方法调用，而后端只识别写作 `tl.program_id(d)` 的程序编号</translation>
    </message>
    <message>
        <source>it wraps tl.program_id in another call, and the backend recognises only `tl.program_id(d)` itself</source>
        <translation>它把 tl.program_id 包在另一个调用中，而后端只识别 `tl.program_id(d)` 本身</translation>
    </message>
    <message>
        <source>the helper `%1` (line %2) reads tl.program_id, and the backend does not look into helpers</source>
        <translation>辅助函数 `%1`（第 %2 行）读取 tl.program_id，而后端不会查看辅助函数内部</translation>
    </message>
    <message>
        <source>`%1` is computed from the program id (`%2`, line %3) and the backend follows only `tl.program_id(d)` or a name assigned straight from it</source>
        <translation>`%1` 由程序编号计算得到（`%2`，第 %3 行），而后端只跟踪 `tl.program_id(d)` 或直接由它赋值的名称</translation>
    </message>
    <message>
        <source>`%1` comes from `%2` (line %3): %4</source>
        <translation>`%1` 来自 `%2`（第 %3 行）：%4</translation>
    </message>
    <message>
        <source>the program id is `%1`: %2</source>
        <translation>程序编号为 `%1`：%2</translation>
    </message>
    <message>
        <source>grid-stride task loop</source>
        <translation>网格步进的任务循环</translation>
    </message>
    <message>
        <source>%1 multiplies the task index `%2` of the loop `for %2 in %3`, not the program id, and the loop does not step by %1; the backend ties a block parameter only to `tl.program_id(d) * %1` or to a loop stepping by it</source>
        <translation>%1 乘的是循环 `for %2 in %3` 的任务下标 `%2`，而不是程序编号，且该循环的步长不是 %1；后端只把块参数关联到 `tl.program_id(d) * %1` 或以它为步长的循环</translation>
    </message>
    <message>
        <source>launch one program per block (`offs = tl.program_id(0) * %1 + tl.arange(0, %1)`), or loop over elements: `for start in range(pid * %1, n, tl.num_programs(0) * %1)`</source>
        <translation>每个块启动一个程序（`offs = tl.program_id(0) * %1 + tl.arange(0, %1)`），或按元素循环：`for start in range(pid * %1, n, tl.num_programs(0) * %1)`</translation>
    </message>
    <message>
        <source>tiling only through tl.make_block_ptr</source>
        <translation>仅通过 tl.make_block_ptr 分块</translation>
    </message>
    <message>
        <source>%1 tiles dimension %2 (`%3`) of a block pointer, and the backend reads no block pointer: it needs a mask `name &lt; n` on offsets computed from %1</source>
        <translation>%1 对块指针的第 %2 维（`%3`）分块，而后端不读取块指针：它需要作用于由 %1 算出的偏移的掩码 `name &lt; n`</translation>
    </message>
    <message>
        <source>compute the offsets with tl.arange and mask them (`offs = pid * %1 + tl.arange(0, %1)`, `mask = offs &lt; n`) instead of the block pointer</source>
        <translation>改用 tl.arange 计算偏移并加掩码（`offs = pid * %1 + tl.arange(0, %1)`，`mask = offs &lt; n`），不用块指针</translation>
    </message>
    <message>
        <source>axis not in key</source>
        <translation>轴不在 key 中</translation>
    </message>
    <message>
        <source>the mask `%1` ties %2 to the size %3, which is not in key, so the backend has no axis for it (it also needs %3&apos;s value to size the tiles)</source>
        <translation>掩码 `%1` 把 %2 关联到大小 %3，但 %3 不在 key 中，因此后端没有与之对应的轴（它还需要 %3 的值来确定分块大小）</translation>
    </message>
    <message>
        <source>add %1 to key</source>
        <translation>把 %1 加入 key</translation>
    </message>
    <message>
        <source>mask in a form the backend does not follow</source>
        <translation>后端无法跟踪的掩码形式</translation>
    </message>
    <message>
        <source>mask written inline</source>
        <translation>内联写出的掩码</translation>
    </message>
    <message>
        <source>the mask `%1` is not written `%2 &lt; %3`, and the backend follows only `name &lt; n` where name holds offsets computed from %4</source>
        <translation>掩码 `%1` 没有写成 `%2 &lt; %3`，而后端只跟踪 `name &lt; n`，其中 name 保存由 %4 算出的偏移</translation>
    </message>
    <message>
        <source>the mask `%1` compares an expression, not a name, and the backend follows only `name &lt; n` where name holds offsets computed from %2</source>
        <translation>掩码 `%1` 比较的是表达式而不是名称，而后端只跟踪 `name &lt; n`，其中 name 保存由 %2 算出的偏移</translation>
    </message>
    <message>
        <source>assign the offsets and the mask to names: `mask = %1 &lt; %2`</source>
        <translation>把偏移和掩码赋值给名称：`mask = %1 &lt; %2`</translation>
    </message>
    <message>
        <source>assign the offsets and the mask to names: `offs = %1`, `mask = offs &lt; %2`</source>
        <translation>把偏移和掩码赋值给名称：`offs = %1`，`mask = offs &lt; %2`</translation>
    </message>
    <message>
        <source>no mask</source>
        <translation>没有掩码</translation>
    </message>
    <message>
        <source>no comparison mentions %1 or a value computed from it, and the backend names the axis of a block parameter only from a mask `offs &lt; n` with n in key</source>
        <translation>没有比较涉及 %1 或由它算出的值，而后端只根据掩码 `offs &lt; n`（n 在 key 中）确定块参数的轴</translation>
    </message>
    <message>
        <source>mask the offsets built from %1: `mask = offs &lt; n` with n in key</source>
        <translation>给由 %1 构造的偏移加掩码：`mask = offs &lt; n`，n 在 key 中</translation>
    </message>
    <message>
        <source>tl.arange hoisted above its loop</source>
        <translation>tl.arange 被提到循环之前</translation>
    </message>
    <message>
        <source>tl.arange not assigned</source>
        <translation>tl.arange 未赋值</translation>
    </message>
    <message>
        <source>no mask the backend follows</source>
        <translation>没有后端能跟踪的掩码</translation>
    </message>
    <message>
        <source>pointer offsets computed from data: modelled as a discrete access per element</source>
        <translation>指针偏移由数据计算得到：按逐元素的离散访问建模</translation>
    </message>
    <message>
        <source>%1 programs &gt; %2: the split descent stops once the grid exceeds the %3 vector cores (largest generated grid: %4 programs)</source>
        <translation>%1 个程序 &gt; %2：网格超过 %3 个向量核后切分下降即停止（已生成的最大网格：%4 个程序）</translation>
    </message>
    <message>
        <source>%1 programs &gt; %2, the most one launch grid can hold</source>
        <translation>%1 个程序 &gt; %2，即一次启动的网格所能容纳的上限</translation>
    </message>
    <message>
        <source>%1=%2 is not a power of two (SIMT tiles are rounded up to powers of two)</source>
        <translation>%1=%2 不是 2 的幂（SIMT 分块会向上取整到 2 的幂）</translation>
    </message>
    <message>
        <source>%1=%2 is neither a multiple of %3 elements (32 B of %4-byte elements) nor the whole extent</source>
        <translation>%1=%2 既不是 %3 个元素（32 B 的 %4 字节元素）的倍数，也不是整个范围</translation>
    </message>
    <message>
        <source>%1=%2 &gt; %3, the block of axis %4 one program owns</source>
        <translation>%1=%2 &gt; %3，即一个程序负责的轴 %4 的块</translation>
    </message>
    <message>
        <source>%1=%2 &gt; %3, the length of axis %4</source>
        <translation>%1=%2 &gt; %3，即轴 %4 的长度</translation>
    </message>
    <message>
        <source>%1=%2: a tile size must be at least 1</source>
        <translation>%1=%2：分块大小至少为 1</translation>
    </message>
    <message>
        <source>%1 is set neither by this config nor at launch: the kernel cannot be compiled without it</source>
        <translation>%1 既未由此配置设置，也未在启动时给出：缺少它内核无法编译</translation>
    </message>
    <message>
        <source>tile %1 elements &lt; %2 elements: the walk stops at the first tile at or below that size (1024 B of %3-byte elements); the smallest generated tile has %4 elements</source>
        <translation>分块 %1 个元素 &lt; %2 个元素：遍历在第一个不超过该大小的分块处停止（1024 B 的 %3 字节元素）；已生成的最小分块为 %4 个元素</translation>
    </message>
    <message>
        <source>tile %1 element &lt; %2 elements: the walk stops at the first tile at or below that size (1024 B of %3-byte elements); the smallest generated tile has %4 elements</source>
        <translation>分块 %1 个元素 &lt; %2 个元素：遍历在第一个不超过该大小的分块处停止（1024 B 的 %3 字节元素）；已生成的最小分块为 %4 个元素</translation>
    </message>
    <message>
        <source>tile %1 elements &lt; %2 elements: the walk stops at the first tile at or below that size (1024 B of %3-byte elements, or total / (2 x %4 vector cores)); the smallest generated tile has %5 elements</source>
        <translation>分块 %1 个元素 &lt; %2 个元素：遍历在第一个不超过该大小的分块处停止（1024 B 的 %3 字节元素，或总数 / (2 x %4 个向量核)）；已生成的最小分块为 %5 个元素</translation>
    </message>
    <message>
        <source>tile %1 element &lt; %2 elements: the walk stops at the first tile at or below that size (1024 B of %3-byte elements, or total / (2 x %4 vector cores)); the smallest generated tile has %5 elements</source>
        <translation>分块 %1 个元素 &lt; %2 个元素：遍历在第一个不超过该大小的分块处停止（1024 B 的 %3 字节元素，或总数 / (2 x %4 个向量核)）；已生成的最小分块为 %5 个元素</translation>
    </message>
    <message>
        <source>valid but never visited by the backend&apos;s walk; nearest generated candidate #%1 (%2)</source>
        <translation>有效，但后端的遍历从未访问；最近的已生成候选 #%1（%2）</translation>
    </message>
    <message>
        <source>valid but never visited by the backend&apos;s walk; nearest generated candidate #%1 (%2) differs most in %3 (%4 vs %5): %6</source>
        <translation>有效，但后端的遍历从未访问；与最近的已生成候选 #%1（%2）差别最大的是 %3（%4 对 %5）：%6</translation>
    </message>
    <message>
        <source>the backend generated nothing for this launch. %1</source>
        <translation>后端对此次启动没有生成任何配置。%1</translation>
    </message>
    <message>
        <source>configs=[...] is not empty, so the backend benchmarks only the handwritten configs (hints={&apos;auto_gen_config&apos;: True} adds the generated ones)</source>
        <translation>configs=[...] 不为空，因此后端只测速手写的配置（hints={&apos;auto_gen_config&apos;: True} 会加入生成的配置）</translation>
    </message>
    <message>
        <source>the backend raises before benchmarking: %1</source>
        <translation>后端在测速前抛出异常：“%1”</translation>
    </message>
    <message>
        <source>handwritten triton.Config, benchmarked as written; passes every hard constraint</source>
        <translation>手写的 triton.Config，按原样测速；满足所有硬性约束</translation>
    </message>
    <message>
        <source>nothing was generated and configs=[] is empty, so the backend falls back to one default config ({}, num_warps=4, num_stages=2). %1</source>
        <translation>没有生成任何配置且 configs=[] 为空，因此后端退回到一个默认配置（{}, num_warps=4, num_stages=2）。%1</translation>
    </message>
    <message>
        <source>cut by the 200 s benchmark budget of cube / mix kernels</source>
        <translation>被 cube / mix 内核 200 s 的测速预算裁掉</translation>
    </message>
    <message>
        <source>the backend sets num_stages from multibuffer (True: 2, False: 1; _expand_simd_multibuffer_configs), so it never lists this pair; hints={&apos;num_stages&apos;: [1, 2]} or @triton.max_autotune(kernel_type=&apos;vector&apos;, num_stages=[1, 2]) would</source>
        <translation>后端按 multibuffer 设定 num_stages（True 为 2，False 为 1；_expand_simd_multibuffer_configs），因此从不列出这一组合；hints={&apos;num_stages&apos;: [1, 2]} 或 @triton.max_autotune(kernel_type=&apos;vector&apos;, num_stages=[1, 2]) 才会列出</translation>
    </message>
    <message>
        <source>the backend lists every generated config with num_stages=1 (TileGenerator&apos;s Config(..., num_stages=1), copied by _expand_simd_multibuffer_configs); only a handwritten config sets another num_stages</source>
        <translation>后端生成的每个配置都是 num_stages=1（TileGenerator 的 Config(..., num_stages=1)，由 _expand_simd_multibuffer_configs 复制）；只有手写配置才能设定其他 num_stages</translation>
    </message>
    <message>
        <source>the backend&apos;s generation never sets %1; only @triton.max_autotune(kernel_type=&apos;vector&apos;, %1=[True, False]) (get_max_configs) or hints={&apos;%1&apos;: [True, False]} adds it</source>
        <translation>后端的生成从不设定 %1；只有 @triton.max_autotune(kernel_type=&apos;vector&apos;, %1=[True, False])（get_max_configs）或 hints={&apos;%1&apos;: [True, False]} 会加上它</translation>
    </message>
    <message>
        <source>outside the hint&apos;s list %1=%2: _expand_configs_with_hints crosses each generated config with the listed values only</source>
        <translation>不在提示列表 %1=%2 之内：_expand_configs_with_hints 只把列出的取值与每个生成的配置组合</translation>
    </message>
    <message>
        <source>%1; otherwise generated candidate #%2 (%3)</source>
        <translation>%1；其余与已生成候选 #%2（%3）相同</translation>
    </message>
    <message>
        <source>The lattice adds %1 option points around the generated tilings: the same tiling with a setting the backend never lists (num-stages-tied %2, max-autotune-only %3, outside-hint %4). The simulator models multibuffer but not num_stages or enable_ubuf_saving: a point that differs only in those times as its generated twin.</source>
        <translation>格点在已生成的分块周围加入 %1 个选项点：同一分块配上后端从不列出的设定（num_stages 被绑定 %2，仅 max_autotune %3，不在提示列表内 %4）。模拟器建模 multibuffer，但不建模 num_stages 与 enable_ubuf_saving：只在这两项上不同的点与其已生成的孪生配置计时相同。</translation>
    </message>
    <message>
        <source>the low-dim descent halves all low-dim tiles together, to powers of two (32-byte aligned below 128 elements)</source>
        <translation>低维下降把所有低维分块一起减半，取 2 的幂（128 个元素以下按 32 字节对齐）</translation>
    </message>
    <message>
        <source>the tiling descent of %1 starts from the split block and halves %2 to powers of two</source>
        <translation>%1 的分块下降从切分块开始，把 %2 减半到 2 的幂</translation>
    </message>
    <message>
        <source>the tiling descent of %1 halves %2 to powers of two</source>
        <translation>%1 的分块下降把 %2 减半到 2 的幂</translation>
    </message>
    <message>
        <source>the split descent of %1 halves %2 from %3 (quarter steps once the grid nears the vector cores), rounding up, and stops once the grid exceeds the vector cores</source>
        <translation>%1 的切分下降从 %3 开始把 %2 减半（网格接近向量核数时改为四分之一步长），向上取整，网格超过向量核数后停止</translation>
    </message>
    <message>
        <source>the walk never sets this value</source>
        <translation>遍历从不设置这个值</translation>
    </message>
    <message>
        <source>L1: (M x K + K x N) tiles need %1 &gt; %2 (L1 / 2 buffers)</source>
        <translation>L1：(M x K + K x N) 分块需要 %1 &gt; %2（L1 / 2 个缓冲区）</translation>
    </message>
    <message>
        <source>L0A: M x K tile needs %1 &gt; %2 (L0A / 2 buffers)</source>
        <translation>L0A：M x K 分块需要 %1 &gt; %2（L0A / 2 个缓冲区）</translation>
    </message>
    <message>
        <source>L0B: K x N tile needs %1 &gt; %2 (L0B / 2 buffers)</source>
        <translation>L0B：K x N 分块需要 %1 &gt; %2（L0B / 2 个缓冲区）</translation>
    </message>
    <message>
        <source>L0C: M x N fp32 accumulator needs %1 &gt; %2</source>
        <translation>L0C：M x N fp32 累加器需要 %1 &gt; %2</translation>
    </message>
    <message>
        <source>coverage unknown: the space was built without the kernel&apos;s launch</source>
        <translation>覆盖情况未知：构建候选空间时没有内核的启动信息</translation>
    </message>
    <message>
        <source>%1 splits axis %2, but %3, so the backend does not tune it, and the launch does not pass it</source>
        <translation>%1 切分轴 %2，但%3，因此后端不会调优它，而启动也没有传入它</translation>
    </message>
    <message>
        <source>Building that config raises %1.</source>
        <translation>构建该配置会抛出 %1。</translation>
    </message>
    <message>
        <source>At a84b1eb building that config raises %1.</source>
        <translation>在 a84b1eb 版本中，构建该配置会抛出 %1。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>No config was generated: the split descent reached the persistent the reduction axis before trying any config and stops there, because a persistent reduction is never split.</source>
        <translation>未生成任何配置：切分下降在尝试任何配置之前就到达了持久归约轴并在此停止，因为持久归约从不切分。</translation>
    </message>
    <message>
        <source>No config was generated: the split descent reached the persistent reduction axis %1 (%2 elements) before trying any config and stops there, because a persistent reduction is never split.</source>
        <translation>未生成任何配置：切分下降在尝试任何配置之前就到达了持久归约轴 %1（%2 个元素）并在此停止，因为持久归约从不切分。</translation>
    </message>
    <message>
        <source>No config was generated: the kernel has no split parameter, no tiling parameter and no low-dim axis, so the walk has nothing to descend.</source>
        <translation>未生成任何配置：内核没有切分参数、没有分块参数，也没有低维轴，因此遍历无可下降。</translation>
    </message>
    <message>
        <source>No config was generated: the whole tile (%1 elements) is already at or below the stop tile (%2 elements), so the walk ends before trying a config.</source>
        <translation>未生成任何配置：整个分块（%1 个元素）已不大于停止分块（%2 个元素），因此遍历在尝试配置之前就结束了。</translation>
    </message>
    <message>
        <source>No config was generated: all %1 candidates the walk tried exceed the budget; the smallest walk tile was %2.</source>
        <translation>未生成任何配置：遍历尝试的全部 %1 个候选都超出预算；遍历中最小的分块为 %2。</translation>
    </message>
    <message>
        <source>Axes without a split or tiling parameter keep their whole length in every tile: %1.</source>
        <translation>没有切分或分块参数的轴在每个分块中保持完整长度：%1。</translation>
    </message>
    <message>
        <source>No config was generated: %1 candidates were tried and all were refused (%2).</source>
        <translation>未生成任何配置：尝试了 %1 个候选，全部被拒绝（%2）。</translation>
    </message>
    <message>
        <source>No config was generated: the backend raises %1.</source>
        <translation>未生成任何配置：后端抛出 %1。</translation>
    </message>
    <message>
        <source>%1 Write handwritten triton.Config entries in @triton.autotune(configs=[...]) instead.</source>
        <translation>%1 请改为在 @triton.autotune(configs=[...]) 中手写 triton.Config 条目。</translation>
    </message>
    <message>
        <source>%1 Write handwritten triton.Config entries in @triton.autotune(configs=[...]) instead</source>
        <translation>%1 请改为在 @triton.autotune(configs=[...]) 中手写 triton.Config 条目</translation>
    </message>
    <message>
        <source>%1, other shapes&apos; configs</source>
        <translation>%1，其他形状的配置</translation>
    </message>
    <message>
        <source>tuning on %1</source>
        <translation>在 %1 上调优</translation>
    </message>
    <message>
        <source>%1: the other devices&apos; configs</source>
        <translation>%1：其他设备的配置</translation>
    </message>
    <message>
        <source>candidate %1 is candidate %2 with %3: the same simulated times (p50 %4), as the simulator does not model these options; kept</source>
        <translation>候选 %1 即候选 %2 加上 %3：模拟时间相同（p50 %4），因为模拟器不建模这些选项；已保留</translation>
    </message>
    <message>
        <source>candidate %1 is candidate %2 with %3: the same simulated times (p50 %4), as the simulator does not model these options; left out</source>
        <translation>候选 %1 即候选 %2 加上 %3：模拟时间相同（p50 %4），因为模拟器不建模这些选项；已略去</translation>
    </message>
    <message>
        <source>the same options</source>
        <translation>相同的选项</translation>
    </message>
    <message>
        <source>No correct config: every benchmarked candidate is incorrect, the backend&apos;s pick #%1 %2</source>
        <translation>没有正确的配置：每个已测速的候选都不正确，后端选中的 #%1 %2</translation>
    </message>
    <message>
        <source>No valid triton configs. %1</source>
        <translation>后端抛出 “No valid triton configs.”（Triton 的原文）：%1</translation>
    </message>
    <message>
        <source>every candidate failed to compile</source>
        <translation>每个候选都编译失败</translation>
    </message>
    <message>
        <source>the tuning found no config</source>
        <translation>调优未找到配置</translation>
    </message>
    <message>
        <source>no candidate could be benchmarked</source>
        <translation>没有候选能完成测速</translation>
    </message>
    <message>
        <source>stopped before it was tuned</source>
        <translation>调优开始前已停止</translation>
    </message>
    <message>
        <source>stopped while tuning</source>
        <translation>调优中途已停止</translation>
    </message>
    <message>
        <source>a tuple the model does not unpack (line %1)</source>
        <translation>模型不拆解的元组（第 %1 行）</translation>
    </message>
    <message>
        <source>`%1` is advanced by += inside the loop at line %2, which TileScope does not count</source>
        <translation>`%1` 在第 %2 行的循环中以 += 递增，TileScope 不计算其次数</translation>
    </message>
    <message>
        <source>the loop at line %1 is not a range TileScope follows</source>
        <translation>第 %1 行的循环不是 TileScope 能跟踪的 range</translation>
    </message>
    <message>
        <source>a conditional expression (line %1)</source>
        <translation>条件表达式（第 %1 行）</translation>
    </message>
    <message>
        <source>an index multiplied after `%`</source>
        <translation>在 `%` 之后相乘的索引</translation>
    </message>
    <message>
        <source>a pointer minus an index (line %1)</source>
        <translation>指针减去索引（第 %1 行）</translation>
    </message>
    <message>
        <source>an index computed from loaded data (line %1)</source>
        <translation>由加载的数据算出的索引（第 %1 行）</translation>
    </message>
    <message>
        <source>an index arithmetic TileScope does not follow (line %1)</source>
        <translation>TileScope 无法跟踪的索引运算（第 %1 行）</translation>
    </message>
    <message>
        <source>an index taken apart by [] (line %1)</source>
        <translation>被 [] 拆开的索引（第 %1 行）</translation>
    </message>
    <message>
        <source>an index broadcast in a way TileScope does not follow (line %1)</source>
        <translation>以 TileScope 无法跟踪的方式广播的索引（第 %1 行）</translation>
    </message>
    <message>
        <source>tl.%1 of an axis TileScope cannot tell (line %2)</source>
        <translation>TileScope 无法确定其轴的 tl.%1（第 %2 行）</translation>
    </message>
    <message>
        <source>a tl.arange whose bounds TileScope cannot compute (line %1)</source>
        <translation>TileScope 无法计算其边界的 tl.arange（第 %1 行）</translation>
    </message>
    <message>
        <source>a block pointer</source>
        <translation>块指针</translation>
    </message>
    <message>
        <source>tl.swizzle2d of values TileScope cannot follow (line %1)</source>
        <translation>TileScope 无法跟踪其取值的 tl.swizzle2d（第 %1 行）</translation>
    </message>
    <message>
        <source>an access inside the while loop at line %1, whose trips TileScope does not count</source>
        <translation>第 %1 行 while 循环内的访问，TileScope 不计算其迭代次数</translation>
    </message>
    <message>
        <source>the pointer of the access at line %1 is not one TileScope follows</source>
        <translation>第 %1 行访问所用的指针不是 TileScope 能跟踪的</translation>
    </message>
    <message>
        <source>the access at line %1 is not through a tensor argument</source>
        <translation>第 %1 行的访问不经过张量参数</translation>
    </message>
    <message>
        <source>the pointer of the access at line %1 is offset by a constant TileScope does not place</source>
        <translation>第 %1 行访问所用的指针带有 TileScope 无法定位的常量偏移</translation>
    </message>
    <message>
        <source>no mask bounds %1 (line %2) and its stride is not one of %3&apos;s dimensions</source>
        <translation>没有掩码约束 %1（第 %2 行），且其步长不是 %3 的任一维度</translation>
    </message>
    <message>
        <source>the mask of the access at line %1 is not one TileScope reads</source>
        <translation>第 %1 行访问的掩码不是 TileScope 能读取的形式</translation>
    </message>
    <message>
        <source>two tl.aranges add up in %1 (line %2)</source>
        <translation>%1 中有两个 tl.arange 相加（第 %2 行）</translation>
    </message>
    <message>
        <source>the kernel cannot be traced</source>
        <translation>无法跟踪该内核</translation>
    </message>
    <message>
        <source>the lattice has no valid point to tune</source>
        <translation>格点中没有可调优的有效点</translation>
    </message>
    <message>
        <source>no valid lattice point is in the subset to tune (%1 valid points)</source>
        <translation>要调优的子集中没有有效的格点（共 %1 个有效点）</translation>
    </message>
    <message>
        <source>a single config compiled: Triton-Ascend times it with do_bench, not the profiler (there is nothing to choose between); its times are the npu method&apos;s, as asked, and the modelled tuning time counts the do_bench run</source>
        <translation>只有一个配置编译成功：Triton-Ascend 用 do_bench 而非性能分析器为其计时（没有可比较的对象）；显示的时间按要求采用 npu 方法，建模的调优时间计入这次 do_bench 运行</translation>
    </message>
    <message>
        <source>%1=%2 %3</source>
        <translation>%1=%2 %3</translation>
    </message>
    <message>
        <source>the loop at line %1 strides by %2, so grid dim %3 must stay the number of programs the loop assumes</source>
        <translation>第 %1 行的循环以 %2 为步长，因此网格维度 %3 必须保持该循环假定的程序数</translation>
    </message>
    <message>
        <source>the loop at line %1 strides by %2 programs, so grid dim %3 must stay the number of programs the loop assumes</source>
        <translation>第 %1 行的循环以 %2 个程序为步长，因此网格维度 %3 必须保持该循环假定的程序数</translation>
    </message>
    <message>
        <source>no analysed kernel to compare</source>
        <translation>没有可比较的已分析内核</translation>
    </message>
    <message>
        <source>compare two or more devices</source>
        <translation>请比较两个或更多设备</translation>
    </message>
    <message>
        <source>the device %1 is named twice</source>
        <translation>设备 %1 被指定了两次</translation>
    </message>
    <message>
        <source>Nothing to tune: the backend produced no candidate config.</source>
        <translation>没有可调优的内容：后端未生成任何候选配置。</translation>
    </message>
    <message>
        <source>the candidate did not compile: %1</source>
        <translation>该候选未能编译：%1</translation>
    </message>
    <message>
        <source>the candidate has no programs to run</source>
        <translation>该候选没有可运行的程序</translation>
    </message>
    <message>
        <source>%1</source>
        <translation>%1</translation>
    </message>
    <message>
        <source>compiled, then cut before benchmarking: the estimated benchmarking time of the faster configs already fills the %1 s budget</source>
        <translation>已编译，但未进行测速即被截去：更快配置的预计测速时间已占满 %1&#xa0;s 的预算</translation>
    </message>
    <message>
        <source>%1 configs were benchmarked in all; only the %2 within tolerance at one of their own shapes were benchmarked at the other shapes</source>
        <translation>共测速了 %1 个配置；其中只有在各自某个形状上处于容差内的 %2 个在其他形状上做了测速</translation>
    </message>
    <message>
        <source>%1 config was benchmarked in all; only the %2 within tolerance at one of their own shapes were benchmarked at the other shapes</source>
        <translation>共测速了 %1 个配置；其中只有在各自某个形状上处于容差内的 %2 个在其他形状上做了测速</translation>
    </message>
    <message>
        <source>range &apos;%1&apos; must be NAME=START..END[:xFACTOR|:+STEP] or NAME=V1,V2,...</source>
        <translation>范围“%1”的格式须为 NAME=START..END[:xFACTOR|:+STEP] 或 NAME=V1,V2,...</translation>
    </message>
    <message>
        <source>range &apos;%1&apos;: &apos;%2&apos; is not an argument name</source>
        <translation>范围“%1”：“%2”不是参数名</translation>
    </message>
    <message>
        <source>range &apos;%1&apos;: &apos;%2&apos; is not an integer</source>
        <translation>范围“%1”：“%2”不是整数</translation>
    </message>
    <message>
        <source>range &apos;%1&apos;: empty value in the list</source>
        <translation>范围“%1”：列表中有空值</translation>
    </message>
    <message>
        <source>range &apos;%1&apos;: START and END must be integers</source>
        <translation>范围“%1”：起点和终点必须是整数</translation>
    </message>
    <message>
        <source>range &apos;%1&apos;: END is smaller than START</source>
        <translation>范围“%1”：终点小于起点</translation>
    </message>
    <message>
        <source>range &apos;%1&apos;: the step must be xFACTOR (e.g. x2) or +STEP (e.g. +64), got &apos;%2&apos;</source>
        <translation>范围“%1”：步长须为 x倍数（如 x2）或 +步长（如 +64），实际为“%2”</translation>
    </message>
    <message>
        <source>range &apos;%1&apos;: a geometric range needs a factor of at least 2 and a positive START</source>
        <translation>范围“%1”：几何范围需要至少为 2 的倍数和正的起点</translation>
    </message>
    <message>
        <source>range &apos;%1&apos;: the step must be positive</source>
        <translation>范围“%1”：步长必须为正</translation>
    </message>
    <message>
        <source>range &apos;%1&apos; has more than %2 values</source>
        <translation>范围“%1”的取值超过 %2 个</translation>
    </message>
    <message>
        <source>argument &apos;%1&apos; is swept by two ranges</source>
        <translation>参数“%1”被两个范围扫描</translation>
    </message>
    <message>
        <source>the ranges make more than %1 shapes</source>
        <translation>这些范围组合出的形状超过 %1 个</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an integer argument of the launch</source>
        <translation>“%1”不是启动配置的整数参数</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not an integer argument of the launch in %2</source>
        <translation>“%1”不是 %2 中启动配置的整数参数</translation>
    </message>
    <message>
        <source>no range to sweep (give --range NAME=...)</source>
        <translation>没有要扫描的范围（请给出 --range NAME=...）</translation>
    </message>
    <message>
        <source>sweep either ranges or given launches, not both</source>
        <translation>只能扫描范围或给定的启动配置，不能两者兼有</translation>
    </message>
    <message>
        <source>the kernel could not be analysed</source>
        <translation>无法分析该内核</translation>
    </message>
    <message>
        <source>no analysis to build a space from</source>
        <translation>没有可用于构建候选空间的分析</translation>
    </message>
    <message>
        <source>no analysis to tune</source>
        <translation>没有可用于调优的分析</translation>
    </message>
    <message>
        <source>the launch could not be analysed</source>
        <translation>无法分析该启动配置</translation>
    </message>
    <message>
        <source>the filter &apos;%1&apos; is not understood: %2</source>
        <translation>无法理解筛选条件“%1”：%2</translation>
    </message>
    <message>
        <source>the backend raises for its own list (%1); the lattice is tuned regardless</source>
        <translation>后端对其自身的配置列表抛出异常（%1）；格点仍照常调优</translation>
    </message>
    <message>
        <source>no device to compare</source>
        <translation>没有可比较的设备</translation>
    </message>
    <message>
        <source>no config runs on %1</source>
        <translation>没有配置能在 %1 上运行</translation>
    </message>
    <message>
        <source>no config was benchmarked there</source>
        <translation>该设备上没有配置经过测速</translation>
    </message>
    <message>
        <source>no cache at %1: import measurements first (tilescope measure import)</source>
        <translation>%1 处没有缓存：请先导入实测数据（tilescope measure import）</translation>
    </message>
    <message>
        <source>cannot open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>no analysis to look up</source>
        <translation>没有可供查找的分析结果</translation>
    </message>
    <message>
        <source>no measurements of %1 in %2 (tilescope measure import)</source>
        <translation>%2 中没有 %1 的实测数据（tilescope measure import）</translation>
    </message>
    <message>
        <source>no measurements of %1 on &apos;%2&apos; (measured on: %3)</source>
        <translation>没有 %1 在“%2”上的实测数据（实测设备：%3）</translation>
    </message>
    <message>
        <source>every measurement of %1 on %2 is of an earlier version of the kernel&apos;s source</source>
        <translation>%1 在 %2 上的实测数据全部来自内核源码的较早版本</translation>
    </message>
    <message>
        <source>no tuning to export</source>
        <translation>没有可导出的调优</translation>
    </message>
    <message>
        <source>only the Python decorator can be written for a config list</source>
        <translation>配置列表只能写成 Python 装饰器</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a candidate index of cache entry #%2 (0..%3; see `tilescope cache show %2`)</source>
        <translation>“%1”不是缓存条目 #%2 的候选索引（0..%3；参见 `tilescope cache show %2`）</translation>
    </message>
    <message>
        <source>the tuning has no measured config to write: every candidate failed or was not run</source>
        <translation>该调优没有可写出的已测配置：每个候选都失败了或未运行</translation>
    </message>
    <message>
        <source>the tuning was made under backend version &apos;%1&apos;, which this build does not model (%2): its Triton cache file cannot be written</source>
        <translation>该调优是在后端版本“%1”下完成的，而此构建不模拟该版本（%2）：无法写出它的 Triton 缓存文件</translation>
    </message>
    <message>
        <source>not valid JSON: %1</source>
        <translation>不是有效的 JSON：%1</translation>
    </message>
    <message>
        <source>args.%1: integer too large</source>
        <translation>args.%1：整数过大</translation>
    </message>
    <message>
        <source>args.%1: an object argument must be a tensor: {&quot;tensor&quot;: &quot;float16&quot;, &quot;shape&quot;: [...]}</source>
        <translation>args.%1：对象形式的参数必须是张量：{&quot;tensor&quot;: &quot;float16&quot;, &quot;shape&quot;: [...]}</translation>
    </message>
    <message>
        <source>args.%1.tensor: expected a dtype name such as &quot;float16&quot;</source>
        <translation>args.%1.tensor：应为 dtype 名称，如 &quot;float16&quot;</translation>
    </message>
    <message>
        <source>args.%1.tensor: unknown dtype &apos;%2&apos; (expected float16, bfloat16, float32, float64, int8, uint8, int16, int32, int64, bool, ...)</source>
        <translation>args.%1.tensor：未知的 dtype &apos;%2&apos;（应为 float16、bfloat16、float32、float64、int8、uint8、int16、int32、int64、bool 等）</translation>
    </message>
    <message>
        <source>args.%1.shape: expected a list of sizes</source>
        <translation>args.%1.shape：应为尺寸列表</translation>
    </message>
    <message>
        <source>args.%1.shape: sizes must be whole numbers from 0 to 2^48, found %2</source>
        <translation>args.%1.shape：尺寸必须是 0 到 2^48 的整数，实际为 %2</translation>
    </message>
    <message>
        <source>args.%1.shape: more than 2^48 elements in one tensor</source>
        <translation>args.%1.shape：一个张量的元素超过 2^48 个</translation>
    </message>
    <message>
        <source>args.%1: unsupported value %2</source>
        <translation>args.%1：不支持的值 %2</translation>
    </message>
    <message>
        <source>a workload must be a JSON object with at least &quot;kernel&quot; and &quot;args&quot;</source>
        <translation>工作负载必须是 JSON 对象，至少包含 &quot;kernel&quot; 和 &quot;args&quot;</translation>
    </message>
    <message>
        <source>&quot;kernel&quot;: expected the path of the kernel .py file (relative to the workload)</source>
        <translation>&quot;kernel&quot;：应为内核 .py 文件的路径（相对于工作负载）</translation>
    </message>
    <message>
        <source>&quot;function&quot;: expected the kernel function&apos;s name</source>
        <translation>&quot;function&quot;：应为内核函数的名称</translation>
    </message>
    <message>
        <source>&quot;args&quot;: expected an object mapping argument names to values</source>
        <translation>&quot;args&quot;：应为把参数名映射到值的对象</translation>
    </message>
    <message>
        <source>&quot;grid&quot;: a static grid counts programs from 0 to 2^31-1, found %1</source>
        <translation>&quot;grid&quot;：静态网格的程序数应为 0 到 2^31-1，实际为 %1</translation>
    </message>
    <message>
        <source>&quot;grid&quot;: a static grid is a list of program counts from 0 to 2^31-1, found %1</source>
        <translation>&quot;grid&quot;：静态网格是程序数的列表，每项为 0 到 2^31-1，实际为 %1</translation>
    </message>
    <message>
        <source>&quot;grid&quot;: a static grid has 1 to 3 dimensions</source>
        <translation>&quot;grid&quot;：静态网格有 1 到 3 维</translation>
    </message>
    <message>
        <source>&quot;grid&quot;: expected a lambda expression string or a list of integers</source>
        <translation>&quot;grid&quot;：应为 lambda 表达式字符串或整数列表</translation>
    </message>
    <message>
        <source>&quot;device&quot;: expected a SoC name such as &quot;Ascend910B2&quot;</source>
        <translation>&quot;device&quot;：应为 SoC 名称，如 &quot;Ascend910B2&quot;</translation>
    </message>
    <message>
        <source>&quot;backend&quot;: unknown backend version %1 (valid: %2)</source>
        <translation>&quot;backend&quot;：未知的后端版本 %1（有效值：%2）</translation>
    </message>
    <message>
        <source>&quot;bench_method&quot;: expected &quot;default&quot; or &quot;npu&quot;</source>
        <translation>&quot;bench_method&quot;：应为 &quot;default&quot; 或 &quot;npu&quot;</translation>
    </message>
    <message>
        <source>&quot;seed&quot;: expected a non-negative integer</source>
        <translation>&quot;seed&quot;：应为非负整数</translation>
    </message>
    <message>
        <source>cannot read the workload file: %1</source>
        <translation>无法读取工作负载文件：%1</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>figure &apos;%1&apos;: must be an object {&quot;value&quot;, &quot;unit&quot;, &quot;mark&quot;, &quot;source&quot;}, got %2</source>
        <translation>指标 &apos;%1&apos;：必须是对象 {&quot;value&quot;, &quot;unit&quot;, &quot;mark&quot;, &quot;source&quot;}，实际为 %2</translation>
    </message>
    <message>
        <source>figure &apos;%1&apos;: &apos;value&apos; is missing</source>
        <translation>指标 &apos;%1&apos;：缺少 &apos;value&apos;</translation>
    </message>
    <message>
        <source>figure &apos;%1&apos;: &apos;value&apos; must be a number, got %2</source>
        <translation>指标 &apos;%1&apos;：&apos;value&apos; 必须是数字，实际为 %2</translation>
    </message>
    <message>
        <source>figure &apos;%1&apos;: value %2 is negative</source>
        <translation>指标 &apos;%1&apos;：值 %2 为负数</translation>
    </message>
    <message>
        <source>figure &apos;%1&apos;: value %2 is out of range (at most %3)</source>
        <translation>指标 &apos;%1&apos;：值 %2 超出范围（最大为 %3）</translation>
    </message>
    <message>
        <source>figure &apos;%1&apos;: value %2 must be a whole number of at least 1</source>
        <translation>指标 &apos;%1&apos;：值 %2 必须是不小于 1 的整数</translation>
    </message>
    <message>
        <source>figure &apos;%1&apos;: &apos;%2&apos; is missing</source>
        <translation>指标 &apos;%1&apos;：缺少 &apos;%2&apos;</translation>
    </message>
    <message>
        <source>figure &apos;%1&apos;: &apos;%2&apos; must be a string, got %3</source>
        <translation>指标 &apos;%1&apos;：&apos;%2&apos; 必须是字符串，实际为 %3</translation>
    </message>
    <message>
        <source>figure &apos;%1&apos;: &apos;%2&apos; is empty</source>
        <translation>指标 &apos;%1&apos;：&apos;%2&apos; 为空</translation>
    </message>
    <message>
        <source>figure &apos;%1&apos;: unknown mark &apos;%2&apos; (expected S, S3, D, G or F)</source>
        <translation>指标 &apos;%1&apos;：未知的标记 &apos;%2&apos;（应为 S、S3、D、G 或 F）</translation>
    </message>
    <message>
        <source>&apos;host&apos; must be an object, got %1</source>
        <translation>&apos;host&apos; 必须是对象，实际为 %1</translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos; in &apos;host&apos; (expected physical_cores, description)</source>
        <translation>&apos;host&apos; 中有未知的键 &apos;%1&apos;（应为 physical_cores、description）</translation>
    </message>
    <message>
        <source>&apos;host.description&apos; must be a string, got %1</source>
        <translation>&apos;host.description&apos; 必须是字符串，实际为 %1</translation>
    </message>
    <message>
        <source>&apos;host.physical_cores&apos; is missing</source>
        <translation>缺少 &apos;host.physical_cores&apos;</translation>
    </message>
    <message>
        <source>figure &apos;host.physical_cores&apos;: value %1 must be a whole number of cores, at least 1</source>
        <translation>指标 &apos;host.physical_cores&apos;：值 %1 必须是核数，为不小于 1 的整数</translation>
    </message>
    <message>
        <source>the top level must be an object, got %1</source>
        <translation>顶层必须是对象，实际为 %1</translation>
    </message>
    <message>
        <source>unknown key &apos;%1&apos; at the top level</source>
        <translation>顶层有未知的键 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is missing</source>
        <translation>缺少 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>&apos;%1&apos; must be a string, got %2</source>
        <translation>&apos;%1&apos; 必须是字符串，实际为 %2</translation>
    </message>
    <message>
        <source>unsupported schema &apos;%1&apos; (expected &apos;%2&apos;)</source>
        <translation>不支持的 schema &apos;%1&apos;（应为 &apos;%2&apos;）</translation>
    </message>
    <message>
        <source>&apos;soc&apos; is empty</source>
        <translation>&apos;soc&apos; 为空</translation>
    </message>
    <message>
        <source>soc &apos;%1&apos; does not match the file name &apos;%2&apos; (name the file %1.json)</source>
        <translation>soc &apos;%1&apos; 与文件名 &apos;%2&apos; 不一致（请把文件命名为 %1.json）</translation>
    </message>
    <message>
        <source>&apos;npu_arch&apos; must be a whole number from 0 to 2^20, got %1</source>
        <translation>&apos;npu_arch&apos; 必须是 0 到 2^20 的整数，实际为 %1</translation>
    </message>
    <message>
        <source>&apos;triton_ascend&apos; must be true or false, got %1</source>
        <translation>&apos;triton_ascend&apos; 必须是 true 或 false，实际为 %1</translation>
    </message>
    <message>
        <source>&apos;notes&apos; must be an array of strings, got %1</source>
        <translation>&apos;notes&apos; 必须是字符串数组，实际为 %1</translation>
    </message>
    <message>
        <source>&apos;notes&apos; must hold strings only, got %1</source>
        <translation>&apos;notes&apos; 只能包含字符串，实际有 %1</translation>
    </message>
    <message>
        <source>&apos;figures&apos; must be an object, got %1</source>
        <translation>&apos;figures&apos; 必须是对象，实际为 %1</translation>
    </message>
    <message>
        <source>required figure &apos;%1&apos; is missing</source>
        <translation>缺少必需的指标 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>figure &apos;%1&apos;: value must be greater than zero</source>
        <translation>指标 &apos;%1&apos;：值必须大于零</translation>
    </message>
    <message>
        <source>figure &apos;ub_budget_kib&apos;: value %1 disagrees with Triton-Ascend, which budgets %2 KiB of UB for %3</source>
        <translation>指标 &apos;ub_budget_kib&apos;：值 %1 与 Triton-Ascend 不一致，后者为 %3 预留 %2 KiB 的 UB</translation>
    </message>
    <message>
        <source>no device profiles found; looked in %1 (set TILESCOPE_RESOURCE_DIR or pass --device-file)</source>
        <translation>未找到设备配置文件；已查找 %1（请设置 TILESCOPE_RESOURCE_DIR 或传入 --device-file）</translation>
    </message>
    <message>
        <source>cannot list the directory: %1</source>
        <translation>无法列出目录：%1</translation>
    </message>
    <message>
        <source>replaces the profile of %1 from %2</source>
        <translation>替换了来自 %2 的 %1 配置文件</translation>
    </message>
    <message>
        <source>is a directory, not a file</source>
        <translation>是目录，不是文件</translation>
    </message>
    <message>
        <source>is a named pipe (FIFO), not a regular file</source>
        <translation>是命名管道（FIFO），不是普通文件</translation>
    </message>
    <message>
        <source>is a device, not a regular file</source>
        <translation>是设备，不是普通文件</translation>
    </message>
    <message>
        <source>is a socket, not a regular file</source>
        <translation>是套接字，不是普通文件</translation>
    </message>
    <message>
        <source>is not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <source>a folder on the path is a file</source>
        <translation>路径中的某个文件夹是文件</translation>
    </message>
    <message>
        <source>too many levels of symbolic links (a symlink loop?)</source>
        <translation>符号链接层级过多（可能是符号链接循环）</translation>
    </message>
    <message>
        <source>the path is too long (%1 bytes; this system allows %2, and %3 per name)</source>
        <translation>路径过长（%1 字节；本系统最多允许 %2 字节，每个名称最多 %3 字节）</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>权限不足</translation>
    </message>
    <message>
        <source>is %1, more than the %2 TileScope reads from such a file</source>
        <translation>大小为 %1，超过 TileScope 对此类文件读取的上限 %2</translation>
    </message>
    <message>
        <source>standard input holds more than the %1 TileScope reads from such a file</source>
        <translation>标准输入超过 TileScope 对此类文件读取的上限 %1</translation>
    </message>
    <message>
        <source>cannot read standard input: %1</source>
        <translation>无法读取标准输入：%1</translation>
    </message>
    <message>
        <source>grew past the %1 TileScope reads from such a file</source>
        <translation>读取时增长到超过 TileScope 对此类文件读取的上限 %1</translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>max_autotune raises %1</source>
        <translation>max_autotune 抛出 %1</translation>
    </message>
    <message>
        <source>the autotune config list cannot be read without running the file: %1; write it as a literal list of triton.Config (or a simple module-level function returning one)</source>
        <translation>不运行文件就无法读取 autotune 的配置列表：%1；请写成 triton.Config 的字面量列表（或返回该列表的简单模块级函数）</translation>
    </message>
    <message>
        <source>key must be a literal list of argument names (or an axis dict)</source>
        <translation>key 必须是参数名的字面量列表（或轴字典）</translation>
    </message>
    <message>
        <source>key must be a literal list of argument names (or an axis dict): %1</source>
        <translation>key 必须是参数名的字面量列表（或轴字典）：%1</translation>
    </message>
    <message>
        <source>hints must be a literal dict</source>
        <translation>hints 必须是字面量字典</translation>
    </message>
    <message>
        <source>hints must be a literal dict: %1</source>
        <translation>hints 必须是字面量字典：%1</translation>
    </message>
    <message>
        <source>cannot read the kernel file: %1</source>
        <translation>无法读取内核文件：%1</translation>
    </message>
    <message>
        <source>invalid syntax</source>
        <translation>语法无效</translation>
    </message>
    <message>
        <source>indentation error: %1</source>
        <translation>缩进错误：%1</translation>
    </message>
    <message>
        <source>the Python parser failed</source>
        <translation>Python 解析器失败</translation>
    </message>
    <message>
        <source>cannot start the embedded Python parser: %1</source>
        <translation>无法启动内嵌的 Python 解析器：%1</translation>
    </message>
    <message>
        <source>the file is not valid UTF-8 text</source>
        <translation>文件不是有效的 UTF-8 文本</translation>
    </message>
    <message>
        <source>cannot read the file: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
    <message>
        <source>no @triton.jit function named &apos;%1&apos; (the file has none)</source>
        <translation>没有名为 &apos;%1&apos; 的 @triton.jit 函数（文件中没有此类函数）</translation>
    </message>
    <message>
        <source>no @triton.jit function named &apos;%1&apos; (the file has: %2)</source>
        <translation>没有名为 &apos;%1&apos; 的 @triton.jit 函数（文件中有：%2）</translation>
    </message>
    <message>
        <source>the file has no @triton.jit function</source>
        <translation>文件中没有 @triton.jit 函数</translation>
    </message>
    <message>
        <source>the file has several kernels (%1); name one with &quot;function&quot; or --function</source>
        <translation>文件中有多个内核（%1）；请用 &quot;function&quot; 或 --function 指定一个</translation>
    </message>
    <message>
        <source>argument &apos;%1&apos; is not a parameter of %2 nor a launch option; it is ignored</source>
        <translation>参数 &apos;%1&apos; 既不是 %2 的参数，也不是启动选项；已忽略</translation>
    </message>
    <message>
        <source>&quot;grid&quot; is not a Python expression</source>
        <translation>&quot;grid&quot; 不是 Python 表达式</translation>
    </message>
    <message>
        <source>&quot;grid&quot; is not a Python expression: %1</source>
        <translation>&quot;grid&quot; 不是 Python 表达式：%1</translation>
    </message>
    <message>
        <source>the grid cannot be evaluated: %1</source>
        <translation>无法求值网格：%1</translation>
    </message>
    <message>
        <source>the grid must be a lambda, a tuple or an int, found %1</source>
        <translation>网格必须是 lambda、元组或整数，实际为 %1</translation>
    </message>
    <message>
        <source>the grid &apos;%1&apos; is not a Python expression</source>
        <translation>网格 &apos;%1&apos; 不是 Python 表达式</translation>
    </message>
    <message>
        <source>the grid &apos;%1&apos; is not a Python expression: %2</source>
        <translation>网格 &apos;%1&apos; 不是 Python 表达式：%2</translation>
    </message>
    <message>
        <source>2026-08 raises NotImplementedError: Not support for non-Tensor inputs (the launch passes no tensor to %1)</source>
        <translation>2026-08 抛出 NotImplementedError: Not support for non-Tensor inputs（本次启动没有向 %1 传入任何张量）</translation>
    </message>
    <message>
        <source>2026-08 raises %1: %2</source>
        <translation>2026-08 抛出 %1: %2</translation>
    </message>
    <message>
        <source>the backend&apos;s v2 axis parser gives axes &apos;%1&apos; and &apos;%2&apos; the same split parameter %3 (it takes split candidates from every offset an expression combines, and picks the first by name); TileScope does the same</source>
        <translation>后端的 v2 轴解析器给轴 &apos;%1&apos; 和 &apos;%2&apos; 相同的切分参数 %3（它从表达式组合的每个偏移中取切分候选，并按名称取第一个）；TileScope 的做法相同</translation>
    </message>
    <message>
        <source>the backend&apos;s v2 axis parser puts axes %1 on program id %2 although the kernel reads %3 program-id dimensions; TileScope does the same</source>
        <translation>后端的 v2 轴解析器把轴 %1 放在 program id %2 上，尽管内核读取了 %3 个 program id 维度；TileScope 的做法相同</translation>
    </message>
    <message>
        <source>the backend&apos;s v2 axis parser raises %1 on this loop (it reads the start of a range with fewer than two arguments when an axis has no split parameter), so its result is dropped and the legacy parsers decide; TileScope does the same</source>
        <translation>后端的 v2 轴解析器在此循环上抛出 %1（当某个轴没有切分参数时，它读取少于两个参数的 range 的起点），因此丢弃其结果，由旧版解析器决定；TileScope 的做法相同</translation>
    </message>
    <message>
        <source>key argument &apos;%1&apos; is not an integer; axis %2 has no size</source>
        <translation>key 参数 &apos;%1&apos; 不是整数；轴 %2 没有大小</translation>
    </message>
    <message>
        <source>config value %1=%2 is not an int, bool or str; left out</source>
        <translation>配置值 %1=%2 不是 int、bool 或 str；已略去</translation>
    </message>
    <message>
        <source>hint %1 value %2 is not an int, bool or str; left out</source>
        <translation>提示 %1 的值 %2 不是 int、bool 或 str；已略去</translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>larger than %1 MiB: not read</source>
        <translation>大于 %1 MiB：未读取</translation>
    </message>
    <message>
        <source>cannot open the file</source>
        <translation>无法打开文件</translation>
    </message>
    <message>
        <source>a record longer than %1 MiB: left out</source>
        <translation>记录长于 %1 MiB：已略去</translation>
    </message>
    <message>
        <source>format &apos;%1&apos; is not %2: written by another version of the hook; the file is not read</source>
        <translation>格式 &apos;%1&apos; 不是 %2：由其他版本的钩子写入；未读取该文件</translation>
    </message>
    <message>
        <source>a &quot;%1&quot; record before the file&apos;s &quot;process&quot; record: the file is not read</source>
        <translation>&quot;%1&quot; 记录出现在文件的 &quot;process&quot; 记录之前：未读取该文件</translation>
    </message>
    <message>
        <source>&quot;group&quot;: %1 was recorded before in this file: left out</source>
        <translation>&quot;group&quot;：%1 已在此文件中记录过：已略去</translation>
    </message>
    <message>
        <source>unknown record &quot;%1&quot;: left out</source>
        <translation>未知记录 &quot;%1&quot;：已略去</translation>
    </message>
    <message>
        <source>no &quot;process&quot; record: not written by the capture hook</source>
        <translation>没有 &quot;process&quot; 记录：不是由捕获钩子写入的</translation>
    </message>
    <message>
        <source>not valid JSON (%1): %2</source>
        <translation>不是有效的 JSON（%1）：%2</translation>
    </message>
    <message>
        <source>not a folder</source>
        <translation>不是文件夹</translation>
    </message>
    <message>
        <source>cannot list: %1</source>
        <translation>无法列出：%1</translation>
    </message>
    <message>
        <source>%1 process files; only the first %2 are read</source>
        <translation>%1 个进程文件；只读取前 %2 个</translation>
    </message>
    <message>
        <source>no capture.json: not a folder written by `tilescope capture`</source>
        <translation>没有 capture.json：不是由 `tilescope capture` 写入的文件夹</translation>
    </message>
    <message>
        <source>not a capture folder</source>
        <translation>不是捕获文件夹</translation>
    </message>
    <message>
        <source>&quot;schema&quot;: &apos;%1&apos; is not %2</source>
        <translation>&quot;schema&quot;：&apos;%1&apos; 不是 %2</translation>
    </message>
    <message>
        <source>%1: left out</source>
        <translation>%1：已略去</translation>
    </message>
    <message>
        <source>&quot;%1.file&quot;: &apos;%2&apos; is listed twice: left out</source>
        <translation>&quot;%1.file&quot;：&apos;%2&apos; 列出了两次：已略去</translation>
    </message>
    <message>
        <source>&quot;%1.file&quot;: %2 does not exist: left out</source>
        <translation>&quot;%1.file&quot;：%2 不存在：已略去</translation>
    </message>
    <message>
        <source>cannot write the file</source>
        <translation>无法写入文件</translation>
    </message>
    <message>
        <source>cannot write: %1</source>
        <translation>无法写入：%1</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: %2</source>
        <translation>&quot;%1&quot;：%2</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>expected an object, found %1</source>
        <translation>应为对象，实际为 %1</translation>
    </message>
    <message>
        <source>expected a list, found %1</source>
        <translation>应为列表，实际为 %1</translation>
    </message>
    <message>
        <source>more than %1 items</source>
        <translation>多于 %1 项</translation>
    </message>
    <message>
        <source>expected a string, found %1</source>
        <translation>应为字符串，实际为 %1</translation>
    </message>
    <message>
        <source>longer than %1 bytes</source>
        <translation>长于 %1 字节</translation>
    </message>
    <message>
        <source>integer out of range</source>
        <translation>整数超出范围</translation>
    </message>
    <message>
        <source>expected an integer, found %1</source>
        <translation>应为整数，实际为 %1</translation>
    </message>
    <message>
        <source>%1 is out of range [%2, %3]</source>
        <translation>%1 超出范围 [%2, %3]</translation>
    </message>
    <message>
        <source>expected a name, found %1</source>
        <translation>应为名称，实际为 %1</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a Python name</source>
        <translation>&apos;%1&apos; 不是 Python 名称</translation>
    </message>
    <message>
        <source>not a finite number</source>
        <translation>不是有限数</translation>
    </message>
    <message>
        <source>expected inf, -inf or nan, found &apos;%1&apos;</source>
        <translation>应为 inf、-inf 或 nan，实际为 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>expected a tensor {&quot;tensor&quot;: ...}, {&quot;float&quot;: ...} or {&quot;unsupported&quot;: ...}</source>
        <translation>应为张量 {&quot;tensor&quot;: ...}、{&quot;float&quot;: ...} 或 {&quot;unsupported&quot;: ...}</translation>
    </message>
    <message>
        <source>nested more than %1 deep</source>
        <translation>嵌套深度超过 %1 层</translation>
    </message>
    <message>
        <source>string too long</source>
        <translation>字符串过长</translation>
    </message>
    <message>
        <source>expected a number, a bool or a string, found %1</source>
        <translation>应为数字、布尔值或字符串，实际为 %1</translation>
    </message>
    <message>
        <source>a grid has 1 to 3 dimensions</source>
        <translation>网格有 1 到 3 维</translation>
    </message>
    <message>
        <source>expected a list of names</source>
        <translation>应为名称列表</translation>
    </message>
    <message>
        <source>more than %1 arguments</source>
        <translation>多于 %1 个参数</translation>
    </message>
    <message>
        <source>expected autotune or jit, found &apos;%1&apos;</source>
        <translation>应为 autotune 或 jit，实际为 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>expected sources/&lt;the sha256&gt;.py, found &apos;%1&apos;</source>
        <translation>应为 sources/&lt;sha256&gt;.py，实际为 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>expected true or false</source>
        <translation>应为 true 或 false</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is listed twice</source>
        <translation>&apos;%1&apos; 列出了两次</translation>
    </message>
    <message>
        <source>not a parameter of %1</source>
        <translation>不是 %1 的参数</translation>
    </message>
    <message>
        <source>expected [config, times]</source>
        <translation>应为 [config, times]（配置与时间）</translation>
    </message>
    <message>
        <source>times are non-negative milliseconds or null</source>
        <translation>时间应为非负的毫秒数或 null</translation>
    </message>
    <message>
        <source>has no count for group %1</source>
        <translation>没有组 %1 的计数</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a path inside the capture folder</source>
        <translation>&apos;%1&apos; 不是捕获文件夹内的路径</translation>
    </message>
    <message>
        <source>a workload is a .json file, found &apos;%1&apos;</source>
        <translation>工作负载应为 .json 文件，实际为 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>too long</source>
        <translation>过长</translation>
    </message>
    <message>
        <source>expected short strings</source>
        <translation>应为短字符串</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null（空值）</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>a list</source>
        <translation>列表</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>a bool</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>cannot %1 in cache %2: it stayed locked by another process for longer than the busy timeout (%3)</source>
        <translation>无法在缓存 %2 中%1：它被另一个进程锁定的时间超过了忙等待时限（%3）</translation>
    </message>
    <message>
        <source>cannot %1 in cache %2: the file is damaged (%3); it was left as it is</source>
        <translation>无法在缓存 %2 中%1：文件已损坏（%3）；文件保持原样</translation>
    </message>
    <message>
        <source>cannot %1 in cache %2: %3</source>
        <translation>无法在缓存 %2 中%1：%3</translation>
    </message>
    <message>
        <source>cannot %1 in cache %2: it is open read-only</source>
        <translation>无法在缓存 %2 中%1：缓存以只读方式打开</translation>
    </message>
    <message>
        <source>cannot %1 in cache %2: tuning #%3 is damaged (its stored columns do not decode)</source>
        <translation>无法在缓存 %2 中%1：调优记录 #%3 已损坏（其存储的列无法解码）</translation>
    </message>
    <message>
        <source>tuning #%1 is damaged (its stored columns do not decode) and was left out</source>
        <translation>调优记录 #%1 已损坏（其存储的列无法解码），已略去</translation>
    </message>
    <message>
        <source>cannot %1: cache %2 has no such tuning</source>
        <translation>无法%1：缓存 %2 中没有这条调优记录</translation>
    </message>
    <message>
        <source>look up %1</source>
        <translation>查找 %1</translation>
    </message>
    <message>
        <source>store %1</source>
        <translation>存储 %1</translation>
    </message>
    <message>
        <source>list the tunings</source>
        <translation>列出调优记录</translation>
    </message>
    <message>
        <source>read tuning #%1</source>
        <translation>读取调优记录 #%1</translation>
    </message>
    <message>
        <source>remove tuning #%1</source>
        <translation>删除调优记录 #%1</translation>
    </message>
    <message>
        <source>read the tunings</source>
        <translation>读取调优记录</translation>
    </message>
    <message>
        <source>count the tunings</source>
        <translation>统计调优记录</translation>
    </message>
    <message>
        <source>merge tunings</source>
        <translation>合并调优记录</translation>
    </message>
    <message>
        <source>prune tunings</source>
        <translation>清理调优记录</translation>
    </message>
    <message>
        <source>store measurements</source>
        <translation>存储实测数据</translation>
    </message>
    <message>
        <source>read measurements</source>
        <translation>读取实测数据</translation>
    </message>
    <message>
        <source>read launch workloads</source>
        <translation>读取启动的工作负载</translation>
    </message>
    <message>
        <source>check integrity</source>
        <translation>检查完整性</translation>
    </message>
    <message>
        <source>cache %1 has no tuning #%2</source>
        <translation>缓存 %1 中没有调优记录 #%2</translation>
    </message>
    <message>
        <source>cannot open the cache: %1</source>
        <translation>无法打开缓存：%1</translation>
    </message>
    <message>
        <source>cache %1 does not exist</source>
        <translation>缓存 %1 不存在</translation>
    </message>
    <message>
        <source>cannot create the folder %1 for cache %2: %3</source>
        <translation>无法为缓存 %2 创建文件夹 %1：%3</translation>
    </message>
    <message>
        <source>cannot move %1 aside to %2: %3</source>
        <translation>无法将 %1 移到一旁（%2）：%3</translation>
    </message>
    <message>
        <source>moved %1 aside to %2, but cannot move %3 beside it: %4</source>
        <translation>已将 %1 移到一旁（%2），但无法将其旁边的 %3 一并移走：%4</translation>
    </message>
    <message>
        <source> (with its %1 beside it)</source>
        <translation>（连同旁边的 %1）</translation>
    </message>
    <message>
        <source> (with its %1 and %2 beside it)</source>
        <translation>（连同旁边的 %1 和 %2）</translation>
    </message>
    <message>
        <source> (with its %1 and %2 and %3 beside it)</source>
        <translation>（连同旁边的 %1、%2 和 %3）</translation>
    </message>
    <message>
        <source>cache %1 is not a TileScope config cache (%2)</source>
        <translation>缓存 %1 不是 TileScope 配置缓存（%2）</translation>
    </message>
    <message>
        <source>cache %1 is corrupt (%2)</source>
        <translation>缓存 %1 已损坏（%2）</translation>
    </message>
    <message>
        <source>cache %1 is not a TileScope config cache (%2), and %3</source>
        <translation>缓存 %1 不是 TileScope 配置缓存（%2），并且%3</translation>
    </message>
    <message>
        <source>cache %1 is corrupt (%2), and %3</source>
        <translation>缓存 %1 已损坏（%2），并且%3</translation>
    </message>
    <message>
        <source>cache %1 is not a TileScope config cache (%2): moved it aside to %3, unchanged, and started a fresh cache</source>
        <translation>缓存 %1 不是 TileScope 配置缓存（%2）：已将其原样移到 %3，并新建了一个缓存</translation>
    </message>
    <message>
        <source>cache %1 is corrupt (%2): moved it aside to %3, unchanged, and started a fresh cache</source>
        <translation>缓存 %1 已损坏（%2）：已将其原样移到 %3，并新建了一个缓存</translation>
    </message>
    <message>
        <source>cache %1 is intact, but the files beside it are not its own (%2), and %3</source>
        <translation>缓存 %1 完好，但其旁边的文件不属于它（%2），并且%3</translation>
    </message>
    <message>
        <source>cache %1: the write-ahead log or journal beside it belongs to another database (with it the cache reads: %2); moved it aside to %3; the cache itself is intact</source>
        <translation>缓存 %1：其旁边的预写日志或日志文件属于另一个数据库（与之一起读取时缓存显示：%2）；已将其移到 %3；缓存本身完好</translation>
    </message>
    <message>
        <source>cannot read cache %1: %2</source>
        <translation>无法读取缓存 %1：%2</translation>
    </message>
    <message>
        <source>cannot open cache %1: %2</source>
        <translation>无法打开缓存 %1：%2</translation>
    </message>
    <message>
        <source>read cache %1 as its file holds it, without the log or journal beside it (%2); the next command that stores into the cache sorts that out</source>
        <translation>已按文件本身的内容读取缓存 %1，未使用其旁边的日志文件（%2）；下一条写入该缓存的命令会处理好这一点</translation>
    </message>
    <message>
        <source>cannot open cache %1: it stayed locked by another process for %2 ms</source>
        <translation>无法打开缓存 %1：它被另一个进程锁定了 %2 ms</translation>
    </message>
    <message>
        <source>cache %1 was written by a newer TileScope (layout version %2; this build reads up to %3); it was left untouched: use a newer TileScope or another cache file</source>
        <translation>缓存 %1 由更新版本的 TileScope 写入（布局版本 %2；此版本最高可读 %3）；未做任何改动：请使用更新的 TileScope 或其他缓存文件</translation>
    </message>
    <message>
        <source>cache %1 is empty, not a TileScope config cache</source>
        <translation>缓存 %1 是空文件，不是 TileScope 配置缓存</translation>
    </message>
    <message>
        <source>cannot switch cache %1 to WAL mode: %2</source>
        <translation>无法将缓存 %1 切换到 WAL 模式：%2</translation>
    </message>
    <message>
        <source>cannot initialise cache %1: %2</source>
        <translation>无法初始化缓存 %1：%2</translation>
    </message>
    <message>
        <source>migrated cache %1 from layout version %2 to %3</source>
        <translation>已将缓存 %1 从布局版本 %2 迁移到 %3</translation>
    </message>
    <message>
        <source>cannot read cache %1 (layout version %2): %3</source>
        <translation>无法读取缓存 %1（布局版本 %2）：%3</translation>
    </message>
    <message>
        <source>cache %1 has an unexpected layout: %2</source>
        <translation>缓存 %1 的布局不符合预期：%2</translation>
    </message>
    <message>
        <source>cache %1 has an unexpected layout (%2), and %3</source>
        <translation>缓存 %1 的布局不符合预期（%2），并且%3</translation>
    </message>
    <message>
        <source>cache %1 has an unexpected layout (%2): moved it aside to %3 and started a fresh cache</source>
        <translation>缓存 %1 的布局不符合预期（%2）：已将其移到 %3，并新建了一个缓存</translation>
    </message>
    <message>
        <source>cannot open cache %1: it kept turning out damaged after moving it aside</source>
        <translation>无法打开缓存 %1：移走损坏文件后它仍然一再损坏</translation>
    </message>
    <message>
        <source>cannot store %1 in cache %2: %3</source>
        <translation>无法将 %1 存入缓存 %2：%3</translation>
    </message>
    <message>
        <source>cannot merge %1 into cache %2: %3</source>
        <translation>无法将 %1 合并到缓存 %2：%3</translation>
    </message>
    <message>
        <source>cannot merge into cache %1: %2</source>
        <translation>无法合并到缓存 %1：%2</translation>
    </message>
    <message>
        <source>cannot merge measurements into cache %1: %2</source>
        <translation>无法将实测数据合并到缓存 %1：%2</translation>
    </message>
    <message>
        <source>cannot store measurements in cache %1: %2</source>
        <translation>无法将实测数据存入缓存 %1：%2</translation>
    </message>
    <message>
        <source>cannot write the export of cache %1: %2</source>
        <translation>无法写入缓存 %1 的导出文件：%2</translation>
    </message>
    <message>
        <source>cannot write the export of cache %1 to %2: %3</source>
        <translation>无法将缓存 %1 的导出文件写入 %2：%3</translation>
    </message>
    <message>
        <source>cannot import into cache %1: %2</source>
        <translation>无法导入到缓存 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not a TileScope cache export (expected &quot;format&quot;: &quot;%2&quot;)</source>
        <translation>%1 不是 TileScope 缓存导出文件（应有 &quot;format&quot;: &quot;%2&quot;）</translation>
    </message>
    <message>
        <source>%1 has an unsupported export version (this build reads %2)</source>
        <translation>%1 的导出版本不受支持（此版本读取 %2）</translation>
    </message>
    <message>
        <source>%1: expected an array &quot;tunings&quot;</source>
        <translation>%1：应有数组 &quot;tunings&quot;</translation>
    </message>
    <message>
        <source>%1: tunings[%2].createdAt: expected an ISO 8601 UTC time</source>
        <translation>%1：tunings[%2].createdAt：应为 ISO 8601 UTC 时间</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; must be a list of %3</source>
        <translation>%1：&quot;%2&quot; 必须是%3的列表</translation>
    </message>
    <message>
        <source>measurements</source>
        <translation>实测数据</translation>
    </message>
    <message>
        <source>launch workloads</source>
        <translation>启动的工作负载</translation>
    </message>
    <message>
        <source>the kernel name is empty</source>
        <translation>内核名称为空</translation>
    </message>
    <message>
        <source>the backend version is empty</source>
        <translation>后端版本为空</translation>
    </message>
    <message>
        <source>createdAt &apos;%1&apos; is not an ISO 8601 UTC time</source>
        <translation>createdAt“%1”不是 ISO 8601 UTC 时间</translation>
    </message>
    <message>
        <source>candidate %1 has an unknown status &apos;%2&apos;</source>
        <translation>候选 %1 的状态“%2”未知</translation>
    </message>
    <message>
        <source>candidate %1 has a parameter with an empty name or value</source>
        <translation>候选 %1 有一个名称或取值为空的参数</translation>
    </message>
    <message>
        <source>%1: expected an object</source>
        <translation>%1：应为对象</translation>
    </message>
    <message>
        <source>the measurement names no kernel</source>
        <translation>该实测数据未指明内核</translation>
    </message>
    <message>
        <source>unknown status &apos;%1&apos;</source>
        <translation>未知状态“%1”</translation>
    </message>
    <message>
        <source>a measurement with status ok needs a finite p50 of at least 0 ms</source>
        <translation>状态为 ok 的实测数据需要一个不小于 0 ms 的有限 p50</translation>
    </message>
    <message>
        <source>a negative time</source>
        <translation>时间为负</translation>
    </message>
    <message>
        <source>num_warps must be at least 1 and num_stages at least 0</source>
        <translation>num_warps 至少为 1，num_stages 至少为 0</translation>
    </message>
    <message>
        <source>%1: expected %2</source>
        <translation>%1：应为%2</translation>
    </message>
    <message>
        <source>a number or null</source>
        <translation>数字或 null</translation>
    </message>
    <message>
        <source>an integer or null</source>
        <translation>整数或 null</translation>
    </message>
    <message>
        <source>an object of strings</source>
        <translation>字符串对象</translation>
    </message>
    <message>
        <source>an array of strings</source>
        <translation>字符串数组</translation>
    </message>
    <message>
        <source>a value (the field is missing)</source>
        <translation>一个值（该字段缺失）</translation>
    </message>
    <message>
        <source>a non-negative integer</source>
        <translation>非负整数</translation>
    </message>
    <message>
        <source>a non-negative integer or null</source>
        <translation>非负整数或 null</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>a candidate status, not &apos;%1&apos;</source>
        <translation>候选状态，而不是“%1”</translation>
    </message>
    <message>
        <source>%1.dtypes: expected a list of dtype names</source>
        <translation>%1.dtypes：应为 dtype 名称列表</translation>
    </message>
    <message>
        <source>%1: numWarps must be at least 1 and numStages at least 0</source>
        <translation>%1：numWarps 至少为 1，numStages 至少为 0</translation>
    </message>
    <message>
        <source>%1.launchDigest: expected a SHA-256 in hex</source>
        <translation>%1.launchDigest：应为十六进制的 SHA-256</translation>
    </message>
    <message>
        <source>%1.workload: expected the workload object</source>
        <translation>%1.workload：应为工作负载对象</translation>
    </message>
    <message>
        <source>expected a number of milliseconds or null</source>
        <translation>应为毫秒数或 null</translation>
    </message>
    <message>
        <source>expected an object of names to Python literal texts</source>
        <translation>应为名称到 Python 字面量文本的对象</translation>
    </message>
    <message>
        <source>the value of %1 is not a text</source>
        <translation>%1 的值不是文本</translation>
    </message>
    <message>
        <source>%1 on %2 (%3, sim %4, backend %5)%6</source>
        <translation>%2 上的 %1（%3，模拟器 %4，后端 %5）%6</translation>
    </message>
    <message>
        <source>the index at line %1</source>
        <translation>第 %1 行的索引</translation>
    </message>
    <message>
        <source>a pointer</source>
        <translation>一个指针</translation>
    </message>
    <message>
        <source>a stride</source>
        <translation>某个步长</translation>
    </message>
</context>
<context>
    <name>ts::gui::BenchMethod</name>
    <message>
        <source>default</source>
        <comment>TRITON_BENCH_METHOD=default (do_bench)</comment>
        <translation>默认</translation>
    </message>
</context>
<context>
    <name>ts::gui::CacheOperation</name>
    <message>
        <source>Deleted %1 of %2; then: %3</source>
        <translation>已删除 %2 条中的 %1 条，随后出错：%3</translation>
    </message>
    <message numerus="yes">
        <source>Deleted %Ln tuning(s) from %1.</source>
        <translation>
            <numerusform>已从 %1 删除 %Ln 条调优记录。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Removed %Ln stale tuning(s).</source>
        <translation>
            <numerusform>已删除 %Ln 条过期的调优记录。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 added, %3 replaced by newer tunings, %4 kept (newer or the same here).</source>
        <translation>%1：新增 %2 条，%3 条被更新的调优记录替换，保留 %4 条（此处的更新或相同）。</translation>
    </message>
    <message>
        <source>Imported %1</source>
        <translation>已导入 %1</translation>
    </message>
    <message numerus="yes">
        <source>Merged %Ln cache(s)</source>
        <translation>
            <numerusform>已合并 %Ln 个缓存</numerusform>
        </translation>
    </message>
    <message>
        <source>Cache busy: another process is writing to it. Try again in a moment.
%1</source>
        <translation>缓存繁忙：另一个进程正在写入。请稍后重试。
%1</translation>
    </message>
</context>
<context>
    <name>ts::gui::ChartExport</name>
    <message>
        <source>Unknown format &apos;%1&apos;: use .png, .svg or .pdf</source>
        <translation>未知格式 &apos;%1&apos;：请使用 .png、.svg 或 .pdf</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Export as PNG, SVG or PDF…</source>
        <translation>导出为 PNG、SVG 或 PDF…</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
</context>
<context>
    <name>ts::gui::Outcome</name>
    <message>
        <source>not tuned</source>
        <translation>未调优</translation>
    </message>
    <message>
        <source>compile failed</source>
        <translation>编译失败</translation>
    </message>
    <message>
        <source>benchmarked</source>
        <translation>已测速</translation>
    </message>
    <message>
        <source>best</source>
        <translation>最佳</translation>
    </message>
    <message>
        <source>UB overflow</source>
        <translation>UB 溢出</translation>
    </message>
    <message>
        <source>L1 overflow</source>
        <translation>L1 溢出</translation>
    </message>
    <message>
        <source>L0 overflow</source>
        <translation>L0 溢出</translation>
    </message>
    <message>
        <source>invalid shape</source>
        <translation>形状无效</translation>
    </message>
    <message>
        <source>invalid grid</source>
        <translation>网格无效</translation>
    </message>
    <message>
        <source>missing constexpr</source>
        <translation>缺少 constexpr</translation>
    </message>
    <message>
        <source>conflicting constexpr</source>
        <translation>constexpr 冲突</translation>
    </message>
    <message>
        <source>trace error</source>
        <translation>跟踪错误</translation>
    </message>
    <message>
        <source>cut by the time budget</source>
        <translation>被时间预算裁去</translation>
    </message>
</context>
<context>
    <name>ts::gui::ParseWord</name>
    <message>
        <source>vector</source>
        <translation>向量</translation>
    </message>
    <message>
        <source>cube</source>
        <translation>矩阵</translation>
    </message>
    <message>
        <source>mix</source>
        <translation>混合</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>partial</source>
        <translation>部分</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>tunable</source>
        <translation>可调</translation>
    </message>
    <message>
        <source>fixed_compile_time</source>
        <translation>编译期固定</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
</context>
<context>
    <name>ts::gui::Pipe</name>
    <message>
        <source>MTE2</source>
        <comment>the pipe that moves data in from global memory</comment>
        <translation>MTE2</translation>
    </message>
    <message>
        <source>Vector</source>
        <comment>the AI Core&apos;s vector unit</comment>
        <translation>Vector 单元</translation>
    </message>
    <message>
        <source>Cube</source>
        <comment>the AI Core&apos;s matrix (cube) unit</comment>
        <translation>Cube 单元</translation>
    </message>
    <message>
        <source>MTE3</source>
        <comment>the pipe that moves results out to global memory</comment>
        <translation>MTE3</translation>
    </message>
    <message>
        <source>Scalar</source>
        <comment>the AI Core&apos;s scalar unit</comment>
        <translation>Scalar 单元</translation>
    </message>
    <message>
        <source>launch</source>
        <comment>the kernel launch&apos;s overhead, shown beside the pipes</comment>
        <translation>启动</translation>
    </message>
</context>
<context>
    <name>ts::gui::Quantity</name>
    <message>
        <source>memory</source>
        <translation>内存</translation>
    </message>
</context>
<context>
    <name>ts::gui::Reason</name>
    <message>
        <source>UB capacity</source>
        <translation>UB 容量不足</translation>
    </message>
    <message>
        <source>unaligned tile</source>
        <translation>分块未对齐</translation>
    </message>
    <message>
        <source>tile exceeds block</source>
        <translation>分块超过块大小</translation>
    </message>
    <message>
        <source>program limit</source>
        <translation>程序数超限</translation>
    </message>
    <message>
        <source>invalid value</source>
        <translation>取值无效</translation>
    </message>
    <message>
        <source>missing parameter</source>
        <translation>缺少参数</translation>
    </message>
    <message>
        <source>below minimum tile</source>
        <translation>低于最小分块</translation>
    </message>
    <message>
        <source>off the walk</source>
        <translation>不在搜索路径上</translation>
    </message>
    <message>
        <source>nothing generated</source>
        <translation>未生成任何配置</translation>
    </message>
    <message>
        <source>generation off</source>
        <translation>未启用生成</translation>
    </message>
    <message>
        <source>backend error</source>
        <translation>后端错误</translation>
    </message>
    <message>
        <source>handwritten</source>
        <translation>手写</translation>
    </message>
    <message>
        <source>fallback config</source>
        <translation>后备配置</translation>
    </message>
    <message>
        <source>L1 capacity</source>
        <translation>L1 容量不足</translation>
    </message>
    <message>
        <source>L0A capacity</source>
        <translation>L0A 容量不足</translation>
    </message>
    <message>
        <source>L0B capacity</source>
        <translation>L0B 容量不足</translation>
    </message>
    <message>
        <source>L0C capacity</source>
        <translation>L0C 容量不足</translation>
    </message>
    <message>
        <source>time budget</source>
        <translation>超出时间预算</translation>
    </message>
    <message>
        <source>data left unprocessed</source>
        <translation>有数据未处理</translation>
    </message>
    <message>
        <source>past the end without a mask</source>
        <translation>无掩码越界</translation>
    </message>
    <message>
        <source>num_stages tied</source>
        <translation>num_stages 被绑定</translation>
    </message>
    <message>
        <source>max_autotune only</source>
        <translation>仅 max_autotune</translation>
    </message>
    <message>
        <source>outside the hint list</source>
        <translation>不在提示列表内</translation>
    </message>
</context>
<context>
    <name>ts::gui::Role</name>
    <message>
        <source>tunable</source>
        <translation>可调</translation>
    </message>
    <message>
        <source>fixed</source>
        <translation>固定</translation>
    </message>
    <message>
        <source>runtime</source>
        <translation>运行时</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>swept</source>
        <translation>遍历</translation>
    </message>
</context>
<context>
    <name>ts::gui::Stage</name>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>tracing the kernel</source>
        <translation>正在跟踪内核</translation>
    </message>
    <message>
        <source>compiling and benchmarking</source>
        <translation>正在编译和测速</translation>
    </message>
</context>
<context>
    <name>ts::gui::Status</name>
    <message>
        <source>generated</source>
        <translation>已生成</translation>
    </message>
    <message>
        <source>pruned</source>
        <translation>已剪除</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>handwritten</source>
        <translation>手写</translation>
    </message>
    <message>
        <source>incorrect</source>
        <translation>不正确</translation>
    </message>
</context>
<context>
    <name>ts::gui::SweepProgress</name>
    <message>
        <source>Shape %1 of %2: %3</source>
        <translation>形状 %1/%2：%3</translation>
    </message>
</context>
<context>
    <name>ts::gui::TrailCode</name>
    <message>
        <source>UB capacity</source>
        <translation>UB 容量不足</translation>
    </message>
    <message>
        <source>below the minimum tile</source>
        <translation>低于最小分块</translation>
    </message>
    <message>
        <source>low-program floor</source>
        <translation>低程序数下限</translation>
    </message>
    <message>
        <source>duplicate</source>
        <translation>重复</translation>
    </message>
    <message>
        <source>program limit</source>
        <translation>程序数超限</translation>
    </message>
    <message>
        <source>low-program cap</source>
        <translation>低程序数上限</translation>
    </message>
    <message>
        <source>persistent reduction</source>
        <translation>持久化归约</translation>
    </message>
</context>
<context>
    <name>ts::gui::TuningRun</name>
    <message>
        <source>TileScope version unknown</source>
        <translation>TileScope 版本未知</translation>
    </message>
    <message>
        <source>TileScope %1</source>
        <translation>TileScope %1</translation>
    </message>
    <message>
        <source>Cached tuning of %1 UTC · %2 · backend %3 · simulator %4</source>
        <translation>缓存的调优结果（%1 UTC）· %2 · 后端 %3 · 模拟器 %4</translation>
    </message>
    <message numerus="yes">
        <source>the simulator leaves out the cost of %Ln construct(s) it does not model, on line(s) %1</source>
        <translation>
            <numerusform>模拟器未计入 %Ln 个未建模构造的开销，位于第 %1 行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>it approximates %Ln construct(s), on line(s) %1</source>
        <translation>
            <numerusform>模拟器近似处理了 %Ln 个构造，位于第 %1 行</numerusform>
        </translation>
    </message>
    <message>
        <source>the best&apos;s time is mostly %1 (%2), which rests on device figures marked guessed: %3</source>
        <translation>最佳配置的时间主要取决于“%1”（%2），而它依赖标记为估计值的设备参数：%3</translation>
    </message>
    <message>
        <source>the runner-up %1 is within %2 of the best, inside the model&apos;s %3 spread: the hardware may rank them the other way</source>
        <translation>次优配置 %1 与最佳配置相差 %2，在模型 %3 的误差范围内：硬件上两者的排名可能相反</translation>
    </message>
    <message>
        <source>low</source>
        <translation>低</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>中</translation>
    </message>
    <message>
        <source>high</source>
        <translation>高</translation>
    </message>
    <message>
        <source>Confidence in this pick: %1</source>
        <translation>此选择的可信度：%1</translation>
    </message>
    <message>
        <source>nothing known weakens the ranking</source>
        <translation>没有已知因素削弱此排名</translation>
    </message>
</context>
<context>
    <name>ts::gui::Usage</name>
    <message>
        <source>%1 of the %2 budget</source>
        <translation>占 %2 预算的 %1</translation>
    </message>
    <message>
        <source>%1 &gt; %2</source>
        <comment>needed &gt; the budget</comment>
        <translation>%1 &gt; %2</translation>
    </message>
    <message>
        <source>over the %1 budget</source>
        <translation>超出 %1 的预算</translation>
    </message>
    <message>
        <source>L1 %1 of %2 · L0A %3 of %4 · L0B %5 of %6 · L0C %7 of %8 (L1, L0A and L0B limits are half their size: two stages each)</source>
        <translation>L1 %1 / %2 · L0A %3 / %4 · L0B %5 / %6 · L0C %7 / %8（L1、L0A 与 L0B 的上限为其容量的一半：各有两级流水）</translation>
    </message>
</context>
</TS>
