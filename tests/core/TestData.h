// Helpers shared by the core test suites.
#pragma once
#include <fstream>
#include <sstream>
#include <string>

#include "design/ScenarioJson.h"

namespace cftest {

inline std::string readText(const std::string& path) {
  std::ifstream f(path);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

// The example of docs/scenario-format.md (Megatron GPT 145.6B on 1,536 A100).
inline nlohmann::json formatExample() {
  return cf::parseJsonText(readText(std::string(CF_SOURCE_DIR) + "/tests/core/data/format-example.cf.json"));
}

// A small valid scenario: 4 nodes x 8 H100, Llama-ish 8B model.
inline nlohmann::json smallScenario() {
  return nlohmann::json::parse(R"({
    "format": "clusterforge.scenario/1", "name": "small",
    "cluster": { "accelerator": "H100-SXM5-80GB", "nodes": 4,
                 "scale_out": { "nic_Gbps": 400, "tiers": 1 },
                 "storage": [ { "name": "pfs", "kind": "parallel-fs", "read_GBps": 100, "write_GBps": 50, "capacity_PB": 1 } ] },
    "job": { "model": { "layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 8, "ffn_hidden": 14336,
                        "ffn_kind": "swiglu", "vocab": 128256, "seq_len": 8192 },
             "parallelism": { "tp": 8, "pp": 1, "micro_batch": 1, "global_batch": 64 } }
  })");
}

}  // namespace cftest
