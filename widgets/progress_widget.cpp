#include "widgets/progress_widget.h"

#include "widgets/background_job.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QStyle>
#include <QToolButton>

#include <cmath>

namespace ts::gui {

ProgressWidget::ProgressWidget(QWidget* parent) : QWidget(parent)
{
    m_label = new QLabel(this);
    m_bar = new QProgressBar(this);
    m_bar->setObjectName(QStringLiteral("progressBar"));
    m_bar->setFixedWidth(180);
    m_bar->setTextVisible(false);
    m_stop = new QToolButton(this);
    m_stop->setObjectName(QStringLiteral("stopButton"));
    m_stop->setText(tr("Stop"));
    m_stop->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_stop->setIcon(style()->standardIcon(QStyle::SP_BrowserStop));
    m_stop->setToolTip(tr("Stop (Esc): the result of the running job is dropped"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_bar);
    layout->addWidget(m_stop);
    connect(m_stop, &QToolButton::clicked, this, &ProgressWidget::stopRequested);
    hide();
}

void ProgressWidget::attach(BackgroundJob* job)
{
    connect(job, &BackgroundJob::started, this, &ProgressWidget::start);
    connect(job, &BackgroundJob::progress, this, &ProgressWidget::report);
    connect(job, &BackgroundJob::finished, this, &ProgressWidget::finish);
    connect(job, &BackgroundJob::stopped, this, &ProgressWidget::finish);
    connect(job, &BackgroundJob::failed, this, &ProgressWidget::finish);
}

void ProgressWidget::setStage(const QString& stage)
{
    m_fixedStage = stage;
    m_label->setText(stage.isEmpty() ? m_title : m_title + QStringLiteral(": ") + stage);
}

void ProgressWidget::start(const QString& label)
{
    m_title = label;
    m_fixedStage.clear();
    m_clock.start();
    m_label->setText(label);
    m_bar->setRange(0, 0);  // indeterminate until the first report
    show();
}

void ProgressWidget::report(double fraction, const QString& stage)
{
    if (fraction < 0) {
        m_bar->setRange(0, 0);
        return;
    }
    m_bar->setRange(0, 1000);
    m_bar->setValue(int(fraction * 1000));
    if (!m_fixedStage.isEmpty())
        return;  // "Stopping…" stays until the job ends
    QString text = stage.isEmpty() ? m_title : m_title + QStringLiteral(": ") + stage;
    const qint64 elapsed = m_clock.elapsed();
    if (fraction > 0.02 && elapsed > 1000) {
        const qint64 left = qint64(double(elapsed) * (1.0 - fraction) / fraction / 1000.0);
        text += tr(" (about %Ln s left)", nullptr, int(std::max<qint64>(1, left)));
    }
    m_label->setText(text);
}

void ProgressWidget::reportCounts(const QString& stage, qulonglong done, qulonglong total, double etaSeconds)
{
    if (total == 0) {
        m_bar->setRange(0, 0);
    } else {
        m_bar->setRange(0, 1000);
        m_bar->setValue(int(1000.0 * double(std::min(done, total)) / double(total)));
    }
    const QLocale locale;
    QString text = m_title + QStringLiteral(": ") + stage;
    if (total > 0)
        text += QStringLiteral(" %1 / %2").arg(locale.toString(done), locale.toString(total));
    if (etaSeconds >= 0.5 && done < total)
        text += tr(" (about %Ln s left)", nullptr, int(std::max(1.0, std::round(etaSeconds))));
    m_label->setText(text);
}

QString ProgressWidget::text() const
{
    return m_label->text();
}

void ProgressWidget::finish()
{
    hide();
}

} // namespace ts::gui
