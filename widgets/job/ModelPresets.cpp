#include "ModelPresets.h"

namespace cf {

namespace {
ModelSpec spec(const char* preset, int layers, int hidden, int heads, int kv, int ffn, const char* kind, int seq,
               int vocab, int experts = 1, int topk = 1) {
  ModelSpec m;
  m.preset = preset;
  m.layers = layers;
  m.hidden = hidden;
  m.heads = heads;
  m.kv_heads = kv;
  m.ffn_hidden = ffn;
  m.ffn_kind = kind;
  m.seq_len = seq;
  m.vocab = vocab;
  m.experts = experts;
  m.top_k = topk;
  return m;
}
}  // namespace

const std::vector<ModelPreset>& modelPresets() {
  static const std::vector<ModelPreset> presets{
      {"GPT-3 175B", spec("GPT-3 175B", 96, 12288, 96, 0, 0, "gelu", 2048, 51200)},
      {"Llama 3 8B", spec("Llama 3 8B", 32, 4096, 32, 8, 14336, "swiglu", 8192, 128256)},
      {"Llama 3 70B", spec("Llama 3 70B", 80, 8192, 64, 8, 28672, "swiglu", 8192, 128256)},
      {"Llama 3 405B", spec("Llama 3 405B", 126, 16384, 128, 8, 53248, "swiglu", 8192, 128256)},
      {"Mixtral 8x7B", spec("Mixtral 8x7B", 32, 4096, 32, 8, 14336, "swiglu", 4096, 32000, 8, 2)},
      {"DeepSeek-V3 671B MoE", spec("DeepSeek-V3 671B MoE", 61, 7168, 128, 0, 2048, "swiglu", 4096, 129280, 256, 8)},
      {"BERT-Large", spec("BERT-Large", 24, 1024, 16, 0, 0, "gelu", 512, 30522)},
  };
  return presets;
}

}  // namespace cf
