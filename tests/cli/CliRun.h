// Runs clusterforge-cli (CF_CLI, set by tests/cli/CMakeLists.txt) for the CLI
// suites: exit status (-1 timeout, killed; -2 crashed), stdout and stderr.
#pragma once
#include <QProcess>
#include <QString>
#include <QStringList>

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

}  // namespace cftest
