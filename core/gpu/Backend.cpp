#include "gpu/Backend.h"

#include <tbb/info.h>

#include <cstdlib>
#include <string>

namespace cf {

#ifndef CF_HAVE_CUDA
bool cudaProbe(std::string& device, std::string& why) {
  device.clear();
  why = "built without the CUDA toolkit";
  return false;
}
#endif

const BackendInfo& activeBackend() {
  static const BackendInfo info = [] {
    BackendInfo b;
#ifdef CF_HAVE_CUDA
    b.cuda_built = true;
#endif
    b.cpu_threads = tbb::info::default_concurrency();
    std::string cpu = std::to_string(b.cpu_threads) + " CPU threads";
    const char* forced = std::getenv("CLUSTERFORGE_BACKEND");
    if (forced && std::string(forced) == "cpu") {
      b.device = cpu;
      b.reason = "CLUSTERFORGE_BACKEND=cpu";
      return b;
    }
    std::string device, why;
    if (cudaProbe(device, why)) {
      b.kind = BackendInfo::Kind::Cuda;
      b.device = device;
      b.reason = "a CUDA GPU answered";
    } else {
      b.device = cpu;
      b.reason = "CUDA not used: " + why;
    }
    return b;
  }();
  return info;
}

}  // namespace cf
