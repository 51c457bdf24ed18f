#include "host/terminal/play_interrupt.hpp"

#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstring>

namespace cherries::host {

namespace {

constexpr std::size_t kMaxText = 16 * 1024;

// Two buffers: the handler reads the one `current` names while the other is being written.
char g_text[2][kMaxText];
std::size_t g_length[2] = {0, 0};
volatile std::sig_atomic_t g_current = 0;
termios g_terminal{};
bool g_have_terminal = false;

extern "C" void on_interrupt(int) {
    if (g_have_terminal) tcsetattr(STDIN_FILENO, TCSANOW, &g_terminal);
    const int i = g_current;
    const char* text = g_text[i];
    std::size_t left = g_length[i];
    while (left > 0) {
        const ssize_t n = write(STDOUT_FILENO, text, left);
        if (n <= 0) break;
        text += n;
        left -= static_cast<std::size_t>(n);
    }
    _exit(130);
}

}  // namespace

void install_interrupt_handler() {
    g_have_terminal = isatty(STDIN_FILENO) == 1 && tcgetattr(STDIN_FILENO, &g_terminal) == 0;
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
}

void set_interrupt_text(const std::string& text) {
    const int next = 1 - g_current;
    const std::size_t n = std::min(text.size(), kMaxText);
    std::memcpy(g_text[next], text.data(), n);
    g_length[next] = n;
    g_current = next;
}

void remove_interrupt_handler() { std::signal(SIGINT, SIG_DFL); }

}  // namespace cherries::host
