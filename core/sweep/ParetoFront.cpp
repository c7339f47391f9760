#include "sweep/ParetoFront.h"

#include <algorithm>
#include <limits>
#include <numeric>

namespace cf {

std::vector<bool> paretoFront(const std::vector<ParetoPoint>& points) {
  std::vector<std::size_t> order(points.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (points[a].time != points[b].time) return points[a].time < points[b].time;
    if (points[a].cost != points[b].cost) return points[a].cost < points[b].cost;
    return a < b;
  });
  std::vector<bool> front(points.size(), false);
  double bestCost = std::numeric_limits<double>::infinity();  // lowest cost among strictly faster points
  std::size_t i = 0;
  while (i < order.size()) {
    // A group of equal times: only its cheapest points can be on the front,
    // and only when they are cheaper than every faster point.
    std::size_t j = i;
    while (j < order.size() && points[order[j]].time == points[order[i]].time) ++j;
    const double groupCost = points[order[i]].cost;
    if (groupCost < bestCost) {
      for (std::size_t k = i; k < j && points[order[k]].cost == groupCost; ++k) front[order[k]] = true;
      bestCost = groupCost;
    }
    i = j;
  }
  return front;
}

ParetoAxes paretoAxesOf(const SweepRecord& r) {
  if (!r.metric("time_to_train_days") && (r.metric("wait_p95_h") || r.metric("jobs_submitted")))  // a schedule sweep's
    return {"wait_p95_h", "cost_usd"};
  // The time the run takes: with failures when the Monte Carlo ran.
  if (r.metric("time_to_train_days_mean")) return {"time_to_train_days_mean", "run_cost_usd"};
  return {"time_to_train_days", "run_cost_usd"};
}

void markParetoFront(std::vector<SweepRecord>& records) {
  std::vector<ParetoPoint> points;
  std::vector<std::size_t> which;
  for (std::size_t i = 0; i < records.size(); ++i) {
    SweepRecord& r = records[i];
    r.pareto = false;
    if (!r.ok()) continue;
    const ParetoAxes axes = paretoAxesOf(r);
    const std::optional<double> t = r.metric(axes.time), c = r.metric(axes.cost);
    if (!t || !c) continue;  // no figure (nothing finished): not on the front
    points.push_back({*t, *c});
    which.push_back(i);
  }
  std::vector<bool> front = paretoFront(points);
  for (std::size_t k = 0; k < which.size(); ++k) records[which[k]].pareto = static_cast<bool>(front[k]);
}

}  // namespace cf
