#include "sched/NodePool.h"

#include "sim/Invariants.h"

#include <algorithm>
#include <bit>
#include <numeric>

namespace cf::sched {

const char* placementName(PlacementRule p) {
  switch (p) {
    case PlacementRule::Pack: return "pack";
    case PlacementRule::FirstFit: return "first-fit";
    case PlacementRule::Spread: return "spread";
  }
  return "pack";
}

NodeSet::NodeSet(long long n) : words_((n + 63) / 64, 0), summary_((words_.size() + 63) / 64, 0) {}

void NodeSet::insert(long long i) {
  std::uint64_t& w = words_[i >> 6];
  const std::uint64_t bit = 1ULL << (i & 63);
  if (w & bit) return;
  w |= bit;
  summary_[i >> 12] |= 1ULL << ((i >> 6) & 63);
  ++count_;
}

void NodeSet::erase(long long i) {
  std::uint64_t& w = words_[i >> 6];
  const std::uint64_t bit = 1ULL << (i & 63);
  if (!(w & bit)) return;
  w &= ~bit;
  if (!w) summary_[i >> 12] &= ~(1ULL << ((i >> 6) & 63));
  --count_;
}

long long NodeSet::next(long long from) const {
  if (from < 0) from = 0;
  long long wi = from >> 6;
  if (wi >= static_cast<long long>(words_.size())) return -1;
  std::uint64_t w = words_[wi] & (~0ULL << (from & 63));
  if (w) return (wi << 6) + std::countr_zero(w);
  // Next non-empty word through the summary.
  long long si = (wi + 1) >> 6;
  std::uint64_t s = si < static_cast<long long>(summary_.size()) ? summary_[si] & (~0ULL << ((wi + 1) & 63)) : 0;
  if (((wi + 1) & 63) == 0) s = si < static_cast<long long>(summary_.size()) ? summary_[si] : 0;
  while (true) {
    if (s) {
      const long long w2 = (si << 6) + std::countr_zero(s);
      return (w2 << 6) + std::countr_zero(words_[w2]);
    }
    if (++si >= static_cast<long long>(summary_.size())) return -1;
    s = summary_[si];
  }
}

long long NodeSet::last() const {
  for (long long si = static_cast<long long>(summary_.size()) - 1; si >= 0; --si) {
    if (!summary_[si]) continue;
    const long long w = (si << 6) + 63 - std::countl_zero(summary_[si]);
    return (w << 6) + 63 - std::countl_zero(words_[w]);
  }
  return -1;
}

long long Allocation::held() const { return std::accumulate(gpus.begin(), gpus.end(), 0LL); }

NodePool::NodePool(const ClusterModel& m, PlacementRule rule)
    : m_(m), rule_(rule), gpn_(m.gpus_per_node), free_(m.nodes, m.gpus_per_node), up_(m.nodes, true) {
  for (int f = 0; f <= gpn_; ++f) byFree_.emplace_back(m.nodes);
  for (long long i = 0; i < m.nodes; ++i) byFree_[gpn_].insert(i);
  const long long leaves = m.leaves();
  leafFree_.assign(leaves, 0);
  podFree_.assign(m.pods(), 0);
  for (long long i = 0; i < m.nodes; ++i) ++leafFree_[m.leafOf(i)], ++podFree_[m.podOf(i)];
  for (long long c = 0; c <= m.nodes_per_leaf; ++c) leavesByFree_.emplace_back(leaves);
  for (long long l = 0; l < leaves; ++l) leavesByFree_[leafFree_[l]].insert(l);
  freeGpus_ = m.gpus();
  wholeFree_ = m.nodes;
}

int NodePool::maxFreeOnNode() const {
  for (int f = gpn_; f > 0; --f)
    if (!byFree_[f].empty()) return f;
  return 0;
}

bool NodePool::canPlace(long long gpus) const {
  if (gpus < gpn_) return maxFreeOnNode() >= gpus;
  return wholeFree_ >= (gpus + gpn_ - 1) / gpn_;
}

void NodePool::setFree(long long node, int f) {
  // A free count outside [0, GPUs per node] indexes byFree_ out of bounds: a
  // caller's bug (a trace machine taken twice once drove it to -8), stopped here.
  if (f < 0 || f > gpn_)
    throw InvariantError("NodePool: node " + std::to_string(node) + " would have " + std::to_string(f) +
                         " free GPUs of " + std::to_string(gpn_));
  const int old = free_[node];
  if (old == f) return;
  free_[node] = f;
  if (!up_[node]) return;
  byFree_[old].erase(node);
  byFree_[f].insert(node);
  freeGpus_ += f - old;
  const int delta = (f == gpn_) - (old == gpn_);
  if (delta) {
    const long long l = m_.leafOf(node);
    leavesByFree_[leafFree_[l]].erase(l);
    leafFree_[l] += delta;
    leavesByFree_[leafFree_[l]].insert(l);
    podFree_[m_.podOf(node)] += delta;
    wholeFree_ += delta;
  }
}

void NodePool::takeNode(long long node, int g, Allocation& out) {
  setFree(node, free_[node] - g);
  out.nodes.push_back(node);
  out.gpus.push_back(g);
}

bool NodePool::placeSmall(int g, Allocation& out) {
  long long node = -1;
  if (rule_ == PlacementRule::Pack) {
    for (int f = g; f <= gpn_ && node < 0; ++f) node = byFree_[f].first();
  } else if (rule_ == PlacementRule::FirstFit) {
    for (int f = g; f <= gpn_; ++f) {
      const long long n = byFree_[f].first();
      if (n >= 0 && (node < 0 || n < node)) node = n;
    }
  } else {
    for (int f = gpn_; f >= g && node < 0; --f) node = byFree_[f].first();
  }
  if (node < 0) return false;
  takeNode(node, g, out);
  return true;
}

bool NodePool::placeNodes(long long n, Allocation& out) {
  if (wholeFree_ < n) return false;
  const NodeSet& whole = byFree_[gpn_];
  const long long npl = m_.nodes_per_leaf;
  auto takeFromLeaf = [&](long long leaf, long long want) {
    const long long end = std::min(m_.nodes, (leaf + 1) * npl);
    for (long long i = whole.next(leaf * npl); i >= 0 && i < end && want > 0; i = whole.next(i + 1)) {
      takeNode(i, gpn_, out);
      --want;
    }
    return want;
  };
  if (rule_ == PlacementRule::FirstFit) {
    long long i = whole.first();
    for (long long k = 0; k < n; ++k) {
      const long long nextI = whole.next(i + 1);
      takeNode(i, gpn_, out);
      i = nextI;
    }
    return true;
  }
  const long long leaves = m_.leaves();
  if (rule_ == PlacementRule::Spread) {
    std::vector<long long> open;
    for (long long l = 0; l < leaves; ++l)
      if (leafFree_[l] > 0) open.push_back(l);
    long long want = n;
    while (want > 0) {
      for (long long l : open) {
        if (want == 0) break;
        if (leafFree_[l] > 0) want = takeFromLeaf(l, 1) == 0 ? want - 1 : want;
      }
    }
    return true;
  }
  // Pack: one leaf, else one pod, else the emptiest pods.
  if (n <= npl) {
    for (long long c = n; c <= npl; ++c) {
      const long long leaf = leavesByFree_[c].first();
      if (leaf >= 0) {
        takeFromLeaf(leaf, n);
        return true;
      }
    }
  }
  const long long lpp = m_.leaves_per_pod;
  auto fillPod = [&](long long pod, long long want) {
    std::vector<long long> ls;
    for (long long l = pod * lpp; l < std::min(leaves, (pod + 1) * lpp); ++l)
      if (leafFree_[l] > 0) ls.push_back(l);
    std::stable_sort(ls.begin(), ls.end(), [&](long long a, long long b) { return leafFree_[a] > leafFree_[b]; });
    for (long long l : ls) {
      if (want == 0) break;
      want = takeFromLeaf(l, want);
    }
    return want;
  };
  long long best = -1;
  for (long long p = 0; p < static_cast<long long>(podFree_.size()); ++p)
    if (podFree_[p] >= n && (best < 0 || podFree_[p] < podFree_[best])) best = p;
  if (best >= 0) {
    fillPod(best, n);
    return true;
  }
  std::vector<long long> pods(podFree_.size());
  std::iota(pods.begin(), pods.end(), 0LL);
  std::stable_sort(pods.begin(), pods.end(), [&](long long a, long long b) { return podFree_[a] > podFree_[b]; });
  long long want = n;
  for (long long p : pods) {
    if (want == 0) break;
    want = fillPod(p, want);
  }
  return true;
}

bool NodePool::place(long long gpus, Allocation& out) {
  out.nodes.clear();
  out.gpus.clear();
  if (gpus < gpn_) return placeSmall(static_cast<int>(gpus), out);
  return placeNodes((gpus + gpn_ - 1) / gpn_, out);
}

bool NodePool::placeOn(const std::vector<long long>& nodes, const std::vector<int>& gpus, Allocation& out) {
  out.nodes.clear();
  out.gpus.clear();
  for (std::size_t k = 0; k < nodes.size(); ++k)
    if (!up_[nodes[k]] || free_[nodes[k]] < gpus[k]) return false;
  for (std::size_t k = 0; k < nodes.size(); ++k) takeNode(nodes[k], gpus[k], out);
  return true;
}

void NodePool::release(const Allocation& a) {
  for (std::size_t k = 0; k < a.nodes.size(); ++k) setFree(a.nodes[k], free_[a.nodes[k]] + a.gpus[k]);
}

void NodePool::setDown(long long node) {
  if (!up_[node]) return;
  setFree(node, gpn_);  // callers release its jobs first; this only guards
  byFree_[gpn_].erase(node);
  freeGpus_ -= gpn_;
  const long long l = m_.leafOf(node);
  leavesByFree_[leafFree_[l]].erase(l);
  --leafFree_[l];
  leavesByFree_[leafFree_[l]].insert(l);
  --podFree_[m_.podOf(node)];
  --wholeFree_;
  up_[node] = false;
  ++down_;
}

void NodePool::setUp(long long node) {
  if (up_[node]) return;
  up_[node] = true;
  --down_;
  free_[node] = gpn_;
  byFree_[gpn_].insert(node);
  freeGpus_ += gpn_;
  const long long l = m_.leafOf(node);
  leavesByFree_[leafFree_[l]].erase(l);
  ++leafFree_[l];
  leavesByFree_[leafFree_[l]].insert(l);
  ++podFree_[m_.podOf(node)];
  ++wholeFree_;
}

Shape NodePool::shape(const Allocation& a) const {
  Shape s;
  s.gpus = a.held();
  s.nodes = static_cast<long long>(a.nodes.size());
  std::vector<long long> leaves, pods;
  for (long long n : a.nodes) leaves.push_back(m_.leafOf(n)), pods.push_back(m_.podOf(n));
  std::sort(leaves.begin(), leaves.end());
  std::sort(pods.begin(), pods.end());
  s.leaves = std::unique(leaves.begin(), leaves.end()) - leaves.begin();
  s.pods = std::unique(pods.begin(), pods.end()) - pods.begin();
  return s;
}

}  // namespace cf::sched
