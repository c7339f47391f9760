// Per-link load for the fabric canvas overlay, from a simulation result: a
// thin adapter over the engine's per-link load (core sim/LinkLoad.h, computed
// by simulate(): the flow simulation's bytes per link direction when it ran,
// else the analytical model's ring flows on the fabric graph). The values are
// each link's busier direction, fractions 0..1 in Fabric::links() order; the
// caption names the source for the legend. No load is computed here.
#pragma once
#include <QCoreApplication>
#include <QString>
#include <memory>
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
  std::shared_ptr<const LinkLoads> loads;  // both directions and the traffic that makes them up

  // Empty values (Source::None) when the result failed or its links are not
  // those of `f` (another fabric shown).
  static LinkOverlay fromResult(const topology::Fabric& f, const SimResult& r);
  // The legend's caption ("Link load: flow simulation …").
  QString caption() const;
};

}  // namespace cf
