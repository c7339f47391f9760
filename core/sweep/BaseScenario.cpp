#include "sweep/BaseScenario.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/InputFile.h"
#include "design/ScenarioJson.h"
#include "sweep/JsonPath.h"

namespace cf {
namespace {

namespace fs = std::filesystem;

// The file a "base" names (relative paths from the spec's folder); empty for an inline base.
std::string basePath(const json& base, const std::string& baseDir) {
  if (!base.is_string()) return "";
  fs::path p = base.get<std::string>();
  return (p.is_relative() ? fs::path(baseDir) / p : p).string();
}

// The base scenario or project: inline, or read from its file. Errors in a
// file name the file (the spec is not to blame).
json readBase(const json& base, const std::string& path) {
  if (base.is_object()) return base;
  if (!base.is_string()) throw InputError("base", "expected a scenario object or a file path, got " + describe(base));
  const std::string text = readSpecText(path, "base");
  try {
    json doc = parseJsonText(text);
    checkJsonDepth(doc, "");
    return doc;
  } catch (const InputError& e) {
    throw InputError("base", path + ": " + e.what());
  }
}

}  // namespace

std::string readSpecText(const std::string& path, const std::string& where) {
  return readInputFile(path, where);
}

BaseScenario readBaseScenario(ObjectReader& r, const std::string& baseDir) {
  BaseScenario b;
  const json* base = r.raw("base");
  if (!base) throw InputError("base", "is required");
  const std::string baseFile = basePath(*base, baseDir);
  b.doc = readBase(*base, baseFile);
  b.index = static_cast<int>(r.integer("base_scenario", 0, 0, 1'000'000));
  Project project;
  try {
    project = projectFromJson(b.doc);
  } catch (const InputError& e) {
    throw InputError("base", (baseFile.empty() ? "" : baseFile + ": ") + e.what());
  }
  if (b.index >= static_cast<int>(project.scenarios.size()))
    throw InputError("base_scenario", std::to_string(b.index) + ": the base has " +
                                          std::to_string(project.scenarios.size()) + " scenario(s)");
  b.scenario = b.doc.contains("scenarios") ? b.doc["scenarios"][b.index] : b.doc;
  b.scenario.erase("parts");
  b.parts = project.resolvedParts();
  b.name = project.scenarios[b.index].name;
  return b;
}

}  // namespace cf
