#include "sweep/ParetoPanel.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

#include "charts/ChartView.h"
#include "sweep/SweepFilterProxy.h"

namespace cf {

namespace {

// The axis's value of a record (a metric or a parallelism key), scaled.
double numberAt(const SweepRecord& rec, const ParetoPanel::Axis& a, bool* ok) {
  SweepTableModel::Column c;
  c.section = a.section;
  c.key = a.key;
  const nlohmann::json v = SweepTableModel::cell(rec, c);
  *ok = v.is_number();
  return *ok ? v.get<double>() * a.scale : 0.0;
}

}  // namespace

ParetoPanel::ParetoPanel(QWidget* parent)
    : QWidget(parent),
      model_(new SweepTableModel(this)),
      proxy_(new SweepFilterProxy(this)),
      chart_(new ChartView(this)),
      table_(new QTableView(this)),
      filter_(new QLineEdit(this)),
      paretoOnly_(new QCheckBox(this)),
      count_(new QLabel(this)) {
  proxy_->setSourceModel(model_);
  table_->setObjectName(QStringLiteral("paretoTable"));
  chart_->setObjectName(QStringLiteral("paretoChart"));
  filter_->setObjectName(QStringLiteral("paretoFilter"));
  paretoOnly_->setObjectName(QStringLiteral("paretoOnly"));
  table_->setModel(proxy_);
  table_->setSortingEnabled(true);
  table_->sortByColumn(0, Qt::AscendingOrder);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::ExtendedSelection);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setAlternatingRowColors(true);
  table_->verticalHeader()->hide();
  table_->horizontalHeader()->setSectionsMovable(true);
  filter_->setClearButtonEnabled(true);
  chart_->setMinimumHeight(260);

  auto* bar = new QHBoxLayout;
  bar->addWidget(filter_, 2);
  bar->addWidget(paretoOnly_);
  bar->addStretch(1);
  bar->addWidget(count_);
  auto* split = new QSplitter(Qt::Vertical, this);
  split->addWidget(chart_);
  auto* lower = new QWidget(split);
  auto* lowerLayout = new QVBoxLayout(lower);
  lowerLayout->setContentsMargins(0, 0, 0, 0);
  lowerLayout->addLayout(bar);
  lowerLayout->addWidget(table_, 1);
  split->addWidget(lower);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(split);

  connect(filter_, &QLineEdit::textChanged, this, [this](const QString& t) {
    proxy_->setText(t);
    replot();
  });
  connect(paretoOnly_, &QCheckBox::toggled, this, [this](bool on) {
    proxy_->setParetoOnly(on);
    replot();
  });
  connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
    syncChartSelection();
    emit selectionChanged();
  });
  connect(chart_, &ChartView::scatterPointClicked, this, &ParetoPanel::onPointClicked);
  retranslate();
}

void ParetoPanel::retranslate() {
  filter_->setPlaceholderText(tr("Filter rows (any column)…"));
  paretoOnly_->setText(tr("Pareto front only"));
  paretoOnly_->setToolTip(tr("Show only the designs no other design beats on both time to train and cost"));
  updateCount();
}

void ParetoPanel::setChartTitle(const QString& title) { chart_->setTitle(title); }

void ParetoPanel::setRecords(std::vector<SweepRecord> records, QVector<SweepTableModel::Column> columns, Axis x, Axis y,
                             Describe describe) {
  x_ = std::move(x);
  y_ = std::move(y);
  describe_ = std::move(describe);
  model_->setRecords(std::move(records), std::move(columns));
  table_->resizeColumnsToContents();
  for (int c = 0; c < model_->columnCount(); ++c)
    table_->setColumnWidth(c, std::min(table_->columnWidth(c), 220));
  replot();
}

void ParetoPanel::replot() {
  const QVector<int> selected = selectedRecords();
  pointRecord_.clear();
  QVector<ChartView::ScatterPoint> points;
  // Plot in record order (not the table's sort order), so point indices are stable under sorting.
  QVector<int> shown;
  for (int r = 0; r < proxy_->rowCount(); ++r) shown << proxy_->mapToSource(proxy_->index(r, 0)).row();
  std::sort(shown.begin(), shown.end());
  const QLocale loc;
  for (int row : shown) {
    const SweepRecord& rec = model_->record(row);
    if (!rec.ok()) continue;
    bool okX = false, okY = false;
    const double x = numberAt(rec, x_, &okX), y = numberAt(rec, y_, &okY);
    if (!okX || !okY) continue;
    ChartView::ScatterPoint p;
    p.x = x;
    p.y = y;
    p.front = rec.onFront();
    p.selected = selected.contains(row);
    p.tooltip = (describe_ ? describe_(rec) + QStringLiteral("<br>") : QString()) +
                QStringLiteral("%1: <b>%2</b><br>%3: <b>%4</b>")
                    .arg(x_.title.toHtmlEscaped(), loc.toString(x, 'f', 2), y_.title.toHtmlEscaped(),
                         loc.toString(y, 'f', 2));
    if (p.front) p.tooltip += QStringLiteral("<br><i>%1</i>").arg(tr("on the Pareto front"));
    points << p;
    pointRecord_ << row;
  }
  if (points.isEmpty())
    chart_->showMessage(model_->rowCount() == 0 ? tr("No results.") : tr("No design with results matches the filter."));
  else
    chart_->showParetoScatter(points, x_.title, y_.title);
  updateCount();
}

QVector<int> ParetoPanel::selectedRecords() const {
  QVector<int> rows;
  for (const QModelIndex& i : table_->selectionModel()->selectedRows()) rows << proxy_->mapToSource(i).row();
  std::sort(rows.begin(), rows.end());
  return rows;
}

void ParetoPanel::selectRecords(const QVector<int>& rows) {
  QItemSelection sel;
  QModelIndex first;
  for (int row : rows) {
    const QModelIndex i = proxy_->mapFromSource(model_->index(row, 0));
    if (!i.isValid()) continue;
    if (!first.isValid()) first = i;
    sel.select(i, i.siblingAtColumn(proxy_->columnCount() - 1));
  }
  table_->selectionModel()->select(sel, QItemSelectionModel::ClearAndSelect);
  if (first.isValid()) {
    table_->selectionModel()->setCurrentIndex(first, QItemSelectionModel::NoUpdate);
    table_->scrollTo(first);
  }
}

void ParetoPanel::onPointClicked(int point, bool additive) {
  const int row = recordOfPoint(point);
  QVector<int> rows = additive ? selectedRecords() : QVector<int>{};
  if (row >= 0) {
    if (additive && rows.contains(row))
      rows.removeAll(row);
    else
      rows << row;
  } else if (additive) {
    return;  // a Ctrl-click beside the points keeps the selection
  }
  selectRecords(rows);
}

void ParetoPanel::syncChartSelection() {
  QVector<int> points;
  for (int row : selectedRecords())
    if (int p = pointOfRecord(row); p >= 0) points << p;
  chart_->setScatterSelection(points);
}

void ParetoPanel::updateCount() {
  int front = 0;
  for (const SweepRecord& r : model_->records()) front += r.onFront() ? 1 : 0;
  count_->setText(tr("%1 of %2 rows shown; %3 on the Pareto front")
                      .arg(proxy_->rowCount())
                      .arg(model_->rowCount())
                      .arg(front));
}

}  // namespace cf
