// Node failures, elastic shrinking and leaf-uplink contention of the scheduler (SimCore.h).
#include "sched/SimCore.h"

#include <algorithm>
#include <cmath>

namespace cf::sched::detail {

void Sim::failure(double t) {
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
    for (long long n = leaf * m_.nodes_per_leaf; n < std::min(m_.nodes, (leaf + 1) * m_.nodes_per_leaf) &&
                                                 static_cast<long long>(hit.size()) < mode->nodes_lost;
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

void Sim::shrink(int j, const std::vector<long long>& hit) {
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

// A segment began (start, restart, resize): note the leaves of a model-sized job that spans several.
void Sim::useLinks(int j) {
  const Run& r = runs_[j];
  std::vector<LeafUse> use;
  if (js_.jobs[j].model_sized)
    for (long long n : r.alloc.nodes) {
      const long long leaf = m_.leafOf(n);
      auto it = std::find_if(use.begin(), use.end(), [&](const LeafUse& u) { return u.leaf == leaf; });
      if (it == use.end())
        use.push_back({leaf, 1});
      else
        ++it->nodes;
    }
  if (use.size() > 1)
    crossing_[j] = std::move(use), dirty_ = true;
  else if (crossing_.erase(j))
    dirty_ = true;
}

// The jobs crossing leaves changed: share the uplinks among those driving them (not those restarting) and
// re-rate every job whose share moved. Work done so far is kept and the checkpoint cycle goes on: a failure
// after a re-rate still loses the work since the last checkpoint.
void Sim::rebalance(double t) {
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

}  // namespace cf::sched::detail
