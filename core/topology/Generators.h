// Fabric generators: the standard AI-cluster topologies at any scale.
//
// Vertex order (the analyses and exports rely on it only for readability):
// GPUs first (GPU g = node * gpus_per_node + rank), then scale-up switches,
// then, plane by plane, leaves, spines and cores (or routers).
//
// Clos / fat-tree (Al-Fares et al. 2008; Leiserson 1985), from any radix k and
// any oversubscription o_t (downlink:uplink) per tier:
//   a tier-t switch uses d_t = floor(k * o_t / (o_t + 1)) ports down and
//   u_t = k - d_t up (o = 1: d = u = k/2). The top tier uses all k ports down.
//   1 tier : ceil(E / k) switches (E = NIC ports = nodes * nics_per_node);
//            more than one switch is an error (they could not reach each other).
//   2 tiers: L = ceil(E / d_1) leaves; fat-tree: S = ceil(L * u_1 / k) spines,
//            leaf uplink j of leaf l goes to spine (l * u_1 + j) mod S (striped,
//            so every spine port is used and parallel links appear when S < u_1);
//            spine-leaf: S = u_1 spines, one link per leaf-spine pair (L <= k).
//   3 tiers: pods of P = d_2 leaves and u_1 spines (leaf l links once to every
//            spine of its pod); N_p = ceil(L / P) pods; u_1 core groups of
//            C_g = ceil(N_p * u_2 / k) cores; spine j of pod q sends uplink t to
//            core (q * u_2 + t) mod C_g of group j.
//   k-ary fat-tree (o = 1, E = k^3/4): k^2/2 leaves, k^2/2 spines, (k/2)^2 cores,
//   5k^2/4 switches in all.
// Rail-optimised (NVIDIA DGX SuperPOD reference architecture): NIC i of every
//   node attaches to a rail-i leaf; a rail has ceil(nodes / d_1) leaves, and the
//   leaves are numbered rail-major, so 3-tier pods hold one rail's leaves (same-
//   rank GPUs meet at the spines when the rail fits in a pod; rails are joined
//   by the spines (2 tiers) or the cores (3 tiers)).
// Multi-plane: every NIC port splits into `planes` links of nic_Gbps / planes,
//   one per plane; each plane is a complete, separate fabric.
// Dragonfly (Kim, Dally, Scott, Abts, ISCA 2008): groups of a routers, p
//   terminals and h global links per router, all-to-all inside a group; balanced
//   a = 2p = 2h; at most g = a*h + 1 groups, N = a*p*(a*h + 1) terminals; router
//   radix k = p + (a - 1) + h. Each pair of groups gets floor(a*h / (g - 1))
//   global links. Balanced from a radix: p = h = floor((k + 1) / 4), a = 2p.
// Torus (k_1 x ... x k_n, n = 2 or 3): one router per node; each router links to
//   its +/-1 neighbour in every dimension with wrap-around, degree 2n (a ring of
//   2 gets two parallel links); diameter sum floor(k_i / 2). Each torus link
//   carries nics * nic_Gbps / (2n) so that a router's torus bandwidth equals its
//   injection bandwidth; every NIC port is an access link to the router.
// Scale-up: none/pcie: no links. Switched kinds (nvswitch, ub, ...): one logical
//   switch per domain of domain_size consecutive GPUs (8-GPU node, NVL72 rack,
//   384-NPU super-node), each GPU linked at scale_up_GBps * 8 Gb/s. Mesh kinds
//   (nvlink, hccs, infinity-fabric, xgmi, mesh) with domain_size <= 16: a full
//   mesh, each GPU's bandwidth split over its domain_size - 1 peers.
#pragma once
#include <vector>

#include "topology/Fabric.h"
#include "topology/FabricSpec.h"

namespace cf::topology {

// Builds the whole fabric (GPUs, scale-up, every scale-out plane) and its
// graph. Throws InputError ("cluster.scale_out...") for an impossible spec.
Fabric generate(const FabricSpec& spec);
// GPUs, scale-up and scale-out plane 0 of a Clos fabric, without the Boost
// view (planes are identical copies): what the performance model reads, at a
// fraction of generate()'s time (search, sweeps).
Fabric generatePlaneZero(const FabricSpec& spec);
// Fabrics generate() and generatePlaneZero() have built in this process
// (simulate builds one per run; tests count).
long long fabricConstructions();

// The pieces, for callers that compose fabrics themselves. Each appends to `f`;
// `gpu0` is the index of the first GPU vertex.
// The fabric's summary fields copied from the spec (topology, sizes, radix,
// link speed per plane, rail layout, switch latency); generate() starts here.
FabricInfo infoFor(const FabricSpec& spec);
void addGpus(Fabric& f, const FabricSpec& spec);
void addScaleUp(Fabric& f, const FabricSpec& spec);
void addClosPlane(Fabric& f, const FabricSpec& spec, int plane);
void addDragonflyPlane(Fabric& f, const FabricSpec& spec, int plane);
void addTorusPlane(Fabric& f, const FabricSpec& spec, int plane);

struct DragonflyShape {
  int a = 0, p = 0, h = 0, g = 0;  // routers/group, terminals/router, global links/router, groups
};
DragonflyShape dragonflyShape(const FabricSpec& spec);
// Dimensions of the torus: spec.torus_dims, or the most cubic factorisation
// of the node count into n factors (ascending).
std::vector<int> torusDims(const FabricSpec& spec, int n);

// GPU vertex of NIC `nic` of node `node` (NICs spread evenly over the GPUs).
inline std::uint32_t gpuOfNic(const FabricSpec& s, int node, int nic) {
  int rank = s.nics_per_node > 0 ? static_cast<int>(1LL * nic * s.gpus_per_node / s.nics_per_node) : 0;
  return static_cast<std::uint32_t>(1LL * node * s.gpus_per_node + rank);
}

}  // namespace cf::topology
