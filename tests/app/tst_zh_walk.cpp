// 简体中文 complete (issue 19 item 5): every example project opened in the
// zh_CN interface, every tab shown in turn, and every user-visible string of
// the window collected — labels, buttons, group and tab titles, table and
// tree headers and cells, combo items, tooltips, placeholder texts, menu
// actions — with every text of every chart (title, axis labels and titles,
// legend entries, categories) and of every canvas (hall, racks, fabric:
// item texts and tooltips), with an uncertainty run's bands, tornado and
// chance of being best (issue 32). A string fails when it holds an English word
// of the interface.
//
// The rule, built from data rather than a hand list:
//  - "English words of the interface": words of three or more ASCII letters
//    in the <source> texts of translations/clusterforge_zh_CN.ts (case folded);
//  - minus the words the translators kept in their <translation> texts
//    (acronyms, units and product names: GPU, MFU, TCO, NVLink, GiB ...);
//  - where the English word sits inside a piece of the user's data, it is
//    the user's: every string of the example file (scenario and project
//    names, descriptions, ids the user typed) and of the built-in part
//    catalog (vendor part ids and names) is cut out of the text before the
//    words are looked at (so "Scenario A" is the user's when a scenario is
//    named so, while a generated "Hall 1" is not);
//  - minus kAllowed below, which stays small and says why for each word.
// Numbers, units and punctuation never match (they are not such words).
#include <functional>

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QGraphicsView>
#include <QGroupBox>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QWizard>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSet>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>
#include <QTextDocumentFragment>
#include <QXmlStreamReader>

#include "AboutDialog.h"
#include "BackendText.h"
#include "charts/ChartView.h"
#include "wizard/ClusterWizard.h"
#include "Document.h"
#include "RecentFiles.h"
#include "FileController.h"
#include "LanguageManager.h"
#include "MainWindow.h"
#include "presentation/PresentationWindow.h"
#include "ResultsController.h"
#include "SimulationRunner.h"
#include "UncertaintyRunner.h"
#include "catalog/Catalog.h"
#include "design/ScenarioJson.h"

using namespace cf;

namespace {

// Words that may stay in Latin letters although they occur in English
// source texts; each with its reason.
const QSet<QString> kAllowed = {
    QStringLiteral("clusterforge"),  // the program's name
    QStringLiteral("json"),          // file format names
    QStringLiteral("csv"),
    QStringLiteral("pdf"),
    QStringLiteral("html"),
    QStringLiteral("png"),
    QStringLiteral("svg"),
    QStringLiteral("cfproj"),
    QStringLiteral("english"),  // View › Language names each language in its own script ("English", "简体中文")
};

const QRegularExpression kWord(QStringLiteral("[A-Za-z]{3,}"));

QSet<QString> wordsOf(const QString& text) {
  QSet<QString> out;
  for (auto it = kWord.globalMatch(text); it.hasNext();) out.insert(it.next().captured().toLower());
  return out;
}

// The keys whose string values are the program's vocabulary (an enumerated
// choice, a metric or key id), not text the user wrote: the window shows them
// in its own language, so they are not the user's data (issue 30 #10).
const QSet<QString> kEnumeratedKeys = {
    QStringLiteral("cache_tier"), QStringLiteral("climate"),
    QStringLiteral("cooling"),    QStringLiteral("cooling_system"),
    QStringLiteral("expect"),     QStringLiteral("face"),
    QStringLiteral("ffn_kind"),   QStringLiteral("interval_s"),
    QStringLiteral("kind"),       QStringLiteral("objective"),
    QStringLiteral("placement"),  QStringLiteral("power_chain"),
    QStringLiteral("precision"),  QStringLiteral("process"),
    QStringLiteral("recompute"),  QStringLiteral("recovery"),
    QStringLiteral("shape"),      QStringLiteral("target"),
    QStringLiteral("topology"),   QStringLiteral("policy"),
    QStringLiteral("metric"),     QStringLiteral("metrics"),
    QStringLiteral("trend_x"),    QStringLiteral("trend_markers"),
    QStringLiteral("key"),        QStringLiteral("values"),
};

// The user's strings in a JSON file: names, descriptions, notes, sources.
// Object keys are the program's (the format's), except the key paths a user
// writes as the keys of "uncertainty" (a range on a scenario key), and so are
// the values of enumerated keys; an earlier version counted both as the
// user's, so a raw key or enum value in the window passed the walk.
void collectJsonStrings(const nlohmann::json& j, QStringList* strings, const QString& key = {}) {
  if (j.is_string()) {
    if (kEnumeratedKeys.contains(key) || key.contains(QLatin1Char('.'))) return;
    const QString text = QString::fromStdString(j.get<std::string>());
    if (!wordsOf(text).isEmpty()) *strings << text;
  } else if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      const QString name = QString::fromStdString(it.key());
      if (key == QLatin1String("uncertainty")) *strings << name;  // "cluster.facility.electricity_usd_per_kWh"
      collectJsonStrings(it.value(), strings, name);
    }
  } else if (j.is_array()) {
    for (const auto& v : j) collectJsonStrings(v, strings, key);
  }
}

