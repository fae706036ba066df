#include "widgets/kernel_page.h"
#include "widgets/core_text.h"

#include "core/python/ast.h"
#include "widgets/source_view.h"
#include "widgets/wrapping_delegate.h"

#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace ts::gui {

KernelPage::KernelPage(QWidget* parent) : QWidget(parent)
{
    m_title = new QLabel(this);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_legend = new QLabel(this);
    m_source = new SourceView(this);
    m_diagnostics = new QTreeWidget(this);
    m_diagnostics->setObjectName(QStringLiteral("diagnostics"));
    m_diagnostics->setRootIsDecorated(false);
    m_diagnostics->setHeaderLabels({tr("Severity"), tr("Line"), tr("Code"), tr("Message")});
    m_diagnostics->header()->setStretchLastSection(true);
    // Messages wrap to the width they have: a diagnostic is read whole, never cut.
    m_diagnostics->setUniformRowHeights(false);
    m_diagnostics->setWordWrap(true);
    m_diagnostics->setTextElideMode(Qt::ElideNone);
    m_diagnostics->setItemDelegate(new WrappingDelegate(m_diagnostics));
    connect(m_diagnostics->header(), &QHeaderView::sectionResized, m_diagnostics, &QTreeView::doItemsLayout);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("kernelSplitter"));
    splitter->addWidget(m_source);
    splitter->addWidget(m_diagnostics);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 1);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* top = new QHBoxLayout;
    top->addWidget(m_title, 1);
    top->addWidget(m_legend);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);

    connect(m_diagnostics, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem* item) { showDiagnostic(item); });
    connect(m_diagnostics, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) { showDiagnostic(item); });
    setDark(false);
}

void KernelPage::setDark(bool dark)
{
    m_dark = dark;
    m_source->setDark(dark);
    updateLegend();
}

void KernelPage::updateLegend()
{
    using Kind = SourceView::ParamMark::Kind;
    std::vector<Kind> kinds = m_source->markKinds();
    if (kinds.empty())  // before a kernel is analysed: the two a reader looks for
        kinds = {Kind::Split, Kind::Tiling};
    QStringList entries;
    for (const Kind kind : kinds) {
        QString name;
        switch (kind) {
        case Kind::Split: name = QStringLiteral("<b>%1</b>").arg(tr("split parameter").toHtmlEscaped()); break;
        case Kind::Tiling: name = QStringLiteral("<b><u>%1</u></b>").arg(tr("tiling parameter").toHtmlEscaped()); break;
        case Kind::SplitAndTiling:
            name = QStringLiteral("<b><u>%1</u></b>").arg(tr("split and tiling parameter").toHtmlEscaped());
            break;
        case Kind::Fixed: name = tr("fixed or hint parameter").toHtmlEscaped(); break;
        }
        entries << QStringLiteral("<span style='background:%1'>&nbsp;%2&nbsp;</span>")
                       .arg(m_source->markColor(kind).name(), name);
    }
    m_legend->setText(entries.join(QStringLiteral("&nbsp; ")));
}

void KernelPage::setSource(const QString& path, const QString& text)
{
    m_kernelPath = path;
    m_title->setText(QStringLiteral("<b>%1</b>").arg(QFileInfo(path).fileName().toHtmlEscaped()));
    m_title->setToolTip(path);
    m_source->setSource(text);
}

void KernelPage::setAnalysis(const analysis::KernelAnalysis* a)
{
    m_diagnostics->clear();
    m_analysisMarks.clear();
    m_tuningMarks.clear();
    m_kernelFile = a && a->file ? a->file->path : std::string();
    if (!a) {
        m_source->setParamMarks({}, 0, 0);
        m_source->setDiagnostics({});
        updateLegend();
        return;
    }
    std::vector<SourceView::ParamMark> marks;
    for (const analysis::ParamInfo& p : a->params) {
        SourceView::ParamMark mark;
        mark.name = QString::fromStdString(p.name);
        const bool split = !p.splitAxis.empty();
        const bool tiling = !p.tilingAxis.empty();
        if (split && tiling) {
            mark.kind = SourceView::ParamMark::Kind::SplitAndTiling;
            mark.tooltip = tr("%1: splits axis %2 across programs and tiles axis %3 inside one")
                               .arg(mark.name, QString::fromStdString(p.splitAxis), QString::fromStdString(p.tilingAxis));
        } else if (split) {
            mark.kind = SourceView::ParamMark::Kind::Split;
            mark.tooltip = tr("%1: split parameter of axis %2 (cut across programs)")
                               .arg(mark.name, QString::fromStdString(p.splitAxis));
        } else if (tiling) {
            mark.kind = SourceView::ParamMark::Kind::Tiling;
            mark.tooltip = tr("%1: tiling parameter of axis %2 (walked inside one program)")
                               .arg(mark.name, QString::fromStdString(p.tilingAxis));
        } else if (!p.cubeAxis.empty()) {
            // A tl.dot block: M and N tiles are cut across programs, K is walked inside one.
            mark.kind = p.cubeAxis == "K" ? SourceView::ParamMark::Kind::Tiling : SourceView::ParamMark::Kind::Split;
            mark.tooltip = tr("%1: tiles %2 of the tl.dot sites").arg(mark.name, QString::fromStdString(p.cubeAxis));
        } else if (p.isConstexpr && p.role == analysis::ParamRole::Swept) {
            mark.kind = SourceView::ParamMark::Kind::Fixed;
            mark.tooltip = tr("%1: a hint dimension, swept over its hinted values").arg(mark.name);
        } else if (p.isConstexpr && p.role == analysis::ParamRole::Fixed) {
            mark.kind = SourceView::ParamMark::Kind::Fixed;
            mark.tooltip = tr("%1: constexpr with a fixed value, not tuned").arg(mark.name);
        } else {
            continue;
        }
        marks.push_back(std::move(mark));
    }
    int first = 0;
    int last = 0;
    if (a->kernel && a->kernel->function) {
        first = a->kernel->function->line;
        last = std::max(first, a->kernel->function->endLine);
    }
    m_source->setParamMarks(std::move(marks), first, last);
    updateLegend();

    // Only the kernel file's lines can be shown here; others still list, without a jump.
    const Diagnostics local = listDiagnostics(a->diagnostics, a->file ? a->file->path : std::string());
    if (a->parse.error) {
        auto* item = new QTreeWidgetItem(m_diagnostics);
        item->setIcon(0, style()->standardIcon(QStyle::SP_MessageBoxCritical));
        item->setText(0, tr("backend"));
        item->setText(2, QString::fromStdString(a->parse.errorType));
        item->setText(3, tr("Triton-Ascend raises: %1").arg(QString::fromStdString(*a->parse.error)));
        item->setData(0, Qt::UserRole, a->kernel ? a->kernel->location.line : 0);
    }
    m_analysisMarks = local;
    m_source->setDiagnostics(local);
    fitDiagnosticColumns();
}

