// The kinds of parts and the enumerated words of a design in the window's
// language (the JSON keeps the raw value): the storage editor, the Overview,
// the catalog dock and the generated names say the same.
#pragma once
#include <QString>
#include <string>

namespace cf {

// "Local NVMe", "Parallel file system", "Object store" (translated); an
// unknown kind as written.
QString tierKindText(const std::string& kind);
// A cable or optic: "Transceiver", "DAC copper cable", ... (translated); an
// unknown kind as written.
QString linkKindText(const std::string& kind);
// A scale-out topology or a cooling kind as a design's generated name writes
// it: the value itself in English ("fat-tree", "direct-liquid"), a word in a
// translation ("胖树", "直接液冷"); an unknown value as written.
QString designWordText(const std::string& value);

}  // namespace cf
