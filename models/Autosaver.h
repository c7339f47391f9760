// Periodic autosave of a Document to a sidecar file, and crash recovery.
//
// A titled document autosaves to "<file>.autosave.cfproj" beside it (falling
// back to the application data folder when that folder is not writable); an
// untitled one to "<AppDataLocation>/autosave/untitled-<id>.autosave.cfproj".
// The sidecar is written only when there are changes since the last autosave
// and removed when the document is saved, becomes clean again, or is closed.
// On the next open, a sidecar newer than its file means the program did not
// end cleanly: the window offers to recover it.
#pragma once
#include <QObject>
#include <QString>
#include <QStringList>

class QTimer;

namespace cf {

class BackgroundTask;
class Document;

class Autosaver : public QObject {
  Q_OBJECT

 public:
  explicit Autosaver(Document* doc, QObject* parent = nullptr);
  ~Autosaver() override;

  void setIntervalSeconds(int seconds);
  int intervalSeconds() const;

  // Where the current document autosaves.
  QString autosavePath() const;
  // Writes the sidecar now if there are unsaved changes since the last one.
  bool autosaveNow();
  // The same on a worker (what the timer does every interval): the document's
  // snapshot is taken on the GUI thread (its written parts, shared), the
  // project read and written to the sidecar on the worker; autosaved() or
  // failed() follows. A 100,000-GPU design took the GUI thread ~1 s a
  // minute. False when nothing is pending or a write is still running.
  bool startAutosave();
  // Removes the sidecar this autosaver wrote or adopted (clean save, close).
  void discard();
  // Takes charge of a sidecar recovered from an earlier session, so that a
  // later save or close removes it.
  void adopt(const QString& autosavePath);

  // The sidecar of a file (in its folder, or the fallback folder when that exists).
  static QString sidecarFor(const QString& filePath);
  // An autosave of `filePath` newer than the file itself, or an empty string.
  static QString newerAutosaveFor(const QString& filePath);
  // Autosaves of untitled projects left behind by earlier sessions, newest first.
  static QStringList orphanedUntitledAutosaves();
  static QString autosaveFolder();

 signals:
  void autosaved(const QString& path);
  void failed(const QString& message);

 private:
  void onChanged();
  void onFilePathChanged();

  Document* doc_;
  QTimer* timer_;
  BackgroundTask* task_;
  quint64 generation_ = 0;  // discard() and a new path make a write in flight stale
  QString untitledPath_;
  QString lastWritten_;
  bool pending_ = false;
};

}  // namespace cf
