// Runs clusterforge-cli (CF_CLI, set by tests/cli/CMakeLists.txt) for the CLI
// suites: exit status (-1 timeout, killed; -2 crashed), stdout and stderr.
#pragma once
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace cftest {

struct Run {
  int code;
  QString out, err;
};

inline Run run(const QStringList& args, int timeoutMs = 60000) {
  QProcess p;
  p.start(CF_CLI, args);
  if (!p.waitForFinished(timeoutMs)) {
    p.kill();
    p.waitForFinished();
    return {-1, {}, QStringLiteral("timeout")};
  }
  return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, QString::fromUtf8(p.readAllStandardOutput()),
          QString::fromUtf8(p.readAllStandardError())};
}

// Writes an input file of a suite into `dir`; returns its path ("" when it cannot be written).
inline QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
  const QString path = dir.filePath(name);
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly)) return {};
  f.write(text);
  return path;
}

}  // namespace cftest
