// Translated display text of the compute backend (core/gpu/Backend.h is
// Qt-free and English); built from BackendInfo's fields for the status bar
// and the About dialog.
#pragma once
#include <QCoreApplication>
#include <QString>

#include "gpu/Backend.h"

namespace cf {

// "CUDA" or "CPU" (names, not translated).
inline QString backendName(const BackendInfo& b) {
  return b.kind == BackendInfo::Kind::Cuda ? QStringLiteral("CUDA") : QStringLiteral("CPU");
}

// The GPU's name for CUDA, "N CPU threads" (translated) for the CPU.
inline QString backendDevice(const BackendInfo& b) {
  if (b.kind == BackendInfo::Kind::Cuda || b.cpu_threads <= 0) return QString::fromStdString(b.device);
  return QCoreApplication::translate("cf::BackendText", "%1 CPU threads").arg(b.cpu_threads);
}

// Why this backend was chosen; the known reasons of core/gpu/Backend.cpp are
// translated, anything else (a CUDA driver's message) is shown as it is.
inline QString backendReason(const BackendInfo& b) {
  const std::string& r = b.reason;
  if (b.kind == BackendInfo::Kind::Cuda) return QCoreApplication::translate("cf::BackendText", "a CUDA GPU answered");
  if (r == "CLUSTERFORGE_BACKEND=cpu")
    return QCoreApplication::translate("cf::BackendText", "forced by CLUSTERFORGE_BACKEND=cpu");
  const std::string prefix = "CUDA not used: ";
  if (r.rfind(prefix, 0) == 0) {
    const std::string why = r.substr(prefix.size());
    QString whyText = QString::fromStdString(why);
    if (why == "built without the CUDA toolkit")
      whyText = QCoreApplication::translate("cf::BackendText", "built without the CUDA toolkit");
    else if (why == "no CUDA driver, or one older than this build's CUDA runtime")
      whyText = QCoreApplication::translate("cf::BackendText", "no CUDA driver, or one older than this build's CUDA runtime");
    else if (why == "no CUDA device found")
      whyText = QCoreApplication::translate("cf::BackendText", "no CUDA device found");
    else if (const std::string old = " is older than sm_80"; why.size() > old.size() &&
                                                              why.compare(why.size() - old.size(), old.size(), old) == 0)
      whyText = QCoreApplication::translate("cf::BackendText", "%1 is older than sm_80")
                    .arg(QString::fromStdString(why.substr(0, why.size() - old.size())));
    return QCoreApplication::translate("cf::BackendText", "CUDA not used: %1").arg(whyText);
  }
  return QString::fromStdString(r);
}

}  // namespace cf
