// The window end to end, through the real widgets: open -> analyse -> space, the launch form,
// a bad file, stopping a big lattice, selection across views, chart export, settings.

#include "backend_versions.h"
#include "text_fit.h"
#include "window_test_support.h"

#include "widgets/analysis_panel.h"
#include "widgets/background_job.h"
#include "widgets/candidate_filter_proxy.h"
#include "widgets/candidate_table_model.h"
#include "widgets/chart_export.h"
#include "widgets/charts_page.h"
#include "widgets/heatmap_chart.h"
#include "widgets/kernel_document.h"
#include "widgets/kernel_page.h"
#include "widgets/launch_editor.h"
#include "widgets/main_window.h"
#include "widgets/progress_widget.h"
#include "widgets/qcp.h"
#include "widgets/source_view.h"
#include "widgets/space_page.h"
#include "widgets/status_colors.h"
#include "widgets/theme.h"
#include "widgets/translations.h"
#include "widgets/ub_chart.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QFontMetrics>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMap>
#include <QProgressBar>
#include <QScopeGuard>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QToolButton>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>

using namespace ts;
using gui::KernelDocument;
using gui::MainWindow;

namespace {

// Opens a file and waits until analysis and space are in.
bool openAndSettle(MainWindow& window, const QString& path)
{
    QSignalSpy opened(window.document(), &KernelDocument::opened);
    window.openFile(path);
    if (!test::waitForCount(opened, opened.count() + 1))
        return false;
    return test::waitUntil([&] { return !window.document()->isBusy(); }) && test::selectBackend2604(window);
}

QTreeWidgetItem* findTopLevel(QTreeWidget* tree, const QString& text)
{
    for (int i = 0; i < tree->topLevelItemCount(); ++i)
        if (tree->topLevelItem(i)->text(0) == text)
            return tree->topLevelItem(i);
    return nullptr;
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }

    void openAnalyseAndBuildTheSpace()
    {
        MainWindow window;
        window.show();
        KernelDocument* doc = window.document();
        QSignalSpy analysed(doc, &KernelDocument::analysisReady);
        QSignalSpy spaced(doc, &KernelDocument::spaceReady);
        QVERIFY(openAndSettle(window, test::examplePath("add.json")));
        QVERIFY(analysed.count() >= 1);
        QVERIFY(spaced.count() >= 1);
        QVERIFY(doc->analysis());
        QVERIFY(doc->space());
        QVERIFY(doc->space()->count(space::CandidateStatus::Generated) > 0);

        // Kernel page: the source, with XBLOCK marked.
        gui::SourceView* source = window.kernelPage()->sourceView();
        QVERIFY(source->toPlainText().contains(QLatin1String("def add_kernel")));
        bool marked = false;
        for (const QTextEdit::ExtraSelection& s : source->extraSelections())
            marked |= s.cursor.selectedText() == QLatin1String("XBLOCK");
        QVERIFY(marked);

        // Analysis panel: split and tiling parameters.
        QTreeWidget* tree = window.analysisPanel()->tree();
        QTreeWidgetItem* split = findTopLevel(tree, QStringLiteral("Split parameters"));
        QVERIFY(split);
        QCOMPARE(split->child(0)->text(1), QStringLiteral("XBLOCK"));
        QTreeWidgetItem* tiling = findTopLevel(tree, QStringLiteral("Tiling parameters"));
        QVERIFY(tiling);
        QCOMPARE(tiling->child(0)->text(1), QStringLiteral("XBLOCK_SUB"));

        // Launch form: one row per kernel parameter, the device from the workload.
        QCOMPARE(window.launchEditor()->paramTable()->rowCount(), int(doc->analysis()->kernel->params.size()));
        QCOMPARE(window.launchEditor()->deviceCombo()->currentText(), QStringLiteral("Ascend910B2"));

        // Candidates: the model shows the space.
        QCOMPARE(window.spacePage()->model()->rowCount(), int(doc->space()->size()));
        QCOMPARE(window.recentFiles().value(0), QFileInfo(test::examplePath("add.json")).absoluteFilePath());
    }

