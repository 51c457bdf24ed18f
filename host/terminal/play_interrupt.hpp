// Ctrl-C (SIGINT) during `cherries play`: the game is not lost. The session keeps, between
// turns, the text to print if interrupted (the standings as saved, and how to resume); the
// handler restores the terminal, writes that text and exits with status 130.
#pragma once

#include <string>

namespace cherries::host {

/// Installs the SIGINT handler and remembers the terminal's settings (when standard input is a
/// terminal) to restore them. Call once, before the first prompt.
void install_interrupt_handler();

/// The text the handler writes to standard output before exiting; replaced whole (at most
/// 16 KiB are kept). Safe to call while the handler may run.
void set_interrupt_text(const std::string& text);

/// Restores the default SIGINT action.
void remove_interrupt_handler();

}  // namespace cherries::host
