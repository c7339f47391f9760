// The dock that hosts the property editor of the selected scenario.
#pragma once
#include <QDockWidget>

namespace cf {

class Document;
class PropertyEditor;

class PropertyDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit PropertyDock(Document* doc, QWidget* parent = nullptr);
  PropertyEditor* editor() const { return editor_; }

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  PropertyEditor* editor_;
};

}  // namespace cf
