#include "StorageKinds.h"

#include <QCoreApplication>

namespace cf {
namespace {
// Context cf::StorageEditor: the translations were made for its table.
const char* const kTierKinds[][2] = {{"local-nvme", QT_TRANSLATE_NOOP("cf::StorageEditor", "Local NVMe")},
                                     {"parallel-fs", QT_TRANSLATE_NOOP("cf::StorageEditor", "Parallel file system")},
                                     {"object-store", QT_TRANSLATE_NOOP("cf::StorageEditor", "Object store")}};
}  // namespace

QString tierKindText(const std::string& kind) {
  for (const auto& k : kTierKinds)
    if (kind == k[0]) return QCoreApplication::translate("cf::StorageEditor", k[1]);
  return QString::fromStdString(kind);
}

}  // namespace cf
