// Runtime probe of the CUDA device (static runtime; no driver library linked).
#include <cuda_runtime.h>

#include <string>

namespace cf {

bool cudaProbe(std::string& device, std::string& why) {
  int count = 0;
  cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess) {
    // The two common causes get a fixed sentence (translated by the GUI, see
    // app/gui/BackendText.h); anything else carries the runtime's own message.
    if (err == cudaErrorInsufficientDriver)
      why = "no CUDA driver, or one older than this build's CUDA runtime";
    else if (err == cudaErrorNoDevice)
      why = "no CUDA device found";
    else
      why = std::string("no usable GPU (") + cudaGetErrorString(err) + ")";
    cudaGetLastError();
    return false;
  }
  if (count == 0) {
    why = "no CUDA device found";
    return false;
  }
  cudaDeviceProp prop{};
  cudaGetDeviceProperties(&prop, 0);
  if (prop.major < 8) {
    why = std::string(prop.name) + " is older than sm_80";
    return false;
  }
  device = std::string(prop.name) + " (sm_" + std::to_string(prop.major * 10 + prop.minor) + ")";
  return true;
}

}  // namespace cf
