// The names a layout shows. The layout generator names what it makes in
// English ("Hall 1", "Row A", "Network row 1", "Storage row 1"), and files
// keep those names; the views show such a generated name in the window's
// language, and a name the user typed as it is.
#pragma once

#include <QString>

#include <string>

namespace cf {

QString layoutNameText(const std::string& stored);

}  // namespace cf
