#include "sched/Simulator.h"

#include "common/InputError.h"
#include "sched/SimCore.h"

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

namespace detail {

Sim::Sim(const ClusterModel& m, const JobSet& js, const ScheduleOptions& o)
    : m_(m),
      js_(js),
      o_(o),
      pool_(m, o.placement),
      runs_(js.jobs.size()),
      rec_(js.jobs.size()),
      onNode_(m.nodes),
      teamHeld_(js.teams.size(), 0),
      failRng_(o.seed, 0x7fffffffu) {
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

ScheduleResult Sim::run() {
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

double Sim::arrivalTime(int j) const {
  const JobSpec& s = js_.jobs[j];
  return o_.policy == Policy::Replay && s.trace_start_s >= 0 ? s.trace_start_s : s.arrival_s;
}

void Sim::scheduleFailure(double t) {
  push(t + failRng_.exponential(3600.0 / m_.failuresPerHour()), Ev::Failure, 0, 0);
}

void Sim::handle(const Event& e) {
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
    case Ev::Failure:
      failure(e.t);
      break;
    case Ev::Repair:
      pool_.setUp(e.a);
      ++capVer_;
      break;
  }
}

// The work left when the horizon is reached (once; before any event at or after it).
void Sim::snapHorizon() {
  if (snapped_) return;
  snapped_ = true;
  unfinishedAtHorizon_ = static_cast<long long>(runs_.size()) - done_;
  queuedAtHorizon_ = queued_;
}

void Sim::advance(double t) {
  if (t <= now_) return;
  // GPU-seconds held after the horizon (the drain): the energy's period is the cost's.
  if (const double from = std::max(now_, horizon_); t > from)
    allocAfterHorizon_ += double(busyG_ + recovG_ + wasteG_) * (t - from);
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
      if (queued_ == 0)
        idleEmpty_ += free * dt;
      else {
        const long long mwait = waitingBySize_.begin()->first;
        if (free >= double(mwait) && !pool_.canPlace(mwait))
          idleFrag_ += free * dt;
        else
          idleBlocked_ += free * dt;
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

Sim::Key Sim::key(int j) const {
  const JobSpec& s = js_.jobs[j];
  const double order = o_.policy == Policy::Replay && s.trace_start_s >= 0 ? s.trace_start_s : s.arrival_s;
  return {o_.policy == Policy::Priority ? -static_cast<long long>(s.priority) : 0LL, order, j};
}

long long Sim::minSize(int j) const {
  const JobSpec& s = js_.jobs[j];
  return s.elastic() ? s.min_gpus : s.gpus;
}

void Sim::enqueue(int j) {
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

void Sim::dequeue(int j) {
  ++stateVer_;
  if (o_.policy == Policy::FairShare)
    teamQ_[js_.jobs[j].team].erase(key(j));
  else
    queue_.erase(key(j));
  auto it = waitingBySize_.find(minSize(j));
  if (--it->second == 0) waitingBySize_.erase(it);
  --queued_;
}

bool Sim::quotaAllows(int j, long long g) const {
  const long long q = js_.team_quota[js_.jobs[j].team];
  return q <= 0 || teamHeld_[js_.jobs[j].team] + g <= q;
}

// GPUs an elastic job's size moves in: tp·pp·cp for model classes (dp must stay whole), else 1.
long long Sim::unit(int j) const {
  const JobSpec& s = js_.jobs[j];
  if (!s.model_sized) return 1;
  const Parallelism& p = js_.class_defs[s.cls]->size.parallelism;
  return std::max(1LL, 1LL * p.tp * p.pp * p.cp);
}

// Chooses an elastic job's size and places it.
bool Sim::placeJob(int j, Allocation& a, long long& g) {
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

double Sim::runTime(int j, long long g, const Allocation& a) const {
  const JobSpec& s = js_.jobs[j];
  if (!s.model_sized) return s.ideal_s * double(s.gpus) / double(g);
  Shape sh = pool_.shape(a);
  sh.gpus = g;
  const JobClass& c = *js_.class_defs[s.cls];
  return m_.step_times->runTime_s(c, sh, js_.class_paths[s.cls], runs_[j].share16);
}

void Sim::beginSegment(int j, double t, double overhead, double phase, double unsaved) {
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

void Sim::start(int j, double t, Allocation&& a, long long g) {
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
double Sim::remainingAt(const Run& r, const JobSpec& s, double t, bool durableOnly) const {
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
void Sim::endSegment(int j, double t) {
  Run& r = runs_[j];
  rec_[j].held_gpu_s += double(r.held) * (t - r.seg_start);
  byEnd_.erase({r.end, j});
  ++capVer_;
  if (r.recovering)
    recovG_ -= r.held;
  else
    busyG_ -= r.g, wasteG_ -= r.held - r.g;
  r.recovering = false;
  ++r.ver;
}

void Sim::releaseAll(int j) {
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

void Sim::complete(int j, double t) {
  endSegment(j, t);
  releaseAll(j);
  Run& r = runs_[j];
  r.state = State::Done;
  r.remaining = 0;
  rec_[j].end_s = t;
  ++done_;
}

// Stops a running job and requeues it with `overhead` to pay when it runs again.
void Sim::requeue(int j, double t, bool durableOnly, double overhead) {
  Run& r = runs_[j];
  r.remaining = remainingAt(r, js_.jobs[j], t, durableOnly);
  endSegment(j, t);
  releaseAll(j);
  r.pending_overhead = overhead;
  enqueue(j);
}

}  // namespace detail

ScheduleResult simulateSchedule(const ClusterModel& m, const JobSet& jobs, const ScheduleOptions& opt) {
  detail::Sim sim(m, jobs, opt);
  return sim.run();
}

}  // namespace cf::sched
