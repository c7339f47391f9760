// Presentation mode (issue 9): every built-in lesson opens, steps through all
// its steps with the keyboard, and the metric moves the way the lesson says:
// communication share falls with 16x bandwidth, MTBF falls and goodput drops
// as the cluster doubles, goodput peaks at an interior checkpoint interval,
// liquid PUE < air PUE, MFU after > before, the lever waterfall's slides are
// the engine's waterfall steps. Chinese narration when zh_CN.
#include <QSignalSpy>
#include <QTest>
#include <cmath>

#include "waterfall/RunWaterfall.h"
#include "waterfall/WaterfallSpec.h"

#include "ChartView.h"
#include "Lesson.h"
#include "common/InputError.h"
#include "LessonSimulator.h"
#include "PresentationWindow.h"

using namespace cf;

class TestPresentation : public QObject {
  Q_OBJECT

  // The lesson's metric per step, read while stepping through it with the keys.
  static QVector<double> stepThrough(PresentationWindow& w, const QString& id, const QString& key = {}) {
    QVector<double> values;
    w.showOverview();
    const int index = w.indexOf(id);
    if (index < 0) return values;
    for (int i = 0; i < w.lessonCount(); ++i) QTest::keyClick(&w, Qt::Key_Up);  // the first lesson
    for (int i = 0; i < index; ++i) QTest::keyClick(&w, Qt::Key_Down);
    QTest::keyClick(&w, Qt::Key_Right);  // start the chosen lesson
    LessonSimulator* sim = w.simulator(index);
    const QString metric = key.isEmpty() ? sim->lesson().metric : key;
    for (int s = 0; s < sim->stepCount(); ++s) {
      if (w.currentLesson() != index || w.currentStep() != s) return {};
      const SimResultPtr r = sim->result(s);
      if (!r || !r->ok()) qWarning("%s step %d: %s", qPrintable(id), s, r ? qPrintable(r->error) : "no result");
      values << sim->metric(s, metric);
      if (s + 1 < sim->stepCount()) QTest::keyClick(&w, Qt::Key_Space);
    }
    return values;
  }

 private slots:
  void lessonsLoad() {
    QString errors;
    const QVector<Lesson> lessons = Lesson::builtin(&errors);
    QVERIFY2(errors.isEmpty(), qPrintable(errors));
    QCOMPARE(lessons.size(), 6);
    for (const Lesson& l : lessons) {
      QVERIFY(l.steps.size() >= 2);
      QVERIFY2(!l.title.zh.isEmpty(), qPrintable(l.id));
      for (const LessonStep& s : l.steps) {
        QVERIFY2(!s.text.en.isEmpty() && !s.text.zh.isEmpty(), qPrintable(l.id + QLatin1Char(' ') + s.label.en));
        QVERIFY(!s.metrics.isEmpty());
      }
    }
  }

  void badLessonNamesTheField() {
    nlohmann::json j = {{"format", "clusterforge.lesson/1"}, {"id", "x"}, {"title", "T"}, {"example", "e.json"},
                        {"metric", "energy.pue"}, {"expect", "decreasing"},
                        {"steps", {{{"label", "a"}, {"title", "t"}, {"text", "x"}, {"edits", 3}}}}};
    try {
      Lesson::fromJson(j);
      QFAIL("accepted edits that are not an object");
    } catch (const InputError& e) {
      QVERIFY2(QString::fromStdString(e.what()).contains(QLatin1String("steps[0].edits")), e.what());
    }
    j["steps"][0]["edits"] = nlohmann::json::object();
    j["expect"] = "sideways";
    QVERIFY_THROWS_EXCEPTION(InputError, Lesson::fromJson(j));
  }

  void communicationShareFalls() {
    PresentationWindow w;
    const QVector<double> share = stepThrough(w, QStringLiteral("communication"));
    QCOMPARE(share.size(), 5);
    for (int i = 1; i < share.size(); ++i) QVERIFY2(share[i] < share[i - 1], qPrintable(QString::number(i)));
    // 16x the bandwidth: from about a third of the step to a few percent (seed: 35 % -> 3.7 %).
    QVERIFY2(share.first() > 0.2, qPrintable(QString::number(share.first())));
    QVERIFY2(share.last() < 0.06, qPrintable(QString::number(share.last())));
    QVERIFY(Lesson::trendHolds(QStringLiteral("decreasing"), share));
    // The charts follow: the trend has one bar per step shown.
    QVERIFY(w.trendChart()->isVisibleTo(&w));
  }

  void failuresAtScale() {
    PresentationWindow w;
    const QVector<double> mtbf = stepThrough(w, QStringLiteral("failures"), QStringLiteral("reliability.cluster_mtbf_h"));
    const QVector<double> goodput = stepThrough(w, QStringLiteral("failures"), QStringLiteral("reliability.goodput_mean"));
    QCOMPARE(mtbf.size(), 4);
    QCOMPARE(goodput.size(), 4);
    for (int i = 1; i < mtbf.size(); ++i) {
      QVERIFY2(mtbf[i] < mtbf[i - 1] * 0.7, qPrintable(QString::number(i)));  // doubling the parts ~halves MTBF
      QVERIFY2(goodput[i] < goodput[i - 1], qPrintable(QString::number(i)));
    }
  }