// Drops the names of sites, halls and rows from a scenario's or a project's
// layouts: a generated "Hall 1" or "Network row 1" is the program's and shows
// in the window's language. Rack and device names ("R17", "node-0048") are
// identifiers, like host names: they stay the user's.
void withoutHallAndRowNames(nlohmann::json* j) {
  if (!j->is_object()) return;
  if (j->contains("scenarios") && (*j)["scenarios"].is_array())
    for (auto& sc : (*j)["scenarios"]) withoutHallAndRowNames(&sc);
  if (!j->contains("layout") || !(*j)["layout"].is_object() || !(*j)["layout"].contains("sites")) return;
  for (auto& site : (*j)["layout"]["sites"]) {
    if (!site.is_object()) continue;
    site.erase("name");
    if (site.contains("halls"))
      for (auto& hall : site["halls"]) {
        if (!hall.is_object()) continue;
        hall.erase("name");
        if (hall.contains("rows"))
          for (auto& row : hall["rows"])
            if (row.is_object()) row.erase("name");
      }
  }
}

// The user's strings, by the words they hold (to cut them out of a text fast).
class UserData {
 public:
  void add(const QStringList& strings) {
    for (const QString& s : strings)
      for (const QString& w : wordsOf(s)) byWord_[w] << s.simplified();
    for (auto it = byWord_.begin(); it != byWord_.end(); ++it) {
      it->removeDuplicates();
      std::sort(it->begin(), it->end(), [](const QString& a, const QString& b) { return a.size() > b.size(); });
    }
  }
  // `text` less every user string that holds one of `words`.
  QString cut(QString text, const QStringList& words) const {
    text = text.simplified();  // a wrapped header or label still holds the name
    // Longest first across all words: a short string must not break a longer one that holds it.
    QStringList candidates;
    for (const QString& w : words) candidates += byWord_.value(w);
    candidates.removeDuplicates();
    std::sort(candidates.begin(), candidates.end(), [](const QString& a, const QString& b) {
      return a.size() != b.size() ? a.size() > b.size() : a < b;
    });
    for (const QString& s : candidates) text.replace(s, QStringLiteral(" "), Qt::CaseInsensitive);
    return text;
  }

 private:
  QHash<QString, QStringList> byWord_;
};

struct Vocabulary {
  QSet<QString> english;  // words of source texts that no translation keeps
};

Vocabulary readTs() {
  Vocabulary v;
  QSet<QString> source, kept;
  QFile f(QStringLiteral(CF_SOURCE_DIR "/translations/clusterforge_zh_CN.ts"));
  if (!f.open(QIODevice::ReadOnly)) return v;
  QXmlStreamReader xml(&f);
  while (!xml.atEnd()) {
    if (xml.readNext() != QXmlStreamReader::StartElement) continue;
    if (xml.name() == QLatin1String("source"))
      source += wordsOf(xml.readElementText());
    else if (xml.name() == QLatin1String("translation"))
      kept += wordsOf(xml.readElementText(QXmlStreamReader::IncludeChildElements));
  }
  v.english = source - kept - kAllowed;
  return v;
}

