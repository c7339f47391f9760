// The data loader of a training job (issue 17 item 2): how long one step's
// samples take to fetch and prepare, and what limits it, from the job's
// dataset description (job.data, design/DataPipeline.h) and the cluster's
// storage tiers and hosts. Without job.data the performance model keeps the
// token-id estimate of perf/StorageModel.h (every example's figures stay).
//
// Who loads. One data-loading rank per data-parallel replica (Megatron and
// DeepSpeed read on the first tensor-parallel rank and broadcast to the
// others): dp ranks, n = global_batch / dp samples each per step, on
// min(nodes, dp) nodes, R = ceil(dp / nodes) ranks per loading node, each
// with W = loader_workers_per_gpu worker processes.
//
// Per step and per loading rank, three limits (seconds):
//   storage  = max(h · B / cache_GBps,  (1 − h) · B / share_GBps)
//              B = R · n · sample_bytes / compression_ratio, the bytes one
//              node reads; h = cache_hit_rate on cache_tier (a local-nvme
//              tier, read at its per-node figure); share_GBps = the source
//              tier's bandwidth to the loading nodes over their count
//              (design/StorageRules.h: min(tier, nodes × the node's
//              scale-out bandwidth)), i.e. every node gets an equal share of
//              a tier all nodes read at once, never more than its NICs;
//   latency  = (n / samples_per_request) · L / (W · q)
//              L = h · L_cache + (1 − h) · L_source, the mean time to first
//              byte; q = requests_in_flight_per_worker: a worker with q
//              reads outstanding waits for one request latency per q
//              requests;
//   cpu      = n · c / min(W, C / R)
//              c = cpu_ms_per_sample (decompress, decode, tokenise,
//              augment, mask), C = host_cores_per_node: W workers run at
//              most on their rank's share of the cores.
// A worker reads, then prepares: with q = 1 the two add up
// (worker = latency + cpu); with q > 1 reads overlap preparation
// (worker = max(latency, cpu)). The storage bandwidth is shared by all
// workers at once: load = max(storage, worker).
// Prefetch: with prefetch_batches ≥ 1 the loader prepares the next step's
// batch during this one, so only load − (the step's other work) is exposed
// (perf/EvalKernel.h, data_io); with 0 the step waits for the whole load.
// Deeper prefetch absorbs jitter this steady-state model does not have, so
// 1 and 8 give the same figure (stated in docs/models.md).
// Not modelled: the host-to-device copy of the batch (a few MB per GPU over
// 16+ GB/s PCIe: < 1 ms), page-cache hits (a dataset read once per epoch),
// a tier's IOPS limit (latency-bound reads are limited by L, not by the
// store's request rate).
//
// Defaults by kind (estimates unless named):
//   tokens   seq_len × 4 B (int32 ids, as StorageModel), 0.02 ms per sample
//            (slice of a memory-mapped file and collate), 64 samples per
//            request (read-ahead of a sequential mmap).
//   text     seq_len × 4 B (~4 bytes of UTF-8 per WordPiece/BPE token of
//            English), seq_len × 0.01 ms (10 µs per token: a pure-Python
//            WordPiece tokeniser plus masking; Rust tokenizers are ~10×
//            faster), 1 sample per request (one document per object).
//   images   113,043 B (ImageNet-1k's mean JPEG: 1,448,283,629,516 B over
//            12,811,670 files, Dell EMC Ready Solutions for AI reference
//            guide v1.0, Isilon F800), 4.5 ms per image (calibration:
//            ResNet-50 at 2,940 images/s used ~33 % of 40 cores in the same
//            measurement: 13.2 core-s / 2,940), 1 sample per request.
//   records  seq_len × 8 B (ids plus masks/segment ids as int32),
//            0.2 ms per sample (record parse), 256 samples per request
//            (large sequential reads of a record file).
// Request latency by tier kind (cluster.storage[].request_latency_ms):
//   object-store 30 ms (AWS S3 performance guidelines: small GETs have a
//   median latency "in the tens of milliseconds"), parallel-fs 1 ms (open +
//   first read of a small file on Lustre/GPFS class systems; estimate),
//   local-nvme 0.1 ms (NVMe random read through a file system; estimate).
#pragma once
#include <string>

#include "design/Resolved.h"

namespace cf {

struct DataLoadingEstimate {
  bool modelled = false;            // job.data given
  std::string kind;
  std::string source_tier;          // "(none)" when the cluster has no readable tier
  std::string cache_tier;           // empty: none
  double stored_bytes_per_sample = 0;
  double samples_per_rank = 0;      // per step
  long long loading_nodes = 1;
  int ranks_per_node = 1;
  int workers_per_rank = 1;
  int requests_in_flight = 1;       // per worker
  double cores_per_rank = 1;
  double cpu_ms_per_sample = 0;
  double samples_per_request = 1;
  double request_latency_ms = 0;    // mean over cache hits and misses
  double read_GBps_per_node = 0;    // the source tier's share per loading node
  double bytes_per_node = 0;        // per step
  double storage_s = 0, latency_s = 0, cpu_s = 0;  // the three limits, per step
  double load_s = 0;                // max(storage, worker)
  bool overlapped = true;           // prefetch_batches >= 1
  std::string limit;                // storage | latency | cpu: the largest part of load_s
};

// Throws InputError naming job.data.source / job.data.cache_tier for a tier
// the cluster does not have (or a cache tier that is not local-nvme).
DataLoadingEstimate dataLoadingEstimate(const ResolvedScenario& r);

// Default figures by kind (see above).
double defaultSampleBytes(const std::string& kind, int seqLen);
double defaultCpuMsPerSample(const std::string& kind, int seqLen);
double defaultSamplesPerRequest(const std::string& kind);
double defaultRequestLatencyMs(const std::string& tierKind);

}  // namespace cf
