// The Welcome page (issue 18 item 1), offscreen: every example listed with a
// drawn thumbnail, the seed case studies first; recent projects; a click opens
// an example as an untitled copy and leaves the page; the shortcuts dialog
// lists what the menus hold (an action added here appears); first-start
// logic; the guided tour steps with the keys.
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QLineEdit>
#include <QListView>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QSet>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QPushButton>
#include <QSpinBox>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include "wizard/ClusterWizard.h"
#include "DesignEditors.h"
#include "job/JobEditor.h"
#include "properties/PropertyEditor.h"
#include "Document.h"
#include "welcome/ExampleCatalog.h"
#include "welcome/ExampleThumbnail.h"
#include "FileController.h"
#include "welcome/GuidedTour.h"
#include "MainWindow.h"
#include "project/ProjectDock.h"
#include "properties/PropertyDock.h"
#include "RecentFiles.h"
#include "welcome/ShortcutsDialog.h"
#include "WelcomeController.h"
#include "welcome/WelcomePage.h"

using namespace cf;

namespace {
const QString kExamples = QStringLiteral(CF_SOURCE_DIR "/resources/examples");

int rowOf(const QStandardItemModel* model, const QString& fileName) {
  for (int r = 0; r < model->rowCount(); ++r)
    if (model->item(r)->data(WelcomePage::PathRole).toString().endsWith(QLatin1Char('/') + fileName)) return r;
  return -1;
}

int distinctColours(const QImage& img) {
  QSet<QRgb> colours;
  for (int y = 0; y < img.height(); y += 2)
    for (int x = 0; x < img.width(); x += 2) colours.insert(img.pixel(x, y));
  return colours.size();
}
}  // namespace

