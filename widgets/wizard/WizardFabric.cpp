#include "WizardFabric.h"

#include "design/Resolved.h"
#include "topology/Analysis.h"
#include "topology/Bom.h"
#include "topology/Generators.h"
#include "topology/Placement.h"
#include "topology/TopologyModel.h"

namespace cf {

WizardFabric wizardFabric(const Scenario& s, const Catalog& parts) {
  const ResolvedScenario r = resolve(s, parts);
  // The same steps as topology::buildTopology, less hopStats/bisection/blastRadii.
  topology::TopologyModel m = topology::prepareTopology(r, parts);
  m.fabric = topology::generate(m.spec);
  const topology::PlacementResult placed = topology::place(m.fabric, parts, m.placementParams);
  m.bomParts.network_racks = placed.network_racks;
  const topology::FabricCounts c = topology::countFabric(m.fabric);
  const topology::Bom bom = topology::buildBom(m.fabric, m.bomParts);
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
  f.network_racks = placed.network_racks;
  return f;
}

}  // namespace cf
