#include "widgets/python_highlighter.h"

namespace ts::gui {
namespace {

enum BlockState { Normal = 0, InTripleDouble = 1, InTripleSingle = 2 };

QTextCharFormat makeFormat(const QColor& color, bool bold = false, bool italic = false)
{
    QTextCharFormat f;
    f.setForeground(color);
    if (bold)
        f.setFontWeight(QFont::Bold);
    f.setFontItalic(italic);
    return f;
}

} // namespace

PythonHighlighter::PythonHighlighter(QTextDocument* document) : QSyntaxHighlighter(document)
{
    buildRules();
}

void PythonHighlighter::setDark(bool dark)
{
    if (dark == m_dark)
        return;
    m_dark = dark;
    buildRules();
    rehighlight();
}

void PythonHighlighter::buildRules()
{
    const QColor keyword = m_dark ? QColor(0xc6, 0x92, 0xf0) : QColor(0x7b, 0x1f, 0xa2);
    const QColor builtin = m_dark ? QColor(0x4f, 0xc1, 0xe9) : QColor(0x00, 0x5c, 0xc5);
    const QColor number = m_dark ? QColor(0xf7, 0x8c, 0x6c) : QColor(0xb7, 0x1c, 0x1c);
    const QColor decorator = m_dark ? QColor(0xff, 0xcb, 0x6b) : QColor(0x8d, 0x6e, 0x00);
    const QColor triton = m_dark ? QColor(0x82, 0xaa, 0xff) : QColor(0x1a, 0x47, 0x9e);
    m_string = makeFormat(m_dark ? QColor(0xc3, 0xe8, 0x8d) : QColor(0x2e, 0x7d, 0x32));
    m_comment = makeFormat(m_dark ? QColor(0x8a, 0x93, 0xa6) : QColor(0x75, 0x75, 0x75), false, true);

    m_rules.clear();
    static const char* const kKeywords[] = {
        "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif", "else",
        "except", "False", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "None",
        "nonlocal", "not", "or", "pass", "raise", "return", "True", "try", "while", "with", "yield"};
    QStringList words;
    for (const char* k : kKeywords)
        words << QString::fromLatin1(k);
    m_rules.push_back({QRegularExpression(QStringLiteral("\\b(") + words.join(QLatin1Char('|')) + QStringLiteral(")\\b")),
                       makeFormat(keyword, true)});
    m_rules.push_back({QRegularExpression(QStringLiteral(
                           "\\b(range|len|min|max|abs|int|float|bool|str|print|isinstance|tuple|list|dict|zip|enumerate)\\b")),
                       makeFormat(builtin)});
    m_rules.push_back({QRegularExpression(QStringLiteral("\\b(tl|triton|torch|torch_npu)\\b")), makeFormat(triton, true)});
    m_rules.push_back({QRegularExpression(QStringLiteral("\\b[0-9][0-9_]*(\\.[0-9_]*)?([eE][-+]?[0-9]+)?\\b")),
                       makeFormat(number)});
    m_rules.push_back({QRegularExpression(QStringLiteral("^\\s*@[A-Za-z_][A-Za-z0-9_.]*")), makeFormat(decorator, true)});
    m_rules.push_back({QRegularExpression(QStringLiteral("\\bdef\\s+([A-Za-z_][A-Za-z0-9_]*)")), makeFormat(builtin, true), 1});
}

bool PythonHighlighter::continueTriple(const QString& text, int& start, const QString& delimiter, int state)
{
    const int end = text.indexOf(delimiter, start);
    if (end < 0) {
        setFormat(start, text.size() - start, m_string);
        setCurrentBlockState(state);
        return true;
    }
    setFormat(start, end + 3 - start, m_string);
    start = end + 3;
    return false;
}

void PythonHighlighter::highlightBlock(const QString& text)
{
    for (const Rule& rule : m_rules) {
        auto it = rule.pattern.globalMatch(text);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            setFormat(int(m.capturedStart(rule.group)), int(m.capturedLength(rule.group)), rule.format);
        }
    }

    // Strings and comments last, so that they win over the word rules; a small scanner keeps
    // "#" inside strings and quotes inside comments apart.
    setCurrentBlockState(Normal);
    int i = 0;
    if (previousBlockState() == InTripleDouble && continueTriple(text, i, QStringLiteral("\"\"\""), InTripleDouble))
        return;
    if (previousBlockState() == InTripleSingle && continueTriple(text, i, QStringLiteral("'''"), InTripleSingle))
        return;
    while (i < text.size()) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('#')) {
            setFormat(i, text.size() - i, m_comment);
            return;
        }
        if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            const QString triple(3, c);
            if (text.mid(i, 3) == triple) {
                int start = i + 3;
                setFormat(i, 3, m_string);
                if (continueTriple(text, start, triple, c == QLatin1Char('"') ? InTripleDouble : InTripleSingle))
                    return;
                i = start;
                continue;
            }
            int j = i + 1;
            while (j < text.size() && text.at(j) != c) {
                if (text.at(j) == QLatin1Char('\\'))
                    ++j;
                ++j;
            }
            setFormat(i, std::min<int>(j + 1, text.size()) - i, m_string);
            i = j + 1;
            continue;
        }
        ++i;
    }
}

} // namespace ts::gui
