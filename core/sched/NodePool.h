// Free GPUs of the cluster's nodes and where a gang of GPUs goes.
//
// Jobs smaller than a node share nodes (they need all their GPUs on one
// node); a job of a node or more takes whole nodes, ⌈G/gpus_per_node⌉ of them
// (exclusive nodes, as multi-node training is run in practice; the GPUs of
// the last node it does not use count as fragmentation).
// Placement rules (topology-aware placement; compare Slurm's
// topology/tree plug-in, which packs a job into the fewest leaf switches, and
// Jeon et al. ATC '19, which shows locality-constrained jobs wait longer but
// run faster):
//   pack       small jobs: best fit (the node with the fewest free GPUs that
//              still fits). Whole-node jobs: the leaf with the fewest free
//              nodes that holds the job; else the pod with the fewest free
//              nodes that holds it, its fullest-free leaves first; else the
//              pods with the most free nodes first.
//   first-fit  the lowest-numbered nodes that fit (no topology).
//   spread     small jobs: worst fit (the emptiest node). Whole-node jobs:
//              one node from each leaf in turn (round robin): the most
//              spread placement, the reference for what locality is worth.
// Free-node lookups use one bitset per free-GPU count with a summary level,
// so a placement costs O(gpus_per_node + nodes_taken + leaves scanned).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "sched/ClusterModel.h"
#include "sched/StepTimes.h"

namespace cf::sched {

enum class PlacementRule { Pack, FirstFit, Spread };
const char* placementName(PlacementRule p);

// A set of node indices with fast first/next lookups.
class NodeSet {
 public:
  explicit NodeSet(long long n = 0);
  void insert(long long i);
  void erase(long long i);
  bool empty() const { return count_ == 0; }
  long long size() const { return count_; }
  long long first() const { return next(0); }
  long long next(long long from) const;  // smallest member >= from, or -1
  long long last() const;                // largest member, or -1

 private:
  std::vector<std::uint64_t> words_, summary_;
  long long count_ = 0;
};

struct Allocation {
  std::vector<long long> nodes;  // node indices
  std::vector<int> gpus;         // GPUs taken on each
  long long held() const;
};

class NodePool {
 public:
  NodePool(const ClusterModel& m, PlacementRule rule);

  long long freeGpus() const { return freeGpus_; }   // on nodes that are up
  long long freeNodes() const { return wholeFree_; }  // nodes entirely free and up
  long long downNodes() const { return down_; }
  int maxFreeOnNode() const;                          // most free GPUs on one up node
  // Could a gang of `gpus` be placed now?
  bool canPlace(long long gpus) const;
  // Places a gang of `gpus` (false when it does not fit now).
  bool place(long long gpus, Allocation& out);
  // Places exactly on the given nodes (trace replay); false when they lack the GPUs.
  bool placeOn(const std::vector<long long>& nodes, const std::vector<int>& gpus, Allocation& out);
  void release(const Allocation& a);
  // Node up/down (failures and repairs); a node must be free of jobs to go down.
  void setDown(long long node);
  void setUp(long long node);
  bool isUp(long long node) const { return up_[node]; }
  // Leaves and pods an allocation spans.
  Shape shape(const Allocation& a) const;

 private:
  void setFree(long long node, int f);
  bool placeSmall(int g, Allocation& out);
  bool placeNodes(long long n, Allocation& out);
  void takeNode(long long node, int g, Allocation& out);

  const ClusterModel& m_;
  PlacementRule rule_;
  int gpn_;
  std::vector<int> free_;
  std::vector<bool> up_;
  std::vector<NodeSet> byFree_;          // free count -> up nodes with that many free
  std::vector<long long> leafFree_;      // whole free up nodes per leaf
  std::vector<long long> podFree_;
  std::vector<NodeSet> leavesByFree_;    // whole-free count -> leaves
  long long freeGpus_ = 0, wholeFree_ = 0, down_ = 0;
};

}  // namespace cf::sched