QString plain(const QString& text) {
  return Qt::mightBeRichText(text) ? QTextDocumentFragment::fromHtml(text).toPlainText() : text;
}

class Walker {
 public:
  Walker(const QSet<QString>& english, const UserData& user) : english_(english), user_(user) {}

  void check(const QString& where, const QString& raw) {
    if (raw.trimmed().isEmpty()) return;
    ++checked_;
    if (qEnvironmentVariableIsSet("CF_WALK_DUMP")) qDebug().noquote() << where << "|" << raw.left(100);
    // The same text is judged once (combos and tables repeat it).
    auto known = verdicts_.constFind(raw);
    if (known == verdicts_.cend()) known = verdicts_.insert(raw, judge(plain(raw)));
    if (known->isEmpty()) return;
    const QString line = QStringLiteral("%1: \"%2\" [%3]").arg(where, plain(raw).left(400).replace(QLatin1Char('\n'), QLatin1Char(' ')), *known);
    if (!seen_.contains(line)) {
      seen_.insert(line);
      problems_ << line;
    }
  }

  // The English words of `text` that are not the user's ("" when none).
  QString judge(const QString& text) const {
    QStringList bad;
    for (const QString& w : wordsOf(text))
      if (english_.contains(w)) bad << w;
    bad.sort();
    if (bad.isEmpty()) return {};
    const QSet<QString> left = wordsOf(user_.cut(text, bad));
    bad.erase(std::remove_if(bad.begin(), bad.end(), [&](const QString& w) { return !left.contains(w); }), bad.end());
    bad.sort();
    return bad.join(QLatin1Char(','));
  }

  void model(const QString& where, QAbstractItemModel* m, const QModelIndex& parent = {}, int depth = 0) {
    if (!m || depth > 3) return;
    if (depth == 0) {
      for (int c = 0; c < m->columnCount(); ++c)
        check(where + QStringLiteral(" header"), m->headerData(c, Qt::Horizontal).toString());
      for (int r = 0; r < std::min(m->rowCount(), 200); ++r)
        check(where + QStringLiteral(" row header"), m->headerData(r, Qt::Vertical).toString());
    }
    for (int r = 0; r < std::min(m->rowCount(parent), 200); ++r)
      for (int c = 0; c < m->columnCount(parent); ++c) {
        const QModelIndex i = m->index(r, c, parent);
        check(where + QStringLiteral(" cell"), i.data(Qt::DisplayRole).toString());
        check(where + QStringLiteral(" cell tooltip"), i.data(Qt::ToolTipRole).toString());
        if (c == 0 && m->hasChildren(i)) model(where, m, i, depth + 1);
      }
  }

  void menu(const QString& where, QMenu* menu) {
    for (QAction* a : menu->actions()) {
      // Recent files: the user's file names, with the path as status tip
      // (whether or not the file still exists).
      if (a->isSeparator() || a->property(RecentFiles::kRecentFileProperty).isValid()) continue;
      check(where + QStringLiteral(" action"), a->text());
      check(where + QStringLiteral(" status tip"), a->statusTip());
      if (a->menu()) this->menu(where + QStringLiteral(" > ") + a->text(), a->menu());
    }
  }

  void chart(const QString& where, ChartView* c) {
    check(where + QStringLiteral(" chart title"), c->title());
    for (const QString& s : c->categories()) check(where + QStringLiteral(" chart category"), s);
    for (const QString& s : c->legendEntries()) check(where + QStringLiteral(" chart legend"), s);
    if (!c->showsChart()) return;
    for (const ChartView::TextBox& b : c->textBoxes()) check(where + QStringLiteral(" chart text"), b.text);
  }

