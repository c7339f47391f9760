// Small pieces the Workload tab's files share (WorkloadPage.cpp: the
// workload's editors; WorkloadResults.cpp: a schedule's figures and charts).
#pragma once
#include <QString>
#include <QTableWidgetItem>

namespace cf {

// A table cell the user reads but does not edit; numbers right-aligned.
inline QTableWidgetItem* readOnly(const QString& text, bool number = true) {
  auto* item = new QTableWidgetItem(text);
  item->setFlags(item->flags() & ~Qt::ItemIsEditable);
  if (number) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  return item;
}

}  // namespace cf
