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
  static const std::string dir = [] {
    std::filesystem::copy_file(CF_SOURCE_DIR "/resources/examples/megatron-gpt-145b.cf.json",
                               cffuzz::scratch().file("base.cf.json"),
                               std::filesystem::copy_options::overwrite_existing);
    return cffuzz::scratch().path();
  }();
  return dir;
}

bool baseLeavesFolder(const nlohmann::json& spec) {
  if (!spec.is_object()) return false;
  auto base = spec.find("base");
  if (base == spec.end() || !base->is_string()) return false;
  const std::filesystem::path p = base->get<std::string>();
  for (const auto& part : p)
    if (part == "..") return true;
  return p.is_absolute();
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
    if (baseLeavesFolder(j)) return 0;
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
