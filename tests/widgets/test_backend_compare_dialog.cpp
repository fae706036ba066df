// The backend-version comparison dialog: the bundled add kernel under 2026-04 and 2026-08 (the
// same tilings, num_stages coupled to multibuffer under 2026-08), and the matmul that only
// 2026-08 generates for; the table agrees with `tilescope space --compare`.

#include "backend_versions.h"
#include "tuning_test_support.h"
#include "widget_test_support.h"

#include "widgets/backend_compare_dialog.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QSignalSpy>
#include <QTableWidget>

using namespace ts;
using gui::BackendCompareDialog;

class TestBackendCompareDialog : public QObject {
    Q_OBJECT

    static std::unique_ptr<BackendCompareDialog> dialogFor(const char* example)
    {
        auto analysis = test::analyseFile(test::examplePath(example));
        if (!analysis)
            return nullptr;
        const npu::DeviceProfile* device = test::devices().find(analysis->workload.device);
        if (!device)
            return nullptr;
        auto dialog = std::make_unique<BackendCompareDialog>(analysis, *device);
        dialog->setVersions(test::backend2604(), test::backend2608());
        return dialog;
    }

private Q_SLOTS:
    void initTestCase() { test::isolateSettings(); }

    // A workload of either version opens as 2026-04 -> 2026-08, never a version against itself.
    void opensOnTheTwoVersions()
    {
        for (kernel::BackendVersion own : {test::backend2604(), test::backend2608()}) {
            auto loaded = kernel::loadWorkload(test::examplePath("add.json").toStdString());
            QVERIFY(loaded.workload);
            loaded.workload->backend = own;
            auto analysed = analysis::analyzeWorkload(*loaded.workload);
            QVERIFY(analysed.analysis);
            auto analysis = std::make_shared<const analysis::KernelAnalysis>(std::move(*analysed.analysis));
            BackendCompareDialog dialog(analysis, *test::devices().find(analysis->workload.device));
            auto* base = dialog.findChild<QComboBox*>(QStringLiteral("compareBaseBackend"));
            auto* other = dialog.findChild<QComboBox*>(QStringLiteral("compareOtherBackend"));
            QVERIFY(base && other);
            QCOMPARE(base->currentData().toInt(), int(test::backend2604().index()));
            QCOMPARE(other->currentData().toInt(), int(test::backend2608().index()));
        }
    }

    void addKernelChangesOnlyOptions()
    {
        auto dialog = dialogFor("add.json");
        QVERIFY(dialog);
        QSignalSpy done(dialog.get(), &BackendCompareDialog::comparisonFinished);
        QVERIFY(dialog->run());
        QVERIFY(test::waitForCount(done));
        QVERIFY(dialog->result() && dialog->result()->ok());
        const space::BackendComparison& c = dialog->result()->comparison;
        QCOMPARE(c.same, std::size_t(31));
        QCOMPARE(c.optionsChanged, std::size_t(31));
        QCOMPARE(c.onlyBase + c.onlyOther + c.reordered, std::size_t(0));
        QCOMPARE(dialog->table()->rowCount(), 62);
        QCOMPARE(dialog->table()->item(0, 2)->text(), QStringLiteral("options"));
        for (int column = 0; column < dialog->table()->columnCount(); ++column)
            QVERIFY(!dialog->table()->isColumnHidden(column));
        QVERIFY(dialog->table()->item(0, 4)->text().contains(QStringLiteral("num_stages 1 -> 2")));
        QVERIFY(dialog->summary()->text().contains(QStringLiteral("31 with changed options")));
    }

    void matmulIsGeneratedOnlyBy2026_08()
    {
        auto dialog = dialogFor("matmul.json");
        QVERIFY(dialog);
        QSignalSpy done(dialog.get(), &BackendCompareDialog::comparisonFinished);
        QVERIFY(dialog->run());
        QVERIFY(test::waitForCount(done));
        const pipeline::CompareBackendsResult& r = *dialog->result();
        QVERIFY(r.base.error.has_value());
        QVERIFY(r.base.error->starts_with("TypeError"));
        QCOMPARE(r.other.configs.size(), std::size_t(6352));
        QCOMPARE(r.comparison.onlyOther, std::size_t(6352));
        QVERIFY(dialog->summary()->text().contains(QStringLiteral("2026-04 raises TypeError")));
        // Both counts grouped, as every view writes them.
        // A side that raises lists nothing: no "only in" counts, no "only" column, the other's list.
        QVERIFY2(dialog->summary()->text().contains(QStringLiteral("2026-08 lists 6,352 config")) &&
                     dialog->summary()->text().contains(QStringLiteral("Nothing to compare: 2026-04 lists no config")) &&
                     !dialog->summary()->text().contains(QStringLiteral("only in")),
                 qPrintable(dialog->summary()->text()));
        QCOMPARE(dialog->table()->rowCount(), 6352);
        // Only 2026-08's index and the config: the other columns would be "-" or empty on every row.
        for (int column = 0; column < dialog->table()->columnCount(); ++column)
            QCOMPARE(dialog->table()->isColumnHidden(column), column != 1 && column != 3);
        // Each side is a sentence of its own line, ended once: the exception's own full stop is
        // not followed by another, nor by the other side.
        const QStringList lines = dialog->summary()->text().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 3);
        QVERIFY2(lines[0].startsWith(QStringLiteral("2026-04 raises TypeError")) && lines[0].endsWith(QLatin1Char('.')) &&
                     !lines[0].endsWith(QStringLiteral("..")),
                 qPrintable(lines[0]));
        QVERIFY2(lines[1].startsWith(QStringLiteral("2026-08 lists 6,352 config")) && lines[1].endsWith(QLatin1Char('.')) &&
                     !lines[1].endsWith(QStringLiteral("..")),
                 qPrintable(lines[1]));
        // A row is a line high, as in every table of the explorer.
        QCOMPARE(dialog->table()->verticalHeader()->defaultSectionSize(), dialog->fontMetrics().height() + 6);
    }
};

TILESCOPE_WIDGET_TEST_MAIN(TestBackendCompareDialog)
#include "test_backend_compare_dialog.moc"
