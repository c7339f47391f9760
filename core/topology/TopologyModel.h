// The fabric of a scenario, built, placed and analysed in one call: what the
// simulate "topology" section, `clusterforge-cli topology` and the GUI's
// fabric view read.
//
// From the scenario (docs/scenario-format.md): cluster.nodes,
// accelerators_per_node, scale_up {kind, domain_size, bandwidth_GBps},
// scale_out {nics_per_node, nic_Gbps, topology, tiers, oversubscription (at
// the leaves), rail_optimized, switch, switch_radix, planes}. Placement: nodes
// per rack from the layout's first rack holding nodes, else
// defaultNodesPerRack(node); leaves top-of-rack, except rail-optimised fabrics
// whose leaves serve many racks: middle-of-row. NIC part: the node's `nic`,
// else the cheapest catalog NIC as fast as nic_Gbps. Network racks: the
// catalog rack named "network", else the cheapest.
#pragma once
#include <nlohmann/json.hpp>

#include "catalog/Catalog.h"
#include "design/Resolved.h"
#include "topology/Analysis.h"
#include "topology/Bisection.h"
#include "topology/BlastRadius.h"
#include "topology/Bom.h"
#include "topology/Fabric.h"
#include "topology/FabricSpec.h"
#include "topology/Placement.h"

namespace cf::topology {

struct FabricAnalysis {
  FabricCounts counts;
  // `hops` and `bisection` walk the whole graph (most of a 100K-GPU build);
  // nothing else the engine computes reads them. false: they were skipped (an
  // analytical-first estimate of a large design, SimulateOptions::fabric_paths)
  // and hold their defaults; sectionJson/reportJson then write null for them.
  bool paths = true;
  HopStats hops;
  Bisection bisection;
  BlastRadii blast;
  PlacementResult placement;
  Bom bom;
};

struct TopologyModel {
  FabricSpec spec;
  PlacementParams placementParams;
  BomParts bomParts;
  Fabric fabric;
  FabricAnalysis analysis;
};

// Spec, placement parameters and BOM parts of a scenario (no graph yet).
TopologyModel prepareTopology(const ResolvedScenario& r, const Catalog& parts);
// Places a prepared model's generated fabric on the floor, counts it and
// prices it (the network racks as RackFit.h's rule), less the walks of the
// graph: what the cluster wizard shows while the answers change.
void placeAndPrice(TopologyModel& m, const Catalog& parts);
// Places and analyses a prepared model whose fabric is generated; `paths`
// false leaves out the hop statistics and the bisection (FabricAnalysis::paths).
void analyseTopology(TopologyModel& m, const Catalog& parts, bool paths = true);
// The hop statistics and the bisection of an analysed model (sets paths).
void analysePaths(TopologyModel& m);
// Generates, places and analyses. Throws InputError for an impossible fabric.
TopologyModel buildTopology(const ResolvedScenario& r, const Catalog& parts, bool paths = true);
// Generates, places and analyses a spec directly (tests, benchmarks).
TopologyModel buildTopology(const FabricSpec& spec, const PlacementParams& placement, const BomParts& bomParts,
                            const Catalog& parts);

// The "topology" object of the simulate output (scenario-format.md keys
// switches, links, optics, bisection_Tbps, max_hops, plus the breakdowns).
nlohmann::json sectionJson(const TopologyModel& m);
// sectionJson plus the hop histogram, media, placement and per-kind detail.
nlohmann::json reportJson(const TopologyModel& m);

}  // namespace cf::topology
