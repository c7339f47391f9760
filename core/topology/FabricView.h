// Boost.Graph views of a fabric used by the analyses: the scale-out part
// (scale-up links filtered out), optionally without one device.
#pragma once
#include <boost/graph/filtered_graph.hpp>

#include <limits>

#include "topology/Fabric.h"

namespace cf::topology {

struct ScaleOutEdges {
  const Fabric* f = nullptr;
  bool operator()(const Fabric::Graph::edge_descriptor& e) const {
    return f->links()[f->graph()[e].link].kind != LinkKind::ScaleUp;
  }
};

struct WithoutDevice {
  std::uint32_t removed = std::numeric_limits<std::uint32_t>::max();
  bool operator()(std::uint32_t v) const { return v != removed; }
};

using ScaleOutView = boost::filtered_graph<Fabric::Graph, ScaleOutEdges>;
using ScaleOutViewWithout = boost::filtered_graph<Fabric::Graph, ScaleOutEdges, WithoutDevice>;

inline ScaleOutView scaleOutView(const Fabric& f) { return ScaleOutView(f.graph(), ScaleOutEdges{&f}); }
inline ScaleOutViewWithout scaleOutViewWithout(const Fabric& f, std::uint32_t removed) {
  return ScaleOutViewWithout(f.graph(), ScaleOutEdges{&f}, WithoutDevice{removed});
}

}  // namespace cf::topology
