// The validation messages dock. Double-clicking a message asks the window to
// select its scenario and focus the field it names; a message about a place in
// the layout does so on one click (the part or rack is selected in its view).
// A layout that no longer holds the cluster's nodes (layout-node-count) is
// offered to be generated again instead (layoutOutOfDate).
#pragma once
#include <QDockWidget>

class QLabel;
class QTreeView;

namespace cf {

class Document;
class IssueListModel;

class MessagesDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit MessagesDock(Document* doc, QWidget* parent = nullptr);

  IssueListModel* model() const { return model_; }
  QTreeView* view() const { return view_; }
  // Validates again and returns a one-line summary for the status bar.
  QString validateNow();
  // The dock's height in its main window while there are messages (the
  // window sets it from the screen); with none it shrinks to its summary
  // line, and takes this height back when a message comes.
  void setListHeight(int px);
  int preferredHeight() const;

 signals:
  void issueActivated(int scenario, const QString& keyPath);
  void layoutOutOfDate(int scenario, const QString& message);

 protected:
  void changeEvent(QEvent* event) override;
  void showEvent(QShowEvent* event) override;

 private:
  void retranslate();
  void updateSummary();
  void fitHeight();

  IssueListModel* model_;
  QTreeView* view_;
  QLabel* summary_;
  int listHeight_ = 110;
  bool fitPending_ = false;  // the list came or went while the dock was hidden
};

}  // namespace cf
