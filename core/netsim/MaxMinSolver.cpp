#include "netsim/MaxMinSolver.h"

#include <algorithm>
#include <limits>
#include <queue>
#include <stdexcept>

#include "gpu/Backend.h"
#ifdef CF_HAVE_CUDA
#include "netsim/MaxMinCuda.h"
#endif

namespace cf::netsim {

namespace {
constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

struct Level {
  double level;
  std::uint32_t id;   // touched slot, or slots + variable for a bound
  std::uint32_t ver;
  bool operator>(const Level& o) const { return level > o.level || (level == o.level && id > o.id); }
};
}  // namespace

const char* solverBackendName(SolverBackend b) {
  switch (b) {
    case SolverBackend::Auto: return "auto";
    case SolverBackend::Cpu: return "cpu";
    case SolverBackend::Cuda: return "cuda";
  }
  return "?";
}

SolverBackend parseSolverBackend(const std::string& s) {
  if (s == "auto") return SolverBackend::Auto;
  if (s == "cpu") return SolverBackend::Cpu;
  if (s == "cuda") return SolverBackend::Cuda;
  throw std::invalid_argument("\"" + s + "\" is not a solver backend (auto, cpu, cuda)");
}

void MaxMinSolver::configure(SolverBackend backend, std::uint32_t largeEntries) {
  backend_ = backend;
  largeEntries_ = largeEntries;
  stats_.detail.clear();
}

MaxMinSolver::MaxMinSolver(std::vector<double> capacities)
    : capacity_(std::move(capacities)),
      used_(capacity_.size(), 0.0),
      sumCoef_(capacity_.size(), 0.0),
      version_(capacity_.size(), 0),
      start_(capacity_.size(), kNone) {}

void MaxMinSolver::solve(const std::vector<Var>& vars, std::vector<double>& rates) {
  // start_[j] is the slot of constraint j among the touched ones (kNone = untouched).
  for (std::uint32_t j : touched_) {
    start_[j] = kNone;
    used_[j] = 0;
    sumCoef_[j] = 0;
  }
  touched_.clear();
  const std::size_t n = vars.size();
  rates.assign(n, 0.0);

  std::vector<std::uint32_t> unfixed;  // per slot: unfixed variables crossing it
  for (const Var& v : vars)
    for (std::uint32_t k = 0; k < v.count; ++k) {
      std::uint32_t j = v.usage[k].constraint;
      if (start_[j] == kNone) {
        start_[j] = static_cast<std::uint32_t>(touched_.size());
        touched_.push_back(j);
        unfixed.push_back(0);
      }
      ++unfixed[start_[j]];
      sumCoef_[j] += v.usage[k].coef;
    }
  const std::size_t T = touched_.size();
  // CSR of variables per slot.
  std::vector<std::uint32_t> offset(T + 1, 0);
  for (std::size_t t = 0; t < T; ++t) offset[t + 1] = offset[t] + unfixed[t];
  members_.assign(offset[T], 0);
  std::vector<std::uint32_t> fill(offset.begin(), offset.end() - 1);
  for (std::uint32_t i = 0; i < n; ++i)
    for (std::uint32_t k = 0; k < vars[i].count; ++k) members_[fill[start_[vars[i].usage[k].constraint]]++] = i;
  ++stats_.solves;
  stats_.max_entries = std::max<long long>(stats_.max_entries, offset[T]);
  if (offset[T] >= largeEntries_ && n > 0) return solveLarge(vars, offset, rates);

  std::vector<std::uint32_t> ver(T, 0);
  std::vector<char> fixed(n, 0);
  std::priority_queue<Level, std::vector<Level>, std::greater<Level>> heap;
  for (std::uint32_t t = 0; t < T; ++t) {
    std::uint32_t j = touched_[t];
    if (sumCoef_[j] > 0) heap.push({capacity_[j] / sumCoef_[j], t, 0});
  }
  std::size_t left = n;
  for (std::uint32_t i = 0; i < n; ++i) {
    if (vars[i].bound > 0) heap.push({vars[i].bound, static_cast<std::uint32_t>(T + i), 0});
    else if (vars[i].count == 0) {
      rates[i] = std::numeric_limits<double>::infinity();
      fixed[i] = 1;
      --left;
    }
  }
  double level = 0;
  auto fix = [&](std::uint32_t i, double x) {
    fixed[i] = 1;
    rates[i] = x;
    --left;
    const Var& v = vars[i];
    for (std::uint32_t k = 0; k < v.count; ++k) {
      std::uint32_t j = v.usage[k].constraint, t = start_[j];
      used_[j] += v.usage[k].coef * x;
      sumCoef_[j] -= v.usage[k].coef;
      ++ver[t];
      if (--unfixed[t] > 0 && sumCoef_[j] > 0)
        heap.push({std::max(level, (capacity_[j] - used_[j]) / sumCoef_[j]), t, ver[t]});
    }
  };
  while (left > 0 && !heap.empty()) {
    Level top = heap.top();
    heap.pop();
    if (top.id >= T) {
      std::uint32_t i = top.id - static_cast<std::uint32_t>(T);
      if (!fixed[i]) {
        level = std::max(level, top.level);
        fix(i, level);
      }
      continue;
    }
    if (top.ver != ver[top.id] || unfixed[top.id] == 0) continue;
    level = std::max(level, top.level);
    for (std::uint32_t k = offset[top.id]; k < offset[top.id + 1]; ++k)
      if (!fixed[members_[k]]) fix(members_[k], level);
  }
  // Unconstrained leftovers (only possible with zero coefficients).
  for (std::uint32_t i = 0; i < n; ++i)
    if (!fixed[i]) rates[i] = std::numeric_limits<double>::infinity();
}

// The rounds path: compact the problem (slots = touched constraints, entries
// in increasing variable order per slot), run it on the GPU or the CPU, then
// the loads per constraint summed in the slot CSR order (both backends).
void MaxMinSolver::solveLarge(const std::vector<Var>& vars, const std::vector<std::uint32_t>& offset,
                              std::vector<double>& rates) {
  const std::uint32_t T = static_cast<std::uint32_t>(touched_.size());
  const std::uint32_t n = static_cast<std::uint32_t>(vars.size());
  RoundsProblem& p = problem_;
  p.slotCount = T;
  p.varCount = n;
  p.capacity.resize(T);
  for (std::uint32_t t = 0; t < T; ++t) p.capacity[t] = capacity_[touched_[t]];
  p.slotOff.assign(offset.begin(), offset.end());
  p.slotVar.assign(members_.begin(), members_.end());
  p.slotCoef.assign(members_.size(), 0.0);
  p.varOff.assign(n + 1, 0);
  p.varSlot.clear();
  p.bound.resize(n);
  std::vector<std::uint32_t> fill(offset.begin(), offset.end() - 1);
  for (std::uint32_t i = 0; i < n; ++i) {
    const Var& v = vars[i];
    p.bound[i] = v.bound;
    for (std::uint32_t k = 0; k < v.count; ++k) {
      const std::uint32_t t = start_[v.usage[k].constraint];
      p.varSlot.push_back(t);
      p.slotCoef[fill[t]++] = v.usage[k].coef;
    }
    p.varOff[i + 1] = static_cast<std::uint32_t>(p.varSlot.size());
  }
  ++stats_.large;
  bool done = false;
  if (backend_ != SolverBackend::Cpu) {
#ifdef CF_HAVE_CUDA
    const BackendInfo& info = activeBackend();
    if (info.kind == BackendInfo::Kind::Cuda) {
      std::string why;
      if (solveRoundsCuda(p, rates, why)) {
        done = true;
        ++stats_.gpu;
        stats_.backend = "CUDA";
        stats_.detail = info.device;
      } else {
        stats_.detail = "CUDA failed (" + why + "), CPU used";
      }
    } else {
      stats_.detail = info.reason;
    }
#else
    stats_.detail = "built without the CUDA toolkit";
#endif
  } else {
    stats_.detail = "CPU requested";
  }
  if (!done) stats_.rounds += solveRoundsCpu(p, rates);
  // Loads, in the slot CSR order.
  for (std::uint32_t t = 0; t < T; ++t) {
    double u = 0;
    for (std::uint32_t k = p.slotOff[t]; k < p.slotOff[t + 1]; ++k) {
      const double x = rates[p.slotVar[k]];
      if (x != rounds::kInf) u = u + p.slotCoef[k] * x;
    }
    used_[touched_[t]] = u;
  }
}

}  // namespace cf::netsim
