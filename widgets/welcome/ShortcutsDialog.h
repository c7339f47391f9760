// Help › Keyboard Shortcuts: every action with a shortcut, gathered from the
// window's menus when the dialog opens (never a hand-typed list), with the
// menu path it lives under; a filter line searches names, menus and keys.
#pragma once
#include <QDialog>
#include <QVector>

class QLineEdit;
class QMenuBar;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTreeView;

namespace cf {

struct ShortcutEntry {
  QString action;    // the action's text without '&' and the trailing ellipsis kept
  QString menu;      // "File › Open Recent"
  QString shortcut;  // native text, several joined by ", "
};

class ShortcutsDialog : public QDialog {
  Q_OBJECT

 public:
  explicit ShortcutsDialog(QMenuBar* menus, QWidget* parent = nullptr);

  // Every action with a shortcut in `menus` and their submenus, each once, in menu order.
  static QVector<ShortcutEntry> gather(QMenuBar* menus);

  QLineEdit* filter() const { return filter_; }
  QTreeView* view() const { return view_; }
  QSortFilterProxyModel* proxy() const { return proxy_; }

 private:
  QLineEdit* filter_;
  QTreeView* view_;
  QStandardItemModel* model_;
  QSortFilterProxyModel* proxy_;
};

}  // namespace cf
