#include "widgets/run_panel.h"

#include "widgets/background_job.h"
#include "widgets/progress_widget.h"

#include <QAbstractButton>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace ts::gui {

RunPanel::RunPanel(const QString& runText, QWidget* parent) : QWidget(parent)
{
    m_run = new QPushButton(runText, this);
    m_run->setDefault(true);
    m_progress = new ProgressWidget(this);
    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("runMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->hide();

    m_row = new QHBoxLayout;
    m_row->setContentsMargins(0, 0, 0, 0);
    m_row->addStretch(1);
    m_row->addWidget(m_progress);
    m_row->addWidget(m_run);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(m_row);
    layout->addWidget(m_message);

    connect(m_run, &QPushButton::clicked, this, &RunPanel::runRequested);
    connect(m_progress, &ProgressWidget::stopRequested, this, &RunPanel::stopRequested);
    updateButtons();
}

void RunPanel::attach(BackgroundJob* job)
{
    m_job = job;
    m_progress->attach(job);
    connect(job, &BackgroundJob::started, this, [this] {
        m_stopping = false;
        clearMessage();
        updateButtons();
    });
    for (auto signal : {&BackgroundJob::finished, &BackgroundJob::stopped})
        connect(job, signal, this, [this] {
            m_stopping = false;
            updateButtons();
        });
    connect(job, &BackgroundJob::failed, this, [this](const QString& message) {
        m_stopping = false;
        showMessage(message, true);
        updateButtons();
    });
    updateButtons();
}

void RunPanel::showStopping(const QString& text)
{
    m_stopping = true;
    m_progress->setStage(text);
    updateButtons();
}

void RunPanel::showMessage(const QString& text, bool error)
{
    m_message->setText(text);
    m_message->setStyleSheet(error ? QStringLiteral("color: #e53935;") : QString());
    m_message->setVisible(!text.isEmpty());
}

void RunPanel::setReady(bool ready)
{
    m_ready = ready;
    updateButtons();
}

bool RunPanel::isRunning() const
{
    return m_job && m_job->isRunning();
}

QAbstractButton* RunPanel::stopButton() const
{
    return m_progress->stopButton();
}

QProgressBar* RunPanel::progressBar() const
{
    return m_progress->bar();
}

void RunPanel::addToRow(QWidget* widget, int stretch)
{
    m_row->insertWidget(m_rowExtras++, widget, stretch);  // left of the stretch, in the order added
}

void RunPanel::updateButtons()
{
    const bool running = isRunning();
    m_run->setEnabled(!running && m_ready);
    m_progress->stopButton()->setEnabled(running && !m_stopping);
}

} // namespace ts::gui
