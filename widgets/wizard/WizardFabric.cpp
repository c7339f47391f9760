#include "wizard/WizardFabric.h"

#include "design/Resolved.h"
#include "topology/Analysis.h"
#include "topology/Bom.h"
#include "topology/Generators.h"
#include "topology/Placement.h"
#include "topology/TopologyModel.h"

namespace cf {

WizardFabric wizardFabric(const Scenario& s, const Catalog& parts) {
  const ResolvedScenario r = resolve(s, parts);
  // The steps of topology::buildTopology, less the graph walks (hops, bisection, blast radii).
  topology::TopologyModel m = topology::prepareTopology(r, parts);
  m.fabric = topology::generate(m.spec);
  topology::placeAndPrice(m, parts);
  const topology::FabricCounts& c = m.analysis.counts;
  const topology::Bom& bom = m.analysis.bom;
  WizardFabric f;
  f.topology = m.fabric.info.topology;
  f.tiers = m.fabric.info.tiers;
  f.planes = m.fabric.info.planes;
  f.leaves = c.leaves;
  f.spines = c.spines;
  f.cores = c.cores;
  f.routers = c.routers;
  f.routersAreNics = f.topology == "torus2d" || f.topology == "torus3d";
  f.access_links = c.access_links;
  f.fabric_links = c.fabric_links;
  f.dac = bom.dac;
  f.aec = bom.aec;
  f.aoc = bom.aoc;
  f.optical_links = bom.optical_links;
  f.transceivers = bom.transceivers;
  f.fiber_m = bom.fiber_m;
  f.network_racks = m.bomParts.network_racks;
  return f;
}

}  // namespace cf
