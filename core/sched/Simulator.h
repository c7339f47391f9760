// Event-driven simulation of a cluster running many jobs under one
// scheduling policy: arrivals, queueing, gang placement (NodePool.h), run,
// periodic checkpoints, failures, restarts, repairs, preemption, elastic
// shrink and grow, completion.
//
// Policies (each as its source describes it):
//   fifo       strict first-come first-served: the oldest queued job starts
//              when it fits; nothing passes it.
//   easy       EASY backfilling (Lifka, "The ANL/IBM SP scheduling system",
//              JSSPP 1995; Mu'alem & Feitelson, IEEE TPDS 12(6), 2001): the
//              head of the queue gets a reservation at the earliest time
//              enough GPUs free up (from the running jobs' expected ends);
//              later jobs start now if they fit and either end before that
//              time or use only GPUs the head will not need. Estimates are
//              the true failure-free run times ("perfect estimates"); the
//              scan looks at most `backfill_depth` queued jobs (Slurm's
//              bf_max_job_test, default 500). The reservation counts GPUs,
//              not shapes, so fragmentation can still delay the head. A scan
//              is not repeated while nothing it depends on changed (only the
//              jobs appended since, or the candidates that did not fit when
//              GPUs came back, are looked at): the same decisions, faster.
//   priority   highest priority first (FIFO within a priority); a head that
//              does not fit preempts running jobs of lower priority (lowest
//              first, most recently started first) when that frees enough
//              GPUs: checkpoint-and-requeue (Slurm PreemptMode=REQUEUE with
//              a checkpoint; Gandiva, OSDI '18, suspend-resume). A victim
//              keeps its progress and pays checkpoint_write_s + restart_s
//              when it runs again.
//   fairshare  the next job comes from the team with the smallest GPUs held
//              / share (max-min fair share of one resource; the single-
//              resource case of DRF, Ghodsi et al., NSDI '11), FIFO within a
//              team; a team whose head does not fit is passed over.
//   replay     trace replay: every trace job starts when the trace started
//              it, on the trace's own machines when the trace names them
//              (Philly), else where the placement rule puts it; if that is
//              taken, it waits (counted as late). No failures are drawn (the
//              trace has its own).
// Team quotas (Team::quota_gpus, like Slurm's GrpTRES=gres/gpu): a job whose
// team would exceed its quota is passed over, under every policy.
//
// Jobs and failures:
//  - A job's progress is a fraction of its work; it runs at 1 / T per second,
//    T = its failure-free run time for its GPUs and placement (duration
//    classes: the drawn duration × nominal GPUs / GPUs, linear scaling;
//    model classes: the performance model, StepTimes.h).
//  - Link contention (workload "contention": "leaf-uplinks", LinkShares.h):
//    whenever the model-sized jobs spanning leaves change, their uplink
//    shares are solved again (max-min) and each job whose share moved is
//    re-rated: its work done is kept, its checkpoint cycle goes on, and the
//    rest advances at 1 / T for the new share (its completion event moves).
//  - Checkpoints every τ = Young's interval (reliability/ClosedForms.h) for
//    the job's nodes' interrupting-failure rate, each blocking
//    checkpoint_write_s; no failures, no checkpoints.
//  - Failures: one Poisson process per failure class of the cluster
//    (ClusterModel::failures) hits a uniformly drawn node; classes that take
//    out nodes (nodes_lost > 1: that many nodes of the node's leaf) send them
//    to repair for repair_s. A job on a hit node loses the work since its last
//    checkpoint; with nodes_lost 0 it restarts in place after restart_s, else
//    it is requeued (keeping its place: its original arrival) and pays
//    restart_s when it runs again. Elastic jobs drop the lost nodes and go on
//    (after restart_s) while they keep min_gpus.
//  - Elastic jobs (Workload elastic range) start with as many GPUs as fit in
//    [min, max] and, whenever nobody waits, grow back by whole nodes up to
//    max (each resize costs restart_s; TorchElastic-style re-rendezvous).
// Idle GPUs are classed at every instant: failed (held by jobs restarting),
// repair (nodes down), queue_empty (free, nobody waits), fragmentation (free
// and enough for the smallest waiting job in number but not in shape, or the
// unused GPUs of nodes a job holds), blocked (free, jobs wait, but the policy,
// a quota or too few free GPUs hold them back).
#pragma once
#include <cstdint>
#include <string>

#include "sched/ClusterModel.h"
#include "sched/Jobs.h"
#include "sched/NodePool.h"
#include "sched/ScheduleResult.h"

namespace cf::sched {

enum class Policy { Fifo, Easy, Priority, FairShare, Replay };
const char* policyName(Policy p);
// Throws InputError(path) for an unknown name.
Policy policyFromName(const std::string& name, const std::string& path = "policy");
PlacementRule placementFromName(const std::string& name, const std::string& path = "placement");

struct ScheduleOptions {
  Policy policy = Policy::Fifo;
  PlacementRule placement = PlacementRule::Pack;
  std::uint64_t seed = 1;
  bool failures = true;        // draw failures (off for replay, and when the workload says "failures": false)
  double restart_s = -1;       // < 0: the workload's restart_s, else the cluster's
  int backfill_depth = 500;
  int series_bins = 168;
  bool keep_jobs = true;
  double drain_factor = 10;    // stop at horizon × this; jobs still queued or running are unfinished
};

ScheduleResult simulateSchedule(const ClusterModel& m, const JobSet& jobs, const ScheduleOptions& opt);

}  // namespace cf::sched
