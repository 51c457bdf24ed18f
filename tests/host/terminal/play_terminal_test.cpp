// `cherries play` at a real terminal: tmux runs it in a pseudo-terminal (a private server per
// test, `tmux -L`), keys are sent with send-keys and the screen read with capture-pane. Checks
// line editing (arrow keys never print escape codes; history recall), the confirmations before
// the game stops (quit, Ctrl-D) and Ctrl-C saving the game and saying how to resume it.
// Waits are bounded polls (10 s), never a fixed sleep.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <thread>

#include "tests/support/required_tool.hpp"
#include "tests/support/run_cli.hpp"

namespace fs = std::filesystem;

namespace {

std::string shell_output(const std::string& command) {
    std::string out;
    if (FILE* pipe = popen(command.c_str(), "r")) {
        char buffer[4096];
        for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
        pclose(pipe);
    }
    return out;
}

std::size_t count(const std::string& text, const std::string& needle) {
    std::size_t n = 0;
    for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
    return n;
}

/// One tmux server of its own running `cherries ARGS` in a window `width` columns wide; killed
/// at the end of the test.
class Terminal {
public:
    Terminal(const std::string& args, int width = 80) {
        std::random_device rd;
        socket_ = "cherries-test-" + std::to_string(rd()) + std::to_string(rd());
        // The pane stays after the game ends so that the last screen can be read; "[exit N]"
        // says the binary ended and how.
        // The shell traps SIGINT so that Ctrl-C reaches only what it runs.
        const std::string inner = "trap true INT; '" CHERRIES_BINARY "' " + args + "; echo \"[exit $?]\"; exec sleep 600";
        run("new-session -d -s t -x " + std::to_string(width) + " -y 40 \"NO_COLOR=1 sh -c '" + escape(inner) + "'\"");
        socket_path_ = shell_output(tmux() + " display-message -p -t t '#{socket_path}' 2>/dev/null");
        while (!socket_path_.empty() && socket_path_.back() == '\n') socket_path_.pop_back();
    }
    ~Terminal() {
        run("kill-server");
        std::error_code ec;
        if (!socket_path_.empty()) fs::remove(socket_path_, ec);  // the server leaves it behind
    }
    Terminal(const Terminal&) = delete;
    Terminal& operator=(const Terminal&) = delete;

    /// Types `text` (literally) and, unless `enter` is false, Enter.
    void type(const std::string& text, bool enter = true) {
        run("send-keys -t t -l '" + escape_single(text) + "'");
        if (enter) keys("Enter");
    }
    /// Sends tmux key names: "Up", "Left", "C-c", "C-d", "Enter".
    void keys(const std::string& names) { run("send-keys -t t " + names); }

    /// The whole pane with its history, as plain text; `joined`: lines the terminal wrapped are
    /// joined again (capture-pane -J), so that a line too long for the width shows as one.
    std::string screen(bool joined = false) const {
        return shell_output(tmux() + " capture-pane -p " + (joined ? "-J " : "") + "-t t -S -2000 2>/dev/null");
    }

