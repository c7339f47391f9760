// The model presets of the job editor, with their published shapes:
// GPT-3 175B (Brown et al. 2020, Table 2.1), Llama 3 8B/70B/405B (Llama 3 herd
// paper 2024, Table 3), Mixtral 8x7B (Jiang et al. 2024), DeepSeek-V3 671B
// (DeepSeek-AI 2024: 61 layers, 256 routed experts of ffn 2048, top-8; the
// shared expert and the 3 dense layers are not modelled), BERT-Large (Devlin
// et al. 2019).
#pragma once
#include <string>
#include <vector>

#include "design/Job.h"

namespace cf {

struct ModelPreset {
  std::string name;
  ModelSpec model;
};

const std::vector<ModelPreset>& modelPresets();

}  // namespace cf
