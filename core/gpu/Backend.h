// Which compute backend runs the parallel kernels, and why.
//
// CUDA is used when the build has the toolkit (CF_HAVE_CUDA) and a GPU
// answers at run time; otherwise the CPU backend (TBB threads), which is
// always complete. CLUSTERFORGE_BACKEND=cpu forces the CPU.
#pragma once
#include <string>

namespace cf {

struct BackendInfo {
  enum class Kind { Cpu, Cuda } kind = Kind::Cpu;
  bool cuda_built = false;  // compiled with the CUDA toolkit
  std::string device;       // "NVIDIA H200 (sm_90)" or "16 CPU threads"
  std::string reason;       // why this backend was chosen
  int cpu_threads = 0;      // TBB worker threads of the CPU backend (for GUIs that format `device` themselves)
  std::string name() const { return kind == Kind::Cuda ? "CUDA" : "CPU"; }
  std::string summary() const { return name() + " (" + device + ") — " + reason; }
};

// Probes once per process; later calls return the cached answer.
const BackendInfo& activeBackend();

// Implemented in CudaProbe.cu when CUDA is built: fills device and returns
// true when a usable GPU answers; otherwise sets `why`.
bool cudaProbe(std::string& device, std::string& why);

}  // namespace cf
