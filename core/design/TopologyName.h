// What a scale-out topology name (cluster.scale_out.topology, see
// docs/scenario-format.md) says about the fabric, in one place: the
// generators, the work limits, the layout, validation and the models test
// names through these, never by comparing strings of their own.
//   Clos (indirect, switch tiers): fat-tree | spine-leaf | rail-optimized
//   Direct (the routers sit with the endpoints): dragonfly | torus2d | torus3d
// topology::FabricInfo::torus()/direct() answer the same for a built fabric.
#pragma once
#include <string_view>

namespace cf {

inline bool isTorusTopology(std::string_view t) { return t == "torus2d" || t == "torus3d"; }
// Dimensions of a torus topology (2 for torus2d, 3 for torus3d).
inline int torusDimensions(std::string_view t) { return t == "torus3d" ? 3 : 2; }
inline bool isDragonflyTopology(std::string_view t) { return t == "dragonfly"; }
inline bool isDirectTopology(std::string_view t) { return isTorusTopology(t) || isDragonflyTopology(t); }
inline bool isClosTopology(std::string_view t) { return t == "fat-tree" || t == "spine-leaf" || t == "rail-optimized"; }
// Rail-optimised: the scale_out.rail_optimized flag or the topology name.
inline bool isRailOptimized(bool flag, std::string_view t) { return flag || t == "rail-optimized"; }

}  // namespace cf
