#pragma once
// Fits a word-wrapped table's columns to its width: each column gets its one-line width when
// all of them fit, otherwise the room is shared so that no column is narrower than its header
// or its longest word and the columns with the most to wrap give up the most. Rows then grow
// to the lines their cells take. Only when the words alone are wider than the table does it
// scroll sideways. Fitted again whenever the table's width changes.

#include <QAbstractItemModel>
#include <QEvent>
#include <QHeaderView>
#include <QStyle>
#include <QTableView>

#include <algorithm>
#include <vector>

namespace ts::gui {

class ColumnFitter : public QObject {
public:
    explicit ColumnFitter(QTableView* view) : QObject(view), m_view(view)
    {
        view->viewport()->installEventFilter(this);
    }

    // The least width of `column` where its text is wider: a column of sentences (a note) keeps
    // room for a few words a line rather than one word under another.
    void setLeast(int column, int pixels)
    {
        if (column >= int(m_floor.size()))
            m_floor.resize(std::size_t(column) + 1, 0);
        m_floor[std::size_t(column)] = pixels;
    }

    void fit()
    {
        const QAbstractItemModel* model = m_view->model();
        QHeaderView* header = m_view->horizontalHeader();
        if (!model || model->columnCount() == 0 || m_fitting)
            return;
        m_fitting = true; // the rows' new heights may bring a scroll bar, and a resize, with them
        const QFontMetrics fm = m_view->fontMetrics();
        const int pad =
            2 * (m_view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_view) + 1) + 4;
        const int columns = model->columnCount();
        std::vector<int> least(std::size_t(columns), 0), whole(std::size_t(columns), 0);
        for (int c = 0; c < columns; ++c) {
            if (header->isSectionHidden(c))
                continue;
            least[std::size_t(c)] = whole[std::size_t(c)] = header->sectionSizeHint(c);
            for (int r = 0; r < model->rowCount(); ++r) {
                const QString text = model->index(r, c).data().toString();
                whole[std::size_t(c)] = std::max(whole[std::size_t(c)], fm.horizontalAdvance(text) + pad);
                for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts))
                    least[std::size_t(c)] = std::max(least[std::size_t(c)], fm.horizontalAdvance(word) + pad);
            }
            if (std::size_t(c) < m_floor.size())
                least[std::size_t(c)] =
                    std::max(least[std::size_t(c)], std::min(m_floor[std::size_t(c)], whole[std::size_t(c)]));
        }
        int leastSum = 0, slackSum = 0;
        for (int c = 0; c < columns; ++c) {
            leastSum += least[std::size_t(c)];
            slackSum += whole[std::size_t(c)] - least[std::size_t(c)];
        }
        // What each column gives up is in proportion to what it has to wrap.
        const int room = m_view->viewport()->width() - leastSum;
        const double share = slackSum > 0 ? std::clamp(double(room) / slackSum, 0.0, 1.0) : 1.0;
        header->setSectionResizeMode(QHeaderView::Interactive);
        for (int c = 0; c < columns; ++c)
            if (!header->isSectionHidden(c))
                header->resizeSection(c, least[std::size_t(c)] +
                                             int((whole[std::size_t(c)] - least[std::size_t(c)]) * share));
        m_view->resizeRowsToContents();
        m_fitting = false;
    }

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Resize && watched == m_view->viewport())
            fit();
        return false;
    }

private:
    QTableView* m_view;
    std::vector<int> m_floor; // setLeast's widths, by column
    bool m_fitting = false;
};

} // namespace ts::gui
