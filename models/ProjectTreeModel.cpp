#include "ProjectTreeModel.h"

#include <QLocale>

#include "Document.h"

namespace cf {

namespace {

// internalId = kind + 8 * (scenario + 1); the project row has scenario -1.
quintptr makeId(ProjectTreeModel::Kind kind, int scenario) {
  return static_cast<quintptr>(kind) + 8 * static_cast<quintptr>(scenario + 1);
}

}  // namespace

ProjectTreeModel::ProjectTreeModel(Document* doc, QObject* parent) : QAbstractItemModel(parent), doc_(doc) {
  connect(doc_, &Document::aboutToChange, this, &ProjectTreeModel::onAboutToChange);
  connect(doc_, &Document::changed, this, &ProjectTreeModel::onChanged);
}

ProjectTreeModel::Kind ProjectTreeModel::kindOf(const QModelIndex& index) {
  if (!index.isValid()) return Kind::Project;
  return static_cast<Kind>(index.internalId() % 8);
}

int ProjectTreeModel::scenarioOf(const QModelIndex& index) {
  if (!index.isValid()) return -1;
  const Kind k = kindOf(index);
  if (k == Kind::WaterfallFolder || k == Kind::Waterfall) return -1;
  return static_cast<int>(index.internalId() / 8) - 1;
}

int ProjectTreeModel::waterfallOf(const QModelIndex& index) {
  if (!index.isValid() || kindOf(index) != Kind::Waterfall) return -1;
  return static_cast<int>(index.internalId() / 8) - 1;
}

QModelIndex ProjectTreeModel::waterfallFolderIndex() const { return index(doc_->scenarioCount(), 0, projectIndex()); }

QModelIndex ProjectTreeModel::waterfallIndex(int waterfall) const { return index(waterfall, 0, waterfallFolderIndex()); }

QModelIndex ProjectTreeModel::index(int row, int column, const QModelIndex& parent) const {
  if (row < 0 || column != 0 || row >= rowCount(parent)) return {};
  if (!parent.isValid()) return createIndex(row, column, makeId(Kind::Project, -1));
  switch (kindOf(parent)) {
    case Kind::Project:
      if (row == doc_->scenarioCount()) return createIndex(row, column, makeId(Kind::WaterfallFolder, -1));
      return createIndex(row, column, makeId(Kind::Scenario, row));
    case Kind::WaterfallFolder:
      return createIndex(row, column, makeId(Kind::Waterfall, row));
    case Kind::Scenario:
      return createIndex(row, column, makeId(static_cast<Kind>(static_cast<int>(Kind::Cluster) + row), parent.row()));
    default:
      return {};
  }
}

QModelIndex ProjectTreeModel::parent(const QModelIndex& child) const {
  if (!child.isValid()) return {};
  switch (kindOf(child)) {
    case Kind::Project:
      return {};
    case Kind::Scenario:
    case Kind::WaterfallFolder:
      return projectIndex();
    case Kind::Waterfall:
      return waterfallFolderIndex();
    default:
      return scenarioIndex(scenarioOf(child));
  }
}

int ProjectTreeModel::rowCount(const QModelIndex& parent) const {
  if (!parent.isValid()) return 1;
  if (parent.column() != 0) return 0;
  switch (kindOf(parent)) {
    case Kind::Project:
      return doc_->scenarioCount() + 1;  // and the waterfalls folder
    case Kind::WaterfallFolder:
      return doc_->waterfallCount();
    case Kind::Scenario:
      return kSectionCount;
    default:
      return 0;
  }
}

int ProjectTreeModel::columnCount(const QModelIndex&) const { return 1; }

QModelIndex ProjectTreeModel::projectIndex() const { return index(0, 0); }

QModelIndex ProjectTreeModel::scenarioIndex(int scenario) const { return index(scenario, 0, projectIndex()); }

QString ProjectTreeModel::label(Kind kind, int scenario) const {
  const QLocale locale;
  switch (kind) {
    case Kind::Project:
      return QString::fromStdString(doc_->project().name);
    case Kind::Scenario:
      return QString::fromStdString(doc_->scenario(scenario).name);
    case Kind::Cluster: {
      const Cluster& c = doc_->scenario(scenario).cluster;
      return tr("Cluster: %1 × %2").arg(locale.toString(c.gpus()), QString::fromStdString(c.accelerator));
    }
    case Kind::Job: {
      const Job& j = doc_->scenario(scenario).job;
      const auto& p = j.parallelism;
      return tr("Job: TP %1 · PP %2 · DP %3").arg(p.tp).arg(p.pp).arg(p.dp > 0 ? QString::number(p.dp) : tr("auto"));
    }
    case Kind::Reliability:
      return tr("Reliability: %1 trials").arg(locale.toString(doc_->scenario(scenario).reliability.trials));
    case Kind::WaterfallFolder:
      return tr("Waterfalls (%1)").arg(doc_->waterfallCount());
    case Kind::Waterfall:
      return QString::fromStdString(doc_->waterfall(scenario).name);  // `scenario` holds the waterfall here
  }
  return {};
}

QVariant ProjectTreeModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid()) return {};
  const Kind kind = kindOf(index);
  const int waterfall = waterfallOf(index);
  if (kind == Kind::Waterfall && waterfall >= doc_->waterfallCount()) return {};
  const int scenario = kind == Kind::Waterfall ? waterfall : scenarioOf(index);
  if (kind != Kind::Project && kind != Kind::WaterfallFolder && (scenario < 0 || scenario >= doc_->scenarioCount()) &&
      kind != Kind::Waterfall)
    return {};
  switch (role) {
    case Qt::DisplayRole:
      return label(kind, scenario);
    case Qt::EditRole:
      return label(kind, scenario);
    case Qt::ToolTipRole:
      if (kind == Kind::Project) return QString::fromStdString(doc_->project().description);
      if (kind == Kind::Scenario) return QString::fromStdString(doc_->scenario(scenario).description);
      if (kind == Kind::Waterfall) return QString::fromStdString(doc_->waterfall(waterfall).description);
      if (kind == Kind::WaterfallFolder) return tr("Lever waterfalls: a base scenario and ordered changes");
      return {};
    case KindRole:
      return static_cast<int>(kind);
    case ScenarioRole:
      return kind == Kind::Waterfall ? -1 : scenario;
    case WaterfallRole:
      return waterfall;
    default:
      return {};
  }
}

