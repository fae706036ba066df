#include "widgets/analysis_panel.h"
#include "widgets/core_text.h"

#include "core/analysis/cube_summary.h"
#include "core/space/trail_message.h"

#include "widgets/quantity_text.h"
#include "widgets/status_colors.h"
#include "widgets/wrapping_delegate.h"

#include <QCoreApplication>

#include <QApplication>
#include <QEvent>
#include <QFontMetrics>
#include <QHeaderView>
#include <QLabel>
#include <QRegularExpression>
#include <QSet>
#include <QTextBoundaryFinder>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>

#include <algorithm>
#include <QVBoxLayout>

namespace ts::gui {
namespace {

// The value column's least width beside a long name: "float16[4096," on a line.
constexpr int kValuesLeast = 64;

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

QString axisList(const std::vector<std::string>& axes)
{
    QStringList out;
    for (const std::string& a : axes)
        out << q(a);
    return out.join(QStringLiteral(", "));
}

// `text` with each number's unit held to it (a buffer's formula "... x 2 B"), as quantity_text.h
// writes a figure: a wrap never leaves the unit alone on a line.
QString withUnitsHeld(QString text)
{
    static const QRegularExpression spaced(QStringLiteral("(\\d) (KiB|MiB|GiB|B)(?=$|[^A-Za-z])"));
    return text.replace(spaced, QStringLiteral("\\1") + kUnitSpace + QStringLiteral("\\2"));
}

// `text` with each bracketed shape held together ("float16[8192, 4096]" never breaks after its
// comma): a shape reads as one value, on one line.
QString withShapesHeld(QString text)
{
    static const QRegularExpression shape(QStringLiteral("\\[[^\\]]*\\]"));
    for (auto it = shape.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        QString held = m.captured();
        held.replace(QStringLiteral(", "), QStringLiteral(",\u00a0"));
        text.replace(m.capturedStart(), m.capturedLength(), held);  // the same length
    }
    return text;
}

// The widest piece of `text` a line may not break inside ("Ascend910B2", "enable_ubuf_saving",
// "float16[8192,"): the pieces the text layout wraps at, so that a value measured to fit is never
// broken inside a token.
int widestWord(const QString& text, const QFontMetrics& fm)
{
    int widest = 0;
    const QString held = withShapesHeld(text);
    QTextBoundaryFinder breaks(QTextBoundaryFinder::Line, held);
    for (qsizetype from = 0, to = breaks.toNextBoundary(); to > 0; from = to, to = breaks.toNextBoundary())
        widest = std::max(widest, fm.horizontalAdvance(held.mid(from, to - from).trimmed()));
    return widest;
}

// The tree's cells, and a row whose value has a word wider than the value column (a narrow
// dock): that row spans the tree, its value on the lines under its name, so that neither is
// broken inside a word ("Ascend910B / 2" beside "out_row_stride").
class AnalysisDelegate : public WrappingDelegate {
public:
    explicit AnalysisDelegate(QTreeWidget* tree) : WrappingDelegate(tree, 0), m_tree(tree) {}

    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        if (index.column() == 1 && spanned(index.siblingAtColumn(0)))
            return {}; // drawn under the name
        if (!spanned(index))
            return WrappingDelegate::sizeHint(option, index);
        QStyleOptionViewItem measured = option;
        initStyleOption(&measured, index);
        const int width = std::max(
            m_tree->header()->length() - depth(index) * m_tree->indentation() - 2 * textMargin(m_tree), 1);
        // The style's padding around a line, as for the other rows.
        QStyleOptionViewItem line = option;
        WrappingDelegate::initStyleOption(&line, index);
        line.text = QStringLiteral("X");
        const int padding =
            QStyledItemDelegate::sizeHint(line, index).height() - textHeight(line.text, line.font, width);
        return {width, textHeight(measured.text, measured.font, width) + std::max(padding, 0)};
    }

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override
    {
        WrappingDelegate::initStyleOption(option, index);
        if (spanned(index))
            option->text = spannedText(index.data().toString(), index.siblingAtColumn(1).data().toString());
        option->text = withShapesHeld(option->text);
    }

public:
    // A spanned row's text: its name, then its value on the lines under it.
    static QString spannedText(const QString& name, const QString& value)
    {
        return value.isEmpty() ? name : name + QLatin1Char('\n') + value;
    }

private:
    bool spanned(const QModelIndex& index) const
    {
        return index.column() == 0 && m_tree->isFirstColumnSpanned(index.row(), index.parent());
    }
    int depth(QModelIndex index) const
    {
        int d = m_tree->rootIsDecorated() ? 1 : 0;
        for (QModelIndex p = index.parent(); p.isValid(); p = p.parent())
            ++d;
        return d;
    }

