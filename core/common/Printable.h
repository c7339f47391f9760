// User text fit for a terminal, a message or a report (issue 33): names from
// files (classes, teams, steps, scenarios, trace ids) may carry terminal escape
// sequences or bidirectional overrides that change what an operator sees.
// printableText() is the one place that decides what is shown as is:
//  - C0 controls (U+0000-U+001F), DEL and C1 controls (U+0080-U+009F) become
//    \uXXXX (a NUL no longer ends a C string early, ESC starts no sequence);
//  - bidirectional embeddings, overrides and isolates (U+202A-U+202E,
//    U+2066-U+2069) and the marks U+200E, U+200F, U+061C likewise;
//  - bytes that are not UTF-8 become \xNN;
//  - everything else (any other printable UTF-8) passes unchanged.
// The CLI's text output, its messages (printableKey) and the HTML report's
// names (ReportHtml::esc, before HTML escaping) all use it.
#pragma once
#include <string>
#include <string_view>

namespace cf {

std::string printableText(std::string_view text);

}  // namespace cf
