// The cache browser over caches written by the core: its models, the stale mark, the details of
// a tuning, delete and prune (confirmations accepted), JSON export / import, merging, and what it
// says about missing and damaged files.

#include "text_fit.h"
#include "tuning_test_support.h"

#include "core/cache/config_cache.h"
#include "widgets/cache_browser.h"
#include "widgets/cache_table_model.h"
#include "widgets/export_dialog.h"
#include "widgets/translations.h"
#include "widgets/tuning_record_model.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScopeGuard>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>

#include <sqlite3.h>

using namespace ts;
using gui::CacheBrowser;
using gui::CacheTableModel;

namespace {

std::filesystem::path fsPath(const QString& path)
{
    return std::filesystem::path(path.toStdString());
}

// Answers the next confirmation the browser asks with `button` once it shows.
void answerNextConfirmation(QMessageBox::StandardButton button)
{
    auto* timer = new QTimer;
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, button] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            box->button(button)->click();
            timer->deleteLater();
        }
    });
    timer->start();
}

bool waitListed(CacheBrowser& browser)
{
    return test::waitUntil([&] { return !browser.isBusy(); });
}

int rowWithState(const CacheBrowser& browser, const QString& state)
{
    const CacheTableModel* model = browser.model();
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->index(r, CacheTableModel::State).data().toString() == state)
            return r;
    return -1;
}

std::size_t countIn(const QString& path)
{
    auto opened = cache::ConfigCache::open(fsPath(path));
    if (!opened.ok())
        return 9999;
    return *opened.cache->count().value;
}

} // namespace

class TestCacheBrowser : public QObject {
    Q_OBJECT

    std::shared_ptr<const analysis::KernelAnalysis> m_analysis;
    cache::TuningRecord m_fresh;  // tuned on add.py as it is
    cache::TuningRecord m_stale;  // another shape, tuned on an older source
    QTemporaryDir m_dir;

    // A cache holding the fresh and the stale tuning.
    QString makeCache(const QString& name)
    {
        const QString path = m_dir.filePath(name);
        QFile::remove(path);
        auto opened = cache::ConfigCache::open(fsPath(path));
        if (!opened.ok())
            return {};
        if (!opened.cache->store(m_fresh).ok() || !opened.cache->store(m_stale).ok())
            return {};
        return path;
    }

private Q_SLOTS:
    void initTestCase()
    {
        test::isolateSettings();
        QVERIFY(m_dir.isValid());
        m_analysis = test::analyseFile(test::examplePath("add.json"));
        QVERIFY(m_analysis);
        auto record = test::tuneRecord(*m_analysis);
        QVERIFY(record);
        m_fresh = *record;
        m_stale = *record;
        m_stale.key.sourceHash = cache::sourceHashOf("def add_kernel(): pass  # an older version");
        m_stale.key.keyValues = {{"n_elements", "4096"}};
        m_stale.createdAt = "2025-01-02T03:04:05.000Z";
        QVERIFY(!m_fresh.key.sameKey(m_stale.key));
    }

    void modelsPassTheModelTester()
    {
        const QString path = makeCache(QStringLiteral("models.sqlite"));
        QVERIFY(!path.isEmpty());
        auto opened = cache::ConfigCache::open(fsPath(path));
        QVERIFY(opened.ok());
        auto listed = opened.cache->list();
        QVERIFY(listed.ok());

        CacheTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSummaries(*listed.value);
        QCOMPARE(model.rowCount(), 2);
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(CacheTableModel::SortRole);
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (int c = 0; c < model.columnCount(); ++c)
            proxy.sort(c, Qt::DescendingOrder);
        model.setDarkPalette(true);
        model.setSummaries({});
        QCOMPARE(model.rowCount(), 0);

        gui::TuningRecordModel details;
        QAbstractItemModelTester detailsTester(&details, QAbstractItemModelTester::FailureReportingMode::QtTest);
        details.setRecord(std::make_shared<const cache::TuningRecord>(m_fresh));
        QCOMPARE(details.rowCount(), int(m_fresh.candidates.size()));
        // One column per parameter, named after it.
        QStringList headers;
        for (int c = 0; c < details.columnCount(); ++c)
            headers << details.headerData(c, Qt::Horizontal).toString();
        QVERIFY2(headers.contains(QLatin1String("XBLOCK")) && headers.contains(QLatin1String("XBLOCK_SUB")),
                 qPrintable(headers.join(QLatin1Char(','))));
        details.setRecord(nullptr);
        QCOMPARE(details.rowCount(), 0);
    }

