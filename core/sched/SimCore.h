// The scheduler's simulation state and its steps (internal to core/sched):
// one class, its members defined by concern in Simulator.cpp (event loop,
// accounting, queue, starting and stopping), SimFailures.cpp (failures,
// elastic shrinking and leaf-uplink contention), SimPolicies.cpp (FIFO, EASY
// backfill, priority with preemption, fair share, elastic growth) and
// SimResult.cpp (the statistics of a run). Not part of the module's API:
// sched/Simulator.h is.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <queue>
#include <set>
#include <tuple>

#include "common/InputError.h"
#include "reliability/ClosedForms.h"
#include "sched/LinkShares.h"
#include "sched/Rng.h"
#include "sched/StepTimes.h"
#include "sched/Simulator.h"

namespace cf::sched::detail {

constexpr double kInf = std::numeric_limits<double>::infinity();

enum class Ev : std::uint8_t { Complete, RecoveryDone, Failure, Repair };

struct Event {
  double t;
  std::uint64_t seq;
  Ev type;
  long long a;        // job or node
  std::uint32_t ver;  // job version (stale events are skipped)
  bool operator>(const Event& o) const { return t != o.t ? t > o.t : seq > o.seq; }
};

enum class State : std::uint8_t { Future, Queued, Running, Done };

struct Run {
  State state = State::Future;
  Allocation alloc;
  long long g = 0;  // GPUs in use (elastic: current size)
  long long held = 0;
  double remaining = 1;  // fraction of the work left (durable at the last stop)
  double seg_start = 0, overhead = 0, rate = 0, rem0 = 1, tau = kInf, end = kInf;
  // A segment begun by a re-rate (contention) continues the checkpoint cycle: `phase` seconds into it at the
  // start, with `unsaved` of the work (fraction) done since the last checkpoint. Both 0 otherwise.
  double phase = 0, unsaved = 0;
  double pending_overhead = 0;
  bool recovering = false;
  double victim_key = 0;    // −start of this run (priority policy's victim order)
  double queued_since = 0;  // when it last entered the queue
  std::uint32_t ver = 0;
  int share16 = kUplinkShareOne;  // share of its leaves' uplinks (contention "leaf-uplinks", LinkShares.h)
};

class Sim {
 public:
  Sim(const ClusterModel& m, const JobSet& js, const ScheduleOptions& o);
  ScheduleResult run();

 private:
  double arrivalTime(int j) const;

  // ---- events ---------------------------------------------------------------------------------------------
  void push(double t, Ev type, long long a, std::uint32_t ver) { events_.push({t, seq_++, type, a, ver}); }
  void scheduleFailure(double t);
  void handle(const Event& e);

  // ---- accounting -----------------------------------------------------------------------------------------
  void snapHorizon();
  void advance(double t);

  // ---- queue ----------------------------------------------------------------------------------------------
  using Key = std::tuple<long long, double, int>;  // (−priority or 0, order time, job)
  Key key(int j) const;
  long long minSize(int j) const;
  void enqueue(int j);
  void dequeue(int j);

  // ---- starting and stopping ------------------------------------------------------------------------------
  bool quotaAllows(int j, long long g) const;
  long long unit(int j) const;
  bool placeJob(int j, Allocation& a, long long& g);
  double runTime(int j, long long g, const Allocation& a) const;
  void beginSegment(int j, double t, double overhead, double phase = 0, double unsaved = 0);
  void start(int j, double t, Allocation&& a, long long g);
  double remainingAt(const Run& r, const JobSpec& s, double t, bool durableOnly) const;
  void endSegment(int j, double t);
  void releaseAll(int j);
  void complete(int j, double t);
  void requeue(int j, double t, bool durableOnly, double overhead);

  // ---- failures -------------------------------------------------------------------------------------------
  void failure(double t);
  void shrink(int j, const std::vector<long long>& hit);

  // ---- leaf-uplink contention (LinkShares.h) -------------------------------------------------------------
  void useLinks(int j);
  void rebalance(double t);

  // ---- policies -------------------------------------------------------------------------------------------
  bool tryStart(int j, double t);
  void pass(double t);
  void fifo(double t, bool backfill);

  // Could any queued job be placed now? The smallest waiting size bounds every candidate of a backfill scan: when
  // even it cannot be placed, no scan can start anything (issue 33: at 96 % load most passes found the cluster
  // full and still walked 500 queued jobs; skipping them changes no decision).
  bool anyWaitingFits() const { return !waitingBySize_.empty() && pool_.canPlace(waitingBySize_.begin()->first); }
  void easyBackfill(double t, std::set<Key>::iterator head);
  void priority(double t);
  bool preemptFor(int j, double t);
  void fairShare(double t);
  void grow(double t);

  // ---- result ---------------------------------------------------------------------------------------------
  ScheduleResult result();

  const ClusterModel& m_;
  const JobSet& js_;
  const ScheduleOptions& o_;
  NodePool pool_;
  std::vector<Run> runs_;
  std::vector<JobRecord> rec_;
  std::vector<int> order_;  // jobs by arrival time
  std::size_t next_ = 0;    // next arrival in order_
  std::vector<std::vector<int>> onNode_;
  std::vector<long long> teamHeld_;
  Rng failRng_;
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> events_;
  std::uint64_t seq_ = 0;
  std::set<Key> queue_;
  std::vector<std::set<Key>> teamQ_;
  std::map<long long, long long> waitingBySize_;
  std::set<std::pair<double, int>> byEnd_;
  std::set<std::tuple<int, double, int>> victims_;  // (priority, −start, job)
  std::set<int> growable_;
  std::unique_ptr<LinkShares> shares_;            // null: no contention
  std::map<int, std::vector<LeafUse>> crossing_;  // running model-sized jobs spanning leaves
  std::vector<int> loaders_, share16_;
  std::vector<const std::vector<LeafUse>*> uses_;
  bool dirty_ = false, rerating_ = false;
  long long rerates_ = 0;
  int gpn_ = 8;
  double horizon_ = 0, restart_ = 600, lambdaNode_s_ = 0, now_ = 0;
  bool failures_ = false;
  int bins_ = 1;
  double binW_ = 1;
  std::vector<double> binBusy_, binAlloc_, binQueue_, binFree_;
  long long busyG_ = 0, recovG_ = 0, wasteG_ = 0, queued_ = 0, done_ = 0;
  long long preemptions_ = 0, interruptions_ = 0, failures_n_ = 0, replayMoved_ = 0;
  // easyBackfill's skip of repeated scans: the state version of the last scan that started nothing, its head, the
  // depth it left, and the jobs appended to the queue since.
  std::uint64_t stateVer_ = 0, fruitlessVer_ = ~std::uint64_t{0}, capVer_ = 0, fruitlessCap_ = 0;
  int fruitlessHead_ = -1, fruitlessRoom_ = 0;
  double fruitlessShadow_ = 0;
  long long fruitlessExtra_ = 0;
  std::vector<int> appended_, unfit_;  // jobs appended since; candidates that failed the pool or their quota
  bool snapped_ = false;
  long long unfinishedAtHorizon_ = 0, queuedAtHorizon_ = 0;
  double offeredGpuS_ = 0;
  double allocAfterHorizon_ = 0;  // held GPU-seconds after the horizon (energy over the cost period)
  double busyInt_ = 0, allocInt_ = 0, idleEmpty_ = 0, idleBlocked_ = 0, idleFrag_ = 0, idleFailed_ = 0, idleRepair_ = 0;
};

}  // namespace cf::sched::detail
