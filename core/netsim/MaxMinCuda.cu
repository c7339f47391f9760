// CUDA kernels of the round-parallel max-min solver (MaxMinRounds.h). Built
// with --fmad=false so that no multiply-add is fused differently from the
// host compiler: the rates equal solveRoundsCpu's bit for bit (every sum runs
// in the same CSR order in one thread; the only cross-thread reduction is a
// min, which is exact). Device buffers are kept between calls and grown on
// demand (one solver per process thread is assumed: the simulator is serial).
#include <cuda_runtime.h>

#include <cstdint>
#include <mutex>
#include <string>

#include "netsim/MaxMinCuda.h"

namespace cf::netsim {

namespace {

constexpr int kBlock = 256;

__global__ void sharesKernel(std::uint32_t slots, const double* capacity, const std::uint32_t* slotOff,
                             const std::uint32_t* slotVar, const double* slotCoef, const unsigned char* fixed,
                             const double* x, double* share) {
  const std::uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= slots) return;
  share[t] = rounds::slotShare(t, capacity, slotOff, slotVar, slotCoef, fixed, x);
}

// Levels of the unfixed variables and a per-block minimum.
__global__ void levelsKernel(std::uint32_t vars, const std::uint32_t* varOff, const std::uint32_t* varSlot,
                             const double* bound, const double* share, const unsigned char* fixed, double* level,
                             double* blockMin) {
  __shared__ double m[kBlock];
  const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  double l = rounds::kInf;
  if (i < vars && !fixed[i]) {
    l = rounds::varLevel(i, varOff, varSlot, bound, share);
    level[i] = l;
  }
  m[threadIdx.x] = l;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s && m[threadIdx.x + s] < m[threadIdx.x]) m[threadIdx.x] = m[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) blockMin[blockIdx.x] = m[0];
}

// One block: L = max(L, min over block minima); state[0] = L.
__global__ void reduceKernel(int blocks, const double* blockMin, double* state) {
  __shared__ double m[kBlock];
  double l = rounds::kInf;
  for (int b = threadIdx.x; b < blocks; b += blockDim.x)
    if (blockMin[b] < l) l = blockMin[b];
  m[threadIdx.x] = l;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s && m[threadIdx.x + s] < m[threadIdx.x]) m[threadIdx.x] = m[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    const double lo = m[0];
    state[1] = lo;  // +inf: only unconstrained variables are left
    if (lo != rounds::kInf && lo > state[0]) state[0] = lo;
  }
}

__global__ void freezeKernel(std::uint32_t vars, const double* level, const double* state, unsigned char* fixed,
                             double* x, unsigned int* left) {
  const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= vars || fixed[i]) return;
  if (state[1] == rounds::kInf) {
    x[i] = rounds::kInf;
    fixed[i] = 1;
    atomicSub(left, 1u);
    return;
  }
  if (level[i] <= state[0]) {
    x[i] = state[0];
    fixed[i] = 1;
    atomicSub(left, 1u);  // an integer count: order-independent
  }
}

bool check(cudaError_t e, const char* what, std::string& why) {
  if (e == cudaSuccess) return true;
  why = std::string(what) + ": " + cudaGetErrorString(e);
  cudaGetLastError();
  return false;
}

