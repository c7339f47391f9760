#include "welcome/ExampleCatalog.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <algorithm>

#include "Document.h"
#include "design/ScenarioJson.h"
#include "store/ProjectFile.h"

namespace cf {

namespace {

struct Story {
  const char* file;
  const char* title;
  const char* story;
};

// The gallery's order and its one-line stories: the seed case studies
// (Llama 3 16K, the 10K-card cluster, BERT, Megatron) first.
constexpr Story kStories[] = {
    {"llama3-405b-16k-h100.cf.json", QT_TRANSLATE_NOOP("cf::ExampleCatalog", "Llama 3 405B on 16,384 H100"),
     QT_TRANSLATE_NOOP("cf::ExampleCatalog",
                       "Meta's 54-day run: 419 interruptions, yet above 90 % effective training time. Try "
                       "checkpoints and spares.")},
    {"10k-cards-optics-and-recovery.json",
     QT_TRANSLATE_NOOP("cf::ExampleCatalog", "10K-card cluster: optics and recovery"),
     QT_TRANSLATE_NOOP("cf::ExampleCatalog",
                       "Optics fail most; lane fault tolerance and in-memory backup cut recovery from 45 min to "
                       "90 s.")},
    {"bert-large-128xv100.json", QT_TRANSLATE_NOOP("cf::ExampleCatalog", "BERT-Large on 128 V100"),
     QT_TRANSLATE_NOOP("cf::ExampleCatalog",
                       "E-commerce tuning: bound by data loading before, 3.2x faster after async IO, compression "
                       "and fused kernels.")},
    {"megatron-gpt-145b.cf.json", QT_TRANSLATE_NOOP("cf::ExampleCatalog", "GPT 145.6B on 1,536 A100"),
     QT_TRANSLATE_NOOP("cf::ExampleCatalog",
                       "Megatron-LM on Selene's rail-optimised three-level fat-tree; the paper reports 148 TFLOP/s per GPU.")},
    {"a100-10b-mfu-28-to-52.json", QT_TRANSLATE_NOOP("cf::ExampleCatalog", "10B model on 1,024 A100: MFU"),
     QT_TRANSLATE_NOOP("cf::ExampleCatalog",
                       "The seed reports MFU from 28 % to 52 %: which of its software changes the model "
                       "confirms.")},
    {"a100-10b-lever-waterfall.cfproj", QT_TRANSLATE_NOOP("cf::ExampleCatalog", "Lever waterfall: 10B on A100"),
     QT_TRANSLATE_NOOP("cf::ExampleCatalog",
                       "The seed's tuning levers one at a time, as a waterfall of the time to train.")},
    {"liquid-supernode-vs-air.json", QT_TRANSLATE_NOOP("cf::ExampleCatalog", "Liquid super-node vs air cooling"),
     QT_TRANSLATE_NOOP("cf::ExampleCatalog",
                       "GB200 NVL72 in Guiyang against DGX H100 in Shanghai: PUE, energy, carbon and cost per "
                       "run.")},
    {"cloud-vs-onprem-5y.json", QT_TRANSLATE_NOOP("cf::ExampleCatalog", "Cloud vs on-premises, 5 years"),
     QT_TRANSLATE_NOOP("cf::ExampleCatalog",
                       "Rent by the hour or buy eight Ascend 910B: the utilisation where owning breaks even.")},
    {"shared-cluster-workload.json", QT_TRANSLATE_NOOP("cf::ExampleCatalog", "Shared 512-H100 cluster"),
     QT_TRANSLATE_NOOP("cf::ExampleCatalog",
                       "Three teams, one month of jobs: scheduling policies and waiting times "
                       "(clusterforge-cli schedule).")},
    {"shared-cluster-schedule-sweep.json", QT_TRANSLATE_NOOP("cf::ExampleCatalog", "Shared cluster: policy x size sweep"),
     QT_TRANSLATE_NOOP("cf::ExampleCatalog",
                       "The shared cluster's month of jobs under four policies on 48, 64 and 96 nodes: p95 wait "
                       "against cost; opens the base scenario (run it with clusterforge-cli sweep).")},
    {"gpt10b-design-sweep.json", QT_TRANSLATE_NOOP("cf::ExampleCatalog", "GPT 10B design sweep"),
     QT_TRANSLATE_NOOP("cf::ExampleCatalog",
                       "48 designs across accelerator, size, fabric, cooling and site; opens the base scenario "
                       "(run it with clusterforge-cli sweep).")},
};

QString tr(const char* text) { return QCoreApplication::translate("cf::ExampleCatalog", text); }

QString firstSentence(const QString& text) {
  const int end = text.indexOf(QLatin1String(". "));
  return end < 0 ? text : text.left(end + 1);
}

}  // namespace

QString ExampleCatalog::examplesDir() {
  QStringList candidates;
  const QString env = qEnvironmentVariable("CLUSTERFORGE_EXAMPLES");
  if (!env.isEmpty()) candidates << env;
  const QString app = QCoreApplication::applicationDirPath();
  candidates << app + QStringLiteral("/../share/clusterforge/examples")
             << app + QStringLiteral("/../Resources/examples");
#ifdef CF_SOURCE_EXAMPLES_DIR
  candidates << QStringLiteral(CF_SOURCE_EXAMPLES_DIR);
#endif
  for (const QString& dir : candidates) {
    const QDir d(dir);
    if (d.exists() && !d.entryList(QDir::Files).isEmpty()) return d.canonicalPath();
  }
  return {};
}

bool ExampleCatalog::load(const QString& path, Project* out, QString* error) {
  const QString name = QFileInfo(path).fileName();
  try {
    QFile f(path);
    // A sweep spec is not a project: its "base" (inline or a path beside the spec) is.
    if (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) && f.open(QIODevice::ReadOnly)) {
      const nlohmann::json j = nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
      if (j.is_object() && j.value("format", std::string()) == "clusterforge.sweep/1" && j.contains("base")) {
        const nlohmann::json& base = j["base"];
        Project p = base.is_string()
                        ? readAnyProject(QFileInfo(path).dir().filePath(QString::fromStdString(base.get<std::string>()))
                                             .toStdString())
                        : projectFromJson(base);
        if (p.scenarios.empty()) throw std::runtime_error("the sweep's base has no scenario");
        p.name = j.value("name", p.name);
        p.description = j.value("description", p.description);
        *out = std::move(p);
        return true;
      }
    }
  } catch (const std::exception& e) {
    if (error) *error = QStringLiteral("%1: %2").arg(name, QString::fromUtf8(e.what()));
    return false;
  }
  return Document::readProject(path, out, error);
}

