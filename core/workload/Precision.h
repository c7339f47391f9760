// Numeric precision of a training job (scenario `job.precision`) and the
// bytes each kind of tensor takes under it.
//
// Assumptions (mixed-precision training as in Megatron-LM and DeepSpeed;
// Micikevicius et al., "Mixed Precision Training", ICLR'18; Rajbhandari et al.,
// "ZeRO", SC'20 §3.1):
//  - bf16/fp16: weights and activations in 2 bytes; gradients 2 bytes; the
//    optimizer keeps an fp32 master copy plus Adam's two fp32 moments
//    (12 bytes per parameter). Total 2 + 2 + 12 = 16 bytes per parameter.
//  - fp8: GEMM inputs in 1 byte (Transformer Engine style), activations kept
//    between kernels in bf16, weights/gradients/optimizer as bf16 training.
//  - fp32: everything in 4 bytes; optimizer holds Adam's two moments
//    (8 bytes per parameter). Total 4 + 4 + 8 = 16 bytes per parameter.
#pragma once
#include <string>

namespace cf {

enum class Precision { Fp32, Bf16, Fp16, Fp8 };

struct PrecisionBytes {
  double gemm_input = 2;   // bytes per element read by a GEMM
  double activation = 2;   // bytes per element of activations between kernels
  double weight = 2;       // bytes per parameter of the working weights
  double gradient = 2;     // bytes per parameter of the gradients
  double optimizer = 12;   // bytes per parameter of optimizer state (master copy + moments)
};

inline Precision parsePrecision(const std::string& p) {
  if (p == "fp32") return Precision::Fp32;
  if (p == "fp16") return Precision::Fp16;
  if (p == "fp8") return Precision::Fp8;
  return Precision::Bf16;
}

inline PrecisionBytes precisionBytes(Precision p) {
  switch (p) {
    case Precision::Fp32: return {4, 4, 4, 4, 8};
    case Precision::Fp8: return {1, 2, 2, 2, 12};
    case Precision::Bf16:
    case Precision::Fp16: break;
  }
  return {2, 2, 2, 2, 12};
}

}  // namespace cf
