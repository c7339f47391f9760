// The storage tier kinds in words (the JSON keeps the raw kind): the storage
// editor's table and the Overview's storage row say the same.
#pragma once
#include <QString>
#include <string>

namespace cf {

// "Local NVMe", "Parallel file system", "Object store" (translated); an
// unknown kind as written.
QString tierKindText(const std::string& kind);

}  // namespace cf
