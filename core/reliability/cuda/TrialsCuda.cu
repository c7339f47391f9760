// CUDA kernel of the reliability Monte Carlo: one thread per trial, running
// the same code as the CPU (TrialKernel.h). Built with --fmad=false so that
// no multiply-add is fused differently from the host compiler: same seed,
// same trials on both backends.
#include <cuda_runtime.h>

#include <string>

#include "reliability/cuda/TrialsCuda.h"

namespace cf {

namespace {

__global__ void trialsKernel(const rel::KernelParams p, unsigned long long first, int count,
                             rel::TrialResult* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count) return;
  rel::NullSink sink;
  out[i] = rel::runTrial(p, first + static_cast<unsigned long long>(i), sink);
}

bool check(cudaError_t e, const char* what, std::string& why) {
  if (e == cudaSuccess) return true;
  why = std::string(what) + ": " + cudaGetErrorString(e);
  cudaGetLastError();
  return false;
}

}  // namespace

bool runTrialsCuda(const rel::KernelParams& p, unsigned long long first, int count, rel::TrialResult* out,
                   std::string& why) {
  if (count <= 0) return true;
  int devices = 0;
  if (!check(cudaGetDeviceCount(&devices), "cudaGetDeviceCount", why)) return false;
  if (devices == 0) {
    why = "no CUDA device";
    return false;
  }
  rel::TrialResult* d = nullptr;
  const size_t bytes = sizeof(rel::TrialResult) * static_cast<size_t>(count);
  if (!check(cudaMalloc(&d, bytes), "cudaMalloc", why)) return false;
  const int block = 128;
  const int grid = (count + block - 1) / block;
  trialsKernel<<<grid, block>>>(p, first, count, d);
  bool ok = check(cudaGetLastError(), "kernel launch", why) &&
            check(cudaDeviceSynchronize(), "kernel", why) &&
            check(cudaMemcpy(out, d, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy", why);
  cudaFree(d);
  return ok;
}

}  // namespace cf