    void listsMarksStaleAndShowsDetails()
    {
        const QString path = makeCache(QStringLiteral("browse.sqlite"));
        QVERIFY(!path.isEmpty());
        CacheBrowser browser;
        browser.setKernel(m_analysis);
        browser.show();
        QSignalSpy listed(&browser, &CacheBrowser::listed);
        browser.openCache(path);
        QVERIFY(test::waitForCount(listed, listed.count() + 1));
        QCOMPARE(browser.model()->rowCount(), 2);
        QVERIFY(!browser.messageBar()->isVisible());

        const int stale = rowWithState(browser, QStringLiteral("stale"));
        const int fresh = rowWithState(browser, QStringLiteral("fresh"));
        QVERIFY(stale >= 0 && fresh >= 0);
        const CacheTableModel* model = browser.model();
        QCOMPARE(model->index(stale, CacheTableModel::Key).data().toString(), QStringLiteral("n_elements=4096"));
        QCOMPARE(model->index(fresh, CacheTableModel::Key).data().toString(), QStringLiteral("n_elements=98432"));
        // Three float16 tensors, said once (the full list in the tooltip).
        QCOMPARE(model->index(fresh, CacheTableModel::Dtypes).data().toString(), QStringLiteral("float16 ×3"));
        QCOMPARE(model->index(fresh, CacheTableModel::Dtypes).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("torch.float16, torch.float16, torch.float16"));
        // Stale rows are tinted across the row; fresh ones are not.
        QVERIFY(model->index(stale, CacheTableModel::Kernel).data(Qt::BackgroundRole).isValid());
        QVERIFY(!model->index(fresh, CacheTableModel::Kernel).data(Qt::BackgroundRole).isValid());
        QVERIFY(browser.statusLabel()->text().contains(QLatin1String("1 stale")));
        QCOMPARE(model->index(fresh, CacheTableModel::Candidates).data(CacheTableModel::SortRole).toULongLong(),
                 qulonglong(m_fresh.candidates.size()));
        // Every column ends inside the table at its size, every cell whole (the key and the best
        // config wrapped).
        QTableView* table = browser.view();
        table->doItemsLayout();
        QCOMPARE(table->horizontalScrollBar()->maximum(), 0);
        for (int r = 0; r < table->model()->rowCount(); ++r)
            for (int column = 0; column < table->model()->columnCount(); ++column) {
                const QString cut =
                    test::cutCell(table, table->model()->index(r, column), table->columnWidth(column), false);
                QVERIFY2(cut.isEmpty(), qPrintable(cut));
            }

        // Without the kernel, nothing can be compared.
        browser.setKernel(nullptr);
        QVERIFY(waitListed(browser));
        QCOMPARE(rowWithState(browser, QStringLiteral("stale")), -1);
        QVERIFY(rowWithState(browser, QStringLiteral("unknown")) >= 0);
        browser.setKernel(m_analysis);
        QVERIFY(waitListed(browser));

        // Selecting a tuning reads its candidates.
        QSignalSpy shown(&browser, &CacheBrowser::recordShown);
        const std::int64_t freshId = model->index(rowWithState(browser, QStringLiteral("fresh")), 0)
                                         .data(CacheTableModel::IdRole).toLongLong();
        browser.selectTuning(freshId);
        QVERIFY(test::waitForCount(shown, shown.count() + 1));
        QVERIFY(browser.shownRecord());
        QCOMPARE(browser.shownRecord()->id, freshId);
        QCOMPARE(browser.detailsModel()->rowCount(), int(m_fresh.candidates.size()));
        QVERIFY(browser.exportConfigsAction()->isEnabled());

        // Export configs from there: the picked candidate rows become the selection.
        browser.detailsView()->selectRow(0);
        browser.detailsView()->selectionModel()->select(browser.detailsView()->model()->index(1, 0),
                                                        QItemSelectionModel::Select | QItemSelectionModel::Rows);
        QCOMPARE(browser.selectedCandidates().size(), std::size_t(2));
        gui::ExportDialog* dialog = browser.openExportDialog();
        QVERIFY(dialog);
        QCOMPARE(dialog->record()->id, freshId);
    }