    QTreeWidget* m_tree;
};

} // namespace

AnalysisPanel::AnalysisPanel(QWidget* parent) : QWidget(parent)
{
    m_backend = new QLabel(this);
    m_backend->setObjectName(QStringLiteral("backendStatus"));
    m_backend->setWordWrap(true);
    m_backend->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_backend->setMargin(6);
    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(QStringLiteral("analysisTree"));
    // The stretched value column never gets less than the default size: a narrow one, so that
    // a long name's words fit beside it (fitNameColumn).
    m_tree->header()->setDefaultSectionSize(kValuesLeast);
    m_tree->setHeaderLabels({tr("Item"), tr("Value")});
    // Values wrap at the panel's width instead of eliding; rows grow to fit them, and are
    // measured again when a column's width changes.
    m_tree->setUniformRowHeights(false);
    // The names take their width up to about half the tree (fitNameColumn); a longer one (a
    // config of the generator's trail) wraps, so that the values keep their room.
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Interactive);
    // A narrow dock (a 1280-pixel screen) wraps the values more rather than cutting the column
    // off at the panel's edge: the value column may shrink below Qt's default minimum.
    m_tree->header()->setMinimumSectionSize(40);
    // Each level of the tree costs the value column its indentation: half Qt's default keeps
    // the nesting visible and gives the values room.
    m_tree->setIndentation(m_tree->indentation() / 2 + 2);
    m_tree->setWordWrap(true);
    m_tree->setItemDelegate(new AnalysisDelegate(m_tree));
    m_tree->viewport()->installEventFilter(this);
    connect(m_tree->header(), &QHeaderView::sectionResized, m_tree, [this] { m_tree->doItemsLayout(); });
    // The names' longest words and a few characters of value a line, on a 1280-pixel screen too.
    setMinimumWidth(220);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_backend);
    layout->addWidget(m_tree, 1);
    connect(m_tree, &QTreeWidget::itemCollapsed, this, [this](QTreeWidgetItem* item) {
        if (!m_collapsed.contains(item->text(0)))
            m_collapsed << item->text(0);
    });
    connect(m_tree, &QTreeWidget::itemExpanded, this, [this](QTreeWidgetItem* item) { m_collapsed.removeAll(item->text(0)); });
    for (auto signal : {&QTreeWidget::itemExpanded, &QTreeWidget::itemCollapsed})
        connect(m_tree, signal, this, &AnalysisPanel::fitNameColumn);
    setAnalysis(nullptr);
}

bool AnalysisPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_tree->viewport() && event->type() == QEvent::Resize)
        fitNameColumn();
    return QWidget::eventFilter(watched, event);
}

