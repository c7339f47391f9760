#include "IssueListModel.h"

#include <algorithm>

#include "Document.h"
#include "EngineMessages.h"
#include "JsonPath.h"
#include "LayoutNames.h"
#include "design/LayoutPath.h"

namespace cf {

IssueListModel::IssueListModel(Document* doc, QObject* parent) : QAbstractTableModel(parent), doc_(doc) {
  connect(doc_, &Document::changed, this, [this] { refresh(); });
  refresh();
}

void IssueListModel::refresh() {
  std::vector<Row> rows;
  for (const Issue& issue : doc_->validate()) {
    const ScenarioPath sp = splitScenarioPath(QString::fromStdString(issue.path));
    QString location;
    LayoutAddress a;
    if (sp.scenario >= 0 && sp.scenario < doc_->scenarioCount() && parseLayoutPath(sp.keyPath.toStdString(), &a)) {
      // Each part in the window's language where the generator named it.
      static const QString kSep = QStringLiteral(" \u00B7 ");
      QStringList parts = QString::fromStdString(layoutLocation(doc_->scenario(sp.scenario).layout, a)).split(kSep);
      for (QString& part : parts) part = layoutNameText(part.toStdString());
      location = parts.join(kSep);
    }
    rows.push_back({sp.scenario, sp.keyPath, location, issue, issue.severity == Issue::Severity::Error});
  }
  std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.error && !b.error; });
  beginResetModel();
  rows_ = std::move(rows);
  errors_ = static_cast<int>(std::count_if(rows_.begin(), rows_.end(), [](const Row& r) { return r.error; }));
  warnings_ = static_cast<int>(rows_.size()) - errors_;
  endResetModel();
  emit countsChanged(errors_, warnings_);
}

void IssueListModel::retranslate() {
  emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
  if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int IssueListModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int IssueListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant IssueListModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const Row& r = rows_[static_cast<std::size_t>(index.row())];
  switch (role) {
    case Qt::DisplayRole:
      switch (index.column()) {
        case SeverityColumn:
          return r.error ? tr("Error") : tr("Warning");
        case ScenarioColumn:
          return r.scenario < doc_->scenarioCount() ? QString::fromStdString(doc_->scenario(r.scenario).name)
                                                    : QString();
        case FieldColumn:
          return r.location.isEmpty() ? r.keyPath : r.location;
        case MessageColumn:
          // Translated on every read: a language switch needs no re-validation.
          return translatedMessage(r.issue);
      }
      return {};
    case Qt::ToolTipRole:
      return r.keyPath.isEmpty() ? translatedMessage(r.issue)
                                 : r.keyPath + QStringLiteral(": ") + translatedMessage(r.issue);
    case ScenarioIndexRole:
      return r.scenario;
    case KeyPathRole:
      return r.keyPath;
    case LocationRole:
      return r.location;
    case IsErrorRole:
      return r.error;
    case MessageIdRole:  // the engine's message id ("layout-node-count"), for a remedy
      return QString::fromStdString(r.issue.id);
    default:
      return {};
  }
}

QVariant IssueListModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case SeverityColumn:
      return tr("Severity");
    case ScenarioColumn:
      return tr("Scenario");
    case FieldColumn:
      return tr("Field");
    case MessageColumn:
      return tr("Message");
  }
  return {};
}

}  // namespace cf