    // The details of a tuning show each candidate's reason in a column that ends at the view's
    // edge (sized to its longest reason it ran past it, cut there, its header out of sight),
    // its header over its text, a reason too long for it whole in its tooltip; in English and
    // in Chinese.
    void detailsReasonsShowWhole_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
    }

    void detailsReasonsShowWhole()
    {
        QFETCH(QString, language);
        QVERIFY(gui::installLanguage(language));
        const auto english = qScopeGuard([] { gui::installLanguage(QStringLiteral("en")); });
        const auto softmax = test::analyseFile(test::examplePath("softmax.json"));
        QVERIFY(softmax);
        auto record = test::tuneRecord(*softmax);
        QVERIFY(record);
        const QString path = m_dir.filePath(QStringLiteral("reasons-%1.sqlite").arg(language));
        QFile::remove(path);
        {
            auto opened = cache::ConfigCache::open(fsPath(path));
            QVERIFY(opened.ok());
            QVERIFY(opened.cache->store(*record).ok());
        }
        CacheBrowser browser;
        browser.setKernel(softmax);
        browser.resize(1200, 720);
        browser.show();
        QSignalSpy listed(&browser, &CacheBrowser::listed);
        browser.openCache(path);
        QVERIFY(test::waitForCount(listed, listed.count() + 1));
        QSignalSpy shown(&browser, &CacheBrowser::recordShown);
        browser.selectTuning(browser.model()->index(0, 0).data(CacheTableModel::IdRole).toLongLong());
        QVERIFY(test::waitForCount(shown, shown.count() + 1));
        QTableView* details = browser.detailsView();
        QCoreApplication::processEvents();
        const int reason = details->model()->columnCount() - 1;
        QHeaderView* header = details->horizontalHeader();
        QVERIFY2(header->sectionViewportPosition(reason) + header->sectionSize(reason) <=
                     details->viewport()->width(),
                 qPrintable(QStringLiteral("the reason column ends at %1 px in a %2 px view")
                                .arg(header->sectionViewportPosition(reason) + header->sectionSize(reason))
                                .arg(details->viewport()->width())));
        // Left-aligned like the reasons under it.
        const auto headerAlign = Qt::Alignment(
            details->model()->headerData(reason, Qt::Horizontal, Qt::TextAlignmentRole).toInt());
        QVERIFY(headerAlign & Qt::AlignLeft);
        int checked = 0, elided = 0;
        for (int r = 0; r < details->model()->rowCount(); ++r) {
            const QModelIndex index = details->model()->index(r, reason);
            const QString text = index.data().toString();
            if (text.isEmpty())
                continue;
            QVERIFY(!(Qt::Alignment(index.data(Qt::TextAlignmentRole).toInt()) &
                      (Qt::AlignRight | Qt::AlignHCenter)));
            const QString cut = test::cutCell(details, index, details->columnWidth(reason), false);
            if (!cut.isEmpty()) { // elided: the tooltip has it whole, a line per live tile
                const QString tip = index.data(Qt::ToolTipRole).toString();
                QVERIFY(!tip.isEmpty());
                for (const QString& line : tip.split(QLatin1Char('\n')))
                    QVERIFY2(text.contains(line.trimmed()), qPrintable(line));
                ++elided;
            }
            ++checked;
        }
        QVERIFY(checked > 0);
        QVERIFY(elided > 0); // softmax's UB overflow reasons are longer than the column
    }

    void deleteAfterConfirmation()
    {
        const QString path = makeCache(QStringLiteral("delete.sqlite"));
        CacheBrowser browser;
        browser.setKernel(m_analysis);
        browser.show();
        browser.openCache(path);
        QVERIFY(waitListed(browser));
        QCOMPARE(browser.model()->rowCount(), 2);
        const int stale = rowWithState(browser, QStringLiteral("stale"));
        browser.selectTuning(browser.model()->index(stale, 0).data(CacheTableModel::IdRole).toLongLong());
        QVERIFY(browser.deleteAction()->isEnabled());

        // Cancel keeps it.
        answerNextConfirmation(QMessageBox::Cancel);
        browser.deleteAction()->trigger();
        QVERIFY(waitListed(browser));
        QCOMPARE(countIn(path), std::size_t(2));

        QSignalSpy done(&browser, &CacheBrowser::operationFinished);
        answerNextConfirmation(QMessageBox::Yes);
        browser.deleteAction()->trigger();
        QVERIFY(test::waitForCount(done));
        QVERIFY(done.front().at(0).toBool());
        QVERIFY(waitListed(browser));
        QCOMPARE(browser.model()->rowCount(), 1);
        QCOMPARE(rowWithState(browser, QStringLiteral("stale")), -1);
        QCOMPARE(countIn(path), std::size_t(1));
        QVERIFY(browser.messageBar()->text().contains(QLatin1String("Deleted 1 tuning")));
    }

    void pruneRemovesOnlyStaleTunings()
    {
        const QString path = makeCache(QStringLiteral("prune.sqlite"));
        CacheBrowser browser;
        browser.setKernel(m_analysis);
        browser.openCache(path);
        QVERIFY(waitListed(browser));
        QSignalSpy done(&browser, &CacheBrowser::operationFinished);
        answerNextConfirmation(QMessageBox::Yes);
        browser.pruneStale();
        QVERIFY(test::waitForCount(done, done.count() + 1));
        QVERIFY(waitListed(browser));
        QCOMPARE(browser.model()->rowCount(), 1);
        QVERIFY(rowWithState(browser, QStringLiteral("fresh")) >= 0);
        QCOMPARE(countIn(path), std::size_t(1));

        // Nothing stale left: nothing asked, nothing removed.
        done.clear();
        browser.pruneStale();
        QVERIFY(test::waitForCount(done, done.count() + 1));
        QCOMPARE(countIn(path), std::size_t(1));
    }

    void exportImportAndMerge()
    {
        const QString path = makeCache(QStringLiteral("source.sqlite"));
        CacheBrowser browser;
        browser.setKernel(m_analysis);
        browser.openCache(path);
        QVERIFY(waitListed(browser));
        QSignalSpy done(&browser, &CacheBrowser::operationFinished);

        const QString json = m_dir.filePath(QStringLiteral("export.json"));
        browser.exportJson(json);
        QVERIFY(test::waitForCount(done, done.count() + 1));
        QVERIFY2(done.back().at(0).toBool(), qPrintable(done.back().at(1).toString()));
        QFile file(json);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("tilescope-config-cache"));

        // Into an empty cache: both tunings arrive.
        const QString empty = m_dir.filePath(QStringLiteral("empty.sqlite"));
        browser.openCache(empty, true);
        QVERIFY(waitListed(browser));
        QCOMPARE(browser.model()->rowCount(), 0);
        browser.importJson(json);
        QVERIFY(test::waitForCount(done, done.count() + 1));
        QVERIFY2(done.back().at(0).toBool(), qPrintable(done.back().at(1).toString()));
        QVERIFY(waitListed(browser));
        QCOMPARE(browser.model()->rowCount(), 2);
        QVERIFY(browser.messageBar()->text().contains(QLatin1String("2 added")));

        // A bad JSON file changes nothing and says why.
        const QString bad = m_dir.filePath(QStringLiteral("bad.json"));
        QFile badFile(bad);
        QVERIFY(badFile.open(QIODevice::WriteOnly));
        badFile.write("{\"format\": \"something else\"}");
        badFile.close();
        browser.importJson(bad);
        QVERIFY(test::waitForCount(done, done.count() + 1));
        QVERIFY(!done.back().at(0).toBool());
        QVERIFY(waitListed(browser));
        QCOMPARE(browser.model()->rowCount(), 2);
        QVERIFY(browser.messageBar()->property("error").toBool());

        // Merging a cache into a third one.
        const QString target = m_dir.filePath(QStringLiteral("target.sqlite"));
        browser.openCache(target, true);
        QVERIFY(waitListed(browser));
        browser.mergeCaches({path});
        QVERIFY(test::waitForCount(done, done.count() + 1));
        QVERIFY(waitListed(browser));
        QCOMPARE(browser.model()->rowCount(), 2);
        QCOMPARE(countIn(target), std::size_t(2));
    }

    void aBusyCacheIsReportedNotWaitedOn()
    {
        const QString path = makeCache(QStringLiteral("busy.sqlite"));
        CacheBrowser browser;
        browser.setKernel(m_analysis);
        browser.openCache(path);
        QVERIFY(waitListed(browser));

        // The selected tuning's record is read off the GUI thread; its reader is held before it
        // reaches the cache, so the delete below fails and the list is read again while the
        // record is still unread (what a slow reader on a loaded machine does unheld).
        auto pause = std::make_shared<test::PausePoint>();
        const test::PausePoint::Opener opener{pause};
        auto probe = std::make_shared<gui::JobProbe>();
        probe->step = [pause](double, const QString&) { pause->hold(); };
        browser.showJob()->setProbe(probe);
        const std::int64_t id = browser.model()->index(0, 0).data(CacheTableModel::IdRole).toLongLong();
        browser.selectTuning(id);
        pause->waitUntilHeld();

        // Another process holds the write lock.
        sqlite3* other = nullptr;
        QCOMPARE(sqlite3_open(path.toUtf8().constData(), &other), SQLITE_OK);
        QCOMPARE(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);

        QSignalSpy done(&browser, &CacheBrowser::operationFinished);
        QSignalSpy listed(&browser, &CacheBrowser::listed);
        answerNextConfirmation(QMessageBox::Yes);
        browser.deleteAction()->trigger();
        QCOMPARE(done.count(), 0);  // the call runs off the GUI thread
        // The lock is held for the whole call: it fails as busy, with the GUI thread free
        // meanwhile. How long the worker waits is the browser's short busy timeout, a setting,
        // not a figure this test times.
        QVERIFY(test::waitForCount(done));
        QVERIFY(!done.front().at(0).toBool());
        QVERIFY2(browser.messageBar()->text().contains(QLatin1String("busy")), qPrintable(browser.messageBar()->text()));
        // The list read again after the failure keeps the tuning selected, its record unread.
        QVERIFY(test::waitForCount(listed));
        QCOMPARE(browser.model()->rowCount(), 2);  // nothing went
        const QModelIndexList selected = browser.view()->selectionModel()->selectedRows();
        QCOMPARE(selected.size(), 1);
        QCOMPARE(selected.front().data(CacheTableModel::IdRole).toLongLong(), id);
        QVERIFY(browser.deleteAction()->isEnabled());
        browser.showJob()->setProbe(nullptr);
        pause->release();
        QVERIFY(waitListed(browser));
        QVERIFY(browser.shownRecord());
        QCOMPARE(browser.shownRecord()->id, id);

        sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
        sqlite3_close(other);
        done.clear();
        answerNextConfirmation(QMessageBox::Yes);
        browser.deleteAction()->trigger();
        QVERIFY(test::waitForCount(done));
        QVERIFY(done.front().at(0).toBool());
        QVERIFY(waitListed(browser));
        QCOMPARE(browser.model()->rowCount(), 1);
    }

    void missingAndDamagedFilesAreExplained()
    {
        CacheBrowser browser;
        browser.setKernel(m_analysis);
        const QString missing = m_dir.filePath(QStringLiteral("nowhere/.tilescope/cache.sqlite"));
        browser.openCache(missing);
        QVERIFY(waitListed(browser));
        QVERIFY(!browser.hasCache());
        QVERIFY(!QFile::exists(missing));  // browsing creates nothing
        QVERIFY(browser.messageBar()->text().contains(QDir::toNativeSeparators(missing)));

        // Not a cache: moved aside, both paths named.
        const QString junk = m_dir.filePath(QStringLiteral("junk.sqlite"));
        QFile file(junk);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray(8192, 'x'));
        file.close();
        browser.openCache(junk);
        QVERIFY(waitListed(browser));
        const QString message = browser.messageBar()->text();
        QVERIFY2(message.contains(QDir::toNativeSeparators(junk)), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String(".corrupt-")), qPrintable(message));
        QVERIFY(browser.messageBar()->property("error").toBool());
        QCOMPARE(browser.model()->rowCount(), 0);
    }
};

TILESCOPE_WIDGET_TEST_MAIN(TestCacheBrowser)
#include "test_cache_browser.moc"
