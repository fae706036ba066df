// The export dialog: the Python decorator it previews is valid Python holding the configs asked
// for (top K or picked rows, fastest first) and the kernel's own key and arguments; Copy and
// Save take exactly the preview; the reports and Triton's autotune.json follow the tuning.

#include "tuning_test_support.h"
#include "window_test_support.h"

#include "core/cache/config_cache.h"
#include "core/export/triton_cache_json.h"
#include "widgets/cache_browser.h"
#include "widgets/export_dialog.h"
#include "widgets/kernel_document.h"
#include "widgets/main_window.h"
#include "widgets/quantity_text.h"
#include "widgets/space_page.h"
#include "widgets/tool_dialogs.h"
#include "widgets/translations.h"

#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QCheckBox>
#include <QLabel>
#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTemporaryDir>

#include <cmath>

using namespace ts;
using gui::ExportDialog;

namespace {

QJsonObject probe(const QString& decorator)
{
    QString error;
    const QString out = test::runPython(QString::fromLatin1(test::kDecoratorProbe), decorator, &error);
    if (out.isNull()) {
        qWarning().noquote() << "python:" << error << "\n" << decorator;
        return {};
    }
    return QJsonDocument::fromJson(out.toUtf8()).object();
}

// The record's candidate params as the JSON Python's literal_eval gives back.
QJsonObject paramsJson(const cache::CandidateRecord& c)
{
    QJsonObject o;
    for (const auto& [name, value] : c.params) {
        const QString v = QString::fromStdString(value);
        if (v == QLatin1String("True") || v == QLatin1String("False"))
            o.insert(QString::fromStdString(name), v == QLatin1String("True"));
        else
            o.insert(QString::fromStdString(name), v.toLongLong());
    }
    return o;
}

std::vector<std::size_t> measuredByP50(const cache::TuningRecord& r)
{
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < r.candidates.size(); ++i)
        if (r.candidates[i].p50Ms && std::isfinite(*r.candidates[i].p50Ms))
            out.push_back(i);
    std::stable_sort(out.begin(), out.end(),
                     [&](std::size_t a, std::size_t b) { return *r.candidates[a].p50Ms < *r.candidates[b].p50Ms; });
    return out;
}

} // namespace

class TestExportDialog : public QObject {
    Q_OBJECT

    std::shared_ptr<const analysis::KernelAnalysis> m_analysis;
    std::shared_ptr<const cache::TuningRecord> m_record;

private Q_SLOTS:
    void initTestCase()
    {
        test::isolateSettings();
        m_analysis = test::analyseFile(test::examplePath("add.json"));
        QVERIFY(m_analysis);
        auto record = test::tuneRecord(*m_analysis);
        QVERIFY(record);
        QVERIFY2(measuredByP50(*record).size() >= 4, "add.json measures several candidates");
        m_record = std::make_shared<const cache::TuningRecord>(std::move(*record));
    }

    void topKPreviewIsValidPythonWithTheFastestConfigs()
    {
        ExportDialog dialog;
        dialog.setRecord(m_record, gui::decoratorContextFor(*m_record, m_analysis.get()));
        dialog.show();
        dialog.setFormat(ExportDialog::Format::PythonDecorator);
        dialog.setTopK(3);
        QCOMPARE(dialog.configCount(), 3);
        QVERIFY(dialog.error().isEmpty());
        QCOMPARE(dialog.preview()->toPlainText(), dialog.text());

        const QJsonObject parsed = probe(dialog.text());
        const QJsonArray configs = parsed.value(QLatin1String("configs")).toArray();
        QCOMPARE(configs.size(), 3);
        // The kernel's key as written, and nothing else invented.
        QCOMPARE(parsed.value(QLatin1String("key")).toArray(), QJsonArray{QStringLiteral("n_elements")});
        QCOMPARE(parsed.value(QLatin1String("keywords")).toArray(),
                 (QJsonArray{QStringLiteral("configs"), QStringLiteral("key")}));
        // Fastest first: the best, then by p50.
        const std::vector<std::size_t> order = measuredByP50(*m_record);
        QCOMPARE(configs[0].toObject().value(QLatin1String("kwargs")).toObject(), paramsJson(*m_record->best()));
        for (int i = 0; i < 3; ++i)
            QCOMPARE(configs[i].toObject().value(QLatin1String("kwargs")).toObject(),
                     paramsJson(m_record->candidates[order[std::size_t(i)]]));

        // p50 comments follow the option.
        QVERIFY(dialog.text().contains(QLatin1String("# p50")));
        dialog.setP50Comments(false);
        QVERIFY(!dialog.text().contains(QLatin1String("# p50")));
        QCOMPARE(probe(dialog.text()).value(QLatin1String("configs")).toArray().size(), 3);

        // The spin box drives the list.
        dialog.topKSpin()->setValue(1);
        QCOMPARE(probe(dialog.text()).value(QLatin1String("configs")).toArray().size(), 1);
        QCOMPARE(dialog.defaultFileName(), QStringLiteral("add_kernel_configs.py"));
    }