void AnalysisPanel::fitNameColumn()
{
    const int margin = WrappingDelegate::textMargin(m_tree);
    int natural = 0;
    int words = 0; // the widest word of a name, where it starts
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it) {
        int depth = m_tree->rootIsDecorated() ? 1 : 0;
        bool shown = true;
        for (const QTreeWidgetItem* p = (*it)->parent(); p; p = p->parent()) {
            ++depth;
            shown &= p->isExpanded();
        }
        if (!shown)
            continue;
        const QFontMetrics fm((*it)->font(0));
        const int indent = depth * m_tree->indentation() + 2 * margin + 1; // + 1: a fractional advance
        natural = std::max(natural, indent + fm.horizontalAdvance((*it)->text(0)));
        // A word is what a line may not break inside: Chinese breaks between any two characters,
        // so a Chinese name leaves the values their room.
        const QString name = (*it)->text(0);
        QTextBoundaryFinder breaks(QTextBoundaryFinder::Line, name);
        for (qsizetype from = 0, to = breaks.toNextBoundary(); to > 0;
             from = to, to = breaks.toNextBoundary())
            words = std::max(words, indent + fm.horizontalAdvance(name.mid(from, to - from).trimmed()));
    }
    // The names take up to 45% of a narrow dock and wrap between words; more where a word of
    // theirs would break ("Reductio / n axes"), as long as the values keep room for a few
    // characters a line (they wrap, and break inside a word, where they must).
    const int minimum = m_tree->header()->minimumSectionSize();
    const int viewport = m_tree->viewport()->width();
    const int most = std::max(
        {minimum, viewport * 9 / 20, std::min(words, viewport - m_tree->header()->defaultSectionSize())});
    const int width = std::clamp(natural, minimum, most);
    if (m_tree->header()->sectionSize(0) != width)
        m_tree->header()->resizeSection(0, width);
    // A value whose name or number the value column cannot hold goes under its name.
    const int values = viewport - width - 2 * margin - 1;
    bool changed = false;
    for (QTreeWidgetItemIterator it(m_tree); *it; ++it) {
        const bool span =
            !(*it)->text(1).isEmpty() && widestWord((*it)->text(1), QFontMetrics((*it)->font(1))) > values;
        if ((*it)->isFirstColumnSpanned() != span) {
            (*it)->setFirstColumnSpanned(span);
            changed = true;
        }
    }
    if (changed)
        m_tree->doItemsLayout();
}

QTreeWidgetItem* AnalysisPanel::section(const QString& title)
{
    auto* item = new QTreeWidgetItem(m_tree, {title});
    QFont f = item->font(0);
    f.setBold(true);
    item->setFont(0, f);
    item->setFirstColumnSpanned(false);
    return item;
}

namespace {

// The words of the backend's own parse (kernel kinds, cube modes and states, the cv parser's
// roles) and the generator trail's codes, in the reader's language; a word it does not know
// is shown as the backend wrote it.
QString parseWord(const std::string& word)
{
    static const std::pair<const char*, const char*> words[] = {
        {"vector", QT_TRANSLATE_NOOP("ts::gui::ParseWord", "vector")},
        {"cube", QT_TRANSLATE_NOOP("ts::gui::ParseWord", "cube")},
        {"mix", QT_TRANSLATE_NOOP("ts::gui::ParseWord", "mix")},
        {"auto", QT_TRANSLATE_NOOP("ts::gui::ParseWord", "auto")},
        {"ok", QT_TRANSLATE_NOOP("ts::gui::ParseWord", "ok")},
        {"partial", QT_TRANSLATE_NOOP("ts::gui::ParseWord", "partial")},
        {"failed", QT_TRANSLATE_NOOP("ts::gui::ParseWord", "failed")},
        {"tunable", QT_TRANSLATE_NOOP("ts::gui::ParseWord", "tunable")},
        {"fixed_compile_time", QT_TRANSLATE_NOOP("ts::gui::ParseWord", "fixed_compile_time")},
        {"unknown", QT_TRANSLATE_NOOP("ts::gui::ParseWord", "unknown")},
        // The cv parser's role of a parameter that tiles no M, N or K: a word, not a shout.
        {"OTHER", QT_TRANSLATE_NOOP("ts::gui::ParseWord", "other")},
    };
    for (const auto& [english, shown] : words)
        if (word == english)
            return QCoreApplication::translate("ts::gui::ParseWord", shown);
    return QString::fromStdString(word);
}

QString trailCodeText(space::TrailCode code)
{
    switch (code) {
    case space::TrailCode::UbCapacity: return QCoreApplication::translate("ts::gui::TrailCode", "UB capacity");
    case space::TrailCode::BelowMinTile: return QCoreApplication::translate("ts::gui::TrailCode", "below the minimum tile");
    case space::TrailCode::LowProgramFloor:
        return QCoreApplication::translate("ts::gui::TrailCode", "low-program floor");
    case space::TrailCode::Duplicate: return QCoreApplication::translate("ts::gui::TrailCode", "duplicate");
    case space::TrailCode::ProgramLimit: return QCoreApplication::translate("ts::gui::TrailCode", "program limit");
    case space::TrailCode::LowProgramCap: return QCoreApplication::translate("ts::gui::TrailCode", "low-program cap");
    case space::TrailCode::PersistentReduction:
        return QCoreApplication::translate("ts::gui::TrailCode", "persistent reduction");
    }
    return QString::fromLatin1(space::trailCodeName(code).data());
}

} // namespace

