#include "topology/TopologyCache.h"

#include <deque>
#include <mutex>

#include "topology/Generators.h"

namespace cf::topology {
namespace {

// What a fabric is a function of (see the header).
struct Key {
  FabricSpec spec;
  PlacementParams placement;
  BomParts bomParts;
  std::vector<LinkPart> links;
  bool operator==(const Key&) const = default;
};

struct Entry {
  Key key;
  std::shared_ptr<const TopologyModel> model;
};

// Two entries: the design being edited and the one compared with it. A
// 100K-GPU model holds a few hundred MB, so the cache stays small.
constexpr std::size_t kEntries = 2;

std::mutex mutex;
std::deque<Entry> entries;  // most recent first
TopologyCacheStats stats;

}  // namespace

std::shared_ptr<const TopologyModel> cachedTopology(const ResolvedScenario& r, const Catalog& parts, bool paths) {
  TopologyModel prepared = prepareTopology(r, parts);
  Key key{prepared.spec, prepared.placementParams, prepared.bomParts, parts.links};
  std::shared_ptr<const TopologyModel> partial;  // the same fabric without the path analysis
  {
    std::lock_guard<std::mutex> lock(mutex);
    for (auto it = entries.begin(); it != entries.end(); ++it)
      if (it->key == key) {
        Entry hit = *it;
        entries.erase(it);
        if (!paths || hit.model->analysis.paths) {
          entries.push_front(hit);
          ++stats.hits;
          return hit.model;
        }
        partial = hit.model;
        break;
      }
    ++stats.misses;
  }
  if (partial) {
    prepared = *partial;
    analysePaths(prepared);
  } else {
    prepared.fabric = generate(prepared.spec);
    analyseTopology(prepared, parts, paths);
  }
  auto model = std::make_shared<const TopologyModel>(std::move(prepared));
  std::lock_guard<std::mutex> lock(mutex);
  // Another thread may have stored this key meanwhile: one entry per key, the
  // one with the path analysis when only one has it.
  for (auto it = entries.begin(); it != entries.end(); ++it)
    if (it->key == key) {
      if (it->model->analysis.paths && !model->analysis.paths) return it->model;
      entries.erase(it);
      break;
    }
  entries.push_front(Entry{std::move(key), model});
  if (entries.size() > kEntries) entries.pop_back();
  return model;
}

TopologyCacheStats topologyCacheStats() {
  std::lock_guard<std::mutex> lock(mutex);
  return stats;
}

}  // namespace cf::topology
