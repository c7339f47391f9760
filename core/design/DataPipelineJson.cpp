#include "design/DataPipelineJson.h"

namespace cf {

const std::vector<std::string>& dataKindNames() {
  static const std::vector<std::string> kinds = {"tokens", "text", "images", "records"};
  return kinds;
}

DataPipeline readDataPipeline(ObjectReader r) {
  DataPipeline d;
  d.kind = r.choice("kind", "tokens", dataKindNames());
  d.sample_bytes = r.numberOrZero("sample_bytes", 0.0, 1.0, 1e10);
  d.compression_ratio = r.number("compression_ratio", 1.0, 1.0, 1000.0);
  if (r.has("cpu_ms_per_sample")) d.cpu_ms_per_sample = r.number("cpu_ms_per_sample", 0.0, 0.0, 1e6);
  d.samples_per_request = r.numberOrZero("samples_per_request", 0.0, 1.0, 1e9);
  d.loader_workers_per_gpu = static_cast<int>(r.integer("loader_workers_per_gpu", 2, 1, 1024));
  d.requests_in_flight_per_worker = static_cast<int>(r.integer("requests_in_flight_per_worker", 1, 1, 4096));
  d.prefetch_batches = static_cast<int>(r.integer("prefetch_batches", 2, 0, 1024));
  d.host_cores_per_node = static_cast<int>(r.integer("host_cores_per_node", 0, 1, 100000));
  d.source = r.string("source", "");
  d.cache_tier = r.string("cache_tier", "");
  d.cache_hit_rate = r.number("cache_hit_rate", 1.0, 0.0, 1.0);
  r.finish();
  return d;
}

nlohmann::json dataPipelineToJson(const DataPipeline& d) {
  nlohmann::json j = {{"kind", d.kind},
                      {"compression_ratio", d.compression_ratio},
                      {"loader_workers_per_gpu", d.loader_workers_per_gpu},
                      {"requests_in_flight_per_worker", d.requests_in_flight_per_worker},
                      {"prefetch_batches", d.prefetch_batches}};
  if (d.sample_bytes > 0) j["sample_bytes"] = d.sample_bytes;
  if (d.cpu_ms_per_sample >= 0) j["cpu_ms_per_sample"] = d.cpu_ms_per_sample;
  if (d.samples_per_request > 0) j["samples_per_request"] = d.samples_per_request;
  if (d.host_cores_per_node > 0) j["host_cores_per_node"] = d.host_cores_per_node;
  if (!d.source.empty()) j["source"] = d.source;
  if (!d.cache_tier.empty()) {
    j["cache_tier"] = d.cache_tier;
    j["cache_hit_rate"] = d.cache_hit_rate;
  }
  return j;
}

}  // namespace cf
