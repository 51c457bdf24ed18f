// Reading the `cherries play` prompt's answers: on a terminal through libedit (line editing,
// history with the arrow keys, tab completion of commands and names), elsewhere (pipes, tests)
// with plain std::getline.
#pragma once

#include <cstddef>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace cherries::host {

/// One reader per session. Not thread-safe (libedit's readline state is global).
class LineReader {
public:
    /// `terminal`: standard input and output are a terminal, so libedit reads; else `in`.
    LineReader(std::istream& in, std::ostream& out, bool terminal);

    /// Shows `prompt` (which may hold ANSI styles) and reads one line, without its newline;
    /// nullopt at end of input (Ctrl-D on a terminal, which can be asked again). On a terminal
    /// a non-empty line goes into the history.
    std::optional<std::string> read(const std::string& prompt);

    /// The words tab completion offers (commands and player names); terminal only.
    void set_completions(std::vector<std::string> words);

    bool terminal() const { return terminal_; }

private:
    std::istream& in_;
    std::ostream& out_;
    bool terminal_;
};

/// Columns of the terminal standard output is (TIOCGWINSZ), else $COLUMNS when it is a number,
/// else 0: no limit (a pipe or a file).
std::size_t terminal_width();

/// `prompt` with each ANSI escape sequence wrapped in RL_PROMPT_START_IGNORE characters, so
/// that libedit does not count it in the prompt's width.
std::string invisible_escapes(const std::string& prompt);

}  // namespace cherries::host
