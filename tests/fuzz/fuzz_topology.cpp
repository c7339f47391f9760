// Topology import (issue 21): DOT (fuzz_topology_dot) or the cabling CSV
// (fuzz_topology_csv, built with CF_FUZZ_CSV) -> Fabric -> the counts and a
// shortest-path search the Fabric tab shows -> both exports.
// Bad input ends in InputError; anything else is a bug.
#include "FuzzUtil.h"
#include "common/InputError.h"
#include "topology/Analysis.h"
#include "topology/FabricIO.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace cf::topology;
  try {
#ifdef CF_FUZZ_CSV
    const Fabric f = fromCablingCsv(cffuzz::text(data, size), &cf::Catalog::builtin());
#else
    const Fabric f = fromDot(cffuzz::text(data, size), &cf::Catalog::builtin());
#endif
    countFabric(f);
    if (!f.devices().empty()) shortestPaths(f, 0, false);
    toDot(f);
    toCablingCsv(f);
  } catch (const cf::InputError&) {
  }
  return 0;
}
