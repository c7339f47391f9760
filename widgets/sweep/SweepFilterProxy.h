// Filtering and sorting of a SweepTableModel: a case-insensitive text filter
// over every column, "Pareto front only" and "ok only"; sorting by
// SweepTableModel::SortRole, numbers numerically, missing values last.
#pragma once
#include <QSortFilterProxyModel>

namespace cf {

class SweepFilterProxy : public QSortFilterProxyModel {
  Q_OBJECT

 public:
  explicit SweepFilterProxy(QObject* parent = nullptr);

  void setParetoOnly(bool on);
  bool paretoOnly() const { return paretoOnly_; }
  void setOkOnly(bool on);
  bool okOnly() const { return okOnly_; }
  void setText(const QString& text);

 protected:
  bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
  bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

 private:
  bool paretoOnly_ = false;
  bool okOnly_ = false;
};

}  // namespace cf