    // Configs the simulator cannot tell apart (a faster one's arguments and times, another
    // num_stages): the dialog says so, keeps them, and leaves them out when its box is ticked.
    // The title counts the configs it can rank as what they are: a tuning with incorrect configs
    // (benchmarked too, as the timings chart says) said "14 candidates, 2 measured" beside
    // "14 of 14 candidates benchmarked".
    void theTitleCountsTheCorrectBenchmarkedConfigs()
    {
        QVERIFY(gui::installLanguage(QStringLiteral("en")));
        auto record = std::make_shared<cache::TuningRecord>(*m_record);
        const std::vector<std::size_t> order = measuredByP50(*record);
        QVERIFY(order.size() >= 2);
        record->candidates[order[1]].status = cache::CandidateStatus::Incorrect;
        ExportDialog dialog;
        dialog.setRecord(record, gui::decoratorContextFor(*record, m_analysis.get()));
        const QString title = dialog.titleLabel()->text();
        QVERIFY2(title.contains(QStringLiteral("%1 candidates, %2 of them correct and benchmarked")
                                    .arg(gui::countText(record->candidates.size()))
                                    .arg(gui::countText(order.size() - 1))),
                 qPrintable(title));
    }

    void equivalentConfigsAreNamedAndLeftOutOnRequest()
    {
        QVERIFY(gui::installLanguage(QStringLiteral("en")));  // "1 config", not "1 config(s)"
        auto record = std::make_shared<cache::TuningRecord>(*m_record);
        const std::vector<std::size_t> order = measuredByP50(*record);
        QVERIFY(order.size() >= 3);
        cache::CandidateRecord twin = record->candidates[order[0]];
        twin.status = cache::CandidateStatus::Benchmarked;
        twin.numStages += 1;
        record->candidates.push_back(twin);
        ExportDialog dialog;
        dialog.setRecord(record, gui::decoratorContextFor(*record, m_analysis.get()));
        dialog.show();
        dialog.setFormat(ExportDialog::Format::PythonDecorator);
        dialog.setTopK(2);
        QVERIFY(dialog.dropEquivalentBox()->isEnabled());
        QVERIFY(!dialog.dropEquivalentBox()->isChecked());
        QLabel* message = dialog.messageLabel();
        QVERIFY2(message->text().contains(QStringLiteral("1 config only repeats")), qPrintable(message->text()));
        const QJsonArray kept = probe(dialog.text()).value(QLatin1String("configs")).toArray();
        QCOMPARE(kept.size(), 2);
        QCOMPARE(kept[1].toObject().value(QLatin1String("kwargs")).toObject(), paramsJson(record->candidates[order[0]]));
        dialog.dropEquivalentBox()->setChecked(true);
        const QJsonArray dropped = probe(dialog.text()).value(QLatin1String("configs")).toArray();
        QCOMPARE(dropped.size(), 2);
        QCOMPARE(dropped[1].toObject().value(QLatin1String("kwargs")).toObject(), paramsJson(record->candidates[order[1]]));
        QVERIFY(message->text().contains(QStringLiteral("1 config left out")));
    }

