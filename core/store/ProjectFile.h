// Project files (*.cfproj): an SQLite database with a versioned schema.
//
// Saving builds the complete database in memory and writes it with
// writeFileAtomically (AtomicFile.h): temp file beside the target, fsync,
// rename, fsync of the folder; mode, owner and symlink target are kept.
// Loading reads the file's bytes into an in-memory database, so the file on
// disk is never modified by reading; a newer schema, a foreign SQLite file or
// a file that is not SQLite is refused with a clear message.
//
// Damage. Open runs PRAGMA integrity_check, then reads every scenario and part
// by its own key (one seek per row), so a damaged page loses only the rows on
// it and is never mistaken for the end of a table. The "contents" entry of the
// meta table (scenario names and the part count, written by every save) says
// what the file should hold, so a missing row is noticed and named even when
// its own page is unreadable. Without a LoadReport any problem is an error;
// with one, the good parts load and every problem is listed.
#pragma once
#include <string>
#include <vector>

#include "common/InputError.h"
#include "design/Project.h"
#include "store/AtomicFile.h"

namespace cf {

inline constexpr int kProjectSchemaVersion = 3;
inline constexpr int kProjectApplicationId = 0x43466F72;  // "CFor"

// What a load found wrong. `problems` name where ("scenarios[3]",
// "scenarios[3].job.model", "parts", "name", "" for the file as a whole) and
// what ("could not be read: database disk image is malformed (scenario
// \"Llama\")"). `partial`: something the file holds was not loaded, so saving
// the project would lose it.
struct LoadReport {
  std::vector<Issue> problems;
  bool partial = false;
  bool ok() const { return problems.empty(); }
};

void saveProject(const Project& p, const std::string& path);
// The bytes saveProject writes (the whole database; saveProject(p, path) is
// writeFileAtomically(path, projectFileBytes(p))).
std::string projectFileBytes(const Project& p);
// Without a report: the whole project or an exception (StoreError for a
// damaged or foreign file, InputError for invalid content). With one: the
// readable part of the project, problems in `*report`; StoreError only when
// the file is not a readable ClusterForge project at all.
Project loadProject(const std::string& path, LoadReport* report = nullptr);
// The schema version stored in a file (without loading it).
int projectFileSchemaVersion(const std::string& path);

// Reads a project from .cfproj, or from .json/.cf.json (a scenario or project
// file), chosen by the file's first bytes. A project needs at least one
// scenario. Errors as loadProject. A JSON project file with a report: a
// scenario or waterfall that is not valid is left out and listed (partial);
// the frame of the file (syntax, format, name, parts) must be valid.
Project readAnyProject(const std::string& path, LoadReport* report = nullptr);
// Writes .cfproj or JSON chosen by the extension, atomically in both cases.
// Text that is not valid UTF-8 is an InputError naming its key path.
void writeAnyProject(const Project& p, const std::string& path);

}  // namespace cf
