// A Pareto scatter over a sortable, filterable table, with one selection:
// the plot and the table of the same records (SweepTableModel), a text
// filter and "Pareto front only". Selecting rows rings their points; clicking
// a point selects its row (Ctrl/Shift-click adds). The plot shows the rows
// the filter keeps whose status is "ok". Used by the Sweep Results view for
// design sweeps and for the parallelism search.
#pragma once
#include <QVector>
#include <QWidget>
#include <functional>
#include <nlohmann/json.hpp>
#include <vector>

#include "sweep/SweepTableModel.h"

class QCheckBox;
class QLabel;
class QLineEdit;
class QTableView;

namespace cf {

class ChartView;
class SweepFilterProxy;

class ParetoPanel : public QWidget {
  Q_OBJECT

 public:
  struct Axis {
    std::string section;  // where the value is in a record, as SweepTableModel::Column
    std::string key;
    double scale = 1;
    QString title;
  };
  // The tooltip of one record's point.
  using Describe = std::function<QString(const SweepRecord& record)>;

  explicit ParetoPanel(QWidget* parent = nullptr);

  void setRecords(std::vector<SweepRecord> records, QVector<SweepTableModel::Column> columns, Axis x, Axis y,
                  Describe describe);
  void setChartTitle(const QString& title);
  void retranslate();

  SweepTableModel* model() const { return model_; }
  SweepFilterProxy* proxy() const { return proxy_; }
  QTableView* table() const { return table_; }
  ChartView* chart() const { return chart_; }
  QLineEdit* filterEdit() const { return filter_; }
  QCheckBox* paretoOnlyBox() const { return paretoOnly_; }

  // Records (model rows) selected, ascending.
  QVector<int> selectedRecords() const;
  void selectRecords(const QVector<int>& rows);
  // The record plotted as point `point` of the chart, or -1.
  int recordOfPoint(int point) const { return point >= 0 && point < pointRecord_.size() ? pointRecord_[point] : -1; }
  int pointOfRecord(int record) const { return pointRecord_.indexOf(record); }

 signals:
  void selectionChanged();

 private:
  void replot();
  void onPointClicked(int point, bool additive);
  void syncChartSelection();
  void updateCount();

  SweepTableModel* model_;
  SweepFilterProxy* proxy_;
  ChartView* chart_;
  QTableView* table_;
  QLineEdit* filter_;
  QCheckBox* paretoOnly_;
  QLabel* count_;
  Axis x_, y_;
  Describe describe_;
  QVector<int> pointRecord_;  // point index -> model row
};

}  // namespace cf
