#include "design/ScenarioJson.h"

#include <cmath>

#include "catalog/CatalogJson.h"
#include "common/JsonReader.h"
#include "design/DataPipelineJson.h"
#include "design/LayoutJson.h"
#include "design/UncertainRangeJson.h"
#include "design/Limits.h"

namespace cf {
namespace {

const std::vector<std::string> kTopologies = {"fat-tree", "spine-leaf", "rail-optimized",
                                              "dragonfly", "torus2d", "torus3d"};
const std::vector<std::string> kStorageKinds = {"local-nvme", "parallel-fs", "object-store"};
const std::vector<std::string> kCooling = {"air", "rear-door", "direct-liquid", "immersion"};
const std::vector<std::string> kPrecisions = {"fp32", "bf16", "fp16", "fp8"};
const std::vector<std::string> kRecompute = {"none", "selective", "full"};

int toInt(long long v) { return static_cast<int>(v); }

Cluster readCluster(ObjectReader r) {
  Cluster c;
  const json* acc = r.raw("accelerator");
  if (!acc) throw InputError(r.keyPath("accelerator"), "is required");
  if (acc->is_string()) {
    c.accelerator = acc->get<std::string>();
    if (c.accelerator.empty()) throw InputError(r.keyPath("accelerator"), "must not be empty");
  } else if (acc->is_object()) {
    ObjectReader ar(*acc, r.keyPath("accelerator"));
    Accelerator a;
    readPart(ar, a);
    ar.finish();
    c.accelerator = a.id;
    c.accelerator_spec = a;
  } else {
    throw InputError(r.keyPath("accelerator"), "expected a catalog id or an object, got " + describe(*acc));
  }
  c.node_type = r.string("node_type", "");
  c.accelerators_per_node = toInt(r.integer("accelerators_per_node", 8, 1, 1024));
  c.nodes = toInt(r.requiredInteger("nodes", 1, 10'000'000));

  auto su = r.object("scale_up");
  c.scale_up.kind = su.string("kind", "nvswitch");
  c.scale_up.domain_size = toInt(su.integer("domain_size", 0, 1, 1'000'000));
  c.scale_up.bandwidth_GBps = su.numberOrZero("bandwidth_GBps", 0.0, 1.0, 1e5);
  su.finish();

  auto so = r.object("scale_out");
  c.scale_out.nics_per_node = toInt(so.integer("nics_per_node", 8, 0, 1024));
  c.scale_out.nic_Gbps = so.numberOrZero("nic_Gbps", 400.0, 1.0, 1e5);
  c.scale_out.topology = so.choice("topology", "fat-tree", kTopologies);
  c.scale_out.tiers = toInt(so.integer("tiers", 2, 1, 3));
  c.scale_out.oversubscription = so.number("oversubscription", 1.0, 1.0, 64.0);
  c.scale_out.rail_optimized = so.boolean("rail_optimized", c.scale_out.topology == "rail-optimized");
  c.scale_out.switch_id = so.string("switch", "");
  c.scale_out.switch_radix = toInt(so.integer("switch_radix", 0, 0, kMaxSwitchRadix));
  if (so.has("switch_radix") && c.scale_out.switch_radix < 2)
    throw InputError(so.keyPath("switch_radix"), "must be at least 2");
  c.scale_out.planes = toInt(so.integer("planes", 1, 1, 64));
  c.scale_out.nic_efficiency = so.number("nic_efficiency", 0.93, 0.05, 1.0);
  so.finish();

  if (const json* arr = r.array("storage")) {
    for (std::size_t i = 0; i < arr->size(); ++i) {
      ObjectReader t((*arr)[i], indexPath(r.keyPath("storage"), i));
      StorageTier s;
      s.name = t.requiredString("name");
      s.kind = t.choice("kind", "parallel-fs", kStorageKinds);
      s.read_GBps_per_node = t.numberOrZero("read_GBps_per_node", 0.0, 0.01, 1e4);
      s.write_GBps_per_node = t.numberOrZero("write_GBps_per_node", 0.0, 0.01, 1e4);
      s.capacity_TB_per_node = t.number("capacity_TB_per_node", 0.0, 0.0, 1e4);
      s.read_GBps = t.numberOrZero("read_GBps", 0.0, 0.01, 1e6);
      s.write_GBps = t.numberOrZero("write_GBps", 0.0, 0.01, 1e6);
      s.capacity_PB = t.number("capacity_PB", 0.0, 0.0, 1e5);
      s.part = t.string("part", "");
      s.request_latency_ms = t.numberOrZero("request_latency_ms", 0.0, 0.001, 1e5);
      t.finish();
      for (const auto& other : c.storage)
        if (other.name == s.name) throw InputError(t.keyPath("name"), "duplicate tier name \"" + s.name + "\"");
      c.storage.push_back(s);
    }
  }

  auto f = r.object("facility");
  c.facility.cooling = f.choice("cooling", "air", kCooling);
  c.facility.cooling_system = f.string("cooling_system", "");
  c.facility.climate = f.string("climate", "temperate");
  c.facility.electricity_usd_per_kWh = f.number("electricity_usd_per_kWh", 0.08, 0.0, 10.0);
  c.facility.amortization_years = f.number("amortization_years", 5.0, 0.1, 100.0);
  c.facility.grid_kgCO2_per_kWh = f.has("grid_kgCO2_per_kWh") ? f.number("grid_kgCO2_per_kWh", 0.0, 0.0, 2.0) : -1;
  c.facility.power_redundancy = f.choice("power_redundancy", "N+1", {"N", "N+1", "2N"});
  c.facility.power_chain = f.choice("power_chain", "double-conversion", {"double-conversion", "eco-mode", "hvdc"});
  c.facility.utilization = f.number("utilization", 0.85, 0.01, 1.0);
  c.facility.cloud_usd_per_gpu_hour = f.number("cloud_usd_per_gpu_hour", 0.0, 0.0, 1000.0);
  f.finish();
  r.finish();
  return c;
}

ModelSpec readModel(ObjectReader m) {
  ModelSpec out;
  out.preset = m.string("preset", "");
  out.layers = toInt(m.requiredInteger("layers", 1, 100000));
  out.hidden = toInt(m.requiredInteger("hidden", 1, 10'000'000));
  out.heads = toInt(m.requiredInteger("heads", 1, 100000));
  out.seq_len = toInt(m.integer("seq_len", 2048, 1, 100'000'000));
  out.vocab = toInt(m.integer("vocab", 51200, 1, 100'000'000));
  out.ffn_hidden = toInt(m.integer("ffn_hidden", 0, 1, 100'000'000));
  out.ffn_kind = m.choice("ffn_kind", "gelu", {"gelu", "swiglu"});
  out.kv_heads = toInt(m.integer("kv_heads", 0, 1, 100000));
  out.head_dim = toInt(m.integer("head_dim", 0, 1, 100000));
  out.experts = toInt(m.integer("experts", 1, 1, 100000));
  out.top_k = toInt(m.integer("top_k", 1, 1, 100000));
  out.shared_experts = toInt(m.integer("shared_experts", 0, 0, 100000));
  out.moe_max_nodes = toInt(m.integer("moe_max_nodes", 0, 0, 100000));
  out.attention = m.choice("attention", "mha", {"mha", "mla"});
  out.q_lora_rank = toInt(m.integer("q_lora_rank", 0, 0, 10'000'000));
  out.kv_lora_rank = toInt(m.integer("kv_lora_rank", 0, 0, 10'000'000));
  out.qk_rope_head_dim = toInt(m.integer("qk_rope_head_dim", 0, 0, 100000));
  out.v_head_dim = toInt(m.integer("v_head_dim", 0, 1, 100000));
  out.first_dense_layers = toInt(m.integer("first_dense_layers", 0, 0, 100000));
  out.dense_ffn_hidden = toInt(m.integer("dense_ffn_hidden", 0, 1, 100'000'000));
  out.mtp_depth = toInt(m.integer("mtp_depth", 0, 0, 100));
  if (m.has("tie_embeddings")) out.tie_embeddings = m.boolean("tie_embeddings", true);
  m.finish();

  return out;
}

Parallelism readParallelism(ObjectReader p) {
  Parallelism out;
  out.tp = toInt(p.integer("tp", 1, 1, 1 << 20));
  out.pp = toInt(p.integer("pp", 1, 1, 1 << 20));
  out.dp = toInt(p.integer("dp", 0, 1, kMaxDataParallel));
  out.ep = toInt(p.integer("ep", 1, 1, 1 << 20));
  out.cp = toInt(p.integer("cp", 1, 1, 1 << 20));
  out.virtual_stages = toInt(p.integer("virtual_stages", 1, 1, 1024));
  out.micro_batch = toInt(p.integer("micro_batch", 1, 1, 1 << 20));
  out.global_batch = p.integer("global_batch", 0, 1, 1LL << 40);
  out.zero_stage = toInt(p.integer("zero_stage", 1, 0, 3));
  out.recompute = p.choice("recompute", "none", kRecompute);
  out.schedule = p.choice("schedule", "1f1b", {"1f1b", "zb-h1", "zb-v", "dualpipe"});
  out.first_stage_layers = toInt(p.integer("first_stage_layers", 0, 1, 100000));
  out.last_stage_layers = toInt(p.integer("last_stage_layers", 0, 1, 100000));
  out.micro_batches_per_round = toInt(p.integer("micro_batches_per_round", 0, 1, 1 << 20));
  out.rank_order = p.choice("rank_order", "tp-cp-dp-pp", {"tp-cp-dp-pp", "tp-cp-pp-dp"});
  p.finish();
  return out;
}

Job readJob(ObjectReader r) {
  Job j;
  j.model = readModel(r.object("model", true));
  j.parallelism = readParallelism(r.object("parallelism"));

  j.precision = r.choice("precision", "bf16", kPrecisions);
  j.train_tokens = r.number("train_tokens", 1e11, 1.0, 1e15);

  auto c = r.object("checkpoint");
  if (const json* iv = c.raw("interval_s")) {
    if (iv->is_string()) {
      if (iv->get<std::string>() != "optimal")
        throw InputError(c.keyPath("interval_s"), "expected seconds or \"optimal\", got " + describe(*iv));
    } else {
      j.checkpoint.interval_s = c.number("interval_s", 0.0, 1.0, 1e8);
    }
  }
  j.checkpoint.target = c.string("target", "");
  j.checkpoint.async = c.boolean("async", false);
  c.finish();

  auto sw = r.object("software");
  auto flag = [&](const char* key, std::optional<bool>& out) {
    if (sw.has(key)) out = sw.boolean(key, false);
  };
  flag("flash_attention", j.software.flash_attention);
  flag("sequence_parallel", j.software.sequence_parallel);
  flag("overlap_dp", j.software.overlap_dp);
  flag("overlap_p2p", j.software.overlap_p2p);
  flag("fused_kernels", j.software.fused_kernels);
  j.software.gradient_compression_ratio = sw.number("gradient_compression_ratio", 1.0, 1.0, 1000.0);
  j.software.preset = sw.choice("preset", "auto", {"auto", "megatron-2021", "megatron-core-2024"});
  j.software.tp_overlap = sw.choice("tp_overlap", "none", {"none", "bulk", "pipelined"});
  j.software.parallel_block = sw.boolean("parallel_block", false);
  j.software.activation_offload = sw.number("activation_offload", 0.0, 0.0, 1.0);
  j.software.moe_capacity_factor = sw.number("moe_capacity_factor", 0.0, 0.0, 64.0);
  j.software.moe_load_imbalance = sw.number("moe_load_imbalance", 1.0, 1.0, 64.0);
  if (const json* rm = sw.array("recompute_modules")) {
    for (std::size_t i = 0; i < rm->size(); ++i) {
      const json& v = (*rm)[i];
      const std::string at = sw.keyPath("recompute_modules") + "[" + std::to_string(i) + "]";
      if (!v.is_string()) throw InputError(at, "expected a string, got " + describe(v));
      const std::string m = v.get<std::string>();
      if (m != "layernorm" && m != "mla_up_proj" && m != "moe_act")
        throw InputError(at, "\"" + m + "\" is not one of layernorm, mla_up_proj, moe_act");
      j.software.recompute_modules.push_back(m);
    }
  }
  flag("fp8_activation_cache", j.software.fp8_activation_cache);
  flag("fp8_weight_cache", j.software.fp8_weight_cache);
  j.software.bf16_edge_layers = toInt(sw.integer("bf16_edge_layers", 0, 0, 100000));
  if (2LL * j.software.bf16_edge_layers > j.model.layers)
    throw InputError(sw.keyPath("bf16_edge_layers"),
                     "the first and the last " + std::to_string(j.software.bf16_edge_layers) +
                         " layers need at least twice as many layers; job.model.layers is " +
                         std::to_string(j.model.layers));
  j.software.optimizer_moments = sw.choice("optimizer_moments", "fp32", {"fp32", "bf16"});
  j.software.fp8_recipe = sw.choice("fp8_recipe", "delayed", {"delayed", "tensorwise", "mxfp8", "blockwise"});
  j.software.fp32_main_grads = sw.boolean("fp32_main_grads", false);
  j.software.cross_entropy = sw.choice("cross_entropy", "fp32", {"fp32", "upcast", "loss_parallel", "compiled"});
  j.software.selective_recompute = sw.choice("selective_recompute", "attention", {"attention", "every_second_matmul"});
  j.software.pipeline_keeps_outputs = sw.boolean("pipeline_keeps_outputs", false);
  j.software.state_buffers = sw.choice("state_buffers", "contiguous", {"contiguous", "per_step"});
  sw.finish();
  if (r.has("data")) j.data = readDataPipeline(r.object("data"));
  j.placement = r.choice("placement", "packed", {"packed", "scattered"});
  r.finish();
  return j;
}

ReliabilityPolicy readReliability(ObjectReader r) {
  ReliabilityPolicy p;
  p.trials = toInt(r.integer("trials", 1000, 1, 10'000'000));
  p.seed = static_cast<unsigned long long>(r.integer("seed", 42, 0));
  p.restart_s = r.number("restart_s", 600.0, 0.0, 1e6);
  if (const json* sp = r.raw("spare_nodes"); sp && sp->is_string()) {
    if (*sp != "auto") throw InputError(r.keyPath("spare_nodes"), "expected a node count or \"auto\", got " + describe(*sp));
    p.spare_nodes = kAutoSpares;
  } else {
    p.spare_nodes = toInt(r.integer("spare_nodes", kAutoSpares, 0, 1'000'000));
  }
  auto fr = r.object("failure_rates");
  if (const json* raw = r.raw("failure_rates")) {
    for (auto it = raw->begin(); it != raw->end(); ++it)
      p.failure_rates[it.key()] = fr.number(it.key(), 0.0, 0.0, kMaxFailuresPerPartYear);
  }
  fr.finish();
  p.failure_rates_only = r.boolean("failure_rates_only", false);
  p.recovery = r.choice("recovery", "checkpoint-restart", recoveryStrategyNames());
  p.optics_lane_tolerance = r.boolean("optics_lane_tolerance", false);
  r.finish();
  return p;
}

}  // namespace

json parseJsonText(const std::string& text) { return parseJson(text); }
Cluster clusterFromJson(const json& j, const std::string& path) { return readCluster(ObjectReader(j, path)); }
Job jobFromJson(const json& j, const std::string& path) { return readJob(ObjectReader(j, path)); }
ReliabilityPolicy reliabilityFromJson(const json& j, const std::string& path) {
  return readReliability(ObjectReader(j, path));
}

ModelSpec modelFromJson(const json& j, const std::string& path) { return readModel(ObjectReader(j, path)); }
Parallelism parallelismFromJson(const json& j, const std::string& path) {
  return readParallelism(ObjectReader(j, path));
}

json modelToJson(const ModelSpec& m) {
  json model = {{"layers", m.layers}, {"hidden", m.hidden}, {"heads", m.heads}, {"seq_len", m.seq_len},
                {"vocab", m.vocab}, {"ffn_kind", m.ffn_kind}, {"experts", m.experts}, {"top_k", m.top_k}};
  if (!m.preset.empty()) model["preset"] = m.preset;
  if (m.ffn_hidden > 0) model["ffn_hidden"] = m.ffn_hidden;
  if (m.kv_heads > 0) model["kv_heads"] = m.kv_heads;
  if (m.tie_embeddings) model["tie_embeddings"] = *m.tie_embeddings;
  if (m.head_dim > 0) model["head_dim"] = m.head_dim;
  if (m.shared_experts > 0) model["shared_experts"] = m.shared_experts;
  if (m.moe_max_nodes > 0) model["moe_max_nodes"] = m.moe_max_nodes;
  if (m.attention != "mha") model["attention"] = m.attention;
  if (m.q_lora_rank > 0) model["q_lora_rank"] = m.q_lora_rank;
  if (m.kv_lora_rank > 0) model["kv_lora_rank"] = m.kv_lora_rank;
  if (m.qk_rope_head_dim > 0) model["qk_rope_head_dim"] = m.qk_rope_head_dim;
  if (m.v_head_dim > 0) model["v_head_dim"] = m.v_head_dim;
  if (m.first_dense_layers > 0) model["first_dense_layers"] = m.first_dense_layers;
  if (m.dense_ffn_hidden > 0) model["dense_ffn_hidden"] = m.dense_ffn_hidden;
  if (m.mtp_depth > 0) model["mtp_depth"] = m.mtp_depth;
  return model;
}

json parallelismToJson(const Parallelism& p) {
  json par = {{"tp", p.tp}, {"pp", p.pp}, {"ep", p.ep}, {"cp", p.cp}, {"virtual_stages", p.virtual_stages},
              {"micro_batch", p.micro_batch}, {"zero_stage", p.zero_stage}, {"recompute", p.recompute}};
  if (p.dp > 0) par["dp"] = p.dp;
  if (p.global_batch > 0) par["global_batch"] = p.global_batch;
  if (p.schedule != "1f1b") par["schedule"] = p.schedule;
  if (p.first_stage_layers > 0) par["first_stage_layers"] = p.first_stage_layers;
  if (p.last_stage_layers > 0) par["last_stage_layers"] = p.last_stage_layers;
  if (p.micro_batches_per_round > 0) par["micro_batches_per_round"] = p.micro_batches_per_round;
  if (p.rank_order != "tp-cp-dp-pp") par["rank_order"] = p.rank_order;
  return par;
}

Scenario scenarioFromJson(const json& j, const std::string& path) {
  ObjectReader r(j, path);
  Scenario s;
  std::string format = r.string("format", kScenarioFormat);
  if (format != kScenarioFormat)
    throw InputError(r.keyPath("format"), "\"" + format + "\" is not " + kScenarioFormat);
  s.name = r.string("name", s.name);
  s.description = r.string("description", "");
  s.notes = r.string("notes", "");
  s.cluster = readCluster(r.object("cluster", true));
  s.job = readJob(r.object("job", true));
  s.reliability = readReliability(r.object("reliability"));
  if (const json* layout = r.raw("layout")) s.layout = layoutFromJson(*layout, r.keyPath("layout"));
  if (const json* w = r.raw("workload")) s.workload = *w;  // read by core/sched (docs/workload-format.md)
  s.uncertainty = readUncertainty(r.raw("uncertainty"), r.keyPath("uncertainty"));
  r.raw("parts");  // read by projectFromJson
  r.finish();
  return s;
}

json clusterToJson(const Cluster& c) {
  json cluster;
  cluster["accelerator"] = c.accelerator_spec ? toJson(*c.accelerator_spec) : json(c.accelerator);
  if (!c.node_type.empty()) cluster["node_type"] = c.node_type;
  cluster["accelerators_per_node"] = c.accelerators_per_node;
  cluster["nodes"] = c.nodes;
  json su = {{"kind", c.scale_up.kind}};
  if (c.scale_up.domain_size > 0) su["domain_size"] = c.scale_up.domain_size;
  if (c.scale_up.bandwidth_GBps > 0) su["bandwidth_GBps"] = c.scale_up.bandwidth_GBps;
  cluster["scale_up"] = su;
  const ScaleOut& o = c.scale_out;
  json so = {{"nics_per_node", o.nics_per_node}, {"nic_Gbps", o.nic_Gbps}, {"topology", o.topology},
             {"tiers", o.tiers}, {"oversubscription", o.oversubscription}, {"rail_optimized", o.rail_optimized}};
  if (!o.switch_id.empty()) so["switch"] = o.switch_id;
  if (o.switch_radix > 0) so["switch_radix"] = o.switch_radix;
  if (o.planes != 1) so["planes"] = o.planes;
  if (o.nic_efficiency != 0.93) so["nic_efficiency"] = o.nic_efficiency;
  cluster["scale_out"] = so;
  json storage = json::array();
  for (const auto& t : c.storage) {
    json tj = {{"name", t.name}, {"kind", t.kind}};
    auto put = [&](const char* k, double v) { if (v > 0) tj[k] = v; };
    put("read_GBps_per_node", t.read_GBps_per_node);
    put("write_GBps_per_node", t.write_GBps_per_node);
    put("capacity_TB_per_node", t.capacity_TB_per_node);
    put("read_GBps", t.read_GBps);
    put("write_GBps", t.write_GBps);
    put("capacity_PB", t.capacity_PB);
    if (!t.part.empty()) tj["part"] = t.part;
    put("request_latency_ms", t.request_latency_ms);
    storage.push_back(tj);
  }
  cluster["storage"] = storage;
  json fac = {{"cooling", c.facility.cooling}, {"climate", c.facility.climate},
              {"electricity_usd_per_kWh", c.facility.electricity_usd_per_kWh},
              {"amortization_years", c.facility.amortization_years}};
  if (c.facility.grid_kgCO2_per_kWh >= 0) fac["grid_kgCO2_per_kWh"] = c.facility.grid_kgCO2_per_kWh;
  if (!c.facility.cooling_system.empty()) fac["cooling_system"] = c.facility.cooling_system;
  if (c.facility.power_redundancy != "N+1") fac["power_redundancy"] = c.facility.power_redundancy;
  if (c.facility.power_chain != "double-conversion") fac["power_chain"] = c.facility.power_chain;
  if (c.facility.utilization != 0.85) fac["utilization"] = c.facility.utilization;
  if (c.facility.cloud_usd_per_gpu_hour > 0) fac["cloud_usd_per_gpu_hour"] = c.facility.cloud_usd_per_gpu_hour;
  cluster["facility"] = fac;
  return cluster;
}

json jobToJson(const Job& j) {
  json ckpt = {{"interval_s", j.checkpoint.interval_s ? json(*j.checkpoint.interval_s) : json("optimal")},
               {"async", j.checkpoint.async}};
  if (!j.checkpoint.target.empty()) ckpt["target"] = j.checkpoint.target;
  json job = {{"model", modelToJson(j.model)},
              {"parallelism", parallelismToJson(j.parallelism)},
              {"precision", j.precision},
              {"train_tokens", j.train_tokens},
              {"checkpoint", ckpt}};
  json sw = json::object();
  if (j.software.flash_attention) sw["flash_attention"] = *j.software.flash_attention;
  if (j.software.sequence_parallel) sw["sequence_parallel"] = *j.software.sequence_parallel;
  if (j.software.overlap_dp) sw["overlap_dp"] = *j.software.overlap_dp;
  if (j.software.overlap_p2p) sw["overlap_p2p"] = *j.software.overlap_p2p;
  if (j.software.fused_kernels) sw["fused_kernels"] = *j.software.fused_kernels;
  if (j.software.gradient_compression_ratio != 1)
    sw["gradient_compression_ratio"] = j.software.gradient_compression_ratio;
  const SoftwareOptions& swo = j.software;
  if (swo.preset != "auto") sw["preset"] = swo.preset;
  if (swo.tp_overlap != "none") sw["tp_overlap"] = swo.tp_overlap;
  if (swo.parallel_block) sw["parallel_block"] = true;
  if (swo.activation_offload > 0) sw["activation_offload"] = swo.activation_offload;
  if (swo.moe_capacity_factor > 0) sw["moe_capacity_factor"] = swo.moe_capacity_factor;
  if (swo.moe_load_imbalance != 1) sw["moe_load_imbalance"] = swo.moe_load_imbalance;
  if (!swo.recompute_modules.empty()) sw["recompute_modules"] = swo.recompute_modules;
  if (swo.fp8_activation_cache) sw["fp8_activation_cache"] = *swo.fp8_activation_cache;
  if (swo.fp8_weight_cache) sw["fp8_weight_cache"] = *swo.fp8_weight_cache;
  if (swo.bf16_edge_layers > 0) sw["bf16_edge_layers"] = swo.bf16_edge_layers;
  if (swo.optimizer_moments != "fp32") sw["optimizer_moments"] = swo.optimizer_moments;
  if (swo.fp8_recipe != "delayed") sw["fp8_recipe"] = swo.fp8_recipe;
  if (swo.fp32_main_grads) sw["fp32_main_grads"] = true;
  if (swo.cross_entropy != "fp32") sw["cross_entropy"] = swo.cross_entropy;
  if (swo.selective_recompute != "attention") sw["selective_recompute"] = swo.selective_recompute;
  if (swo.pipeline_keeps_outputs) sw["pipeline_keeps_outputs"] = true;
  if (swo.state_buffers != "contiguous") sw["state_buffers"] = swo.state_buffers;
  if (!sw.empty()) job["software"] = sw;
  if (j.data) job["data"] = dataPipelineToJson(*j.data);
  if (j.placement != "packed") job["placement"] = j.placement;
  return job;
}

json reliabilityToJson(const ReliabilityPolicy& rp) {
  json rel = {{"trials", rp.trials}, {"seed", rp.seed}, {"restart_s", rp.restart_s},
              {"failure_rates", json::object()}, {"failure_rates_only", rp.failure_rates_only}};
  if (rp.spare_nodes != kAutoSpares) rel["spare_nodes"] = rp.spare_nodes;
  for (const auto& [k, v] : rp.failure_rates) rel["failure_rates"][k] = v;
  if (rp.recovery != "checkpoint-restart") rel["recovery"] = rp.recovery;
  if (rp.optics_lane_tolerance) rel["optics_lane_tolerance"] = true;
  return rel;
}

json scenarioToJson(const Scenario& s, bool withLayout) {
  json out = {{"format", kScenarioFormat}, {"name", s.name}};
  if (!s.description.empty()) out["description"] = s.description;
  if (!s.notes.empty()) out["notes"] = s.notes;
  out["cluster"] = clusterToJson(s.cluster);
  out["job"] = jobToJson(s.job);
  out["reliability"] = reliabilityToJson(s.reliability);
  if (withLayout && !s.layout.empty()) out["layout"] = layoutJson(s.layout);
  if (!s.workload.is_null()) out["workload"] = s.workload;
  if (!s.uncertainty.empty()) out["uncertainty"] = uncertaintyToJson(s.uncertainty);
  return out;
}

namespace {

// Parts of `p` that the built-in catalog lacks or holds differently.
Catalog customParts(const Catalog& parts) {
  const Catalog& b = Catalog::builtin();
  Catalog out;
  auto keep = [](auto& outList, const auto& list, auto lookup) {
    for (const auto& part : list) {
      const auto* builtinPart = lookup(part.id);
      if (!builtinPart || !(*builtinPart == part)) outList.push_back(part);
    }
  };
  keep(out.accelerators, parts.accelerators, [&](const std::string& id) { return b.accelerator(id); });
  keep(out.nodes, parts.nodes, [&](const std::string& id) { return b.node(id); });
  keep(out.switches, parts.switches, [&](const std::string& id) { return b.switchPart(id); });
  keep(out.nics, parts.nics, [&](const std::string& id) { return b.nic(id); });
  keep(out.links, parts.links, [&](const std::string& id) { return b.link(id); });
  keep(out.storage, parts.storage, [&](const std::string& id) { return b.storagePart(id); });
  keep(out.cooling, parts.cooling, [&](const std::string& id) { return b.coolingPart(id); });
  keep(out.racks, parts.racks, [&](const std::string& id) { return b.rack(id); });
  keep(out.pdus, parts.pdus, [&](const std::string& id) { return b.pdu(id); });
  return out;
}

}  // namespace

namespace {

// Reads one element of a project's array; with `skipped`, an invalid element
// is recorded there and left out instead of failing the whole file.
template <class T, class Read>
void readElement(std::vector<T>& into, Read&& read, std::vector<Issue>* skipped) {
  if (!skipped) {
    into.push_back(read());
    return;
  }
  try {
    into.push_back(read());
  } catch (const InputError& e) {
    skipped->push_back(Issue{e.path(), e.message() + " (not loaded)", Issue::Severity::Error, e.id(), e.args()});
  }
}

}  // namespace

Project projectFromJson(const json& j, std::vector<Issue>* skipped) {
  if (!j.is_object()) throw InputError("", "expected a JSON object, got " + describe(j));
  Project p;
  std::string format = j.contains("format") && j["format"].is_string() ? j["format"].get<std::string>() : kScenarioFormat;
  if (format == kProjectFormat) {
    ObjectReader r(j, "");
    r.string("format", kProjectFormat);
    p.name = r.string("name", p.name);
    p.description = r.string("description", "");
    p.notes = r.string("notes", "");
    if (const json* parts = r.raw("parts")) p.parts = Catalog::fromJson(*parts, "parts");
    const json* arr = r.array("scenarios", true);
    for (std::size_t i = 0; i < arr->size(); ++i)
      readElement(p.scenarios, [&] { return scenarioFromJson((*arr)[i], indexPath("scenarios", i)); }, skipped);
    if (const json* wf = r.array("waterfalls"))
      for (std::size_t i = 0; i < wf->size(); ++i)
        readElement(p.waterfalls, [&] { return projectWaterfallFromJson((*wf)[i], indexPath("waterfalls", i)); },
                    skipped);
    r.finish();
  } else {
    Scenario s = scenarioFromJson(j, "");
    if (j.contains("parts")) p.parts = Catalog::fromJson(j["parts"], "parts");
    p.name = s.name;
    p.description = s.description;
    p.notes = s.notes;
    p.scenarios.push_back(std::move(s));
  }
  p.adoptParts();
  return p;
}

json projectToJson(const Project& p) {
  Catalog custom = customParts(p.parts);
  if (p.scenarios.size() == 1 && p.waterfalls.empty() && p.name == p.scenarios[0].name &&
      p.description == p.scenarios[0].description && p.notes == p.scenarios[0].notes) {
    json out = scenarioToJson(p.scenarios[0]);
    if (custom.size() > 0) out["parts"] = custom.toJson();
    return out;
  }
  json out = {{"format", kProjectFormat}, {"name", p.name}};
  if (!p.description.empty()) out["description"] = p.description;
  if (!p.notes.empty()) out["notes"] = p.notes;
  if (custom.size() > 0) out["parts"] = custom.toJson();
  out["scenarios"] = json::array();
  for (const auto& s : p.scenarios) out["scenarios"].push_back(scenarioToJson(s));
  if (!p.waterfalls.empty()) {
    out["waterfalls"] = json::array();
    for (const auto& w : p.waterfalls) out["waterfalls"].push_back(toJson(w));
  }
  return out;
}

}  // namespace cf
