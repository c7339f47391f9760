#pragma once
// Central tab titles that --tab can find in any shipped language (issue 30
// item 7): a tab's title is set from its untranslated source text and
// translation context, which the page keeps, so a tab is found by its object
// name, its English title or its title in 简体中文, whatever the interface
// language is.
#include <QString>
#include <QStringList>

class QTabWidget;
class QWidget;

namespace cf {

// Sets the title of `page` in `tabs` to the translation of `source` (in
// `context`, as tr() would) and keeps both on the page.
void setTabTitle(QTabWidget* tabs, QWidget* page, const char* context, const char* source);

// The index of the tab whose object name, English title or title in a shipped
// language is `name` (case-insensitive, '&' ignored); -1 when none is.
int findTab(const QTabWidget* tabs, const QString& name);

// "objectName (English title, 中文标题)" for every tab, for an error message.
QStringList tabNames(const QTabWidget* tabs);

}  // namespace cf