void AnalysisPanel::restoreExpansion()
{
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* item = m_tree->topLevelItem(i);
        item->setExpanded(!m_collapsed.contains(item->text(0)));
    }
    fitNameColumn();
}

void AnalysisPanel::showKernelErrors()
{
    m_tree->clear();
    m_spaceSection = nullptr;
    m_backend->setText(tr("<b>The kernel has errors</b>: see the diagnostics under the source."));
    m_backend->setStyleSheet(QStringLiteral("background: rgba(229, 57, 53, 50); border-radius: 4px;"));
}

void AnalysisPanel::setAnalysis(const analysis::KernelAnalysis* a)
{
    m_tree->clear();
    m_spaceSection = nullptr;
    if (!a) {
        m_backend->setText(tr("No kernel open."));
        m_backend->setStyleSheet(QString());
        return;
    }
    const analysis::AxisParse& p = a->parse;
    if (p.error) {
        m_backend->setText(tr("<b>Triton-Ascend raises</b> %1: %2")
                               .arg(q(p.errorType).toHtmlEscaped(), q(*p.error).toHtmlEscaped()));
        m_backend->setStyleSheet(QStringLiteral("background: rgba(229, 57, 53, 50); border-radius: 4px;"));
    } else if (a->inError()) {
        m_backend->setText(tr("<b>The kernel has errors</b>: see the diagnostics under the source."));
        m_backend->setStyleSheet(QStringLiteral("background: rgba(251, 140, 0, 50); border-radius: 4px;"));
    } else {
        m_backend->setText(tr("<b>%1</b>: the backend's axis parse succeeds.").arg(q(a->kernel ? a->kernel->name : "").toHtmlEscaped()));
        m_backend->setStyleSheet(QStringLiteral("background: rgba(67, 160, 71, 45); border-radius: 4px;"));
    }

    auto* keys = section(tr("Keys"));
    for (const auto& [axis, param] : p.keys) {
        QString value;
        for (const analysis::ParamInfo& info : a->params)
            if (info.name == param)
                value = q(info.value);
        new QTreeWidgetItem(keys, {q(axis), value.isEmpty() ? q(param) : q(param) + QStringLiteral(" = ") + value});
    }
    if (keys->childCount() == 0)
        addAutotuneKey(keys, *a);
    // Each row named for what it says of its axis: an axis may have a split parameter and a
    // split size the grid fixes, and two rows named "x" read as one axis listed twice.
    auto* split = section(tr("Split parameters"));
    for (const auto& [axis, param] : p.splitParams)
        new QTreeWidgetItem(split, {tr("axis %1").arg(q(axis)), q(param)});
    for (const auto& [axis, size] : p.fixedSplitParams)
        new QTreeWidgetItem(split,
                            {tr("axis %1 fixed by the grid").arg(q(axis)), tr("split size %1").arg(size)});
    auto* tiling = section(tr("Tiling parameters"));
    for (const auto& [axis, param] : p.tilingParams)
        new QTreeWidgetItem(tiling, {tr("axis %1").arg(q(axis)), q(param)});
    if (split->childCount() == 0 && tiling->childCount() == 0 && a->cube)
        addCubeTiling(split, tiling, *a);
    // An empty section reads as a value that failed to show.
    if (split->childCount() == 0)
        new QTreeWidgetItem(split, {tr("none"), tr("the backend's axis parse names no split parameter")});
    if (tiling->childCount() == 0)
        new QTreeWidgetItem(tiling, {tr("none"), tr("the backend's axis parse names no tiling parameter")});
    auto* axes = section(tr("Axes"));
    // A blank value reads as one that failed to show.
    new QTreeWidgetItem(axes,
                        {tr("Low-dim axes"), p.lowDimAxes.empty() ? tr("none") : axisList(p.lowDimAxes)});
    new QTreeWidgetItem(
        axes, {tr("Reduction axes"), p.reductionAxes.empty() ? tr("none") : axisList(p.reductionAxes)});
    new QTreeWidgetItem(axes, {tr("Persistent reduction"), p.persistentReduction ? tr("yes") : tr("no")});
    if (p.dualReduction)
        new QTreeWidgetItem(axes, {tr("Dual reduction"), tr("yes")});
    new QTreeWidgetItem(axes, {tr("Kernel kind"), parseWord(a->kernelKind)});
    int tensorCount = 0;
    for (const auto& [name, value] : a->workload.args)
        tensorCount += value.kind == kernel::ArgValue::Kind::Tensor;
    auto* tensors = new QTreeWidgetItem(axes, {tr("Tensors passed"), countText(tensorCount)});
    for (const auto& [name, value] : a->workload.args)
        if (value.kind == kernel::ArgValue::Kind::Tensor)
            new QTreeWidgetItem(tensors, {q(name), q(value.describe())});
    tensors->setExpanded(true);
    if (!a->widestDtype.empty())
        new QTreeWidgetItem(axes, {tr("Widest dtype"), tr("%1 (%2 bytes)").arg(q(a->widestDtype)).arg(a->dtypeBytes)});

    addCubeSites(*a);

    auto* params = section(tr("Parameters"));
    for (const analysis::ParamInfo& info : a->params) {
        QString role = paramRoleLabel(info.role);
        if (!info.splitAxis.empty())
            role += tr(" · split %1").arg(q(info.splitAxis));
        if (!info.tilingAxis.empty())
            role += tr(" · tiling %1").arg(q(info.tilingAxis));
        if (!info.keyAxis.empty())
            role += tr(" · key %1").arg(q(info.keyAxis));
        if (!info.cubeAxis.empty())
            role += tr(" · tl.dot %1").arg(q(info.cubeAxis));
        if (!info.value.empty())
            role += QStringLiteral(" = ") + q(info.value);
        else if (!info.defaultText.empty())
            role += tr(" (default %1)").arg(q(info.defaultText));
        // Its role says whether it is a constexpr (tunable, fixed); the tooltip says it as declared.
        auto* item = new QTreeWidgetItem(params, {q(info.name), role});
        item->setToolTip(0, q(info.name) + (info.isConstexpr ? QStringLiteral(": tl.constexpr") : QString()));
        item->setToolTip(1, role);
    }
    if (!a->hintDimensions.empty()) {
        auto* hints = section(tr("Hint dimensions"));
        for (const auto& [name, values] : a->hintDimensions) {
            QStringList vs;
            for (const py::Value& v : values)
                vs << q(v.repr());
            new QTreeWidgetItem(hints, {q(name), vs.join(QStringLiteral(", "))});
        }
    }
    if (!p.backendWarnings.empty()) {
        auto* warnings = section(tr("Backend warnings"));
        for (const std::string& w : p.backendWarnings) {
            auto* item = new QTreeWidgetItem(warnings, {QString(), q(w)});
            item->setToolTip(1, q(w));
        }
    }
    m_spaceSection = section(tr("Candidate space"));
    new QTreeWidgetItem(m_spaceSection, {tr("State"), tr("being built…")});
    restoreExpansion();
}