    void selectedRowsAreWrittenInTheirOrder()
    {
        const std::vector<std::size_t> order = measuredByP50(*m_record);
        const std::vector<std::size_t> picked{order[3], order[1]};
        ExportDialog dialog;
        dialog.setRecord(m_record, gui::decoratorContextFor(*m_record, m_analysis.get()), picked);
        QVERIFY(dialog.selectionButton()->isEnabled());
        QVERIFY(dialog.selectionButton()->isChecked());
        QCOMPARE(dialog.configCount(), 2);
        const QJsonArray configs = probe(dialog.text()).value(QLatin1String("configs")).toArray();
        QCOMPARE(configs.size(), 2);
        QCOMPARE(configs[0].toObject().value(QLatin1String("kwargs")).toObject(), paramsJson(m_record->candidates[picked[0]]));
        QCOMPARE(configs[1].toObject().value(QLatin1String("kwargs")).toObject(), paramsJson(m_record->candidates[picked[1]]));

        // Back to top K and the selection is left alone.
        dialog.setTopK(4);
        QVERIFY(dialog.topKButton()->isChecked());
        QCOMPARE(probe(dialog.text()).value(QLatin1String("configs")).toArray().size(), 4);

        // Without a selection, the option is off.
        dialog.setRecord(m_record, gui::decoratorContextFor(*m_record, m_analysis.get()));
        QVERIFY(!dialog.selectionButton()->isEnabled());
    }

    void copyAndSaveTakeThePreview()
    {
        ExportDialog dialog;
        dialog.setRecord(m_record, gui::decoratorContextFor(*m_record, m_analysis.get()));
        dialog.setTopK(2);
        QApplication::clipboard()->clear();
        QTest::mouseClick(dialog.copyButton(), Qt::LeftButton);
        QCOMPARE(QApplication::clipboard()->text(), dialog.text());

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(dialog.defaultFileName());
        QString error;
        QVERIFY2(dialog.saveTo(path, &error), qPrintable(error));
        QFile saved(path);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(saved.readAll()), dialog.text());

