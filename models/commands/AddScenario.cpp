#include "AddScenario.h"

#include "Document.h"

namespace cf {

AddScenario::AddScenario(Document* doc, int index, Scenario scenario, const QString& text)
    : doc_(doc), index_(index), scenario_(std::move(scenario)) {
  setText(text);
}

void AddScenario::undo() { doc_->applyRemoveScenario(index_); }
void AddScenario::redo() { doc_->applyInsertScenario(index_, scenario_); }

}  // namespace cf