template <class T>
struct Buf {
  T* p = nullptr;
  std::size_t cap = 0;
  bool fit(std::size_t n, std::string& why) {
    if (n <= cap && p) return true;
    if (p) cudaFree(p);
    p = nullptr;
    cap = 0;
    std::size_t want = n < 64 ? 64 : n + n / 2;
    if (!check(cudaMalloc(&p, want * sizeof(T)), "cudaMalloc", why)) return false;
    cap = want;
    return true;
  }
  bool put(const std::vector<T>& v, std::string& why) {
    if (!fit(v.size(), why)) return false;
    return v.empty() || check(cudaMemcpy(p, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy", why);
  }
};

struct Device {
  Buf<double> capacity, slotCoef, bound, share, level, x, blockMin, state;
  Buf<std::uint32_t> slotOff, slotVar, varOff, varSlot;
  Buf<unsigned char> fixed;
  Buf<unsigned int> left;
};

}  // namespace

bool solveRoundsCuda(const RoundsProblem& p, std::vector<double>& rates, std::string& why) {
  static std::mutex mu;
  static Device d;
  std::lock_guard<std::mutex> lock(mu);
  rates.assign(p.varCount, 0.0);
  if (p.varCount == 0) return true;
  int devices = 0;
  if (!check(cudaGetDeviceCount(&devices), "cudaGetDeviceCount", why)) return false;
  if (devices == 0) {
    why = "no CUDA device";
    return false;
  }
  const int sBlocks = static_cast<int>((p.slotCount + kBlock - 1) / kBlock);
  const int vBlocks = static_cast<int>((p.varCount + kBlock - 1) / kBlock);
  if (!d.capacity.put(p.capacity, why) || !d.slotOff.put(p.slotOff, why) || !d.slotVar.put(p.slotVar, why) ||
      !d.slotCoef.put(p.slotCoef, why) || !d.varOff.put(p.varOff, why) || !d.varSlot.put(p.varSlot, why) ||
      !d.bound.put(p.bound, why) || !d.share.fit(p.slotCount + 1, why) || !d.level.fit(p.varCount, why) ||
      !d.x.fit(p.varCount, why) || !d.fixed.fit(p.varCount, why) || !d.blockMin.fit(vBlocks, why) ||
      !d.state.fit(2, why) || !d.left.fit(1, why))
    return false;
  const double init[2] = {0.0, 0.0};
  const unsigned int all = p.varCount;
  if (!check(cudaMemset(d.fixed.p, 0, p.varCount), "cudaMemset", why) ||
      !check(cudaMemset(d.x.p, 0, p.varCount * sizeof(double)), "cudaMemset", why) ||
      !check(cudaMemcpy(d.state.p, init, sizeof init, cudaMemcpyHostToDevice), "cudaMemcpy", why) ||
      !check(cudaMemcpy(d.left.p, &all, sizeof all, cudaMemcpyHostToDevice), "cudaMemcpy", why))
    return false;
  unsigned int left = all;
  const std::uint32_t maxRounds = p.slotCount + p.varCount + 1;
  // Rounds are launched in batches between two reads of the count left: a
  // round after the last changes nothing (every variable is fixed).
  constexpr std::uint32_t kBatch = 8;
  for (std::uint32_t r = 0; left > 0 && r < maxRounds; r += kBatch) {
    for (std::uint32_t b = 0; b < kBatch; ++b) {
      if (p.slotCount > 0)
        sharesKernel<<<sBlocks, kBlock>>>(p.slotCount, d.capacity.p, d.slotOff.p, d.slotVar.p, d.slotCoef.p,
                                          d.fixed.p, d.x.p, d.share.p);
      levelsKernel<<<vBlocks, kBlock>>>(p.varCount, d.varOff.p, d.varSlot.p, d.bound.p, d.share.p, d.fixed.p,
                                        d.level.p, d.blockMin.p);
      reduceKernel<<<1, kBlock>>>(vBlocks, d.blockMin.p, d.state.p);
      freezeKernel<<<vBlocks, kBlock>>>(p.varCount, d.level.p, d.state.p, d.fixed.p, d.x.p, d.left.p);
    }
    if (!check(cudaGetLastError(), "kernel launch", why) ||
        !check(cudaMemcpy(&left, d.left.p, sizeof left, cudaMemcpyDeviceToHost), "cudaMemcpy", why))
      return false;
  }
  if (left > 0) {
    why = "rounds did not converge";
    return false;
  }
  return check(cudaMemcpy(rates.data(), d.x.p, p.varCount * sizeof(double), cudaMemcpyDeviceToHost), "cudaMemcpy", why);
}

}  // namespace cf::netsim
