// Per-link load of one simulated scenario, in both directions, for the fabric
// view (colours, legend, inspector) and any other reader: the mean
// utilisation of each link over the training step (fraction of its line
// rate), a->z ("up": Link::a is the lower end) and z->a, and which traffic
// makes it up. Two sources, one value type:
//
//  - Flow simulation (network "flow"): bytes the flow simulation moved over
//    the link direction / (line rate x step makespan), by collective label
//    (netsim::StepResult::link_bytes_by_collective) -- the same figure as
//    network.hottest_links[].utilization.
//  - Analytical model (otherwise): the performance model's own fluid ring
//    model of the fabric graph (perf/GraphFabric.h, RingLoad): while every
//    group of a parallel dimension runs its collective at once, a link
//    carrying c ring flows at the rate x the tightest cut allows runs at
//    c x / capacity; that times the share of the step the collective takes
//    gives its mean over the step. Shares (PerfResult): DP = the reduction
//    before overlap (dp_raw_s), PP / EP / CP the exposed times; scale-up links
//    get the TP share (a TP ring keeps its scale-up links at line rate while
//    it runs). Assumptions: overlapped PP/EP/CP communication is not counted
//    (under-counts busy time), an oversubscribed tier is where x is set, so it
//    shows at the collective's share and the links below it at
//    share / oversubscription. Direct networks (torus, dragonfly) and fabrics
//    the graph model does not route (ClosedFormFabric) get one uniform figure
//    per link kind: the share of the step with scale-out communication.
#pragma once
#include <string>
#include <vector>

#include "netsim/StepResult.h"
#include "perf/EvalTypes.h"
#include "topology/Fabric.h"

namespace cf {

class PerfModel;

struct LinkLoads {
  enum class Source { Analytical, Flow };
  Source source = Source::Analytical;
  // Per link (Fabric::links() order): mean utilisation over the step, 0..1.
  std::vector<float> a_to_z, z_to_a;
  // What makes it up: per traffic kind (collective label, e.g. "dp
  // reduce-scatter", or the analytical phase "dp", "pp", "ep", "cp", "tp"),
  // the same two vectors; summed over kinds they give the totals.
  struct Part {
    std::string label;
    std::vector<float> a_to_z, z_to_a;
  };
  std::vector<Part> parts;

  std::size_t size() const { return a_to_z.size(); }
  // The busier direction of a link (what its colour shows).
  double busier(std::size_t link) const;
  // Every link's busier direction.
  std::vector<double> busiest() const;
};

// From the flow simulation's step on fabric `f` (the fabric it ran on).
LinkLoads flowLinkLoads(const topology::Fabric& f, const netsim::StepResult& step);
// From the analytical model's result `perf` of `model` on fabric `f` (the
// fabric the model's CommFabric was built from).
LinkLoads analyticalLinkLoads(const topology::Fabric& f, const PerfModel& model, const PerfResult& perf);

}  // namespace cf
