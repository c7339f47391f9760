// File operations of the main window: new, open (with crash recovery), save,
// save as, close with the unsaved-changes prompt, recent files, autosave.
// In non-interactive mode (--screenshot, tests) it never opens a dialog.
#pragma once
#include <QObject>
#include <QString>
#include <string>

class QWidget;

namespace cf {

class Autosaver;
class Document;
class RecentFiles;

class FileController : public QObject {
  Q_OBJECT

 public:
  FileController(Document* doc, QWidget* window, QObject* parent = nullptr);

  void setInteractive(bool on) { interactive_ = on; }
  bool isInteractive() const { return interactive_; }
  Autosaver* autosaver() const { return autosaver_; }
  RecentFiles* recentFiles() const { return recent_; }

  static QString fileFilters();

  bool newProject();
  // A project or scenario file replaces the project; a lever waterfall spec
  // (clusterforge.waterfall/1) is added to the open project instead; a sweep
  // spec opens its base as an untitled copy.
  bool open(const QString& path);
  static bool isWaterfallSpec(const QString& path);
  // A sweep spec (clusterforge.sweep/1): opening one opens its base (openExample).
  static bool isSweepSpec(const QString& path);
  // The top-level "format" of a JSON file, read without parsing the rest;
  // empty for anything else.
  static std::string fileFormat(const QString& path);
  bool importWaterfall(const QString& path);
  bool openWithDialog();
  // Opens an example (ExampleCatalog::load) as an untitled copy, so that a
  // save never overwrites the example; not added to the recent files.
  bool openExample(const QString& path);
  bool save();
  bool saveAs();
  bool saveTo(const QString& path);
  bool closeProject();
  // Asks what to do with unsaved changes; true when it is fine to go on.
  bool maybeSave();
  // At start-up without a file: offers an untitled project an earlier session left behind.
  bool offerUntitledRecovery();
  // The window is closing for good: drop the autosave of a document the user chose not to keep.
  void shutdown();

 signals:
  void statusMessage(const QString& message);
  void waterfallImported(int index);

 private:
  bool ask(const QString& title, const QString& text, const QString& yes, const QString& no);
  void showError(const QString& title, const QString& message);
  bool recover(const QString& autosavePath, const QString& filePath);

  Document* doc_;
  QWidget* window_;
  Autosaver* autosaver_;
  RecentFiles* recent_;
  bool interactive_ = true;
};

}  // namespace cf
