// The catalog JSON files compiled into the binary (see cmake/EmbedCatalog.cmake).
#pragma once
#include <string_view>
#include <vector>

namespace cf::catalog_data {
struct EmbeddedFile {
  std::string_view category;  // file name without .json
  std::string_view json;
};
const std::vector<EmbeddedFile>& files();
}  // namespace cf::catalog_data
