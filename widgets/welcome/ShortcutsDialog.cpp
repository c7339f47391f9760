#include "welcome/ShortcutsDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace cf {

namespace {

QString plain(QString text) {
  // "&Open…" -> "Open…", "打开(&O)…" -> "打开…"; a literal "&&" stays one '&'.
  static const QRegularExpression mnemonic(QStringLiteral("\\(&[^)&]\\)"));
  text.remove(mnemonic);
  text.replace(QLatin1String("&&"), QStringLiteral("\x01"));
  text.remove(QLatin1Char('&'));
  text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
  return text;
}

void collect(QMenu* menu, const QString& path, QSet<QAction*>* seen, QVector<ShortcutEntry>* out) {
  for (QAction* a : menu->actions()) {
    if (a->isSeparator()) continue;
    if (QMenu* sub = a->menu()) {
      collect(sub, path + QStringLiteral(" › ") + plain(sub->title()), seen, out);
      continue;
    }
    if (a->shortcuts().isEmpty() || seen->contains(a)) continue;
    seen->insert(a);
    QStringList keys;
    for (const QKeySequence& k : a->shortcuts()) keys << k.toString(QKeySequence::NativeText);
    out->push_back({plain(a->text()), path, keys.join(QStringLiteral(", "))});
  }
}

}  // namespace

QVector<ShortcutEntry> ShortcutsDialog::gather(QMenuBar* menus) {
  QVector<ShortcutEntry> out;
  QSet<QAction*> seen;
  if (!menus) return out;
  for (QAction* top : menus->actions())
    if (QMenu* m = top->menu()) collect(m, plain(m->title()), &seen, &out);
  return out;
}

ShortcutsDialog::ShortcutsDialog(QMenuBar* menus, QWidget* parent) : QDialog(parent) {
  setObjectName(QStringLiteral("shortcutsDialog"));
  setWindowTitle(tr("Keyboard Shortcuts"));
  filter_ = new QLineEdit(this);
  filter_->setObjectName(QStringLiteral("shortcutsFilter"));
  filter_->setPlaceholderText(tr("Search actions, menus or keys"));
  filter_->setClearButtonEnabled(true);
  model_ = new QStandardItemModel(this);
  model_->setHorizontalHeaderLabels({tr("Action"), tr("Shortcut"), tr("Menu")});
  for (const ShortcutEntry& e : gather(menus)) {
    QList<QStandardItem*> row{new QStandardItem(e.action), new QStandardItem(e.shortcut), new QStandardItem(e.menu)};
    for (QStandardItem* i : row) i->setEditable(false);
    model_->appendRow(row);
  }
  proxy_ = new QSortFilterProxyModel(this);
  proxy_->setSourceModel(model_);
  proxy_->setFilterKeyColumn(-1);
  proxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
  view_ = new QTreeView(this);
  view_->setObjectName(QStringLiteral("shortcutsView"));
  view_->setModel(proxy_);
  view_->setRootIsDecorated(false);
  view_->setAlternatingRowColors(true);
  view_->setSortingEnabled(true);
  view_->sortByColumn(-1, Qt::AscendingOrder);  // menu order until a header is clicked
  view_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
  view_->header()->setStretchLastSection(true);
  connect(filter_, &QLineEdit::textChanged, proxy_, &QSortFilterProxyModel::setFilterFixedString);
  auto* note = new QLabel(tr("Gathered from the menus of this window: %1 actions with a shortcut.").arg(model_->rowCount()), this);
  note->setWordWrap(true);
  auto* buttons = new QDialogButtonBox(this);
  buttons->addButton(tr("Close"), QDialogButtonBox::RejectRole);  // ours, so that it is translated
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(filter_);
  layout->addWidget(view_, 1);
  layout->addWidget(note);
  layout->addWidget(buttons);
  resize(560, 460);
}

}  // namespace cf
