// English and Simplified Chinese: the translation is complete, compiled in, and applied.

#include "tuning_test_support.h"
#include "widget_test_support.h"
#include "window_test_support.h"

#include "core/backends/backend_registry.h"
#include "core/cache/config_cache.h"
#include "core/kernel/workload.h"
#include "core/npu/device_profile.h"
#include "core/pipeline/workflow.h"
#include "core/python/parser.h"
#include "core/util/message.h"
#include "widgets/backend_compare_dialog.h"
#include "widgets/background_job.h"
#include "widgets/cache_browser.h"
#include "widgets/charts_page.h"
#include "widgets/core_text.h"
#include "widgets/device_compare_dialog.h"
#include "widgets/export_dialog.h"
#include "widgets/kernel_document.h"
#include "widgets/kernel_page.h"
#include "widgets/main_window.h"
#include "widgets/measured_compare_dialog.h"
#include "widgets/progress_widget.h"
#include "widgets/qcp.h"
#include "widgets/source_view.h"
#include "widgets/space_page.h"
#include "widgets/status_colors.h"
#include "widgets/sweep_dialog.h"
#include "widgets/sweep_table_model.h"
#include "widgets/tool_dialogs.h"
#include "widgets/translations.h"
#include "widgets/tuning_run.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QGroupBox>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLibraryInfo>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QTextDocumentFragment>
#include <QTextEdit>
#include <QTimer>
#include <QTreeWidget>
#include <QXmlStreamReader>

#include <algorithm>
#include <atomic>
#include <functional>
#include <set>

namespace {

// Texts read from their ids only (no English read back) until the guard goes; English after.
std::shared_ptr<void> readFromIdsOnly()
{
    ts::gui::setEnglishReadBack(false);
    return std::shared_ptr<void>(nullptr, [](void*) {
        ts::gui::setEnglishReadBack(true);
        ts::gui::installLanguage(QStringLiteral("en"));
    });
}

} // namespace

class TestTranslations : public QObject {
    Q_OBJECT

    struct Message {
        QString context, source, translation, type;
        QStringList numerus;
    };