        // An unwritable place is an error naming it, not a crash.
        const QString bad = dir.filePath(QStringLiteral("missing/folder/x.py"));
        QVERIFY(!dialog.saveTo(bad, &error));
        QVERIFY2(error.contains(QLatin1String("x.py")), qPrintable(error));
    }

    void reportsAndTritonJsonFollowTheTuning()
    {
        ExportDialog dialog;
        dialog.setRecord(m_record, gui::decoratorContextFor(*m_record, m_analysis.get()));

        dialog.setFormat(ExportDialog::Format::CsvReport);
        QVERIFY(!dialog.topKSpin()->isEnabled());
        const QStringList lines = dialog.text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), int(m_record->candidates.size()) + 1);
        QVERIFY(lines.front().startsWith(QLatin1String("index,status,")));
        QCOMPARE(dialog.defaultFileName(), QStringLiteral("add_kernel_tuning.csv"));

        dialog.setFormat(ExportDialog::Format::JsonReport);
        const QJsonObject report = QJsonDocument::fromJson(dialog.text().toUtf8()).object();
        QCOMPARE(report.value(QLatin1String("schema")).toString(), QStringLiteral("tilescope.tuning/1"));
        QCOMPARE(report.value(QLatin1String("summary")).toObject().value(QLatin1String("candidates")).toInt(),
                 int(m_record->candidates.size()));

        dialog.setFormat(ExportDialog::Format::TritonJson);
        QCOMPARE(dialog.defaultFileName(), QString::fromStdString(exporter::tritonAutotuneFileName("add_kernel")));
        // Triton's own reader (ours) reads it back; every benchmarked candidate has its timings.
        const exporter::TritonJsonResult back = exporter::readTritonAutotuneJson(dialog.text().toStdString(), "preview");
        QVERIFY2(back.ok(), back.error.c_str());
        std::size_t run = 0;
        for (const auto& c : m_record->candidates)
            run += ts::cache::wasBenchmarked(c.status) || c.status == ts::cache::CandidateStatus::CompileFailed;
        QCOMPARE(back.cache->configsTimings.size(), run);
        QCOMPARE(back.cache->key.front(), std::string("98432"));
    }

    void theKernelsOwnDecoratorArgumentsAreKept()
    {
        // A kernel with a dict key and hints: both survive into the exported decorator.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile py(dir.filePath(QStringLiteral("scaled.py")));
        QVERIFY(py.open(QIODevice::WriteOnly));
        py.write("import triton\nimport triton.language as tl\n\n\n"
                 "@triton.autotune(\n    configs=[],\n    key={\"x\": \"n\"},\n"
                 "    hints={\"multibuffer\": [True]},\n)\n@triton.jit\n"
                 "def scaled(x_ptr, n, XBLOCK: tl.constexpr, XBLOCK_SUB: tl.constexpr):\n"
                 "    pid = tl.program_id(0)\n"
                 "    for s in range(0, XBLOCK, XBLOCK_SUB):\n"
                 "        offs = pid * XBLOCK + s + tl.arange(0, XBLOCK_SUB)\n"
                 "        tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)\n");
        py.close();
        QFile json(dir.filePath(QStringLiteral("scaled.json")));
        QVERIFY(json.open(QIODevice::WriteOnly));
        json.write(R"JSON({"kernel": "scaled.py", "args": {"x_ptr": {"tensor": "float32", "shape": [65536]}, "n": 65536},
                      "grid": "lambda meta: (triton.cdiv(n, meta['XBLOCK']),)", "device": "Ascend910B2",
                      "backend": "2026-04"})JSON");
        json.close();
        auto a = test::analyseFile(json.fileName());
        QVERIFY(a && a->kernel);
        cache::TuningRecord record = *m_record;
        record.key.kernelName = "scaled";
        const gui::DecoratorContext context = gui::decoratorContextFor(record, a.get());
        QCOMPARE(context.key.axes.size(), std::size_t(1));
        ExportDialog dialog;
        dialog.setRecord(std::make_shared<const cache::TuningRecord>(record), context);
        const QJsonObject parsed = probe(dialog.text());
        QCOMPARE(parsed.value(QLatin1String("key")).toObject().value(QLatin1String("x")).toString(), QStringLiteral("n"));
        QVERIFY(parsed.value(QLatin1String("keywords")).toArray().contains(QStringLiteral("hints")));
    }

    void aConfigListExportsOnlyPython()
    {
        std::vector<exporter::HandwrittenConfig> configs(2);
        configs[0].kwargs = {{"XBLOCK", "1024"}, {"XBLOCK_SUB", "512"}};
        configs[1].kwargs = {{"XBLOCK", "4096"}, {"XBLOCK_SUB", "1024"}};
        configs[1].numWarps = 8;
        ExportDialog dialog;
        dialog.setConfigList(configs, gui::decoratorContextFor(*m_record, m_analysis.get()), QStringLiteral("add_kernel"),
                             QStringLiteral("covering set"));
        QVERIFY(!dialog.formatCombo()->isEnabled());
        const QJsonArray parsed = probe(dialog.text()).value(QLatin1String("configs")).toArray();
        QCOMPARE(parsed.size(), 2);
        QCOMPARE(parsed[1].toObject().value(QLatin1String("num_warps")).toInt(), 8);
        QCOMPARE(parsed[0].toObject().value(QLatin1String("kwargs")).toObject().value(QLatin1String("XBLOCK")).toInt(), 1024);
    }

    void openAnalyseTuneExportInTheWindow()
    {
        gui::MainWindow window;
        window.show();
        gui::KernelDocument* doc = window.document();
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        doc->setCacheFile(dir.filePath(QStringLiteral("cache.sqlite")));
        QSignalSpy opened(doc, &gui::KernelDocument::opened);
        window.openFile(test::examplePath("add.json"));
        QVERIFY(test::waitForCount(opened, opened.count() + 1));
        QVERIFY(test::waitUntil([&] { return !doc->isBusy() && doc->space(); }));
        QVERIFY(test::selectBackend2604(window));

        auto* tools = window.findChild<gui::ToolDialogs*>();
        QVERIFY(tools);
        QMenu* toolsMenu = window.findChild<QMenu*>(QStringLiteral("toolsMenu"));
        QVERIFY(toolsMenu);
        QVERIFY(window.menuBar()->actions().contains(toolsMenu->menuAction()));
        QAction* exportAction = window.findChild<QAction*>(QStringLiteral("exportConfigsAction"));
        QVERIFY(exportAction);
        QCOMPARE(exportAction->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_E));

        // Before any tuning, Export shows the cache browser instead.
        exportAction->trigger();
        QVERIFY(!tools->exportDialog());
        QVERIFY(tools->cacheBrowser() && tools->cacheBrowser()->isVisible());
        QCOMPARE(tools->cacheBrowser()->cachePath(), doc->cacheFile());
        tools->cacheBrowser()->close();

        QSignalSpy tuned(doc, &gui::KernelDocument::tuningFinished);
        QVERIFY(doc->tune());
        QVERIFY(test::waitForCount(tuned, tuned.count() + 1));
        QVERIFY(doc->tuningResult());

        // Select a measured candidate that is not the best in the table, then Ctrl+E.
        const auto result = doc->tuningResult();
        std::optional<std::size_t> other;
        for (std::size_t c : result->tuned)
            if (c != *result->best && result->outcomes[c].status == tuning::OutcomeStatus::Benchmarked) {
                other = c;
                break;
            }
        QVERIFY(other);
        window.spacePage()->selectCandidate(*other);
        QVERIFY(tools->currentRecord());
        QCOMPARE(tools->selectedRecordCandidates(*tools->currentRecord()).size(), std::size_t(1));
        window.activateWindow();
        QVERIFY(test::waitUntil([&] { return window.isActiveWindow(); }));
        QTest::keyClick(window.windowHandle(), Qt::Key_E, Qt::ControlModifier);
        gui::ExportDialog* dialog = tools->exportDialog();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QVERIFY(dialog->record());
        // Tuned when its cache entry says, not when the dialog opened.
        {
            auto stored = cache::ConfigCache::open(doc->cacheFile().toStdString());
            QVERIFY(stored.ok());
            const auto listed = stored.cache->list();
            QVERIFY(listed.ok() && listed.value->size() == 1);
            QCOMPARE(QString::fromStdString(dialog->record()->createdAt),
                     QString::fromStdString(listed.value->front().createdAt));
        }
        QCOMPARE(dialog->selectionButton()->text().contains(QLatin1String("1")), true);
        QVERIFY(dialog->selectionButton()->isChecked());
        const QJsonArray picked = probe(dialog->text()).value(QLatin1String("configs")).toArray();
        QCOMPARE(picked.size(), 1);
        QJsonObject expected;
        for (const auto& [name, value] : doc->space()->params(*other)) {
            const QString v = QString::fromStdString(value.toPython());
            if (v == QLatin1String("True") || v == QLatin1String("False"))
                expected.insert(QString::fromStdString(name), v == QLatin1String("True"));
            else
                expected.insert(QString::fromStdString(name), v.toLongLong());
        }
        QCOMPARE(picked[0].toObject().value(QLatin1String("kwargs")).toObject(), expected);

        // Top 3 from the same tuning: the best first.
        dialog->setTopK(3);
        const QJsonArray top = probe(dialog->text()).value(QLatin1String("configs")).toArray();
        QCOMPARE(top.size(), 3);
        QCOMPARE(top[0].toObject().value(QLatin1String("kwargs")).toObject(), paramsJson(*dialog->record()->best()));
    }

    void nothingToExportIsSaid()
    {
        ExportDialog dialog;
        QVERIFY(dialog.text().isEmpty());
        QVERIFY(!dialog.error().isEmpty());
        QVERIFY(!dialog.copyButton()->isEnabled());
        QVERIFY(!dialog.saveButton()->isEnabled());

        cache::TuningRecord failed = *m_record;
        for (auto& c : failed.candidates) {
            c.status = ts::cache::CandidateStatus::CompileFailed;
            c.p50Ms.reset();
        }
        failed.bestIndex.reset();
        dialog.setRecord(std::make_shared<const cache::TuningRecord>(failed), {});
        QVERIFY(dialog.text().isEmpty());
        QVERIFY(!dialog.error().isEmpty());
    }
};

TILESCOPE_WIDGET_TEST_MAIN(TestExportDialog)
#include "test_export_dialog.moc"
