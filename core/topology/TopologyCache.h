// The last fabrics built, reused while an edit leaves them as they were.
//
// Building, placing and analysing a 100,000-GPU fabric takes most of an
// analytical simulate (hop statistics and bisection walk the whole graph), yet
// most edits (the job, the NIC efficiency, prices, failure rates, the facility)
// do not touch it. A fabric is a pure function of what prepareTopology()
// derives from the scenario (FabricSpec, PlacementParams, BomParts) and of the
// catalog's link parts (MediaSelector picks the cables from them); the cache
// compares exactly those, with their defaulted operator== (a field added to
// any of them takes part in the comparison without a change here), and hands
// out the same immutable model. Thread-safe; a few entries, the most recent
// first; a miss builds outside the lock.
#pragma once
#include <memory>

#include "catalog/Catalog.h"
#include "design/Resolved.h"
#include "topology/TopologyModel.h"

namespace cf::topology {

// buildTopology(r, parts, paths), or the equal model built before. A model
// with the path analysis serves a request without it; a request with it on a
// model without completes a copy (analysePaths) and replaces the entry.
// Throws as buildTopology does.
std::shared_ptr<const TopologyModel> cachedTopology(const ResolvedScenario& r, const Catalog& parts,
                                                    bool paths = true);

// Hits and misses since the start (tests and benchmarks).
struct TopologyCacheStats {
  long long hits = 0;
  long long misses = 0;
};
TopologyCacheStats topologyCacheStats();

}  // namespace cf::topology
