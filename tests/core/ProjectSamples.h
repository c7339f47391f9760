// Projects for the store, CLI and GUI tests of bad files (issue 21).
#pragma once
#include <cstdio>
#include <string>
#include <vector>

#include "DamagedProject.h"
#include "TestData.h"
#include "store/ProjectFile.h"

namespace cftest {

// A project of `n` small scenarios named scenario-00, scenario-01, ...
inline cf::Project manyScenarios(int n) {
  nlohmann::json list = nlohmann::json::array();
  for (int i = 0; i < n; ++i) {
    nlohmann::json s = smallScenario();
    char name[32];
    std::snprintf(name, sizeof name, "scenario-%02d", i);
    s["name"] = name;
    list.push_back(s);
  }
  return cf::projectFromJson({{"format", cf::kProjectFormat}, {"name", "Forty"}, {"scenarios", list}});
}

// Saves manyScenarios(40) to `path` and damages the page holding scenario-20;
// returns the damaged page's number (0: the marker was not found).
inline long saveDamagedProject(const std::string& path) {
  cf::saveProject(manyScenarios(40), path);
  return damagePageHolding(path, "\"scenario-20\"");
}

// The two files of a project without scenarios: a .cfproj written at
// `cfprojPath` and the JSON reproducer in tests/data/bad.
inline std::vector<std::string> projectsWithoutScenarios(const std::string& cfprojPath) {
  cf::Project empty;
  empty.name = "empty";
  cf::saveProject(empty, cfprojPath);
  return {cfprojPath, std::string(CF_SOURCE_DIR) + "/tests/data/bad/project-zero-scenarios.json"};
}

}  // namespace cftest