    static QList<Message> readTs(const char* language = "zh_CN")
    {
        QList<Message> out;
        QFile f(QString::fromStdString((ts::test::sourceDir() / "translations").string()) + QStringLiteral("/tilescope_") + QLatin1String(language) +
                QStringLiteral(".ts"));
        if (!f.open(QIODevice::ReadOnly))
            return out;
        QXmlStreamReader xml(&f);
        QString context;
        Message m;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement())
                continue;
            if (xml.name() == QLatin1String("name"))
                context = xml.readElementText();
            else if (xml.name() == QLatin1String("message"))
                m = Message{context, {}, {}, {}, {}};
            else if (xml.name() == QLatin1String("source"))
                m.source = xml.readElementText();
            else if (xml.name() == QLatin1String("translation")) {
                m.type = xml.attributes().value(QLatin1String("type")).toString();
                if (xml.readNext() == QXmlStreamReader::Characters)
                    m.translation = xml.text().toString();
                while (!(xml.isEndElement() && xml.name() == QLatin1String("translation"))) {
                    if (xml.isStartElement() && xml.name() == QLatin1String("numerusform"))
                        m.numerus << xml.readElementText();
                    xml.readNext();
                }
                out << m;
            }
        }
        return out;
    }

    static QSet<QString> placeholders(const QString& text)
    {
        QSet<QString> out;
        static const QRegularExpression re(QStringLiteral("%(\\d+|n)"));
        for (auto it = re.globalMatch(text); it.hasNext();)
            out << it.next().captured();
        return out;
    }

    // Every text a reader of the window can see or hover: labels, buttons, menus and their
    // actions, tabs, group titles, combo items, table and tree headers and cells, rich text,
    // tooltips, chart axes and legends, the status bar. The kernel's own source is not ours.
    static void collectTexts(QWidget* root, QStringList& out)
    {
        auto add = [&](const QString& where, const QString& text) {
            if (!text.trimmed().isEmpty())
                out << where + QStringLiteral(": ") + text;
        };
        QList<QWidget*> widgets = root->findChildren<QWidget*>();
        widgets.prepend(root);
        for (QWidget* w : widgets) {
            // The kernel's source and the Python file an export writes are code, not the explorer's words.
            if (qobject_cast<ts::gui::SourceView*>(w) || qobject_cast<ts::gui::SourceView*>(w->parentWidget()) ||
                w->objectName() == QLatin1String("exportPreview") ||
                (w->parentWidget() && w->parentWidget()->objectName() == QLatin1String("exportPreview")))
                continue;
            const QString name =
                QString::fromLatin1(w->metaObject()->className()) + QLatin1Char('/') + w->objectName();
            add(name + QStringLiteral(" tooltip"), w->toolTip());
            add(name + QStringLiteral(" title"), w->isWindow() ? w->windowTitle() : QString());
            for (QAction* a : w->actions()) {
                add(name + QStringLiteral(" action"), a->text());
                add(name + QStringLiteral(" action tooltip"),
                    a->toolTip() == QString(a->text()).remove(QLatin1Char('&')) ? QString() : a->toolTip());
            }
            if (auto* bar = qobject_cast<QStatusBar*>(w))
                add(name + QStringLiteral(" message"), bar->currentMessage());
            if (auto* l = qobject_cast<QLabel*>(w)) // a plain text keeps its line breaks
                add(name, l->textFormat() == Qt::PlainText ||
                                  (l->textFormat() == Qt::AutoText && !Qt::mightBeRichText(l->text()))
                              ? l->text()
                              : QTextDocumentFragment::fromHtml(l->text()).toPlainText());
            else if (auto* b = qobject_cast<QAbstractButton*>(w))
                add(name, b->text());
            else if (auto* g = qobject_cast<QGroupBox*>(w))
                add(name, g->title());
            else if (auto* t = qobject_cast<QTabWidget*>(w))
                for (int i = 0; i < t->count(); ++i) {
                    add(name + QStringLiteral(" tab"), t->tabText(i));
                    add(name + QStringLiteral(" tab tooltip"), t->tabToolTip(i));
                }
            else if (auto* c = qobject_cast<QComboBox*>(w))
                for (int i = 0; i < c->count(); ++i)
                    add(name + QStringLiteral(" item"), c->itemText(i));
            else if (auto* e = qobject_cast<QLineEdit*>(w))
                add(name + QStringLiteral(" placeholder"), e->placeholderText());
            else if (auto* e = qobject_cast<QTextEdit*>(w))
                add(name, e->toPlainText());
            else if (auto* e = qobject_cast<QPlainTextEdit*>(w); e && e->isReadOnly())
                add(name, e->toPlainText());
            else if (auto* plot = qobject_cast<QCustomPlot*>(w)) {
                for (QCPAxis* axis : plot->axisRect()->axes())
                    add(name + QStringLiteral(" axis"), axis->label());
                for (int i = 0; i < plot->legend->itemCount(); ++i)
                    if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i)))
                        add(name + QStringLiteral(" legend"), item->plottable()->name());
                for (int i = 0; i < plot->itemCount(); ++i)
                    if (auto* text = qobject_cast<QCPItemText*>(plot->item(i)); text && text->visible())
                        add(name + QStringLiteral(" text"), text->text());
            }
            if (auto* view = qobject_cast<QAbstractItemView*>(w); view && view->model()) {
                const QAbstractItemModel* model = view->model();
                for (int c = 0; c < model->columnCount(); ++c) {
                    add(name + QStringLiteral(" header"), model->headerData(c, Qt::Horizontal).toString());
                    add(name + QStringLiteral(" header tooltip"),
                        model->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString());
                }
                // The first rows and their children: every kind of row is among them.
                std::function<void(const QModelIndex&, int)> rows = [&](const QModelIndex& parent,
                                                                        int depth) {
                    for (int r = 0; r < std::min(model->rowCount(parent), 40); ++r)
                        for (int c = 0; c < model->columnCount(parent); ++c) {
                            const QModelIndex i = model->index(r, c, parent);
                            add(name + QStringLiteral(" cell"), i.data().toString());
                            add(name + QStringLiteral(" cell tooltip"), i.data(Qt::ToolTipRole).toString());
                            if (c == 0 && depth < 4)
                                rows(i, depth + 1);
                        }
                };
                rows(QModelIndex(), 0);
            }
        }
    }

    // The names a kernel's code uses, as the parse gives them: identifiers, attributes,
    // parameters, keywords, imported modules, and a string constant that is one identifier
    // (meta['BLOCK']). Comments never reach the tree, and a docstring (a string standing as a
    // statement) is left out: their words are English.
    static QSet<QString> codeNames(const QByteArray& source, const QString& file)
    {
        QSet<QString> out;
        const ts::py::ParseResult parsed = ts::py::parseSource(source.toStdString(), file.toStdString());
        if (!parsed.ok())
            return out;
        static const QRegularExpression identifier(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
        std::set<const ts::py::Node*> docstrings;
        const std::vector<const ts::py::Node*> nodes = ts::py::walk(parsed.module->root());
        for (const ts::py::Node* n : nodes)
            if (const ts::py::Node* v = n->is(ts::py::Kind::Expr) ? n->child("value") : nullptr;
                v && v->constant() && v->constant()->isStr())
                docstrings.insert(v);
        auto addDotted = [&](const std::string& name) {
            for (const QString& part :
                 QString::fromStdString(name).split(QLatin1Char('.'), Qt::SkipEmptyParts))
                out << part;
        };
        for (const ts::py::Node* n : nodes) {
            if (const ts::py::ConstantValue* c = n->constant(); c && c->isStr() && !docstrings.count(n)) {
                if (const QString text = QString::fromStdString(c->text); identifier.match(text).hasMatch())
                    out << text;
                continue;
            }
            for (const ts::py::Field& f : n->fields) {
                if (f.type == ts::py::Field::Type::String)
                    addDotted(f.string);
                else if (f.type == ts::py::Field::Type::StringList)
                    for (const std::string& name : f.strings)
                        addDotted(name);
            }
        }
        return out;
    }

    // The words of `text` that are English: three letters or more, not part of an identifier,
    // a path, a placeholder or a number, and not a name kept as written.
    static QStringList englishWords(const QString& text, const QSet<QString>& names)
    {
        static const QRegularExpression word(
            QStringLiteral("(?<![\\w.%@/\\\\=-])[A-Za-z]{3,}(?![\\w.(/\\\\-])"));
        QStringList out;
        // HTML that reached a cell as text: its tags are not words.
        static const QRegularExpression tags(QStringLiteral("<[^>]*>"));
        // A program's own words quoted as it prints them ("Missing required arguments: ...").
        static const QRegularExpression quoted(QStringLiteral("\"[^\"]*\"|“[^”]*”|「[^」]*」"));
        const QString plain = QString(text).remove(tags).remove(quoted);
        for (auto it = word.globalMatch(plain); it.hasNext();) {
            const QString w = it.next().captured();
            if (!names.contains(w))
                out << w;
        }
        return out;
    }

    // The first two Chinese characters with one space between them in `text` ("默认 方法"), or a
    // half-width bracket closing Chinese words ("以内 (最小列表):"); empty when none. Wider gaps
    // are layout: labels side by side in one rich text; "网格 (32, 1, 1)" is a Python tuple.
    static QString chineseSpacingSlip(const QString& text)
    {
        static const QRegularExpression gap(
            QStringLiteral("[\\x{4e00}-\\x{9fff}] [\\x{4e00}-\\x{9fff}]|[\\x{4e00}-\\x{9fff}]\\)"));
        return gap.match(text).captured();
    }

private Q_SLOTS:
    void initTestCase() { ts::test::isolateSettings(); }

    void languageNames()
    {
        QCOMPARE(ts::gui::normaliseLanguage(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        QCOMPARE(ts::gui::normaliseLanguage(QStringLiteral("zh_Hans_CN")), QStringLiteral("zh_CN"));
        QCOMPARE(ts::gui::normaliseLanguage(QStringLiteral("en_US")), QStringLiteral("en"));
        QCOMPARE(ts::gui::normaliseLanguage(QStringLiteral("C")), QStringLiteral("en"));
    }

    void everyMessageIsTranslated()
    {
        const QList<Message> messages = readTs();
        QVERIFY2(messages.size() > 150, "the .ts file holds the interface's strings");
        for (const Message& m : messages) {
            const QString where = m.context + QStringLiteral(": ") + m.source;
            QVERIFY2(m.type.isEmpty(), qPrintable(QStringLiteral("%1 (%2)").arg(where, m.type)));
            const QStringList forms = m.numerus.isEmpty() ? QStringList{m.translation} : m.numerus;
            for (const QString& t : forms) {
                QVERIFY2(!t.trimmed().isEmpty(), qPrintable(where));
                // Every placeholder survives translation (%n only where the source has it).
                QCOMPARE(placeholders(t) - QSet<QString>{QStringLiteral("%n")},
                         placeholders(m.source) - QSet<QString>{QStringLiteral("%n")});
            }
        }
    }

    // A zh_CN translation without a Chinese character that still holds an English word is an
    // untranslated string: every message lupdate found in the explorer's widgets is checked.
    // Names that stay as written are let through: identifiers (num_warps, tl.dot), units,
    // Python's type names, file formats and the product's name.
    void noEnglishLeftInChinese()
    {
        static const QSet<QString> kept = {QStringLiteral("TileScope"), QStringLiteral("Python"), QStringLiteral("JSON"),
                                           QStringLiteral("CSV"),       QStringLiteral("multibuffer"), QStringLiteral("int"),
                                           QStringLiteral("float"),     QStringLiteral("bool"),   QStringLiteral("str"),
                                           QStringLiteral("MTE"),       QStringLiteral("KiB"),    QStringLiteral("UTC")};
        // A word of three letters or more that is not part of an identifier, a path or a placeholder.
        static const QRegularExpression word(QStringLiteral("(?<![\\w.%@])[A-Za-z]{3,}(?![\\w.(])"));
        static const QRegularExpression chinese(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        QStringList english;
        for (const Message& m : readTs()) {
            const QStringList forms = m.numerus.isEmpty() ? QStringList{m.translation} : m.numerus;
            for (const QString& t : forms) {
                if (t.contains(chinese))
                    continue;
                for (auto it = word.globalMatch(t); it.hasNext();) {
                    const QString w = it.next().captured();
                    if (!kept.contains(w)) {
                        english << m.context + QStringLiteral(": ") + m.source;
                        break;
                    }
                }
            }
        }
        QVERIFY2(english.isEmpty(), qPrintable(english.join(QLatin1Char('\n'))));
        // The check sees an English string.
        QVERIFY(QStringLiteral("Grid").contains(word));
        QVERIFY(!QStringLiteral("force_simt_only").contains(word));
    }

    // A duration's unit reads as its values write it: "（s）" over "263.3 s", never 秒 over s.
    void chineseWritesSecondsAsItsValuesDo()
    {
        static const QRegularExpression seconds(QStringLiteral("\\(s[,)]|\\d s\\b|%\\w+ s\\b"));
        QStringList mixed;
        int checked = 0;
        for (const Message& m : readTs()) {
            if (!m.source.contains(seconds))
                continue;
            ++checked;
            const QStringList forms = m.numerus.isEmpty() ? QStringList{m.translation} : m.numerus;
            for (const QString& t : forms)
                if (t.contains(QStringLiteral("秒")))
                    mixed << m.source + QStringLiteral(" -> ") + t;
        }
        QVERIFY(checked >= 4);
        QVERIFY2(mixed.isEmpty(), qPrintable(mixed.join(QLatin1Char('\n'))));
    }

    void chineseIsCompiledInAndApplied()
    {
        QVERIFY(ts::gui::installLanguage(QStringLiteral("zh_CN")));
        QCOMPARE(ts::gui::currentLanguage(), QStringLiteral("zh_CN"));
        const QString file = QCoreApplication::translate("ts::gui::MainWindow", "&File");
        QVERIFY(file != QLatin1String("&File"));
        // Qt's own strings (a dialog's Close button) come from Qt's catalogue where it is installed
        // (Debian's qt6-translations-l10n, which scripts/setup.sh installs).
        if (QFile::exists(QLibraryInfo::path(QLibraryInfo::TranslationsPath) + QStringLiteral("/qtbase_zh_CN.qm"))) {
            QDialogButtonBox box(QDialogButtonBox::Close);
            QVERIFY2(box.button(QDialogButtonBox::Close)->text() != QLatin1String("Close"),
                     qPrintable(box.button(QDialogButtonBox::Close)->text()));
        }
        {
            ts::gui::MainWindow window;
            QStringList menus;
            for (QAction* a : window.menuBar()->actions())
                menus << a->text();
            QVERIFY2(menus.contains(file), qPrintable(menus.join(QLatin1Char(','))));
            QVERIFY(window.tabs()->tabText(1) != QLatin1String("Candidates"));
        }
        QVERIFY(ts::gui::installLanguage(QStringLiteral("en")));
        QCOMPARE(QCoreApplication::translate("ts::gui::MainWindow", "&File"), QStringLiteral("&File"));
    }

    // The explorer in zh_CN after opening matmul, softmax and guide_violations and tuning each
    // holds no English: every text a reader sees is walked, and any Latin word that is not a
    // name kept as written (a kernel's or parameter's name, a unit, a device, Python's words)
    // fails the test with the widget that shows it.
    void chineseExplorerShowsNoEnglish()
    {
        QVERIFY(ts::gui::installLanguage(QStringLiteral("zh_CN")));
        QSet<QString> names = {
            // The product, devices, formats and tools named as they are written.
            QStringLiteral("TileScope"), QStringLiteral("Triton"), QStringLiteral("Ascend"),
            QStringLiteral("Python"), QStringLiteral("JSON"), QStringLiteral("CSV"), QStringLiteral("SQLite"),
            QStringLiteral("PNG"), QStringLiteral("SVG"), QStringLiteral("PDF"), QStringLiteral("UTC"),
            QStringLiteral("NPU"), QStringLiteral("CPU"), QStringLiteral("GPU"), QStringLiteral("MTE"),
            QStringLiteral("DMA"), QStringLiteral("AIV"), QStringLiteral("AIC"), QStringLiteral("SIMT"),
            QStringLiteral("Cube"), QStringLiteral("KiB"), QStringLiteral("MiB"), QStringLiteral("GiB"),
            QStringLiteral("TFLOPS"), QStringLiteral("GB"), QStringLiteral("sim"), QStringLiteral("npu"),
            QStringLiteral("triton"), QStringLiteral("torch"), QStringLiteral("Geofeng"),
            QStringLiteral("lang"),
            // Python's words in configs and values.
            QStringLiteral("True"), QStringLiteral("False"), QStringLiteral("None"), QStringLiteral("int"),
            QStringLiteral("float"), QStringLiteral("bool"), QStringLiteral("str"), QStringLiteral("Config"),
            QStringLiteral("multibuffer"), QStringLiteral("hints"), QStringLiteral("key"),
            QStringLiteral("configs"), QStringLiteral("constexpr"), QStringLiteral("autotune"),
            QStringLiteral("jit"), QStringLiteral("grid"), QStringLiteral("cdiv"), QStringLiteral("tensor"),
            QStringLiteral("dtype"), QStringLiteral("max"), QStringLiteral("min"), QStringLiteral("dot"),
            QStringLiteral("ubtune"), QStringLiteral("cfg"), QStringLiteral("ValueError"),
            QStringLiteral("lambda"),
            // The filter's keywords, a key's name and the CLI's commands, typed as written.
            QStringLiteral("tile"), QStringLiteral("waves"), QStringLiteral("programs"),
            QStringLiteral("generated"), QStringLiteral("pruned"), QStringLiteral("Esc"),
            QStringLiteral("tilescope"), QStringLiteral("measure"), QStringLiteral("devices"),
            QStringLiteral("import"),
            // The NPU's pipes as the hardware names them, the decorator's name, a language's own name.
            QStringLiteral("Vector"), QStringLiteral("Scalar"), QStringLiteral("Autotune"),
            QStringLiteral("English")};
        QTemporaryDir scratch;
        // The kernels walked: the examples, and two kernels that reach what the examples do not:
        // softmax with a tl.reduce of its own combine function and a helper the simulator does
        // not model (its fidelity warnings), and a tests' data kernel whose tl.arange the
        // 2026-04 parse misses (a rule beyond the backend and its generation-fix note).
        // Two more made from the vector add: a grid of half the programs every candidate needs
        // (each candidate incorrect, so the tuning recommends none), and a load through a
        // conditional index (the coverage of every candidate unknown, with why).
        struct Case {
            const char* workload;
            const char* kernel;
            bool lattice = false;         // the lattice shown after the tuning
            bool sweepAndDevices = false; // a sweep and a device comparison run
            bool selectFailure = false;   // a candidate that failed to compile selected
            bool cube = false; // the cube space's pruned rows, the time budget, the export's repeats
        };
        const std::vector<Case> cases = {
            {"matmul.json", "matmul.py", false, false, true, true},
            {"softmax.json", "softmax.py", true, true, false},
            {"guide_violations.json", "guide_violations.py"},
            {"softmax_reduce.json", "softmax_reduce.py"},
            {"scale_hoisted_arange.json", "generation_fix.py"},
            {"add_half_grid.json", "add.py"},
            {"add_conditional.json", "add_conditional.py"},
        };
        for (const char* example : {"matmul", "softmax", "guide_violations", "add"})
            QVERIFY(!ts::test::copyExample(scratch, (example + std::string(".json")).c_str(),
                                           (example + std::string(".py")).c_str())
                         .isEmpty());
        auto write = [&](const QString& name, const QByteArray& text) {
            QFile out(scratch.filePath(name));
            return out.open(QIODevice::WriteOnly) && out.write(text) == text.size();
        };
        auto read = [](const QString& path) {
            QFile in(path);
            return in.open(QIODevice::ReadOnly) ? in.readAll() : QByteArray();
        };
        QByteArray reduce = read(ts::test::examplePath("softmax.py"));
        for (const auto& [from, to] : std::vector<std::pair<QByteArray, QByteArray>>{
                 {"import triton.backends.ascend.runtime\n",
                  "import triton.backends.ascend.runtime\nfrom flag_gems.utils.limits import get_dtype_min\n\n\n"
                  "@triton.jit\ndef _max_combine(a, b):\n    return tl.maximum(a, b)\n"},
                 {"row_max = tl.max(x, axis=1)", "row_max = tl.reduce(x, 1, _max_combine)"},
                 {"other=-float(\"inf\")", "other=get_dtype_min(in_ptr.dtype.element_ty)"}}) {
            QVERIFY2(reduce.contains(from), from.constData());
            reduce.replace(from, to);
        }
        QVERIFY(write(QStringLiteral("softmax_reduce.py"), reduce));
        QJsonObject launch = QJsonDocument::fromJson(read(ts::test::examplePath("softmax.json"))).object();
        launch[QStringLiteral("kernel")] = QStringLiteral("softmax_reduce.py");
        QVERIFY(write(QStringLiteral("softmax_reduce.json"), QJsonDocument(launch).toJson()));
        QVERIFY(write(QStringLiteral("generation_fix.py"),
                      read(QString::fromStdString((ts::test::dataDir() / "analysis" / "generation_fix.py").string()))));
        const QJsonObject tensor{{QStringLiteral("tensor"), QStringLiteral("float16")},
                                 {QStringLiteral("shape"), QJsonArray{98432}}};
        launch = QJsonObject{{QStringLiteral("kernel"), QStringLiteral("generation_fix.py")},
                             {QStringLiteral("function"), QStringLiteral("scale_hoisted_arange")},
                             {QStringLiteral("backend"), QStringLiteral("2026-04")},
                             {QStringLiteral("args"), QJsonObject{{QStringLiteral("src"), tensor},
                                                                  {QStringLiteral("dst"), tensor},
                                                                  {QStringLiteral("numel"), 98432}}},
                             {QStringLiteral("grid"), QStringLiteral("lambda meta: (triton.cdiv(numel, meta['BLOCK']),)")},
                             {QStringLiteral("device"), QStringLiteral("Ascend910B2")}};
        QVERIFY(write(QStringLiteral("scale_hoisted_arange.json"), QJsonDocument(launch).toJson()));
        launch = QJsonDocument::fromJson(read(ts::test::examplePath("add.json"))).object();
        launch[QStringLiteral("grid")] =
            QStringLiteral("lambda meta: (triton.cdiv(n_elements, meta['XBLOCK']) // 2,)");
        QVERIFY(write(QStringLiteral("add_half_grid.json"), QJsonDocument(launch).toJson()));
        QByteArray conditional = read(ts::test::examplePath("add.py"));
        const QByteArray plainLoad = "x = tl.load(x_ptr + offsets, mask=mask)";
        QVERIFY(conditional.contains(plainLoad));
        conditional.replace(plainLoad,
                            "x = tl.load(x_ptr + (offsets if XBLOCK_SUB > 0 else offsets), mask=mask)");
        QVERIFY(write(QStringLiteral("add_conditional.py"), conditional));
        launch[QStringLiteral("kernel")] = QStringLiteral("add_conditional.py");
        launch[QStringLiteral("grid")] =
            QStringLiteral("lambda meta: (triton.cdiv(n_elements, meta['XBLOCK']),)");
        QVERIFY(write(QStringLiteral("add_conditional.json"), QJsonDocument(launch).toJson()));
        // The kernels' own names: parameters, tensors, the kernel, the modules they import, as
        // the parse finds them in the code; a comment's or a docstring's words are not names.
        for (const Case& c : cases) {
            const QSet<QString> code =
                codeNames(read(scratch.filePath(QLatin1String(c.kernel))), QLatin1String(c.kernel));
            QVERIFY(!code.isEmpty());
            names += code;
        }
        // Words of the examples' comments only: not names.
        QVERIFY(!names.contains(QStringLiteral("the")) && !names.contains(QStringLiteral("launch")));
        for (const QString& dtype : {QStringLiteral("fp16"), QStringLiteral("fp32"), QStringLiteral("bf16")})
            names << dtype;
        // A workload's "description" is its author's text, shown as written (the Examples menu's
        // tooltips): not the explorer's words.
        QSet<QString> authored;
        for (const QFileInfo& file : QDir(QString::fromStdString(ts::test::examplesDir().string()))
                                         .entryInfoList({QStringLiteral("*.json")}, QDir::Files))
            authored << QJsonDocument::fromJson(read(file.filePath())).object().value(QStringLiteral("description")).toString();
        authored.remove(QString());
        QVERIFY(!authored.isEmpty());
        QStringList english;
        // What the walk reached beyond the examples' first views, so that a change that stops
        // reaching it fails here rather than passing on fewer texts.
        bool sawFidelity = false, sawFailure = false, sawLattice = false, sawBeyond = false, sawSweep = false,
             sawDevices = false, sawOffWalk = false, sawPruned = false, sawL0c = false, sawBudgetCut = false,
             sawEquivalent = false, sawCacheRecord = false, sawNoCorrectConfig = false,
             sawUnknownReason = false, sawTuningProgress = false, sawLatticeProgress = false,
             sawSweepProgress = false, sawDevicesProgress = false;
        // A background job held at its second report with a fraction (the first has reached the
        // window then), so that the progress row and the status bar are read mid-run. `held`
        // tells that the worker stands there: a run that ends before is not held at all.
        struct Held {
            std::shared_ptr<ts::test::PausePoint> pause = std::make_shared<ts::test::PausePoint>();
            std::shared_ptr<std::atomic<bool>> held = std::make_shared<std::atomic<bool>>(false);
        };
        auto holdJob = [](ts::gui::BackgroundJob* job, int atReport) {
            Held h;
            auto probe = std::make_shared<ts::gui::JobProbe>();
            auto reports = std::make_shared<std::atomic<int>>(0);
            probe->step = [h, reports, atReport](double fraction, const QString&) {
                if (fraction > 0 && ++*reports == atReport) {
                    *h.held = true;
                    h.pause->hold();
                }
            };
            probe->clock = ts::test::steppingClock();
            job->setProbe(probe);
            return h;
        };
        // Until a report with a fraction reached the job's followers.
        auto reported = [](QSignalSpy& spy) {
            return ts::test::waitUntil([&] {
                return std::any_of(spy.begin(), spy.end(),
                                   [](const QList<QVariant>& args) { return args.at(0).toDouble() > 0; });
            });
        };
        for (const Case& c : cases) {
            const QString path = scratch.filePath(QLatin1String(c.workload));
            ts::gui::MainWindow window;
            window.show();
            QSignalSpy opened(window.document(), &ts::gui::KernelDocument::opened);
            window.openFile(path);
            QVERIFY(ts::test::waitForCount(opened, 1));
            QVERIFY(ts::test::waitUntil([&] { return !window.document()->isBusy() && window.document()->space(); }));
            window.document()->setCacheFile(scratch.filePath(QStringLiteral("cache.sqlite")));
            QStringList texts;
            collectTexts(&window, texts);
            if (window.tuneAction()->isEnabled()) {
                // Held after the first chunk of a compile worker (the probe's first report with a
                // fraction): the progress row counts the candidates done, in the reader's language.
                const Held h = holdJob(window.document()->tuneJob(), 1);
                const ts::test::PausePoint::Opener opener{h.pause};
                QSignalSpy tuned(window.document(), &ts::gui::KernelDocument::tuningFinished);
                QSignalSpy counted(window.document(), &ts::gui::KernelDocument::tuningProgress);
                window.tuneAction()->trigger();
                window.document()->tuneJob()->setProbe(nullptr);
                QVERIFY(ts::test::waitUntil([&] { return h.held->load() || tuned.count() > 0; }));
                if (h.held->load()) {
                    QVERIFY(ts::test::waitForCount(counted));
                    QVERIFY(window.progressWidget()->isVisible());
                    collectTexts(window.progressWidget(), texts);
                    collectTexts(window.statusBar(), texts);
                    sawTuningProgress = true;
                }
                h.pause->release();
                QVERIFY(ts::test::waitForCount(tuned));
                QVERIFY(ts::test::waitUntil([&] { return !window.document()->isBusy(); }));
            }
            if (const auto result = window.document()->tuningResult();
                result && result->error && result->backendBest && !result->best) {
                sawNoCorrectConfig = true;
                collectTexts(&window, texts);
            }
            if (const auto space = window.document()->space())
                for (std::size_t i = 0; i < space->size() && !sawUnknownReason; ++i)
                    if (space->coverage(i) == ts::analysis::Coverage::Unknown &&
                        space->coverageMessage(i).id() == ts::msg::Id::CoverageUnknownBecause) {
                        window.spacePage()->selectCandidate(i);
                        collectTexts(&window, texts);
                        sawUnknownReason = true;
                    }
            // Every tab shown once, so that views built on demand are built.
            for (QTabWidget* tabs : window.findChildren<QTabWidget*>())
                for (int i = 0; i < tabs->count(); ++i)
                    tabs->setCurrentIndex(i);
            if (const auto run = window.document()->tuningRun()) {
                for (std::size_t i = 0; i < window.document()->space()->size(); ++i)
                    if (const ts::gui::TunedCandidate* t = run->entryFor(i)) {
                        if (!t->failureMessage.empty() && c.selectFailure) {
                            window.spacePage()->selectCandidate(i);
                            sawFailure = true;
                            break;
                        }
                    }
            }
            if (c.cube) {
                // A tiling the cube pruning drops for L0C, selected, with the table filtered to
                // that reason; then a candidate the 200 s budget cut before benchmarking.
                const auto space = window.document()->space();
                for (std::size_t i = 0; i < space->size() && !sawL0c; ++i)
                    if (space->reason(i) == ts::space::ReasonCode::CubeL0cCapacity) {
                        QComboBox* reasons = window.spacePage()->reasonFilter();
                        reasons->setCurrentIndex(
                            reasons->findData(int(ts::space::ReasonCode::CubeL0cCapacity)));
                        window.spacePage()->selectCandidate(i);
                        collectTexts(&window, texts);
                        reasons->setCurrentIndex(0);
                        sawL0c = true;
                    }
                if (const auto run = window.document()->tuningRun())
                    for (std::size_t i = 0; i < space->size() && !sawBudgetCut; ++i)
                        if (const ts::gui::TunedCandidate* t = run->entryFor(i);
                            t && t->status == ts::tuning::OutcomeStatus::TimeBudgetCut) {
                            window.spacePage()->selectCandidate(i);
                            collectTexts(&window, texts);
                            sawBudgetCut = true;
                        }
            }
            for (const ts::Diagnostic& d : window.document()->analysis() ? window.document()->analysis()->diagnostics
                                                                         : ts::Diagnostics{})
                sawBeyond = sawBeyond || d.code == "generation-fix" || d.code.rfind("backend-misses", 0) == 0;
            if (const auto run = window.document()->tuningRun(); run && run->result())
                for (const ts::Diagnostic& d : run->result()->diagnostics)
                    sawFidelity = sawFidelity || d.code.rfind("npu-", 0) == 0;
            // The dialogs of the Run and Tools menus, open as a reader opens them.
            auto* tools = window.findChild<ts::gui::ToolDialogs*>();
            QVERIFY(tools);
            tools->openCacheBrowser();
            QVERIFY(ts::test::waitUntil([&] { return !tools->cacheBrowser()->isBusy(); }));
            if (tools->cacheBrowser()->view()->model()->rowCount() > 0) {
                // A tuning selected: its key, facts and candidates in the details pane.
                tools->cacheBrowser()->view()->clearSelection();
                QSignalSpy shown(tools->cacheBrowser(), &ts::gui::CacheBrowser::recordShown);
                tools->cacheBrowser()->view()->selectRow(0);
                QVERIFY(ts::test::waitForCount(shown, 1));
                sawCacheRecord = true;
            }
            ts::gui::ExportDialog* exported = tools->exportConfigs();
            if (c.cube && exported) {
                // Every measured config: the configs that only repeat a faster one are reported,
                // each named in the note's tooltip.
                auto* top = exported->findChild<QSpinBox*>(QStringLiteral("topKSpin"));
                QVERIFY(top);
                top->setValue(top->maximum());
                auto* note = exported->findChild<QLabel*>(QStringLiteral("exportMessage"));
                QVERIFY(note);
                sawEquivalent = !note->toolTip().isEmpty();
            }
            ts::gui::SweepDialog* sweep = tools->openSweep();
            for (const char* action : {"compareAction", "deviceRegretAction", "compareBackendsAction"})
                if (QAction* a = window.findChild<QAction*>(QString::fromLatin1(action)); a && a->isEnabled())
                    a->trigger();
            if (auto* backends = window.findChild<ts::gui::BackendCompareDialog*>())
                QVERIFY(ts::test::waitUntil([&] { return !backends->job()->isRunning(); }));
            if (c.sweepAndDevices) {
                // A sweep of two shapes and a comparison of two devices, run to the end.
                QVERIFY(sweep);
                QString error;
                const auto ranges = sweep->ranges(&error);
                QVERIFY2(ranges && !ranges->empty(), qPrintable(error));
                QSignalSpy swept(sweep, &ts::gui::SweepDialog::finished);
                {
                    // Mid-run: the shape under way in the dialog's progress row.
                    const Held h = holdJob(sweep->job(), 2);
                    const ts::test::PausePoint::Opener opener{h.pause};
                    QSignalSpy progressed(sweep->job(), &ts::gui::BackgroundJob::progress);
                    sweep->run();
                    sweep->job()->setProbe(nullptr);
                    QVERIFY(ts::test::waitUntil([&] { return h.held->load() || swept.count() > 0; }));
                    QVERIFY(h.held->load());
                    QVERIFY(reported(progressed));
                    collectTexts(sweep, texts);
                    sawSweepProgress = true;
                }
                QVERIFY(ts::test::waitForCount(swept));
                sawSweep = true;
                ts::gui::DeviceCompareDialog* devices = nullptr;
                for (QWidget* top : QApplication::topLevelWidgets())
                    if (auto* d = qobject_cast<ts::gui::DeviceCompareDialog*>(top))
                        devices = d;
                QVERIFY(devices);
                devices->setChosenDevices({QStringLiteral("Ascend910B2"), QStringLiteral("Ascend910B4")});
                QSignalSpy compared(devices, &ts::gui::DeviceCompareDialog::comparisonFinished);
                {
                    const Held h = holdJob(devices->job(), 2);
                    const ts::test::PausePoint::Opener opener{h.pause};
                    QSignalSpy progressed(devices->job(), &ts::gui::BackgroundJob::progress);
                    QVERIFY(devices->run());
                    devices->job()->setProbe(nullptr);
                    QVERIFY(ts::test::waitUntil([&] { return h.held->load() || compared.count() > 0; }));
                    QVERIFY(h.held->load());
                    QVERIFY(reported(progressed));
                    collectTexts(devices, texts);
                    sawDevicesProgress = true;
                }
                QVERIFY(ts::test::waitForCount(compared));
                sawDevices = true;
            }
            QCoreApplication::processEvents();
            for (QWidget* top : QApplication::topLevelWidgets())
                if (top->isVisible() && top != &window)
                    collectTexts(top, texts);
            collectTexts(&window, texts);
            if (c.lattice) {
                // The lattice around the backend's list, with its notes in the analysis panel;
                // its build read mid-run in the progress row and the status bar.
                {
                    ts::gui::BackgroundJob* build = window.document()->spaceJob();
                    const Held h = holdJob(build, 2);
                    const ts::test::PausePoint::Opener opener{h.pause};
                    QSignalSpy progressed(build, &ts::gui::BackgroundJob::progress);
                    QSignalSpy built(build, &ts::gui::BackgroundJob::finished);
                    window.document()->setLattice(true);
                    build->setProbe(nullptr);
                    QVERIFY(ts::test::waitUntil([&] { return h.held->load() || built.count() > 0; }));
                    QVERIFY(h.held->load());
                    QVERIFY(reported(progressed));
                    collectTexts(window.progressWidget(), texts);
                    collectTexts(window.statusBar(), texts);
                    sawLatticeProgress = true;
                }
                QVERIFY(ts::test::waitUntil([&] {
                    return !window.document()->isBusy() && window.document()->space() &&
                           window.document()->space()->hasLattice();
                }));
                // A point the backend never visits, one off its walk and one a hard constraint
                // prunes, each selected: its reason in the detail pane.
                const auto space = window.document()->space();
                for (std::size_t i = 0; i < space->size(); ++i)
                    if (space->status(i) == ts::space::CandidateStatus::Skipped) {
                        window.spacePage()->selectCandidate(i);
                        sawLattice = true;
                        break;
                    }
                collectTexts(&window, texts);
                for (std::size_t i = 0; i < space->size() && !sawOffWalk; ++i)
                    if (space->reason(i) == ts::space::ReasonCode::OffWalk) {
                        window.spacePage()->selectCandidate(i);
                        collectTexts(&window, texts);
                        sawOffWalk = true;
                    }
                for (std::size_t i = 0; i < space->size() && !sawPruned; ++i)
                    if (space->status(i) == ts::space::CandidateStatus::Pruned) {
                        window.spacePage()->selectCandidate(i);
                        collectTexts(&window, texts);
                        sawPruned = true;
                    }
                window.document()->setLattice(false);
            }
            for (QWidget* top : QApplication::topLevelWidgets())
                if (top != &window && top->isVisible())
                    top->close();
            // What Triton-Ascend itself raises or prints is shown in its own words.
            QStringList backendWords;
            if (const auto space = window.document()->space()) {
                if (space->error())
                    backendWords << QString::fromStdString(*space->error());
                for (const std::string& w : space->backend().warnings)
                    backendWords << QString::fromStdString(w);
            }
            for (const QString& text : texts) {
                QString shown = text.mid(text.indexOf(QStringLiteral(": ")) + 2);
                if (authored.contains(shown))
                    continue;
                for (const QString& words : backendWords)
                    shown.remove(words);
                const QStringList words = englishWords(shown, names);
                if (!words.isEmpty())
                    english << QStringLiteral("%1 [%2] in %3")
                                   .arg(QString::fromLatin1(c.workload), words.join(QLatin1Char(' ')), text.left(300));
                // Chinese puts no space between two of its words: an English phrase's word order
                // kept around an argument ("默认 方法" for "default method") reads as a slip.
                // (The filter's syntax, "参数 运算符 值", is typed with its spaces.)
                const QString gap = text.startsWith(QLatin1String("QLineEdit/candidateFilter tooltip: "))
                                        ? QString()
                                        : chineseSpacingSlip(shown);
                if (!gap.isEmpty())
                    english << QStringLiteral("%1 [Chinese spacing \"%2\"] in %3")
                                   .arg(QString::fromLatin1(c.workload), gap, text.left(300));
            }
        }
        QVERIFY(sawFidelity);
        QVERIFY(sawFailure);
        QVERIFY(sawLattice);
        QVERIFY(sawBeyond);
        QVERIFY(sawSweep);
        QVERIFY(sawDevices);
        QVERIFY(sawOffWalk);
        QVERIFY(sawPruned);
        QVERIFY(sawL0c);
        QVERIFY(sawBudgetCut);
        QVERIFY(sawEquivalent);
        QVERIFY(sawCacheRecord);
        QVERIFY(sawNoCorrectConfig);
        QVERIFY(sawUnknownReason);
        QVERIFY(sawTuningProgress);
        QVERIFY(sawLatticeProgress);
        QVERIFY(sawSweepProgress);
        QVERIFY(sawDevicesProgress);
        english.removeDuplicates();
        QVERIFY(ts::gui::installLanguage(QStringLiteral("en")));
        // Each on a line of its own: QTest cuts a long failure message short.
        for (const QString& line : english)
            qWarning("English in zh_CN: %s", qPrintable(QString(line).replace(QLatin1Char('\n'), QStringLiteral(" | "))));
        QVERIFY2(english.isEmpty(),
                 qPrintable(QStringLiteral("%1 texts hold English (listed above)").arg(english.size())));
    }

    // The check sees English where there is some, and lets names through.
    void theEnglishCheckSeesEnglish()
    {
        const QSet<QString> names = {QStringLiteral("XBLOCK")};
        QCOMPARE(englishWords(QStringLiteral("UB overflow"), names), QStringList{QStringLiteral("overflow")});
        QVERIFY(englishWords(QStringLiteral("已生成 XBLOCK=64 · num_warps 2 · 192 KiB"),
                             names + QSet<QString>{QStringLiteral("KiB")})
                    .isEmpty());
        QVERIFY(englishWords(QStringLiteral("/tmp/TileScope-XlCMvK/cache.sqlite"), names).isEmpty());
        QCOMPARE(chineseSpacingSlip(QStringLiteral("（默认 方法，模拟器 sim-5）")), QStringLiteral("认 方"));
        QVERIFY(chineseSpacingSlip(QStringLiteral("切分参数    分块参数")).isEmpty());
        QCOMPARE(chineseSpacingSlip(QStringLiteral("以内 (最小列表):")), QStringLiteral("表)"));
        QVERIFY(chineseSpacingSlip(QStringLiteral("以内（最小列表）：网格 (32, 1, 1)")).isEmpty());
        QVERIFY(chineseSpacingSlip(QStringLiteral("（方法：默认，模拟器 sim-5，后端 2026-08）")).isEmpty());
    }

    // Core's messages reach the reader in Chinese, arguments and all, a message inside a message
    // too; a text no catalogue entry made stays as it is.
    void coreMessagesAreTranslated()
    {
        using ts::msg::Id;
        QVERIFY(ts::gui::installLanguage(QStringLiteral("zh_CN")));
        static const QRegularExpression chinese(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        const std::string drops = ts::msg::text(Id::CubePruningDrops, {6352, 6000, 300, 50, 2});
        const QString zh = ts::gui::coreText(drops);
        QVERIFY2(zh.contains(chinese) && zh.contains(QLatin1String("6352")) &&
                     zh.contains(QLatin1String("6000")),
                 qPrintable(zh));
        QVERIFY2(englishWords(zh, {QStringLiteral("Cube")}).isEmpty(), qPrintable(zh));
        const QString ub =
            ts::gui::coreText(ts::msg::text(Id::UbOverflowWithOptions, {200, 12, "multibuffer=True", 192}));
        QVERIFY2(ub.contains(chinese) && ub.contains(QLatin1String("multibuffer=True")) &&
                     ub.contains(QLatin1String("200")),
                 qPrintable(ub));
        QCOMPARE(ts::gui::coreText(std::string("row_scale_kernel")), QStringLiteral("row_scale_kernel"));
        // A list as the last argument keeps its lines, each translated: a compile failure's live tiles.
        const std::string tiles =
            "\n  x: float32[32, 1024] 128 KiB @ line 35\n  " + ts::msg::text(Id::TemporaryTile) + ": 128 KiB @ line 39";
        const QString overflow = ts::gui::coreText(ts::msg::text(Id::UbOverflowLive, {257, 39, 192, tiles}));
        const QStringList lines = overflow.split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 3);
        QVERIFY2(lines[1].startsWith(QLatin1String("  x: float32[32, 1024] 128 KiB")) && lines[1].contains(QLatin1String("35")),
                 qPrintable(overflow));
        for (const QString& line : lines)
            QVERIFY2(line.contains(chinese) && englishWords(line, {QStringLiteral("KiB")}).isEmpty(), qPrintable(overflow));
        // Every catalogue entry has its translation in the .ts file.
        QSet<QString> translated;
        for (const Message& m : readTs())
            if (m.context == QLatin1String("ts::Message"))
                translated << m.source;
        for (const ts::msg::Entry& e : ts::msg::catalogue())
            QVERIFY2(
                translated.contains(QString::fromUtf8(e.english.data(), qsizetype(e.english.size()))),
                qPrintable(QStringLiteral(
                               "%1 has no zh_CN translation (run the tilescope_update_translations target)")
                               .arg(QString::fromUtf8(e.name.data(), qsizetype(e.name.size())))));
        QVERIFY(ts::gui::installLanguage(QStringLiteral("en")));
        QCOMPARE(ts::gui::coreText(drops), QString::fromStdString(drops));
    }

    // A message core carries by id is written from its id: an argument that reads like another
    // entry (a parameter named "incorrect", a user's text quoting a message) stays as written,
    // where reading the English back would translate it as that entry.
    void aMessageIsRenderedFromItsId()
    {
        using ts::msg::Id;
        QVERIFY(ts::gui::installLanguage(QStringLiteral("zh_CN")));
        static const QRegularExpression chinese(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        const ts::msg::Message key(Id::GuideKeyUnknownArg, {"incorrect", "coverage unknown"});
        const QString fromId = ts::gui::coreText(key);
        QVERIFY2(fromId.contains(chinese), qPrintable(fromId));
        QVERIFY2(fromId.contains(QLatin1String("'incorrect'")) && fromId.contains(QLatin1String("coverage unknown")),
                 qPrintable(fromId));
        // The same text read back from its English takes the arguments for the entries they quote.
        const QString readBack = ts::gui::coreText(key.english());
        QVERIFY2(!readBack.contains(QLatin1String("'incorrect'")), qPrintable(readBack));
        QVERIFY(readBack != fromId);
        // A Diagnostic's id wins over its English; without an id (an old record) the English is read.
        ts::Diagnostic d;
        d.say(key);
        QCOMPARE(d.message, key.english());
        QCOMPARE(ts::gui::coreText(d.text, d.message), fromId);
        QCOMPARE(ts::gui::coreText(ts::msg::Message(), d.message), readBack);
        // A text that came with no id (a compile failure read from the cache) is read back like
        // a plain string: its English is what the CLI prints, and it never matches everything.
        const ts::msg::Message fromCache = ts::msg::Message::asWritten(key.english());
        QCOMPARE(fromCache.english(), key.english());
        QCOMPARE(ts::gui::coreText(fromCache), readBack);
        QCOMPARE(ts::gui::coreText(ts::msg::Message::asWritten("row_scale_kernel")), QStringLiteral("row_scale_kernel"));
        // A message inside a message, and a list of lines whose lines are messages.
        ts::msg::Arg tiles = "\n  ";
        tiles += ts::msg::Message(Id::LiveTileAtLine, {ts::msg::Message(Id::TemporaryTile), 39});
        const ts::msg::Message overflow(Id::UbOverflowLive, {257, 39, 192, tiles});
        const QString zh = ts::gui::coreText(overflow);
        QCOMPARE(zh.count(QLatin1Char('\n')), 1);
        for (const QString& line : zh.split(QLatin1Char('\n')))
            QVERIFY2(line.contains(chinese) && englishWords(line, {QStringLiteral("KiB")}).isEmpty(), qPrintable(zh));
        QVERIFY(ts::gui::installLanguage(QStringLiteral("en")));
        // In English the explorer shows what the CLI prints.
        QCOMPARE(ts::gui::coreText(overflow), QString::fromStdString(overflow.english()));
        QCOMPARE(ts::gui::coreText(key), QString::fromStdString(key.english()));
    }

    // What the launch model, the guide's rules and a tuning say reaches the explorer as message
    // ids all the way down: why coverage is unknown, why a grid must stay, a version's advice on
    // a tunable parameter and a tuning's error read in Chinese with the read-back of English
    // switched off, so that none of them needs their English taken apart again.
    void coreArgumentsAreRenderedFromTheirIds()
    {
        using ts::msg::Id;
        static const QRegularExpression chinese(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        const QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString header = QStringLiteral(
            "import triton\nimport triton.language as tl\nimport triton.backends.ascend.runtime\n\n"
            "@triton.autotune(configs=[], key=['n'])\n@triton.jit\n");
        const QString args = QStringLiteral(
            R"("x_ptr": {"tensor": "float32", "shape": [8000]}, "y_ptr": {"tensor": "float32", "shape": [8000]}, "n": 8000)");
        auto write = [&](const QString& stem, const QString& body, const QString& grid) {
            QFile py(dir.filePath(stem + QStringLiteral(".py")));
            QFile json(dir.filePath(stem + QStringLiteral(".json")));
            if (!py.open(QIODevice::WriteOnly) || !json.open(QIODevice::WriteOnly))
                return std::string();
            py.write((header + body).toUtf8());
            json.write(QStringLiteral(R"({"kernel": "%1.py", "args": {%2}, "grid": %3})")
                           .arg(stem, args, grid)
                           .toUtf8());
            return json.fileName().toStdString();
        };
        // A loop striding by the grid: the grid must stay. A defaulted BLOCK: the version's advice.
        // An index through a conditional: coverage unknown.
        const std::string strided = write(QStringLiteral("strided"),
                                          QStringLiteral(R"(def scale(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    for start in range(tl.program_id(0) * BLOCK, n, 8 * BLOCK):
        offs = start + tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2, mask=mask)
)"),
                                          QStringLiteral("[8]"));
        const std::string defaulted =
            write(QStringLiteral("defaulted"),
                  QStringLiteral(R"(def scale(x_ptr, y_ptr, n, BLOCK: tl.constexpr = 512):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2, mask=mask)
)"),
                  QStringLiteral(R"g("lambda meta: (triton.cdiv(n, meta['BLOCK']),)")g"));
        const std::string conditional = write(
            QStringLiteral("conditional"), QStringLiteral(R"(def scale(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    start = tl.program_id(0) * BLOCK if n > 0 else 0
    offs = start + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs) * 2)
)"),
            QStringLiteral(R"g("lambda meta: (triton.cdiv(n, meta['BLOCK']),)")g"));
        QVERIFY(!strided.empty() && !defaulted.empty() && !conditional.empty());

        QVERIFY(ts::gui::installLanguage(QStringLiteral("zh_CN")));
        ts::gui::setEnglishReadBack(false);
        // On again however the test ends: the other tests read cached English back.
        const std::shared_ptr<void> restore(nullptr, [](void*) { ts::gui::setEnglishReadBack(true); });
        const QSet<QString> names = {QStringLiteral("BLOCK"),
                                     QStringLiteral("grid"),
                                     QStringLiteral("Triton-Ascend"),
                                     QStringLiteral("Triton"),
                                     QStringLiteral("tunable_parameter"),
                                     QStringLiteral("hints"),
                                     QStringLiteral("n"),
                                     QStringLiteral("x_ptr"),
                                     QStringLiteral("y_ptr"),
                                     QStringLiteral("offs"),
                                     QStringLiteral("start"),
                                     QStringLiteral("autotune"),
                                     QStringLiteral("triton"),
                                     QStringLiteral("lambda"),
                                     QStringLiteral("meta"),
                                     QStringLiteral("cdiv")};
        QStringList problems;
        auto check = [&](const QString& what, const ts::msg::Message& message) {
            const QString zh = ts::gui::coreText(message);
            const QStringList words = englishWords(zh, names);
            if (!zh.contains(chinese) || !words.isEmpty())
                problems << what + QStringLiteral(": ") + zh + QStringLiteral(" [") +
                                words.join(QLatin1Char(' ')) + QLatin1Char(']');
        };
        std::set<std::string> seen;
        for (const ts::kernel::BackendVersion version : ts::kernel::backendVersions())
            for (const std::string& file : {strided, defaulted, conditional}) {
                ts::kernel::WorkloadLoadResult loaded = ts::kernel::loadWorkload(file);
                QVERIFY(loaded.workload);
                loaded.workload->backend = version;
                const ts::pipeline::AnalyzeResult analysed = ts::pipeline::analyze({*loaded.workload});
                QVERIFY(analysed.ok());
                for (const ts::Diagnostic& d : analysed.analysis->diagnostics)
                    if (d.code == "split-fixed-by-grid" || d.code == "grid-must-stay" ||
                        d.code == "tunable-has-default" || d.code == "tunable-fixed-at-launch") {
                        seen.insert(d.code);
                        check(QString::fromStdString(d.code), d.text);
                    }
                if (const auto& launch = analysed.analysis->launch; launch && file == conditional) {
                    const ts::msg::Message unknown =
                        launch->coverageMessage(launch->evaluate({{"BLOCK", 512}}));
                    QCOMPARE(unknown.id(), Id::CoverageUnknownBecause);
                    seen.insert("coverage-unknown");
                    check(QStringLiteral("coverage"), unknown);
                }
            }
        QVERIFY2(seen.count("split-fixed-by-grid") + seen.count("grid-must-stay") > 0 &&
                     seen.count("tunable-has-default") && seen.count("coverage-unknown"),
                 qPrintable(QString::number(seen.size())));

        // A tuning's error: a lattice subset with no valid point (XBLOCK=3 is not aligned), its
        // count grouped.
        static const ts::npu::DeviceRegistry registry = ts::npu::DeviceRegistry::loadBundled();
        const ts::npu::DeviceProfile* device = registry.find("Ascend910B2");
        QVERIFY(device);
        ts::kernel::WorkloadLoadResult loaded =
            ts::kernel::loadWorkload(ts::test::examplePath("add.json").toStdString());
        QVERIFY(loaded.workload);
        const ts::pipeline::AnalyzeResult analysed = ts::pipeline::analyze({*loaded.workload});
        QVERIFY(analysed.ok());
        ts::pipeline::TuneRequest request;
        request.analysis = analysed.analysis;
        request.device = *device;
        request.options.lattice = true;
        request.options.subset.filter = "XBLOCK=3";
        const ts::pipeline::TuneResult tuned = ts::pipeline::tune(request);
        QVERIFY(tuned.error && tuned.result);
        QCOMPARE(tuned.error->id(), Id::TuningSubsetNoValidPoint);
        check(QStringLiteral("tuning"), *tuned.error);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));

        // The text read back from its English (a cached record's) reads in Chinese again only
        // with the read-back on.
        const std::string english = tuned.error->english();
        QCOMPARE(ts::gui::coreText(english), QString::fromStdString(english));
        ts::gui::setEnglishReadBack(true);
        QVERIFY(ts::gui::coreText(english).contains(chinese));
        QVERIFY(ts::gui::benchMethodText(ts::npu::BenchMethod::Default).contains(chinese));
        QCOMPARE(ts::gui::benchMethodText(std::string("npu")), QStringLiteral("npu"));
        QVERIFY(ts::gui::installLanguage(QStringLiteral("en")));
        QCOMPARE(ts::gui::benchMethodText(std::string("default")), QStringLiteral("default"));
        QCOMPARE(ts::gui::coreText(*tuned.error), QString::fromStdString(english));
    }

    // A workload's own problems reach the explorer by id: opened in zh_CN with the read-back of
    // English off, its grid that cannot be evaluated and its argument the kernel does not take
    // read in Chinese in the kernel page's list, the evaluator's own words kept as they are.
    void aWorkloadsProblemsAreRenderedFromTheirIds()
    {
        using ts::msg::Id;
        QVERIFY(ts::gui::installLanguage(QStringLiteral("zh_CN")));
        const auto restore = readFromIdsOnly();
        static const QRegularExpression chinese(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        const QTemporaryDir scratch;
        QVERIFY(!ts::test::copyExample(scratch, "add.json", "add.py").isEmpty());
        const QString path = scratch.filePath(QStringLiteral("bad.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"kernel": "add.py", "function": "add_kernel", "device": "Ascend910B2",
            "args": {"x_ptr": {"tensor": "float16", "shape": [98432]}, "y_ptr": {"tensor": "float16", "shape": [98432]},
                     "out_ptr": {"tensor": "float16", "shape": [98432]}, "n_elements": 98432, "extra": 1},
            "grid": "undefined_grid"})");
        file.close();
        ts::gui::MainWindow window;
        QSignalSpy opened(window.document(), &ts::gui::KernelDocument::opened);
        window.openFile(path);
        QVERIFY(ts::test::waitForCount(opened, 1));
        QVERIFY(ts::test::waitUntil([&] { return !window.document()->isBusy(); }));

        auto shown = [&](const char* code) {
            const QTreeWidget* list = window.kernelPage()->diagnosticsList();
            for (int i = 0; i < list->topLevelItemCount(); ++i)
                if (list->topLevelItem(i)->text(2) == QLatin1String(code))
                    return list->topLevelItem(i)->text(3);
            return QString();
        };
        const QString grid = shown("bad-grid");
        QVERIFY2(grid.contains(chinese) && grid.contains(QLatin1String("undefined_grid")), qPrintable(grid));
        QVERIFY2(!grid.startsWith(QLatin1String("the grid cannot be evaluated")), qPrintable(grid));
        const QString argument = shown("unknown-argument");
        QVERIFY2(argument.contains(chinese) && argument.contains(QLatin1String("'extra'")),
                 qPrintable(argument));

        // A workload that does not load at all: why, as the window says it cannot open the file.
        const QString broken = scratch.filePath(QStringLiteral("broken.json"));
        QFile brokenFile(broken);
        QVERIFY(brokenFile.open(QIODevice::WriteOnly));
        brokenFile.write(R"({"kernel": "add.py",)");
        brokenFile.close();
        QSignalSpy failed(window.document(), &ts::gui::KernelDocument::openFailed);
        window.openFile(broken);
        QVERIFY(ts::test::waitForCount(failed, 1));
        const QString why = failed.front().at(1).toString();
        QVERIFY2(why.startsWith(broken + QLatin1Char(':')) && why.contains(QLatin1String("[bad-workload]")),
                 qPrintable(why));
        QVERIFY2(why.contains(QCoreApplication::translate("ts::gui::KernelDocument", "error")) &&
                     why.contains(chinese) && !why.contains(QLatin1String("not valid JSON")) &&
                     !why.contains(QLatin1String(": error: ")),
                 qPrintable(why));
    }

    // Texts the explorer once read back from core's English: a sweep range it cannot read (the
    // dialog's error and the row's tooltip), a lattice filter it cannot read, a failed shape of a
    // sweep. With the read-back off each still reads in Chinese, so each is written from its id
    // where the explorer shows it.
    // What the config cache says when it cannot do what the cache browser asked, in the reader's
    // language: the cache's own sentence from its id (read-back off), and a record's problem the
    // cache passes on read back to its entry (read-back on). It said "cannot open the cache: ..."
    // and "... is not a TileScope cache export" in English.
    void aCachesOwnWordsAreRenderedFromTheirIds()
    {
        using ts::msg::Id;
        QVERIFY(ts::gui::installLanguage(QStringLiteral("zh_CN")));
        const auto restore = readFromIdsOnly();
        // An entry's translated words before its first placeholder, or all of them.
        auto leadingWords = [](Id id) {
            const std::string english(ts::msg::entry(id).english);
            const QString format = QCoreApplication::translate("ts::Message", english.c_str());
            const qsizetype at = format.indexOf(QLatin1Char('%'));
            return at < 0 ? format : format.left(at);
        };
        const QTemporaryDir scratch;
        const QDir dir(scratch.path());
        auto write = [&](const char* name, const QByteArray& text) {
            QFile file(dir.filePath(QString::fromLatin1(name)));
            return file.open(QIODevice::WriteOnly) && file.write(text) == text.size() ? file.fileName() : QString();
        };
        ts::gui::CacheBrowser browser;
        auto messageAfter = [&](auto&& action) {
            QSignalSpy done(&browser, &ts::gui::CacheBrowser::operationFinished);
            action();
            return ts::test::waitUntil([&] { return !browser.isBusy(); }) ? browser.messageBar()->text() : QString();
        };

        // A folder where the cache file should be.
        QVERIFY(dir.mkpath(QStringLiteral("folder.sqlite")));
        const QString cannotOpen = leadingWords(Id::CacheCannotOpenBecause);
        QVERIFY(!cannotOpen.isEmpty() && !cannotOpen.startsWith(QLatin1String("cannot")));
        QString shown = messageAfter([&] { browser.openCache(dir.filePath(QStringLiteral("folder.sqlite"))); });
        QVERIFY2(shown.contains(cannotOpen) && !shown.contains(QLatin1String("cannot open the cache")), qPrintable(shown));

        // Imports into a fresh cache: a file that is no export, an export whose measurements are
        // not a list.
        browser.openCache(dir.filePath(QStringLiteral("cache.sqlite")), true);
        QVERIFY(ts::test::waitUntil([&] { return !browser.isBusy() && browser.hasCache(); }));
        const QString notExport = write("other.json", R"({"format": "something else"})");
        QVERIFY(!notExport.isEmpty());
        shown = messageAfter([&] { browser.importJson(notExport); });
        const QString notExportWords = QCoreApplication::translate(
            "ts::Message", std::string(ts::msg::entry(Id::CacheNotAnExport).english).c_str());
        QVERIFY(notExportWords.startsWith(QLatin1String("%1")));
        QVERIFY2(shown.contains(notExportWords.mid(2, notExportWords.indexOf(QLatin1Char('"')) - 2)) &&
                     !shown.contains(QLatin1String("is not a TileScope cache export")),
                 qPrintable(shown));
        const QString notAList =
            write("measured.json",
                  R"({"format": "tilescope-config-cache", "version": 1, "tunings": [], "measurements": 3})");
        shown = messageAfter([&] { browser.importJson(notAList); });
        QVERIFY2(shown.contains(leadingWords(Id::CacheMeasurementsWord)) && !shown.contains(QLatin1String("must be a list of")),
                 qPrintable(shown));

        // A record the export holds that is not an object: the cache's sentence and the record's
        // problem, read back, both translated.
        ts::gui::setEnglishReadBack(true);
        const QString badRecord = write("record.json", R"({"format": "tilescope-config-cache", "version": 1, "tunings": [7]})");
        shown = messageAfter([&] { browser.importJson(badRecord); });
        const QString expectedObject = QCoreApplication::translate(
            "ts::Message", std::string(ts::msg::entry(Id::RecordExpectedObject).english).c_str());
        QVERIFY(expectedObject.startsWith(QLatin1String("%1")));
        QVERIFY2(shown.contains(QStringLiteral("tunings[0]") + expectedObject.mid(2)) &&
                     !shown.contains(QLatin1String("expected an object")),
                 qPrintable(shown));
    }

    void onceReadBackTextsAreRenderedFromTheirIds()
    {
        using ts::msg::Id;
        QVERIFY(ts::gui::installLanguage(QStringLiteral("zh_CN")));
        const auto restore = readFromIdsOnly();
        // The translated words of an entry around its placeholders, as the explorer shows them.
        auto translated = [](Id id) {
            const std::string english(ts::msg::entry(id).english);
            return QCoreApplication::translate("ts::Message", english.c_str());
        };
        auto wordsAfter = [](const QString& format, const char* placeholder) {
            return format.mid(format.indexOf(QLatin1String(placeholder)) + 2);
        };
        auto wordsBefore = [](const QString& format, const char* placeholder) {
            return format.left(format.indexOf(QLatin1String(placeholder)));
        };
        // The longest stretch of an entry's own words, wherever its placeholders fall.
        auto longestWords = [](const QString& format) {
            static const QRegularExpression placeholder(QStringLiteral("%[1-9]"));
            QString longest;
            for (const QString& words : format.split(placeholder))
                if (words.size() > longest.size())
                    longest = words;
            return longest;
        };
        const QString endBeforeStart = wordsAfter(translated(Id::SweepRangeEndBeforeStart), "%1");
        const QString filterNotRead = wordsBefore(translated(Id::LatticeFilterNotUnderstood), "%1");
        const QString noConfig = translated(Id::TuningFoundNoConfig);
        QVERIFY(!endBeforeStart.isEmpty() && !filterNotRead.isEmpty());
        QVERIFY(endBeforeStart != QStringLiteral("': END is smaller than START")); // translated

        const QTemporaryDir scratch;
        const QString path = ts::test::copyExample(scratch, "add.json", "add.py");
        QVERIFY(!path.isEmpty());
        ts::gui::MainWindow window;
        QSignalSpy opened(window.document(), &ts::gui::KernelDocument::opened);
        window.openFile(path);
        QVERIFY(ts::test::waitForCount(opened, 1));
        QVERIFY(
            ts::test::waitUntil([&] { return !window.document()->isBusy() && window.document()->space(); }));

        // A sweep range whose end is before its start.
        static const ts::npu::DeviceRegistry registry = ts::npu::DeviceRegistry::loadBundled();
        ts::gui::SweepDialog sweep;
        sweep.setLaunch(window.document()->analysis(),
                        registry.find(window.document()->analysis()->workload.device), {});
        QVERIFY(sweep.rangeTable()->rowCount() > 0);
        sweep.rangeTable()->item(0, ts::gui::SweepDialog::FromColumn)->setText(QStringLiteral("4096"));
        sweep.rangeTable()->item(0, ts::gui::SweepDialog::ToColumn)->setText(QStringLiteral("1024"));
        QString error;
        QVERIFY(!sweep.ranges(&error));
        QVERIFY2(error.contains(endBeforeStart), qPrintable(error));
        const QString tip = sweep.rangeTable()->item(0, ts::gui::SweepDialog::CountColumn)->toolTip();
        QVERIFY2(tip.contains(endBeforeStart), qPrintable(tip));

        // A lattice filter naming a dimension the lattice shown does not have.
        window.document()->setLattice(true);
        QVERIFY(ts::test::waitUntil(
            [&] { return !window.document()->isBusy() && window.document()->space()->hasLattice(); }));
        QVERIFY(!window.document()->tuneLattice({"XBLOK>=1024", {}, 0}));
        QVERIFY2(window.document()->tuneProblem().startsWith(filterNotRead),
                 qPrintable(window.document()->tuneProblem()));

        // A shape whose tuning found no config.
        auto result = std::make_shared<ts::sweep::SweepResult>();
        ts::sweep::ShapeOutcome& failed = result->shapes.emplace_back();
        failed.shape.values = {{"n_elements", 4096}};
        failed.error = ts::msg::Message(Id::TuningFoundNoConfig);
        ts::gui::SweepTableModel shapes;
        shapes.setResult(result);
        const QString source =
            shapes.data(shapes.index(0, ts::gui::SweepTableModel::Source), Qt::DisplayRole).toString();
        QVERIFY2(source.contains(noConfig), qPrintable(source));

        // A device comparison stopped while the second device tunes: no list serves both devices,
        // and the dialog says why, the device's own reason included.
        {
            const QString nothingRuns = wordsBefore(translated(Id::DeviceListNothingRuns), "%1");
            QVERIFY(!nothingRuns.isEmpty() && nothingRuns != QStringLiteral("no config runs on "));
            ts::tuning::TuningOptions options;
            options.jobs = 1;
            ts::gui::DeviceCompareDialog dialog(window.document()->analysis(), &registry, options, {});
            dialog.setChosenDevices({QStringLiteral("Ascend910B2"), QStringLiteral("Ascend910B4")});
            // The second step's stage as the dialog writes it in this language ("Step 2 of ...").
            QString second = QCoreApplication::translate("ts::gui::DeviceCompareDialog", "Step %1 of %2: %3");
            second = second.left(second.indexOf(QLatin1String("%2")))
                         .replace(QLatin1String("%1"), QLatin1String("2"));
            auto pause = std::make_shared<ts::test::PausePoint>();
            const ts::test::PausePoint::Opener opener{pause};
            auto probe = std::make_shared<ts::gui::JobProbe>();
            probe->step = [pause, second](double, const QString& stage) {
                if (stage.startsWith(second))
                    pause->hold();
            };
            probe->clock = ts::test::steppingClock();
            dialog.job()->setProbe(probe);
            QSignalSpy done(&dialog, &ts::gui::DeviceCompareDialog::comparisonFinished);
            QVERIFY(dialog.run());
            pause->waitUntilHeld();
            dialog.stop();
            pause->release();
            QVERIFY(ts::test::waitForCount(done));
            QVERIFY(dialog.result() && dialog.result()->ok());
            const ts::sweep::DeviceComparison& c = dialog.result()->comparison;
            QVERIFY(!c.listExists);
            const QString english = QString::fromStdString(c.noList.english());
            QVERIFY2(english.startsWith(QLatin1String("no config runs on ")), qPrintable(english));
            for (const QString& shown : {dialog.summary()->text(), dialog.exportList(QString())}) {
                QVERIFY2(shown.contains(nothingRuns) && !shown.contains(english), qPrintable(shown));
                for (const ts::sweep::DeviceEntry& d : c.devices)
                    if (d.error)
                        QVERIFY2(shown.contains(ts::gui::coreText(*d.error)) &&
                                     !shown.contains(QString::fromStdString(d.error->english())),
                                 qPrintable(shown));
            }
        }

        // The cache browser's prune confirmation: each tuning's reason in the reader's language.
        {
            const QString staleReason = translated(Id::PruneStale);
            QVERIFY(staleReason != QStringLiteral("stale: the kernel source changed"));
            std::optional<ts::cache::TuningRecord> stale =
                ts::test::tuneRecord(*window.document()->analysis());
            QVERIFY(stale);
            stale->key.sourceHash = ts::cache::sourceHashOf("def add_kernel(): pass  # an older version");
            const QString cachePath = QDir(scratch.path()).filePath(QStringLiteral("prune.sqlite"));
            {
                auto opened = ts::cache::ConfigCache::open(std::filesystem::path(cachePath.toStdString()));
                QVERIFY(opened.ok());
                QVERIFY(opened.cache->store(*stale).ok());
            }
            ts::gui::CacheBrowser browser;
            browser.setKernel(window.document()->analysis());
            browser.openCache(cachePath);
            QVERIFY(ts::test::waitUntil([&] { return !browser.isBusy(); }));
            // The confirmation is read and cancelled once it is up: nothing is removed.
            QString asked;
            QTimer answer;
            answer.setInterval(20);
            connect(&answer, &QTimer::timeout, &answer, [&] {
                if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                    asked = box->text();
                    answer.stop();
                    box->button(QMessageBox::Cancel)->click();
                }
            });
            answer.start();
            browser.pruneStale();
            QVERIFY(ts::test::waitUntil([&] { return !asked.isEmpty() && !browser.isBusy(); }));
            QVERIFY2(asked.contains(staleReason) &&
                         !asked.contains(QLatin1String("the kernel source changed")),
                     qPrintable(asked));
        }

        // A measured comparison of one config: its rank statistics have no value.
        {
            const std::filesystem::path data = ts::test::dataDir() / "measure";
            QFile in(QString::fromStdString((data / "add_runner.json").string()));
            QVERIFY(in.open(QIODevice::ReadOnly));
            QJsonObject run = QJsonDocument::fromJson(in.readAll()).object();
            const QDir dataDir(QString::fromStdString(data.string()));
            QJsonObject workload = run[QStringLiteral("workload")].toObject();
            workload[QStringLiteral("kernel")] =
                QFileInfo(dataDir.filePath(workload[QStringLiteral("kernel")].toString()))
                    .canonicalFilePath();
            run[QStringLiteral("workload")] = workload;
            run[QStringLiteral("workload_file")] =
                dataDir.filePath(run[QStringLiteral("workload_file")].toString());
            // One timed config and one that failed to compile (the fixture's ninth).
            const QJsonArray entries = run[QStringLiteral("candidates")].toArray();
            QCOMPARE(entries.at(8).toObject()[QStringLiteral("status")].toString(), QStringLiteral("compile_failed"));
            run[QStringLiteral("candidates")] = QJsonArray{entries.first(), entries.at(8)};
            const QString one = QDir(scratch.path()).filePath(QStringLiteral("one.json"));
            QFile out(one);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(QJsonDocument(run).toJson());
            out.close();
            ts::pipeline::MeasureImportRequest import;
            import.files = {one.toStdString()};
            import.cachePath = std::filesystem::path(scratch.path().toStdString()) / "measured.sqlite";
            QVERIFY(ts::pipeline::importMeasurements(import).ok());
            auto analysis = ts::test::analyseFile(QString::fromStdString((data / "add.json").string()));
            QVERIFY(analysis);
            ts::tuning::TuningOptions options;
            options.jobs = 1;
            ts::gui::MeasuredCompareDialog dialog(analysis, *registry.find(analysis->workload.device),
                                                  options, import.cachePath);
            QSignalSpy done(&dialog, &ts::gui::MeasuredCompareDialog::comparisonFinished);
            QVERIFY(dialog.run());
            QVERIFY(ts::test::waitForCount(done));
            QVERIFY(dialog.result() && dialog.result()->ok());
            QCOMPARE(dialog.result()->agreement.n, std::size_t(1));
            const QString noValue = QCoreApplication::translate("ts::gui::MeasuredCompareDialog", "n/a",
                                                                "a statistic with no value");
            QVERIFY(noValue != QStringLiteral("n/a"));
            const QString summary = dialog.summary()->text();
            QVERIFY2(summary.contains(noValue) && !summary.contains(QLatin1String("n/a")),
                     qPrintable(summary));
            // The failed config's measured cell says how it ended in the reader's words, not
            // the status's code.
            const QString failed = QCoreApplication::translate("ts::gui::MeasuredCompareDialog",
                                                               "failed to compile", "a measured config's status");
            QVERIFY(failed != QStringLiteral("failed to compile"));
            QStringList measuredCells;
            for (int row = 0; row < dialog.table()->rowCount(); ++row)
                measuredCells << dialog.table()->item(row, 0)->text();
            QVERIFY2(measuredCells.contains(failed) && !measuredCells.contains(QStringLiteral("compile_failed")),
                     qPrintable(measuredCells.join(QLatin1Char('|'))));

            // Nothing to compare: the summary says why in the reader's language, whether there is
            // no cache at all or its measurements are of another launch.
            const QString softmaxPath = ts::test::copyExample(scratch, "softmax.json", "softmax.py");
            auto softmax = ts::test::analyseFile(softmaxPath);
            QVERIFY(softmax);
            const struct {
                std::shared_ptr<const ts::analysis::KernelAnalysis> analysis;
                std::filesystem::path cache;
                Id why;
            } nothing[] = {
                {analysis, std::filesystem::path(scratch.path().toStdString()) / "absent.sqlite",
                 Id::MeasureCompareNoCache},
                {softmax, import.cachePath, Id::MeasureCompareNoneOfLaunch},
            };
            for (const auto& [launch, cachePath, why] : nothing) {
                ts::gui::MeasuredCompareDialog empty(launch, *registry.find(launch->workload.device), options,
                                                     cachePath);
                QSignalSpy finished(&empty, &ts::gui::MeasuredCompareDialog::comparisonFinished);
                QVERIFY(empty.run());
                QVERIFY(ts::test::waitForCount(finished));
                QVERIFY(empty.result() && empty.result()->error);
                QCOMPARE(empty.result()->error->id(), why);
                const QString words = longestWords(translated(why));
                const QString english = QString::fromStdString(empty.result()->error->english());
                const QString shown = empty.summary()->text();
                QVERIFY2(shown.contains(words) && !shown.contains(english), qPrintable(shown));
            }
        }

        // A tuning made under a backend version this build does not model: the export says why
        // Triton's cache file cannot be written.
        {
            std::optional<ts::cache::TuningRecord> record =
                ts::test::tuneRecord(*window.document()->analysis());
            QVERIFY(record);
            record->key.backend = "2099-01";
            ts::gui::ExportDialog dialog;
            dialog.setRecord(std::make_shared<const ts::cache::TuningRecord>(*record),
                             ts::gui::decoratorContextFor(*record, window.document()->analysis().get()));
            dialog.setFormat(ts::gui::ExportDialog::Format::TritonJson);
            const QString notModelled = longestWords(translated(Id::ExportBackendNotModelled));
            QVERIFY2(dialog.error().contains(notModelled) &&
                         !dialog.error().contains(QLatin1String("which this build does not model")),
                     qPrintable(dialog.error()));
        }
    }

    // A count inside a message is grouped: in English as the CLI prints it ("4,096"), in the
    // explorer by the reader's locale; a plain number (a line, a config's value) is not.
    void countsInMessagesAreGrouped()
    {
        using ts::msg::Id;
        const ts::msg::Message m(Id::CoverageCovers, {ts::msg::count(4096), ts::msg::count(8192), "rows"});
        QCOMPARE(m.english(), std::string("covers 4,096 of 8,192 rows"));
        QCOMPARE(ts::msg::Message(Id::CoverageCovers, {4096, 8192, "rows"}).english(),
                 std::string("covers 4096 of 8192 rows"));
        QVERIFY(ts::gui::installLanguage(QStringLiteral("en")));
        QCOMPARE(ts::gui::coreText(m), QStringLiteral("covers 4,096 of 8,192 rows"));
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        const QString german = ts::gui::coreText(m);
        QLocale::setDefault(before);
        QCOMPARE(german, QStringLiteral("covers 4.096 of 8.192 rows"));
    }

    // Every reason a candidate can carry has a label of its own in both languages: the table's
    // reason column and its filter list show them (the cube kernels' codes included).
    void everyReasonHasALabel()
    {
        for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            QVERIFY(ts::gui::installLanguage(language));
            QVERIFY(ts::gui::reasonLabel(ts::space::ReasonCode::None).isEmpty());
            QSet<QString> labels;
            for (int r = 1; r < ts::space::kReasonCodeCount; ++r) {
                const QString label = ts::gui::reasonLabel(ts::space::ReasonCode(r));
                QVERIFY2(!label.isEmpty(), qPrintable(QStringLiteral("%1: reason %2").arg(language).arg(r)));
                labels << label;
            }
            QCOMPARE(labels.size(), ts::space::kReasonCodeCount - 1);
        }
        QVERIFY(ts::gui::installLanguage(QStringLiteral("en")));
    }

    void englishSaysOneAndMany()
    {
        // Every counted message has its English singular and plural (scripts/update-plurals.py).
        QSet<QString> english;
        for (const Message& m : readTs("en")) {
            QCOMPARE(m.numerus.size(), 2);
            for (const QString& form : m.numerus)
                QVERIFY2(!form.contains(QLatin1String("(s)")) && !form.contains(QLatin1Char('{')), qPrintable(form));
            english << m.context + QLatin1Char('|') + m.source;
        }
        int counted = 0;
        for (const Message& m : readTs())
            if (!m.numerus.isEmpty()) {
                ++counted;
                QVERIFY2(english.contains(m.context + QLatin1Char('|') + m.source),
                         qPrintable(QStringLiteral("no English plural for %1: %2 (run scripts/update-plurals.py)")
                                        .arg(m.context, m.source)));
            }
        QVERIFY(counted > 20);
        QVERIFY(ts::gui::installLanguage(QStringLiteral("en")));
        const char* context = "ts::gui::AnalysisPanel";
        QCOMPARE(QCoreApplication::translate(context, "%Ln config(s)", nullptr, 1), QStringLiteral("1 config"));
        QCOMPARE(QCoreApplication::translate(context, "%Ln config(s)", nullptr, 2), QStringLiteral("2 configs"));
        QCOMPARE(QCoreApplication::translate(context, "%Ln config(s)", nullptr, 0), QStringLiteral("0 configs"));
        // Counts grouped through the locale, as the CLI groups them.
        QCOMPARE(QCoreApplication::translate(context, "%Ln config(s)", nullptr, 6352), QStringLiteral("6,352 configs"));
        // A verb agrees with the count.
        const char* source = "%Ln config(s) {serves|serve} every device within %1 of its fastest config";
        QCOMPARE(QCoreApplication::translate("ts::gui::DeviceCompareDialog", source, nullptr, 1).arg(QStringLiteral("5%")),
                 QStringLiteral("1 config serves every device within 5% of its fastest config"));
        QCOMPARE(QCoreApplication::translate("ts::gui::DeviceCompareDialog", source, nullptr, 3).arg(QStringLiteral("5%")),
                 QStringLiteral("3 configs serve every device within 5% of its fastest config"));
    }
};

TILESCOPE_WIDGET_TEST_MAIN(TestTranslations)
#include "test_translations.moc"