// The tile generator's refused candidates: a count per reason, and the first few of each with
// the numbers behind the refusal (a walk refuses few: hundreds, not millions).
void AnalysisPanel::addTrail(const space::CandidateSpace& s)
{
    const space::GenerationTrail& trail = s.backend().tiles.trail;
    if (trail.empty())
        return;
    constexpr int kShownPerCode = 20;
    auto* top = new QTreeWidgetItem(
        m_spaceSection, {tr("Generator trail"), tr("%Ln refused candidate(s)", nullptr, int(trail.size()))});
    top->setToolTip(1, tr("What the backend's tile generator tried and turned down while it walked the tiling, "
                          "and why"));
    for (int c = 0; c < space::kTrailCodeCount; ++c) {
        const auto code = space::TrailCode(c);
        const std::size_t n = trail.count(code);
        if (n == 0)
            continue;
        auto* byCode = new QTreeWidgetItem(top, {trailCodeText(code), countText(n)});
        byCode->setData(0, Qt::UserRole, c); // the code, whatever the language
        int shown = 0;
        for (std::size_t i = 0; i < trail.size() && shown < kShownPerCode; ++i) {
            if (trail[i].code != code)
                continue;
            ++shown;
            const QString what = coreText(space::trailMessage(trail, i, s.backend().problem));
            auto* item = new QTreeWidgetItem(byCode, {q(trail.describeValues(i, s.backend().problem)), what});
            item->setToolTip(1, what);
        }
        if (std::size_t(shown) < n)
            new QTreeWidgetItem(byCode, {QString(), tr("… %Ln more", nullptr, int(n - std::size_t(shown)))});
    }
}

