// Project files (*.cfproj): an SQLite database with a versioned schema.
//
// Saving writes a complete new database beside the target in one
// transaction, syncs it and renames it over the target, so a crash or a full
// disk never leaves a half-written project. Loading opens the file read-only
// and copies it into memory before migrating an older schema, so the file on
// disk is never modified by reading; a newer schema, a foreign SQLite file or
// a file that is not SQLite is refused with a clear message.
#pragma once
#include <stdexcept>
#include <string>

#include "design/Project.h"

namespace cf {

class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline constexpr int kProjectSchemaVersion = 2;
inline constexpr int kProjectApplicationId = 0x43466F72;  // "CFor"

void saveProject(const Project& p, const std::string& path);
Project loadProject(const std::string& path);
// The schema version stored in a file (without loading it).
int projectFileSchemaVersion(const std::string& path);

// Reads a project from .cfproj, or from .json/.cf.json (a scenario or project
// file), chosen by the file's first bytes. Errors: InputError (content) or
// StoreError (file).
Project readAnyProject(const std::string& path);
// Writes .cfproj or JSON chosen by the extension, atomically in both cases.
void writeAnyProject(const Project& p, const std::string& path);

// Writes `bytes` to `path` atomically (temp file in the same folder, fsync, rename).
void writeFileAtomically(const std::string& path, const std::string& bytes);
std::string readFile(const std::string& path);

}  // namespace cf
