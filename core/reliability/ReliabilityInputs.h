// What the reliability model needs from the rest of the engine, in one
// value: the job's size, its failure-free duration (performance model),
// checkpoint write/read times (performance model + storage tier), and the
// failure classes with counts (topology) and rates (catalog).
//
// defaultInputs() derives everything from the design with closed forms so
// the model works before the topology and performance models exist; the
// caller may then replace counts with the topology's and times with the
// performance model's (see the notes on each field).
//
// Splitting the catalog's per-device annual_failure_rate into classes
// -------------------------------------------------------------------
// Shares from the Llama 3 paper (arXiv 2407.21783, Table 5; 16,384 H100,
// 54 days, 419 unexpected interruptions):
//  accelerator AFR (268 GPU-attributed interruptions):
//    gpu  171/268 = 0.638  (faulty GPU 148 + GPU system processor 17 + thermal/sensor 6)
//    hbm   72/268 = 0.269  (HBM3 memory)
//    sram  19/268 = 0.071  (GPU SRAM)
//    sdc    6/268 = 0.022  (silent data corruption)
//  node (host) AFR (48 host-level interruptions):
//    node  42/48 = 0.875   (host maintenance 32, chassis / IO board / CPU / DRAM / dependency 2 each)
//    ssd    3/48 = 0.0625
//    psu    3/48 = 0.0625
//  nic: the NIC part's AFR (Llama 3: 7 NIC interruptions, ~0.003 per NIC-year).
//  software: 0.0252 per GPU-year = (54 software bugs + 7 NCCL watchdog
//    timeouts) / (16,384 GPUs · 54/365 year); not in the catalog.
//  switch, optic, cable: the switch part's and the link parts' AFR.
//  network_ops: 0.0101 per GPU-year = (35 network switch/cable − 10.6 that the
//    optic, cable and switch classes give for Llama 3's cluster) / GPU-years:
//    switch software/firmware, fabric-manager and cabling-work events that no
//    part AFR covers (Llama 3 Table 5 does not split its network category).
// Optical modules
// ---------------
// A module "failure" at the catalog AFR (or reliability.failure_rates.optic)
// is any event that gets the module replaced. What it does to a job:
//  1. Hard link-down or not (kOpticHardShare = 0.06). Most module faults are
//     not sudden permanent losses of the link: link flaps ("闪断") retrain
//     in well under a second and are absorbed by FEC and link-level retry
//     plus the RC transport's own retries (NCCL_IB_TIMEOUT 20 ≈ 4.3 s per
//     try, NCCL_IB_RETRY_CNT 7), and degrading lasers/receivers show in the
//     DDM telemetry and pre-FEC BER and are swapped in a drain window
//     (a planned, not an unexpected, interruption). Calibrated on the seeds:
//     a 10K-card cluster with conventional optics at 4 % AFR sees ~60
//     interruptions a year (our fabric graph for that example: 47,128
//     modules, 15,709 on the access links, so 60 / (0.04 · (15,709 +
//     0.25 · 31,419)) = 0.064).
//  2. Where the link is. Access links (NIC to leaf, optical in rail-optimised
//     fabrics) are the GPU's only path: a hard fault stops the job. Fabric
//     links (leaf-spine-core) are re-routed (adaptive routing / ECMP /
//     subnet-manager reroute in ms to ~1 s, inside the transport's retry
//     budget); kFabricNotRerouted = 0.25 of their hard faults still stop the
//     job (estimate: reroutes that outlast the retries or the NCCL watchdog,
//     twin-port modules that drop two uplinks of one leaf at once).
//  3. Lane or module. 90 % of optical faults are single-lane (seeds); per-lane
//     fault tolerance (reliability.optics_lane_tolerance) keeps a link with a
//     dead lane running on its other lane groups, so only whole-module faults
//     (10 %) interrupt: the seeds' effective 4 % → 0.4 %.
// Llama 3 (35 "network switch/cable" interruptions in 54 days on 16,384 GPUs,
// ToR copper to the GPUs, ~65K fabric modules at 2 %) bounds the optic share
// from above: ≤ 35 / 194 module failures ≈ 0.18 for fabric modules. No
// single per-module share meets both figures (the seeds' 60/yr implies 3.2 %
// of all module failures interrupting, Llama 3's bound allows up to 18 %);
// this model meets the seeds' figure and stays inside the Llama 3 bound
// (optics ≈ 3 of Llama 3's 35; the rest of that category — switch software,
// cabling work — is not modelled, see docs/models.md).
// DAC access cables keep an interrupting share of 0.2 (estimate).
//
// Closed-form counts (to be replaced by the topology's)
// -----------------------------------------------------
// Per plane, the generator's own counts for the job's nodes
// (design/ClosRules.h: leaves of d = ⌊k·o/(1+o)⌋ down ports, rails, uplinks
// wired as needed, spines, pods and cores; tiers added as the generator adds
// them), times the planes. Other topologies use the fat-tree count (an
// approximation).
// Access links (NIC to leaf): copper (DAC) in the rack, or, for
// rail-optimised fabrics whose leaves sit at the end of the row, optical
// (2 transceivers per link). Every link above the leaves is optical (2
// transceivers per link, counted in NIC-speed link equivalents).
// A leaf failure takes down its nodes (closNodesPerLeaf: ToR ⌊d/nics_per_node⌋
// nodes; rail: d nodes lose a rail); spine/core failures restart in place.
#pragma once
#include <vector>

