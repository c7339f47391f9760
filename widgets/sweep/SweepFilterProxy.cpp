#include "sweep/SweepFilterProxy.h"

#include "sweep/SweepTableModel.h"

namespace cf {

SweepFilterProxy::SweepFilterProxy(QObject* parent) : QSortFilterProxyModel(parent) {
  setSortRole(SweepTableModel::SortRole);
  setFilterKeyColumn(-1);
  setFilterCaseSensitivity(Qt::CaseInsensitive);
}

void SweepFilterProxy::setParetoOnly(bool on) {
  if (on == paretoOnly_) return;
  paretoOnly_ = on;
  invalidateRowsFilter();
}

void SweepFilterProxy::setOkOnly(bool on) {
  if (on == okOnly_) return;
  okOnly_ = on;
  invalidateRowsFilter();
}

void SweepFilterProxy::setText(const QString& text) { setFilterFixedString(text.trimmed()); }

bool SweepFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
  const QModelIndex first = sourceModel()->index(sourceRow, 0, sourceParent);
  if (paretoOnly_ && !first.data(SweepTableModel::ParetoRole).toBool()) return false;
  if (okOnly_ && !first.data(SweepTableModel::OkRole).toBool()) return false;
  return QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent);
}

bool SweepFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const {
  const QVariant a = left.data(sortRole()), b = right.data(sortRole());
  // Missing values after the present ones (in ascending order).
  if (!a.isValid() || !b.isValid()) return a.isValid() && !b.isValid();
  const bool an = a.typeId() == QMetaType::Double, bn = b.typeId() == QMetaType::Double;
  if (an && bn) {
    if (a.toDouble() != b.toDouble()) return a.toDouble() < b.toDouble();
  } else if (an != bn) {
    return an;  // numbers before text
  } else {
    const int c = QString::localeAwareCompare(a.toString(), b.toString());
    if (c != 0) return c < 0;
  }
  // Ties: by record (variant index order), so the order is stable.
  return left.data(SweepTableModel::RecordRole).toInt() < right.data(SweepTableModel::RecordRole).toInt();
}

}  // namespace cf
