// The sweep spec reader (issue 21): text -> parseJsonText -> SweepSpec::fromJson
// with the scratch folder as the spec's folder, holding "base.cf.json" (an
// example) for specs whose base is a path -> the first and last variant.
// A base path leaving that folder is skipped (the harness must not read
// /dev/zero). Bad input ends in InputError; anything else is a bug.
#include <filesystem>

#include "FuzzUtil.h"
#include "design/ScenarioJson.h"
#include "sweep/SweepSpec.h"

namespace {

const std::string& specDir() {
  static const std::string dir = cffuzz::scratchWith("megatron-gpt-145b.cf.json", "base.cf.json");
  return dir;
}

void variant(const cf::SweepSpec& s, std::size_t i) {
  s.variantValues(i);
  try {
    s.variantScenario(i);
  } catch (const cf::InputError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    const nlohmann::json j = cf::parseJsonText(cffuzz::text(data, size));
    if (cffuzz::baseLeavesFolder(j)) return 0;
    const cf::SweepSpec s = cf::SweepSpec::fromJson(j, specDir());
    const std::size_t n = s.variantCount();
    if (n > 0) {
      variant(s, 0);
      variant(s, n - 1);
    }
    s.fingerprint();
  } catch (const cf::InputError&) {
  }
  return 0;
}
