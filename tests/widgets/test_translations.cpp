// English and Simplified Chinese: the translation is complete, compiled in, and applied.

#include "widget_test_support.h"

#include "widgets/main_window.h"
#include "widgets/status_colors.h"
#include "widgets/translations.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QLibraryInfo>
#include <QPushButton>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>
#include <QTabWidget>
#include <QXmlStreamReader>

class TestTranslations : public QObject {
    Q_OBJECT

    struct Message {
        QString context, source, translation, type;
        QStringList numerus;
    };

    static QList<Message> readTs(const char* language = "zh_CN")
    {
        QList<Message> out;
        QFile f(QStringLiteral(TILESCOPE_SOURCE_DIR "/translations/tilescope_") + QLatin1String(language) +
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
        QCOMPARE(QCoreApplication::translate(context, "%n config(s)", nullptr, 1), QStringLiteral("1 config"));
        QCOMPARE(QCoreApplication::translate(context, "%n config(s)", nullptr, 2), QStringLiteral("2 configs"));
        QCOMPARE(QCoreApplication::translate(context, "%n config(s)", nullptr, 0), QStringLiteral("0 configs"));
        // A verb agrees with the count.
        const char* source = "%n config(s) {serves|serve} every device within %1 of its fastest config";
        QCOMPARE(QCoreApplication::translate("ts::gui::DeviceCompareDialog", source, nullptr, 1).arg(QStringLiteral("5%")),
                 QStringLiteral("1 config serves every device within 5% of its fastest config"));
        QCOMPARE(QCoreApplication::translate("ts::gui::DeviceCompareDialog", source, nullptr, 3).arg(QStringLiteral("5%")),
                 QStringLiteral("3 configs serve every device within 5% of its fastest config"));
    }
};

TILESCOPE_WIDGET_TEST_MAIN(TestTranslations)
#include "test_translations.moc"
