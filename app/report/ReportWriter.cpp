#include "ReportWriter.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QFont>
#include <QPageLayout>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextDocument>
#include <QUrl>

#include "ReportHtml.h"
#include "common/Version.h"
#include "design/Project.h"
#include "report/CsvReport.h"
#include "sim/Simulate.h"

namespace cf {

namespace {

bool saveText(const QString& path, const QByteArray& bytes, QString* error) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
    if (error) *error = ReportWriter::tr("Cannot write %1: %2").arg(path, file.errorString());
    return false;
  }
  return true;
}

}  // namespace

bool ReportWriter::parseFormat(const QString& text, Format* format) {
  const QString t = text.toLower();
  if (t == QLatin1String("pdf")) *format = Format::Pdf;
  else if (t == QLatin1String("html") || t == QLatin1String("htm")) *format = Format::Html;
  else if (t == QLatin1String("csv")) *format = Format::Csv;
  else return false;
  return true;
}

QVector<SimResultPtr> ReportWriter::simulateAll(const Project& project, const SimulateOptions& options) {
  QVector<SimResultPtr> results;
  for (std::size_t i = 0; i < project.scenarios.size(); ++i) {
    auto r = std::make_shared<SimResult>();
    QElapsedTimer t;
    t.start();
    try {
      nlohmann::json asJson;
      SimulateOptions opt = options;
      opt.control = nullptr;
      SimOutput out = simulate(project, i, opt, &asJson);
      r->set(std::move(out), std::move(asJson));
    } catch (const std::exception& e) {
      r->error = QString::fromStdString(e.what());
    }
    r->seconds = static_cast<double>(t.nsecsElapsed()) / 1e9;
    results.append(r);
  }
  return results;
}

bool ReportWriter::write(const Project& project, const QVector<SimResultPtr>& results, Format format,
                         const QString& path, QString* error) {
  switch (format) {
    case Format::Pdf: return writePdf(project, results, path, error);
    case Format::Html: {
      ReportHtml html(project, results);
      return saveText(path, html.build(ReportHtml::Images::DataUris).toUtf8(), error);
    }
    case Format::Csv: {
      std::vector<report::ScenarioOutput> outs;
      for (int i = 0; i < static_cast<int>(project.scenarios.size()); ++i) {
        const SimResultPtr r = results.value(i);
        outs.push_back({project.scenarios[static_cast<std::size_t>(i)].name,
                        r && r->ok() ? r->json : nlohmann::json::object()});
      }
      const std::string csv = report::csvReport(outs);
      return saveText(path, QByteArray::fromStdString(csv), error);
    }
  }
  return false;
}

bool ReportWriter::writePdf(const Project& project, const QVector<SimResultPtr>& results, const QString& path,
                            QString* error) {
  ReportHtml builder(project, results);
  QTextDocument doc;
  QFont font;
  if (!ReportHtml::fontFamilies().isEmpty()) font.setFamilies(ReportHtml::fontFamilies());
  font.setPointSizeF(10);
  doc.setDefaultFont(font);
  const QString html = builder.build(ReportHtml::Images::Resources);
  for (auto it = builder.images().begin(); it != builder.images().end(); ++it)
    doc.addResource(QTextDocument::ImageResource, QUrl(it.key()), it.value());
  doc.setHtml(html);

  QPdfWriter pdf(path);
  pdf.setPageSize(QPageSize(QPageSize::A4));
  pdf.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
  pdf.setResolution(150);
  pdf.setTitle(tr("ClusterForge report: %1").arg(QString::fromStdString(project.name)));
  pdf.setCreator(QStringLiteral("ClusterForge %1").arg(QString::fromLatin1(kVersion)));
  doc.print(&pdf);
  if (!QFileInfo(path).exists() || QFileInfo(path).size() == 0) {
    if (error) *error = tr("Cannot write %1").arg(path);
    return false;
  }
  return true;
}

}  // namespace cf
