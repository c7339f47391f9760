// The example gallery's data: every file of resources/examples with a title,
// a one-line story (the seed case studies first) and the project it opens.
//
// Where the examples are: $CLUSTERFORGE_EXAMPLES when set, then the installed
// copy beside the program (<prefix>/share/clusterforge/examples, as
// resources/CMakeLists.txt installs them; Contents/Resources/examples in a
// macOS bundle), then the source tree the program was built from (a build
// that is run where it was built). The first folder that exists wins.
#pragma once
#include <QString>
#include <QStringList>
#include <QVector>

#include "design/Project.h"

namespace cf {

struct ExampleInfo {
  QString path;      // absolute file path
  QString fileName;  // e.g. "llama3-405b-16k-h100.cf.json"
  QString title;     // translated when the example is one of the known ones, else the file's "name"
  QString story;     // one line (translated), else the first sentence of the file's "description"
  QString description;  // the file's own description (English, shown as the tooltip)
  int rank = 0;      // gallery order: seed case studies first, then the other known ones, then the rest
  bool sweep = false;   // a sweep spec: opening it opens its base scenario
  Project project;   // what opening the example loads (empty scenarios when it could not be read)
  QString error;     // why it could not be read
};

class ExampleCatalog {
 public:
  // The folder of the examples (see above); empty when none is found.
  static QString examplesDir();
  // Every regular file of `dir` (sorted as the gallery shows them).
  static QVector<ExampleInfo> scan(const QString& dir);
  // Reads one example: a project or scenario file as it is, a sweep spec
  // (clusterforge.sweep/1) as a project with its base scenario. False with a
  // message naming the file when it cannot be read.
  static bool load(const QString& path, Project* out, QString* error);
};

}  // namespace cf