  void checkpointIntervalHasInteriorMaximum() {
    PresentationWindow w;
    const QVector<double> goodput = stepThrough(w, QStringLiteral("checkpoint"));
    QCOMPARE(goodput.size(), 6);
    QVERIFY(Lesson::trendHolds(QStringLiteral("interior_maximum"), goodput));
    // The best step lies within a factor of 2.5 of the Young/Daly interval the engine reports.
    const int best = static_cast<int>(std::max_element(goodput.begin(), goodput.end()) - goodput.begin());
    LessonSimulator* sim = w.simulator(w.indexOf(QStringLiteral("checkpoint")));
    const double young_s = sim->metric(best, QStringLiteral("checkpoint_young_min")) * 60;
    const double used_s = sim->metric(best, QStringLiteral("reliability.checkpoint_interval_s"));
    QVERIFY2(used_s > young_s / 2.5 && used_s < young_s * 2.5, qPrintable(QStringLiteral("%1 vs %2").arg(used_s).arg(young_s)));
  }

  void liquidPueBelowAir() {
    PresentationWindow w;
    const QVector<double> pue = stepThrough(w, QStringLiteral("cooling"));
    QCOMPARE(pue.size(), 4);
    QVERIFY2(pue[2] < pue[0] - 0.2, qPrintable(QStringLiteral("%1 %2").arg(pue[0]).arg(pue[2])));  // same GPUs, liquid vs air
    QVERIFY(pue[3] < pue[0]);
    for (double p : pue) QVERIFY(p > 1.0);
  }

  void mfuAfterAboveBefore() {
    PresentationWindow w;
    const QVector<double> mfu = stepThrough(w, QStringLiteral("mfu"));
    QCOMPARE(mfu.size(), 4);
    QVERIFY(mfu.last() > mfu.first());
    QVERIFY(Lesson::trendHolds(QStringLiteral("increasing"), mfu));
  }

  // The waterfall lesson (issue 17): one slide per step of the shipped
  // waterfall, each the cumulative scenario the engine's waterfall runs, so
  // the figures on the slides are the Waterfall tab's (MFU needs no Monte Carlo).
  void leverWaterfallStepByStep() {
    PresentationWindow w;
    const QVector<double> mfu = stepThrough(w, QStringLiteral("waterfall"));
    WaterfallOptions o;
    o.monte_carlo = false;
    const WaterfallResult r =
        runWaterfall(WaterfallSpec::fromFile(CF_SOURCE_DIR "/resources/waterfalls/a100-10b-levers.json"), o);
    QCOMPARE(mfu.size(), static_cast<int>(r.steps.size()) + 1);
    QCOMPARE(mfu[0], r.baseline.mfu);
    for (std::size_t k = 0; k < r.steps.size(); ++k)
      QVERIFY2(std::abs(mfu[static_cast<int>(k) + 1] - r.steps[k].figures.mfu) < 1e-12, qPrintable(QString::number(k)));
    // The narration's figures: 36.9 % at the baseline, 19.8 % after the memory step.
    QCOMPARE(QString::number(mfu[0] * 100, 'f', 1), QString("36.9"));
    QCOMPARE(QString::number(mfu[2] * 100, 'f', 1), QString("38.5"));
    QCOMPARE(QString::number(mfu[3] * 100, 'f', 1), QString("19.8"));
    QCOMPARE(QString::number(mfu[4] * 100, 'f', 1), QString("22.2"));
    QCOMPARE(QString::number(mfu[5] * 100, 'f', 1), QString("22.2"));
    QVERIFY(Lesson::trendHolds(QStringLiteral("last_below_first"), mfu));
    QVERIFY(w.trendChart()->isVisibleTo(&w));
  }

  void keysAndLanguage() {
    PresentationWindow w;
    w.resize(1280, 800);
    QVERIFY(w.openLesson(QStringLiteral("cooling"), 1));
    QCOMPARE(w.currentStep(), 1);
    QVERIFY(w.narration().contains(QLatin1String("rack")));
    QVERIFY(w.figures().first().startsWith(QLatin1String("PUE")));
    QTest::keyClick(&w, Qt::Key_Left);
    QCOMPARE(w.currentStep(), 0);
    QTest::keyClick(&w, Qt::Key_Left);
    QCOMPARE(w.currentLesson(), -1);  // back on the overview
    w.setLanguage(QStringLiteral("zh_CN"));
    QVERIFY(w.openLesson(QStringLiteral("2")));
    QVERIFY2(w.stepTitle().contains(QStringLiteral("张")), qPrintable(w.stepTitle()));
    // The last step of the last lesson goes back to the overview.
    QVERIFY(w.openLesson(QStringLiteral("waterfall"), 5));
    QTest::keyClick(&w, Qt::Key_Right);
    QCOMPARE(w.currentLesson(), -1);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QTest::keyClick(&w, Qt::Key_Escape);
    QVERIFY(!w.isVisible());
  }

  void everyStepChartIsDrawn() {
    PresentationWindow w;
    for (int l = 0; l < w.lessonCount(); ++l)
      for (int s = 0; s < w.simulator(l)->stepCount(); ++s) {
        QVERIFY(w.openLesson(QString::number(l + 1), s));
        const SimResultPtr r = w.simulator(l)->result(s);
        QVERIFY2(r && r->ok(), qPrintable(QStringLiteral("lesson %1 step %2: %3").arg(l).arg(s).arg(r ? r->error : QString())));
        QVERIFY(!w.stepChart()->toImage(QSize(300, 200), 1.0).isNull());
      }
  }
};

QTEST_MAIN(TestPresentation)
#include "tst_presentation.moc"