    /// Polls the screen until `text` appears `times` times, for at most 10 s; true if it did.
    bool wait_for(const std::string& text, std::size_t times = 1) const {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        for (;;) {
            if (count(screen(), text) >= times) return true;
            if (std::chrono::steady_clock::now() > deadline) return false;
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    }

private:
    std::string tmux() const { return "tmux -f /dev/null -L " + socket_; }
    void run(const std::string& command) const { std::system((tmux() + " " + command + " >/dev/null 2>&1").c_str()); }
    // For the double-quoted sh -c '...' argument: single quotes become '\'' and then the
    // outer double quotes need \ " $ ` escaped.
    static std::string escape(const std::string& s) {
        std::string out;
        for (char c : escape_single(s)) {
            if (c == '"' || c == '\\' || c == '$' || c == '`') out += '\\';
            out += c;
        }
        return out;
    }
    static std::string escape_single(const std::string& s) {
        std::string out;
        for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
        return out;
    }
    std::string socket_;
    std::string socket_path_;
};

// tmux is in scripts/setup: missing under CI=true fails the test (tests/support/required_tool.hpp).
bool have_tmux() { return cherries::test::require_tool("tmux", "no pseudo-terminal to test with"); }

#define REQUIRE_SCREEN(terminal, text)                                 \
    do {                                                               \
        const bool seen = (terminal).wait_for(text);                   \
        INFO("waiting for: " << (text) << "\nscreen:\n" << (terminal).screen()); \
        REQUIRE(seen);                                                 \
    } while (false)

fs::path temp_folder() {
    std::random_device rd;
    const fs::path dir = fs::temp_directory_path() / ("cherries-tty-" + std::to_string(rd()) + std::to_string(rd()));
    fs::create_directories(dir);
    return dir;
}

const std::string kTwo = "play --player ann --player bob --seed 1";

}  // namespace

TEST_CASE("at a terminal, arrow keys edit the line and recall history without printing escape codes") {
    if (!have_tmux()) return;
    Terminal t(kTwo);
    REQUIRE_SCREEN(t, "ann, give ");
    t.type("status");
    REQUIRE_SCREEN(t, "  deck: ");
    // Up recalls "status"; Left, Right and Down move about without printing anything.
    t.keys("Left Right Down Up");
    t.keys("Enter");
    const bool twice = t.wait_for("  deck: ", 2);
    const std::string screen = t.screen();
    INFO(screen);
    CHECK(twice);
    CHECK(screen.find("^[") == std::string::npos);
    CHECK(screen.find("[A") == std::string::npos);
    CHECK(screen.find("[D") == std::string::npos);
    // Editing in the middle of a line: "kep", Left, "e" makes "keep".
    t.type("kep", false);
    t.keys("Left");
    t.type("e");
    REQUIRE_SCREEN(t, "  ann keeps ");
}

TEST_CASE("at a terminal, quit asks first; no goes on, yes ends with the standings") {
    if (!have_tmux()) return;
    Terminal t(kTwo);
    REQUIRE_SCREEN(t, "ann, give ");
    t.type("quit");
    REQUIRE_SCREEN(t, "Stop the game? [y/N] >");
    CHECK(t.screen().find("  The game is not saved (play with --save FILE to keep it).") != std::string::npos);
    t.type("n");
    REQUIRE(t.wait_for("ann, give ", 2));  // the same question again
    CHECK(t.screen().find("Result:") == std::string::npos);
    t.type("q");  // the alias
    REQUIRE(t.wait_for("Stop the game? [y/N] >", 2));
    t.type("y");
    REQUIRE_SCREEN(t, "[exit 0]");
    const std::string screen = t.screen();
    INFO(screen);
    CHECK(screen.find("Result: quit after 1 turn; no winner") != std::string::npos);
    CHECK(screen.find("Standings after 1 turn:") != std::string::npos);
    CHECK(screen.find("  1. ann  score 0, 0 cherries") != std::string::npos);
}

TEST_CASE("at a terminal, Ctrl-D asks first and a second Ctrl-D ends the game") {
    if (!have_tmux()) return;
    Terminal t(kTwo);
    REQUIRE_SCREEN(t, "ann, give ");
    t.keys("C-d");
    REQUIRE_SCREEN(t, "End of input: stop the game?");
    t.type("no");
    REQUIRE(t.wait_for("ann, give ", 2));
    t.keys("C-d");
    REQUIRE(t.wait_for("End of input: stop the game?", 2));
    t.keys("C-d");
    REQUIRE_SCREEN(t, "[exit 0]");
    const std::string screen = t.screen();
    INFO(screen);
    CHECK(screen.find("Result: end of input after 1 turn; no winner") != std::string::npos);
    CHECK(screen.find("Standings after 1 turn:") != std::string::npos);
}

TEST_CASE("at a terminal, Ctrl-C keeps a saved game and prints the exact command that resumes it") {
    if (!have_tmux()) return;
    const fs::path dir = temp_folder();
    const std::string save = (dir / "game.json").string();
    {
        Terminal t(kTwo + " --save '" + save + "'");
        REQUIRE_SCREEN(t, "ann, give ");
        t.type("keep");
        REQUIRE_SCREEN(t, "bob, give ");
        t.keys("C-c");
        REQUIRE_SCREEN(t, "[exit 130]");
        const std::string screen = t.screen();
        INFO(screen);
        CHECK(screen.find("Interrupted (Ctrl-C).") != std::string::npos);
        CHECK(screen.find("Standings after 1 turn:") != std::string::npos);
        // The terminal wraps long lines: compare without line breaks and spaces.
        auto squeeze = [](const std::string& text) {
            std::string out;
            for (char c : text)
                if (c != '\n' && c != ' ') out += c;
            return out;
        };
        CHECK(squeeze(t.screen(true)).find(squeeze("to go on: cherries play --resume " + save)) != std::string::npos);
    }
    // The save is there and goes on from after turn 1 (bob's turn is played again).
    const auto resumed = cherries::test::run_cli("play --resume '" + save + "'", "keep\nquit\n");
    INFO(resumed.out << resumed.err);
    CHECK(resumed.status == 0);
    CHECK(resumed.out.find("resumed from " + save + " after turn 1") != std::string::npos);
    CHECK(resumed.out.find("bob, give ") != std::string::npos);
    std::error_code ec;
    fs::remove_all(dir, ec);
}

TEST_CASE("at a 40-column terminal the prompt, help, messages and standings fit the width") {
    if (!have_tmux()) return;
    Terminal t("play --player ann --player bot:greedy --seed 1", 40);
    REQUIRE_SCREEN(t, "[keep | give NAME | help] >");
    t.type("help");
    REQUIRE_SCREEN(t, "first in turn order).");
    t.type("give zzzz");
    REQUIRE_SCREEN(t, "unknown player 'zzzz'");
    t.type("join rita");
    REQUIRE_SCREEN(t, "takes it back)");
    t.type("quit");
    REQUIRE_SCREEN(t, "[y/N] >");
    t.type("y");
    REQUIRE_SCREEN(t, "[exit 0]");
    const std::string screen = t.screen(true);
    INFO(screen);
    CHECK(screen.find("  cancel leave NAME\n      take back a leave not yet applied\n") != std::string::npos);
    // The table's rows and the turn's events are the renderer's (host/text/render.*).
    const std::regex renderer("^(    player .*|  [> ] \\S+ +-?[0-9]+ +-?[0-9]+  .*|Turn .*|  (ann|greedy-2|end of turn)[ :'].*)$");
    std::istringstream lines(screen);
    std::size_t checked = 0;
    for (std::string line; std::getline(lines, line);) {
        if (std::regex_match(line, renderer)) continue;
        INFO(line);
        CHECK(line.size() <= 40);
        ++checked;
    }
    CHECK(checked > 30);
}

TEST_CASE("at a terminal, leaving yourself asks first, and Tab completes commands") {
    if (!have_tmux()) return;
    Terminal t("play --player ann --player bob --player cid --seed 1");
    REQUIRE_SCREEN(t, "ann, give ");
    t.type("leave ann");
    REQUIRE_SCREEN(t, "ann, leave the game for good after this turn? [y/N] >");
    t.type("n");
    REQUIRE(t.wait_for("ann, give ", 2));
    CHECK(t.screen().find("ann leaves after this turn") == std::string::npos);
    t.type("leave ann");
    REQUIRE(t.wait_for("leave the game for good after this turn? [y/N] >", 2));
    t.type("y");
    REQUIRE_SCREEN(t, "  ann leaves after this turn (cancel leave ann takes it back)");
    // "ke" alone is no command; Tab makes it "keep".
    t.type("ke", false);
    t.keys("Tab");
    t.keys("Enter");
    REQUIRE_SCREEN(t, "  ann keeps ");
    REQUIRE_SCREEN(t, "  ann leaves the game");
    CHECK(t.screen().find("unknown command 'ke'") == std::string::npos);
}
