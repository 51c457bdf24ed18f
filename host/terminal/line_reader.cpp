#include "host/terminal/line_reader.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <editline/readline.h>

namespace cherries::host {

namespace {

// Tab completion: libedit's readline calls plain functions, so the words live here.
std::vector<std::string>& completion_words() {
    static std::vector<std::string> words;
    return words;
}

char* next_completion(const char* text, int state) {
    static std::size_t index = 0;
    if (state == 0) index = 0;
    const std::size_t length = std::strlen(text);
    const auto& words = completion_words();
    while (index < words.size()) {
        const std::string& w = words[index++];
        if (w.compare(0, length, text) == 0) return strdup(w.c_str());
    }
    return nullptr;
}

char** complete(const char* text, int, int) {
    rl_attempted_completion_over = 1;  // no file names
    return rl_completion_matches(text, next_completion);
}

}  // namespace

std::size_t terminal_width() {
    winsize size{};
    if (isatty(STDOUT_FILENO) == 1 && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
    if (const char* columns = std::getenv("COLUMNS")) {
        char* end = nullptr;
        const unsigned long n = std::strtoul(columns, &end, 10);
        if (end != columns && *end == '\0' && n >= 20 && n <= 10000) return n;
    }
    return 0;
}

std::string invisible_escapes(const std::string& prompt) {
    std::string out;
    for (std::size_t i = 0; i < prompt.size(); ++i) {
        if (prompt[i] != '\x1b') {
            out += prompt[i];
            continue;
        }
        const std::size_t end = prompt.find('m', i);
        if (end == std::string::npos) {
            out += prompt.substr(i);
            break;
        }
        out += RL_PROMPT_START_IGNORE + prompt.substr(i, end - i + 1) + RL_PROMPT_START_IGNORE;
        i = end;
    }
    return out;
}

LineReader::LineReader(std::istream& in, std::ostream& out, bool terminal) : in_(in), out_(out), terminal_(terminal) {
    if (!terminal_) return;
    rl_readline_name = "cherries";
    rl_attempted_completion_function = complete;
    using_history();
}

void LineReader::set_completions(std::vector<std::string> words) { completion_words() = std::move(words); }

std::optional<std::string> LineReader::read(const std::string& prompt) {
    out_ << (terminal_ ? "" : prompt);
    out_.flush();
    if (!terminal_) {
        std::string line;
        if (!std::getline(in_, line)) return std::nullopt;
        return line;
    }
    char* raw = readline(invisible_escapes(prompt).c_str());
    if (!raw) return std::nullopt;
    std::string line(raw);
    std::free(raw);
    if (line.find_first_not_of(" \t") != std::string::npos) add_history(line.c_str());
    return line;
}

}  // namespace cherries::host