QVector<ExampleInfo> ExampleCatalog::scan(const QString& dir) {
  QVector<ExampleInfo> list;
  if (dir.isEmpty()) return list;
  const QFileInfoList files = QDir(dir).entryInfoList(QDir::Files, QDir::Name);
  constexpr int known = static_cast<int>(std::size(kStories));
  for (const QFileInfo& fi : files) {
    ExampleInfo e;
    e.path = fi.absoluteFilePath();
    e.fileName = fi.fileName();
    e.rank = known;
    if (!load(e.path, &e.project, &e.error)) e.project.scenarios.clear();
    e.description = QString::fromStdString(e.project.description);
    QFile f(e.path);
    e.sweep = f.open(QIODevice::ReadOnly) && f.read(4096).contains("clusterforge.sweep/");
    for (int i = 0; i < known; ++i)
      if (e.fileName == QLatin1String(kStories[i].file)) {
        e.rank = i;
        e.title = tr(kStories[i].title);
        e.story = tr(kStories[i].story);
      }
    if (e.title.isEmpty()) e.title = e.project.name.empty() ? e.fileName : QString::fromStdString(e.project.name);
    if (e.story.isEmpty()) e.story = e.error.isEmpty() ? firstSentence(e.description) : e.error;
    list.push_back(std::move(e));
  }
  std::stable_sort(list.begin(), list.end(), [](const ExampleInfo& a, const ExampleInfo& b) { return a.rank < b.rank; });
  return list;
}

}  // namespace cf
