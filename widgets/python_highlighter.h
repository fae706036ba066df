#pragma once
// Python syntax colours for the kernel source: keywords, builtins, decorators, numbers,
// strings (triple-quoted ones across lines) and comments, in light and dark variants.

#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

#include <vector>

namespace ts::gui {

class PythonHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    explicit PythonHighlighter(QTextDocument* document);
    void setDark(bool dark);

protected:
    void highlightBlock(const QString& text) override;

private:
    struct Rule {
        QRegularExpression pattern;
        QTextCharFormat format;
        int group = 0;
    };
    void buildRules();
    // Returns true when the block ends inside a triple-quoted string opened by `delimiter`.
    bool continueTriple(const QString& text, int& start, const QString& delimiter, int state);

    bool m_dark = false;
    std::vector<Rule> m_rules;
    QTextCharFormat m_string;
    QTextCharFormat m_comment;
};

} // namespace ts::gui
