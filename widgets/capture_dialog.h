#pragma once
// The launches a program made, from a capture folder (`tilescope capture -o DIR`; `tilescope DIR`
// or File > Open capture folder): one row per kernel and autotune key value with its launch count,
// what could not be written and why. Opening a row opens its workload in the window. The folder
// is read off the GUI thread.

#include <QDialog>

class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QTextBrowser;

namespace ts::gui {

class BackgroundJob;
class CaptureTableModel;

class CaptureDialog : public QDialog {
    Q_OBJECT
public:
    explicit CaptureDialog(QWidget* parent = nullptr);

    // Reads the folder's capture.json in the background; loaded() follows.
    void load(const QString& folder);
    QString folder() const { return m_folder; }

    CaptureTableModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    QLabel* summaryLabel() const { return m_summary; }
    QTextBrowser* notes() const { return m_notes; }
    QPushButton* openButton() const { return m_open; }
    // Opens the selected row's workload (as the Open button does).
    void openSelected();

Q_SIGNALS:
    void loaded(bool ok);
    void workloadChosen(const QString& path);

private:
    QString m_folder;
    CaptureTableModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QTableView* m_view = nullptr;
    QLabel* m_summary = nullptr;
    QTextBrowser* m_notes = nullptr;
    QPushButton* m_open = nullptr;
    BackgroundJob* m_job = nullptr;
};

} // namespace ts::gui
