// The waterfall spec reader (issue 17's spec, fuzzed as issue 21 asks of every
// reader): text -> parseJsonText -> WaterfallSpec::fromJson with the scratch
// folder as the spec's folder, holding "base.cf.json" (an example) for specs
// whose base is a path; then every cumulative scenario and the spec written
// back. A base path leaving that folder is skipped (the harness must not read
// /dev/zero). Bad input ends in InputError; anything else is a bug.
#include <filesystem>

#include "FuzzUtil.h"
#include "design/ScenarioJson.h"
#include "waterfall/WaterfallSpec.h"

namespace {

const std::string& specDir() {
  static const std::string dir = cffuzz::scratchWith("a100-10b-mfu-28-to-52.json", "base.cf.json");
  return dir;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    const nlohmann::json j = cf::parseJsonText(cffuzz::text(data, size));
    if (cffuzz::baseLeavesFolder(j)) return 0;
    const cf::WaterfallSpec s = cf::WaterfallSpec::fromJson(j, specDir());
    for (std::size_t k = 0; k <= s.steps().size(); ++k) s.cumulativeJson(k);
    s.toJson().dump();
  } catch (const cf::InputError&) {
  }
  return 0;
}
