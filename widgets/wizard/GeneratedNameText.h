// The generated name of a scenario (design/GeneratedName.h) in the UI's
// language: "1152 x GB200, fat-tree 3-tier, air" in English (the same string
// as the core's), "1152 x GB200，胖树 3 层，风冷" in Chinese. The wizard names
// a new design with it, and the Document renames a scenario that still
// carries it (Document::setScenarioNamer).
#pragma once
#include <QString>

#include "design/Scenario.h"

namespace cf {

QString generatedScenarioNameText(const Scenario& s);
// The wizard's description of a design it generated, translated.
QString generatedScenarioDescription();

}  // namespace cf
