// The training data and the loader that feeds it ("job.data" in
// docs/scenario-format.md): what a sample is on storage, what the host CPU
// does to it, how many loader workers fetch it and from which tier. Absent
// (the default), the performance model keeps its token-id estimate
// (perf/StorageModel.h); present, perf/DataLoading.h models the loader.
// Defaults by kind are estimates documented in perf/DataLoading.h.
#pragma once
#include <string>
#include <vector>

namespace cf {

struct DataPipeline {
  // tokens: pre-tokenised ids (Megatron indexed dataset); text: raw text
  // tokenised (and masked) on the fly; images: encoded images decoded and
  // augmented on the fly; records: pre-processed samples packed in large
  // record files (TFRecord, WebDataset, ...).
  std::string kind = "tokens";
  double sample_bytes = 0;          // one sample before compression; 0 = default by kind
  double compression_ratio = 1;     // bytes on storage = sample_bytes / compression_ratio
  double cpu_ms_per_sample = -1;    // one core's time to decompress/decode/tokenise/augment/mask; < 0 = default
  double samples_per_request = 0;   // samples one storage request returns; 0 = default by kind
  int loader_workers_per_gpu = 2;   // loader processes per data-loading rank (PyTorch num_workers)
  int requests_in_flight_per_worker = 1;  // asynchronous reads per worker (tf.data interleave, async IO)
  int prefetch_batches = 2;         // batches prepared ahead; 0 = load on the critical path
  int host_cores_per_node = 0;      // 0 = 5 per accelerator (a DGX-1's 40 cores for 8 V100; estimate)
  std::string source;               // storage tier read; empty = the first shared tier, else the first tier
  std::string cache_tier;           // a local-nvme tier caching the dataset; empty = none
  double cache_hit_rate = 1;        // share of reads served by cache_tier
  bool operator==(const DataPipeline&) const = default;
};

const std::vector<std::string>& dataKindNames();

}  // namespace cf
