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
        <source>fixed by the grid: %1</source>
        <translation>由 grid 固定：%1</translation>
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
        <source>%1: %2 vector cores, %3 KiB UB budget</source>
        <translation>%1：%2 个向量核，UB 预算 %3 KiB</translation>
    </message>
    <message>
        <source>Backend&apos;s list</source>
        <translation>后端列表</translation>
    </message>
    <message numerus="yes">
        <source>%n config(s)</source>
        <translation>
            <numerusform>%n 个配置</numerusform>
        </translation>
    </message>
    <message>
        <source>Lattice points</source>
        <translation>网格点数</translation>
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
</context>
<context>
    <name>ts::gui::CandidateFilterProxy</name>
    <message>
        <source>Not understood (ignored): %1</source>
        <translation>无法识别（已忽略）：%1</translation>
    </message>
</context>
<context>
    <name>ts::gui::CandidateTableModel</name>
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
        <translation>在空间中的位置：先是后端列表，然后是全网格</translation>
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
        <translation>启动 grid 中的程序数</translation>
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
        <translation>在模拟 NPU 上测得（基准测试运行的分位数）</translation>
    </message>
</context>
<context>
    <name>ts::gui::ChartsPage</name>
    <message>
        <source>Candidate space over two dimensions</source>
        <translation>两个维度上的候选空间</translation>
    </message>
    <message>
        <source>UB footprint against the budget</source>
        <translation>UB 占用与预算对比</translation>
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
        <source>The heat map needs a space with two dimensions or more; this one has %1.</source>
        <translation>热力图需要至少两个维度的空间；当前空间只有 %1 个。</translation>
    </message>
    <message>
        <source>Preparing the heat map</source>
        <translation>正在准备热力图</translation>
    </message>
    <message>
        <source>%1 fixed at</source>
        <translation>%1 固定为</translation>
    </message>
    <message>
        <source>Choose two different dimensions.</source>
        <translation>请选择两个不同的维度。</translation>
    </message>
    <message>
        <source>no candidate here (turn on the lattice to see every value)</source>
        <translation>此处没有候选（打开全网格可查看所有取值）</translation>
    </message>
    <message>
        <source>UB %1 KiB, %2 programs</source>
        <translation>UB %1 KiB，%2 个程序</translation>
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
        <translation>正在构建全网格</translation>
    </message>
    <message>
        <source>Generating candidates</source>
        <translation>正在生成候选</translation>
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
</context>
<context>
    <name>ts::gui::LaunchEditor</name>
    <message>
        <source>Not used yet: this version of TileScope analyses the kernel and its candidate space only. Benchmarking on the simulated NPU (and these settings) comes with the tuning stage.</source>
        <translation>暂未使用：当前版本的 TileScope 只分析内核及其候选空间。在模拟 NPU 上的基准测试（以及这些设置）将随调优阶段提供。</translation>
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
        <source>Shape / value</source>
        <translation>形状 / 值</translation>
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
        <source>Launch options</source>
        <translation>启动选项</translation>
    </message>
    <message>
        <source>Grid</source>
        <translation>Grid</translation>
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
        <translation>Autotune hints</translation>
    </message>
    <message>
        <source>Tuning (not available yet)</source>
        <translation>调优（暂不可用）</translation>
    </message>
    <message>
        <source>Benchmark method</source>
        <translation>基准测试方法</translation>
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
        <source>%1 family, %2 AI cores, %3 vector cores for autotune, %4 KiB UB budget</source>
        <translation>%1 系列，%2 个 AI 核，autotune 使用 %3 个向量核，UB 预算 %4 KiB</translation>
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
        <source>, split %1</source>
        <translation>，切分 %1</translation>
    </message>
    <message>
        <source>, tiling %1</source>
        <translation>，分块 %1</translation>
    </message>
    <message>
        <source>, key %1</source>
        <translation>，键 %1</translation>
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
        <source>%1: a fixed constexpr needs a value (a number or True/False)</source>
        <translation>%1：固定的 constexpr 需要一个值（数字或 True/False）</translation>
    </message>