  // Canvases (hall, racks, fabric): the texts and tooltips of their items.
  void scene(const QString& where, QGraphicsScene* scene) {
    const QList<QGraphicsItem*> items = scene->items();
    for (int i = 0; i < std::min<int>(static_cast<int>(items.size()), 5000); ++i) {
      QGraphicsItem* item = items[i];
      check(where + QStringLiteral(" item tooltip"), item->toolTip());
      if (auto* t = dynamic_cast<QGraphicsSimpleTextItem*>(item)) check(where + QStringLiteral(" item"), t->text());
      if (auto* t = dynamic_cast<QGraphicsTextItem*>(item)) check(where + QStringLiteral(" item"), t->toPlainText());
    }
  }

  void window(QWidget* top, const QString& where) {
    const QList<QWidget*> all = top->findChildren<QWidget*>();
    for (QWidget* w : all) {
      if (!w->isVisibleTo(top)) continue;
      const QString at = where + QStringLiteral(" / ") + QString::fromLatin1(w->metaObject()->className()) +
                         (w->objectName().isEmpty() ? QString() : QLatin1Char('#') + w->objectName());
      check(at + QStringLiteral(" tooltip"), w->toolTip());
      if (auto* l = qobject_cast<QLabel*>(w)) check(at, l->text());
      if (auto* b = qobject_cast<QAbstractButton*>(w)) check(at, b->text());
      if (auto* g = qobject_cast<QGroupBox*>(w)) check(at, g->title());
      if (auto* d = qobject_cast<QDockWidget*>(w)) check(at, d->windowTitle());
      if (auto* e = qobject_cast<QLineEdit*>(w)) check(at + QStringLiteral(" placeholder"), e->placeholderText());
      if (auto* t = qobject_cast<QTabBar*>(w))
        for (int i = 0; i < t->count(); ++i) {
          check(at + QStringLiteral(" tab"), t->tabText(i));
          check(at + QStringLiteral(" tab tooltip"), t->tabToolTip(i));
        }
      if (auto* c = qobject_cast<QComboBox*>(w))
        for (int i = 0; i < c->count(); ++i) check(at + QStringLiteral(" item"), c->itemText(i));
      if (auto* v = qobject_cast<QAbstractItemView*>(w)) model(at, v->model());
      if (auto* c = qobject_cast<ChartView*>(w)) chart(at, c);
      if (auto* v = qobject_cast<QGraphicsView*>(w); v && v->scene() && !qobject_cast<ChartView*>(w->parentWidget()))
        scene(at, v->scene());
    }
  }

  QStringList problems() const { return problems_; }
  int checked() const { return checked_; }

 private:
  QSet<QString> english_;
  const UserData& user_;
  QSet<QString> seen_;
  QHash<QString, QString> verdicts_;
  QStringList problems_;
  int checked_ = 0;
};

}  // namespace

class TestZhWalk : public QObject {
  Q_OBJECT

