#include "perf/DataLoading.h"

#include <algorithm>
#include <cmath>

#include "common/InputError.h"
#include "design/StorageRules.h"

namespace cf {

namespace {
constexpr double kImageBytes = 113043;       // ImageNet-1k mean JPEG (Dell EMC, see header)
constexpr double kImageCpuMs = 4.5;          // calibration, see header
constexpr double kTextCpuMsPerToken = 0.01;  // estimate
constexpr int kCoresPerAccelerator = 5;      // DGX-1: 40 cores, 8 V100 (estimate for others)

const StorageTier* tierNamed(const std::vector<StorageTier>& tiers, const std::string& name) {
  for (const StorageTier& t : tiers)
    if (t.name == name) return &t;
  return nullptr;
}
double latencyMs(const StorageTier& t) {
  return t.request_latency_ms > 0 ? t.request_latency_ms : defaultRequestLatencyMs(t.kind);
}
}  // namespace

double defaultSampleBytes(const std::string& kind, int seqLen) {
  if (kind == "images") return kImageBytes;
  if (kind == "records") return 8.0 * seqLen;
  return 4.0 * seqLen;  // tokens, text
}

double defaultCpuMsPerSample(const std::string& kind, int seqLen) {
  if (kind == "images") return kImageCpuMs;
  if (kind == "text") return kTextCpuMsPerToken * seqLen;
  if (kind == "records") return 0.2;
  return 0.02;
}

double defaultSamplesPerRequest(const std::string& kind) {
  if (kind == "tokens") return 64;
  if (kind == "records") return 256;
  return 1;
}

double defaultRequestLatencyMs(const std::string& tierKind) {
  if (tierKind == "object-store") return 30;
  if (tierKind == "local-nvme") return 0.1;
  return 1;  // parallel-fs
}

DataLoadingEstimate dataLoadingEstimate(const ResolvedScenario& r) {
  DataLoadingEstimate e;
  if (!r.scenario || !r.scenario->job.data) return e;
  const Scenario& s = *r.scenario;
  const DataPipeline& d = *s.job.data;
  const int seq = std::max(1, s.job.model.seq_len);
  e.modelled = true;
  e.kind = d.kind;

  // Tiers: the source (named, or the first shared tier, or the first tier)
  // and the optional local cache.
  const std::vector<StorageTier>& tiers = s.cluster.storage;
  const StorageTier* source = nullptr;
  if (!d.source.empty()) {
    source = tierNamed(tiers, d.source);
    if (!source)
      throw InputError("job.data.source", "no storage tier named \"" + d.source + "\"");
  }
  for (const StorageTier& t : tiers)
    if (!source && t.kind != "local-nvme") source = &t;
  if (!source && !tiers.empty()) source = &tiers.front();
  const StorageTier* cache = nullptr;
  if (!d.cache_tier.empty()) {
    cache = tierNamed(tiers, d.cache_tier);
    if (!cache)
      throw InputError("job.data.cache_tier", "no storage tier named \"" + d.cache_tier + "\"");
    if (cache->kind != "local-nvme")
      throw InputError("job.data.cache_tier", "\"" + d.cache_tier + "\" is a " + cache->kind +
                                                  " tier; a cache is a local-nvme tier");
  }
  e.source_tier = source ? source->name : "(none)";
  e.cache_tier = cache ? cache->name : "";
  const double hit = cache ? std::clamp(d.cache_hit_rate, 0.0, 1.0) : 0.0;

  // Who loads.
  const long long dp = std::max(1, r.dp);
  const long long nodes = jobNodes(r);
  e.loading_nodes = std::max<long long>(1, std::min(nodes, dp));
  e.ranks_per_node = static_cast<int>((dp + e.loading_nodes - 1) / e.loading_nodes);
  e.samples_per_rank = static_cast<double>(std::max<long long>(1, r.global_batch)) / static_cast<double>(dp);
  e.workers_per_rank = std::max(1, d.loader_workers_per_gpu);
  const int gpn = std::max(1, s.cluster.accelerators_per_node);
  const double cores = d.host_cores_per_node > 0 ? d.host_cores_per_node : kCoresPerAccelerator * gpn;
  e.cores_per_rank = std::max(1e-3, cores / e.ranks_per_node);

  // What a sample costs.
  const double sampleBytes = d.sample_bytes > 0 ? d.sample_bytes : defaultSampleBytes(d.kind, seq);
  e.stored_bytes_per_sample = sampleBytes / std::max(1.0, d.compression_ratio);
  e.cpu_ms_per_sample = d.cpu_ms_per_sample >= 0 ? d.cpu_ms_per_sample : defaultCpuMsPerSample(d.kind, seq);
  e.samples_per_request = d.samples_per_request > 0 ? d.samples_per_request : defaultSamplesPerRequest(d.kind);

  // Storage bandwidth: the cache's per-node figure, the source's share.
  e.bytes_per_node = e.ranks_per_node * e.samples_per_rank * e.stored_bytes_per_sample;
  double share = 0;
  if (source) share = tierReadGBps(*source, e.loading_nodes, nodeScaleOutGBps(r)) / e.loading_nodes;
  if (!(share > 0)) share = kFallbackWriteGBpsPerNode;  // no readable tier: a local SSD (StorageRules.h)
  e.read_GBps_per_node = share;
  const double missBytes = (1 - hit) * e.bytes_per_node, hitBytes = hit * e.bytes_per_node;
  const double cacheGBps = cache ? std::max(1e-3, cache->read_GBps_per_node) : 1.0;
  e.storage_s = std::max(hitBytes / (cacheGBps * 1e9), missBytes / (share * 1e9));

  // Request latency and CPU, per worker.
  const double srcLat = source ? latencyMs(*source) : defaultRequestLatencyMs("local-nvme");
  e.request_latency_ms = hit * (cache ? latencyMs(*cache) : 0.0) + (1 - hit) * srcLat;
  e.requests_in_flight = std::max(1, d.requests_in_flight_per_worker);
  const double q = e.requests_in_flight;
  e.latency_s = e.samples_per_rank / e.samples_per_request * e.request_latency_ms * 1e-3 / (e.workers_per_rank * q);
  e.cpu_s = e.samples_per_rank * e.cpu_ms_per_sample * 1e-3 / std::min<double>(e.workers_per_rank, e.cores_per_rank);
  const double worker = q > 1 ? std::max(e.latency_s, e.cpu_s) : e.latency_s + e.cpu_s;
  e.load_s = std::max(e.storage_s, worker);
  e.overlapped = d.prefetch_batches > 0;
  if (e.storage_s >= worker)
    e.limit = "storage";
  else
    e.limit = e.latency_s >= e.cpu_s ? "latency" : "cpu";
  return e;
}

}  // namespace cf
