// Helpers of the performance-model test suites: reference CSV files copied
// into tests/core/perf/data, and scenario builders.
#pragma once
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "design/Resolved.h"
#include "design/ScenarioJson.h"

namespace cftest {

// Rows of a CSV file with '#' comments and a header line, as name -> value maps.
inline std::vector<std::map<std::string, std::string>> readCsv(const std::string& relPath) {
  std::ifstream f(std::string(CF_SOURCE_DIR) + "/tests/core/perf/data/" + relPath);
  std::vector<std::map<std::string, std::string>> rows;
  std::vector<std::string> header;
  std::string line;
  auto split = [](const std::string& l) {
    std::vector<std::string> out;
    std::stringstream s(l);
    std::string cell;
    while (std::getline(s, cell, ',')) out.push_back(cell);
    return out;
  };
  while (std::getline(f, line)) {
    if (line.empty() || line[0] == '#') continue;
    if (header.empty()) {
      header = split(line);
      continue;
    }
    auto cells = split(line);
    std::map<std::string, std::string> row;
    for (std::size_t i = 0; i < header.size() && i < cells.size(); ++i) row[header[i]] = cells[i];
    rows.push_back(row);
  }
  return rows;
}

// A Megatron-LM run on NVIDIA Selene (SC'21 §5): DGX A100 80GB, 8 GPUs on
// NVSwitch at 300 GB/s, 8 x 200 Gb/s HDR InfiniBand per node on a
// rail-optimised fat-tree of 40-port QM8700 switches; GPT model with
// seq_len 2048 and vocab 51200; micro-batch 1, full recomputation, bf16.
inline nlohmann::json seleneScenario(int heads, int hidden, int layers, int tp, int pp, int gpus, int globalBatch) {
  return nlohmann::json{
      {"format", "clusterforge.scenario/1"},
      {"name", "Megatron GPT on Selene"},
      {"cluster",
       {{"accelerator", "A100-SXM4-80GB"},
        {"accelerators_per_node", 8},
        {"nodes", gpus / 8},
        {"scale_up", {{"kind", "nvswitch"}, {"domain_size", 8}, {"bandwidth_GBps", 300}}},
        {"scale_out",
         {{"nics_per_node", 8}, {"nic_Gbps", 200}, {"topology", "fat-tree"}, {"tiers", 3},
          {"oversubscription", 1.0}, {"rail_optimized", true}, {"switch", "QM8700-HDR-40p"}}},
        {"storage", {{{"name", "pfs"}, {"kind", "parallel-fs"}, {"read_GBps", 500}, {"write_GBps", 250}, {"capacity_PB", 10}}}}}},
      {"job",
       {{"model", {{"layers", layers}, {"hidden", hidden}, {"heads", heads}, {"seq_len", 2048}, {"vocab", 51200}, {"ffn_kind", "gelu"}}},
        {"parallelism",
         {{"tp", tp}, {"pp", pp}, {"dp", gpus / (tp * pp)}, {"micro_batch", 1}, {"global_batch", globalBatch},
          {"zero_stage", 1}, {"recompute", "full"}}},
        {"precision", "bf16"},
        {"train_tokens", 3.0e11}}}};
}

inline cf::Scenario scenario(const nlohmann::json& j) { return cf::scenarioFromJson(j); }

}  // namespace cftest
