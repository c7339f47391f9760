#include "job/ModelPresets.h"

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

// DeepSeek-V3 as published (arXiv 2412.19437 §2.1, §2.2, §4.2): multi-head
// latent attention, 1 shared + 8 of 256 routed experts, node-limited routing
// to 4 nodes, 3 dense first layers, one MTP module (docs/scenario-format.md).
ModelSpec deepSeekV3() {
  ModelSpec m = spec("DeepSeek-V3 671B MoE", 61, 7168, 128, 0, 2048, "swiglu", 4096, 129280, 256, 8);
  m.head_dim = 128;
  m.attention = "mla";
  m.q_lora_rank = 1536;
  m.kv_lora_rank = 512;
  m.qk_rope_head_dim = 64;
  m.v_head_dim = 128;
  m.shared_experts = 1;
  m.moe_max_nodes = 4;
  m.first_dense_layers = 3;
  m.dense_ffn_hidden = 18432;
  m.mtp_depth = 1;
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
      {"DeepSeek-V3 671B MoE", deepSeekV3()},
      {"BERT-Large", spec("BERT-Large", 24, 1024, 16, 0, 0, "gelu", 512, 30522)},
  };
  return presets;
}

}  // namespace cf
