// CF_HD marks a function callable from host and device code: the kernels
// shared by the CPU and CUDA back ends (perf/SearchKernel.h, EvalKernel.h,
// reliability/TrialKernel.h, netsim/MaxMinRounds.h, design/ParallelRules.h)
// compile as plain C++ without nvcc and as __host__ __device__ under it.
#pragma once

#if defined(__CUDACC__)
#define CF_HD __host__ __device__
#else
#define CF_HD
#endif
