#include "properties/FieldSpec.h"

#include <QCoreApplication>
#include <cmath>

#include "JsonPath.h"

namespace cf {

namespace {

using K = FieldSpec::Kind;

FieldSpec intField(const char* ptr, const char* label, const char* tip, double min, double max,
                   const char* autoText = nullptr) {
  FieldSpec f{ptr, label, tip, K::Int, min, max};
  f.autoText = autoText;
  return f;
}

FieldSpec numField(const char* ptr, const char* label, const char* tip, double min, double max, int decimals,
                   const char* suffix = "", const char* autoText = nullptr) {
  FieldSpec f{ptr, label, tip, K::Double, min, max, decimals};
  f.suffix = suffix;
  f.autoText = autoText;
  return f;
}

FieldSpec choiceField(const char* ptr, const char* label, const char* tip, std::vector<Choice> choices) {
  FieldSpec f{ptr, label, tip, K::Choice};
  f.choices = std::move(choices);
  return f;
}

FieldSpec catalogField(const char* ptr, const char* label, const char* tip, const char* category,
                       const char* autoText = nullptr) {
  FieldSpec f{ptr, label, tip, K::CatalogId};
  f.catalog = category;
  f.autoText = autoText;
  return f;
}

FieldSpec boolField(const char* ptr, const char* label, const char* tip) { return {ptr, label, tip, K::Bool}; }

FieldSpec withDefault(FieldSpec f, const char* json) {
  f.defaultJson = json;
  return f;
}

std::vector<FieldGroup> buildGroups() {
  std::vector<FieldGroup> g;
  g.push_back(
      {QT_TRANSLATE_NOOP("cf::FieldSpec", "Accelerators and nodes"),
       {
           catalogField("/cluster/accelerator", QT_TRANSLATE_NOOP("cf::FieldSpec", "Accelerator"),
                        QT_TRANSLATE_NOOP("cf::FieldSpec", "Catalog id of the accelerator card"), "accelerators"),
           catalogField(
               "/cluster/node_type", QT_TRANSLATE_NOOP("cf::FieldSpec", "Node type"),
               QT_TRANSLATE_NOOP("cf::FieldSpec", "Server model; automatic picks the catalog node for the accelerator"),
               "nodes", QT_TRANSLATE_NOOP("cf::FieldSpec", "Automatic")),
           intField("/cluster/accelerators_per_node", QT_TRANSLATE_NOOP("cf::FieldSpec", "Accelerators per node"), "",
                    1, 1024),
           intField("/cluster/nodes", QT_TRANSLATE_NOOP("cf::FieldSpec", "Nodes"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Number of compute nodes"), 1, 10000000),
       }});
  g.push_back(
      {QT_TRANSLATE_NOOP("cf::FieldSpec", "Scale-up domain"),
       {
           choiceField("/cluster/scale_up/kind", QT_TRANSLATE_NOOP("cf::FieldSpec", "Interconnect"), "",
                       {{"none", QT_TRANSLATE_NOOP("cf::FieldSpec", "None")},
                        {"pcie", QT_TRANSLATE_NOOP("cf::FieldSpec", "PCIe")},
                        {"nvlink", QT_TRANSLATE_NOOP("cf::FieldSpec", "NVLink")},
                        {"nvswitch", QT_TRANSLATE_NOOP("cf::FieldSpec", "NVSwitch")},
                        {"hccs", QT_TRANSLATE_NOOP("cf::FieldSpec", "HCCS")}}),
           intField("/cluster/scale_up/domain_size", QT_TRANSLATE_NOOP("cf::FieldSpec", "Domain size"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec",
                                      "Accelerators in one scale-up domain (8 for a DGX-class node, 72 for NVL72)"),
                    0, 1000000, QT_TRANSLATE_NOOP("cf::FieldSpec", "Automatic")),
           numField("/cluster/scale_up/bandwidth_GBps", QT_TRANSLATE_NOOP("cf::FieldSpec", "Bandwidth per GPU"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Per GPU, per direction"), 0, 100000, 0,
                    QT_TRANSLATE_NOOP("cf::FieldSpec", " GB/s"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "From the accelerator")),
       }});
  FieldSpec planes =
      intField("/cluster/scale_out/planes", QT_TRANSLATE_NOOP("cf::FieldSpec", "Planes"),
               QT_TRANSLATE_NOOP("cf::FieldSpec", "Parallel scale-out planes (multi-plane fabrics)"), 1, 64);
  planes.defaultJson = "1";
  g.push_back(
      {QT_TRANSLATE_NOOP("cf::FieldSpec", "Scale-out network"),
       {
           choiceField("/cluster/scale_out/topology", QT_TRANSLATE_NOOP("cf::FieldSpec", "Topology"), "",
                       {{"fat-tree", QT_TRANSLATE_NOOP("cf::FieldSpec", "Fat-tree")},
                        {"spine-leaf", QT_TRANSLATE_NOOP("cf::FieldSpec", "Spine-leaf")},
                        {"rail-optimized", QT_TRANSLATE_NOOP("cf::FieldSpec", "Rail-optimised")},
                        {"dragonfly", QT_TRANSLATE_NOOP("cf::FieldSpec", "Dragonfly")},
                        {"torus2d", QT_TRANSLATE_NOOP("cf::FieldSpec", "2D torus")},
                        {"torus3d", QT_TRANSLATE_NOOP("cf::FieldSpec", "3D torus")}}),
           intField("/cluster/scale_out/tiers", QT_TRANSLATE_NOOP("cf::FieldSpec", "Tiers"), "", 1, 3),
           numField("/cluster/scale_out/oversubscription", QT_TRANSLATE_NOOP("cf::FieldSpec", "Oversubscription"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Downlink:uplink ratio at the leaves (1 = non-blocking)"), 1, 64,
                    2, QT_TRANSLATE_NOOP("cf::FieldSpec", " : 1")),
           boolField("/cluster/scale_out/rail_optimized", QT_TRANSLATE_NOOP("cf::FieldSpec", "Rail-optimised"),
                     QT_TRANSLATE_NOOP("cf::FieldSpec", "NIC i of every node connects to leaf group i")),
           intField("/cluster/scale_out/nics_per_node", QT_TRANSLATE_NOOP("cf::FieldSpec", "NICs per node"), "", 0,
                    1024),
           numField("/cluster/scale_out/nic_Gbps", QT_TRANSLATE_NOOP("cf::FieldSpec", "NIC speed"), "", 0, 100000, 0,
                    QT_TRANSLATE_NOOP("cf::FieldSpec", " Gb/s")),
           catalogField("/cluster/scale_out/switch", QT_TRANSLATE_NOOP("cf::FieldSpec", "Switch"),
                        QT_TRANSLATE_NOOP("cf::FieldSpec",
                                          "Fabric switch; automatic picks the catalog switch for the NIC speed"),
                        "switches", QT_TRANSLATE_NOOP("cf::FieldSpec", "Automatic")),
           intField("/cluster/scale_out/switch_radix", QT_TRANSLATE_NOOP("cf::FieldSpec", "Switch radix"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Ports per switch; automatic uses the switch's own radix"), 1,
                    1024, QT_TRANSLATE_NOOP("cf::FieldSpec", "Automatic")),
           planes,
       }});
  FieldSpec redundancy =
      choiceField("/cluster/facility/power_redundancy", QT_TRANSLATE_NOOP("cf::FieldSpec", "Power redundancy"),
                  QT_TRANSLATE_NOOP("cf::FieldSpec", "Redundancy of the UPS and power chain"),
                  {{"N", "N"}, {"N+1", "N+1"}, {"2N", "2N"}});
  redundancy.defaultJson = "\"N+1\"";
  FieldSpec powerChain = choiceField(
      "/cluster/facility/power_chain", QT_TRANSLATE_NOOP("cf::FieldSpec", "Power chain"),
      QT_TRANSLATE_NOOP("cf::FieldSpec", "UPS / conversion architecture between the grid and the IT load"),
      {{"double-conversion", QT_TRANSLATE_NOOP("cf::FieldSpec", "Double-conversion UPS")},
       {"eco-mode", QT_TRANSLATE_NOOP("cf::FieldSpec", "UPS in eco-mode")},
       {"hvdc", QT_TRANSLATE_NOOP("cf::FieldSpec", "Mains + 240/336 V HVDC")}});
  powerChain.defaultJson = "\"double-conversion\"";
  FieldSpec utilization =
      numField("/cluster/facility/utilization", QT_TRANSLATE_NOOP("cf::FieldSpec", "Utilisation"),
               QT_TRANSLATE_NOOP("cf::FieldSpec", "Share of the year the GPUs do paid work (cost per GPU-hour)"), 1,
               100, 0, QT_TRANSLATE_NOOP("cf::FieldSpec", " %"));
  utilization.scale = 0.01;
  utilization.defaultJson = "0.85";
  g.push_back(
      {QT_TRANSLATE_NOOP("cf::FieldSpec", "Facility"),
       {
           choiceField("/cluster/facility/cooling", QT_TRANSLATE_NOOP("cf::FieldSpec", "Cooling"), "",
                       {{"air", QT_TRANSLATE_NOOP("cf::FieldSpec", "Air cooling")},
                        {"rear-door", QT_TRANSLATE_NOOP("cf::FieldSpec", "Rear-door heat exchanger")},
                        {"direct-liquid", QT_TRANSLATE_NOOP("cf::FieldSpec", "Direct liquid cooling")},
                        {"immersion", QT_TRANSLATE_NOOP("cf::FieldSpec", "Immersion cooling")}}),
           choiceField("/cluster/facility/climate", QT_TRANSLATE_NOOP("cf::FieldSpec", "Climate"), "",
                       {{"temperate", QT_TRANSLATE_NOOP("cf::FieldSpec", "Temperate")},
                        {"cold", QT_TRANSLATE_NOOP("cf::FieldSpec", "Cold")},
                        {"hot-humid", QT_TRANSLATE_NOOP("cf::FieldSpec", "Hot and humid")},
                        {"hot-dry", QT_TRANSLATE_NOOP("cf::FieldSpec", "Hot and dry")},
                        {"beijing", QT_TRANSLATE_NOOP("cf::FieldSpec", "Beijing")},
                        {"ulanqab", QT_TRANSLATE_NOOP("cf::FieldSpec", "Ulanqab")},
                        {"guiyang", QT_TRANSLATE_NOOP("cf::FieldSpec", "Guiyang")},
                        {"shanghai", QT_TRANSLATE_NOOP("cf::FieldSpec", "Shanghai")},
                        {"singapore", QT_TRANSLATE_NOOP("cf::FieldSpec", "Singapore")},
                        {"oregon", QT_TRANSLATE_NOOP("cf::FieldSpec", "Oregon")},
                        {"virginia", QT_TRANSLATE_NOOP("cf::FieldSpec", "Virginia")},
                        {"nordics", QT_TRANSLATE_NOOP("cf::FieldSpec", "Nordics")}}),
           numField("/cluster/facility/electricity_usd_per_kWh",
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Electricity price"), "", 0, 10, 3,
                    QT_TRANSLATE_NOOP("cf::FieldSpec", " USD/kWh")),
           numField("/cluster/facility/amortization_years", QT_TRANSLATE_NOOP("cf::FieldSpec", "Amortisation"), "", 0.1,
                    100, 1, QT_TRANSLATE_NOOP("cf::FieldSpec", " years")),
           catalogField("/cluster/facility/cooling_system", QT_TRANSLATE_NOOP("cf::FieldSpec", "Cooling system"),
                        QT_TRANSLATE_NOOP(
                            "cf::FieldSpec",
                            "Catalog cooling system; automatic picks the catalog's first system of the cooling kind"),
                        "cooling", QT_TRANSLATE_NOOP("cf::FieldSpec", "Automatic")),
           redundancy,
           powerChain,
           utilization,
           numField("/cluster/facility/cloud_usd_per_gpu_hour",
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Cloud price per GPU-hour"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec",
                                      "For the cloud comparison; automatic estimates it from the accelerator's price"),
                    0, 1000, 2, QT_TRANSLATE_NOOP("cf::FieldSpec", " USD"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Automatic")),
       }});
  g.push_back(
      {QT_TRANSLATE_NOOP("cf::FieldSpec", "Model"),
       {
           {"/job/model/preset", QT_TRANSLATE_NOOP("cf::FieldSpec", "Preset name"),
            QT_TRANSLATE_NOOP("cf::FieldSpec", "Informative name, e.g. GPT-3 175B"), K::Text},
           intField("/job/model/layers", QT_TRANSLATE_NOOP("cf::FieldSpec", "Layers"), "", 1, 100000),
           intField("/job/model/hidden", QT_TRANSLATE_NOOP("cf::FieldSpec", "Hidden size"), "", 1, 10000000),
           intField("/job/model/heads", QT_TRANSLATE_NOOP("cf::FieldSpec", "Attention heads"), "", 1, 100000),
           intField("/job/model/kv_heads", QT_TRANSLATE_NOOP("cf::FieldSpec", "KV heads"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Grouped-query attention; automatic = attention heads"), 0,
                    100000, QT_TRANSLATE_NOOP("cf::FieldSpec", "Automatic")),
           intField("/job/model/seq_len", QT_TRANSLATE_NOOP("cf::FieldSpec", "Sequence length"), "", 1, 100000000),
           intField("/job/model/vocab", QT_TRANSLATE_NOOP("cf::FieldSpec", "Vocabulary"), "", 1, 100000000),
           intField("/job/model/ffn_hidden", QT_TRANSLATE_NOOP("cf::FieldSpec", "FFN hidden size"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Automatic = 4 × hidden size"), 0, 100000000,
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Automatic")),
           choiceField("/job/model/ffn_kind", QT_TRANSLATE_NOOP("cf::FieldSpec", "FFN kind"), "",
                       {{"gelu", QT_TRANSLATE_NOOP("cf::FieldSpec", "GeLU (2 matrices)")},
                        {"swiglu", QT_TRANSLATE_NOOP("cf::FieldSpec", "SwiGLU (3 matrices)")}}),
           intField("/job/model/experts", QT_TRANSLATE_NOOP("cf::FieldSpec", "Experts"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "More than 1 makes a mixture-of-experts model"), 1, 100000),
           intField("/job/model/top_k", QT_TRANSLATE_NOOP("cf::FieldSpec", "Active experts (top-k)"), "", 1, 100000),
           intField("/job/model/first_dense_layers", QT_TRANSLATE_NOOP("cf::FieldSpec", "Dense first layers"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Mixture of experts: first layers that run one dense MLP"), 0,
                    100000),
           intField("/job/model/dense_ffn_hidden", QT_TRANSLATE_NOOP("cf::FieldSpec", "Dense FFN hidden size"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "MLP width of the dense first layers; automatic = FFN hidden size"),
                    0, 100000000, QT_TRANSLATE_NOOP("cf::FieldSpec", "Automatic")),
           intField("/job/model/head_dim", QT_TRANSLATE_NOOP("cf::FieldSpec", "Head width"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec",
                                      "Width of one attention head; automatic = hidden size / heads. Latent attention: "
                                      "the query/key width without RoPE"),
                    0, 100000, QT_TRANSLATE_NOOP("cf::FieldSpec", "Automatic")),
           withDefault(choiceField("/job/model/attention", QT_TRANSLATE_NOOP("cf::FieldSpec", "Attention"), "",
                                   {{"mha", QT_TRANSLATE_NOOP("cf::FieldSpec", "Multi-head (grouped-query with KV heads)")},
                                    {"mla", QT_TRANSLATE_NOOP("cf::FieldSpec", "Multi-head latent (MLA)")}}),
                       "\"mha\""),
           intField("/job/model/q_lora_rank", QT_TRANSLATE_NOOP("cf::FieldSpec", "Query latent rank"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec",
                                      "Latent attention: query latent width; 0 = queries projected from the hidden state"),
                    0, 10000000),
           intField("/job/model/kv_lora_rank", QT_TRANSLATE_NOOP("cf::FieldSpec", "Key/value latent rank"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Latent attention: key/value latent width (required)"), 0,
                    10000000),
           intField("/job/model/qk_rope_head_dim", QT_TRANSLATE_NOOP("cf::FieldSpec", "RoPE width per head"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec",
                                      "Latent attention: RoPE dimensions added to each query, and of the shared key"),
                    0, 100000),
           intField("/job/model/v_head_dim", QT_TRANSLATE_NOOP("cf::FieldSpec", "Value width per head"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Latent attention; automatic = head width"), 0, 100000,
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Automatic")),
           intField("/job/model/mtp_depth", QT_TRANSLATE_NOOP("cf::FieldSpec", "MTP depth"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Multi-token prediction modules (DeepSeek-V3: 1)"), 0, 100),
       }});
  g.push_back(
      {QT_TRANSLATE_NOOP("cf::FieldSpec", "Parallelism"),
       {
           intField("/job/parallelism/tp", QT_TRANSLATE_NOOP("cf::FieldSpec", "Tensor parallel (TP)"), "", 1, 1 << 20),
           intField("/job/parallelism/pp", QT_TRANSLATE_NOOP("cf::FieldSpec", "Pipeline parallel (PP)"), "", 1,
                    1 << 20),
           intField("/job/parallelism/dp", QT_TRANSLATE_NOOP("cf::FieldSpec", "Data parallel (DP)"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Automatic = GPUs / (TP × PP × CP)"), 0, 1 << 24,
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Automatic")),
           intField("/job/parallelism/ep", QT_TRANSLATE_NOOP("cf::FieldSpec", "Expert parallel (EP)"), "", 1, 1 << 20),
           intField("/job/parallelism/cp", QT_TRANSLATE_NOOP("cf::FieldSpec", "Context parallel (CP)"), "", 1, 1 << 20),
           intField("/job/parallelism/virtual_stages", QT_TRANSLATE_NOOP("cf::FieldSpec", "Virtual stages"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Interleaved pipeline stages per GPU"), 1, 1024),
           intField("/job/parallelism/micro_batch", QT_TRANSLATE_NOOP("cf::FieldSpec", "Micro-batch"), "", 1, 1 << 20),
           intField("/job/parallelism/global_batch", QT_TRANSLATE_NOOP("cf::FieldSpec", "Global batch"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Sequences per step; a multiple of DP × micro-batch"), 0,
                    2147483647, QT_TRANSLATE_NOOP("cf::FieldSpec", "Automatic")),
           intField("/job/parallelism/zero_stage", QT_TRANSLATE_NOOP("cf::FieldSpec", "ZeRO stage"), "", 0, 3),
           choiceField("/job/parallelism/recompute", QT_TRANSLATE_NOOP("cf::FieldSpec", "Activation recomputation"), "",
                       {{"none", QT_TRANSLATE_NOOP("cf::FieldSpec", "None")},
                        {"selective", QT_TRANSLATE_NOOP("cf::FieldSpec", "Selective")},
                        {"full", QT_TRANSLATE_NOOP("cf::FieldSpec", "Full")}}),
           withDefault(choiceField("/job/parallelism/schedule", QT_TRANSLATE_NOOP("cf::FieldSpec", "Pipeline schedule"),
                                   QT_TRANSLATE_NOOP("cf::FieldSpec", "Zero-bubble schedules (Qi et al. 2024) fill the bubble with weight-gradient work"),
                                   {{"1f1b", QT_TRANSLATE_NOOP("cf::FieldSpec", "1F1B (interleaved with virtual stages)")},
                                    {"zb-h1", QT_TRANSLATE_NOOP("cf::FieldSpec", "Zero bubble ZB-H1")},
                                    {"zb-v", QT_TRANSLATE_NOOP("cf::FieldSpec", "Zero bubble ZB-V (2 virtual stages)")},
                                    {"dualpipe", QT_TRANSLATE_NOOP("cf::FieldSpec", "DualPipe (DeepSeek-V3; even PP)")}}),
                       "\"1f1b\""),
           intField("/job/parallelism/first_stage_layers", QT_TRANSLATE_NOOP("cf::FieldSpec", "Layers on the first stage"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Fewer layers beside the embedding balance the pipeline"), 0, 100000,
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Even split")),
           intField("/job/parallelism/last_stage_layers", QT_TRANSLATE_NOOP("cf::FieldSpec", "Layers on the last stage"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Fewer layers beside the output head balance the pipeline"), 0, 100000,
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Even split")),
           withDefault(choiceField("/job/parallelism/rank_order", QT_TRANSLATE_NOOP("cf::FieldSpec", "Rank order"),
                                   QT_TRANSLATE_NOOP("cf::FieldSpec", "Which dimension lands inside the NVLink domain after TP"),
                                   {{"tp-cp-dp-pp", QT_TRANSLATE_NOOP("cf::FieldSpec", "Data parallel inside (Megatron)")},
                                    {"tp-cp-pp-dp", QT_TRANSLATE_NOOP("cf::FieldSpec", "Pipeline inside, DP outermost (Llama 3)")}}),
                       "\"tp-cp-dp-pp\""),
       }});
  g.push_back(
      {QT_TRANSLATE_NOOP("cf::FieldSpec", "Training software"),
       {
           withDefault(choiceField("/job/software/preset", QT_TRANSLATE_NOOP("cf::FieldSpec", "Software preset"),
                                   QT_TRANSLATE_NOOP("cf::FieldSpec", "The training stack the other settings start from"),
                                   {{"auto", QT_TRANSLATE_NOOP("cf::FieldSpec", "By accelerator generation")},
                                    {"megatron-2021", QT_TRANSLATE_NOOP("cf::FieldSpec", "Megatron-LM 2021")},
                                    {"megatron-core-2024", QT_TRANSLATE_NOOP("cf::FieldSpec", "Megatron-core 2024")}}),
                       "\"auto\""),
           withDefault(choiceField("/job/software/tp_overlap", QT_TRANSLATE_NOOP("cf::FieldSpec", "TP communication overlap"),
                                   QT_TRANSLATE_NOOP("cf::FieldSpec", "Tensor-parallel collectives hidden behind GEMMs"),
                                   {{"none", QT_TRANSLATE_NOOP("cf::FieldSpec", "None")},
                                    {"bulk", QT_TRANSLATE_NOOP("cf::FieldSpec", "Bulk (backward)")},
                                    {"pipelined", QT_TRANSLATE_NOOP("cf::FieldSpec", "Pipelined (forward and backward)")}}),
                       "\"none\""),
           withDefault(boolField("/job/software/parallel_block", QT_TRANSLATE_NOOP("cf::FieldSpec", "Parallel attention and MLP"),
                                 QT_TRANSLATE_NOOP("cf::FieldSpec", "GPT-J/PaLM block: changes the model")),
                       "false"),
           withDefault(numField("/job/software/activation_offload", QT_TRANSLATE_NOOP("cf::FieldSpec", "Activation offload"),
                                QT_TRANSLATE_NOOP("cf::FieldSpec", "Share of stored activations kept in host memory"), 0, 1, 2),
                       "0"),
           withDefault(numField("/job/software/moe_capacity_factor", QT_TRANSLATE_NOOP("cf::FieldSpec", "MoE capacity factor"),
                                QT_TRANSLATE_NOOP("cf::FieldSpec", "0 = dropless routing"), 0, 64, 2),
                       "0"),
           withDefault(numField("/job/software/moe_load_imbalance", QT_TRANSLATE_NOOP("cf::FieldSpec", "MoE load imbalance"),
                                QT_TRANSLATE_NOOP("cf::FieldSpec", "Busiest expert's tokens over the mean"), 1, 64, 2),
                       "1"),
       }});
  FieldSpec tokens = numField("/job/train_tokens", QT_TRANSLATE_NOOP("cf::FieldSpec", "Training tokens"),
                              QT_TRANSLATE_NOOP("cf::FieldSpec", "In billions of tokens (B = 10⁹)"), 0.1, 1e6, 1,
                              QT_TRANSLATE_NOOP("cf::FieldSpec", " B"));
  tokens.scale = 1e9;
  FieldSpec interval =
      numField("/job/checkpoint/interval_s", QT_TRANSLATE_NOOP("cf::FieldSpec", "Checkpoint interval"),
               QT_TRANSLATE_NOOP("cf::FieldSpec", "Optimal = chosen by the model (Young/Daly)"), 0, 1e8, 0,
               QT_TRANSLATE_NOOP("cf::FieldSpec", " s"), QT_TRANSLATE_NOOP("cf::FieldSpec", "Optimal"));
  interval.autoJson = "\"optimal\"";
  FieldSpec target{"/job/checkpoint/target", QT_TRANSLATE_NOOP("cf::FieldSpec", "Checkpoint target"),
                   QT_TRANSLATE_NOOP("cf::FieldSpec", "Storage tier the checkpoints are written to"), K::StorageTier};
  target.autoText = QT_TRANSLATE_NOOP("cf::FieldSpec", "First shared tier");
  g.push_back(
      {QT_TRANSLATE_NOOP("cf::FieldSpec", "Training"),
       {
           choiceField("/job/precision", QT_TRANSLATE_NOOP("cf::FieldSpec", "Precision"),
                       QT_TRANSLATE_NOOP("cf::FieldSpec", "Mixed precision of the matrix multiplications"),
                       {{"fp32", QT_TRANSLATE_NOOP("cf::FieldSpec", "FP32")},
                        {"bf16", QT_TRANSLATE_NOOP("cf::FieldSpec", "BF16")},
                        {"fp16", QT_TRANSLATE_NOOP("cf::FieldSpec", "FP16")},
                        {"fp8", QT_TRANSLATE_NOOP("cf::FieldSpec", "FP8")}}),
           tokens,
           interval,
           target,
           boolField("/job/checkpoint/async", QT_TRANSLATE_NOOP("cf::FieldSpec", "Asynchronous checkpoints"), ""),
       }});
  FieldSpec recovery = choiceField(
      "/reliability/recovery", QT_TRANSLATE_NOOP("cf::FieldSpec", "Failure recovery"),
      QT_TRANSLATE_NOOP("cf::FieldSpec", "How a job resumes after a failure (docs/models.md, recovery strategies)"),
      {{"checkpoint-restart", QT_TRANSLATE_NOOP("cf::FieldSpec", "Restart from the last checkpoint")},
       {"in-memory", QT_TRANSLATE_NOOP("cf::FieldSpec", "In-memory checkpoint (hot backup)")},
       {"process-level", QT_TRANSLATE_NOOP("cf::FieldSpec", "Process-level recovery")},
       {"elastic", QT_TRANSLATE_NOOP("cf::FieldSpec", "Elastic (continue on fewer GPUs)")}});
  recovery.defaultJson = "\"checkpoint-restart\"";
  g.push_back(
      {QT_TRANSLATE_NOOP("cf::FieldSpec", "Reliability"),
       {
           intField("/reliability/trials", QT_TRANSLATE_NOOP("cf::FieldSpec", "Monte Carlo trials"), "", 1, 10000000),
           intField("/reliability/seed", QT_TRANSLATE_NOOP("cf::FieldSpec", "Random seed"), "", 0, 2147483647),
           numField("/reliability/restart_s", QT_TRANSLATE_NOOP("cf::FieldSpec", "Restart time"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec", "Detection, restart and reload after a failure"), 0, 1e6, 0,
                    QT_TRANSLATE_NOOP("cf::FieldSpec", " s")),
           intField("/reliability/spare_nodes", QT_TRANSLATE_NOOP("cf::FieldSpec", "Hot spare nodes"),
                    QT_TRANSLATE_NOOP("cf::FieldSpec",
                                      "Nodes kept ready to replace failed ones; automatic sizes the pool to "
                                      "cover 99.9 % of the repairs outstanding at once"),
                    -1, 1000000, QT_TRANSLATE_NOOP("cf::FieldSpec", "Automatic")),
           recovery,
           boolField("/reliability/optics_lane_tolerance", QT_TRANSLATE_NOOP("cf::FieldSpec", "Optical lane tolerance"),
                     QT_TRANSLATE_NOOP("cf::FieldSpec",
                                       "A link keeps running on its other lanes when one optical lane fails: the "
                                       "optics interrupt a job 10 times less often (the seeds: 4 % -> 0.4 %)")),
           boolField("/reliability/failure_rates_only",
                     QT_TRANSLATE_NOOP("cf::FieldSpec", "Only the listed failure rates"),
                     QT_TRANSLATE_NOOP("cf::FieldSpec", "Components without an explicit failure rate do not fail")),
       }});
  return g;
}

}  // namespace

QString FieldSpec::keyPath() const { return pointerToKeyPath(QString::fromLatin1(pointer)); }

nlohmann::json FieldSpec::autoValue() const { return autoJson ? nlohmann::json::parse(autoJson) : nlohmann::json(); }

nlohmann::json FieldSpec::valueOfShown(double shown) const {
  if (hasAuto() && shown <= min) return autoValue();
  if (kind == Kind::Int) return static_cast<long long>(shown);
  return scale >= 1 ? shown * scale : shown / std::round(1.0 / scale);
}

const std::vector<FieldGroup>& propertyGroups() {
  static const std::vector<FieldGroup> groups = buildGroups();
  return groups;
}

QString choiceText(const char* pointer, const std::string& value) {
  for (const FieldGroup& g : propertyGroups())
    for (const FieldSpec& f : g.fields)
      if (qstrcmp(f.pointer, pointer) == 0)
        for (const Choice& c : f.choices)
          if (value == c.value) return fieldText(c.label);
  return QString::fromStdString(value);
}

namespace {
// Documented scenario keys the property form does not edit (the Job tab's
// levers, whose value may be left to the software preset), named where a
// change to them is shown: Compare's differing inputs, a waterfall step.
const char* const kKeyLabels[][2] = {
    {"job.software.flash_attention", QT_TRANSLATE_NOOP("cf::FieldSpec", "FlashAttention")},
    {"job.software.sequence_parallel", QT_TRANSLATE_NOOP("cf::FieldSpec", "Sequence parallelism")},
    {"job.software.overlap_dp", QT_TRANSLATE_NOOP("cf::FieldSpec", "Data-parallel communication overlapped")},
    {"job.software.overlap_p2p", QT_TRANSLATE_NOOP("cf::FieldSpec", "Pipeline sends overlapped (interleaved)")},
    {"job.software.recompute_modules", QT_TRANSLATE_NOOP("cf::FieldSpec", "Modules recomputed")},
    {"job.software.fp8_activation_cache", QT_TRANSLATE_NOOP("cf::FieldSpec", "FP8 activation cache")},
    {"job.software.fp8_weight_cache", QT_TRANSLATE_NOOP("cf::FieldSpec", "FP8 weight cache")},
    {"job.software.bf16_edge_layers", QT_TRANSLATE_NOOP("cf::FieldSpec", "BF16 first and last layers (FP8)")},
    {"job.software.optimizer_moments", QT_TRANSLATE_NOOP("cf::FieldSpec", "Optimizer moments precision")},
    {"job.software.fp8_recipe", QT_TRANSLATE_NOOP("cf::FieldSpec", "FP8 scaling recipe")},
    {"job.software.fp32_main_grads", QT_TRANSLATE_NOOP("cf::FieldSpec", "FP32 main gradients")},
    {"job.software.cross_entropy", QT_TRANSLATE_NOOP("cf::FieldSpec", "Cross-entropy logits")},
    {"job.software.selective_recompute", QT_TRANSLATE_NOOP("cf::FieldSpec", "Selective recomputation keeps")},
    {"job.software.pipeline_keeps_outputs", QT_TRANSLATE_NOOP("cf::FieldSpec", "Pipeline stages keep their outputs")},
    {"job.software.state_buffers", QT_TRANSLATE_NOOP("cf::FieldSpec", "Weight and gradient buffers")},
    {"job.data.kind", QT_TRANSLATE_NOOP("cf::FieldSpec", "Training data kind")},
    {"job.data.sample_bytes", QT_TRANSLATE_NOOP("cf::FieldSpec", "Bytes per sample")},
    {"job.data.compression_ratio", QT_TRANSLATE_NOOP("cf::FieldSpec", "Compression ratio")},
    {"job.data.cpu_ms_per_sample", QT_TRANSLATE_NOOP("cf::FieldSpec", "CPU time per sample")},
    {"job.data.samples_per_request", QT_TRANSLATE_NOOP("cf::FieldSpec", "Samples per read request")},
    {"job.data.loader_workers_per_gpu", QT_TRANSLATE_NOOP("cf::FieldSpec", "Data loader workers per GPU")},
    {"job.data.requests_in_flight_per_worker", QT_TRANSLATE_NOOP("cf::FieldSpec", "Reads in flight per worker")},
    {"job.data.prefetch_batches", QT_TRANSLATE_NOOP("cf::FieldSpec", "Prefetched batches")},
    {"job.data.host_cores_per_node", QT_TRANSLATE_NOOP("cf::FieldSpec", "Host CPU cores per node")},
    {"job.data.source", QT_TRANSLATE_NOOP("cf::FieldSpec", "Training data source tier")},
    {"job.data.cache_tier", QT_TRANSLATE_NOOP("cf::FieldSpec", "Dataset cache tier")},
    {"job.data.cache_hit_rate", QT_TRANSLATE_NOOP("cf::FieldSpec", "Cache hit rate")},
};
}  // namespace

QString fieldLabelOfKeyPath(const std::string& keyPath) {
  const QString key = QString::fromStdString(keyPath);
  for (const FieldGroup& g : propertyGroups())
    for (const FieldSpec& f : g.fields)
      if (f.keyPath() == key) return fieldText(f.label);
  for (const auto& k : kKeyLabels)
    if (keyPath == k[0]) return fieldText(k[1]);
  return {};
}

QString fieldText(const char* text) {
  if (!text || !*text) return {};
  return QCoreApplication::translate("cf::FieldSpec", text);
}

}  // namespace cf
