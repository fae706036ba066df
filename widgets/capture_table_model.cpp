#include "widgets/capture_table_model.h"

#include "widgets/quantity_text.h"

#include <QDir>
#include <QLocale>

namespace ts::gui {
namespace {

QString keyText(const capture::CapturedWorkload& w)
{
    const std::string described = w.describe();  // "add_kernel[n_elements=4096]"
    const std::size_t open = described.find('[');
    return QString::fromStdString(described.substr(open + 1, described.size() - open - 2));
}

} // namespace

CaptureTableModel::CaptureTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void CaptureTableModel::setIndex(capture::CaptureIndex index)
{
    beginResetModel();
    m_index = std::move(index);
    endResetModel();
}

QString CaptureTableModel::workloadPath(int row) const
{
    if (row < 0 || row >= rowCount())
        return {};
    return QString::fromStdString((m_index.folder / m_index.workloads[std::size_t(row)].file).string());
}

int CaptureTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_index.workloads.size());
}

int CaptureTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CaptureTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const capture::CapturedWorkload& w = m_index.workloads[std::size_t(index.row())];
    if (role == SortRole && index.column() == Launches)
        return qulonglong(w.launches);
    if (role == Qt::TextAlignmentRole && index.column() == Launches)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        QString tip = QString::fromStdString(w.kernelFile) + QStringLiteral(":") + QString::number(w.line);
        if (!w.error.empty())
            tip += QStringLiteral("\n") + tr("The launch raised: %1").arg(QString::fromStdString(w.error));
        for (const std::string& note : w.notes)
            tip += QStringLiteral("\n") + QString::fromStdString(note);
        return tip;
    }
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    switch (index.column()) {
    case Kernel: return QString::fromStdString(w.function);
    case Key: return keyText(w);
    case Launches: {
        const QString n = countText(w.launches);
        return w.launchesExact ? n : tr("%1 or more").arg(n);
    }
    case Kind: return w.kind == "jit" ? tr("@triton.jit") : tr("autotuned");
    case Tuner: {
        const std::string& t = w.tuner;
        return QString::fromStdString(t.substr(t.rfind('.') == std::string::npos ? 0 : t.rfind('.') + 1));
    }
    case File: return QDir::toNativeSeparators(QString::fromStdString(w.file));
    }
    return {};
}

QVariant CaptureTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Kernel: return tr("Kernel");
        case Key: return tr("Key values");
        case Launches: return tr("Launches");
        case Kind: return tr("Kind");
        case Tuner: return tr("Tuner");
        case File: return tr("Workload");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Key: return tr("The values of the autotune key's arguments: one workload per value the program launched");
        case Launches: return tr("How often the program launched the kernel with these key values");
        case Tuner: return tr("The autotuner class: Triton-Ascend's AutoTilingTuner or upstream Triton's Autotuner");
        case File: return tr("The workload file in the capture folder, beside a copy of the kernel's source");
        default: return {};
        }
    }
    return {};
}

} // namespace ts::gui
