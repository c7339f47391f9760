// The engine's messages: every validation issue and engine input error has a
// stable message id and its arguments (Issue::id, Issue::args). The English
// text (Issue::message, what the CLI and JSON print) is the id's template with
// %1..%n filled in; the GUI translates the template by id
// (models/EngineMessages) and fills in the same arguments.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "common/InputError.h"

namespace cf {

// The engine's message templates: stable id -> English text with %1..%n.
// Ids never change meaning; a changed wording keeps its id (update the GUI's
// table, models/EngineMessages.cpp, and the zh_CN translation with it).
struct MessageTemplate {
  const char* id;
  const char* english;
};
const std::vector<MessageTemplate>& engineMessageTemplates();
// The English template of `id`; nullptr for an unknown id.
const char* engineMessageTemplate(std::string_view id);
// Fills %1..%99 of `tmpl` with args (in one pass: an argument containing "%2" stays as it is).
std::string formatMessage(std::string_view tmpl, const std::vector<std::string>& args);
// An issue / input error with message id `id` (must be in the table).
Issue makeIssue(std::string path, Issue::Severity severity, const std::string& id, std::vector<std::string> args);
InputError engineError(std::string path, const std::string& id, std::vector<std::string> args);
bool hasErrors(const std::vector<Issue>& issues);

}  // namespace cf