// The axis parse names no key axis (a tl.dot kernel's has none): the autotune decorator's key is
// what selects a tuning all the same.
void AnalysisPanel::addAutotuneKey(QTreeWidgetItem* keys, const analysis::KernelAnalysis& a)
{
    const kernel::AutotuneSpec* at = a.kernel && a.kernel->autotune ? &*a.kernel->autotune : nullptr;
    std::vector<std::string> args = at ? at->keyList : std::vector<std::string>{};
    if (at && at->keyDict)
        for (const auto& [axis, arg] : *at->keyDict)
            args.push_back(arg);
    for (const std::string& arg : args) {
        QString value;
        for (const analysis::ParamInfo& info : a.params)
            if (info.name == arg)
                value = q(info.value);
        // Under "Keys" the value alone: "the autotune key, 2048" wrapped to three lines in a
        // narrow dock. What the row is stays in its tooltip.
        auto* item = new QTreeWidgetItem(keys, {q(arg), value.isEmpty() ? tr("the autotune key") : value});
        item->setToolTip(0, tr("%1: the autotune key").arg(q(arg)));
        item->setToolTip(1, item->toolTip(0));
    }
    if (keys->childCount() == 0)
        new QTreeWidgetItem(keys, {tr("none"), tr("the autotune decorator names no key")});
}

// A tl.dot kernel: the backend's axis parse names no split or tiling axis; the dot sites' BLOCK
// parameters tile M, N and K (listed with the sites below), and the grid splits the output by them.
void AnalysisPanel::addCubeTiling(QTreeWidgetItem* split, QTreeWidgetItem* tiling, const analysis::KernelAnalysis& a)
{
    const analysis::CubeSummary summary = analysis::summarizeCube(a);
    static constexpr const char* kDims[3] = {"M", "N", "K"};
    QStringList outputTiles;
    QSet<QString> listed;
    for (const analysis::CubeSiteSummary& s : summary.sites)
        for (std::size_t i = 0; i < 3; ++i) {
            const QString block = q(s.block[i]);
            if (!a.kernel || !a.kernel->param(s.block[i]) || listed.contains(block))
                continue;
            listed.insert(block);
            new QTreeWidgetItem(tiling, {block, tr("%1 of tl.dot site %2").arg(QString::fromLatin1(kDims[i])).arg(s.site->siteId)});
            if (i < 2)
                outputTiles << block;
        }
    if (tiling->childCount() == 0)
        new QTreeWidgetItem(tiling, {tr("none"), tr("no tl.dot extent is a kernel parameter")});
    new QTreeWidgetItem(split, {tr("by the grid"), outputTiles.isEmpty()
                                                       ? tr("a tl.dot kernel: its programs split the output into tiles")
                                                       : tr("a tl.dot kernel: its programs split the output into %1 tiles")
                                                             .arg(outputTiles.join(QStringLiteral(" × ")))});
}

