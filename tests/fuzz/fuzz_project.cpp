// The project loader (issue 21): the input as a file, read by readAnyProject
// (.cfproj SQLite or JSON, chosen by its first bytes) with a LoadReport, then
// by loadProject without one; what loads is validated and written back as
// JSON. Bad input ends in InputError or StoreError; anything else is a bug.
#include "FuzzUtil.h"
#include "design/ScenarioJson.h"
#include "design/Validation.h"
#include "store/JsonDump.h"
#include "store/ProjectFile.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = cffuzz::scratch().file("input.cfproj");
  cffuzz::writeInput(path, data, size);
  try {
    cf::LoadReport report;
    const cf::Project p = cf::readAnyProject(path, &report);
    cf::validateProject(p);
    cf::dumpJson(cf::projectToJson(p), "");
  } catch (const cf::InputError&) {
  } catch (const cf::StoreError&) {
  }
  try {
    cf::loadProject(path);
  } catch (const cf::InputError&) {
  } catch (const cf::StoreError&) {
  }
  return 0;
}
