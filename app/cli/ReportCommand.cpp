#include "ReportCommand.h"

#include <QApplication>
#include <QFileInfo>
#include <QTranslator>

#include "Document.h"
#include "ReportWriter.h"
#include "UncertaintyRunner.h"
#include "common/InputError.h"
#include "common/InputFile.h"

namespace cf::cli {

CLI::App* addReportCommand(CLI::App& app, ReportArgs& args) {
  auto* cmd = app.add_subcommand("report", "Simulate every scenario and write a PDF, HTML or CSV report");
  cmd->add_option("FILE", args.file, "*.cf.json, *.json or *.cfproj")->required();
  cmd->add_option("--format", args.format, "pdf, html or csv (default: from the extension of OUT)")
      ->check(CLI::IsMember({"pdf", "html", "csv"}));
  cmd->add_option("-o,--output", args.out, "The report file to write")->required();
  cmd->add_option("--lang", args.lang, "Report language: en or zh_CN")->check(CLI::IsMember({"en", "zh_CN"}));
  cmd->add_option("--uncertainty", args.uncertainty,
                  "Add the uncertainty section (bands, tornado, chance best) judged on this figure, e.g. tco_usd");
  cmd->add_option("--samples", args.samples, "Latin-hypercube samples of the uncertainty section (default 1024)")
      ->check(CLI::Range(2, 1000000));
  return cmd;
}

int report(const ReportArgs& a, int argc, char** argv, std::ostream& out, std::ostream& err) {
  // Charts are drawn with widgets: no display is needed on the offscreen platform.
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  QTranslator translator;
  if (a.lang == "zh_CN") {
    if (!translator.load(QStringLiteral(":/i18n/clusterforge_zh_CN.qm"))) {
      err << "report: the zh_CN translation is not available\n";
      return 1;
    }
    QApplication::installTranslator(&translator);
    QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
  }
  ReportWriter::Format format;
  const QString outPath = QString::fromStdString(a.out);
  const QString fmt = a.format.empty() ? QFileInfo(outPath).suffix() : QString::fromStdString(a.format);
  if (!ReportWriter::parseFormat(fmt, &format)) {
    err << "report: --format: choose pdf, html or csv (\"" << fmt.toStdString() << "\")\n";
    return 2;
  }
  try {  // before the work: a FIFO or device is refused, not replaced after it
    checkOutputFile(a.out, "-o");
  } catch (const InputError& e) {
    err << e.what() << "\n";
    return 2;
  }
  Project project;
  QString error;
  if (!Document::readProject(QString::fromStdString(a.file), &project, &error)) {
    err << error.toStdString() << "\n";
    return 2;
  }
  const QVector<SimResultPtr> results = ReportWriter::simulateAll(project);
  int failed = 0;
  for (int i = 0; i < results.size(); ++i)
    if (!results[i]->ok()) {
      err << "scenarios[" << i << "]: " << results[i]->error.toStdString() << "\n";
      ++failed;
    }
  ReportHtml::Precomputed figures;
  if (!a.uncertainty.empty()) {
    try {
      figures.uncertaintyFigure = uq::figureIndex(a.uncertainty, "--uncertainty");
      UncertaintyRequest r;
      r.samples = a.samples;
      figures.uncertainty = std::make_shared<UncertaintyRun>(UncertaintyRunner::compute(project, r));
    } catch (const InputError& e) {
      err << "report: " << e.what() << "\n";
      return 2;
    }
  }
  if (!ReportWriter::write(project, results, format, outPath, &error, {}, figures)) {
    err << error.toStdString() << "\n";
    return 1;
  }
  out << a.out << "\n";
  return failed == results.size() && failed > 0 ? 2 : 0;
}

}  // namespace cf::cli
