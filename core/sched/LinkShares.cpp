#include "sched/LinkShares.h"

#include <algorithm>
#include <cmath>

namespace cf::sched {

LinkShares::LinkShares(long long leaves, long long nodesPerLeaf, double oversubscription)
    : solver_(std::vector<double>(static_cast<std::size_t>(std::max(1LL, leaves)),
                                  double(std::max(1LL, nodesPerLeaf)) / std::max(1.0, oversubscription))),
      oversub_(std::max(1.0, oversubscription)) {}

int LinkShares::quantise(double perNodeRate, double oversubscription) {
  const double o = std::max(1.0, oversubscription);
  const double top = std::max(1.0, std::round(kShareOne * o));
  const double k = std::round(kShareOne * std::min(1.0, perNodeRate) * o);
  return static_cast<int>(std::clamp(k, 1.0, top));
}

double LinkShares::effectiveOversubscription(int share16, double oversubscription) {
  const double o = std::max(1.0, oversubscription);
  if (share16 == kShareOne) return o;  // exactly the leaf's own figure (contention "none")
  return std::max(1.0, o * kShareOne / double(std::max(1, share16)));
}

void LinkShares::solve(const std::vector<const std::vector<LeafUse>*>& jobs, std::vector<int>& share16) {
  usage_.clear();
  for (const std::vector<LeafUse>* j : jobs)
    for (const LeafUse& u : *j)
      usage_.push_back({static_cast<std::uint32_t>(u.leaf), double(u.nodes)});
  vars_.assign(jobs.size(), {});
  std::size_t at = 0;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    vars_[i].usage = usage_.data() + at;
    vars_[i].count = static_cast<std::uint32_t>(jobs[i]->size());
    vars_[i].bound = 1.0;  // line rate per node
    at += jobs[i]->size();
  }
  solver_.solve(vars_, rates_);
  share16.resize(jobs.size());
  for (std::size_t i = 0; i < jobs.size(); ++i) share16[i] = quantise(rates_[i], oversub_);
}

}  // namespace cf::sched