  Vocabulary vocabulary_;
  QStringList catalogStrings_;

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    vocabulary_ = readTs();
    QVERIFY(vocabulary_.english.size() > 500);
    // Sanity of the rule: interface words are in, kept acronyms are out.
    for (const char* w : {"scenario", "compare", "none", "hall", "row", "next", "cancel"})
      QVERIFY2(vocabulary_.english.contains(QLatin1String(w)), w);
    for (const char* w : {"gpu", "mfu", "tco", "nvlink"}) QVERIFY2(!vocabulary_.english.contains(QLatin1String(w)), w);
    collectJsonStrings(Catalog::builtin().toJson(), &catalogStrings_);
    const QDir catalog(QStringLiteral(CF_SOURCE_DIR "/resources/catalog"));  // the files as written (notes, sources)
    for (const QString& f : catalog.entryList({QStringLiteral("*.json")}, QDir::Files)) {
      QFile file(catalog.filePath(f));
      if (file.open(QIODevice::ReadOnly))
        collectJsonStrings(nlohmann::json::parse(file.readAll().toStdString(), nullptr, false), &catalogStrings_);
    }
  }

  // The rule finds what it should (a test that can fail).
  void ruleCatchesEnglish() {
    QWidget top;
    auto* label = new QLabel(QStringLiteral("Hall 1 / Row 1"), &top);
    auto* chinese = new QLabel(QStringLiteral("机房 1 / 机柜列 1（GPU，TCO 12.5 百万美元）"), &top);
    auto* named = new QLabel(QStringLiteral("方案 Row of racks：H100 SXM5 80GB"), &top);  // the user's name, a catalog name
    Q_UNUSED(chinese);
    Q_UNUSED(named);
    label->setObjectName(QStringLiteral("probe"));
    UserData user;
    user.add(catalogStrings_ + QStringList{QStringLiteral("Row of racks")});
    Walker walker(vocabulary_.english, user);
    walker.window(&top, QStringLiteral("probe"));
    QCOMPARE(walker.problems().size(), 1);
    QVERIFY(walker.problems().first().contains(QLatin1String("[hall,row]")));
  }

  // The user's text in a file is what the user wrote (names, notes, the key paths of ranges),
  // not the format's keys or enumerated values: those must show translated (issue 30 #10).
  void userTextIsNotTheFormatsVocabulary() {
    const auto j = nlohmann::json::parse(R"({"name": "Pod West", "cluster": {"facility": {"cooling": "direct-liquid"}},
        "uncertainty": {"cluster.facility.electricity_usd_per_kWh": {"low": 0.05, "high": 0.1, "source": "Tariff sheet"}},
        "steps": [{"changes": {"job.software.sequence_parallel": true, "reliability.recovery": "in-memory"}}]})");
    QStringList strings;
    collectJsonStrings(j, &strings);
    QVERIFY2(strings.contains(QStringLiteral("Pod West")) && strings.contains(QStringLiteral("Tariff sheet")) &&
                 strings.contains(QStringLiteral("cluster.facility.electricity_usd_per_kWh")),
             qPrintable(strings.join(QLatin1Char('|'))));
    for (const char* raw : {"direct-liquid", "in-memory", "cooling", "facility", "job.software.sequence_parallel"})
      QVERIFY2(!strings.contains(QLatin1String(raw)), raw);
  }

  // Every reason core/gpu gives for its choice of backend reads in Chinese
  // (the CI machine has the CUDA runtime but no driver new enough).
  void backendReasons() {
    LanguageManager lang;
    QVERIFY(lang.setLanguage(QStringLiteral("zh_CN"), false));
    Walker walker(vocabulary_.english, UserData{});
    for (const char* why : {"built without the CUDA toolkit", "no CUDA driver, or one older than this build's CUDA runtime",
                            "no CUDA device found", "Tesla V100-SXM2-32GB is older than sm_80"}) {
      BackendInfo b;
      b.reason = std::string("CUDA not used: ") + why;
      walker.check(QStringLiteral("backend"), backendReason(b));
    }
    BackendInfo forced;
    forced.reason = "CLUSTERFORGE_BACKEND=cpu";
    walker.check(QStringLiteral("backend"), backendReason(forced));
    QVERIFY2(walker.problems().isEmpty(), qPrintable(walker.problems().join(QLatin1Char('\n'))));
    // The rule would see the English of an unknown reason.
    BackendInfo unknown;
    unknown.reason = "CUDA not used: no usable GPU (unknown error)";
    walker.check(QStringLiteral("backend"), backendReason(unknown));
    QCOMPARE(walker.problems().size(), 1);
  }

  // The dialogs and the report in zh_CN (issue 30 item 7, "by view, not by
  // count"): every page of the Cluster Wizard, the About dialog, the lesson
  // overview and a lesson step, and the text of the HTML report.
  void dialogsAndReport() {
    LanguageManager lang;
    QVERIFY(lang.setLanguage(QStringLiteral("zh_CN"), false));
    const QString file = QStringLiteral(CF_SOURCE_DIR "/resources/examples/megatron-gpt-145b.cf.json");
    MainWindow w(&lang);
    w.files()->setInteractive(false);
    SimulationRunner* runner = w.results()->runner();
    SimulateOptions opt;
    opt.trials = 10;
    runner->setOptions(opt);
    QVERIFY(w.openFile(file));
    QTRY_VERIFY_WITH_TIMEOUT(runner->result(0) != nullptr && !runner->isRunning(), 60000);
    UserData user;
    {
      QStringList strings = catalogStrings_;
      QFile f(file);
      if (f.open(QIODevice::ReadOnly)) collectJsonStrings(nlohmann::json::parse(f.readAll().toStdString(), nullptr, false), &strings);
      // The built-in lessons' Chinese texts are translations too: the terms
      // they keep in English on purpose ("goodput", "scale-out", as the
      // glossary keeps them beside the Chinese) are theirs. Only the zh_CN
      // texts: an English lesson text in the Chinese window still fails.
      const std::function<void(const nlohmann::json&)> zhTexts = [&](const nlohmann::json& j) {
        if (j.is_object()) {
          for (auto it = j.begin(); it != j.end(); ++it) {
            if (it.key() == "zh_CN" && it.value().is_string())
              strings << QString::fromStdString(it.value().get<std::string>());
            else
              zhTexts(it.value());
          }
        } else if (j.is_array()) {
          for (const auto& v : j) zhTexts(v);
        }
      };
      const QDir lessons(QStringLiteral(CF_SOURCE_DIR "/resources/lessons"));
      for (const QString& name : lessons.entryList({QStringLiteral("*.json")}, QDir::Files)) {
        QFile l(lessons.filePath(name));
        if (l.open(QIODevice::ReadOnly)) zhTexts(nlohmann::json::parse(l.readAll().toStdString(), nullptr, false));
      }
      user.add(strings);
    }
    Walker walker(vocabulary_.english, user);

    ClusterWizard wizard(w.document()->project().resolvedParts());
    wizard.resize(1024, 700);
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    for (int page = 0; page < 12 && wizard.currentPage(); ++page) {
      walker.check(QStringLiteral("wizard title"), wizard.currentPage()->title());
      walker.check(QStringLiteral("wizard subtitle"), wizard.currentPage()->subTitle());
      walker.window(&wizard, QStringLiteral("wizard page %1").arg(page + 1));
      for (QWizard::WizardButton b : {QWizard::BackButton, QWizard::NextButton, QWizard::FinishButton, QWizard::CancelButton})
        if (wizard.button(b) && wizard.button(b)->isVisible()) walker.check(QStringLiteral("wizard button"), wizard.button(b)->text());
      if (!wizard.button(QWizard::NextButton)->isVisible() || !wizard.button(QWizard::NextButton)->isEnabled()) break;
      wizard.next();
    }
    wizard.reject();

    AboutDialog about;
    about.show();
    QVERIFY(QTest::qWaitForWindowExposed(&about));
    walker.window(&about, QStringLiteral("about"));
    walker.check(QStringLiteral("about title"), about.windowTitle());

    PresentationWindow present;
    present.setLanguage(lang.current());  // as ResultsController opens it
    present.resize(1024, 768);
    present.show();
    QVERIFY(QTest::qWaitForWindowExposed(&present));
    walker.window(&present, QStringLiteral("lessons overview"));
    QVERIFY(present.openLesson(QStringLiteral("cooling"), 0));
    QCoreApplication::processEvents();
    walker.window(&present, QStringLiteral("lesson cooling, step 1"));

    // The HTML report's text (the user's names and catalog parts cut out as above).
    QTemporaryDir dir;
    QString error;
    const QString html = dir.filePath(QStringLiteral("report.html"));
    QVERIFY2(w.results()->exportReport(html, &error), qPrintable(error));
    QFile report(html);
    QVERIFY(report.open(QIODevice::ReadOnly));
    QTextDocument doc;
    doc.setHtml(QString::fromUtf8(report.readAll()));
    for (const QString& line : doc.toPlainText().split(QLatin1Char('\n'), Qt::SkipEmptyParts))
      walker.check(QStringLiteral("HTML report"), line);

    QVERIFY2(walker.checked() > 100, qPrintable(QString::number(walker.checked())));
    for (const QString& p : walker.problems()) qWarning().noquote() << p;
    QVERIFY2(walker.problems().isEmpty(),
             qPrintable(QStringLiteral("%1 untranslated strings (listed above)").arg(walker.problems().size())));
  }

  void everyExample_data() {
    QTest::addColumn<QString>("file");
    const QDir dir(QStringLiteral(CF_SOURCE_DIR "/resources/examples"));
    for (const QString& f : dir.entryList({QStringLiteral("*.json"), QStringLiteral("*.cfproj")}, QDir::Files, QDir::Name))
      QTest::newRow(qPrintable(f)) << dir.filePath(f);
  }

  void everyExample() {
    QFETCH(QString, file);
    LanguageManager lang;
    QVERIFY(lang.setLanguage(QStringLiteral("zh_CN"), false));
    MainWindow w(&lang);
    w.files()->setInteractive(false);
    SimulationRunner* runner = w.results()->runner();
    SimulateOptions opt;
    opt.trials = 10;  // the strings, not converged figures
    runner->setOptions(opt);
    QVERIFY2(w.openFile(file), qPrintable(file));  // a sweep spec opens its base (issue 30)
    w.resize(1280, 860);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const int n = w.document()->scenarioCount();
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
          for (int i = 0; i < n; ++i)
            if (!runner->result(i)) return false;
          return !runner->isRunning();
        }(),
        60000);
    // The uncertainty run (issue 32), a few samples: the Uncertainty tab's
    // bands, tornado and inputs, the Dashboard's bands and Compare's chance-best row.
    UncertaintyRunner* uncertainty = w.results()->uncertaintyRunner();
    UncertaintyRequest few;
    few.samples = 16;
    uncertainty->setRequest(few);
    uncertainty->setFigure("tco_usd");
    QSignalSpy uncertaintyDone(uncertainty, &UncertaintyRunner::finished);
    uncertainty->run();
    QVERIFY(uncertaintyDone.count() > 0 || uncertaintyDone.wait(120000));
    QVERIFY(uncertainty->result());

    // The user's own strings: every string of the file (names, descriptions, ids).
    UserData user;
    {
      QStringList strings = catalogStrings_;
      QFile f(file);
      if (file.endsWith(QLatin1String(".json")) && f.open(QIODevice::ReadOnly)) {
        nlohmann::json raw = nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
        withoutHallAndRowNames(&raw);
        collectJsonStrings(raw, &strings);
      }
      // The project as read (a .cfproj, waterfall files a .json names), less
      // the names of halls and rows: a generated "Hall 1" or "Network row 1"
      // is the program's and shows in the window's language. Rack and device
      // names ("R17", "node-0048") are identifiers, like host names: the user's.
      nlohmann::json read = projectToJson(w.document()->project());
      withoutHallAndRowNames(&read);
      collectJsonStrings(read, &strings);
      user.add(strings);
    }
    Walker walker(vocabulary_.english, user);
    for (QMenu* m : w.menuBar()->findChildren<QMenu*>(Qt::FindDirectChildrenOnly)) {
      walker.check(QStringLiteral("menu"), m->title());
      walker.menu(m->title(), m);
    }
    QTabWidget* tabs = w.tabs();
    for (int t = 0; t < tabs->count(); ++t) {
      tabs->setCurrentIndex(t);
      QCoreApplication::processEvents();
      walker.window(&w, tabs->tabText(t).remove(QLatin1Char('&')));
    }
    const QStringList problems = walker.problems();
    QVERIFY2(walker.checked() > 300, qPrintable(QString::number(walker.checked())));  // the walk reaches the window
    for (const QString& p : problems) qWarning().noquote() << p;
    QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("%1 untranslated strings (listed above)").arg(problems.size())));
  }
};

QTEST_MAIN(TestZhWalk)
#include "tst_zh_walk.moc"
