// Per-link utilisation for the fabric canvas overlay, from a simulation result:
//
//  - Flow simulation present (SimOutput::network, --network flow): each
//    link's simulated mean utilisation over the step, bytes / (line rate x
//    makespan), the busier of its two directions.
//  - Otherwise the analytical model, per tier: the share of the step during
//    which the links of a tier carry exposed communication,
//      scale-up links:   tp_comm / step_time;
//      access links:     (dp + pp + ep + cp)_comm / step_time;
//      upper tiers t>=2: access share x leaving(t) x oversubscription(t),
//    with leaving(t) = 1 - (G_t - 1) / (G - 1) the share of uniformly spread
//    peers outside the G_t GPUs under one switch of tier t-1 (an estimate:
//    Megatron's rank order keeps DP rings mostly local, so upper tiers are
//    likely busier here than in a real run), capped at 1. Exposed time
//    under-counts busy time when communication overlaps compute (overlap_dp).
// Values are fractions 0..1 in Fabric::links() order.
#pragma once
#include <QCoreApplication>
#include <QString>
#include <vector>

#include "SimResult.h"
#include "topology/Fabric.h"

namespace cf {

struct LinkOverlay {
  Q_DECLARE_TR_FUNCTIONS(LinkOverlay)

 public:
  enum class Source { None, Flow, Analytical };
  std::vector<double> values;
  Source source = Source::None;

  // Empty values (Source::None) when the result failed or has no step time.
  static LinkOverlay fromResult(const topology::Fabric& f, const SimResult& r);
  // The legend's caption ("Link utilisation (flow simulation)").
  QString caption() const;
};

}  // namespace cf
