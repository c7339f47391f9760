// The sweep results reader (issue 21): the input as a file, read by
// readSweepResults (SQLite results file, JSON or CSV report, chosen by its
// content); a SQLite file is then opened as a ResultStore with its own
// fingerprint and its rows checked by finishedVariants against the example
// sweep (resources/examples/gpt10b-design-sweep.json); every record is
// matched against that spec and turned back into a scenario.
// Bad input ends in InputError or StoreError; anything else is a bug.
#include "FuzzUtil.h"
#include "common/InputError.h"
#include "store/AtomicFile.h"
#include "sweep/ResultStore.h"
#include "sweep/SweepResults.h"

namespace {

const cf::SweepSpec& exampleSpec() {
  static const cf::SweepSpec spec = cf::SweepSpec::fromFile(CF_SOURCE_DIR "/resources/examples/gpt10b-design-sweep.json");
  return spec;
}

void checkStore(const std::string& path, const cf::SweepResults& r) {
  try {
    const cf::ResultStore store(path, r.fingerprint, r.variantsTotal);
    cf::finishedVariants(store, exampleSpec());
  } catch (const cf::InputError&) {
  } catch (const cf::StoreError&) {
  }
}

void checkRecords(const cf::SweepResults& r) {
  cf::specMatchesResults(exampleSpec(), r);
  for (const cf::SweepRecord& record : r.records) {
    try {
      cf::variantScenarioOf(exampleSpec(), record);
    } catch (const cf::InputError&) {
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = cffuzz::scratch().file("input.sweep.db");
  exampleSpec();
  cffuzz::writeInput(path, data, size);
  try {
    const cf::SweepResults r = cf::readSweepResults(path);
    checkRecords(r);
    if (r.source == cf::SweepResults::Source::Sqlite) checkStore(path, r);
  } catch (const cf::InputError&) {
  } catch (const cf::StoreError&) {
  }
  return 0;
}
