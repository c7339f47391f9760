// The engine's messages in the user's language. Core issues carry a stable
// message id and its arguments (cf::Issue::id / args, design/Validation.h);
// this translates the id's English template in the "EngineMessages" context
// (QCoreApplication::translate, so lupdate collects the templates from
// EngineMessages.cpp) and fills in %1..%n. An issue without an id, or with
// an id this table does not know, is shown in English as the engine wrote it.
#pragma once
#include <QString>
#include <nlohmann/json.hpp>
#include <vector>

#include "common/InputError.h"

namespace cf {

struct EngineMessageTemplate {
  const char* id;
  const char* english;  // identical to the core's template (tested)
};
const std::vector<EngineMessageTemplate>& engineMessageTable();

// The bottleneck clause templates (perf/Bottleneck.h), same context.
const std::vector<EngineMessageTemplate>& bottleneckMessageTable();

// performance.bottleneck's sentence in the user's language, built from its
// "clauses" (ids + formatted args); its English "detail" when the clauses are
// absent or name an id this table does not know.
QString translatedBottleneck(const nlohmann::json& bottleneck);

// The issue's message, translated (without the key path).
QString translatedMessage(const Issue& issue);
// "key.path: message", translated (the GUI's form of Issue::text()).
QString translatedText(const Issue& issue);
// An input error ("key.path: message"), translated: how the GUI shows an InputError.
QString translatedError(const InputError& e);
// Fills %1..%99 of `tmpl` in one pass (an argument containing "%2" stays as it is).
QString fillArguments(const QString& tmpl, const std::vector<std::string>& args);

}  // namespace cf
