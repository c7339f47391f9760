#include "DuplicateScenario.h"

#include <QCoreApplication>

#include "Document.h"

namespace cf {

namespace {

Scenario copyOf(const Document* doc, int index) {
  Scenario s = doc->scenario(index);
  s.name = QCoreApplication::translate("cf::DuplicateScenario", "%1 (copy)")
               .arg(QString::fromStdString(s.name))
               .toStdString();
  return s;
}

}  // namespace

DuplicateScenario::DuplicateScenario(Document* doc, int index)
    : AddScenario(doc, index + 1, copyOf(doc, index),
                  QCoreApplication::translate("cf::DuplicateScenario", "Duplicate Scenario")) {}

}  // namespace cf
