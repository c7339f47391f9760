// The validation messages dock. Double-clicking a message asks the window to
// select its scenario and focus the field it names; a message about a place in
// the layout does so on one click (the part or rack is selected in its view).
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

 signals:
  void issueActivated(int scenario, const QString& keyPath);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void updateSummary();

  IssueListModel* model_;
  QTreeView* view_;
  QLabel* summary_;
};

}  // namespace cf