</context>
<context>
    <name>ts::gui::MainWindow</name>
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
        <translation>显示全网格(&amp;L)</translation>
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
        <source>%1 candidates: %2 generated, %3 handwritten, %4 skipped, %5 pruned</source>
        <translation>%1 个候选：%2 个已生成，%3 个手写，%4 个已跳过，%5 个已剪除</translation>
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
        <source>&lt;h3&gt;TileScope %1&lt;/h3&gt;&lt;p&gt;Explores the tiling space of Triton kernels under Triton-Ascend&apos;s autotune: which candidates the backend generates for a launch, which it drops and why.&lt;/p&gt;&lt;p&gt;The kernel is parsed with CPython&apos;s own &lt;code&gt;ast&lt;/code&gt;; it is never run. Candidate generation follows Triton-Ascend (commit a84b1eb); the lattice, the reasons and the charts go beyond what the backend reports.&lt;/p&gt;&lt;p&gt;Resources: %2&lt;/p&gt;</source>
        <translation>&lt;h3&gt;TileScope %1&lt;/h3&gt;&lt;p&gt;探索 Triton 内核在 Triton-Ascend autotune 下的分块空间：后端针对一次启动生成哪些候选、舍弃哪些候选以及原因。&lt;/p&gt;&lt;p&gt;内核由 CPython 自带的 &lt;code&gt;ast&lt;/code&gt; 解析，从不运行。候选生成遵循 Triton-Ascend（提交 a84b1eb）；全网格、原因说明和图表超出了后端自身的报告范围。&lt;/p&gt;&lt;p&gt;资源目录：%2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>No recent files</source>
        <translation>没有最近打开的文件</translation>
    </message>
    <message>
        <source>Clear the list</source>
        <translation>清空列表</translation>
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
        <source> (about %n s left)</source>
        <translation>
            <numerusform>（约剩 %n 秒）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ts::gui::SpacePage</name>
    <message>
        <source>Filter: XBLOCK&gt;=1024 multibuffer=True ub&lt;=96 programs&gt;48 off-walk</source>
        <translation>筛选：XBLOCK&gt;=1024 multibuffer=True ub&lt;=96 programs&gt;48 off-walk</translation>
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
        <translation>全网格</translation>
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
        <source>&lt;p&gt;Tile %1 elements · UB %2 (%3 of the budget) · %4 programs · %5 waves · last wave %6&lt;/p&gt;</source>
        <translation>&lt;p&gt;分块 %1 个元素 · UB %2（占预算 %3）· %4 个程序 · %5 轮 · 末轮 %6&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Nearest generated candidate: #%1&lt;/p&gt;</source>
        <translation>&lt;p&gt;最近的已生成候选：#%1&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ts::gui::UbChart</name>
    <message>
        <source>UB use (KiB)</source>
        <translation>UB 占用（KiB）</translation>
    </message>
    <message>
        <source>candidates of the backend&apos;s list, by UB use</source>
        <translation>后端列表中的候选，按 UB 占用排序</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Save the UB chart as PNG, SVG or PDF</source>
        <translation>将 UB 图表保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>#%1 %2
%3
UB %4 (%5 of the budget)</source>
        <translation>#%1 %2
%3
UB %4（占预算 %5）</translation>
    </message>
    <message>
        <source>No candidate space yet.</source>
        <translation>尚无候选空间。</translation>
    </message>
    <message>
        <source>UB budget %1 KiB</source>
        <translation>UB 预算 %1 KiB</translation>
    </message>
    <message>
        <source>&lt;b&gt;#%1&lt;/b&gt;: tile %2 elements × %3 B × %4 buffers = &lt;b&gt;%5&lt;/b&gt;, %6 of the %7 KiB budget</source>
        <translation>&lt;b&gt;#%1&lt;/b&gt;：分块 %2 个元素 × %3 B × %4 个缓冲区 = &lt;b&gt;%5&lt;/b&gt;，占 %7 KiB 预算的 %6</translation>
    </message>
    <message numerus="yes">
        <source>UB use of the %n candidate(s) the backend benchmarks; select one to compare it.</source>
        <translation>
            <numerusform>后端要测试的 %n 个候选的 UB 占用；选择一个候选进行对比。</numerusform>
        </translation>
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
</context>
</TS>
