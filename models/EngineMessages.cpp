#include "EngineMessages.h"

#include <QCoreApplication>

namespace cf {

const std::vector<EngineMessageTemplate>& engineMessageTable() {
  // The core's templates (design/Validation.cpp, kTemplates), by id, marked
  // for lupdate. tests/models/tst_engine_messages.cpp checks both tables agree.
  static const std::vector<EngineMessageTemplate> table = {
      {"heads-not-divide-hidden", QT_TRANSLATE_NOOP("EngineMessages", "%1 does not divide hidden=%2")},
      {"kv-heads-not-divide-heads", QT_TRANSLATE_NOOP("EngineMessages", "%1 must divide heads=%2")},
      {"top-k-exceeds-experts", QT_TRANSLATE_NOOP("EngineMessages", "%1 exceeds experts=%2")},
      {"needs-experts", QT_TRANSLATE_NOOP("EngineMessages", "%1 needs experts > 1 (a mixture of experts)")},
      {"needs-mla", QT_TRANSLATE_NOOP("EngineMessages", "%1 needs attention=mla (multi-head latent attention)")},
      {"mla-needs-kv-lora-rank",
       QT_TRANSLATE_NOOP("EngineMessages", "attention=mla needs kv_lora_rank > 0 (the key/value latent width)")},
      {"mla-kv-heads",
       QT_TRANSLATE_NOOP("EngineMessages",
                         "kv_heads=%1 does not apply to attention=mla: every head has its own key and value")},
      {"dense-layers-exceed-layers",
       QT_TRANSLATE_NOOP("EngineMessages", "%1 leaves no mixture-of-experts layer of layers=%2")},
      {"needs-first-dense-layers", QT_TRANSLATE_NOOP("EngineMessages", "%1 needs first_dense_layers > 0")},
      {"tp-not-divide-dense-ffn", QT_TRANSLATE_NOOP("EngineMessages", "%1 does not divide dense_ffn_hidden=%2")},
      {"tp-not-divide-heads", QT_TRANSLATE_NOOP("EngineMessages", "%1 does not divide heads=%2")},
      {"tp-kv-heads-indivisible", QT_TRANSLATE_NOOP("EngineMessages", "%1 and kv_heads=%2 do not divide one another")},
      {"tp-not-divide-ffn", QT_TRANSLATE_NOOP("EngineMessages", "%1 does not divide ffn_hidden=%2")},
      {"pp-exceeds-layers", QT_TRANSLATE_NOOP("EngineMessages", "%1 exceeds layers=%2")},
      {"interleave-needs-pp", QT_TRANSLATE_NOOP("EngineMessages", "interleaving needs pp > 1")},
      {"virtual-stages-exceed-layers", QT_TRANSLATE_NOOP("EngineMessages", "%1 stages of pp=%2 exceed layers=%3")},
      {"interleave-micro-batches",
       QT_TRANSLATE_NOOP("EngineMessages",
                         "%1 micro-batches per step are not a multiple of pp=%2 (interleaved schedule)")},
      {"schedule-virtual-stages", QT_TRANSLATE_NOOP("EngineMessages", "%1 runs with virtual_stages=%2, not %3")},
      {"schedule-needs-pp", QT_TRANSLATE_NOOP("EngineMessages", "%1 needs pp > 1")},
      {"dualpipe-pp-even", QT_TRANSLATE_NOOP("EngineMessages", "dualpipe needs an even pp, not %1")},
      {"dualpipe-micro-batches", QT_TRANSLATE_NOOP("EngineMessages",
                                                   "dualpipe needs an even number of micro-batches per step, at least "
                                                   "2*pp=%2; global_batch/(dp*micro_batch) gives %1")},
      {"stage-layers-invalid",
       QT_TRANSLATE_NOOP(
           "EngineMessages",
           "first_stage_layers=%1 and last_stage_layers=%2 leave %3 layers for the other %4 stages of pp=%5")},
      {"cp-not-divide-seq", QT_TRANSLATE_NOOP("EngineMessages", "%1 does not divide seq_len=%2")},
      {"ep-needs-experts", QT_TRANSLATE_NOOP("EngineMessages", "expert parallelism needs experts > 1")},
      {"ep-not-divide-experts", QT_TRANSLATE_NOOP("EngineMessages", "%1 does not divide experts=%2")},
      {"ep-not-divide-dp-cp", QT_TRANSLATE_NOOP("EngineMessages", "%1 does not divide dp*cp=%2")},
      {"gpus-exceed-cluster", QT_TRANSLATE_NOOP("EngineMessages", "tp*pp*dp*cp = %1 GPUs, more than the cluster's %2")},
      {"gpus-idle", QT_TRANSLATE_NOOP("EngineMessages", "tp*pp*cp = %1 does not divide the %2 GPUs; %3 stay idle")},
      {"global-batch-not-multiple", QT_TRANSLATE_NOOP("EngineMessages", "%1 is not a multiple of dp*micro_batch=%2")},
      {"tp-beyond-scale-up",
       QT_TRANSLATE_NOOP("EngineMessages",
                         "%1 spans beyond the scale-up domain of %2 GPUs; TP traffic crosses the scale-out network")},
      {"precision-unsupported", QT_TRANSLATE_NOOP("EngineMessages", "%1 is not supported by %2")},
      {"checkpoint-target-unknown", QT_TRANSLATE_NOOP("EngineMessages", "\"%1\" is not a storage tier of the cluster")},
      {"domain-exceeds-cluster", QT_TRANSLATE_NOOP("EngineMessages", "%1 exceeds the cluster's %2 GPUs")},
      {"climate-unknown", QT_TRANSLATE_NOOP("EngineMessages", "\"%1\" is not a known climate (%2)")},
      {"nic-speed-missing", QT_TRANSLATE_NOOP("EngineMessages", "must be above 0 when NICs are fitted")},
      {"switch-slower-than-nics",
       QT_TRANSLATE_NOOP("EngineMessages", "%1 has %2 Gb/s ports, slower than the %3 Gb/s NICs")},
      {"fabric-ports-exhausted-modelled",
       QT_TRANSLATE_NOOP("EngineMessages",
                         "switch ports exhausted: %1 tier(s) of %2-port switches connect at most %3 NIC ports; the "
                         "cluster has %4; the fabric is modelled with %5 tiers")},
      {"fabric-ports-exhausted",
       QT_TRANSLATE_NOOP("EngineMessages",
                         "switch ports exhausted: %1 tier(s) of %2-port switches connect at most %3 NIC ports; the "
                         "cluster has %4, more than 3 tiers of this switch can connect")},
      {"fabric-ports-remedy-switch", QT_TRANSLATE_NOOP("EngineMessages", "what fits: switch %1 (%2 ports, 3 tiers)")},
      {"fabric-ports-remedy-oversubscription",
       QT_TRANSLATE_NOOP("EngineMessages", "what fits: leaves oversubscribed %1:1 (3 tiers)")},
      {"fabric-ports-remedy-nics", QT_TRANSLATE_NOOP("EngineMessages", "what fits: %1 NICs per node (3 tiers)")},
      {"fabric-ports-remedy-planes",
       QT_TRANSLATE_NOOP("EngineMessages",
                         "what fits: %1 planes of %2 Gb/s links, switch ports split to %3 a switch (3 tiers)")},
      {"fabric-ports-remedy-radix",
       QT_TRANSLATE_NOOP("EngineMessages", "what fits: switch %1 with its ports split to %2 × %3 Gb/s (3 tiers)")},
      {"storage-no-read-bandwidth", QT_TRANSLATE_NOOP("EngineMessages", "tier \"%1\" has no read bandwidth")},
      {"no-scale-out-nics",
       QT_TRANSLATE_NOOP("EngineMessages", "0 NICs on %1 nodes: traffic between nodes has no network")},
      {"switch-radix-too-large",
       QT_TRANSLATE_NOOP("EngineMessages", "%1 ports, more than the largest switch of %2 ports")},
      {"part-not-in-catalog", QT_TRANSLATE_NOOP("EngineMessages", "\"%1\" is not in the catalog")},
      {"cooling-kind-mismatch", QT_TRANSLATE_NOOP("EngineMessages", "\"%1\" is %2 cooling, not %3")},
      {"cooling-kind-missing", QT_TRANSLATE_NOOP("EngineMessages", "the catalog has no %1 cooling system")},
      {"rack-type-unknown", QT_TRANSLATE_NOOP("EngineMessages", "rack type \"%1\" is not in the catalog")},
      {"placement-does-not-fit", QT_TRANSLATE_NOOP("EngineMessages", "\"%1\" at U%2 (%3U) does not fit a %4U rack")},
      {"placement-overlaps", QT_TRANSLATE_NOOP("EngineMessages", "\"%1\" overlaps \"%2\" at U%3")},
      {"rack-over-power", QT_TRANSLATE_NOOP("EngineMessages", "\"%1\" draws %2 kW, over its %3 kW power budget")},
      {"rack-over-weight", QT_TRANSLATE_NOOP("EngineMessages", "\"%1\" weighs %2 kg, over its %3 kg limit")},
      {"layout-node-count", QT_TRANSLATE_NOOP("EngineMessages",
                                              "%1 nodes placed in racks, but the cluster has %2: generate the layout "
                                              "again (Racks › Generate layout) or place the difference by hand")},
      {"rack-system-shares-rack",
       QT_TRANSLATE_NOOP("EngineMessages", "\"%1\" is a whole-rack system: \"%2\" cannot share its rack")},
      {"node-accelerator-mismatch",
       QT_TRANSLATE_NOOP(
           "EngineMessages",
           "%1 placed node(s) of type \"%2\" carry %3, but the cluster is modelled with %4 (first: \"%5\")")},
      {"liquid-part-in-air-rack",
       QT_TRANSLATE_NOOP("EngineMessages",
                         "\"%1\" is liquid-cooled, but rack \"%2\" (%3) is air-cooled: it has no coolant manifolds")},
      {"air-part-in-liquid-rack", QT_TRANSLATE_NOOP("EngineMessages",
                                                    "\"%1\" is air-cooled, but rack \"%2\" (%3) is liquid-cooled: its "
                                                    "heat goes to the room air, not the coolant loop")},
      {"rack-over-cooling",
       QT_TRANSLATE_NOOP("EngineMessages",
                         "\"%1\" draws %2 kW, more than the %3 kW per rack that cooling system \"%4\" removes")},
      {"rack-slot-order",
       QT_TRANSLATE_NOOP("EngineMessages", "slot %1 is not right of the previous rack \"%2\" (slot %3)")},
  };
  return table;
}

const std::vector<EngineMessageTemplate>& bottleneckMessageTable() {
  // The core's bottleneck clause templates (perf/Bottleneck.cpp,
  // bottleneckTemplates), by id, marked for lupdate; tested to agree.
  static const std::vector<EngineMessageTemplate> table = {
      {"bottleneck-memory", QT_TRANSLATE_NOOP("EngineMessages", "needs %1 GiB per GPU but the accelerator has %2 GiB (model states %3 GiB with ZeRO stage %4, activations %5 GiB with recompute=%6)")},
      {"bottleneck-host-memory", QT_TRANSLATE_NOOP("EngineMessages", "job.software.activation_offload = %1 puts %2 GiB of activations per GPU in host memory, which leaves %3 GiB per GPU for them")},
      {"bottleneck-tp-scale-out", QT_TRANSLATE_NOOP("EngineMessages", "TP=%1 spans more than one scale-up domain: its collectives cross the scale-out network")},
      {"bottleneck-tp-scale-up", QT_TRANSLATE_NOOP("EngineMessages", "TP=%1 collectives in the scale-up domain, not overlapped with compute")},
      {"bottleneck-dp-allreduce-oversubscribed-leaf", QT_TRANSLATE_NOOP("EngineMessages", "DP gradient all-reduce over %1 ranks crosses the %2oversubscribed leaf uplinks")},
      {"bottleneck-dp-allreduce-oversubscribed-spine", QT_TRANSLATE_NOOP("EngineMessages", "DP gradient all-reduce over %1 ranks crosses the %2oversubscribed aggregation (spine-core) uplinks")},
      {"bottleneck-dp-allreduce-scale-out", QT_TRANSLATE_NOOP("EngineMessages", "DP gradient all-reduce over %1 ranks runs over the scale-out NICs")},
      {"bottleneck-dp-allreduce-scale-up", QT_TRANSLATE_NOOP("EngineMessages", "DP gradient all-reduce over %1 ranks stays in the scale-up domain")},
      {"bottleneck-dp-sharded-oversubscribed-leaf", QT_TRANSLATE_NOOP("EngineMessages", "DP gradient reduce-scatter and parameter all-gather over %1 ranks crosses the %2oversubscribed leaf uplinks")},
      {"bottleneck-dp-sharded-oversubscribed-spine", QT_TRANSLATE_NOOP("EngineMessages", "DP gradient reduce-scatter and parameter all-gather over %1 ranks crosses the %2oversubscribed aggregation (spine-core) uplinks")},
      {"bottleneck-dp-sharded-scale-out", QT_TRANSLATE_NOOP("EngineMessages", "DP gradient reduce-scatter and parameter all-gather over %1 ranks runs over the scale-out NICs")},
      {"bottleneck-dp-sharded-scale-up", QT_TRANSLATE_NOOP("EngineMessages", "DP gradient reduce-scatter and parameter all-gather over %1 ranks stays in the scale-up domain")},
      {"bottleneck-pp", QT_TRANSLATE_NOOP("EngineMessages", "pipeline send/receive between %1 stages")},
      {"bottleneck-ep", QT_TRANSLATE_NOOP("EngineMessages", "MoE all-to-all over EP=%1 ranks")},
      {"bottleneck-cp", QT_TRANSLATE_NOOP("EngineMessages", "context-parallel K/V exchange over CP=%1 ranks")},
      {"bottleneck-storage", QT_TRANSLATE_NOOP("EngineMessages", "data loading from storage tier \"%1\"")},
      {"bottleneck-data-storage", QT_TRANSLATE_NOOP("EngineMessages", "data loading: storage tier \"%1\" gives each node %2 GB/s")},
      {"bottleneck-data-latency", QT_TRANSLATE_NOOP("EngineMessages", "data loading: %1 ms per request to tier \"%2\" with %3 loader worker(s) per GPU, %4 request(s) in flight each")},
      {"bottleneck-data-cpu", QT_TRANSLATE_NOOP("EngineMessages", "data loading: %1 ms of host CPU per sample on %2 core(s) per GPU")},
      {"bottleneck-exposed", QT_TRANSLATE_NOOP("EngineMessages", "%1 of %2 exposed")},
      {"bottleneck-exposed-in-all", QT_TRANSLATE_NOOP("EngineMessages", "%1 of %2 exposed (%3 on %4 in all)")},
      {"bottleneck-compute-bound", QT_TRANSLATE_NOOP("EngineMessages", "compute-bound at %1 MFU (%2 of %3 TFLOP/s per GPU executed)")},
      {"bottleneck-pipeline-bubble", QT_TRANSLATE_NOOP("EngineMessages", "pipeline bubble %1 (%2, pp=%3, %4 micro-batches, v=%5)")},
      {"bottleneck-hbm-kernels", QT_TRANSLATE_NOOP("EngineMessages", "HBM-bound kernels (norms, activations, dropout) take %1")},
      {"bottleneck-full-recompute", QT_TRANSLATE_NOOP("EngineMessages", "full recomputation repeats every forward pass")},
  };
  return table;
}

namespace {
// How clauses join: "; " between clauses, ": " before a clause whose id starts
// with "bottleneck-exposed" (perf/Bottleneck.h); translated, so Chinese gets "；" / "：".
const char* const kClauseJoin = QT_TRANSLATE_NOOP("EngineMessages", "%1; %2");
const char* const kClauseContinue = QT_TRANSLATE_NOOP("EngineMessages", "%1: %2");

const EngineMessageTemplate* findTemplate(const std::vector<EngineMessageTemplate>& table, const std::string& id) {
  for (const EngineMessageTemplate& t : table)
    if (id == t.id) return &t;
  return nullptr;
}
}  // namespace

QString translatedBottleneck(const nlohmann::json& bottleneck) {
  if (!bottleneck.is_object()) return {};
  const QString detail = QString::fromStdString(bottleneck.value("detail", std::string()));
  const auto it = bottleneck.find("clauses");
  if (it == bottleneck.end() || !it->is_array() || it->empty()) return detail;
  QString out;
  for (const nlohmann::json& c : *it) {
    if (!c.is_object() || !c.contains("id") || !c["id"].is_string()) return detail;
    const std::string id = c["id"].get<std::string>();
    const EngineMessageTemplate* t = findTemplate(bottleneckMessageTable(), id);
    if (!t) return detail;  // a clause this GUI does not know: the engine's English
    std::vector<std::string> args;
    if (c.contains("args") && c["args"].is_array())
      for (const nlohmann::json& a : c["args"]) args.push_back(a.is_string() ? a.get<std::string>() : a.dump());
    const QString text = fillArguments(QCoreApplication::translate("EngineMessages", t->english), args);
    if (out.isEmpty()) {
      out = text;
    } else {
      const bool continues = id.rfind("bottleneck-exposed", 0) == 0;
      out = QCoreApplication::translate("EngineMessages", continues ? kClauseContinue : kClauseJoin).arg(out, text);
    }
  }
  return out;
}

QString fillArguments(const QString& tmpl, const std::vector<std::string>& args) {
  QString out;
  out.reserve(tmpl.size() + 16);
  for (qsizetype i = 0; i < tmpl.size(); ++i) {
    if (tmpl[i] == QLatin1Char('%') && i + 1 < tmpl.size() && tmpl[i + 1].isDigit()) {
      qsizetype n = tmpl[i + 1].digitValue();
      qsizetype len = 2;
      if (i + 2 < tmpl.size() && tmpl[i + 2].isDigit()) {
        n = n * 10 + tmpl[i + 2].digitValue();
        len = 3;
      }
      if (n >= 1 && n <= static_cast<qsizetype>(args.size())) {
        out += QString::fromStdString(args[static_cast<std::size_t>(n - 1)]);
        i += len - 1;
        continue;
      }
    }
    out += tmpl[i];
  }
  return out;
}

QString translatedMessage(const Issue& issue) {
  if (!issue.id.empty()) {
    for (const EngineMessageTemplate& t : engineMessageTable())
      if (issue.id == t.id) return fillArguments(QCoreApplication::translate("EngineMessages", t.english), issue.args);
  }
  return QString::fromStdString(issue.message);
}

QString translatedError(const InputError& e) {
  return translatedText(Issue{e.path(), e.message(), Issue::Severity::Error, e.id(), e.args()});
}

QString translatedText(const Issue& issue) {
  const QString message = translatedMessage(issue);
  return issue.path.empty() ? message : QString::fromStdString(issue.path) + QStringLiteral(": ") + message;
}

}  // namespace cf
