#include "FileController.h"

#include "BackgroundTask.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>

#include "Autosaver.h"
#include "Document.h"
#include "welcome/ExampleCatalog.h"
#include "RecentFiles.h"
#include "waterfall/WaterfallSpec.h"

namespace cf {

FileController::FileController(Document* doc, QWidget* window, QObject* parent)
    : QObject(parent),
      doc_(doc),
      window_(window),
      autosaver_(new Autosaver(doc, this)),
      recent_(new RecentFiles(this)) {
  // Seconds between autosaves; "autosave/intervalSeconds" in the settings.
  autosaver_->setIntervalSeconds(QSettings().value(QStringLiteral("autosave/intervalSeconds"), 60).toInt());
  connect(recent_, &RecentFiles::openRequested, this, [this](const QString& path) { open(path); });
  connect(autosaver_, &Autosaver::failed, this, &FileController::statusMessage);
  connect(autosaver_, &Autosaver::autosaved, this, [this] { emit statusMessage(tr("Autosaved")); });
}

QString FileController::fileFilters() {
  return tr("ClusterForge projects (*.cfproj *.cf.json *.json)") + QStringLiteral(";;") +
         tr("ClusterForge project database (*.cfproj)") + QStringLiteral(";;") +
         tr("Scenario JSON (*.cf.json *.json)") + QStringLiteral(";;") +
         tr("Lever waterfall spec, added to the open project (*.json)") + QStringLiteral(";;") + tr("All files (*)");
}

bool FileController::isWaterfallSpec(const QString& path) { return fileFormat(path) == kWaterfallFormat; }

bool FileController::isSweepSpec(const QString& path) { return fileFormat(path).rfind("clusterforge.sweep/", 0) == 0; }

std::string FileController::fileFormat(const QString& path) {
  if (!path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) return {};
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly) || f.size() > (64 << 20)) return {};
  const QByteArray bytes = f.readAll();
  // Only the top-level "format" is read: a SAX walk that stops at it (a 100,000-GPU project with its layout
  // took ~60 ms to parse whole on the GUI thread, on every open).
  struct FormatOnly : nlohmann::json_sax<nlohmann::json> {
    int depth = 0;
    bool formatNext = false;
    std::string found;
    bool null() override { return value(); }
    bool boolean(bool) override { return value(); }
    bool number_integer(number_integer_t) override { return value(); }
    bool number_unsigned(number_unsigned_t) override { return value(); }
    bool number_float(number_float_t, const string_t&) override { return value(); }
    bool string(string_t& v) override {
      if (formatNext) {
        found = v;
        return false;  // read: stop
      }
      return true;
    }
    bool binary(binary_t&) override { return value(); }
    bool start_object(std::size_t) override { return open(); }
    bool key(string_t& k) override {
      formatNext = depth == 1 && k == "format";
      return true;
    }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(); }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }
    bool value() { return !formatNext; }  // a "format" that is not a string: no format, stop
    bool open() {
      if (formatNext) return false;
      ++depth;
      return true;
    }
    bool close() {
      --depth;
      return true;
    }
  } sax;
  nlohmann::json::sax_parse(bytes.constData(), bytes.constData() + bytes.size(), &sax,
                            nlohmann::json::input_format_t::json, false);
  return sax.found;
}

bool FileController::importWaterfall(const QString& path) {
  QString error;
  if (!doc_->importWaterfall(path, &error)) {
    showError(tr("Cannot import waterfall"), error);
    return false;
  }
  emit statusMessage(tr("Added the waterfall of %1 to the project (undo removes it)").arg(QFileInfo(path).fileName()));
  emit waterfallImported(doc_->waterfallCount() - 1);
  return true;
}

bool FileController::ask(const QString& title, const QString& text, const QString& yes, const QString& no) {
  if (!interactive_) return false;
  QMessageBox box(QMessageBox::Question, title, text, QMessageBox::NoButton, window_);
  QPushButton* yesButton = box.addButton(yes, QMessageBox::AcceptRole);
  box.addButton(no, QMessageBox::RejectRole);
  box.setDefaultButton(yesButton);
  box.exec();
  return box.clickedButton() == yesButton;
}

void FileController::showError(const QString& title, const QString& message) {
  emit statusMessage(message);
  if (interactive_)
    QMessageBox::warning(window_, title, message);
  else
    qWarning("%s", qPrintable(message));
}

bool FileController::maybeSave() {
  if (!doc_->isModified() || !interactive_) return true;
  QMessageBox box(QMessageBox::Warning, tr("Unsaved changes"),
                  tr("“%1” has unsaved changes. Save them before closing?").arg(doc_->displayName()),
                  QMessageBox::NoButton, window_);
  QPushButton* saveButton = box.addButton(tr("Save"), QMessageBox::AcceptRole);
  QPushButton* discardButton = box.addButton(tr("Discard"), QMessageBox::DestructiveRole);
  box.addButton(tr("Cancel"), QMessageBox::RejectRole);
  box.setDefaultButton(saveButton);
  box.exec();
  if (box.clickedButton() == saveButton) return save();
  if (box.clickedButton() == discardButton) {
    autosaver_->discard();
    return true;
  }
  return false;
}

