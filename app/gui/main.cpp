// clusterforge [FILE] [--screenshot OUT.png] [--lang zh_CN|en] [--tab NAME] [--present LESSON|FILE.json [--step N]] [--sweep-results FILE] [--uncertainty FIGURE]
//
// Diagnostics: with the environment variable CF_STALL_LOG set (to a number of
// ms, 100 when not a number) every block of the GUI thread's event loop above
// it is written to stderr with the tab shown, and the longest at exit
// (models/StallWatchdog.h).
//
// --screenshot renders the main window (after loading FILE) to a PNG with
// QWidget::grab and exits; without a display it runs on the offscreen platform.
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QScreen>
#include <QSettings>
#include <QTabWidget>
#include <QTimer>
#include <cstdio>
#include <cstring>
#include <memory>

#include "Document.h"
#include "FileController.h"
#include "LanguageManager.h"
#include "TabTitles.h"
#include "MainWindow.h"
#include "ProgressManager.h"
#include "presentation/PresentationWindow.h"
#include "ResultsController.h"
#include "UncertaintyRunner.h"
#include "SimulationRunner.h"
#include "StallWatchdog.h"
#include "sweep/SweepResultsView.h"
#include "WaterfallRunner.h"
#include "waterfall/WaterfallView.h"
#include "WelcomeController.h"
#include "welcome/WelcomePage.h"
#include "common/Version.h"