void AnalysisPanel::addCubeSites(const analysis::KernelAnalysis& a)
{
    if (!a.cube)
        return;
    const analysis::CubeSummary summary = analysis::summarizeCube(a);
    auto* cube = section(tr("tl.dot sites"));
    new QTreeWidgetItem(cube, {tr("Cube parse"), summary.byBackend ? tr("mode %1, status %2").arg(parseWord(a.cube->mode), parseWord(a.cube->status))
                                                                   : tr("mode %1, status %2 (upstream's cube parse run by TileScope: this version has none)")
                                                                         .arg(parseWord(a.cube->mode), parseWord(a.cube->status))});
    for (const analysis::CubeSiteSummary& s : summary.sites) {
        const analysis::CubeDotSite& site = *s.site;
        auto* item = new QTreeWidgetItem(cube, {tr("Site %1").arg(site.siteId),
                                                tr("%1 x %2, line %3").arg(q(site.lhs.value_or("?")), q(site.rhs.value_or("?")))
                                                    .arg(site.line)});
        const std::pair<const char*, const analysis::CubeAxis*> axes[3] = {{"M", &site.m}, {"N", &site.n}, {"K", &site.k}};
        for (std::size_t i = 0; i < 3; ++i) {
            const analysis::CubeAxis& axis = *axes[i].second;
            QString length = q(axis.lengthExpr.value_or("?"));
            if (axis.resolvedLength)
                length += QStringLiteral(" = ") + QString::number(*axis.resolvedLength);
            new QTreeWidgetItem(item, {QString::fromLatin1(axes[i].first),
                                       tr("%1, tiled by %2 (%3)").arg(length, q(s.block[i]), parseWord(axis.state))});
        }
        new QTreeWidgetItem(item, {tr("Accumulator"), tr("%1 %2 (%3)").arg(q(s.accumulator), q(s.accumulatorDtype),
                                                                           coreText(s.accumulatorSource))});
        for (const analysis::CubeBufferUse& use : s.footprint)
            new QTreeWidgetItem(item, {q(use.buffer), withUnitsHeld(q(use.formula))});
        item->setExpanded(true);
    }
    QStringList tunables;
    for (const analysis::CubeTunableParam& t : a.cube->tunableParams)
        tunables << tr("%1 (%2)").arg(q(t.name), parseWord(t.role));
    new QTreeWidgetItem(cube, {tr("Tunable parameters"), tunables.join(QStringLiteral(", "))});
}

void AnalysisPanel::setSpace(const space::CandidateSpace* s, const QString& problem)
{
    if (!m_spaceSection)
        return;
    qDeleteAll(m_spaceSection->takeChildren());
    if (!s) {
        new QTreeWidgetItem(m_spaceSection, {tr("State"), problem.isEmpty() ? tr("being built…") : problem});
        m_spaceSection->child(0)->setToolTip(1, problem);
        return;
    }
    new QTreeWidgetItem(m_spaceSection, {tr("Device"), tr("%1: %2 vector cores, %3 KiB UB budget")
                                                           .arg(q(s->device().soc))
                                                           .arg(countText(s->device().numVectorCores))
                                                           .arg(s->device().ubBudgetKib)});
    new QTreeWidgetItem(m_spaceSection, {tr("Backend's list"),
                                         tr("%Ln config(s)", nullptr, int(s->backend().configs.size()))});
    using space::CandidateStatus;
    for (CandidateStatus st : {CandidateStatus::Generated, CandidateStatus::User, CandidateStatus::Incorrect,
                               CandidateStatus::Skipped, CandidateStatus::Pruned}) {
        auto* item = new QTreeWidgetItem(m_spaceSection, {statusLabel(st), countText(s->count(st))});
        // The application's palette: a theme switch reaches this widget's own palette later.
        item->setForeground(0, statusColor(st, isDarkPalette(QApplication::palette())));
    }
    if (s->hasLattice())
        new QTreeWidgetItem(m_spaceSection, {tr("Lattice points"), countText(s->latticePoints())});
    if (s->error()) {
        auto* item = new QTreeWidgetItem(m_spaceSection, {tr("Backend error"), q(*s->error())});
        item->setToolTip(1, q(*s->error()));
    }
    for (const msg::Message& note : s->noteMessages()) {
        auto* item = new QTreeWidgetItem(m_spaceSection, {tr("Note"), coreText(note)});
        item->setToolTip(1, coreText(note));
    }
    for (const std::string& w : s->backend().warnings) {
        auto* item = new QTreeWidgetItem(m_spaceSection, {tr("Backend prints"), q(w)});
        item->setToolTip(1, q(w));
    }
    addTrail(*s);
    m_spaceSection->setExpanded(!m_collapsed.contains(m_spaceSection->text(0)));
    fitNameColumn();
}

} // namespace ts::gui