bool ProjectTreeModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (role != Qt::EditRole) return false;
  if (kindOf(index) == Kind::Project) {
    doc_->setProjectInfo(value.toString(), QString::fromStdString(doc_->project().description));
    return true;
  }
  if (kindOf(index) == Kind::Waterfall) {
    doc_->renameWaterfall(waterfallOf(index), value.toString());
    return true;
  }
  if (kindOf(index) != Kind::Scenario) return false;
  doc_->renameScenario(scenarioOf(index), value.toString());
  return true;
}

Qt::ItemFlags ProjectTreeModel::flags(const QModelIndex& index) const {
  Qt::ItemFlags f = QAbstractItemModel::flags(index);
  const Kind kind = kindOf(index);
  if (index.isValid() && (kind == Kind::Scenario || kind == Kind::Project || kind == Kind::Waterfall))
    f |= Qt::ItemIsEditable;
  return f;
}

QVariant ProjectTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation == Qt::Horizontal && role == Qt::DisplayRole && section == 0) return tr("Project");
  return {};
}

void ProjectTreeModel::retranslate() {
  emit headerDataChanged(Qt::Horizontal, 0, 0);
  for (int s = 0; s < doc_->scenarioCount(); ++s) {
    const QModelIndex si = scenarioIndex(s);
    emit dataChanged(index(0, 0, si), index(kSectionCount - 1, 0, si));
  }
  emit dataChanged(waterfallFolderIndex(), waterfallFolderIndex());
}

void ProjectTreeModel::onAboutToChange(const ChangeEvent& e) {
  switch (e.type) {
    case ChangeEvent::Type::ProjectReplaced:
      beginResetModel();
      break;
    case ChangeEvent::Type::ScenarioAdded:
      beginInsertRows(projectIndex(), e.scenario, e.scenario);
      break;
    case ChangeEvent::Type::ScenarioRemoved:
      beginRemoveRows(projectIndex(), e.scenario, e.scenario);
      break;
    case ChangeEvent::Type::WaterfallAdded:
      beginInsertRows(waterfallFolderIndex(), e.waterfall, e.waterfall);
      break;
    case ChangeEvent::Type::WaterfallRemoved:
      beginRemoveRows(waterfallFolderIndex(), e.waterfall, e.waterfall);
      break;
    default:
      break;
  }
}

void ProjectTreeModel::onChanged(const ChangeEvent& e) {
  switch (e.type) {
    case ChangeEvent::Type::ProjectReplaced:
      endResetModel();
      break;
    case ChangeEvent::Type::ScenarioAdded:
      endInsertRows();
      break;
    case ChangeEvent::Type::ScenarioRemoved:
      endRemoveRows();
      break;
    case ChangeEvent::Type::ProjectInfoChanged:
      emit dataChanged(projectIndex(), projectIndex());
      break;
    case ChangeEvent::Type::WaterfallAdded:
      endInsertRows();
      emit dataChanged(waterfallFolderIndex(), waterfallFolderIndex());  // the count
      break;
    case ChangeEvent::Type::WaterfallRemoved:
      endRemoveRows();
      emit dataChanged(waterfallFolderIndex(), waterfallFolderIndex());
      break;
    case ChangeEvent::Type::WaterfallRenamed:
    case ChangeEvent::Type::WaterfallChanged:
      emit dataChanged(waterfallIndex(e.waterfall), waterfallIndex(e.waterfall));
      break;
    case ChangeEvent::Type::ScenarioRenamed:
    case ChangeEvent::Type::ScenarioValueChanged: {
      const QModelIndex si = scenarioIndex(e.scenario);
      emit dataChanged(si, si);
      emit dataChanged(index(0, 0, si), index(kSectionCount - 1, 0, si));
      emit dataChanged(projectIndex(), projectIndex());  // a single-scenario project shares the name
      break;
    }
  }
}

}  // namespace cf
