// Validation messages of the open project (errors first, then warnings),
// recomputed after every change. Each row knows the scenario and the field
// it names, so a double-click can take the user to that field. A place in the
// layout is named as people do ("Hall 1 · Row A · R17 · U5", LocationRole and
// the Field column); its key path stays in KeyPathRole and the tooltip.
#pragma once
#include <QAbstractTableModel>
#include <vector>

#include "ChangeEvent.h"
#include "common/InputError.h"

namespace cf {

class Document;

class IssueListModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { SeverityColumn, ScenarioColumn, FieldColumn, MessageColumn, ColumnCount };
  enum Role { ScenarioIndexRole = Qt::UserRole + 1, KeyPathRole, IsErrorRole, LocationRole, MessageIdRole };

  explicit IssueListModel(Document* doc, QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  int errorCount() const { return errors_; }
  int warningCount() const { return warnings_; }
  // Validates again (the Validate action; changes do this on their own).
  void refresh();
  void retranslate();

 signals:
  void countsChanged(int errors, int warnings);

 private:
  struct Row {
    int scenario = 0;
    QString keyPath;
    QString location;  // "Hall 1 · Row A · R17 · U5" for a layout path, else empty
    Issue issue;  // message id + arguments: translated when read (EngineMessages.h)
    bool error = true;
  };
  Document* doc_;
  std::vector<Row> rows_;
  int errors_ = 0;
  int warnings_ = 0;
};

}  // namespace cf
