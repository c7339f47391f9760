// The project tree: project > scenarios > their parts (cluster, job,
// reliability), and after the scenarios a "Waterfalls" folder holding the
// project's lever waterfalls (renamed in place through the Document too). Listens to the Document's change events; renaming a scenario
// in place goes through a RenameScenario command.
#pragma once
#include <QAbstractItemModel>

#include "ChangeEvent.h"

namespace cf {

class Document;

class ProjectTreeModel : public QAbstractItemModel {
  Q_OBJECT

 public:
  enum class Kind { Project = 0, Scenario = 1, Cluster = 2, Job = 3, Reliability = 4, WaterfallFolder = 5,
                    Waterfall = 6 };
  enum Role { KindRole = Qt::UserRole + 1, ScenarioRole, WaterfallRole };
  static constexpr int kSectionCount = 3;  // cluster, job, reliability

  explicit ProjectTreeModel(Document* doc, QObject* parent = nullptr);

  QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
  QModelIndex parent(const QModelIndex& child) const override;
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  QModelIndex projectIndex() const;
  QModelIndex scenarioIndex(int scenario) const;
  static Kind kindOf(const QModelIndex& index);
  static int scenarioOf(const QModelIndex& index);  // -1 for the project row and the waterfalls
  static int waterfallOf(const QModelIndex& index);  // -1 but for a waterfall row
  QModelIndex waterfallFolderIndex() const;
  QModelIndex waterfallIndex(int waterfall) const;

  // Re-reads translated labels (call on QEvent::LanguageChange).
  void retranslate();

 private:
  void onAboutToChange(const ChangeEvent& e);
  void onChanged(const ChangeEvent& e);
  QString label(Kind kind, int scenario) const;

  Document* doc_;
};

}  // namespace cf
