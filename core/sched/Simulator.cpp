#include "sched/Simulator.h"

#include <algorithm>
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

namespace cf::sched {

const char* policyName(Policy p) {
  switch (p) {
    case Policy::Fifo: return "fifo";
    case Policy::Easy: return "easy";
    case Policy::Priority: return "priority";
    case Policy::FairShare: return "fairshare";
    case Policy::Replay: return "replay";
  }
  return "fifo";
}

Policy policyFromName(const std::string& n, const std::string& path) {
  for (Policy p : {Policy::Fifo, Policy::Easy, Policy::Priority, Policy::FairShare, Policy::Replay})
    if (n == policyName(p)) return p;
  throw InputError(path, "unknown policy \"" + n + "\" (fifo, easy, priority, fairshare or replay)");
}

PlacementRule placementFromName(const std::string& n, const std::string& path) {
  for (PlacementRule p : {PlacementRule::Pack, PlacementRule::FirstFit, PlacementRule::Spread})
    if (n == placementName(p)) return p;
  throw InputError(path, "unknown placement \"" + n + "\" (pack, first-fit or spread)");
}

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

enum class Ev : std::uint8_t { Complete, RecoveryDone, Failure, Repair };

struct Event {
  double t;
  std::uint64_t seq;
  Ev type;
  long long a;         // job or node
  std::uint32_t ver;   // job version (stale events are skipped)
  bool operator>(const Event& o) const { return t != o.t ? t > o.t : seq > o.seq; }
};

enum class State : std::uint8_t { Future, Queued, Running, Done };

struct Run {
  State state = State::Future;
  Allocation alloc;
  long long g = 0;            // GPUs in use (elastic: current size)
  long long held = 0;
  double remaining = 1;       // fraction of the work left (durable at the last stop)
  double seg_start = 0, overhead = 0, rate = 0, rem0 = 1, tau = kInf, end = kInf;
  // A segment begun by a re-rate (contention) continues the checkpoint cycle: `phase` seconds into it at the
  // start, with `unsaved` of the work (fraction) done since the last checkpoint. Both 0 otherwise.
  double phase = 0, unsaved = 0;
  double pending_overhead = 0;
  bool recovering = false;
  double victim_key = 0;      // −start of this run (priority policy's victim order)
  double queued_since = 0;    // when it last entered the queue
  std::uint32_t ver = 0;
  int share16 = kUplinkShareOne;  // share of its leaves' uplinks (contention "leaf-uplinks", LinkShares.h)
};

class Sim {
 public:
  Sim(const ClusterModel& m, const JobSet& js, const ScheduleOptions& o)
      : m_(m), js_(js), o_(o), pool_(m, o.placement), runs_(js.jobs.size()), rec_(js.jobs.size()),
        onNode_(m.nodes), teamHeld_(js.teams.size(), 0), failRng_(o.seed, 0x7fffffffu) {
    gpn_ = m.gpus_per_node;
    horizon_ = js.horizon_s;
    restart_ = o.restart_s >= 0 ? o.restart_s : js.restart_s >= 0 ? js.restart_s : m.restart_s;
    failures_ = o.failures && js.failures && o.policy != Policy::Replay && m.failuresPerHour() > 0;
    lambdaNode_s_ = m.failuresPerHour() / 3600.0 / double(std::max(1LL, m.nodes));
    bins_ = std::max(1, o.series_bins);
    binW_ = horizon_ / bins_;
    binBusy_.assign(bins_, 0), binAlloc_.assign(bins_, 0), binQueue_.assign(bins_, 0), binFree_.assign(bins_, 0);
    if (o.policy == Policy::FairShare) teamQ_.resize(js.teams.size());
    for (std::size_t i = 0; i < js.jobs.size(); ++i) {
      const JobSpec& j = js.jobs[i];
      rec_[i].id = j.id;
      rec_[i].cls = j.cls;
      rec_[i].team = j.team;
      rec_[i].gpus = j.gpus;
      rec_[i].arrival_s = j.arrival_s;
      rec_[i].ideal_gpu_s = j.ideal_s * double(j.gpus);
      offeredGpuS_ += rec_[i].ideal_gpu_s;
    }
    // Arrivals are walked in time order beside the event heap (a heap of a million arrivals would make
    // every pop ~20 cache misses deep).
    order_.resize(js.jobs.size());
    for (std::size_t i = 0; i < order_.size(); ++i) order_[i] = static_cast<int>(i);
    std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) { return arrivalTime(a) < arrivalTime(b); });
    if (failures_) scheduleFailure(0);
    // Leaf-uplink contention: only where some uplinks are oversubscribed and jobs have a performance model.
    if (js.contention == Contention::LeafUplinks && m.step_times && m.step_times->leafOversubscription() > 1.0)
      shares_ = std::make_unique<LinkShares>(m.leaves(), m.nodes_per_leaf, m.step_times->leafOversubscription());
  }

  ScheduleResult run() {
    const double stop = horizon_ * std::max(1.0, o_.drain_factor);
    while (next_ < order_.size() || !events_.empty()) {
      // The next arrival goes first at equal times (as if it were the oldest event).
      if (next_ < order_.size() && (events_.empty() || arrivalTime(order_[next_]) <= events_.top().t)) {
        const double t = arrivalTime(order_[next_]);
        if (t > stop) break;
        if (t >= horizon_) snapHorizon();
        advance(t);
        enqueue(order_[next_++]);
        pass(t);
        if (dirty_) rebalance(t);
        continue;
      }
      const Event e = events_.top();
      if (e.t > stop) break;
      if (e.t >= horizon_) snapHorizon();
      events_.pop();
      if (done_ == static_cast<long long>(runs_.size()) && (e.type == Ev::Failure || e.type == Ev::Repair) &&
          e.t >= horizon_)
        break;  // every job finished and the horizon is past: nothing left to see
      advance(e.t);
      handle(e);
      pass(e.t);
      if (dirty_) rebalance(e.t);
    }
    snapHorizon();  // the run ended before the horizon: the state at the end is the state at the horizon
    advance(std::max(now_, horizon_));
    return result();
  }

 private:
  double arrivalTime(int j) const {
    const JobSpec& s = js_.jobs[j];
    return o_.policy == Policy::Replay && s.trace_start_s >= 0 ? s.trace_start_s : s.arrival_s;
  }

  // ---- events ---------------------------------------------------------------------------------------------
  void push(double t, Ev type, long long a, std::uint32_t ver) { events_.push({t, seq_++, type, a, ver}); }

  void scheduleFailure(double t) {
    push(t + failRng_.exponential(3600.0 / m_.failuresPerHour()), Ev::Failure, 0, 0);
  }

  void handle(const Event& e) {
    switch (e.type) {
      case Ev::Complete:
        if (e.ver == runs_[e.a].ver && runs_[e.a].state == State::Running) complete(static_cast<int>(e.a), e.t);
        break;
      case Ev::RecoveryDone:
        if (e.ver == runs_[e.a].ver && runs_[e.a].recovering) {
          Run& r = runs_[e.a];
          r.recovering = false;
          recovG_ -= r.held;
          busyG_ += r.g;
          wasteG_ += r.held - r.g;
          if (crossing_.count(static_cast<int>(e.a))) dirty_ = true;  // it drives the uplinks again
        }
        break;
      case Ev::Failure: failure(e.t); break;
      case Ev::Repair:
        pool_.setUp(e.a);
        ++capVer_;
        break;
    }
  }

  // ---- accounting -----------------------------------------------------------------------------------------
  // The work left when the horizon is reached (once; before any event at or after it).
  void snapHorizon() {
    if (snapped_) return;
    snapped_ = true;
    unfinishedAtHorizon_ = static_cast<long long>(runs_.size()) - done_;
    queuedAtHorizon_ = queued_;
  }

  void advance(double t) {
    if (t <= now_) return;
    const double a = std::min(now_, horizon_), b = std::min(t, horizon_);
    if (b > a) {
      const double dt = b - a;
      const double free = double(pool_.freeGpus());
      const double down = double(pool_.downNodes() * gpn_);
      busyInt_ += double(busyG_) * dt;
      allocInt_ += double(busyG_ + recovG_ + wasteG_) * dt;
      idleFailed_ += double(recovG_) * dt;
      idleRepair_ += down * dt;
      idleFrag_ += double(wasteG_) * dt;
      if (free > 0) {
        if (queued_ == 0) idleEmpty_ += free * dt;
        else {
          const long long mwait = waitingBySize_.begin()->first;
          if (free >= double(mwait) && !pool_.canPlace(mwait)) idleFrag_ += free * dt;
          else idleBlocked_ += free * dt;
        }
      }
      // Series bins.
      double s = a;
      while (s < b) {
        int k = std::min(bins_ - 1, static_cast<int>(s / binW_));
        if (k < bins_ - 1 && (k + 1) * binW_ <= s) ++k;  // s on a bin edge that rounding put in the bin before
        double d = (k == bins_ - 1 ? b : std::min(b, (k + 1) * binW_)) - s;
        if (!(d > 0)) d = b - s;
        binBusy_[k] += double(busyG_) * d;
        binAlloc_[k] += double(busyG_ + recovG_ + wasteG_) * d;
        binQueue_[k] += double(queued_) * d;
        s += d;
      }
    }
    now_ = t;
  }

  // ---- queue ----------------------------------------------------------------------------------------------
  using Key = std::tuple<long long, double, int>;  // (−priority or 0, order time, job)
  Key key(int j) const {
    const JobSpec& s = js_.jobs[j];
    const double order = o_.policy == Policy::Replay && s.trace_start_s >= 0 ? s.trace_start_s : s.arrival_s;
    return {o_.policy == Policy::Priority ? -static_cast<long long>(s.priority) : 0LL, order, j};
  }
  long long minSize(int j) const {
    const JobSpec& s = js_.jobs[j];
    return s.elastic() ? s.min_gpus : s.gpus;
  }
  void enqueue(int j) {
    runs_[j].state = State::Queued;
    runs_[j].queued_since = now_;
    if (o_.policy == Policy::FairShare) {
      teamQ_[js_.jobs[j].team].insert(key(j));
      ++stateVer_;
    } else {
      const auto at = queue_.insert(key(j)).first;
      // A job joining the end of the queue after a fruitless EASY scan: only it needs a look (easyBackfill).
      if (o_.policy == Policy::Easy && stateVer_ == fruitlessVer_ && std::next(at) == queue_.end())
        appended_.push_back(j);
      else
        ++stateVer_;
    }
    ++waitingBySize_[minSize(j)];
    ++queued_;
  }
  void dequeue(int j) {
    ++stateVer_;
    if (o_.policy == Policy::FairShare) teamQ_[js_.jobs[j].team].erase(key(j));
    else queue_.erase(key(j));
    auto it = waitingBySize_.find(minSize(j));
    if (--it->second == 0) waitingBySize_.erase(it);
    --queued_;
  }

  // ---- starting and stopping ------------------------------------------------------------------------------
  bool quotaAllows(int j, long long g) const {
    const long long q = js_.team_quota[js_.jobs[j].team];
    return q <= 0 || teamHeld_[js_.jobs[j].team] + g <= q;
  }

  // GPUs an elastic job's size moves in: tp·pp·cp for model classes (dp must stay whole), else 1.
  long long unit(int j) const {
    const JobSpec& s = js_.jobs[j];
    if (!s.model_sized) return 1;
    const Parallelism& p = js_.class_defs[s.cls]->size.parallelism;
    return std::max(1LL, 1LL * p.tp * p.pp * p.cp);
  }

  // Chooses an elastic job's size and places it.
  bool placeJob(int j, Allocation& a, long long& g) {
    const JobSpec& s = js_.jobs[j];
    if (o_.policy == Policy::Replay && !s.trace_nodes.empty()) {
      g = s.gpus;
      if (pool_.placeOn(s.trace_nodes, s.trace_gpus, a)) return true;
      ++replayMoved_;
    }
    if (!s.elastic()) {
      g = s.gpus;
      return quotaAllows(j, g) && pool_.place(g, a);
    }
    long long hi = s.max_gpus;
    const long long q = js_.team_quota[s.team];
    if (q > 0) hi = std::min(hi, q - teamHeld_[s.team]);
    if (hi < s.min_gpus) return false;
    long long want = 0;
    if (hi >= gpn_ && pool_.freeNodes() > 0) want = std::min(hi, pool_.freeNodes() * gpn_);
    if (want < s.min_gpus || want < gpn_) want = std::min<long long>(hi, pool_.maxFreeOnNode());
    want = want / unit(j) * unit(j);
    if (want < s.min_gpus || want <= 0) return false;
    g = want;
    return pool_.place(g, a);
  }

  double runTime(int j, long long g, const Allocation& a) const {
    const JobSpec& s = js_.jobs[j];
    if (!s.model_sized) return s.ideal_s * double(s.gpus) / double(g);
    Shape sh = pool_.shape(a);
    sh.gpus = g;
    const JobClass& c = *js_.class_defs[s.cls];
    return m_.step_times->runTime_s(c, sh, js_.class_paths[s.cls], runs_[j].share16);
  }

  void beginSegment(int j, double t, double overhead, double phase = 0, double unsaved = 0) {
    Run& r = runs_[j];
    const JobSpec& s = js_.jobs[j];
    r.seg_start = t;
    r.overhead = overhead;
    r.rem0 = r.remaining;
    r.phase = phase;
    r.unsaved = unsaved;
    r.rate = 1.0 / std::max(1e-9, runTime(j, r.g, r.alloc));
    const double delta = s.checkpoint_write_s;
    r.tau = kInf;
    if (failures_ && delta > 0) {
      const double mtbf = 1.0 / (lambdaNode_s_ * double(std::max<std::size_t>(1, r.alloc.nodes.size())));
      r.tau = std::max(1.0, ClosedForms::youngInterval_s(delta, mtbf));
    }
    const double work = r.rem0 / r.rate;
    // Work of the current cycle done before the segment (phase past tau: the cycle's checkpoint is being written).
    const double before = std::isfinite(r.tau) ? std::min(phase, r.tau) : 0;
    const double checkpoints = std::isfinite(r.tau) ? std::max(0.0, std::ceil((before + work) / r.tau) - 1) : 0;
    r.end = t + overhead + work + checkpoints * (std::isfinite(r.tau) ? delta : 0) + (before - phase);
    ++r.ver;
    r.recovering = overhead > 0;
    if (r.recovering) {
      recovG_ += r.held;
      push(t + overhead, Ev::RecoveryDone, j, r.ver);
    } else {
      busyG_ += r.g;
      wasteG_ += r.held - r.g;
    }
    push(r.end, Ev::Complete, j, r.ver);
    byEnd_.insert({r.end, j});
    ++stateVer_;
    if (shares_ && !rerating_) useLinks(j);
  }

  void start(int j, double t, Allocation&& a, long long g) {
    Run& r = runs_[j];
    dequeue(j);
    r.state = State::Running;
    r.alloc = std::move(a);
    r.g = g;
    r.held = r.alloc.held();
    teamHeld_[js_.jobs[j].team] += r.held;
    for (long long n : r.alloc.nodes) onNode_[n].push_back(j);
    // Every wait counts: the first from submission, later ones from the requeue (preemption, failure).
    rec_[j].wait_total_s += t - (rec_[j].start_s < 0 ? rec_[j].arrival_s : r.queued_since);
    if (rec_[j].start_s < 0) rec_[j].start_s = t;
    const double overhead = r.pending_overhead;
    r.pending_overhead = 0;
    r.victim_key = -t;
    if (o_.policy == Policy::Priority) victims_.insert({js_.jobs[j].priority, r.victim_key, j});
    if (js_.jobs[j].elastic() && r.g < js_.jobs[j].max_gpus) growable_.insert(j);
    beginSegment(j, t, overhead);
  }

  // Work left at t: durable (since the last checkpoint) or everything done (checkpoint now).
  double remainingAt(const Run& r, const JobSpec& s, double t, bool durableOnly) const {
    const double e = t - r.seg_start - r.overhead;
    if (e <= 0) return durableOnly ? r.rem0 + r.unsaved : r.rem0;
    double work;
    if (!std::isfinite(r.tau)) {
      if (durableOnly && s.checkpoint_write_s > 0) return r.rem0 + r.unsaved;
      work = e;
    } else {
      // On the cycle's own clock (shifted by the phase a re-rate left); before the segment's first checkpoint
      // nothing it did is saved, nor what the previous segment had not saved.
      const double cycle = r.tau + s.checkpoint_write_s;
      const double v = e + r.phase;
      const double c = std::floor(v / cycle);
      const double before = std::min(r.phase, r.tau);
      if (durableOnly && c == 0) return r.rem0 + r.unsaved;
      work = c * r.tau + (durableOnly ? 0 : std::min(v - c * cycle, r.tau)) - before;
    }
    return std::max(0.0, r.rem0 - work * r.rate);
  }

  // Ends the current segment at t (accounting only; the allocation stays).
  void endSegment(int j, double t) {
    Run& r = runs_[j];
    rec_[j].held_gpu_s += double(r.held) * (t - r.seg_start);
    byEnd_.erase({r.end, j});
    ++capVer_;
    if (r.recovering) recovG_ -= r.held;
    else busyG_ -= r.g, wasteG_ -= r.held - r.g;
    r.recovering = false;
    ++r.ver;
  }

  void releaseAll(int j) {
    Run& r = runs_[j];
    ++capVer_;
    pool_.release(r.alloc);
    teamHeld_[js_.jobs[j].team] -= r.held;
    for (long long n : r.alloc.nodes) {
      auto& v = onNode_[n];
      v.erase(std::find(v.begin(), v.end(), j));
    }
    if (o_.policy == Policy::Priority) victims_.erase({js_.jobs[j].priority, r.victim_key, j});
    growable_.erase(j);
    if (crossing_.erase(j)) dirty_ = true;
    r.share16 = kUplinkShareOne;
    r.alloc = {};
    r.held = 0;
    r.g = 0;
  }

  void complete(int j, double t) {
    endSegment(j, t);
    releaseAll(j);
    Run& r = runs_[j];
    r.state = State::Done;
    r.remaining = 0;
    rec_[j].end_s = t;
    ++done_;
  }

  // Stops a running job and requeues it with `overhead` to pay when it runs again.
  void requeue(int j, double t, bool durableOnly, double overhead) {
    Run& r = runs_[j];
    r.remaining = remainingAt(r, js_.jobs[j], t, durableOnly);
    endSegment(j, t);
    releaseAll(j);
    r.pending_overhead = overhead;
    enqueue(j);
  }

  // ---- failures -------------------------------------------------------------------------------------------
  void failure(double t) {
    scheduleFailure(t);
    if (t >= horizon_ && done_ == static_cast<long long>(runs_.size())) return;
    ++failures_n_;
    double u = failRng_.uniform() * m_.failuresPerHour();
    const FailureMode* mode = &m_.failures.back();
    for (const FailureMode& f : m_.failures) {
      if (u < f.per_hour) {
        mode = &f;
        break;
      }
      u -= f.per_hour;
    }
    const long long node = std::min<long long>(m_.nodes - 1, static_cast<long long>(failRng_.uniform() * m_.nodes));
    std::vector<long long> hit = {node};
    if (mode->nodes_lost > 1) {
      hit.clear();
      const long long leaf = m_.leafOf(node);
      for (long long n = leaf * m_.nodes_per_leaf;
           n < std::min(m_.nodes, (leaf + 1) * m_.nodes_per_leaf) && static_cast<long long>(hit.size()) < mode->nodes_lost;
           ++n)
        hit.push_back(n);
    }
    // Jobs on the hit nodes (each once).
    std::vector<int> jobs;
    for (long long n : hit)
      if (pool_.isUp(n))
        for (int j : onNode_[n]) jobs.push_back(j);
    std::sort(jobs.begin(), jobs.end());
    jobs.erase(std::unique(jobs.begin(), jobs.end()), jobs.end());
    for (int j : jobs) {
      ++rec_[j].interruptions;
      ++interruptions_;
      Run& r = runs_[j];
      const JobSpec& s = js_.jobs[j];
      if (mode->nodes_lost == 0) {  // restart in place
        r.remaining = remainingAt(r, s, t, true);
        endSegment(j, t);
        beginSegment(j, t, restart_);
        continue;
      }
      long long lost = 0;
      for (std::size_t k = 0; k < r.alloc.nodes.size(); ++k)
        if (std::find(hit.begin(), hit.end(), r.alloc.nodes[k]) != hit.end()) lost += r.alloc.gpus[k];
      const long long left = (r.g - lost) / unit(j) * unit(j);
      if (s.elastic() && left >= s.min_gpus && left > 0) {
        r.remaining = remainingAt(r, s, t, true);
        endSegment(j, t);
        shrink(j, hit);
        beginSegment(j, t, restart_);
        continue;
      }
      requeue(j, t, true, restart_);
    }
    if (mode->nodes_lost > 0) {
      for (long long n : hit) {
        if (!pool_.isUp(n)) continue;
        pool_.setDown(n);
        ++stateVer_;
        push(t + mode->repair_s, Ev::Repair, n, 0);
      }
    }
  }

  void shrink(int j, const std::vector<long long>& hit) {
    Run& r = runs_[j];
    Allocation keep, gone;
    for (std::size_t k = 0; k < r.alloc.nodes.size(); ++k) {
      const bool lost = std::find(hit.begin(), hit.end(), r.alloc.nodes[k]) != hit.end();
      (lost ? gone : keep).nodes.push_back(r.alloc.nodes[k]);
      (lost ? gone : keep).gpus.push_back(r.alloc.gpus[k]);
    }
    pool_.release(gone);
    ++stateVer_;
    for (long long n : gone.nodes) {
      auto& v = onNode_[n];
      v.erase(std::find(v.begin(), v.end(), j));
    }
    const long long heldGone = gone.held();
    teamHeld_[js_.jobs[j].team] -= heldGone;
    r.alloc = std::move(keep);
    r.held -= heldGone;
    r.g = std::min(r.held, std::max(0LL, r.g - heldGone));
    r.g = r.g / unit(j) * unit(j);
    growable_.insert(j);
  }

  // ---- leaf-uplink contention (LinkShares.h) -------------------------------------------------------------
  // A segment began (start, restart, resize): note the leaves of a model-sized job that spans several.
  void useLinks(int j) {
    const Run& r = runs_[j];
    std::vector<LeafUse> use;
    if (js_.jobs[j].model_sized)
      for (long long n : r.alloc.nodes) {
        const long long leaf = m_.leafOf(n);
        auto it = std::find_if(use.begin(), use.end(), [&](const LeafUse& u) { return u.leaf == leaf; });
        if (it == use.end()) use.push_back({leaf, 1});
        else ++it->nodes;
      }
    if (use.size() > 1) crossing_[j] = std::move(use), dirty_ = true;
    else if (crossing_.erase(j)) dirty_ = true;
  }

  // The jobs crossing leaves changed: share the uplinks among those driving them (not those restarting) and
  // re-rate every job whose share moved. Work done so far is kept and the checkpoint cycle goes on: a failure
  // after a re-rate still loses the work since the last checkpoint.
  void rebalance(double t) {
    dirty_ = false;
    loaders_.clear(), uses_.clear();
    for (const auto& [j, use] : crossing_)
      if (!runs_[j].recovering) loaders_.push_back(j), uses_.push_back(&use);
    if (loaders_.empty()) return;
    shares_->solve(uses_, share16_);
    for (std::size_t i = 0; i < loaders_.size(); ++i) {
      const int j = loaders_[i];
      Run& r = runs_[j];
      if (share16_[i] == r.share16) continue;
      const JobSpec& s = js_.jobs[j];
      const double done = remainingAt(r, s, t, false), saved = remainingAt(r, s, t, true);
      double phase = 0;
      if (std::isfinite(r.tau)) {
        const double cycle = r.tau + s.checkpoint_write_s;
        const double v = std::max(0.0, t - r.seg_start - r.overhead) + r.phase;
        phase = v - std::floor(v / cycle) * cycle;
      }
      r.remaining = done;
      rerating_ = true;
      endSegment(j, t);
      r.share16 = share16_[i];
      beginSegment(j, t, 0, phase, std::max(0.0, saved - done));
      rerating_ = false;
      ++rerates_;
    }
  }

  // ---- policies -------------------------------------------------------------------------------------------
  bool tryStart(int j, double t) {
    Allocation a;
    long long g = 0;
    if (!placeJob(j, a, g)) {
      if (!a.nodes.empty()) pool_.release(a);
      return false;
    }
    start(j, t, std::move(a), g);
    return true;
  }

  void pass(double t) {
    switch (o_.policy) {
      case Policy::Fifo:
      case Policy::Replay: fifo(t, false); break;
      case Policy::Easy: fifo(t, true); break;
      case Policy::Priority: priority(t); break;
      case Policy::FairShare: fairShare(t); break;
    }
    if (queued_ == 0 && !growable_.empty() && pool_.freeNodes() > 0) grow(t);
  }

  // Strict order; `backfill` adds EASY's reservation and backfilling.
  void fifo(double t, bool backfill) {
    int scanned = 0;
    auto it = queue_.begin();
    while (it != queue_.end() && scanned < o_.backfill_depth) {
      const int j = std::get<2>(*it);
      ++scanned;
      if (o_.policy == Policy::Replay && js_.jobs[j].trace_start_s > t) break;
      if (!quotaAllows(j, minSize(j))) {
        ++it;
        continue;
      }
      if (tryStart(j, t)) {
        it = queue_.begin();
        scanned = 0;
        continue;
      }
      if (backfill) easyBackfill(t, it);
      return;
    }
  }

  // Could any queued job be placed now? The smallest waiting size bounds every candidate of a backfill scan: when
  // even it cannot be placed, no scan can start anything (issue 33: at 96 % load most passes found the cluster
  // full and still walked 500 queued jobs; skipping them changes no decision).
  bool anyWaitingFits() const { return !waitingBySize_.empty() && pool_.canPlace(waitingBySize_.begin()->first); }

  // A backfill scan that started nothing finds nothing again until the queue, the pool, the running jobs' ends or
  // the quotas change: at a later time with the same state every candidate that neither fitted the spare GPUs nor
  // ended before the head's reservation still does neither (its estimate is unchanged while it waits, and the
  // reservation is the same). stateVer_ counts the changes that can take GPUs or move the reservation later
  // (starts, queue changes other than appends, new ends); capVer_ those that only give GPUs or quota back
  // (completions, releases, repairs). After such a scan:
  //  - nothing changed but jobs appended at the end of the queue: only they are looked at;
  //  - GPUs came back and the head's reservation (shadow time, spare GPUs) is what it was: only the candidates
  //    that did not fit the pool or their quota are looked at again (those that failed the reservation still
  //    fail it), then the appended ones, in queue order;
  //  - anything else: a full scan.
  // Each is the full scan's answer (issue 33: EASY at 96 % load spent most of its time rescanning the same 500
  // queued jobs after every event).
  void easyBackfill(double t, std::set<Key>::iterator head) {
    const int h = std::get<2>(*head);
    const bool sameState = stateVer_ == fruitlessVer_ && h == fruitlessHead_;
    if (sameState && capVer_ == fruitlessCap_ && appended_.empty()) return;
    if (!anyWaitingFits()) return;
    const long long need = minSize(h);
    // The head's reservation (shadow time and the GPUs it leaves spare), found when a candidate first fits.
    double shadow = kInf;
    long long extra = 0;
    bool reserved = false;
    auto reserve = [&] {
      reserved = true;
      long long avail = pool_.freeGpus();
      for (const auto& [end, j] : byEnd_) {
        avail += runs_[j].held;
        if (avail >= need) {
          shadow = end;
          extra = avail - need;
          break;
        }
      }
    };
    bool unfit = false;  // the last candidate looked at failed the pool or its quota (not the reservation)
    // Starts candidate j if it fits now and ends before the reservation or uses only spare GPUs.
    auto backfill = [&](int j) {
      const JobSpec& s = js_.jobs[j];
      const long long g = s.elastic() ? s.min_gpus : s.gpus;
      unfit = !quotaAllows(j, g) || !pool_.canPlace(g);
      if (unfit) return false;
      if (!reserved) reserve();
      const double est = runs_[j].pending_overhead + runs_[j].remaining * s.ideal_s;
      const bool endsInTime = t + est <= shadow;
      if (!endsInTime && g > extra) return false;
      // An elastic backfill takes its minimum so the head's GPUs stay free.
      Allocation a;
      if (!pool_.place(g, a)) {
        unfit = true;
        return false;
      }
      start(j, t, std::move(a), g);
      if (!endsInTime) extra -= runs_[j].held;
      return true;
    };
    // Records a scan that started nothing (the reservation as it stands, and where it may be looked at again).
    auto fruitless = [&](std::vector<int>&& unfitJobs, int room) {
      if (!reserved) reserve();
      fruitlessVer_ = stateVer_;
      fruitlessCap_ = capVer_;
      fruitlessHead_ = h;
      fruitlessRoom_ = room;
      fruitlessShadow_ = shadow;
      fruitlessExtra_ = extra;
      unfit_ = std::move(unfitJobs);
    };
    if (sameState) {
      bool again = capVer_ == fruitlessCap_;
      if (!again) {
        reserve();
        again = shadow == fruitlessShadow_ && extra == fruitlessExtra_;
      }
      if (again) {
        const std::uint64_t before = stateVer_;
        std::vector<int> stillUnfit;
        std::vector<int> look;
        look.swap(appended_);
        if (capVer_ != fruitlessCap_) {
          for (int j : unfit_) {
            if (backfill(j)) {
              if (!anyWaitingFits()) return;
            } else if (unfit) {
              stillUnfit.push_back(j);
            }
          }
        } else {
          stillUnfit = std::move(unfit_);
        }
        int room = fruitlessRoom_;
        for (int j : look) {
          if (room <= 0) break;
          --room;
          if (backfill(j)) {
            if (!anyWaitingFits()) return;
          } else if (unfit) {
            stillUnfit.push_back(j);
          }
        }
        if (stateVer_ == before) fruitless(std::move(stillUnfit), room);
        return;  // a start changed stateVer_: the next pass scans in full
      }
    }
    appended_.clear();
    const std::uint64_t before = stateVer_;
    std::vector<int> unfitJobs;
    int scanned = 0;
    for (auto it = std::next(head); it != queue_.end() && scanned < o_.backfill_depth;) {
      const int j = std::get<2>(*it);
      ++scanned;
      ++it;
      const auto next = it;
      if (!backfill(j)) {
        if (unfit) unfitJobs.push_back(j);
        continue;
      }
      it = next;
      if (!anyWaitingFits()) return;  // the cluster is full for every job still waiting
    }
    if (stateVer_ == before) fruitless(std::move(unfitJobs), o_.backfill_depth - scanned);
  }

  void priority(double t) {
    int scanned = 0;
    auto it = queue_.begin();
    while (it != queue_.end() && scanned < o_.backfill_depth) {
      const int j = std::get<2>(*it);
      ++scanned;
      if (!quotaAllows(j, minSize(j))) {
        ++it;
        continue;
      }
      if (tryStart(j, t) || preemptFor(j, t)) {
        it = queue_.begin();
        scanned = 0;
        continue;
      }
      return;
    }
  }

  bool preemptFor(int j, double t) {
    const int prio = js_.jobs[j].priority;
    const long long need = minSize(j);
    long long could = pool_.freeGpus();
    for (const auto& [p, negStart, v] : victims_) {
      if (p >= prio) break;
      could += runs_[v].held;
      if (could >= need) break;
    }
    if (could < need) return false;
    while (!victims_.empty()) {
      const auto [p, negStart, v] = *victims_.begin();
      if (p >= prio) return false;
      ++rec_[v].preemptions;
      ++preemptions_;
      requeue(v, t, false, restart_ + js_.jobs[v].checkpoint_write_s);
      if (tryStart(j, t)) return true;
    }
    return false;
  }

  void fairShare(double t) {
    while (true) {
      std::vector<std::pair<double, int>> order;
      for (std::size_t k = 0; k < teamQ_.size(); ++k)
        if (!teamQ_[k].empty()) order.push_back({double(teamHeld_[k]) / js_.team_share[k], static_cast<int>(k)});
      std::sort(order.begin(), order.end());
      bool started = false;
      for (const auto& [share, k] : order) {
        const int j = std::get<2>(*teamQ_[k].begin());
        if (quotaAllows(j, minSize(j)) && tryStart(j, t)) {
          started = true;
          break;
        }
      }
      if (!started) return;
    }
  }

  void grow(double t) {
    std::vector<int> js(growable_.begin(), growable_.end());
    for (int j : js) {
      if (pool_.freeNodes() == 0) return;
      Run& r = runs_[j];
      const JobSpec& s = js_.jobs[j];
      if (r.state != State::Running || r.g < gpn_ || r.g >= s.max_gpus) continue;
      long long add = std::min((s.max_gpus - r.g) / gpn_, pool_.freeNodes());
      const long long q = js_.team_quota[s.team];
      if (q > 0) add = std::min(add, (q - teamHeld_[s.team]) / gpn_);
      if (add <= 0) continue;
      Allocation more;
      if (!pool_.place(add * gpn_, more)) continue;
      r.remaining = remainingAt(r, s, t, true);
      endSegment(j, t);
      for (std::size_t k = 0; k < more.nodes.size(); ++k) {
        r.alloc.nodes.push_back(more.nodes[k]);
        r.alloc.gpus.push_back(more.gpus[k]);
        onNode_[more.nodes[k]].push_back(j);
      }
      r.held += more.held();
      r.g = std::min(s.max_gpus, r.g + more.held()) / unit(j) * unit(j);
      teamHeld_[s.team] += more.held();
      if (r.g >= s.max_gpus) growable_.erase(j);
      beginSegment(j, t, restart_);
    }
  }

  // ---- result ---------------------------------------------------------------------------------------------
  ScheduleResult result() {
    ScheduleResult out;
    out.policy = policyName(o_.policy);
    out.contention = contentionName(js_.contention);
    out.rerates = rerates_;
    out.placement = placementName(o_.placement);
    out.seed = o_.seed;
    out.nodes = m_.nodes;
    out.gpus = m_.gpus();
    out.gpus_per_node = gpn_;
    out.nodes_per_leaf = m_.nodes_per_leaf;
    out.leaves_per_pod = m_.leaves_per_pod;
    out.horizon_s = horizon_;
    out.horizon_is_trace_span = js_.horizon_is_trace_span;
    out.end_s = now_;
    out.offered_load = offeredGpuS_ / (double(m_.gpus()) * horizon_);
    out.unfinished_at_horizon = unfinishedAtHorizon_;
    out.queued_at_horizon = queuedAtHorizon_;
    out.classes = js_.classes;
    out.teams = js_.teams;
    out.submitted = static_cast<long long>(runs_.size());
    out.completed = done_;
    out.unfinished = out.submitted - done_;
    out.preemptions = preemptions_;
    out.interruptions = interruptions_;
    out.failures = failures_n_;
    const double cap = double(out.gpus) * horizon_;
    out.utilization = busyInt_ / cap;
    out.allocated_utilization = allocInt_ / cap;
    out.idle_gpu_h = {{"queue_empty", idleEmpty_ / 3600}, {"blocked", idleBlocked_ / 3600},
                      {"fragmentation", idleFrag_ / 3600}, {"failed", idleFailed_ / 3600},
                      {"repair", idleRepair_ / 3600}};
    const double gpus = double(out.gpus);
    for (int k = 0; k < bins_; ++k) {
      out.t_h.push_back(k * binW_ / 3600);
      out.busy.push_back(binBusy_[k] / (gpus * binW_));
      out.allocated.push_back(binAlloc_[k] / (gpus * binW_));
      out.queued.push_back(binQueue_[k] / binW_);
      const double it_W = (binAlloc_[k] * m_.busy_W_per_gpu + (gpus * binW_ - binAlloc_[k]) * m_.idle_W_per_gpu) / binW_;
      out.facility_kW.push_back(it_W * m_.pue / 1000);
    }
    // Energy over [0, horizon): held GPUs at busy power, the rest at idle (IT), times PUE.
    out.pue = m_.pue;
    out.busy_energy_MWh = allocInt_ * m_.busy_W_per_gpu / 3.6e9;
    out.idle_energy_MWh = (cap - allocInt_) * m_.idle_W_per_gpu / 3.6e9;
    out.it_energy_MWh = out.busy_energy_MWh + out.idle_energy_MWh;
    out.facility_energy_MWh = out.it_energy_MWh * m_.pue;
    out.usd_per_gpu_hour = m_.usd_per_gpu_hour;
    // Cost over the period extended to the drain: jobs + idle = the cluster's cost for it.
    out.cost_period_s = std::max(now_, horizon_);
    const double periodGpuS = double(out.gpus) * out.cost_period_s;
    out.cluster_cost_usd = periodGpuS / 3600 * m_.usd_per_gpu_hour;

    std::vector<double> wait, waitTotal, jct, good, cost;
    double idealDone = 0, heldDone = 0;
    std::map<std::string, std::vector<double>> wc, wt, jc, jt;
    std::map<std::string, std::pair<double, double>> teamGood;
    for (std::size_t i = 0; i < rec_.size(); ++i) {
      JobRecord& r = rec_[i];
      // Held time of jobs still running at the end counts up to the end.
      if (runs_[i].state == State::Running) r.held_gpu_s += double(runs_[i].held) * (now_ - runs_[i].seg_start);
      r.energy_kWh = r.held_gpu_s * m_.busy_W_per_gpu * m_.pue / 3.6e6;
      r.cost_usd = r.held_gpu_s / 3600 * m_.usd_per_gpu_hour;
      const std::string& cls = js_.classes[r.cls];
      const std::string& team = js_.teams[r.team];
      out.cost_by_team_usd[team] += r.cost_usd;
      out.jobs_cost_usd += r.cost_usd;
      const JobSpec& s = js_.jobs[i];
      if (s.deadline_s > 0) {
        ++out.with_deadline;
        r.deadline_missed = r.end_s < 0 || r.end_s > s.arrival_s + s.deadline_s;
        out.deadline_missed += r.deadline_missed;
      }
      if (r.end_s < 0) continue;
      const double w = (r.start_s - r.arrival_s) / 3600, c = (r.end_s - r.arrival_s) / 3600;
      wait.push_back(w), jct.push_back(c), good.push_back(r.goodput()), cost.push_back(r.cost_usd);
      waitTotal.push_back(r.wait_total_s / 3600);
      idealDone += r.ideal_gpu_s, heldDone += r.held_gpu_s;
      wc[cls].push_back(w), wt[team].push_back(w), jc[cls].push_back(c), jt[team].push_back(c);
      teamGood[team].first += r.ideal_gpu_s;
      teamGood[team].second += r.held_gpu_s;
    }
    // Idle: every GPU-second of the period not held by a job (the held ones are the jobs' cost, summed per job).
    // (jobs_cost_usd sums every GPU-second held, to the end of each run, so idle = the period's GPU-seconds not held.)
    out.idle_cost_usd = std::max(0.0, out.cluster_cost_usd - out.jobs_cost_usd);
    out.goodput_gpu_hour_weighted = heldDone > 0 ? std::min(1.0, idealDone / heldDone) : 0;
    out.goodput_cluster = periodGpuS > 0 ? std::min(1.0, idealDone / periodGpuS) : 0;
    out.wait_h = quantiles(wait);
    out.wait_total_h = quantiles(std::move(waitTotal));
    out.jct_h = quantiles(jct);
    out.goodput = quantiles(good);
    out.cost_per_job_usd = quantiles(cost);
    for (auto& [k, v] : wc) out.wait_h_by_class[k] = quantiles(v);
    for (auto& [k, v] : wt) out.wait_h_by_team[k] = quantiles(v);
    for (auto& [k, v] : jc) out.jct_h_by_class[k] = quantiles(v);
    for (auto& [k, v] : jt) out.jct_h_by_team[k] = quantiles(v);
    for (auto& [k, v] : teamGood) out.goodput_by_team[k] = v.second > 0 ? std::min(1.0, v.first / v.second) : 0;
    if (o_.keep_jobs) out.jobs = std::move(rec_);
    return out;
  }

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
  std::unique_ptr<LinkShares> shares_;             // null: no contention
  std::map<int, std::vector<LeafUse>> crossing_;   // running model-sized jobs spanning leaves
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
  double busyInt_ = 0, allocInt_ = 0, idleEmpty_ = 0, idleBlocked_ = 0, idleFrag_ = 0, idleFailed_ = 0,
         idleRepair_ = 0;
};

}  // namespace

ScheduleResult simulateSchedule(const ClusterModel& m, const JobSet& jobs, const ScheduleOptions& opt) {
  Sim sim(m, jobs, opt);
  return sim.run();
}

}  // namespace cf::sched
