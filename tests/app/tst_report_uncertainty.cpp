// The report's uncertainty section (issue 32): present only with a run the
// user made; its bands, chance of being best and inputs are the run's own
// figures; the tornado is drawn; the assumptions state the inputs, their
// ranges and sources, the sampling method, sample count and seed; the
// Chinese PDF says it in Chinese; the CLI's --uncertainty adds it.
#include <QApplication>
#include <QFile>
#include <QLocale>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

#include "Document.h"
#include "ReportWriter.h"
#include "UncertaintyRunner.h"
#include "uncertainty/UncertaintyText.h"

using namespace cf;

namespace {
const QString kExample = QStringLiteral(CF_SOURCE_DIR "/resources/examples/liquid-supernode-vs-air.json");

QString readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

QString run(const QString& program, const QStringList& args, int* status = nullptr) {
  QProcess p;
  p.start(program, args);
  if (!p.waitForFinished(120000)) return {};
  if (status) *status = p.exitCode();
  return QString::fromUtf8(p.readAllStandardOutput());
}
}  // namespace

class TestReportUncertainty : public QObject {
  Q_OBJECT

  Project project_;
  QVector<SimResultPtr> results_;
  UncertaintyRunPtr run_;
  QTemporaryDir dir_;

  ReportHtml::Precomputed withRun(const char* figure) const {
    ReportHtml::Precomputed p;
    p.uncertainty = run_;
    p.uncertaintyFigure = uq::figureIndex(figure, "");
    return p;
  }

 private slots:
  void initTestCase() {
    QString error;
    QVERIFY2(Document::readProject(kExample, &project_, &error), qPrintable(error));
    for (Scenario& s : project_.scenarios) s.reliability.trials = 100;
    results_ = ReportWriter::simulateAll(project_);
    UncertaintyRequest r;
    r.samples = 128;
    r.seed = 3;
    run_ = std::make_shared<UncertaintyRun>(UncertaintyRunner::compute(project_, r));
    QCOMPARE(run_->compared.size(), std::size_t{2});
  }

  void sectionOnlyWhenComputed() {
    const QString plain = dir_.filePath(QStringLiteral("plain.html"));
    QVERIFY(ReportWriter::write(project_, results_, ReportWriter::Format::Html, plain));
    QVERIFY(!readAll(plain).contains(QLatin1String(">Uncertainty</h2>")));
  }

  void sectionHoldsTheRunsFigures() {
    using T = UncertaintyText;
    const QString html = dir_.filePath(QStringLiteral("u.html"));
    QString error;
    QVERIFY2(ReportWriter::write(project_, results_, ReportWriter::Format::Html, html, &error, {}, withRun("tco_usd")),
             qPrintable(error));
    const QString page = readAll(html);
    QVERIFY(page.contains(QLatin1String(">Uncertainty</h2>")));
    // Every band of every scenario, as the run computed it.
    for (const UncertaintyDesign& d : run_->designs)
      for (std::size_t f = 0; f < uq::figures().size(); ++f) {
        const uq::Summary* s = run_->band(d.scenario, f);
        QVERIFY(s && s->p5 <= s->p50 && s->p50 <= s->p95);
        QVERIFY2(page.contains(T::band(f, *s).toHtmlEscaped()), qPrintable(T::figureName(f)));
      }
    // The tornado of TCO per scenario, as a picture.
    QVERIFY(page.contains(QStringLiteral("alt='%1'").arg(T::figureName(7) + QStringLiteral(": what each input alone does (A)"))));
    QVERIFY(page.contains(QStringLiteral("alt='%1'").arg(T::figureName(7) + QStringLiteral(": what each input alone does (B)"))));
    // P(best) on TCO and the sentence.
    const uq::Comparison& c = run_->comparisons[uq::figureIndex("tco_usd", "")];
    for (double p : c.decision.probability_best) QVERIFY(page.contains(T::percent(p)));
    QVERIFY(page.contains(QLatin1String("Chance best")));
    QVERIFY(page.contains(T::decisionSentence(c, {QStringLiteral("A"), QStringLiteral("B")}).toHtmlEscaped()));
    // The assumptions: inputs, ranges, sources, method, samples, seed.
    for (const UncertaintyDesign& d : run_->designs)
      for (const uq::UncertainInput& in : d.inputs) {
        QVERIFY2(page.contains(T::inputName(in).toHtmlEscaped()), in.key.c_str());
        QVERIFY2(page.contains(T::inputSource(in).toHtmlEscaped()), in.key.c_str());
        QVERIFY(page.contains(T::inputValue(in, in.dist.low)));
      }
    QVERIFY(page.contains(QLatin1String("128 Latin-hypercube samples per scenario, seed 3")));
  }

  void chinesePdf() {
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()) QSKIP("poppler-utils not installed");
    QTranslator zh;
    QVERIFY(zh.load(QStringLiteral(":/i18n/clusterforge_zh_CN.qm")));
    QApplication::installTranslator(&zh);
    QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
    const QString pdf = dir_.filePath(QStringLiteral("u-zh.pdf"));
    const bool ok = ReportWriter::write(project_, results_, ReportWriter::Format::Pdf, pdf, nullptr, {}, withRun("tco_usd"));
    QApplication::removeTranslator(&zh);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QVERIFY(ok);
    const QString text = run(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
    QVERIFY(text.contains(QStringLiteral("期望遗憾")));
    for (const char* english : {"Uncertainty", "Chance best", "Expected regret", "Latin-hypercube", "What decides",
                                "assumed:", "Tornado"})
      QVERIFY2(!text.contains(QLatin1String(english)), english);
  }

  void cliAddsTheSection() {
    const QString out = dir_.filePath(QStringLiteral("cli.html"));
    int status = -1;
    run(QStringLiteral(CF_CLI_EXE), {QStringLiteral("report"), kExample, QStringLiteral("-o"), out,
                                     QStringLiteral("--uncertainty"), QStringLiteral("run_cost_usd"),
                                     QStringLiteral("--samples"), QStringLiteral("64")},
        &status);
    QCOMPARE(status, 0);
    const QString page = readAll(out);
    QVERIFY(page.contains(QLatin1String(">Uncertainty</h2>")));
    QVERIFY(page.contains(QLatin1String("64 Latin-hypercube samples per scenario")));
    run(QStringLiteral(CF_CLI_EXE), {QStringLiteral("report"), kExample, QStringLiteral("-o"), out,
                                     QStringLiteral("--uncertainty"), QStringLiteral("speed")},
        &status);
    QCOMPARE(status, 2);
  }
};

QTEST_MAIN(TestReportUncertainty)
#include "tst_report_uncertainty.moc"
