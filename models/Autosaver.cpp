#include "Autosaver.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTimer>
#include <QUuid>

#include "BackgroundTask.h"
#include "Document.h"
#include "store/ProjectFile.h"

namespace cf {

namespace {

const QString kSuffix = QStringLiteral(".autosave.cfproj");

// A sidecar in the application data folder for a file whose own folder is not writable.
QString fallbackSidecar(const QString& filePath) {
  const QByteArray hash =
      QCryptographicHash::hash(QFileInfo(filePath).absoluteFilePath().toUtf8(), QCryptographicHash::Sha1)
          .toHex()
          .left(12);
  return Autosaver::autosaveFolder() + QLatin1Char('/') + QFileInfo(filePath).fileName() + QLatin1Char('-') +
         QString::fromLatin1(hash) + kSuffix;
}

bool folderWritable(const QString& filePath) { return QFileInfo(QFileInfo(filePath).absolutePath()).isWritable(); }

// The project as a save writes it (Document::projectForSaving) to the sidecar.
void writeSidecar(const Project& p, const QString& path) {
  QDir().mkpath(QFileInfo(path).absolutePath());
  saveProject(p, path.toStdString());
}

}  // namespace

Autosaver::Autosaver(Document* doc, QObject* parent)
    : QObject(parent), doc_(doc), timer_(new QTimer(this)), task_(new BackgroundTask(this)) {
  timer_->setInterval(60 * 1000);
  connect(timer_, &QTimer::timeout, this, [this] { startAutosave(); });
  task_->setTitle([] { return tr("Autosaving"); });
  task_->setCancellable(false);
  timer_->start();
  connect(doc_, &Document::changed, this, &Autosaver::onChanged);
  connect(doc_, &Document::modifiedChanged, this, [this](bool modified) {
    if (!modified) discard();
  });
  connect(doc_, &Document::filePathChanged, this, &Autosaver::onFilePathChanged);
  connect(doc_, &Document::saved, this, [this](const QString& path) {
    discard();
    const QString sidecar = sidecarFor(path);
    if (QFileInfo::exists(sidecar)) QFile::remove(sidecar);
  });
  pending_ = doc_->isModified();
}

Autosaver::~Autosaver() = default;

void Autosaver::setIntervalSeconds(int seconds) { timer_->setInterval(qMax(1, seconds) * 1000); }
int Autosaver::intervalSeconds() const { return timer_->interval() / 1000; }

QString Autosaver::autosaveFolder() {
  return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/autosave");
}

QString Autosaver::sidecarFor(const QString& filePath) {
  if (folderWritable(filePath)) return QFileInfo(filePath).absoluteFilePath() + kSuffix;
  return fallbackSidecar(filePath);
}

QString Autosaver::autosavePath() const {
  if (!doc_->filePath().isEmpty()) return sidecarFor(doc_->filePath());
  if (untitledPath_.isEmpty()) {
    auto* self = const_cast<Autosaver*>(this);
    self->untitledPath_ =
        autosaveFolder() + QStringLiteral("/untitled-") + QUuid::createUuid().toString(QUuid::Id128).left(12) + kSuffix;
  }
  return untitledPath_;
}

QString Autosaver::newerAutosaveFor(const QString& filePath) {
  const QFileInfo file(filePath);
  for (const QString& candidate : {file.absoluteFilePath() + kSuffix, fallbackSidecar(filePath)}) {
    const QFileInfo side(candidate);
    if (side.exists() && (!file.exists() || side.lastModified() > file.lastModified())) return candidate;
  }
  return {};
}

QStringList Autosaver::orphanedUntitledAutosaves() {
  const QDir dir(autosaveFolder());
  QStringList out;
  const auto entries = dir.entryInfoList({QStringLiteral("untitled-*") + kSuffix}, QDir::Files, QDir::Time);
  for (const QFileInfo& fi : entries) out << fi.absoluteFilePath();
  return out;
}

bool Autosaver::autosaveNow() {
  if (!pending_ || !doc_->isModified() || task_->isRunning()) return false;
  const QString path = autosavePath();
  try {
    writeSidecar(doc_->projectForSaving(), path);
  } catch (const std::exception& e) {
    emit failed(tr("Autosave to %1 failed: %2").arg(path, QString::fromStdString(e.what())));
    return false;
  }
  lastWritten_ = path;
  pending_ = false;
  emit autosaved(path);
  return true;
}

bool Autosaver::startAutosave() {
  if (!pending_ || !doc_->isModified() || task_->isRunning()) return false;
  const QString path = autosavePath();
  const quint64 generation = ++generation_;
  pending_ = false;  // an edit from now on makes it pending again
  task_->start([snapshot = doc_->snapshot(), path](RunControl&) { writeSidecar(snapshot.projectForSaving(), path); });
  connect(
      task_, &BackgroundTask::finished, this,
      [this, path, generation](bool) {
        if (generation != generation_) {  // discarded (saved, clean, closed) or moved meanwhile
          if (path != lastWritten_) QFile::remove(path);
          return;
        }
        if (!task_->error().isEmpty()) {
          pending_ = true;
          emit failed(tr("Autosave to %1 failed: %2").arg(path, task_->error()));
          return;
        }
        lastWritten_ = path;
        emit autosaved(path);
      },
      Qt::SingleShotConnection);
  return true;
}

void Autosaver::discard() {
  ++generation_;
  if (!lastWritten_.isEmpty() && QFileInfo::exists(lastWritten_)) QFile::remove(lastWritten_);
  lastWritten_.clear();
  pending_ = doc_->isModified();
}

void Autosaver::adopt(const QString& autosavePath) { lastWritten_ = autosavePath; }

void Autosaver::onChanged() { pending_ = true; }

void Autosaver::onFilePathChanged() {
  ++generation_;
  // The old sidecar (untitled, or the previous file's) no longer belongs to anything.
  if (!lastWritten_.isEmpty() && lastWritten_ != autosavePath()) {
    QFile::remove(lastWritten_);
    lastWritten_.clear();
  }
  untitledPath_.clear();
  pending_ = doc_->isModified();
}

}  // namespace cf
