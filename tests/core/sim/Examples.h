// The example projects of resources/examples, loaded for the engine tests.
#pragma once
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "design/ScenarioJson.h"

namespace cf::test {

struct Example {
  std::string file;  // file name in resources/examples
  Project project;
};

// Every scenario or project example (sweep specs left out), sorted by name.
inline std::vector<Example> examples() {
  std::vector<Example> out;
  for (const auto& e : std::filesystem::directory_iterator(std::string(CF_SOURCE_DIR) + "/resources/examples")) {
    const std::string name = e.path().filename().string();
    if (e.path().extension() != ".json" || name.find("sweep") != std::string::npos) continue;
    std::ifstream in(e.path());
    std::stringstream text;
    text << in.rdbuf();
    const nlohmann::json j = parseJsonText(text.str());
    Example ex{name, {}};
    if (j.value("format", std::string()) == kProjectFormat) {
      ex.project = projectFromJson(j);
    } else {
      ex.project.scenarios.push_back(scenarioFromJson(j));
    }
    out.push_back(std::move(ex));
  }
  std::sort(out.begin(), out.end(), [](const Example& a, const Example& b) { return a.file < b.file; });
  return out;
}

}  // namespace cf::test
