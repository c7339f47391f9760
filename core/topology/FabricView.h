// Boost.Graph views of a fabric used by the analyses: the scale-out part
// (scale-up links filtered out), optionally without one device; and a copy of
// the scale-out part for analyses that traverse it many times (hopStats: a
// node's scale-up mesh is most of a GPU's arcs, and the filter pays for each
// one on every traversal).
#pragma once
#include <boost/graph/compressed_sparse_row_graph.hpp>
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

// The scale-out arcs only, same vertex numbers, no properties.
using ScaleOutGraph = boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, boost::no_property,
                                                         boost::no_property, std::uint32_t, std::uint32_t>;
ScaleOutGraph scaleOutGraph(const Fabric& f);

}  // namespace cf::topology
