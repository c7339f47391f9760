// The rows of a sweep (or of a parallelism search) as a table: one row per
// result record (core/sweep/SweepRecord.h), one column per Column,
// which names where in the record its value lives. Sorting uses SortRole
// (numbers as numbers, missing values last: SweepFilterProxy); Pareto rows
// are bold on a light orange background.
#pragma once
#include <functional>
#include <QAbstractTableModel>
#include <QVector>
#include <nlohmann/json.hpp>
#include <vector>

#include "sweep/SweepRecord.h"

namespace cf {

class SweepTableModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Role { SortRole = Qt::UserRole + 1, ParetoRole, RecordRole, OkRole };
  enum class Kind { Integer, Number, Percent, Text, Bool };
  struct Column {
    QString header;
    std::string section;  // "" (the record itself), "values", "metrics" or "parallelism"
    std::string key;
    Kind kind = Kind::Number;
    int decimals = 2;
    double scale = 1;     // shown and sorted value = stored value * scale
    QString tooltip = {};
    // Text values shown in words: value -> shown text (an axis's choices, the
    // status); null shows them as written.
    std::function<QString(const std::string&)> words = {};
  };

  explicit SweepTableModel(QObject* parent = nullptr);

  void setRecords(std::vector<SweepRecord> records, QVector<Column> columns);
  const std::vector<SweepRecord>& records() const { return records_; }
  const SweepRecord& record(int row) const { return records_[static_cast<std::size_t>(row)]; }
  const QVector<Column>& columns() const { return columns_; }
  int columnOf(const std::string& section, const std::string& key) const;  // -1 when absent

  // The value of a cell as JSON (null when the record lacks it): a record's
  // field ("index", "status", "pareto", "seed", "error"), an axis value, a
  // metric (a number, or the bottleneck's text) or a parallelism key.
  nlohmann::json value(int row, int column) const;
  static nlohmann::json cell(const SweepRecord& r, const Column& c);
  // A JSON value as the table shows it.
  static QString formatValue(const nlohmann::json& v, const Column& c);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

 private:
  std::vector<SweepRecord> records_;
  QVector<Column> columns_;
};

}  // namespace cf
