#include "ResultCache.h"

#include <QCryptographicHash>

#include "design/Project.h"
#include "design/ScenarioJson.h"

namespace cf {

QByteArray ResultCache::keyOfDigest(const QByteArray& scenarioDigest, const Project& p, const SimulateOptions& options) {
  QCryptographicHash h(QCryptographicHash::Sha256);
  h.addData(scenarioDigest);
  Project partsOnly;
  partsOnly.parts = p.parts;
  const std::string parts = projectToJson(partsOnly).dump();
  h.addData(QByteArrayView(parts.data(), static_cast<qsizetype>(parts.size())));
  const std::string opts = options.network + '|' + std::to_string(options.trials) + '|' +
                           std::to_string(options.seed) + '|' + options.backend;
  h.addData(QByteArrayView(opts.data(), static_cast<qsizetype>(opts.size())));
  return h.result().toHex();
}

void ResultCache::insert(const SimResultPtr& result) {
  if (!result || result->key.isEmpty()) return;
  if (!entries_.contains(result->key)) order_.append(result->key);
  entries_.insert(result->key, result);
  while (order_.size() > capacity_) entries_.remove(order_.takeFirst());
}

void ResultCache::clear() {
  entries_.clear();
  order_.clear();
}

}  // namespace cf
