#include "widgets/core_text.h"

#include "core/util/message.h"
#include "widgets/quantity_text.h"
#include "widgets/translations.h"

#include <QCoreApplication>
#include <QHash>
#include <QMutex>
#include <QRegularExpression>

#include <algorithm>
#include <atomic>
#include <vector>

namespace ts::gui {
namespace {

struct Pattern {
    const msg::Entry* entry;
    QRegularExpression re;
    std::vector<int> order; // the argument number of each captured group
    qsizetype literal;      // characters outside the placeholders: more is more specific
    bool endsWithArgument;  // nothing after the last placeholder: it may hold several lines
};

// One pattern per catalogue entry, the most specific first: "%1: %2" must not win over
// "UB overflow: %1 KiB live at line %2, ..." for a text both would match.
const std::vector<Pattern>& patterns()
{
    static const std::vector<Pattern> all = [] {
        std::vector<Pattern> out;
        static const QRegularExpression placeholder(QStringLiteral("%([1-9])"));
        for (const msg::Entry& e : msg::catalogue()) {
            if (e.id == msg::Id::AsWritten) // "%1" would take any text whole
                continue;
            const QString english = QString::fromUtf8(e.english.data(), qsizetype(e.english.size()));
            QString re = QStringLiteral("^");
            Pattern p{&e, {}, {}, 0, false};
            qsizetype at = 0;
            for (auto it = placeholder.globalMatch(english); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                const QString literal = english.mid(at, m.capturedStart() - at);
                re += QRegularExpression::escape(literal);
                p.literal += literal.size();
                at = m.capturedEnd();
                re += at == english.size() ? QStringLiteral("(.*)") : QStringLiteral("(.*?)");
                p.order.push_back(m.captured(1).toInt());
            }
            const QString tail = english.mid(at);
            p.endsWithArgument = !p.order.empty() && tail.isEmpty();
            re += QRegularExpression::escape(tail) + QStringLiteral("$");
            p.literal += tail.size();
            p.re = QRegularExpression(re, QRegularExpression::DotMatchesEverythingOption);
            out.push_back(std::move(p));
        }
        std::stable_sort(out.begin(), out.end(),
                         [](const Pattern& a, const Pattern& b) { return a.literal > b.literal; });
        return out;
    }();
    return all;
}

// `format` with args[0..8] in place of %1..%9, in one pass, so that an argument holding "%2" is
// not filled again.
QString fillArguments(const QString& format, const QString (&args)[9])
{
    QString filled;
    for (qsizetype i = 0; i < format.size(); ++i) {
        if (format[i] == QLatin1Char('%') && i + 1 < format.size() && format[i + 1] >= QLatin1Char('1') &&
            format[i + 1] <= QLatin1Char('9')) {
            filled += args[format[i + 1].unicode() - '1'];
            ++i;
        } else {
            filled += format[i];
        }
    }
    return filled;
}

QString render(const QString& text, int depth)
{
    if (text.isEmpty() || depth > 4)
        return text;
    for (const Pattern& p : patterns()) {
        const QRegularExpressionMatch m = p.re.match(text);
        if (!m.hasMatch())
            continue;
        // A message is one line, but a list may end it as its last argument ("live tiles:\n
        // ..."): an entry that would take the lines of a list apart does not match them.
        bool acrossLines = false;
        for (std::size_t i = 0; i < p.order.size(); ++i)
            if (m.captured(int(i) + 1).contains(QLatin1Char('\n')) && !(i + 1 == p.order.size() && p.endsWithArgument))
                acrossLines = true;
        if (acrossLines)
            continue;
        QString args[9];
        for (std::size_t i = 0; i < p.order.size(); ++i)
            args[p.order[i] - 1] = render(m.captured(int(i) + 1), depth + 1);
        const std::string english(p.entry->english);
        return fillArguments(QCoreApplication::translate("ts::Message", english.c_str()), args);
    }
    // No entry made the whole text: a list of lines ("live tiles:\n  x: ...") is read line by
    // line, and a fixed phrase of the catalogue inside a text (a tile's name) is translated where
    // it stands.
    if (text.contains(QLatin1Char('\n'))) {
        static const QRegularExpression indentation(QStringLiteral("^\\s*"));
        QStringList lines = text.split(QLatin1Char('\n'));
        for (QString& line : lines) {
            const qsizetype indent = indentation.match(line).capturedLength();
            line = line.left(indent) + render(line.mid(indent), depth + 1);
        }
        return lines.join(QLatin1Char('\n'));
    }
    QString out = text;
    for (const Pattern& p : patterns())
        if (p.order.empty() && p.literal >= 12) {
            const std::string english(p.entry->english);
            const QString phrase = QString::fromStdString(english);
            if (out.contains(phrase))
                out.replace(phrase, QCoreApplication::translate("ts::Message", english.c_str()));
        }
    return out;
}

} // namespace

void prepareCoreText()
{
    for (const Pattern& p : patterns())
        p.re.optimize();  // thread-safe: a match on another thread waits for the same compile
}

QString coreText(const msg::Message& message)
{
    if (message.empty())
        return {};
    if (message.id() == msg::Id::AsWritten)
        return coreText(message.english());
    const std::string english(msg::entry(message.id()).english);
    const QString format = QCoreApplication::translate("ts::Message", english.c_str());
    QString args[9];
    for (std::size_t i = 0; i < message.args().size() && i < 9; ++i)
        for (const msg::Arg::Piece& piece : message.args()[i].pieces())
            args[i] += piece.message ? coreText(*piece.message)
                       : piece.count ? countText(*piece.count)
                                     : QString::fromStdString(piece.text);
    return fillArguments(format, args);
}

QString coreText(const msg::Message& message, const std::string& english)
{
    return message.empty() ? coreText(english) : coreText(message);
}

namespace {
std::atomic<bool> readBack{true};
} // namespace

void setEnglishReadBack(bool on)
{
    readBack = on;
}

QString coreText(const QString& english)
{
    if (!readBack)
        return english;
    // Tables ask again for every row they paint or sort: each text is matched once per language.
    static QMutex mutex;
    static QHash<QString, QString> rendered;
    static QString language;
    const QMutexLocker lock(&mutex);
    if (language != currentLanguage() || rendered.size() > 20000) {
        rendered.clear();
        language = currentLanguage();
    }
    auto it = rendered.constFind(english);
    if (it == rendered.constEnd())
        it = rendered.insert(english, render(english, 0));
    return *it;
}

QString coreText(const std::string& english)
{
    return coreText(QString::fromStdString(english));
}

} // namespace ts::gui
