// CUDA kernel of the parallelism search: one thread per candidate (split, pp,
// dp), running the same per-configuration code as the CPU (SearchKernel.h,
// EvalKernel.h). Built with --fmad=false so that no multiply-add is fused
// differently from the host compiler: the same keys, the same ranking.
#include <cuda_runtime.h>

#include <string>

#include "perf/SearchCuda.h"

namespace cf {

namespace {

__global__ void searchKernel(const kern::EvalConsts k, const LayerTiming* splits, const GroupPlacement* groups,
                             const kern::SearchCandidate* cands, int nCands, long long first, int objective,
                             bool onlyFitting, double* keys, unsigned char* fits) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= nCands) return;
  const kern::SearchCandidate c = cands[i];
  const LayerTiming& lt = splits[c.split];
  kern::GroupSet gs;
  gs.pp = groups[c.gpp];
  gs.dp = groups[c.gdp];
  gs.dpExpert = groups[c.gdpe];
  const int n = c.configs();
  for (int j = 0; j < n; ++j) {
    const ParallelConfig p = kern::candidateConfig(c, lt, j);
    const PerfResult r = kern::evalConfig(k, p, lt, gs);
    const long long idx = c.offset - first + j;
    fits[idx] = r.fits_in_memory ? 1 : 0;
    keys[idx] = (onlyFitting && !r.fits_in_memory) ? 1e300 : kern::objectiveKey(objective, r, k.hbmGiB);
  }
}

bool check(cudaError_t e, const char* what, std::string& why) {
  if (e == cudaSuccess) return true;
  why = std::string(what) + ": " + cudaGetErrorString(e);
  cudaGetLastError();
  return false;
}

template <typename T>
bool upload(T** d, const T* h, long long n, std::string& why) {
  const size_t bytes = sizeof(T) * static_cast<size_t>(n > 0 ? n : 1);
  if (!check(cudaMalloc(d, bytes), "cudaMalloc", why)) return false;
  if (n > 0 && !check(cudaMemcpy(*d, h, bytes, cudaMemcpyHostToDevice), "cudaMemcpy", why)) return false;
  return true;
}

}  // namespace

bool evaluateSearchCuda(const kern::EvalConsts& k, const LayerTiming* splits, int nSplits, const GroupPlacement* groups,
                        int nGroups, const kern::SearchCandidate* cands, int nCands, long long first, long long count,
                        int objective, bool onlyFitting, double* keys, unsigned char* fits, std::string& why) {
  if (nCands <= 0 || count <= 0) return true;
  int devices = 0;
  if (!check(cudaGetDeviceCount(&devices), "cudaGetDeviceCount", why)) return false;
  if (devices == 0) {
    why = "no CUDA device";
    return false;
  }
  LayerTiming* dSplits = nullptr;
  GroupPlacement* dGroups = nullptr;
  kern::SearchCandidate* dCands = nullptr;
  double* dKeys = nullptr;
  unsigned char* dFits = nullptr;
  bool ok = upload(&dSplits, splits, nSplits, why) && upload(&dGroups, groups, nGroups, why) &&
            upload(&dCands, cands, nCands, why) &&
            check(cudaMalloc(&dKeys, sizeof(double) * static_cast<size_t>(count)), "cudaMalloc", why) &&
            check(cudaMalloc(&dFits, static_cast<size_t>(count)), "cudaMalloc", why);
  if (ok) {
    const int block = 128;
    const int grid = (nCands + block - 1) / block;
    searchKernel<<<grid, block>>>(k, dSplits, dGroups, dCands, nCands, first, objective, onlyFitting, dKeys, dFits);
    ok = check(cudaGetLastError(), "kernel launch", why) && check(cudaDeviceSynchronize(), "kernel", why) &&
         check(cudaMemcpy(keys, dKeys, sizeof(double) * static_cast<size_t>(count), cudaMemcpyDeviceToHost), "cudaMemcpy",
               why) &&
         check(cudaMemcpy(fits, dFits, static_cast<size_t>(count), cudaMemcpyDeviceToHost), "cudaMemcpy", why);
  }
  cudaFree(dSplits);
  cudaFree(dGroups);
  cudaFree(dCands);
  cudaFree(dKeys);
  cudaFree(dFits);
  return ok;
}

}  // namespace cf