bool FileController::newProject() {
  if (!maybeSave()) return false;
  doc_->reset(Document::defaultProject());
  emit statusMessage(tr("New project"));
  return true;
}

bool FileController::recover(const QString& autosavePath, const QString& filePath) {
  Project p;
  QString error;
  if (!Document::readProject(autosavePath, &p, &error)) {
    showError(tr("Recovery failed"), error);
    return false;
  }
  doc_->reset(std::move(p), filePath, true);
  autosaver_->adopt(autosavePath);
  emit statusMessage(tr("Recovered unsaved changes from %1").arg(QDir::toNativeSeparators(autosavePath)));
  return true;
}

bool FileController::open(const QString& path) {
  // A waterfall spec is not a project: it joins the open one (one undo step).
  if (isWaterfallSpec(path)) return importWaterfall(path);
  // Nor is a sweep spec: its base opens, as an untitled copy (the user guide
  // says so; from the command line it was refused, issue 30).
  if (isSweepSpec(path)) return openExample(path);
  if (!maybeSave()) return false;
  const QString abs = QFileInfo(path).absoluteFilePath();
  if (interactive_) {
    const QString side = Autosaver::newerAutosaveFor(abs);
    if (!side.isEmpty()) {
      const QString when = QLocale().toString(QFileInfo(side).lastModified(), QLocale::ShortFormat);
      if (ask(tr("Recover unsaved changes?"),
              tr("ClusterForge did not close normally while “%1” had unsaved changes. An autosave from %2 is "
                 "newer than the file. Recover it?")
                  .arg(QFileInfo(abs).fileName(), when),
              tr("Recover"), tr("Open the saved file"))) {
        if (recover(side, abs)) {
          recent_->add(abs);
          return true;
        }
      } else {
        QFile::remove(side);
      }
    }
  }
  QString error, problems;
  if (!doc_->open(abs, &error, &problems)) {
    showError(tr("Cannot open project"), error);
    return false;
  }
  if (!problems.isEmpty()) showError(tr("Project opened with problems"), problems);
  recent_->add(abs);
  emit statusMessage(tr("Opened %1").arg(QDir::toNativeSeparators(abs)));
  return true;
}

bool FileController::openWithDialog() {
  const QString dir = doc_->filePath().isEmpty() ? QString() : QFileInfo(doc_->filePath()).absolutePath();
  const QString path = QFileDialog::getOpenFileName(window_, tr("Open Project"), dir, fileFilters());
  return !path.isEmpty() && open(path);
}

bool FileController::openExample(const QString& path) {
  if (!maybeSave()) return false;
  Project p;
  QString error;
  bool loaded = false;
  // Read off the GUI thread (an example carries its layout: megabytes).
  const QString failed = BackgroundTask::runAndWait(tr("Opening %1").arg(QFileInfo(path).fileName()),
                                                    [&] { loaded = ExampleCatalog::load(path, &p, &error); });
  if (!loaded || !failed.isEmpty()) {
    showError(tr("Cannot open example"), failed.isEmpty() ? error : failed);
    return false;
  }
  doc_->reset(std::move(p));
  emit statusMessage(tr("Opened the example %1 as an untitled copy").arg(QFileInfo(path).fileName()));
  return true;
}

bool FileController::save() {
  if (doc_->filePath().isEmpty()) return saveAs();
  return saveTo(doc_->filePath());
}

bool FileController::saveAs() {
  if (!interactive_) return false;
  QString suggested = doc_->filePath();
  if (suggested.isEmpty())
    suggested = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation) + QLatin1Char('/') +
                QString::fromStdString(doc_->project().name) + QStringLiteral(".cfproj");
  QString path = QFileDialog::getSaveFileName(window_, tr("Save Project As"), suggested, fileFilters());
  if (path.isEmpty()) return false;
  if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".cfproj");
  return saveTo(path);
}

bool FileController::saveTo(const QString& path) {
  QString error;
  if (!doc_->saveAs(path, &error)) {
    showError(tr("Cannot save project"), error);
    return false;
  }
  recent_->add(path);
  emit statusMessage(tr("Saved %1").arg(QDir::toNativeSeparators(doc_->filePath())));
  return true;
}

bool FileController::closeProject() {
  if (!maybeSave()) return false;
  autosaver_->discard();
  doc_->reset(Document::defaultProject());
  return true;
}

bool FileController::offerUntitledRecovery() {
  const QStringList orphans = Autosaver::orphanedUntitledAutosaves();
  if (orphans.isEmpty() || !interactive_) return false;
  const QString newest = orphans.first();
  const QString when = QLocale().toString(QFileInfo(newest).lastModified(), QLocale::ShortFormat);
  if (!ask(tr("Recover unsaved project?"),
           tr("An untitled project from an earlier session (autosaved %1) was not saved. Recover it?").arg(when),
           tr("Recover"), tr("Discard"))) {
    QFile::remove(newest);
    return false;
  }
  return recover(newest, QString());
}

void FileController::shutdown() {
  if (!doc_->isModified()) autosaver_->discard();
}

}  // namespace cf
