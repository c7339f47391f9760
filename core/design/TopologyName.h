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

// Scale-up (cluster.scale_up.kind): "none" and "pcie" put no scale-up links
// in the fabric model; the point-to-point kinds wire a full mesh in domains
// of up to kMaxMeshDomain GPUs, a switch per domain beyond (and for every
// switched kind: nvswitch, ub, ...).
constexpr long long kMaxMeshDomain = 16;
inline bool hasScaleUpFabric(std::string_view k) { return !k.empty() && k != "none" && k != "pcie"; }
inline bool isMeshScaleUp(std::string_view k, long long domain) {
  return (k == "nvlink" || k == "hccs" || k == "infinity-fabric" || k == "xgmi" || k == "mesh") &&
         domain <= kMaxMeshDomain;
}

}  // namespace cf
