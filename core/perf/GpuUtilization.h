// GPU utilisation: the share of a training step a GPU has a kernel running,
// the figure `nvidia-smi` reports as "GPU-Util" and the seeds quote beside MFU
// (issue 17). Written as performance.gpu_utilization.
//
// From the step breakdown (perf/EvalTypes.h, StepBreakdown), one GPU of the
// slowest pipeline stage:
//   busy = compute + tp_comm + pp_comm + dp_comm + ep_comm + cp_comm + other
//   gpu_utilization = busy / step_time = 1 − (bubble + data_io) / step_time
// Assumption: nvidia-smi counts a sample as busy when any kernel runs, and a
// communication kernel (NCCL all-reduce, send/recv, all-to-all) runs for the
// whole of its exposed time, waiting on the wire included; the breakdown only
// holds exposed communication (overlapped collectives hide under compute,
// which is busy anyway). The optimizer step ("other") is HBM-bound kernels:
// busy. The pipeline bubble and the wait for the next batch ("data_io") run no
// kernel: idle. So GPU utilisation ≥ HFU ≥ MFU holds whenever compute runs at
// or below peak, but high utilisation does not mean high MFU (a GPU busy in
// exposed all-reduces reads 100 %).
#pragma once
#include "perf/EvalTypes.h"

namespace cf {

// In [0, 1]; 0 for an empty breakdown.
double gpuUtilization(const StepBreakdown& b);

}  // namespace cf
