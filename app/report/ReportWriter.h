// Writes a project's report as PDF (QPdfWriter + QTextDocument, A4, CJK font,
// vector pictures, page numbers), HTML (self-contained, pictures inline) or
// CSV (core/report/CsvReport.h). The GUI passes the results it has; the CLI
// simulates first (simulateAll).
// Building the content draws charts with widgets, so it runs in the GUI
// thread with a QApplication (offscreen is fine); printing the PDF
// (printPdf) needs no widget and may run in a worker thread.
#pragma once
#include <QCoreApplication>
#include <QMap>
#include <QSizeF>
#include <QString>
#include <QVector>
#include <functional>
#include <memory>

#include "ReportHtml.h"
#include "SimResult.h"
#include "sim/Simulate.h"

class QTextDocument;

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

  // (done, total) → false to cancel.
  using Progress = std::function<bool(int done, int total)>;

  // The waterfalls' and workloads' figures the report shows: those `given`
  // has, the others computed here (any thread; the GUI runs it on a worker).
  static ReportHtml::Precomputed precompute(const Project& project, ReportHtml::Precomputed given = {});

  static bool write(const Project& project, const QVector<SimResultPtr>& results, Format format,
                    const QString& path, QString* error = nullptr, const Progress& progress = {},
                    const ReportHtml::Precomputed& figures = {});

  // The content of a PDF report, built in the GUI thread.
  struct PdfContent {
    QString html;
    QMap<QString, ReportHtml::Picture> pictures;
    QString title;
  };
  // False when cancelled through `progress`.
  static bool buildPdf(const Project& project, const QVector<SimResultPtr>& results, PdfContent* content,
                       const Progress& progress = {}, const ReportHtml::Precomputed& figures = {});
  // Lays the content out on A4 pages and writes it (any thread); the file is
  // written whole or not at all (cancel leaves no file).
  static bool printPdf(const PdfContent& content, const QString& path, QString* error = nullptr,
                       const Progress& progress = {});

  // The laid-out document of the PDF (pictures installed, paginated to the
  // A4 text area in layout pixels): what printPdf prints, for tests.
  static std::unique_ptr<QTextDocument> layoutPdf(const PdfContent& content);
  static QSizeF pageSize();  // of one page's text, layout pixels (96 per inch)
};

}  // namespace cf
