// Writes a project's report as PDF (QPdfWriter + QTextDocument, A4, CJK font),
// HTML (self-contained, charts inline) or CSV (core/report/CsvReport.h). The
// GUI passes the results it has; the CLI simulates first (simulateAll).
// Chart drawing uses widgets, so a QApplication must exist (offscreen is fine).
#pragma once
#include <QCoreApplication>
#include <QString>
#include <QVector>

#include "SimResult.h"
#include "sim/Simulate.h"

namespace cf {

struct Project;

class ReportWriter {
  Q_DECLARE_TR_FUNCTIONS(ReportWriter)

 public:
  enum class Format { Pdf, Html, Csv };
  // From a name or a file suffix ("pdf", "html"/"htm", "csv"); false if unknown.
  static bool parseFormat(const QString& text, Format* format);

  // Runs the engine on every scenario, in this thread.
  // With the GUI's options (e.g. the flow network simulation) so a report
  // states what the Dashboard shows.
  static QVector<SimResultPtr> simulateAll(const Project& project, const SimulateOptions& options = {});

  static bool write(const Project& project, const QVector<SimResultPtr>& results, Format format,
                    const QString& path, QString* error = nullptr);

 private:
  static bool writePdf(const Project& project, const QVector<SimResultPtr>& results, const QString& path,
                       QString* error);
};

}  // namespace cf
