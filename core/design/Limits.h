// The limits of ClusterForge's models, in one place.
//
// Physical ranges: the scenario reader rejects values outside them
// (docs/scenario-format.md, "Ranges"); the constants here are the ones other
// code also checks against.
//
// Work limits: what the engine agrees to build before any model runs. Two
// kinds:
// - hard limits (the fabric graph indexes devices and ports with 32 bits)
//   that nothing lifts;
// - budgets (devices and links of the fabric graph, micro-batches of a
//   flow-simulated step) that keep a run within a workstation's memory and a
//   few minutes; `clusterforge-cli --allow-large` lifts them.
// Validation (design/Validation.cpp) and the engine (topology::generate,
// the flow simulation) call the same functions, so a scenario that validates
// is one the engine accepts.
#pragma once
#include <string>

#include "catalog/Parts.h"

#include "design/ClosRules.h"

namespace cf {

struct ResolvedScenario;

// --- physical ranges shared with other checks ---
constexpr int kMaxSwitchRadix = 1024;                  // ports per switch ASIC (largest today: 512 at 100G)
constexpr double kMaxFailuresPerPartYear = 100;        // failures per part-year (MTBF of 3.7 days)
constexpr long long kMaxDataParallel = 1LL << 24;      // job.parallelism.dp, given or derived

// --- work limits ---
constexpr long long kMaxFabricElements = 0xffffffffLL;  // hard: devices, links (32-bit indices)
constexpr long long kFabricDeviceBudget = 20'000'000;   // budget: ~0.5 GB of devices
constexpr long long kFabricLinkBudget = 40'000'000;     // budget: ~4 GB with the graph's arcs
constexpr long long kFlowMicroBatchBudget = 65'536;     // budget: micro-batches per flow-simulated step
constexpr long long kMaxFlowMicroBatches = 1LL << 30;   // hard: the step graph's task indices
constexpr double kMonteCarloEventBudget = 2e7;          // budget: failure events (and trials) of one reliability run (~5 s on 2 cores)

// The budgets apply unless lifted for the whole process, once at start-up
// (clusterforge-cli --allow-large); the hard limits always apply.
void liftWorkBudgets(bool lifted);
bool workBudgetsLifted();

// The shape of a fabric: what the generators build, in numbers. Derived from
// a scenario once (fabricShape); topology::FabricSpec is this shape plus the
// link speeds and direct-network parameters the generators also need.
struct FabricShape {
  long long nodes = 1, gpus_per_node = 8, nics_per_node = 8, planes = 1;
  int radix = kGenericSwitchRadix;
  int tiers = 2;  // after tiers were added for the endpoints (tiersNeeded)
  double oversubscription = 1;        // downlink:uplink of the leaves (tier 1)
  double oversubscription_spine = 1;  // of the spines of three tiers (scenarios: non-blocking)
  std::string topology = "fat-tree";  // fat-tree | spine-leaf | rail-optimized | dragonfly | torus2d | torus3d
  bool rail_optimized = false;        // as asked (rails apart only from two tiers up: ClosPlane::rails)
  std::string scale_up_kind = "nvswitch";
  long long domain_size = 8;
  bool operator==(const FabricShape&) const = default;
};

// The Clos plane of a shape (design/ClosRules.h): the one place a shape
// becomes ClosInput, for the generator and the closed-form counts alike.
ClosInput closInput(const FabricShape& s);

struct ScaleOut;
// The plane of `nodes` nodes of a resolved design as the closed-form models
// see it (reliability's switch/link counts, the scheduler's leaves and pods):
// closInput of the shape fabricShape gives those nodes (tiers added for their
// NIC ports as the generator adds them), so the two can never disagree.
ClosInput closInputOf(const ResolvedScenario& r, const ScaleOut& so, long long nodes, long long nics_per_node);

// Switches (routers for dragonfly; none for a torus, whose routers are the
// nodes) of one scale-out plane of the shape.
long long planeSwitches(const FabricShape& s);

// Upper bounds of the fabric graph's size, computed in closed form (no
// allocation) with overflow-checked arithmetic; mirrors topology/Generators.h.
struct FabricSize {
  long long devices = 0;
  long long links = 0;
};
FabricSize fabricSize(const FabricShape& s);

// The shape of a resolved scenario's fabric (what topology::specFor builds).
FabricShape fabricShape(const ResolvedScenario& r);

// Throws InputError naming the field that sizes the fabric (cluster.nodes,
// cluster.scale_out.nics_per_node, ...) and the limit when the fabric exceeds
// a hard limit or a budget.
void checkFabricSize(const FabricShape& s);

// What the flow simulation needs before it runs: a route between every pair
// of GPUs (cluster.scale_up.kind) and micro-batches of one training step
// (global_batch / (dp * micro_batch)) within its limits (job.parallelism.global_batch).
void checkFlowSimulation(const ResolvedScenario& r);

// Failure events a reliability run would simulate (every trial of the run and
// of the checkpoint-interval search): over kMonteCarloEventBudget throws
// InputError naming reliability.trials, with the count and the budget.
void checkMonteCarloWork(double events, long long trials);

}  // namespace cf
