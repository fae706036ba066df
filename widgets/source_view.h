#pragma once
// The kernel's source, read-only: line numbers, Python colours, and the parameters the backend
// tunes marked where they are declared and used (split parameters on a blue background, tiling
// parameters underlined on a violet one), plus the lines that carry diagnostics.

#include "core/util/diagnostic.h"

#include <QPlainTextEdit>

#include <vector>

namespace ts::gui {

class PythonHighlighter;

class SourceView : public QPlainTextEdit {
    Q_OBJECT
public:
    struct ParamMark {
        enum class Kind { Split, Tiling, SplitAndTiling, Fixed };
        QString name;
        Kind kind = Kind::Split;
        QString tooltip;
    };

    explicit SourceView(QWidget* parent = nullptr);

    void setSource(const QString& text);
    // Marks whole-word uses of the names between `firstLine` and `lastLine` (1-based, inclusive).
    void setParamMarks(std::vector<ParamMark> marks, int firstLine, int lastLine);
    void setDiagnostics(const Diagnostics& diagnostics);
    void setDark(bool dark);
    // Scrolls to the line, selects it briefly and gives the view focus.
    void goToLine(int line, int column = 0);
    int currentLine() const;

    // The background a kind of parameter is marked with (the kernel page's legend draws it).
    QColor markColor(ParamMark::Kind kind) const;
    // The kinds the marks set now hold, in ParamMark::Kind order.
    std::vector<ParamMark::Kind> markKinds() const;

    int lineNumberAreaWidth() const;
    void paintLineNumbers(QPaintEvent* event);

protected:
    void resizeEvent(QResizeEvent* event) override;
    bool event(QEvent* event) override;

private:
    void updateSelections();

    QWidget* m_lineNumbers = nullptr;
    PythonHighlighter* m_highlighter = nullptr;
    std::vector<ParamMark> m_marks;
    int m_firstLine = 0;
    int m_lastLine = 0;
    Diagnostics m_diagnostics;
    int m_jumpLine = 0;
    bool m_dark = false;
    std::vector<std::pair<QTextCursor, QString>> m_markTips;  // where marks are, for tooltips
};

} // namespace ts::gui
