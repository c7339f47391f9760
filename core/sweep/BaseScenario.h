// The base scenario of a spec that varies one (sweep, waterfall): the spec's
// "base" key holds a scenario or project object inline, or the path of a
// scenario/project file (relative to the spec's folder), and "base_scenario"
// picks a scenario of a project (default 0). One reader for every such spec,
// so they name the same keys in the same errors.
#pragma once
#include <nlohmann/json.hpp>

#include <string>

#include "catalog/Catalog.h"
#include "common/JsonReader.h"

namespace cf {

struct BaseScenario {
  nlohmann::json doc;       // the scenario or project object, as given (file contents for a path)
  int index = 0;            // which scenario of a project
  nlohmann::json scenario;  // that scenario's object, without "parts": what the spec modifies
  Catalog parts;            // the base's parts, then the built-in catalog
  std::string name;         // that scenario's name
};

// Reads "base" (required) and "base_scenario" from `r`. Throws InputError
// naming "base" (a file problem names the file too) or "base_scenario".
BaseScenario readBaseScenario(ObjectReader& r, const std::string& baseDir);

// The text of a file; throws InputError(where, "cannot read ...").
std::string readSpecText(const std::string& path, const std::string& where);

}  // namespace cf
