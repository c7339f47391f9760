// The scheduling policies: FIFO, EASY backfill, priority with preemption, fair share, elastic growth (SimCore.h).
#include "sched/SimCore.h"

#include <algorithm>
#include <cmath>

namespace cf::sched::detail {

bool Sim::tryStart(int j, double t) {
  Allocation a;
  long long g = 0;
  if (!placeJob(j, a, g)) {
    if (!a.nodes.empty()) pool_.release(a);
    return false;
  }
  start(j, t, std::move(a), g);
  return true;
}

void Sim::pass(double t) {
  switch (o_.policy) {
    case Policy::Fifo:
    case Policy::Replay:
      fifo(t, false);
      break;
    case Policy::Easy:
      fifo(t, true);
      break;
    case Policy::Priority:
      priority(t);
      break;
    case Policy::FairShare:
      fairShare(t);
      break;
  }
  if (queued_ == 0 && !growable_.empty() && pool_.freeNodes() > 0) grow(t);
}

// Strict order; `backfill` adds EASY's reservation and backfilling.
void Sim::fifo(double t, bool backfill) {
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
void Sim::easyBackfill(double t, std::set<Key>::iterator head) {
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

void Sim::priority(double t) {
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

bool Sim::preemptFor(int j, double t) {
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

void Sim::fairShare(double t) {
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

void Sim::grow(double t) {
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

}  // namespace cf::sched::detail
