#include "PartKinds.h"

#include <QCoreApplication>

namespace cf {
namespace {
// Context cf::StorageEditor: the translations were made for its table.
const char* const kTierKinds[][2] = {{"local-nvme", QT_TRANSLATE_NOOP("cf::StorageEditor", "Local NVMe")},
                                     {"parallel-fs", QT_TRANSLATE_NOOP("cf::StorageEditor", "Parallel file system")},
                                     {"object-store", QT_TRANSLATE_NOOP("cf::StorageEditor", "Object store")}};
const char* const kLinkKinds[][2] = {{"transceiver", QT_TRANSLATE_NOOP("cf::PartKinds", "Transceiver")},
                                     {"dac", QT_TRANSLATE_NOOP("cf::PartKinds", "DAC copper cable")},
                                     {"aec", QT_TRANSLATE_NOOP("cf::PartKinds", "Active electrical cable")},
                                     {"aoc", QT_TRANSLATE_NOOP("cf::PartKinds", "Active optical cable")},
                                     {"fiber", QT_TRANSLATE_NOOP("cf::PartKinds", "Fibre")}};
// Context cf::GeneratedName: the English is the value itself (design/GeneratedName.h).
const char* const kDesignWords[] = {
    QT_TRANSLATE_NOOP("cf::GeneratedName", "fat-tree"),       QT_TRANSLATE_NOOP("cf::GeneratedName", "spine-leaf"),
    QT_TRANSLATE_NOOP("cf::GeneratedName", "rail-optimized"), QT_TRANSLATE_NOOP("cf::GeneratedName", "dragonfly"),
    QT_TRANSLATE_NOOP("cf::GeneratedName", "torus"),          QT_TRANSLATE_NOOP("cf::GeneratedName", "air"),
    QT_TRANSLATE_NOOP("cf::GeneratedName", "rear-door"),      QT_TRANSLATE_NOOP("cf::GeneratedName", "direct-liquid"),
    QT_TRANSLATE_NOOP("cf::GeneratedName", "immersion"),
};

template <std::size_t N>
QString lookUp(const char* const (&table)[N][2], const char* context, const std::string& kind) {
  for (const auto& k : table)
    if (kind == k[0]) return QCoreApplication::translate(context, k[1]);
  return QString::fromStdString(kind);
}
}  // namespace

QString tierKindText(const std::string& kind) { return lookUp(kTierKinds, "cf::StorageEditor", kind); }

QString linkKindText(const std::string& kind) { return lookUp(kLinkKinds, "cf::PartKinds", kind); }

QString designWordText(const std::string& value) {
  for (const char* w : kDesignWords)
    if (value == w) return QCoreApplication::translate("cf::GeneratedName", w);
  return QString::fromStdString(value);
}

}  // namespace cf
