#include "netsim/Collective.h"

#include <algorithm>
#include <cmath>

namespace cf::netsim {

const char* kindName(CollectiveKind k) {
  switch (k) {
    case CollectiveKind::AllReduce: return "all-reduce";
    case CollectiveKind::ReduceScatter: return "reduce-scatter";
    case CollectiveKind::AllGather: return "all-gather";
    case CollectiveKind::AllToAll: return "all-to-all";
    case CollectiveKind::SendRecv: return "send-recv";
  }
  return "?";
}

double Collective::busBytes() const {
  const double n = std::max(1, size());
  switch (kind) {
    case CollectiveKind::AllReduce: return bytes * 2 * (n - 1) / n;
    case CollectiveKind::ReduceScatter:
    case CollectiveKind::AllGather:
    case CollectiveKind::AllToAll: return bytes * (n - 1) / n;
    case CollectiveKind::SendRecv: return bytes;
  }
  return bytes;
}

namespace {

// Ring steps over sub-groups (each a list of GPUs): `steps` steps of `bytes`.
void ringChain(const std::vector<std::vector<std::uint32_t>>& rings, int steps, double bytes, double alpha,
               Chain& out) {
  auto t = std::make_shared<Transfers>();
  for (const auto& r : rings)
    for (std::size_t i = 0; i < r.size() && r.size() > 1; ++i) t->emplace_back(r[i], r[(i + 1) % r.size()]);
  if (t->empty()) return;
  for (int s = 0; s < steps; ++s) out.push_back({t, bytes, alpha});
}

}  // namespace

std::vector<Chain> expand(const Collective& c) {
  std::vector<Chain> chains;
  const int n = c.size();
  if (n <= 1 && c.kind != CollectiveKind::SendRecv) return chains;
  if (c.bytes <= 0) return chains;
  const double S = c.bytes;
  const bool twoPhase = c.kind == CollectiveKind::AllReduce;
  switch (c.kind) {
    case CollectiveKind::SendRecv: {
      auto t = std::make_shared<Transfers>();
      for (const auto& g : c.groups)
        if (g.size() >= 2 && g[0] != g[1]) t->emplace_back(g[0], g[1]);
      chains.push_back({{t, S, c.step_latency_s}});
      return chains;
    }
    case CollectiveKind::AllToAll: {
      if (c.local_pair_bytes >= 0 && c.remote_pair_bytes >= 0 && c.per_domain >= 1) {
        // Two concurrent chains: the pairs inside a domain and those across.
        auto local = std::make_shared<Transfers>(), remote = std::make_shared<Transfers>();
        for (const auto& g : c.groups)
          for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j)
              if (i != j) (i / c.per_domain == j / c.per_domain ? local : remote)->emplace_back(g[i], g[j]);
        if (!local->empty() && c.local_pair_bytes > 0) chains.push_back({{local, c.local_pair_bytes, c.intra_latency_s}});
        if (!remote->empty() && c.remote_pair_bytes > 0) chains.push_back({{remote, c.remote_pair_bytes, c.step_latency_s}});
        return chains;
      }
      auto t = std::make_shared<Transfers>();
      for (const auto& g : c.groups)
        for (int i = 0; i < n; ++i)
          for (int j = 0; j < n; ++j)
            if (i != j) t->emplace_back(g[i], g[j]);
      chains.push_back({{t, S / n, c.step_latency_s}});
      return chains;
    }
    default: break;
  }
  const int steps = twoPhase ? 2 * (n - 1) : n - 1;
  if (c.algorithm == Algorithm::Hierarchical && c.per_domain > 1 && n % c.per_domain == 0 && n > c.per_domain) {
    const int p = c.per_domain, N = n / p;
    std::vector<std::vector<std::uint32_t>> local, cross;
    for (const auto& g : c.groups) {
      for (int d = 0; d < N; ++d) local.emplace_back(g.begin() + d * p, g.begin() + (d + 1) * p);
      for (int j = 0; j < p; ++j) {
        std::vector<std::uint32_t> r;
        for (int d = 0; d < N; ++d) r.push_back(g[d * p + j]);
        cross.push_back(std::move(r));
      }
    }
    Chain intra, inter;
    ringChain(local, twoPhase ? 2 * (p - 1) : p - 1, S / p, c.intra_latency_s, intra);
    ringChain(cross, twoPhase ? 2 * (N - 1) : N - 1, S / p / N, c.step_latency_s, inter);
    if (!intra.empty()) chains.push_back(std::move(intra));
    if (!inter.empty()) chains.push_back(std::move(inter));
    return chains;
  }
  if (c.algorithm == Algorithm::Tree && twoPhase) {
    auto up = std::make_shared<Transfers>(), down = std::make_shared<Transfers>();
    for (const auto& g : c.groups)
      for (int tree = 0; tree < 2; ++tree) {
        const int shift = tree == 0 ? 0 : n / 2;
        for (int i = 1; i < n; ++i) {
          std::uint32_t child = g[(i + shift) % n], parent = g[((i - 1) / 2 + shift) % n];
          if (child == parent) continue;
          up->emplace_back(child, parent);
          down->emplace_back(parent, child);
        }
      }
    const double depth = std::ceil(std::log2(static_cast<double>(n)));
    // Each tree carries half the buffer; the pipeline fills in depth steps.
    chains.push_back({{up, S / 2, depth * c.step_latency_s}, {down, S / 2, depth * c.step_latency_s}});
    return chains;
  }
  Chain ring;
  ringChain(c.groups, steps, S / n, c.step_latency_s, ring);
  chains.push_back(std::move(ring));
  return chains;
}

}  // namespace cf::netsim