void KernelPage::setTuningDiagnostics(const Diagnostics& diagnostics)
{
    for (int i = m_diagnostics->topLevelItemCount() - 1; i >= 0; --i)
        if (m_diagnostics->topLevelItem(i)->data(0, Qt::UserRole + 2).toBool())
            delete m_diagnostics->takeTopLevelItem(i);
    m_tuningMarks = listDiagnostics(diagnostics, m_kernelFile, /*tuning=*/true);
    Diagnostics marks = m_analysisMarks;
    marks.insert(marks.end(), m_tuningMarks.begin(), m_tuningMarks.end());
    m_source->setDiagnostics(marks);
    fitDiagnosticColumns();
}

void KernelPage::fitDiagnosticColumns()
{
    for (int c = 0; c < 3; ++c)
        m_diagnostics->resizeColumnToContents(c);
    m_diagnostics->doItemsLayout();
}

void KernelPage::setProblems(const Diagnostics& problems)
{
    m_diagnostics->clear();
    m_analysisMarks.clear();
    m_tuningMarks.clear();
    m_source->setParamMarks({}, 0, 0);
    const Diagnostics local = listDiagnostics(problems, m_kernelPath.toStdString());
    m_source->setDiagnostics(local);
    fitDiagnosticColumns();
    // The first error is where the reader goes.
    for (const Diagnostic& d : local)
        if (d.severity == Severity::Error && d.line > 0) {
            m_source->goToLine(d.line, d.column);
            m_diagnostics->setCurrentItem(m_diagnostics->topLevelItem(0));
            break;
        }
}

Diagnostics KernelPage::listDiagnostics(const Diagnostics& diagnostics, const std::string& kernelFile, bool tuning)
{
    Diagnostics local;
    for (const Diagnostic& d : diagnostics) {
        auto* item = new QTreeWidgetItem(m_diagnostics);
        item->setData(0, Qt::UserRole + 2, tuning);
        const QStyle::StandardPixmap icon = d.severity == Severity::Error     ? QStyle::SP_MessageBoxCritical
                                            : d.severity == Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                                              : QStyle::SP_MessageBoxInformation;
        item->setIcon(0, style()->standardIcon(icon));
        item->setText(0, d.severity == Severity::Error     ? tr("error")
                         : d.severity == Severity::Warning ? tr("warning")
                                                           : tr("note"));
        const bool here = d.file.empty() || d.file == kernelFile;
        item->setText(1, d.line > 0 ? (here ? QString::number(d.line)
                                            : QFileInfo(QString::fromStdString(d.file)).fileName() +
                                                  QLatin1Char(':') + QString::number(d.line))
                                    : QString());
        item->setText(2, QString::fromStdString(d.code));
        // The simulator's warnings say what they mean for the times; they come with the tuning.
        const bool fidelity = tuning && d.severity != Severity::Note && d.code.rfind("npu-", 0) == 0;
        item->setText(3, fidelity
                             ? tr("%1 (the simulator does not model it: every simulated time of this kernel "
                                  "is an approximation)")
                                   .arg(coreText(d.text, d.message))
                             : coreText(d.text, d.message));
        // Diagnostic::format() in the reader's language: "file:line:column: severity: message [code]".
        QString where = QString::fromStdString(d.file);
        if (!where.isEmpty() && d.line > 0)
            where += QLatin1Char(':') + QString::number(d.line) +
                     (d.column > 0 ? QLatin1Char(':') + QString::number(d.column) : QString());
        item->setToolTip(3, (where.isEmpty() ? QString() : where + QStringLiteral(": ")) + item->text(0) +
                                QStringLiteral(": ") + coreText(d.text, d.message) +
                                (d.code.empty() ? QString() : QStringLiteral(" [%1]").arg(QString::fromStdString(d.code))));
        item->setData(0, Qt::UserRole, here ? d.line : 0);
        item->setData(0, Qt::UserRole + 1, d.column);
        if (here)
            local.push_back(d);
    }
    return local;
}

void KernelPage::showDiagnostic(QTreeWidgetItem* item)
{
    const int line = item->data(0, Qt::UserRole).toInt();
    if (line > 0)
        m_source->goToLine(line, item->data(0, Qt::UserRole + 1).toInt());
}

} // namespace ts::gui
