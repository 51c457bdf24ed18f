// The one log line of the long-running commands (`cherries serve`, `cherries irc`): to stderr,
// flushed, "2026-12-07T03:41:07Z cherries serve: table k3x9 opened", the text made printable.
#pragma once

#include <string_view>

namespace cherries::host {

/// Writes one line to stderr: the UTC time to the second, "cherries " + `program`, and `text`
/// (printable: control characters shown as \xNN, so a name cannot rewrite an operator's terminal).
void log_line(std::string_view program, std::string_view text);

}  // namespace cherries::host
