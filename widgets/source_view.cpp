#include "widgets/source_view.h"
#include "widgets/core_text.h"

#include "widgets/python_highlighter.h"

#include <algorithm>

#include <QFontDatabase>
#include <QHelpEvent>
#include <QPainter>
#include <QRegularExpression>
#include <QTextBlock>
#include <QToolTip>

namespace ts::gui {
namespace {

class LineNumberArea : public QWidget {
public:
    explicit LineNumberArea(SourceView* view) : QWidget(view), m_view(view) {}
    QSize sizeHint() const override { return {m_view->lineNumberAreaWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent* event) override { m_view->paintLineNumbers(event); }

private:
    SourceView* m_view;
};

} // namespace

SourceView::SourceView(QWidget* parent) : QPlainTextEdit(parent)
{
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_lineNumbers = new LineNumberArea(this);
    m_highlighter = new PythonHighlighter(document());
    connect(this, &QPlainTextEdit::blockCountChanged, this, [this] { setViewportMargins(lineNumberAreaWidth(), 0, 0, 0); });
    connect(this, &QPlainTextEdit::updateRequest, this, [this](const QRect& rect, int dy) {
        if (dy)
            m_lineNumbers->scroll(0, dy);
        else
            m_lineNumbers->update(0, rect.y(), m_lineNumbers->width(), rect.height());
    });
    setViewportMargins(lineNumberAreaWidth(), 0, 0, 0);
}

void SourceView::setSource(const QString& text)
{
    m_jumpLine = 0;
    setPlainText(text);
    updateSelections();
}

void SourceView::setParamMarks(std::vector<ParamMark> marks, int firstLine, int lastLine)
{
    m_marks = std::move(marks);
    m_firstLine = firstLine;
    m_lastLine = lastLine;
    updateSelections();
}

void SourceView::setDiagnostics(const Diagnostics& diagnostics)
{
    m_diagnostics = diagnostics;
    updateSelections();
}

void SourceView::setDark(bool dark)
{
    m_dark = dark;
    m_highlighter->setDark(dark);
    updateSelections();
}

int SourceView::currentLine() const
{
    return textCursor().blockNumber() + 1;
}

void SourceView::goToLine(int line, int column)
{
    const QTextBlock block = document()->findBlockByNumber(std::max(0, line - 1));
    if (!block.isValid())
        return;
    QTextCursor cursor(block);
    cursor.movePosition(QTextCursor::Right, QTextCursor::MoveAnchor, std::max(0, column - 1));
    setTextCursor(cursor);
    centerCursor();
    m_jumpLine = line;
    updateSelections();
    setFocus();
}

std::vector<SourceView::ParamMark::Kind> SourceView::markKinds() const
{
    std::vector<ParamMark::Kind> kinds;
    for (const auto kind : {ParamMark::Kind::Split, ParamMark::Kind::Tiling, ParamMark::Kind::SplitAndTiling,
                            ParamMark::Kind::Fixed})
        if (std::any_of(m_marks.begin(), m_marks.end(), [kind](const ParamMark& m) { return m.kind == kind; }))
            kinds.push_back(kind);
    return kinds;
}

QColor SourceView::markColor(ParamMark::Kind kind) const
{
    switch (kind) {
    case ParamMark::Kind::Split: return m_dark ? QColor(0x1e, 0x4a, 0x7a) : QColor(0xcf, 0xe3, 0xfa);
    case ParamMark::Kind::Tiling: return m_dark ? QColor(0x4a, 0x2e, 0x6e) : QColor(0xe6, 0xd6, 0xf5);
    case ParamMark::Kind::SplitAndTiling: return m_dark ? QColor(0x1f, 0x5c, 0x5c) : QColor(0xc8, 0xee, 0xe8);
    // A grey that stands off the base in both themes (the dark one was lost on the dark base).
    case ParamMark::Kind::Fixed: return m_dark ? QColor(0x5c, 0x5f, 0x66) : QColor(0xdc, 0xdc, 0xdc);
    }
    return {};
}

void SourceView::updateSelections()
{
    QList<QTextEdit::ExtraSelection> selections;
    m_markTips.clear();

    // Diagnostic lines first, so that marks and the jump line draw over them.
    QList<QTextEdit::ExtraSelection> places;  // where on its line each diagnostic points
    for (const Diagnostic& d : m_diagnostics) {
        if (d.line <= 0)
            continue;
        const QTextBlock block = document()->findBlockByNumber(d.line - 1);
        if (!block.isValid())
            continue;
        QTextEdit::ExtraSelection s;
        QColor c = d.severity == Severity::Error     ? QColor(0xe5, 0x39, 0x35)
                   : d.severity == Severity::Warning ? QColor(0xfb, 0x8c, 0x00)
                                                     : QColor(0x1e, 0x88, 0xe5);
        c.setAlpha(m_dark ? 70 : 45);
        s.format.setBackground(c);
        s.format.setProperty(QTextFormat::FullWidthSelection, true);
        s.cursor = QTextCursor(block);
        selections << s;
        // Where on the line: the character at the column (to the end of its word), wavy-underlined.
        if (d.column > 0) {
            QTextEdit::ExtraSelection at;
            const int lineEnd = block.position() + std::max(0, block.length() - 1);  // before the newline
            const int start = std::min(block.position() + d.column - 1, lineEnd);
            at.cursor = QTextCursor(block);
            at.cursor.setPosition(start);
            at.cursor.movePosition(QTextCursor::EndOfWord, QTextCursor::KeepAnchor);
            if (at.cursor.position() <= start || at.cursor.position() > lineEnd) {
                // Not on a word: the one character there (the last of the line at its end).
                const int from = start < lineEnd ? start : std::max(block.position(), lineEnd - 1);
                at.cursor.setPosition(from);
                at.cursor.setPosition(std::min(from + 1, lineEnd), QTextCursor::KeepAnchor);
            }
            at.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
            at.format.setUnderlineColor(d.severity == Severity::Error ? QColor(0xe5, 0x39, 0x35) : QColor(0xfb, 0x8c, 0x00));
            at.format.setToolTip(coreText(d.text, d.message));
            QColor tint = at.format.underlineColor();
            tint.setAlpha(m_dark ? 110 : 80);
            at.format.setBackground(tint);
            places << at;
        }
    }
    if (m_jumpLine > 0) {
        const QTextBlock block = document()->findBlockByNumber(m_jumpLine - 1);
        if (block.isValid()) {
            QTextEdit::ExtraSelection s;
            s.format.setBackground(palette().color(QPalette::Highlight).lighter(m_dark ? 60 : 170));
            s.format.setProperty(QTextFormat::FullWidthSelection, true);
            s.cursor = QTextCursor(block);
            selections << s;
        }
    }
    selections << places;  // over the jump line, so the place stays visible
    for (const ParamMark& mark : m_marks) {
        const QRegularExpression word(QStringLiteral("\\b") + QRegularExpression::escape(mark.name) + QStringLiteral("\\b"));
        for (int line = std::max(1, m_firstLine); line <= m_lastLine; ++line) {
            const QTextBlock block = document()->findBlockByNumber(line - 1);
            if (!block.isValid())
                break;
            const QString text = block.text();
            const int hash = text.indexOf(QLatin1Char('#'));
            auto it = word.globalMatch(text);
            while (it.hasNext()) {
                const QRegularExpressionMatch m = it.next();
                if (hash >= 0 && m.capturedStart() > hash)
                    break;  // a comment
                QTextEdit::ExtraSelection s;
                s.cursor = QTextCursor(block);
                s.cursor.setPosition(block.position() + int(m.capturedStart()));
                s.cursor.setPosition(block.position() + int(m.capturedEnd()), QTextCursor::KeepAnchor);
                s.format.setBackground(markColor(mark.kind));
                if (mark.kind == ParamMark::Kind::Tiling || mark.kind == ParamMark::Kind::SplitAndTiling) {
                    s.format.setUnderlineStyle(QTextCharFormat::SingleUnderline);
                    s.format.setUnderlineColor(m_dark ? QColor(0xce, 0x93, 0xd8) : QColor(0x6a, 0x1b, 0x9a));
                }
                if (mark.kind != ParamMark::Kind::Fixed)
                    s.format.setFontWeight(QFont::Bold);
                selections << s;
                m_markTips.emplace_back(s.cursor, mark.tooltip);
            }
        }
    }
    setExtraSelections(selections);
}

bool SourceView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QPoint pos = viewport()->mapFromGlobal(help->globalPos());
        const QTextCursor at = cursorForPosition(pos);
        QStringList tips;
        for (const auto& [cursor, tip] : m_markTips)
            if (at.position() >= cursor.selectionStart() && at.position() <= cursor.selectionEnd() && !tip.isEmpty()) {
                tips << tip;
                break;
            }
        const int line = at.blockNumber() + 1;
        for (const Diagnostic& d : m_diagnostics)
            if (d.line == line)
                tips << coreText(d.text, d.message);
        if (tips.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), tips.join(QLatin1Char('\n')), this);
        return true;
    }
    return QPlainTextEdit::event(event);
}