    // guide_violations: axis x has a split parameter (XBLOCK) and a split size its static grid
    // fixes. Each row says which it is, in both languages: two rows named "x" read as one axis
    // listed twice.
    void splitRowsSayWhatTheyAreOfTheirAxis()
    {
        for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            QVERIFY(gui::installLanguage(language));
            const auto english = qScopeGuard([] { gui::installLanguage(QStringLiteral("en")); });
            MainWindow window;
            window.show();
            QSignalSpy opened(window.document(), &KernelDocument::opened);
            window.openFile(test::examplePath("guide_violations.json"));
            QVERIFY(test::waitForCount(opened));
            QVERIFY(test::waitUntil([&] { return !window.document()->isBusy(); }));
            const auto& parse = window.document()->analysis()->parse;
            QVERIFY(!parse.fixedSplitParams.empty());
            QTreeWidget* tree = window.analysisPanel()->tree();
            const auto tr = [](const char* text) {
                return QCoreApplication::translate("ts::gui::AnalysisPanel", text);
            };
            QTreeWidgetItem* split = findTopLevel(tree, tr("Split parameters"));
            QVERIFY(split);
            QCOMPARE(split->childCount(), int(parse.splitParams.size() + parse.fixedSplitParams.size()));
            QMap<QString, QString> rows;  // name -> value
            for (int i = 0; i < split->childCount(); ++i) {
                const QString name = split->child(i)->text(0);
                QVERIFY2(!rows.contains(name), qPrintable(language + QStringLiteral(": two rows named ") + name));
                rows.insert(name, split->child(i)->text(1));
            }
            for (const auto& [axis, param] : parse.splitParams)
                QCOMPARE(rows.value(tr("axis %1").arg(QString::fromStdString(axis))), QString::fromStdString(param));
            for (const auto& [axis, size] : parse.fixedSplitParams)
                QCOMPARE(rows.value(tr("axis %1 fixed by the grid").arg(QString::fromStdString(axis))),
                         tr("split size %1").arg(size));
            // Axis x has both: its split parameter and the split size the grid fixes.
            if (language == QLatin1String("en")) {
                QCOMPARE(rows.value(QStringLiteral("axis x")), QStringLiteral("XBLOCK"));
                QVERIFY(rows.contains(QStringLiteral("axis x fixed by the grid")));
            } else {
                QVERIFY2(rows.contains(QStringLiteral("轴 x")), qPrintable(rows.keys().join(QLatin1Char(','))));
            }
        }
    }

    // The tile generator's refused candidates, as `space` prints them: a count per reason,
    // each with the first ones and the numbers behind the refusal.
    void analysisPanelShowsTheGeneratorsTrail()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAndSettle(window, test::examplePath("softmax.json")));
        const space::GenerationTrail& trail = window.document()->space()->backend().tiles.trail;
        QVERIFY(!trail.empty());
        QTreeWidgetItem* section = findTopLevel(window.analysisPanel()->tree(), QStringLiteral("Candidate space"));
        QVERIFY(section);
        QTreeWidgetItem* top = nullptr;
        for (int i = 0; i < section->childCount() && !top; ++i)
            if (section->child(i)->text(0) == QStringLiteral("Generator trail"))
                top = section->child(i);
        QVERIFY(top);
        QVERIFY2(top->text(1).startsWith(QStringLiteral("%1 refused candidate").arg(trail.size())), qPrintable(top->text(1)));
        std::size_t listed = 0;
        for (int i = 0; i < top->childCount(); ++i) {
            QTreeWidgetItem* byCode = top->child(i);
            std::optional<space::TrailCode> code;
            const QVariant stored = byCode->data(0, Qt::UserRole);
            if (stored.isValid() && stored.toInt() >= 0 && stored.toInt() < space::kTrailCodeCount)
                code = space::TrailCode(stored.toInt());
            QVERIFY2(code, qPrintable(byCode->text(0)));
            QVERIFY(!byCode->text(0).isEmpty());
            QCOMPARE(byCode->text(1).toULongLong(), qulonglong(trail.count(*code)));
            listed += trail.count(*code);
            QVERIFY(byCode->childCount() > 0);
            QVERIFY(!byCode->child(0)->text(1).isEmpty());  // the numbers behind the refusal
        }
        QCOMPARE(listed, trail.size());
    }

    void backendSelectorChangesTheDocumentsBackend()
    {
        MainWindow window;
        window.show();
        KernelDocument* doc = window.document();
        QSignalSpy opened(doc, &KernelDocument::opened);
        window.openFile(test::examplePath("add.json"));  // no "backend": the newest
        QVERIFY(test::waitForCount(opened, 1));
        QVERIFY(test::waitUntil([&] { return !doc->isBusy() && doc->space(); }));
        QComboBox* combo = window.launchEditor()->backendCombo();
        QCOMPARE(combo->count(), 2);
        QCOMPARE(combo->currentText(), QStringLiteral("2026-08"));
        QCOMPARE(doc->analysis()->workload.backend, test::backend2608());
        const QString tip = combo->itemData(combo->findText(QStringLiteral("2026-04")), Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QLatin1String("triton-lang/triton-ascend")) &&
                     tip.contains(QLatin1String("a84b1eb52b6215e2c171632f2df0892f1003cfc8")),
                 qPrintable(tip));
        QVERIFY(combo->toolTip().contains(QLatin1String("Geofeng12138/triton-ascend")));
        QVERIFY(window.statusBar()->currentMessage().contains(QLatin1String("backend 2026-08")));

        // Choosing another version re-runs the analysis and the space, as a device change does.
        QSignalSpy spaced(doc, &KernelDocument::spaceReady);
        QVERIFY(test::selectBackend(window, test::backend2604()));
        QVERIFY(test::waitUntil([&] { return spaced.count() >= 1 && !doc->isBusy(); }));
        QCOMPARE(doc->workload().backend, test::backend2604());
        QCOMPARE(doc->analysis()->parse.backend, test::backend2604());
        QVERIFY(doc->space());
        QVERIFY(combo->toolTip().contains(QLatin1String("triton-lang/triton-ascend")));
        QVERIFY2(window.statusBar()->currentMessage().contains(
                     QLatin1String("backend 2026-04 (triton-lang/triton-ascend a84b1eb)")),
                 qPrintable(window.statusBar()->currentMessage()));
    }

    // A tl.dot kernel: the analysis panel gives its kind, the tensors, the dot site's M / N / K
    // with the block tiling each, the accumulator, the footprints and upstream's tunable list;
    // the hint dimension is swept and the source marks the block parameters.
    void analysisPanelShowsTheCubeParse()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAndSettle(window, test::examplePath("matmul.json")));
        if (window.document()->analysis()->workload.backend != test::backend2608()) {
            QSignalSpy spaced(window.document(), &KernelDocument::spaceReady);
            QVERIFY(test::selectBackend(window, test::backend2608()));
            QVERIFY(test::waitUntil([&] { return spaced.count() >= 1 && !window.document()->isBusy(); }));
        }
        // Its space holds every tiling, kept and pruned: the lattice box says so, off.
        QVERIFY(!window.spacePage()->latticeBox()->isEnabled());
        QVERIFY2(window.spacePage()->latticeBox()->toolTip().contains(QLatin1String("cube generator's own space")),
                 qPrintable(window.spacePage()->latticeBox()->toolTip()));
        QTreeWidget* tree = window.analysisPanel()->tree();
        auto child = [](QTreeWidgetItem* parent, const QString& name) -> QTreeWidgetItem* {
            for (int i = 0; parent && i < parent->childCount(); ++i)
                if (parent->child(i)->text(0) == name)
                    return parent->child(i);
            return nullptr;
        };
        QTreeWidgetItem* axes = findTopLevel(tree, QStringLiteral("Axes"));
        QVERIFY(axes);
        QCOMPARE(child(axes, QStringLiteral("Kernel kind"))->text(1), QStringLiteral("mix"));
        QTreeWidgetItem* tensors = child(axes, QStringLiteral("Tensors passed"));
        QVERIFY(tensors);
        QCOMPARE(tensors->text(1), QStringLiteral("3"));
        QCOMPARE(tensors->childCount(), 3);
        QTreeWidgetItem* cube = findTopLevel(tree, QStringLiteral("tl.dot sites"));
        QVERIFY(cube);
        QTreeWidgetItem* site = child(cube, QStringLiteral("Site 0"));
        QVERIFY(site);
        QCOMPARE(site->text(1), QStringLiteral("a x b, line 64"));
        QCOMPARE(child(site, QStringLiteral("M"))->text(1), QStringLiteral("M = 4096, tiled by BLOCK_M (tunable)"));
        QCOMPARE(child(site, QStringLiteral("K"))->text(1), QStringLiteral("K = 4096, tiled by BLOCK_K (tunable)"));
        QVERIFY(child(site, QStringLiteral("Accumulator"))->text(1).startsWith(QLatin1String("acc float32")));
        // The element size's unit held to its number (a no-break space).
        QCOMPARE(child(site, QStringLiteral("L0C"))->text(1), QStringLiteral("BLOCK_M x BLOCK_N x 4\u00a0B"));
        QCOMPARE(child(cube, QStringLiteral("Tunable parameters"))->text(1),
                 QStringLiteral("BLOCK_M (M), BLOCK_N (N), BLOCK_K (K), GROUP_SIZE_M (other)"));
        // No empty heading: the keys are the autotune key's, the tiling parameters the dot
        // site's BLOCK parameters, and the grid splits the output by the M and N ones.
        QTreeWidgetItem* keys = findTopLevel(tree, QStringLiteral("Keys"));
        QVERIFY(keys && keys->childCount() == 3);
        QVERIFY(child(keys, QStringLiteral("M")));
        QCOMPARE(child(keys, QStringLiteral("K"))->text(1), QStringLiteral("4096"));
        QCOMPARE(child(keys, QStringLiteral("K"))->toolTip(1), QStringLiteral("K: the autotune key"));
        QTreeWidgetItem* tiling = findTopLevel(tree, QStringLiteral("Tiling parameters"));
        QVERIFY(tiling && tiling->childCount() == 3);
        QCOMPARE(child(tiling, QStringLiteral("BLOCK_M"))->text(1), QStringLiteral("M of tl.dot site 0"));
        QCOMPARE(child(tiling, QStringLiteral("BLOCK_K"))->text(1), QStringLiteral("K of tl.dot site 0"));
        QTreeWidgetItem* split = findTopLevel(tree, QStringLiteral("Split parameters"));
        QVERIFY(split && split->childCount() == 1);
        QCOMPARE(split->child(0)->text(1),
                 QStringLiteral("a tl.dot kernel: its programs split the output into BLOCK_M × BLOCK_N tiles"));
        QTreeWidgetItem* params = findTopLevel(tree, QStringLiteral("Parameters"));
        QVERIFY(params);
        QVERIFY(child(params, QStringLiteral("GROUP_SIZE_M"))->text(1).startsWith(QLatin1String("swept")));
        QVERIFY(child(params, QStringLiteral("BLOCK_K"))->text(1).contains(QLatin1String("tl.dot K")));

        bool marked = false;
        for (const QTextEdit::ExtraSelection& s : window.kernelPage()->sourceView()->extraSelections())
            marked |= s.cursor.selectedText() == QLatin1String("BLOCK_K");
        QVERIFY(marked);
    }

    // A string constexpr is a value the launch form takes: quoted or bare, it reaches the launch
    // as a string; an empty fixed value is refused.
    void launchEditorTakesAStringConstexpr()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAndSettle(window, test::examplePath("linear_act.json")));
        gui::LaunchEditor* editor = window.launchEditor();
        QTableWidget* table = editor->paramTable();
        int row = -1;
        for (int r = 0; r < table->rowCount(); ++r)
            if (table->item(r, gui::LaunchEditor::NameColumn)->text() == QLatin1String("ACTIVATION"))
                row = r;
        QVERIFY(row >= 0);
        auto* value = qobject_cast<QLineEdit*>(table->cellWidget(row, gui::LaunchEditor::ValueColumn));
        QVERIFY(value);
        QCOMPARE(value->text(), QStringLiteral("\"leaky_relu\""));
        auto activation = [&]() -> std::optional<kernel::ArgValue> {
            const std::optional<kernel::Workload> w = editor->workload();
            if (!w || !w->arg("ACTIVATION"))
                return std::nullopt;
            return *w->arg("ACTIVATION");
        };
        for (const auto& [typed, expected] : {std::pair{QStringLiteral("'silu'"), std::string("silu")},
                                              std::pair{QStringLiteral("relu"), std::string("relu")},
                                              std::pair{QStringLiteral("\"128\""), std::string("128")}}) {
            value->setText(typed);
            const std::optional<kernel::ArgValue> v = activation();
            QVERIFY2(v, qPrintable(typed));
            QCOMPARE(int(v->kind), int(kernel::ArgValue::Kind::Str));
            QCOMPARE(v->text, expected);
        }
        value->setText(QString());
        QVERIFY(!editor->workload());
    }

    void styledLabelsFollowAThemeSwitch()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAndSettle(window, test::examplePath("add.json")));
        QLabel* status = window.analysisPanel()->backendStatus();
        QVERIFY(!status->styleSheet().isEmpty());  // the coloured banner
        for (gui::Theme theme : {gui::Theme::Dark, gui::Theme::Light, gui::Theme::Dark}) {
            gui::applyTheme(theme);
            QCoreApplication::processEvents();
            QCOMPARE(status->palette().color(QPalette::WindowText), QApplication::palette().color(QPalette::WindowText));
        }
        gui::applyTheme(gui::Theme::Light);
    }

    // An unticked box in a list on the dark theme: Fusion outlined it in the window colour made
    // darker, the dark base's own colour, so that a list of devices to tick showed the ticks only.
    // Its outline now stands out from the base as much as on the light theme.
    void anUntickedBoxShowsOnEitherTheme()
    {
        const auto light = qScopeGuard([] { gui::applyTheme(gui::Theme::Light); });
        for (gui::Theme theme : {gui::Theme::Dark, gui::Theme::Light}) {
            gui::applyTheme(theme);
            QListWidget list;
            auto* item = new QListWidgetItem(QStringLiteral("Ascend910B1"), &list);
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(Qt::Unchecked);
            list.resize(240, 80);
            const QImage shot = list.grab().toImage();
            const QRect row = list.visualItemRect(item).translated(list.viewport()->pos());
            const int indicator = list.style()->pixelMetric(QStyle::PM_IndicatorWidth, nullptr, &list);
            const int base = list.palette().color(QPalette::Base).lightness();
            int contrast = 0;
            for (int y = row.top(); y <= row.bottom(); ++y)
                for (int x = row.left(); x < row.left() + indicator + 6; ++x)
                    contrast = std::max(contrast, std::abs(QColor(shot.pixel(x, y)).lightness() - base));
            QVERIFY2(contrast >= 40, qPrintable(QStringLiteral("%1 theme: the box differs from the base by %2")
                                                    .arg(gui::themeName(theme))
                                                    .arg(contrast)));
        }
    }

    // The analysis panel's counts of generated, handwritten, incorrect, skipped and pruned
    // candidates take the colours of the theme switched to (dark labels on the dark theme were
    // nearly unreadable), however often it is switched.
    void statusCountsTakeTheThemesColours()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAndSettle(window, test::examplePath("guide_violations.json")));
        auto* tree = window.analysisPanel()->findChild<QTreeWidget*>(QStringLiteral("analysisTree"));
        QVERIFY(tree);
        for (bool dark : {true, false, true}) {
            window.setDarkTheme(dark);
            int seen = 0;
            for (space::CandidateStatus st : {space::CandidateStatus::Generated, space::CandidateStatus::User,
                                              space::CandidateStatus::Pruned}) {
                const QList<QTreeWidgetItem*> items =
                    tree->findItems(gui::statusLabel(st), Qt::MatchExactly | Qt::MatchRecursive);
                QVERIFY2(!items.isEmpty(), qPrintable(gui::statusLabel(st)));
                QCOMPARE(items.front()->foreground(0).color(), gui::statusColor(st, dark));
                ++seen;
            }
            QCOMPARE(seen, 3);
        }
        window.setDarkTheme(false);
    }

    void diagnosticClickShowsItsLine()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAndSettle(window, test::examplePath("guide_violations.json")));
        QTreeWidget* list = window.kernelPage()->diagnosticsList();
        QTreeWidgetItem* withLine = nullptr;
        for (int i = 0; i < list->topLevelItemCount() && !withLine; ++i)
            if (list->topLevelItem(i)->data(0, Qt::UserRole).toInt() > 5)
                withLine = list->topLevelItem(i);
        QVERIFY2(withLine, "guide_violations has diagnostics with lines");
        const int line = withLine->data(0, Qt::UserRole).toInt();
        const QRect rect = list->visualItemRect(withLine);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, rect.center());
        QCOMPARE(window.kernelPage()->sourceView()->currentLine(), line);
        // The backend's error is shown.
        QVERIFY(window.analysisPanel()->backendStatus()->text().contains(QLatin1String("Missing required arguments")));
    }

    void badFileShowsAnErrorAndKeepsThePreviousState_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");
        QTest::newRow("malformed json") << QStringLiteral("broken.json") << QByteArray("{\"kernel\": \"add.py\",")
                                        << QStringLiteral("broken.json");
        // A kernel that does not parse opens with its source (test_session.cpp).
        QTest::newRow("missing kernel") << QStringLiteral("nokernel.json")
                                        << QByteArray("{\"kernel\": \"does_not_exist.py\"}")
                                        << QStringLiteral("does_not_exist.py");
    }

    void badFileShowsAnErrorAndKeepsThePreviousState()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        MainWindow window;
        window.show();
        QVERIFY(openAndSettle(window, test::examplePath("add.json")));
        const auto analysis = window.document()->analysis();
        const auto space = window.document()->space();
        const int rows = window.spacePage()->model()->rowCount();

        QTemporaryDir dir;
        const QString path = dir.filePath(name);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
        f.close();
        QSignalSpy failed(window.document(), &KernelDocument::openFailed);
        QSignalSpy opened(window.document(), &KernelDocument::opened);
        window.openFile(path);
        QVERIFY(test::waitForCount(failed, failed.count() + 1));
        QCOMPARE(opened.count(), 0);
        QVERIFY(window.errorBanner()->isVisible());
        QVERIFY2(window.errorBanner()->text().contains(expected), qPrintable(window.errorBanner()->text()));
        // The previous document is untouched.
        QCOMPARE(window.document()->analysis(), analysis);
        QCOMPARE(window.document()->space(), space);
        QCOMPARE(window.spacePage()->model()->rowCount(), rows);
        QVERIFY(window.document()->path().endsWith(QLatin1String("add.json")));
    }

    void editingTheLaunchReanalyses()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAndSettle(window, test::examplePath("add.json")));
        gui::LaunchEditor* editor = window.launchEditor();
        QTableWidget* table = editor->paramTable();
        int row = -1;
        for (int r = 0; r < table->rowCount(); ++r)
            if (table->item(r, gui::LaunchEditor::NameColumn)->text() == QLatin1String("n_elements"))
                row = r;
        QVERIFY(row >= 0);
        auto* value = qobject_cast<QLineEdit*>(table->cellWidget(row, gui::LaunchEditor::ValueColumn));
        QVERIFY(value);
        const std::size_t before = window.document()->space()->size();

        QSignalSpy edited(editor, &gui::LaunchEditor::launchEdited);
        QSignalSpy analysed(window.document(), &KernelDocument::analysisReady);
        QSignalSpy spaced(window.document(), &KernelDocument::spaceReady);
        value->selectAll();
        QTest::keyClicks(value, QStringLiteral("16777216"));
        QCOMPARE(edited.count(), 0);  // debounced: nothing while typing
        QVERIFY(test::waitForCount(edited, edited.count() + 1));
        QCOMPARE(edited.count(), 1);  // one announcement for the whole burst
        QVERIFY(test::waitForCount(analysed, analysed.count() + 1));
        QVERIFY(test::waitUntil([&] { return !window.document()->isBusy() && spaced.count() > 0; }));
        const kernel::ArgValue* n = window.document()->workload().arg("n_elements");
        QVERIFY(n);
        QCOMPARE(n->intValue, std::int64_t(16777216));
        QVERIFY(window.document()->space()->size() != before || window.document()->space()->backend().key[0] == "16777216");

        // A value that does not parse is flagged and not sent.
        edited.clear();
        value->selectAll();
        QTest::keyClicks(value, QStringLiteral("many"));
        editor->flush();  // what the debounce timer does when it fires
        QCOMPARE(edited.count(), 0);
        QVERIFY(!editor->problem().isEmpty());
        QVERIFY(!editor->workload());
    }

    void stopDropsABigLatticeMidRun()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAndSettle(window, test::examplePath("bias_gelu_2d.json")));
        const auto before = window.document()->space();
        QVERIFY(before);
        QVERIFY(!before->hasLattice());

        // The worker is held at its first progress report, so the Stop lands mid-run on any
        // machine; every fraction it reports is recorded.
        auto pause = std::make_shared<test::PausePoint>();
        const test::PausePoint::Opener opener{pause};
        auto fractions = std::make_shared<test::Recorded<double>>();
        auto held = std::make_shared<gui::JobProbe>();
        held->step = [pause, fractions](double fraction, const QString&) {
            fractions->push(fraction);
            pause->hold();
        };
        window.document()->spaceJob()->setProbe(held);
        QSignalSpy spaced(window.document(), &KernelDocument::spaceReady);
        QSignalSpy stopped(window.document(), &KernelDocument::stopped);
        QVERIFY(window.spacePage()->latticeBox()->isEnabled());  // a vector kernel's lattice adds points
        window.spacePage()->latticeBox()->setChecked(true);  // a lattice of about a million points
        QVERIFY(window.document()->isBusy());
        QVERIFY(window.progressWidget()->isVisible());
        QCOMPARE(window.progressWidget()->bar()->maximum(), 0);  // indeterminate: no report yet
        pause->waitUntilHeld();
        QTest::mouseClick(window.progressWidget()->stopButton(), Qt::LeftButton);
        QCOMPARE(stopped.count(), 1);
        QVERIFY(!window.document()->isBusy());  // the GUI is free at once
        pause->release();
        // Let the worker run out; its result must be dropped.
        window.document()->spaceJob()->waitForIdle();
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        QCOMPARE(spaced.count(), 0);
        QCOMPARE(window.document()->space(), before);
        QVERIFY(!window.spacePage()->latticeBox()->isChecked());  // the box follows what is shown
        QVERIFY(!window.progressWidget()->isVisible());
        // The worker saw the Stop mid-run: it never reached the end of the lattice.
        const std::vector<double> seen = fractions->values();
        QVERIFY(!seen.empty());
        QVERIFY(*std::max_element(seen.begin(), seen.end()) < 1.0);

        // Built to the end, the lattice replaces the list; the bar moves on the way. The probe's
        // clock lets every report of the build through the throttle.
        auto everyReport = std::make_shared<gui::JobProbe>();
        everyReport->clock = test::steppingClock();
        window.document()->spaceJob()->setProbe(everyReport);
        QSignalSpy progressed(window.document(), &KernelDocument::progress);
        window.spacePage()->latticeBox()->setChecked(true);
        QVERIFY(test::waitForCount(spaced));
        bool reported = false;
        for (const auto& call : progressed)
            reported |= call.at(0).toDouble() > 0;
        QVERIFY(reported);
        QVERIFY(window.document()->space()->hasLattice());
        QVERIFY(window.document()->space()->size() > 100000);
        QCOMPARE(window.spacePage()->model()->rowCount(), int(window.document()->space()->size()));
    }

    void filterBoxIsDebounced()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAndSettle(window, test::examplePath("add.json")));
        gui::SpacePage* page = window.spacePage();
        QSignalSpy filtered(page->proxy(), &gui::CandidateFilterProxy::filterChanged);
        QTest::keyClicks(page->filterEdit(), QStringLiteral("XBLOCK>=4096"));
        QCOMPARE(filtered.count(), 0);
        QVERIFY(test::waitForCount(filtered, filtered.count() + 1));
        QCOMPARE(filtered.count(), 1);
        QCOMPARE(page->proxy()->query(), QStringLiteral("XBLOCK>=4096"));
        const int xb = page->model()->paramColumn(0);
        for (int r = 0; r < page->proxy()->rowCount(); ++r)
            QVERIFY(page->proxy()->data(page->proxy()->index(r, xb), gui::CandidateTableModel::SortRole).toLongLong() >= 4096);
        // The status combo filters at once.
        page->statusFilter()->setCurrentIndex(page->statusFilter()->findData(int(space::CandidateStatus::Pruned)));
        for (int r = 0; r < page->proxy()->rowCount(); ++r)
            QCOMPARE(page->proxy()->data(page->proxy()->index(r, 0), gui::CandidateTableModel::StatusRole).toInt(),
                     int(space::CandidateStatus::Pruned));
    }

    void selectionIsSharedByTableAndCharts()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(openAndSettle(window, test::examplePath("add.json")));
        window.spacePage()->latticeBox()->setChecked(true);
        QVERIFY(test::waitUntil([&] { return !window.document()->isBusy() && window.document()->space()->hasLattice(); }));
        window.tabs()->setCurrentWidget(window.chartsPage());
        gui::HeatmapChart* heatmap = window.chartsPage()->heatmap();
        QVERIFY(test::waitUntil([&] { return !heatmap->slice().cells.empty() && !heatmap->job()->isRunning(); }));
        // Laid out and drawn, so that pixels map to cells.
        QVERIFY(test::waitUntil([&] { return heatmap->plot()->isVisible() && heatmap->plot()->axisRect()->width() > 100; }));
        heatmap->plot()->replot();

        // Click a pruned cell of the heat map: the table and the details pane follow. A lattice
        // has more cells than pixels; take one whose centre pixel falls in it.
        const gui::HeatmapSlice& slice = heatmap->slice();
        std::optional<std::pair<std::size_t, std::size_t>> cell;
        for (std::size_t y = 0; y < slice.yValues.size() && !cell; ++y)
            for (std::size_t x = 0; x < slice.xValues.size() && !cell; ++x) {
                const std::int32_t c = slice.candidateAt(x, y);
                if (c >= 0 && window.document()->space()->status(std::size_t(c)) == space::CandidateStatus::Pruned &&
                    heatmap->candidateAtPixel(heatmap->cellCenterPixel(x, y).toPoint()) == c)
                    cell = {x, y};
            }
        QVERIFY(cell);
        const std::size_t candidate = std::size_t(slice.candidateAt(cell->first, cell->second));
        const QPoint pixel = heatmap->cellCenterPixel(cell->first, cell->second).toPoint();
        QTest::mouseClick(heatmap->plot(), Qt::LeftButton, {}, pixel);
        QCOMPARE(window.spacePage()->selectedCandidate(), std::optional<std::size_t>(candidate));
        const QModelIndex current = window.spacePage()->view()->currentIndex();
        QVERIFY(current.isValid());
        QCOMPARE(std::size_t(window.spacePage()->proxy()->mapToSource(current).row()), candidate);
        QVERIFY(window.spacePage()->details()->toPlainText().contains(
            QString::fromStdString(window.document()->space()->describe(candidate)).left(30)));
        const auto& shown = window.chartsPage()->ubChart()->shownCandidates();
        QVERIFY(std::find(shown.begin(), shown.end(), candidate) != shown.end());

        // Selecting in the table moves the heat map's fixed dimensions to the candidate.
        const std::size_t other = window.document()->space()->size() - 1;
        window.spacePage()->view()->setCurrentIndex(
            window.spacePage()->proxy()->mapFromSource(window.spacePage()->model()->index(int(other), 0)));
        QVERIFY(test::waitUntil([&] { return !heatmap->job()->isRunning(); }));
        bool inSlice = false;
        for (std::int32_t c : heatmap->slice().cells)
            inSlice |= c == std::int32_t(other);
        QVERIFY(inSlice);
    }

    void chartsExport()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAndSettle(window, test::examplePath("add.json")));
        window.tabs()->setCurrentWidget(window.chartsPage());
        QVERIFY(test::waitUntil([&] { return !window.chartsPage()->heatmap()->slice().cells.empty(); }));
        QTemporaryDir dir;
        for (const char* suffix : {"png", "svg", "pdf"}) {
            const QString path = dir.filePath(QStringLiteral("heatmap.") + QString::fromLatin1(suffix));
            QString error;
            QVERIFY2(gui::exportPlot(window.chartsPage()->heatmap()->plot(), path, &error), qPrintable(error));
            QVERIFY(QFileInfo(path).size() > 500);
        }
        QString error;
        QVERIFY(!gui::exportPlot(window.chartsPage()->ubChart()->plot(), dir.filePath(QStringLiteral("ub.bmpx")), &error));
        QVERIFY(error.contains(QLatin1String("bmpx")));
    }

    // At the default size every launch-table column shows its content whole (the dock widens for
    // the widest example) and the analysis values wrap instead of eliding; once the user sizes
    // the dock, it keeps that size.
    void theDefaultLayoutShowsEveryColumnWhole()
    {
        QSettings().remove(QStringLiteral("window"));  // a first start
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(openAndSettle(window, test::examplePath("matmul.json")));
        QTableWidget* table = window.launchEditor()->paramTable();
        QVERIFY(test::waitUntil([&] { return table->horizontalScrollBar()->maximum() == 0; }));
        const QFontMetrics fm = table->fontMetrics();
        for (int r = 0; r < table->rowCount(); ++r) {
            for (int c : {0, 4}) {
                const QTableWidgetItem* item = table->item(r, c);
                QVERIFY(item);
                QVERIFY2(fm.horizontalAdvance(item->text()) <= table->columnWidth(c),
                         qPrintable(item->text() + QStringLiteral(" in %1 px").arg(table->columnWidth(c))));
            }
        }

        // Analysis values: each gets the lines its text needs at its column's width.
        QTreeWidget* tree = window.analysisPanel()->tree();
        const int column = tree->header()->sectionSize(1);
        int checked = 0;
        auto shown = [](const QTreeWidgetItem* item) {  // not inside a collapsed item (the generator's trail)
            for (const QTreeWidgetItem* p = item->parent(); p; p = p->parent())
                if (!p->isExpanded())
                    return false;
            return true;
        };
        for (QTreeWidgetItemIterator it(tree); *it; ++it) {
            const QString text = (*it)->text(1);
            if (text.isEmpty() || !shown(*it))
                continue;
            // Measured as the delegate lays it out (the style's margins, words broken only when
            // one alone is wider than the column).
            const QString cut = test::cutText(tree, text, tree->visualItemRect(*it), column, true);
            QVERIFY2(cut.isEmpty(), qPrintable(cut));
            ++checked;
        }
        QVERIFY(checked > 10);

        // The user's width stays.
        auto* dock = window.findChild<QDockWidget*>(QStringLiteral("launchDock"));
        window.resizeDocks({dock}, {dock->width() + 40}, Qt::Horizontal);
        window.layout()->activate();
        const int chosen = dock->width();
        QVERIFY(openAndSettle(window, test::examplePath("add.json")));
        QCOMPARE(dock->width(), chosen);
        // A role names the backend's axes; the tooltip adds what the Kind column says.
        QCOMPARE(table->item(3, 0)->text(), QStringLiteral("n_elements"));
        QCOMPARE(table->item(3, 4)->text(), QStringLiteral("key x"));
        QCOMPARE(table->item(3, 4)->toolTip(), QStringLiteral("runtime, key x"));
    }

    void settingsAndThemePersist()
    {
        {
            MainWindow window;
            window.show();
            window.setDarkTheme(true);
            QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 128);
            window.close();
        }
        MainWindow again;
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 128);  // restored
        again.setDarkTheme(false);
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() >= 128);
    }

    void kernelWithoutWorkloadUsesASiblingLaunch()
    {
        MainWindow window;
        window.show();
        QVERIFY(openAndSettle(window, test::examplePath("softmax.py")));
        // softmax.json launches softmax.py: its arguments come with it.
        QVERIFY(!window.document()->workload().args.empty());
        QVERIFY(window.document()->space());
    }
};

TILESCOPE_WIDGET_TEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
