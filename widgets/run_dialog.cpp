#include "widgets/run_dialog.h"

#include "widgets/background_job.h"
#include "widgets/run_panel.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QPushButton>

namespace ts::gui {

RunDialog::RunDialog(QWidget* parent) : QDialog(parent)
{
    m_job = new BackgroundJob(this);
}

RunPanel* RunDialog::createRunPanel(const QString& runText, const QString& runName)
{
    m_panel = new RunPanel(runText, this);
    m_panel->runButton()->setObjectName(runName);
    m_panel->attach(m_job);
    return m_panel;
}

QHBoxLayout* RunDialog::bottomRow(std::initializer_list<QWidget*> buttons)
{
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* row = new QHBoxLayout;
    row->addWidget(m_panel, 1);
    for (QWidget* button : buttons)
        row->addWidget(button);
    row->addWidget(close);
    return row;
}

QDoubleSpinBox* RunDialog::createToleranceBox(const QString& objectName, const QString& toolTip)
{
    auto* box = new QDoubleSpinBox(this);
    box->setObjectName(objectName);
    box->setRange(0.0, 100.0);
    box->setDecimals(1);
    box->setSingleStep(1.0);
    box->setValue(5.0);
    box->setSuffix(QStringLiteral("%"));  // "5.0%", as every share is written
    box->setToolTip(toolTip);
    return box;
}

bool RunDialog::isRunning() const
{
    return m_job->isRunning();
}

QPushButton* RunDialog::runButton() const
{
    return m_panel->runButton();
}

QAbstractButton* RunDialog::stopButton() const
{
    return m_panel->stopButton();
}

QProgressBar* RunDialog::progressBar() const
{
    return m_panel->progressBar();
}

QLabel* RunDialog::messageLabel() const
{
    return m_panel->messageLabel();
}

} // namespace ts::gui