int SourceView::lineNumberAreaWidth() const
{
    int digits = 1;
    for (int max = std::max(1, blockCount()); max >= 10; max /= 10)
        ++digits;
    return 12 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * std::max(3, digits);
}

void SourceView::resizeEvent(QResizeEvent* event)
{
    QPlainTextEdit::resizeEvent(event);
    const QRect cr = contentsRect();
    m_lineNumbers->setGeometry(QRect(cr.left(), cr.top(), lineNumberAreaWidth(), cr.height()));
}

void SourceView::paintLineNumbers(QPaintEvent* event)
{
    QPainter painter(m_lineNumbers);
    const QPalette pal = palette();
    painter.fillRect(event->rect(), pal.color(QPalette::AlternateBase));
    painter.setFont(font());
    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    int bottom = top + qRound(blockBoundingRect(block).height());
    const int current = textCursor().blockNumber();
    while (block.isValid() && top <= event->rect().bottom()) {
        if (block.isVisible() && bottom >= event->rect().top()) {
            const int number = block.blockNumber();
            QColor color = pal.color(QPalette::PlaceholderText);
            for (const Diagnostic& d : m_diagnostics)
                if (d.line == number + 1)
                    color = d.severity == Severity::Error ? QColor(0xe5, 0x39, 0x35) : QColor(0xfb, 0x8c, 0x00);
            painter.setPen(number == current ? pal.color(QPalette::Text) : color);
            painter.drawText(0, top, m_lineNumbers->width() - 6, fontMetrics().height(), Qt::AlignRight,
                             QString::number(number + 1));
        }
        block = block.next();
        top = bottom;
        bottom = top + qRound(blockBoundingRect(block).height());
    }
}

} // namespace ts::gui