#include "catalog/Catalog.h"
#include "design/Resolved.h"
#include "design/Scenario.h"
#include "reliability/FailureClass.h"

namespace cf {

struct ReliabilityInputs {
  long long gpus = 1;             // GPUs in the job
  long long nodes = 1;            // nodes in the job
  int gpus_per_node = 8;
  long long gpus_per_replica = 1;  // tp·pp·cp: GPUs lost per node failure under elastic recovery
  long long idle_nodes = 0;       // cluster nodes the job does not use (usable as spares)
  long long spare_nodes = 0;      // hot spares: idle_nodes + policy spare_nodes; < 0 unlimited
  bool spares_auto = false;       // policy "auto": the pool is sparePool(), at least spare_nodes
  double failure_free_time_s = 0;  // from perf: time to train without failures
  double step_time_s = 0;          // from perf: one step (process-level recovery loses part of one)
  double checkpoint_bytes = 0;     // from perf: the whole checkpoint (all GPUs)
  double checkpoint_write_s = 0;   // from perf/storage: one checkpoint to the target tier
  double checkpoint_read_s = 0;    // reload of the checkpoint from the target tier
  double memory_checkpoint_write_s = 0;  // snapshot to host/peer memory (in-memory strategy)
  bool async_checkpoint = false;
  double async_blocking_s = 0;     // stall to snapshot state before a background write
  double fleet_age_s = 0;          // part age at job start (only matters for Weibull shapes ≠ 1)
  double fail_slow_detect_s = 1800;  // straggler until detected and drained (estimate)
  double fail_slow_factor = 0.3;     // throughput lost meanwhile (estimate)
  std::string checkpoint_tier;       // the tier used
  std::vector<FailureClass> classes;
  // Counts used (for the report; the topology will supply them).
  long long switches = 0, access_links = 0, fabric_links = 0, optics = 0, nics = 0;
  std::vector<std::string> notes;    // assumptions made while deriving

  // Interrupting failures per hour, all classes.
  double interruptsPerHour() const;
  bool operator==(const ReliabilityInputs&) const = default;
};

// Derives the inputs from a resolved design (see the header comment) and
// applies the scenario's reliability policy (applyPolicy: failure_rates,
// failure_rates_only, spare_nodes). Throws InputError for an unknown
// job.checkpoint.target or a bad policy value.
// checkpoint_bytes_total: the whole checkpoint; write/read times come from
// the scenario's checkpoint target tier, by the performance model's rule
// (design/StorageRules.h: checkpointBandwidth).
ReliabilityInputs defaultInputs(const ResolvedScenario& r, const Catalog& parts, double failure_free_time_s,
                                double checkpoint_bytes_total, double step_time_s = 0);

// Applies reliability.failure_rates / failure_rates_only / spare_nodes.
// Throws InputError ("reliability.failure_rates.<key>") for an unknown class
// or a negative or non-finite rate.
void applyPolicy(ReliabilityInputs& in, const ReliabilityPolicy& policy);

// Hot spares sized to the cluster (reliability.spare_nodes "auto", the
// default): failed nodes are swapped for spares at once and repaired in the
// background, so the pool must cover the nodes out for repair at any moment.
// By Little's law their mean is m = Σ_k λ_k · nodes_lost_k · repair_s_k
// (λ_k interrupting failures per second of class k); the pool is the 99.9 %
// quantile of a Poisson count with mean m, and at least the largest group one
// failure takes out (a leaf switch's nodes). Practice it stands for: Meta
// restarts Llama 3 jobs on hot spares and repairs in the background (arXiv
// 2407.21783 §3.3.4, > 90 % effective training time at 16K GPUs).
long long autoSpareNodes(const ReliabilityInputs& in);
// The spare pool the Monte Carlo uses: -1 unlimited; with spares_auto the
// larger of spare_nodes (the idle nodes) and autoSpareNodes().
long long sparePool(const ReliabilityInputs& in);

// Per-lane optical fault tolerance (seeds: Huawei CloudMatrix groups module
// lanes so a single-lane fault disables only its group; 90 % of optical
// failures are single-lane, AFR 4 % -> 0.4 %): multiplies the interrupt
// share of every class with rate_key "optic" by 1 − 0.9 = 0.1.
void applyLaneFaultTolerance(ReliabilityInputs& in);

// The override keys of reliability.failure_rates.
std::vector<std::string> failureRateKeys();

// Share of a class's interruptions that are hardware failures, by the
// category column of the calibration source, Llama 3 Table 5: categories
// GPU (268), Network (35) and Host (21) are hardware, 324 of the 419
// unexpected interruptions (the paper's "approximately 78 %" confirmed or
// suspected hardware); Dependency (54 software bugs + 2), Unknown (7 NCCL
// watchdog timeouts) and Unplanned Maintenance (32 host maintenance) are not.
// So: 0 for the software class (software bugs + NCCL watchdog), 8/42 for the
// node class (its 42 are 32 host maintenance + 2 dependency + chassis, IO
// board, CPU and system memory at 2 each), 1 for every other class (GPU, HBM,
// SRAM, SDC, SSD, PSU, NIC, the network parts and network_ops, the rest of
// Table 5's "network switch/cable"). Publications that count hardware
// failures only (the OPT-175B logbook) compare with the sum of share x
// interrupts per hour; nothing is fitted.
double hardwareShare(const FailureClass& c);
double hardwareInterruptsPerHour(const std::vector<FailureClass>& classes);

}  // namespace cf
