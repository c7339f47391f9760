#include "design/Messages.h"

#include <algorithm>
#include <cctype>

namespace cf {
namespace {

// Message templates, by stable id. The GUI holds the same table with
// QT_TRANSLATE_NOOP (models/EngineMessages.cpp); tests/models checks the two agree.
const std::vector<MessageTemplate> kTemplates = {
    // job.model
    {"heads-not-divide-hidden", "%1 does not divide hidden=%2"},
    {"kv-heads-not-divide-heads", "%1 must divide heads=%2"},
    {"top-k-exceeds-experts", "%1 exceeds experts=%2"},
    {"needs-experts", "%1 needs experts > 1 (a mixture of experts)"},
    {"needs-mla", "%1 needs attention=mla (multi-head latent attention)"},
    {"mla-needs-kv-lora-rank", "attention=mla needs kv_lora_rank > 0 (the key/value latent width)"},
    {"mla-kv-heads", "kv_heads=%1 does not apply to attention=mla: every head has its own key and value"},
    {"dense-layers-exceed-layers", "%1 leaves no mixture-of-experts layer of layers=%2"},
    {"needs-first-dense-layers", "%1 needs first_dense_layers > 0"},
    {"tp-not-divide-dense-ffn", "%1 does not divide dense_ffn_hidden=%2"},
    // job.parallelism
    {"tp-not-divide-heads", "%1 does not divide heads=%2"},
    {"tp-kv-heads-indivisible", "%1 and kv_heads=%2 do not divide one another"},
    {"tp-not-divide-ffn", "%1 does not divide ffn_hidden=%2"},
    {"pp-exceeds-layers", "%1 exceeds layers=%2"},
    {"interleave-needs-pp", "interleaving needs pp > 1"},
    {"virtual-stages-exceed-layers", "%1 stages of pp=%2 exceed layers=%3"},
    {"interleave-micro-batches", "%1 micro-batches per step are not a multiple of pp=%2 (interleaved schedule)"},
    {"schedule-virtual-stages", "%1 runs with virtual_stages=%2, not %3"},
    {"schedule-needs-pp", "%1 needs pp > 1"},
    {"dualpipe-pp-even", "dualpipe needs an even pp, not %1"},
    {"dualpipe-micro-batches",
     "dualpipe needs an even number of micro-batches per step, at least 2*pp=%2; global_batch/(dp*micro_batch) gives "
     "%1"},
    {"stage-layers-invalid",
     "first_stage_layers=%1 and last_stage_layers=%2 leave %3 layers for the other %4 stages of pp=%5"},
    {"cp-not-divide-seq", "%1 does not divide seq_len=%2"},
    {"ep-needs-experts", "expert parallelism needs experts > 1"},
    {"ep-not-divide-experts", "%1 does not divide experts=%2"},
    {"ep-not-divide-dp-cp", "%1 does not divide dp*cp=%2"},
    {"gpus-exceed-cluster", "tp*pp*dp*cp = %1 GPUs, more than the cluster's %2"},
    {"gpus-idle", "tp*pp*cp = %1 does not divide the %2 GPUs; %3 stay idle"},
    {"global-batch-not-multiple", "%1 is not a multiple of dp*micro_batch=%2"},
    {"tp-beyond-scale-up", "%1 spans beyond the scale-up domain of %2 GPUs; TP traffic crosses the scale-out network"},
    {"precision-unsupported", "%1 is not supported by %2"},
    {"checkpoint-target-unknown", "\"%1\" is not a storage tier of the cluster"},
    // cluster
    {"domain-exceeds-cluster", "%1 exceeds the cluster's %2 GPUs"},
    {"climate-unknown", "\"%1\" is not a known climate (%2)"},
    {"nic-speed-missing", "must be above 0 when NICs are fitted"},
    {"switch-slower-than-nics", "%1 has %2 Gb/s ports, slower than the %3 Gb/s NICs"},
    {"fabric-ports-exhausted-modelled",
     "switch ports exhausted: %1 tier(s) of %2-port switches connect at most %3 NIC ports; the cluster has %4; "
     "the fabric is modelled with %5 tiers"},
    {"fabric-ports-exhausted",
     "switch ports exhausted: %1 tier(s) of %2-port switches connect at most %3 NIC ports; the cluster has %4, "
     "more than 3 tiers of this switch can connect"},
    {"fabric-ports-remedy-switch", "what fits: switch %1 (%2 ports, 3 tiers)"},
    {"fabric-ports-remedy-oversubscription", "what fits: leaves oversubscribed %1:1 (3 tiers)"},
    {"fabric-ports-remedy-nics", "what fits: %1 NICs per node (3 tiers)"},
    {"fabric-ports-remedy-planes",
     "what fits: %1 planes of %2 Gb/s links, switch ports split to %3 a switch (3 tiers)"},
    {"fabric-ports-remedy-radix", "what fits: switch %1 with its ports split to %2 × %3 Gb/s (3 tiers)"},
    {"storage-no-read-bandwidth", "tier \"%1\" has no read bandwidth"},
    {"no-scale-out-nics", "0 NICs on %1 nodes: traffic between nodes has no network"},
    {"switch-radix-too-large", "%1 ports, more than the largest switch of %2 ports"},
    // catalog references (design/Resolved.cpp)
    {"part-not-in-catalog", "\"%1\" is not in the catalog"},
    {"cooling-kind-mismatch", "\"%1\" is %2 cooling, not %3"},
    {"cooling-kind-missing", "the catalog has no %1 cooling system"},
    // layout
    {"rack-type-unknown", "rack type \"%1\" is not in the catalog"},
    {"placement-does-not-fit", "\"%1\" at U%2 (%3U) does not fit a %4U rack"},
    {"placement-overlaps", "\"%1\" overlaps \"%2\" at U%3"},
    {"rack-over-power", "\"%1\" draws %2 kW, over its %3 kW power budget"},
    {"rack-over-weight", "\"%1\" weighs %2 kg, over its %3 kg limit"},
    {"layout-node-count",
     "%1 nodes placed in racks, but the cluster has %2: generate the layout again (Racks › Generate layout) or place "
     "the difference by hand"},
    {"rack-system-shares-rack", "\"%1\" is a whole-rack system: \"%2\" cannot share its rack"},
    {"node-accelerator-mismatch",
     "%1 placed node(s) of type \"%2\" carry %3, but the cluster is modelled with %4 (first: \"%5\")"},
    {"liquid-part-in-air-rack",
     "\"%1\" is liquid-cooled, but rack \"%2\" (%3) is air-cooled: it has no coolant manifolds"},
    {"air-part-in-liquid-rack",
     "\"%1\" is air-cooled, but rack \"%2\" (%3) is liquid-cooled: its heat goes to the room air, not the coolant "
     "loop"},
    {"rack-over-cooling", "\"%1\" draws %2 kW, more than the %3 kW per rack that cooling system \"%4\" removes"},
    {"rack-slot-order", "slot %1 is not right of the previous rack \"%2\" (slot %3)"},
};

}  // namespace

const std::vector<MessageTemplate>& engineMessageTemplates() { return kTemplates; }

const char* engineMessageTemplate(std::string_view id) {
  for (const MessageTemplate& t : kTemplates)
    if (id == t.id) return t.english;
  return nullptr;
}

std::string formatMessage(std::string_view tmpl, const std::vector<std::string>& args) {
  std::string out;
  out.reserve(tmpl.size() + 16);
  for (std::size_t i = 0; i < tmpl.size(); ++i) {
    if (tmpl[i] == '%' && i + 1 < tmpl.size() && std::isdigit(static_cast<unsigned char>(tmpl[i + 1]))) {
      std::size_t n = static_cast<std::size_t>(tmpl[i + 1] - '0');
      std::size_t len = 2;
      if (i + 2 < tmpl.size() && std::isdigit(static_cast<unsigned char>(tmpl[i + 2]))) {
        n = n * 10 + static_cast<std::size_t>(tmpl[i + 2] - '0');
        len = 3;
      }
      if (n >= 1 && n <= args.size()) {
        out += args[n - 1];
        i += len - 1;
        continue;
      }
    }
    out += tmpl[i];
  }
  return out;
}

Issue makeIssue(std::string path, Issue::Severity severity, const std::string& id, std::vector<std::string> args) {
  const char* tmpl = engineMessageTemplate(id);
  std::string message = tmpl ? formatMessage(tmpl, args) : id;
  return Issue{std::move(path), std::move(message), severity, tmpl ? id : std::string(), std::move(args)};
}

InputError engineError(std::string path, const std::string& id, std::vector<std::string> args) {
  const char* tmpl = engineMessageTemplate(id);
  std::string message = tmpl ? formatMessage(tmpl, args) : id;
  return InputError(std::move(path), message, tmpl ? id : std::string(), std::move(args));
}

bool hasErrors(const std::vector<Issue>& issues) {
  return std::any_of(issues.begin(), issues.end(), [](const Issue& i) { return i.severity == Issue::Severity::Error; });
}

}  // namespace cf
