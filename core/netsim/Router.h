// Routes between GPUs on a fabric graph, as usage lists for MaxMinSolver
// (constraint = 2 * link + direction, direction 0 = from Link::a to Link::z).
//
// - Same scale-up domain: over the scale-up links (GPU -> switch -> GPU, or
//   the direct link of a mesh domain). Scale-out traffic never uses them, and a
//   GPU without its own NIC reaches the fabric through the nearest GPU of its
//   node that has one (PXN-style: one scale-up hop each side).
// - Otherwise: shortest paths over the scale-out links that are up (hop
//   count; Clos up-down paths, minimal torus and dragonfly paths). Distances
//   to a destination are found by BFS from the switches the destination GPU
//   attaches to and cached per attachment, so all GPUs under one leaf share
//   one BFS.
// - ECMP: at every hop the next link is chosen among the equal-cost ones by a
//   hash of (seed, flow key, hop) (SplitMix64; deterministic, so the same flow
//   takes the same path in every run). Spray: at every hop the bytes split
//   evenly over all equal-cost next links (per-packet spraying as in
//   Spectrum-X or Ultra Ethernet; a link gets coefficient = the share of the
//   flow that crosses it).
//   Adaptive: the next hop with the least traffic routed on it so far (by
//   routes handed out, ties broken by the hash): a static picture of
//   congestion-aware load balancing.
// - Failures: failed links and devices are removed before the BFS, so routes
//   go around them; a GPU that cannot reach its peer makes route() throw
//   std::runtime_error naming both GPUs.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "netsim/MaxMinSolver.h"
#include "topology/Fabric.h"

namespace cf::netsim {

enum class RoutingMode : std::uint8_t { Ecmp, Spray, Adaptive };
const char* routingModeName(RoutingMode m);

struct RoutingOptions {
  RoutingMode mode = RoutingMode::Ecmp;
  std::uint64_t seed = 0;
  std::vector<std::uint32_t> failed_links;    // link indices
  std::vector<std::uint32_t> failed_devices;  // device indices (switches; a failed GPU fails its links)
};

class Router {
 public:
  Router(const topology::Fabric& f, RoutingOptions opt);

  // Appends the usage of one flow of `share` (1 = the whole flow) from GPU
  // device `src` to GPU device `dst`, keyed by `key` for hashing.
  void route(std::uint32_t src, std::uint32_t dst, std::uint64_t key, double share, std::vector<Usage>& out);
  bool sameDomain(std::uint32_t a, std::uint32_t b) const;
  const topology::Fabric& fabric() const { return f_; }
  const RoutingOptions& options() const { return opt_; }

  // Sorts by constraint and merges duplicates.
  static void merge(std::vector<Usage>& u);

 private:
  struct Arc {
    std::uint32_t to, link;
    std::uint8_t dir;
  };
  const std::vector<std::int16_t>& distances(std::uint32_t dstGpu);
  // The arcs from `u` one hop closer to `dst` (d: distances(dst)): from the
  // source GPU only its nearest attachments, then strictly descending the
  // distance, GPUs other than dst never transit. Throws when none is left
  // (failed links or devices cut the fabric) or the path is past 64 hops.
  void nextHops(const std::vector<std::int16_t>& d, std::uint32_t u, std::uint32_t src, std::uint32_t dst, int hop,
                std::vector<std::uint32_t>& cand) const;
  void scaleOutPath(std::uint32_t src, std::uint32_t dst, std::uint64_t key, double share, std::vector<Usage>& out);
  void sprayPath(std::uint32_t src, std::uint32_t dst, double share, std::vector<Usage>& out);
  bool scaleUpPath(std::uint32_t src, std::uint32_t dst, double share, std::vector<Usage>& out) const;
  std::uint32_t nicGpu(std::uint32_t gpu, std::uint64_t key) const;  // itself, or a GPU of its domain with a NIC

  const topology::Fabric& f_;
  RoutingOptions opt_;
  std::vector<std::uint32_t> outStart_;  // CSR of arcs per device
  std::vector<Arc> outArcs_;              // scale-out arcs that are up
  std::vector<std::uint32_t> suStart_;
  std::vector<Arc> suArcs_;                // scale-up arcs that are up
  std::vector<std::int32_t> domain_;       // scale-up domain of each GPU (-1 none)
  std::map<std::vector<std::uint32_t>, std::shared_ptr<std::vector<std::int16_t>>> distCache_;
  std::unordered_map<std::uint32_t, std::shared_ptr<std::vector<std::int16_t>>> distByGpu_;
  std::vector<double> routed_;  // adaptive: shares routed per constraint
};

}  // namespace cf::netsim
