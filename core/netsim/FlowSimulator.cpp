#include "netsim/FlowSimulator.h"

#include <algorithm>
#include <cmath>

namespace cf::netsim {

FlowSimulator::FlowSimulator(std::vector<double> goodput_Bps, std::vector<double> lineRate_Bps)
    : solver_(goodput_Bps),
      goodput_(std::move(goodput_Bps)),
      lineRate_(std::move(lineRate_Bps)),
      bytes_(lineRate_.size(), 0.0),
      peak_(lineRate_.size(), 0.0),
      saturated_(lineRate_.size(), 0.0) {}

int FlowSimulator::start(UsageList usage, double bytes, double members) {
  int id = nextId_++;
  active_.push_back({id, std::move(usage), std::max(0.0, bytes), std::max(0.0, bytes), members});
  dirty_ = true;
  ++started_;
  return id;
}

void FlowSimulator::resolve() {
  vars_.resize(active_.size());
  for (std::size_t i = 0; i < active_.size(); ++i) {
    const auto& u = *active_[i].usage;
    vars_[i] = {u.data(), static_cast<std::uint32_t>(u.size()), 0.0};
  }
  solver_.solve(vars_, rates_);
  ++solves_;
  for (std::uint32_t j : solver_.touched())
    if (lineRate_[j] > 0) peak_[j] = std::max(peak_[j], solver_.load(j) / lineRate_[j]);
  dirty_ = false;
}

double FlowSimulator::nextCompletion() {
  if (active_.empty()) return std::numeric_limits<double>::infinity();
  if (dirty_) resolve();
  double t = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < active_.size(); ++i) {
    double r = rates_[i];
    double dt = active_[i].remaining <= 0 || std::isinf(r) ? 0.0 : (r > 0 ? active_[i].remaining / r : t);
    t = std::min(t, dt);
  }
  return now_ + t;
}

void FlowSimulator::advance(double t, std::vector<int>& done) {
  if (active_.empty()) {
    now_ = std::max(now_, t);
    return;
  }
  if (dirty_) resolve();
  const double dt = std::max(0.0, t - now_);
  if (dt > 0)
    for (std::uint32_t j : solver_.touched()) {
      bytes_[j] += solver_.load(j) * dt;
      // At its goodput (to the solver's rounding): the link is a bottleneck.
      if (goodput_[j] > 0 && solver_.load(j) >= goodput_[j] * (1 - 1e-9)) saturated_[j] += dt;
    }
  now_ = std::max(now_, t);
  std::size_t w = 0;
  for (std::size_t i = 0; i < active_.size(); ++i) {
    Active& a = active_[i];
    double r = rates_[i];
    if (std::isinf(r)) a.remaining = 0;
    else a.remaining -= r * dt;
    // Relative tolerance: the completion time was computed from this very rate.
    if (a.remaining <= 1e-9 * a.total + 1e-6) {
      done.push_back(a.id);
      dirty_ = true;
    } else {
      active_[w++] = std::move(a);
    }
  }
  active_.resize(w);
  if (dirty_) rates_.clear();
}

}  // namespace cf::netsim