class TestWelcome : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setApplicationName(QStringLiteral("ClusterForgeWelcomeTest"));
    QSettings().clear();
  }

  void everyExampleListedWithAThumbnail() {
    WelcomePage page;
    QSignalSpy loaded(&page, &WelcomePage::examplesLoaded);
    page.setExamplesDir(kExamples);
    QVERIFY(page.examplesLoading());  // read off the GUI thread (issue 30)
    QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), 60000);
    const QStringList files = QDir(kExamples).entryList(QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 10);
    QCOMPARE(page.examplesModel()->rowCount(), files.size());
    for (const QString& f : files) {
      const int row = rowOf(page.examplesModel(), f);
      QVERIFY2(row >= 0, qPrintable(f));
      const QStandardItem* item = page.examplesModel()->item(row);
      QVERIFY2(item->isEnabled(), qPrintable(f + QStringLiteral(" could not be read")));
      QVERIFY2(!item->text().isEmpty() && !item->data(WelcomePage::StoryRole).toString().isEmpty(), qPrintable(f));
      const QImage thumb = item->data(Qt::DecorationRole).value<QImage>();
      QVERIFY(!thumb.isNull());
      // Drawn from the scenario: racks, tiles, switches and a caption, not a blank card.
      QVERIFY2(distinctColours(thumb) > 8, qPrintable(f));
    }
    // The seed case studies first: Llama 3 16K, the 10K-card cluster, BERT, Megatron.
    const QStringList seeds = {QStringLiteral("llama3-405b-16k-h100.cf.json"),
                               QStringLiteral("10k-cards-optics-and-recovery.json"),
                               QStringLiteral("bert-large-128xv100.json"), QStringLiteral("megatron-gpt-145b.cf.json")};
    for (int i = 0; i < seeds.size(); ++i) QCOMPARE(rowOf(page.examplesModel(), seeds[i]), i);
  }

  void thumbnailsDifferByDesign() {
    // A 16K-GPU air-cooled Clos and a liquid-cooled super-node are not drawn alike.
    QVector<ExampleInfo> all = ExampleCatalog::scan(kExamples);
    const auto find = [&](const char* name) {
      for (const ExampleInfo& e : all)
        if (e.fileName == QLatin1String(name)) return e;
      return ExampleInfo{};
    };
    const ExampleInfo llama = find("llama3-405b-16k-h100.cf.json");
    const ExampleInfo liquid = find("liquid-supernode-vs-air.json");
    QVERIFY(!llama.project.scenarios.empty() && !liquid.project.scenarios.empty());
    const QImage a = drawExampleThumbnail(llama.project, QSize(232, 124));
    const QImage b = drawExampleThumbnail(liquid.project, QSize(232, 124));
    QVERIFY(a != b);
    // The card's ground says the cooling: air-cooled Llama 3 against the direct-liquid 10K-card cluster.
    const ExampleInfo tenK = find("10k-cards-optics-and-recovery.json");  // direct-liquid
    const QImage c = drawExampleThumbnail(tenK.project, QSize(232, 124));
    QVERIFY(a.pixel(40, 4) != c.pixel(40, 4));
    QVERIFY(llama.story.contains(QStringLiteral("419")));
  }

  void examplesFolderIsFound() {
    // A build run where it was built finds the source tree's examples.
    const QString dir = ExampleCatalog::examplesDir();
    QVERIFY(!dir.isEmpty());
    QVERIFY(QFileInfo::exists(dir + QStringLiteral("/megatron-gpt-145b.cf.json")));
  }

  void recentFilesListed() {
    QTemporaryDir tmp;
    const QString a = tmp.filePath(QStringLiteral("a.cf.json")), b = tmp.filePath(QStringLiteral("b.cfproj"));
    QFile::copy(kExamples + QStringLiteral("/megatron-gpt-145b.cf.json"), a);
    RecentFiles recent;
    recent.clear();
    recent.add(a);
    recent.add(b);  // does not exist: listed, greyed
    MainWindow w;
    QListWidget* list = w.welcome()->page()->recentList();
    QCOMPARE(list->count(), 2);
    QCOMPARE(list->item(0)->data(WelcomePage::PathRole).toString(), QFileInfo(b).absoluteFilePath());
    QVERIFY(!(list->item(0)->flags() & Qt::ItemIsEnabled));
    QCOMPARE(list->item(1)->data(WelcomePage::PathRole).toString(), QFileInfo(a).absoluteFilePath());
    // The list follows the one recent-files store (RecentFiles), not a copy.
    w.files()->recentFiles()->remove(b);
    QCOMPARE(list->count(), 1);
    // A click opens it.
    w.files()->setInteractive(false);
    w.show();
    w.welcome()->show();
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(0)).center());
    QCOMPARE(w.document()->filePath(), QFileInfo(a).absoluteFilePath());
    QVERIFY(!w.welcome()->isShown());
    recent.clear();
  }

  void clickingAnExampleOpensIt() {
    MainWindow w;
    w.files()->setInteractive(false);
    w.resize(1024, 768);
    w.show();
    QVERIFY(w.propertyDock()->isVisible());
    w.welcome()->page()->setExamplesDir(kExamples);
    QTRY_VERIFY_WITH_TIMEOUT(!w.welcome()->page()->examplesLoading(), 60000);
    w.welcome()->show();
    QVERIFY(w.welcome()->isShown());
    QVERIFY(!w.propertyDock()->isVisible());  // the docks step aside
    QListView* view = w.welcome()->page()->examplesView();
    const int row = rowOf(w.welcome()->page()->examplesModel(), QStringLiteral("megatron-gpt-145b.cf.json"));
    QVERIFY(row >= 0);
    const QModelIndex index = view->model()->index(row, 0);
    view->scrollTo(index);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
    QCOMPARE(QString::fromStdString(w.document()->project().name),
             QStringLiteral("GPT 145.6B on 1,536 A100 (Megatron-LM 2021, Table 1)"));
    QCOMPARE(w.document()->scenario(0).cluster.nodes, 192);
    QVERIFY(w.document()->filePath().isEmpty());  // an untitled copy: Save never overwrites the example
    QVERIFY(!w.welcome()->isShown());
    QVERIFY(w.propertyDock()->isVisible());  // and they come back
  }

  void sweepExampleOpensItsBase() {
    MainWindow w;
    w.files()->setInteractive(false);
    QVERIFY(w.welcome()->openExample(kExamples + QStringLiteral("/gpt10b-design-sweep.json")));
    QCOMPARE(w.document()->scenarioCount(), 1);
    QCOMPARE(QString::fromStdString(w.document()->scenario(0).cluster.accelerator), QStringLiteral("A100-SXM4-80GB"));
    QVERIFY(!w.welcome()->openExample(kExamples + QStringLiteral("/no-such-example.json")));
  }

  void welcomeActionBringsItBackAndATabLeavesIt() {
    MainWindow w;
    w.show();
    QAction* action = w.findChild<QAction*>(QStringLiteral("actionWelcome"));
    QVERIFY(action);
    // Help › Welcome is in the Help menu.
    bool inMenu = false;
    for (QAction* top : w.menuBar()->actions())
      if (top->menu() && top->menu()->actions().contains(action)) inMenu = true;
    QVERIFY(inMenu);
    action->trigger();
    QVERIFY(w.welcome()->isShown());
    QTRY_COMPARE_WITH_TIMEOUT(w.welcome()->page()->examplesModel()->rowCount(), QDir(kExamples).entryList(QDir::Files).size(),
                              60000);
    w.tabs()->setCurrentIndex(w.tabs()->currentIndex() == 0 ? 1 : 0);
    QVERIFY(!w.welcome()->isShown());
    action->trigger();
    w.files()->setInteractive(false);
    QVERIFY(w.files()->newProject());
    QVERIFY(!w.welcome()->isShown());
  }

  void newFromWizardReplacesTheProject() {
    MainWindow w;
    w.files()->setInteractive(false);
    w.show();
    w.welcome()->show();
    QVERIFY(w.document()->scenarioCount() == 1);
    // Finish the wizard with its defaults as soon as it shows (it is modal).
    int gpus = 0;
    QTimer timer;
    connect(&timer, &QTimer::timeout, this, [&] {
      auto* wizard = qobject_cast<ClusterWizard*>(QApplication::activeModalWidget());
      if (!wizard) return;
      timer.stop();
      auto* gpuBox = wizard->findChild<QSpinBox*>(QStringLiteral("wizardGpus"));
      gpuBox->setValue(2048);
      gpus = gpuBox->value();
      wizard->next();
      wizard->accept();
    });
    timer.start(20);
    QTest::mouseClick(w.welcome()->page()->findChild<QPushButton*>(QStringLiteral("welcomeNewFromWizard")), Qt::LeftButton);
    QCOMPARE(gpus, 2048);
    // The design is built in the background (issue 30), then replaces the project.
    QTRY_COMPARE_WITH_TIMEOUT(w.document()->scenario(0).cluster.gpus(), 2048LL, 120000);
    // The design alone, untitled and unsaved; the page gives way to the Racks tab.
    QCOMPARE(w.document()->scenarioCount(), 1);
    QVERIFY(w.document()->filePath().isEmpty());
    QVERIFY(w.document()->isModified());
    QVERIFY(!w.welcome()->isShown());
    QCOMPARE(w.tabs()->currentWidget()->objectName(), QStringLiteral("rackEditor"));
  }

  // Issue 18 item 4 (c, d): the scenario the wizard adds is the selected one
  // (project tree, properties, editors), and "Find best" on its job page runs
  // the job editor's parallelism search on it and applies the best configuration.
  void wizardScenarioSelectedAndFindBest() {
    MainWindow w;
    w.files()->setInteractive(false);
    w.show();
    QCOMPARE(w.document()->scenarioCount(), 1);
    QCOMPARE(w.projectDock()->currentScenario(), 0);
    const Job firstJob = w.document()->scenario(0).job;
    bool finished = false;
    QTimer timer;
    connect(&timer, &QTimer::timeout, this, [&] {
      auto* wizard = qobject_cast<ClusterWizard*>(QApplication::activeModalWidget());
      if (!wizard) return;
      timer.stop();
      wizard->findChild<QSpinBox*>(QStringLiteral("wizardGpus"))->setValue(64);
      while (wizard->currentPage()->objectName() != QLatin1String("wizardPageJob")) wizard->next();
      auto* mode = wizard->currentPage()->findChild<QComboBox*>(QStringLiteral("wizardParallelism"));
      mode->setCurrentIndex(mode->findData(QStringLiteral("find-best")));
      finished = true;
      wizard->accept();
    });
    timer.start(20);
    w.designEditors()->wizardAction()->trigger();
    QVERIFY(finished);
    // The design is built off the GUI thread (issue 30), then added.
    QTRY_VERIFY_WITH_TIMEOUT(w.document()->scenarioCount() == 2, 60000);
    QCOMPARE(w.projectDock()->currentScenario(), 1);
    QCOMPARE(w.propertyEditor()->scenario(), 1);
    JobEditor* job = w.designEditors()->job();
    QCOMPARE(job->scenario(), 1);
    QCOMPARE(w.tabs()->currentWidget(), static_cast<QWidget*>(job));
    QTRY_VERIFY_WITH_TIMEOUT(!job->searchRunning() && job->lastReport().has_value(), 120000);
    QVERIFY(!job->lastReport()->ranking.empty());
    const ParallelConfig& best = job->lastReport()->ranking.front().config;
    const Scenario s = w.document()->scenario(1);
    QCOMPARE(s.cluster.gpus(), 64LL);
    QCOMPARE(s.job.parallelism.tp, best.tp);
    QCOMPARE(s.job.parallelism.pp, best.pp);
    QCOMPARE(s.job.parallelism.micro_batch, best.micro_batch);
    QVERIFY(w.document()->scenario(0).job == firstJob);  // the first scenario untouched
  }

  void shortcutsGatheredFromTheMenus() {
    MainWindow w;
    QMenu* tools = nullptr;
    for (QAction* top : w.menuBar()->actions())
      if (top->menu() && top->menu()->actions().contains(w.findChild<QAction*>(QStringLiteral("actionValidate"))))
        tools = top->menu();
    QVERIFY(tools);
    auto* added = new QAction(QStringLiteral("Frobnicate the fabric"), tools);
    added->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_F9));
    tools->addAction(added);
    auto* silent = new QAction(QStringLiteral("No shortcut here"), tools);
    tools->addAction(silent);

    ShortcutsDialog dialog(w.menuBar());
    QAbstractItemModel* model = dialog.proxy()->sourceModel();
    QStringList actions, keys;
    for (int r = 0; r < model->rowCount(); ++r) {
      actions << model->index(r, 0).data().toString();
      keys << model->index(r, 1).data().toString();
    }
    const int at = actions.indexOf(QStringLiteral("Frobnicate the fabric"));
    QVERIFY(at >= 0);
    QCOMPARE(keys[at], QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_F9).toString(QKeySequence::NativeText));
    QCOMPARE(model->index(at, 2).data().toString(), tools->title().remove(QLatin1Char('&')));
    QVERIFY(!actions.contains(QStringLiteral("No shortcut here")));
    // The window's own actions are there with their keys (File › Open…, F7 Validate), each once.
    QVERIFY(actions.contains(QStringLiteral("Open…")));
    QCOMPARE(keys[actions.indexOf(QStringLiteral("Validate"))], QKeySequence(Qt::Key_F7).toString(QKeySequence::NativeText));
    QCOMPARE(actions.count(QStringLiteral("Open…")), 1);
    // Searchable: by name and by key.
    dialog.filter()->setText(QStringLiteral("frobnic"));
    QCOMPARE(dialog.proxy()->rowCount(), 1);
    dialog.filter()->setText(QStringLiteral("F7"));
    QVERIFY(dialog.proxy()->rowCount() >= 1);
    QCOMPARE(dialog.proxy()->index(0, 0).data().toString(), QStringLiteral("Validate"));
    // A Chinese mnemonic "(&O)" goes with its parentheses.
    auto* zh = new QAction(QStringLiteral("打开示例(&E)…"), tools);
    zh->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_F8));
    tools->addAction(zh);
    bool found = false;
    for (const ShortcutEntry& e : ShortcutsDialog::gather(w.menuBar()))
      if (e.shortcut == QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_F8).toString(QKeySequence::NativeText)) {
        QCOMPARE(e.action, QStringLiteral("打开示例…"));
        found = true;
      }
    QVERIFY(found);
    // An action removed from the menus is gone the next time.
    tools->removeAction(added);
    QVERIFY(!ShortcutsDialog::gather(w.menuBar()).isEmpty());
    for (const ShortcutEntry& e : ShortcutsDialog::gather(w.menuBar())) QVERIFY(e.action != QStringLiteral("Frobnicate the fabric"));
  }

  void firstStart() {
    QTemporaryDir tmp;
    QSettings s(tmp.filePath(QStringLiteral("cf.ini")), QSettings::IniFormat);
    QVERIFY(WelcomeController::showAtStart(false, s));   // never started before, no file
    QVERIFY(!WelcomeController::showAtStart(true, s));   // a file on the command line
    s.setValue(QStringLiteral("mainWindow/geometry"), QByteArray("earlier session"));
    QVERIFY(!WelcomeController::showAtStart(false, s));  // an earlier session: its layout, no page
    s.setValue(QStringLiteral("welcome/showAtStartup"), true);
    QVERIFY(WelcomeController::showAtStart(false, s));   // asked for on the page
    QVERIFY(!WelcomeController::showAtStart(true, s));
    s.setValue(QStringLiteral("welcome/showAtStartup"), false);
    QVERIFY(!WelcomeController::showAtStart(false, s));
  }

  void showAtStartupBoxIsStored() {
    MainWindow w;
    QCheckBox* box = w.welcome()->page()->findChild<QCheckBox*>(QStringLiteral("welcomeShowAtStartup"));
    QVERIFY(box);
    box->setChecked(!box->isChecked());
    QCOMPARE(QSettings().value(QStringLiteral("welcome/showAtStartup")).toBool(), box->isChecked());
    QSettings().remove(QStringLiteral("welcome/showAtStartup"));
  }

  void guidedTourSteps() {
    MainWindow w;
    w.resize(1024, 768);
    w.show();
    w.welcome()->show();
    QPointer<GuidedTour> tour = w.welcome()->startTour();
    QVERIFY(tour && tour->isVisible());
    QVERIFY(!w.welcome()->isShown());  // the tour points at the docks and tabs, not at the page
    QVERIFY(tour->stepCount() >= 3 && tour->stepCount() <= 6);
    QCOMPARE(tour->currentStep(), 0);
    // The first step points at the Project dock, and the balloon does not cover it.
    const QRect dock(w.projectDock()->mapTo(&w, QPoint(0, 0)), w.projectDock()->size());
    QVERIFY(tour->targetRect().contains(dock.center()));
    QVERIFY(!tour->balloon()->geometry().intersects(dock));
    QVERIFY(w.rect().contains(tour->balloon()->geometry()));
    QTest::keyClick(tour, Qt::Key_Right);
    QCOMPARE(tour->currentStep(), 1);
    QTest::keyClick(tour, Qt::Key_Left);
    QCOMPARE(tour->currentStep(), 0);
    QTest::keyClick(tour, Qt::Key_Left);  // no step before the first
    QCOMPARE(tour->currentStep(), 0);
    for (int i = 1; i < tour->stepCount(); ++i) {
      QTest::keyClick(tour, Qt::Key_Right);
      QVERIFY(w.rect().contains(tour->balloon()->geometry()));
    }
    QCOMPARE(tour->currentStep(), tour->stepCount() - 1);
    QTest::keyClick(tour, Qt::Key_Escape);
    QTRY_VERIFY(tour.isNull());  // closed and deleted
  }
};

QTEST_MAIN(TestWelcome)
#include "tst_welcome.moc"
