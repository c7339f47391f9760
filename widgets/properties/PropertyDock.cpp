#include "properties/PropertyDock.h"

#include <QEvent>

#include "properties/PropertyEditor.h"

namespace cf {

PropertyDock::PropertyDock(Document* doc, QWidget* parent)
    : QDockWidget(parent), editor_(new PropertyEditor(doc, this)) {
  setObjectName(QStringLiteral("propertyDock"));
  setWidget(editor_);
  retranslate();
}

void PropertyDock::retranslate() { setWindowTitle(tr("Properties")); }

void PropertyDock::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QDockWidget::changeEvent(event);
}

}  // namespace cf
