// Scenario and project JSON (issue 21): text -> parseJsonText ->
// projectFromJson (scenario or project file, scenarioFromJson for each) ->
// validateProject (validateScenario for each) -> resolve every scenario ->
// written back. Bad input ends in InputError; anything else is a bug.
#include "FuzzUtil.h"
#include "design/Resolved.h"
#include "design/ScenarioJson.h"
#include "design/Validation.h"
#include "store/JsonDump.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    const cf::Project p = cf::projectFromJson(cf::parseJsonText(cffuzz::text(data, size)));
    cf::validateProject(p);
    const cf::Catalog parts = p.resolvedParts();
    for (const cf::Scenario& s : p.scenarios) {
      try {
        cf::resolve(s, parts);  // the CLI's topology and search resolve without validating
      } catch (const cf::InputError&) {
      }
    }
    cf::dumpJson(cf::projectToJson(p), "");
  } catch (const cf::InputError&) {
  }
  return 0;
}
