// A collective operation of one or more identical rank groups, and its
// expansion into steps of point-to-point flows (NCCL's algorithms at flow
// level). Groups that run the same collective at the same time (e.g. the DP
// groups of every TP rank of a pipeline stage) are one Collective: each step
// becomes one flow class whose members are the transfers of all groups.
//
// Expansion (n ranks per group, S = bytes per rank as in CollectiveModel:
// all-reduce buffer; all-gather / reduce-scatter full buffer; all-to-all bytes
// each rank sends in total; send/recv the message):
//  - Ring all-reduce: 2(n-1) steps, rank i -> i+1, S/n each (reduce-scatter
//    then all-gather); ring reduce-scatter / all-gather: n-1 such steps.
//    Uncontended time = startup + 2(n-1) (alpha + S/(n B)), i.e. the alpha-beta
//    formula 2(n-1)/n S/B + 2(n-1) alpha (Thakur et al. 2005; Patarasuk & Yuan 2009).
//  - Tree all-reduce (NCCL double binary tree, pipelined): two binary trees
//    (heap order over the ranks, the second over the ranks shifted by n/2),
//    each carrying S/2: one reduce step (every child -> parent edge of both
//    trees at once, latency depth * alpha for the pipeline fill) and one
//    broadcast step (parent -> child). Time ~ 2 S/B + 2 depth alpha.
//  - Hierarchical (groups spanning several scale-up domains with p > 1 ranks
//    in each): two concurrent chains, as NCCL pipelines NVLink and NIC
//    traffic: inside each domain a ring reduce-scatter + all-gather over the
//    p local ranks (S each), and across domains p rings (one per local index)
//    over the N domains carrying S/p. Time ~ max(intra, inter) + startup,
//    the form of CollectiveModel's hierarchical collective.
//  - All-to-all: one step, every ordered pair, S/n each.
//  - Send/recv: one step, each group is a (source, destination) pair, S each.
// alpha = step latency (switches + NIC + software per message); a step's
// flows start alpha after the step begins.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace cf::netsim {

enum class CollectiveKind : std::uint8_t { AllReduce, ReduceScatter, AllGather, AllToAll, SendRecv };
enum class Algorithm : std::uint8_t { Ring, Tree, Hierarchical, Direct };
const char* kindName(CollectiveKind k);

using Transfers = std::vector<std::pair<std::uint32_t, std::uint32_t>>;  // (source GPU, destination GPU)

struct Step {
  std::shared_ptr<const Transfers> transfers;  // shared by identical steps (all ring steps)
  double bytes = 0;                            // per transfer
  double latency_s = 0;
};
using Chain = std::vector<Step>;

struct Collective {
  std::string label;                      // timeline / busbw category, e.g. "dp reduce-scatter"
  CollectiveKind kind = CollectiveKind::AllReduce;
  Algorithm algorithm = Algorithm::Ring;
  std::vector<std::vector<std::uint32_t>> groups;  // GPU devices, equal sizes; SendRecv: pairs
  double bytes = 0;
  double step_latency_s = 0;      // alpha across the scale-out fabric
  double intra_latency_s = 0;     // alpha inside a scale-up domain
  double startup_s = 0;           // once per collective
  int per_domain = 1;             // Hierarchical: ranks of a group in each scale-up domain
  // AllToAll with node-limited MoE routing (kern::moeNodeLimitedBytes): the
  // bytes each pair of ranks in one domain (group positions i, j with
  // i / per_domain == j / per_domain) and each pair across domains moves.
  // < 0: bytes / n for every pair (the uniform all-to-all).
  double local_pair_bytes = -1, remote_pair_bytes = -1;

  int size() const { return groups.empty() ? 0 : static_cast<int>(groups.front().size()); }
  // nccl-tests bus bytes of one rank (busbw = busBytes / time).
  double busBytes() const;
};

// The chains of steps of a collective; it completes when every chain has.
std::vector<Chain> expand(const Collective& c);

}  // namespace cf::netsim
