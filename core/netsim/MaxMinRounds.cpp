#include "netsim/MaxMinRounds.h"

#include <algorithm>
#include <functional>
#include <queue>

namespace cf::netsim {

// The rounds on the CPU, incrementally: a slot's share is recomputed (from
// scratch, in its CSR order: the value a full recomputation would give) only
// when one of its variables was fixed in the round, a variable's level only
// when one of its slots changed, and the round minimum comes from a heap of
// levels with lazy invalidation (levels never decrease during the filling).
// The fixed set of each round is the one the full data-parallel round (the
// GPU's) computes, so the rates are the same bit for bit.
int solveRoundsCpu(const RoundsProblem& p, std::vector<double>& rates) {
  const std::uint32_t S = p.slotCount, V = p.varCount;
  rates.assign(V, 0.0);
  std::vector<unsigned char> fixed(V, 0), slotMark(S, 0), varMark(V, 0);
  std::vector<double> share(S, 0.0), level(V, rounds::kInf);
  using Entry = std::pair<double, std::uint32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap;
  for (std::uint32_t t = 0; t < S; ++t)
    share[t] = rounds::slotShare(t, p.capacity.data(), p.slotOff.data(), p.slotVar.data(), p.slotCoef.data(),
                                 fixed.data(), rates.data());
  for (std::uint32_t i = 0; i < V; ++i) {
    level[i] = rounds::varLevel(i, p.varOff.data(), p.varSlot.data(), p.bound.data(), share.data());
    if (level[i] != rounds::kInf) heap.push({level[i], i});
  }
  auto stale = [&](const Entry& e) { return fixed[e.second] || e.first != level[e.second]; };
  std::uint32_t left = V;
  double L = 0;
  int n = 0;
  std::vector<std::uint32_t> newly, dirty, touched;
  while (left > 0) {
    while (!heap.empty() && stale(heap.top())) heap.pop();
    if (heap.empty()) {  // unconstrained leftovers
      for (std::uint32_t i = 0; i < V; ++i)
        if (!fixed[i]) rates[i] = rounds::kInf;
      break;
    }
    ++n;
    L = std::max(L, heap.top().first);
    newly.clear();
    while (!heap.empty() && heap.top().first <= L) {
      Entry e = heap.top();
      heap.pop();
      if (stale(e)) continue;
      fixed[e.second] = 1;
      rates[e.second] = L;
      newly.push_back(e.second);
      --left;
    }
    dirty.clear();
    for (std::uint32_t i : newly)
      for (std::uint32_t k = p.varOff[i]; k < p.varOff[i + 1]; ++k) {
        const std::uint32_t t = p.varSlot[k];
        if (!slotMark[t]) {
          slotMark[t] = 1;
          dirty.push_back(t);
        }
      }
    touched.clear();
    for (std::uint32_t t : dirty) {
      slotMark[t] = 0;
      share[t] = rounds::slotShare(t, p.capacity.data(), p.slotOff.data(), p.slotVar.data(), p.slotCoef.data(),
                                   fixed.data(), rates.data());
      for (std::uint32_t k = p.slotOff[t]; k < p.slotOff[t + 1]; ++k) {
        const std::uint32_t u = p.slotVar[k];
        if (!fixed[u] && !varMark[u]) {
          varMark[u] = 1;
          touched.push_back(u);
        }
      }
    }
    for (std::uint32_t u : touched) {
      varMark[u] = 0;
      const double l = rounds::varLevel(u, p.varOff.data(), p.varSlot.data(), p.bound.data(), share.data());
      if (l != level[u]) {
        level[u] = l;
        if (l != rounds::kInf) heap.push({l, u});
      }
    }
  }
  return n;
}

}  // namespace cf::netsim