namespace {

bool wantsScreenshot(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (std::strncmp(argv[i], "--screenshot", 12) == 0) return true;
  return false;
}

// Lets layouts, the overview and pending timers settle, then grabs the window.
int saveScreenshot(cf::MainWindow& window, const QString& path, QWidget* target = nullptr) {
  for (int i = 0; i < 5; ++i) QCoreApplication::processEvents();
  // Results come from a worker thread: wait (bounded) until every scenario has one.
  cf::SimulationRunner* runner = window.results()->runner();
  QElapsedTimer waited;
  waited.start();
  cf::WaterfallRunner* waterfalls = window.waterfalls()->runner();
  auto allDone = [&] {
    for (int i = 0; i < window.document()->scenarioCount(); ++i)
      if (!runner->result(i)) return false;
    return !runner->isRunning() && !waterfalls->isRunning();
  };
  while (!allDone() && waited.elapsed() < 120000) QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
  for (int i = 0; i < 5; ++i) QCoreApplication::processEvents();
  const QPixmap shot = target ? target->grab() : window.grab();
  if (shot.isNull() || !shot.save(path, "PNG")) {
    std::fprintf(stderr, "clusterforge: cannot write the screenshot %s\n", qPrintable(QDir::toNativeSeparators(path)));
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // A screenshot needs no display: fall back to the offscreen platform.
  if (wantsScreenshot(argc, argv) && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") &&
      qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
    qputenv("QT_QPA_PLATFORM", "offscreen");

  QApplication app(argc, argv);
  QApplication::setApplicationName(QStringLiteral("ClusterForge"));
  QApplication::setOrganizationName(QStringLiteral("ClusterForge"));
  QApplication::setApplicationVersion(QString::fromLatin1(cf::kVersion));

  // The language first, so that the help text and the window start translated.
  QString lang;
  const QStringList args = QCoreApplication::arguments();
  for (int i = 1; i < args.size(); ++i) {
    if (args[i] == QLatin1String("--lang") && i + 1 < args.size())
      lang = args[i + 1];
    else if (args[i].startsWith(QLatin1String("--lang=")))
      lang = args[i].mid(7);
  }
  cf::LanguageManager languages;
  const QString chosen = lang.isEmpty() ? cf::LanguageManager::preferred() : cf::LanguageManager::normalize(lang);
  if (!lang.isEmpty() && chosen.isEmpty()) {
    std::fprintf(stderr, "clusterforge: unknown language \"%s\" (use en or zh_CN)\n", qPrintable(lang));
    return 2;
  }
  languages.setLanguage(chosen);

  QCommandLineParser parser;
  parser.setApplicationDescription(
      QCoreApplication::translate("main", "ClusterForge: a design studio for AI training clusters"));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument(QStringLiteral("FILE"),
                               QCoreApplication::translate("main", "Project (.cfproj) or scenario (.cf.json) to open"));
  const QCommandLineOption screenshotOption(
      QStringLiteral("screenshot"),
      QCoreApplication::translate("main", "Render the main window to a PNG file and exit."), QStringLiteral("OUT.png"));
  const QCommandLineOption langOption(QStringLiteral("lang"),
                                      QCoreApplication::translate("main", "User interface language: en or zh_CN."),
                                      QStringLiteral("LANG"));
  const QCommandLineOption tabOption(
      QStringLiteral("tab"),
      QCoreApplication::translate("main", "Central tab to show first: its title in English or Chinese, or its object name (e.g. Racks, 机柜 or rackEditor)."),
      QStringLiteral("NAME"));
  parser.addOption(tabOption);
  const QCommandLineOption presentOption(
      QStringLiteral("present"),
      QCoreApplication::translate("main", "Start the classroom presentation at a lesson (its id or number, e.g. checkpoint or 3, or a lesson file)."),
      QStringLiteral("LESSON"));
  const QCommandLineOption stepOption(QStringLiteral("step"),
                                     QCoreApplication::translate("main", "Step of the lesson to show first (1 = the first)."),
                                     QStringLiteral("N"));
  parser.addOption(presentOption);
  parser.addOption(stepOption);
  const QCommandLineOption sweepOption(
      QStringLiteral("sweep-results"),
      QCoreApplication::translate("main", "Open a sweep's results (.sweep.db, JSON or CSV report) in the Sweep tab."),
      QStringLiteral("FILE"));
  parser.addOption(sweepOption);
  const QCommandLineOption uncertaintyOption(
      QStringLiteral("uncertainty"),
      QCoreApplication::translate("main", "Propagate the uncertain inputs at start (the Uncertainty tab's Run) and judge the designs on FIGURE (e.g. time_to_train_days, tco_usd)."),
      QStringLiteral("FIGURE"));
  parser.addOption(uncertaintyOption);
  parser.addOption(screenshotOption);
  parser.addOption(langOption);
  parser.process(app);

  const bool screenshot = parser.isSet(screenshotOption);
  cf::MainWindow window(&languages);
  // The responsiveness watchdog (issue 30), a diagnostic: CF_STALL_LOG=[ms].
  std::unique_ptr<cf::StallWatchdog> watchdog;
  if (qEnvironmentVariableIsSet("CF_STALL_LOG")) {
    watchdog = std::make_unique<cf::StallWatchdog>();
    bool numeric = false;
    const double threshold = qEnvironmentVariable("CF_STALL_LOG").toDouble(&numeric);
    watchdog->setThresholdMs(numeric && threshold > 0 ? threshold : 100);
    watchdog->onStall([](double ms, const QString& where) {
      std::fprintf(stderr, "clusterforge: the GUI thread was blocked %.0f ms (%s)\n", ms, qPrintable(where));
    });
    auto label = [&window, w = watchdog.get()] {
      w->setLabel(window.tabs()->currentWidget() ? window.tabs()->currentWidget()->objectName() : QString());
    };
    QObject::connect(window.tabs(), &QTabWidget::currentChanged, watchdog.get(), label);
    label();
    watchdog->start();
    QObject::connect(&app, &QCoreApplication::aboutToQuit, watchdog.get(), [w = watchdog.get()] {
      w->stop();
      std::fprintf(stderr, "clusterforge: longest block of the GUI thread %.0f ms (%s); %d above %.0f ms\n",
                   w->longestMs(), qPrintable(w->longestLabel()), w->stallsAbove(), w->thresholdMs());
    });
  }
  window.files()->setInteractive(!screenshot);
  const QStringList files = parser.positionalArguments();
  if (!files.isEmpty()) {
    if (!window.openFile(files.first()) && screenshot) return 1;
  }
  const bool recovered = files.isEmpty() && !screenshot && window.files()->offerUntitledRecovery();
  if (!screenshot) window.restoreLayout();
  // First start (no file, no earlier session) opens the Welcome page (issue 18).
  if (!screenshot && !recovered && cf::WelcomeController::showAtStart(!files.isEmpty(), QSettings()))
    window.welcome()->show();
  if (parser.isSet(sweepOption)) {
    QString error;
    if (!window.sweepResults()->openResults(parser.value(sweepOption), &error)) {
      std::fprintf(stderr, "clusterforge: %s\n", qPrintable(error));
      if (screenshot) return 1;
    }
    window.tabs()->setCurrentWidget(window.sweepResults());
  }
  if (parser.isSet(tabOption)) {
    // A tab by its object name or its title in English or 简体中文 (issue 30).
    const QString name = parser.value(tabOption);
    const bool welcome = name.compare(QLatin1String("welcome"), Qt::CaseInsensitive) == 0 ||
                         name.compare(window.welcome()->page()->objectName(), Qt::CaseInsensitive) == 0;
    const int index = cf::findTab(window.tabs(), name);
    if (welcome) {
      window.welcome()->show();
    } else if (index >= 0) {
      window.tabs()->setCurrentIndex(index);
    } else {
      std::fprintf(stderr, "clusterforge: --tab: no tab is called \"%s\"; the tabs are welcome, %s\n",
                   qPrintable(name), qPrintable(cf::tabNames(window.tabs()).join(QLatin1String(", "))));
      return 2;
    }
  }
  window.show();
  if (parser.isSet(uncertaintyOption)) {
    try {
      window.results()->uncertaintyRunner()->setFigure(parser.value(uncertaintyOption).toStdString());
    } catch (const std::exception& e) {
      std::fprintf(stderr, "clusterforge: --uncertainty: %s\n", e.what());
      return 2;
    }
    window.results()->uncertaintyRunner()->run();
  }
  QWidget* presentation = nullptr;
  if (parser.isSet(presentOption)) {
    const QString lesson = parser.value(presentOption);
    const int step = qMax(1, parser.value(stepOption).toInt()) - 1;
    cf::PresentationWindow* p = nullptr;
    if (QFileInfo(lesson).isFile()) {
      // A lesson file (docs/lesson-format.md), as File > Open Lesson… opens it.
      QString error;
      p = window.results()->openLessonFile(lesson, &error, !screenshot);
      if (!p) {
        std::fprintf(stderr, "clusterforge: %s\n", qPrintable(error));
        if (screenshot) return 1;
        p = window.results()->startPresentation({}, 0, true);
      } else if (step > 0) {
        p->openLesson(QString::number(p->currentLesson() + 1), step);
      }
    } else {
      p = window.results()->startPresentation(lesson, step, !screenshot);
    }
    // A screenshot of a lesson is the size of the screen (a projector under
    // Xvfb: 1024x768, 1920x1080); the offscreen platform's screen is small.
    if (screenshot)
      p->setGeometry(QGuiApplication::platformName() == QLatin1String("offscreen") ? QRect(0, 0, 1600, 1000)
                                                                                   : p->screen()->geometry());
    presentation = p;
  }

  if (screenshot) {
    const QString out = QFileInfo(parser.value(screenshotOption)).absoluteFilePath();
    int rc = 0;
    // Shoot once the simulations are done and the views have redrawn (their
    // updates are debounced), or after 20 s at the latest.
    auto shoot = [&] {
      rc = saveScreenshot(window, out, presentation);
      window.close();
      QCoreApplication::exit(rc);
    };
    cf::SimulationRunner* runner = window.results() ? window.results()->runner() : nullptr;
    QTimer deadline;
    deadline.setSingleShot(true);
    QObject::connect(&deadline, &QTimer::timeout, &window, shoot);
    deadline.start(20000);
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &window, [&] {
      // Every background task (simulations, the fabric build, waterfalls...).
      if ((runner && runner->isRunning()) || !cf::ProgressManager::instance()->running().isEmpty()) return;
      poll.stop();
      deadline.stop();
      QTimer::singleShot(600, &window, shoot);
    });
    QTimer::singleShot(300, &window, [&] { poll.start(100); });
    app.exec();
    return rc;
  }
  return app.exec();
}
