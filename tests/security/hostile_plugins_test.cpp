// Hostile plugins: every folder in tests/security/plugins is a plugin that tries to break out of
// the sandbox or to break the host, and its expect.txt says how it must end:
//
//   expect: load-error | fault | ok | check   (check: only `cherries check` is run)
//   message: text        substring of the diagnostic or fault message ("a | b": either)
//   file: set.lua        load-error: a diagnostic names this file of the folder
//   card: evil           fault/ok: a card kind ("id" in the plugin's set, or "set:id"); repeatable
//   with: victim         also load tests/security/fixtures/victim; repeatable
//   game: skip           fault/ok: no game (the default budget would make it slow by design)
//   known-hole: where    a hole outside sdk/sandbox/lua_runtime: checked in a [!shouldfail] test case
//   not: text            no diagnostic or fault message contains text (what a refused file holds)
//   fifo: set.lua        the test runs on a copy of the folder where this file is a named pipe
//   innocent: card      fault: a card of the plugin that must not be removed nor blamed
//   removed: all         fault: in the game, every card of the plugin's set ends up removed
//   check: text          `cherries check` of the folder reports a diagnostic with this text
//   check-not: text      ... and none with this text (who must not be blamed)
//   unreadable: set.toml the test runs on a copy where this file has no read permission
//                        (as root, who reads it anyway, the load runs in a child process that
//                        has dropped to nobody/nogroup)
//
// A load error must be an sdk::LoadError naming the file. A fault must be clean twice over: a
// direct LuaRuntime::call with small limits returns false with the message (or, for results
// past ±(2^53 - 1), an integer the engine faults), and the runtime then still runs a healthy
// function; and a game through sdk::Bundle and cherries::Game with the bundle's runtime removes
// the card (GDD §3.5) and finishes normally. A hang fails the ctest TIMEOUT (tests/CMakeLists.txt). Adding a case is adding a
// folder.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <grp.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine/game.hpp"
#include "sdk/plugins/bundle.hpp"
#include "sdk/check/check.hpp"
#include "sdk/base/diagnostic.hpp"
#include "sdk/sandbox/lua_runtime.hpp"
#include "sdk/plugins/manifest.hpp"

using namespace cherries;
namespace fs = std::filesystem;

namespace {

const fs::path kSource(CHERRIES_SOURCE_DIR);
const fs::path kPlugins = kSource / "tests/security/plugins";
const fs::path kFixtures = kSource / "tests/security/fixtures";

// Small limits for runtimes built directly: the same attacks, a fraction of the time.
// (400,000 instructions: a file that makes two megabyte strings with string.rep at load, each
// charged about 130,000, must still load.) The direct calls check that a fault is clean, twice,
// not the budget per game: 100 ms of CPU for both rounds, since one call of 43 (a megabyte
// error message) took 17 ms under ASan on CI, and a second call with 8 ms left met the time net
// instead of its message. The game (check_game) keeps the default budget.
const sdk::LuaLimits kSmall{.memory_bytes = 8u << 20, .instructions = 400'000, .plugin_cpu_ms = 100};

// CHERRIES_SECURITY_VERBOSE=1 prints each case's time and message.
bool verbose() { return std::getenv("CHERRIES_SECURITY_VERBOSE") != nullptr; }

struct Expectation {
    std::string kind;
    std::vector<std::string> messages;  // alternatives
    std::string file;
    std::vector<std::string> cards;
    std::vector<std::string> with;
    bool game = true;
    std::string known_hole;
    std::vector<std::string> absent;  // "not:"
    std::string fifo;
    std::string unreadable;
    std::vector<std::string> innocent;
    bool whole_set = false;  // "removed: all"
    std::vector<std::string> check;      // "check:"
    std::vector<std::string> check_not;  // "check-not:"
};

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    const auto e = s.find_last_not_of(" \t\r");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

Expectation read_expectation(const fs::path& folder) {
    Expectation x;
    std::ifstream in(folder / "expect.txt");
    for (std::string line; std::getline(in, line);) {
        line = trim(line);
        if (line.empty() || line[0] == '#') continue;
        const auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        const std::string key = trim(line.substr(0, colon)), value = trim(line.substr(colon + 1));
        if (key == "expect") x.kind = value;
        else if (key == "message") {
            std::stringstream alternatives(value);
            for (std::string m; std::getline(alternatives, m, '|');) x.messages.push_back(trim(m));
        } else if (key == "file") x.file = value;
        else if (key == "card") x.cards.push_back(value);
        else if (key == "with") x.with.push_back(value);
        else if (key == "game") x.game = value != "skip";
        else if (key == "known-hole") x.known_hole = value;
        else if (key == "not") x.absent.push_back(value);
        else if (key == "fifo") x.fifo = value;
        else if (key == "unreadable") x.unreadable = value;
        else if (key == "innocent") x.innocent.push_back(value);
        else if (key == "removed") x.whole_set = value == "all";
        else if (key == "check") x.check.push_back(value);
        else if (key == "check-not") x.check_not.push_back(value);
        else FAIL(folder.filename().string() << "/expect.txt: unknown key '" << key << "'");
    }
    return x;
}

std::vector<fs::path> plugin_folders() {
    std::vector<fs::path> folders;
    for (const auto& entry : fs::directory_iterator(kPlugins))
        if (entry.is_directory()) folders.push_back(entry.path());
    std::sort(folders.begin(), folders.end());
    return folders;
}

// The resource nets: a plugin stopped by one of them is stopped cleanly, and which one meets it
// first depends on the machine (a slower CPU, ASan's allocator, another process's load on the
// caches), not on the plugin. CI's slower CPU once met 92's call time before loading's budget.
constexpr std::array<const char*, 4> kNets = {"instruction budget exceeded", "time limit exceeded",
                                              "not enough memory", "used up its budget"};

// True when `text` holds one of the expected messages; where a resource net is expected, any
// net counts: no verdict depends on which of two limits a plugin meets first.
bool mentions(const std::string& text, const std::vector<std::string>& alternatives) {
    const auto found = [&](const std::string& m) { return text.find(m) != std::string::npos; };
    if (std::any_of(alternatives.begin(), alternatives.end(), found)) return true;
    const auto is_net = [&](const std::string& m) {
        return std::any_of(kNets.begin(), kNets.end(), [&](const char* net) { return m.find(net) != std::string::npos; });
    };
    if (!std::any_of(alternatives.begin(), alternatives.end(), is_net)) return false;
    return std::any_of(kNets.begin(), kNets.end(), [&](const char* net) { return found(net); });
}

// Messages from plugin code reach terminals: no control characters, bounded length.
void check_printable(const std::string& message) {
    INFO(message.substr(0, 200));
    CHECK(message.size() <= 1200);
    CHECK(std::none_of(message.begin(), message.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u < 0x20 || u == 0x7f;
    }));
}

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

/// Counts the calls per function on their way to the real evaluator.
class CountingEvaluator final : public Evaluator {
public:
    explicit CountingEvaluator(Evaluator& inner) : inner_(inner) {}
    bool call(FunctionId function, std::int64_t argument, std::int64_t& result) noexcept override {
        ++calls[function];
        return inner_.call(function, argument, result);
    }
    std::string fault_message() const override { return inner_.fault_message(); }
    std::map<FunctionId, int> calls;

private:
    Evaluator& inner_;
};

/// Keeps the fault events' messages.
class FaultLog final : public EventSink {
public:
    void on_event(const Event& event) override {
        if (event.type == EventType::fault) faults.emplace_back(event.message);
    }
    std::vector<std::string> faults;
};

// Plays alice and bob to the end: the expectation's cards (first on the deck) go to bob; then
// each player keeps cherry and score cards that add and gives the rest away.
void play(Game& game, const std::vector<KindId>& hostile) {
    const PlayerId alice = game.players()[0].id, bob = game.players()[1].id;
    for (int steps = 0; steps < 100'000 && !game.over(); ++steps) {
        if (game.phase() == Phase::between_turns) {
            game.start_turn();
            continue;
        }
        REQUIRE(game.phase() == Phase::awaiting_give);
        const CardId card = game.drawn_card();
        const CardKind& kind = game.catalog().kind_of(card);
        const PlayerId me = game.current_player(), other = me == alice ? bob : alice;
        const bool is_hostile = std::count(hostile.begin(), hostile.end(), game.catalog().kind_id_of(card)) > 0;
        if (is_hostile) game.give(bob);
        else game.give(kind.type != CardType::modifier && kind.change > 0 ? me : other);
    }
}

// The plugin's own cards and their function names, read from its manifest.
struct OwnFunction {
    std::string card, function;
};

std::vector<OwnFunction> own_functions(const fs::path& folder, const Expectation& x, fs::path& lua_file) {
    std::vector<sdk::Diagnostic> problems;
    const sdk::SetManifest m = sdk::read_set_manifest(folder, problems);
    REQUIRE(problems.empty());
    lua_file = m.lua_file;
    std::vector<OwnFunction> out;
    for (const auto& card : x.cards) {
        if (card.find(':') != std::string::npos) continue;  // a fixture's card
        for (const auto& c : m.cards)
            if (c.kind.id == card) out.push_back({card, !c.cherry_function.empty() ? c.cherry_function : c.score_function});
    }
    return out;
}

// Direct calls with small limits: the fault is clean, repeatable, and the runtime still works.
void check_direct(const fs::path& folder, const Expectation& x) {
    fs::path lua_file;
    const auto functions = own_functions(folder, x, lua_file);
    REQUIRE_FALSE(functions.empty());
    sdk::LuaProgram program;
    program.chunks.push_back({"@" + lua_file.string(), read_file(lua_file)});
    program.chunks.push_back({"@healthy.lua", "return { id = function(x) return x end }"});
    for (const auto& f : functions) program.functions.push_back({0, f.function, "card '" + f.card + "' function"});
    program.functions.push_back({1, "id", "healthy"});
    const auto healthy = static_cast<FunctionId>(program.functions.size());

    sdk::LuaRuntime runtime(program, kSmall);
    for (int round = 0; round < 2; ++round) {  // twice: the state after a fault is sound
        std::int64_t out = 0;
        const bool ok = runtime.call(1, 1, out);
        const bool in_range = out >= -kMaxMagnitude && out <= kMaxMagnitude;
        if (x.kind == "ok") {
            INFO(runtime.fault_message());
            CHECK(ok);
            CHECK(in_range);
        } else if (ok) {
            CHECK_FALSE(in_range);  // an integer the engine faults (turn.cpp)
        } else {
            INFO(runtime.fault_message());
            if (verbose() && round == 0) std::cout << "  direct: " << runtime.fault_message().substr(0, 160) << "\n";
            CHECK(mentions(runtime.fault_message(), x.messages));
            check_printable(runtime.fault_message());
        }
        std::int64_t echo = 0;
        REQUIRE(runtime.call(healthy, 41, echo));
        CHECK(echo == 41);
        CHECK(runtime.memory_in_use() <= kSmall.memory_bytes);
    }
}

// A game through the bundle's runtime: the faulting card is removed, the game finishes.
void check_game(const sdk::Bundle& bundle, const fs::path& folder, const Expectation& x) {
    const std::string set_id = bundle.plugins().size() > 1 ? bundle.plugins()[1].id : "";
    std::vector<KindId> hostile;
    for (const auto& card : x.cards)
        hostile.push_back(bundle.catalog().find_kind(card.find(':') != std::string::npos ? card : set_id + ":" + card));
    const auto runtime = bundle.make_runtime();
    CountingEvaluator counting(*runtime);
    FaultLog log;
    Game game(bundle.catalog(), bundle.gametype(), counting, 20240611, {"alice", "bob"}, hostile);
    game.set_event_sink(&log);
    play(game, hostile);

    INFO(folder.filename().string() << ": phase " << to_string(game.phase()) << " after turn " << game.turn());
    CHECK((game.phase() == Phase::won || game.phase() == Phase::ended));
    for (KindId kind : hostile) {  // the functions really ran
        const CardKind& k = bundle.catalog().kinds()[kind];
        CHECK(counting.calls[k.cherry_function] + counting.calls[k.score_function] > 0);
    }
    for (const auto& message : log.faults) check_printable(message);
    if (verbose())
        std::cout << "  game: " << to_string(game.phase()) << " after turn " << game.turn() << ", " << game.removed().size()
                  << " removed" << (log.faults.empty() ? std::string() : ": " + log.faults.front().substr(0, 160)) << "\n";
    if (x.kind == "ok") {
        INFO((log.faults.empty() ? std::string() : log.faults.front()));
        CHECK(game.removed().empty());
        CHECK(log.faults.empty());
        return;
    }
    for (const auto& card : x.innocent) {  // never removed, never blamed
        const KindId kind = bundle.catalog().find_kind(set_id + ":" + card);
        CHECK(std::none_of(game.removed().begin(), game.removed().end(),
                           [&](CardId c) { return bundle.catalog().kind_id_of(c) == kind; }));
        for (const auto& message : log.faults) CHECK(message.find("card '" + card + "'") == std::string::npos);
    }
    if (x.whole_set) {
        const auto set = bundle.catalog().kinds()[hostile.at(0)].set;
        std::size_t in_set = 0, removed = 0;
        for (const CardKind& kind : bundle.catalog().kinds()) in_set += kind.set == set ? static_cast<std::size_t>(kind.count) : 0;
        for (CardId c : game.removed()) removed += bundle.catalog().kind_of(c).set == set;
        CHECK(removed == in_set);
        CHECK(log.faults.size() <= kSetFaultLimit);
    }
    const KindId evil = hostile.at(0);
    CHECK(std::any_of(game.removed().begin(), game.removed().end(),
                      [&](CardId c) { return bundle.catalog().kind_id_of(c) == evil; }));
    REQUIRE_FALSE(log.faults.empty());
    INFO(log.faults.front());
    CHECK(mentions(log.faults.front(), x.messages));
    for (const auto& text : x.absent) CHECK(log.faults.front().find(text) == std::string::npos);
}

// A copy of `folder` in a fresh temporary folder, for cases that need what git cannot keep
// (a named pipe, a file without read permission). Removed when it goes.
struct FolderCopy {
    fs::path root, folder;
    explicit FolderCopy(const fs::path& original) {
        root = fs::temp_directory_path() / ("cherries-hostile-" + std::to_string(::getpid()) + "-" +
                                            original.filename().string());
        fs::remove_all(root);
        fs::create_directories(root);
        folder = root / original.filename();
        fs::copy(original, folder, fs::copy_options::recursive | fs::copy_options::copy_symlinks);
    }
    ~FolderCopy() {
        std::error_code ec;
        fs::permissions(root, fs::perms::owner_all, fs::perm_options::add, ec);
        for (const auto& entry : fs::recursive_directory_iterator(root, ec))
            fs::permissions(entry.path(), fs::perms::owner_all, fs::perm_options::add, ec);
        fs::remove_all(root, ec);
    }
};

// Bundle::load(sets, gametype) in a child process that has dropped root for nobody/nogroup
// (65534), for a case about a file root could read anyway. Returns what the load said: each
// diagnostic on a line, then "names-file" when one names `file`; "loaded" when it loaded;
// "cannot drop root" when the child could not. No Catch2 macros run in the child.
std::string load_as_nobody(const std::vector<fs::path>& sets, const fs::path& gametype, const fs::path& file) {
    int pipe_fds[2];
    REQUIRE(::pipe(pipe_fds) == 0);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::close(pipe_fds[0]);
        std::string out;
        if (::setgroups(0, nullptr) != 0 || ::setresgid(65534, 65534, 65534) != 0 || ::setresuid(65534, 65534, 65534) != 0) {
            out = "cannot drop root";
        } else {
            try {
                sdk::Bundle::load(sets, gametype);
                out = "loaded";
            } catch (const sdk::LoadError& e) {
                bool names_file = false;
                for (const auto& d : e.diagnostics()) {
                    out += d.to_string() + "\n";
                    names_file = names_file || fs::path(d.file).lexically_normal() == file.lexically_normal();
                }
                if (names_file) out += "names-file\n";
            } catch (const std::exception& e) {
                out = std::string("other error: ") + e.what();
            }
        }
        for (std::size_t done = 0; done < out.size();) {
            const ssize_t n = ::write(pipe_fds[1], out.data() + done, out.size() - done);
            if (n <= 0) break;
            done += static_cast<std::size_t>(n);
        }
        ::_exit(0);
    }
    ::close(pipe_fds[1]);
    std::string out;
    char buffer[4096];
    for (ssize_t n; (n = ::read(pipe_fds[0], buffer, sizeof buffer)) > 0;) out.append(buffer, static_cast<std::size_t>(n));
    ::close(pipe_fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    CHECK((WIFEXITED(status) && WEXITSTATUS(status) == 0));
    return out;
}

void check_plugin(const fs::path& original) {
    const Expectation x = read_expectation(original);
    std::optional<FolderCopy> copy;
    if (!x.fifo.empty() || !x.unreadable.empty()) copy.emplace(original);
    const fs::path folder = copy ? copy->folder : original;
    if (!x.fifo.empty()) REQUIRE(::mkfifo((folder / x.fifo).c_str(), 0644) == 0);
    bool as_nobody = false;
    if (!x.unreadable.empty()) {
        fs::permissions(folder / x.unreadable, fs::perms::none);
        if (std::ifstream(folder / x.unreadable)) {  // root reads it anyway: load as nobody
            REQUIRE(::geteuid() == 0);
            REQUIRE(x.kind == "load-error");
            as_nobody = true;
        }
    }
    REQUIRE((x.kind == "load-error" || x.kind == "fault" || x.kind == "ok" || x.kind == "check"));
    const bool is_gametype = fs::exists(fs::symlink_status(folder / "gametype.toml"));
    std::vector<fs::path> sets{kSource / "sets/standard"};
    if (!is_gametype) sets.push_back(folder);
    for (const auto& w : x.with) sets.push_back(kFixtures / w);
    const fs::path gametype = is_gametype ? folder : kSource / "gametypes/official";

    const auto start = std::chrono::steady_clock::now();
    if (!x.check.empty() || !x.check_not.empty()) {  // what `cherries check` says of it
        std::vector<sdk::Diagnostic> found;
        if (is_gametype) sdk::check::check_gametype(folder, found);
        else sdk::check::check_set(folder, found);
        std::string all;
        for (const auto& d : found) all += d.to_string() + "\n";
        INFO(all);
        if (verbose()) std::cout << "  check: " << all;
        for (const auto& text : x.check) CHECK(all.find(text) != std::string::npos);
        for (const auto& text : x.check_not) CHECK(all.find(text) == std::string::npos);
    }
    if (x.kind == "check") {
        CHECK_FALSE(x.check.empty());
    } else if (x.kind == "load-error" && as_nobody) {
        REQUIRE_FALSE(x.messages.empty());
        const std::string all = load_as_nobody(sets, gametype, folder / x.file);
        INFO(all);
        if (verbose()) std::cout << "  as nobody: " << all;
        CHECK(mentions(all, x.messages));
        CHECK(all.find("names-file\n") != std::string::npos);
        for (const auto& text : x.absent) CHECK(all.find(text) == std::string::npos);
    } else if (x.kind == "load-error") {
        REQUIRE_FALSE(x.messages.empty());
        try {
            sdk::Bundle::load(sets, gametype);
            FAIL("expected sdk::LoadError");
        } catch (const sdk::LoadError& e) {
            std::string all;
            bool names_file = false;
            for (const auto& d : e.diagnostics()) {
                all += d.to_string() + "\n";
                check_printable(d.to_string());
                names_file = names_file || fs::path(d.file).lexically_normal() == (folder / x.file).lexically_normal();
            }
            INFO(all);
            if (verbose()) std::cout << "  " << all;
            CHECK(mentions(all, x.messages));
            CHECK(names_file);
            for (const auto& text : x.absent) CHECK(all.find(text) == std::string::npos);
        }
    } else {
        if (!is_gametype) check_direct(folder, x);
        const sdk::Bundle bundle = sdk::Bundle::load(sets, gametype);  // loads: the harm is at call time
        if (x.game) check_game(bundle, folder, x);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (verbose()) std::cout << folder.filename().string() << ": " << seconds << " s\n";
}

}  // namespace

TEST_CASE("the hostile plugin folder: at least 20 plugins, each with a manifest and an expectation", "[security]") {
    const auto folders = plugin_folders();
    CHECK(folders.size() >= 20);
    for (const auto& folder : folders) {
        INFO(folder.filename().string());
        CHECK(fs::is_regular_file(folder / "expect.txt"));
        CHECK((fs::exists(fs::symlink_status(folder / "set.toml")) || fs::exists(fs::symlink_status(folder / "gametype.toml"))));
        const Expectation x = read_expectation(folder);
        CHECK((x.kind == "load-error" || x.kind == "fault" || x.kind == "ok" || x.kind == "check"));
        if (x.kind == "fault" || x.kind == "ok") CHECK_FALSE(x.cards.empty());
        if (x.kind == "fault" || x.kind == "load-error") CHECK_FALSE(x.messages.empty());
        if (x.kind == "check") CHECK_FALSE(x.check.empty());
    }
}

TEST_CASE("every hostile plugin fails cleanly and fast, and the host goes on", "[security]") {
    for (const auto& folder : plugin_folders()) {
        if (!read_expectation(folder).known_hole.empty()) continue;
        DYNAMIC_SECTION(folder.filename().string()) { check_plugin(folder); }
    }
}

TEST_CASE("a function that keeps state between calls: same input, different results", "[security]") {
    // The contract says pure; nothing enforces it (that would cost every call). Documented effect:
    // the result depends on how often the function ran before in this runtime, bots' planning
    // included, so two runtimes (threads) can disagree.
    const fs::path folder = kPlugins / "34-stateful-counter";
    sdk::LuaProgram program;
    program.chunks.push_back({"@" + (folder / "set.lua").string(), read_file(folder / "set.lua")});
    program.functions.push_back({0, "evil", "counter"});
    sdk::LuaRuntime a(program, kSmall), b(program, kSmall);
    std::int64_t first = 0, second = 0, fresh = 0;
    REQUIRE(a.call(1, 10, first));
    REQUIRE(a.call(1, 10, second));
    REQUIRE(b.call(1, 10, fresh));
    CHECK(first == 11);
    CHECK(second == 12);  // same input, different result
    CHECK(fresh == 11);   // a fresh runtime starts over
    a.start_game();       // a new game on the same runtime starts over too
    std::int64_t next_game = 0;
    REQUIRE(a.call(1, 10, next_game));
    CHECK(next_game == 11);
}

TEST_CASE("a function whose result changes after 100 calls: each game starts from the state after load", "[security]") {
    // sim plays many games on one runtime; `replay --game N` plays one on a fresh runtime. They
    // agree only if start_game makes the runtime as fresh as a new one.
    const fs::path folder = kPlugins / "64-state-after-100-calls";
    sdk::LuaProgram program;
    program.chunks.push_back({"@" + (folder / "set.lua").string(), read_file(folder / "set.lua")});
    program.functions.push_back({0, "evil", "card 'evil' cherry function"});
    sdk::LuaRuntime shared(program, kSmall);
    auto play_game = [&](sdk::LuaRuntime& runtime) {
        std::vector<std::int64_t> results;
        for (int i = 0; i < 80; ++i) {
            std::int64_t out = 0;
            REQUIRE(runtime.call(1, 5, out));
            results.push_back(out);
        }
        return results;
    };
    std::vector<std::int64_t> game_two;
    for (int game = 0; game < 3; ++game) {
        shared.start_game();
        game_two = play_game(shared);  // 240 calls in all: without the reset, past the 100th
    }
    sdk::LuaRuntime fresh(program, kSmall);
    CHECK(game_two == play_game(fresh));
    CHECK(std::count(game_two.begin(), game_two.end(), 5) == 80);
}

TEST_CASE("a plugin that faults slowly is stopped by its budget per game, and the rest is cheap", "[security]") {
    // 61's card recurses until the stack overflows. After plugin_faults faults (or the CPU
    // budget) every call faults at once, unrun; start_game gives the budget back.
    const fs::path folder = kPlugins / "61-deep-recursion-count-10000";
    sdk::LuaProgram program;
    program.chunks.push_back({"@" + (folder / "set.lua").string(), read_file(folder / "set.lua")});
    program.functions.push_back({0, "evil", "card 'evil' cherry function"});
    sdk::LuaLimits limits = kSmall;
    limits.plugin_faults = 3;
    // This checks the fault count; the CPU net (tested elsewhere) must not win the race on
    // a slow or loaded machine, where three stack overflows can take more than 25 ms.
    limits.plugin_cpu_ms = 60'000;
    sdk::LuaRuntime runtime(program, limits);
    std::int64_t out = 0;
    for (int i = 0; i < 3; ++i) CHECK_FALSE(runtime.call(1, 1, out));
    CHECK(runtime.usage()[0].faults == 3);
    CHECK_FALSE(runtime.call(1, 1, out));
    CHECK_THAT(runtime.fault_message(), Catch::Contains("has used up its budget for this game: 3 faults (at most 3)"));
    CHECK(runtime.usage()[0].faults == 3);  // an unrun call is not counted again
    runtime.start_game();
    CHECK(runtime.usage()[0].faults == 0);
    CHECK_FALSE(runtime.call(1, 1, out));
    CHECK_THAT(runtime.fault_message(), !Catch::Contains("used up its budget"));
}

TEST_CASE("a Lua file larger than the memory limit is a load error naming it, not a panic", "[security]") {
    sdk::LuaProgram program;
    program.chunks.push_back({"@sets/big/set.lua", "return {}\n--" + std::string(3u << 20, 'x')});
    program.chunks.push_back({"@sets/big/set2.lua", "local s = '" + std::string(2u << 20, 'y') + "' return {}"});
    try {
        sdk::LuaRuntime runtime(program, {.memory_bytes = 1u << 20, .instructions = 10'000});
        FAIL("expected sdk::LoadError");
    } catch (const sdk::LoadError& e) {
        REQUIRE(e.diagnostics().size() == 1);  // the comment costs nothing; the 2 MiB literal does
        CHECK(e.diagnostics()[0].file == "sets/big/set2.lua");
        CHECK(e.diagnostics()[0].message.find("not enough memory") != std::string::npos);
    }
}

TEST_CASE("setmetatable keeps Lua semantics for plugins, on a private copy", "[security]") {
    sdk::LuaProgram program;
    program.chunks.push_back({"@meta.lua", R"(
        local M = {}
        local Point = {}
        Point.__index = Point
        Point.__add = function(a, b) return setmetatable({ x = a.x + b.x }, Point) end
        function Point.value(p) return p.x end
        function M.objects(n)                       -- classes work as usual
          local p = setmetatable({ x = n }, Point) + setmetatable({ x = 1 }, Point)
          assert(getmetatable(p) == Point)          -- getmetatable returns the plugin's table
          return p:value()
        end
        function M.snapshot(n)                      -- a metamethod added later is not seen
          local mt = {}
          local t = setmetatable({}, mt)
          mt.__index = function() return 99 end
          return t.anything == nil and n or -1
        end
        function M.protected(n)                     -- __metatable still protects
          local t = setmetatable({}, { __metatable = "locked" })
          assert(getmetatable(t) == "locked")
          local ok, err = pcall(setmetatable, t, {})
          assert(not ok and err:find("protected metatable"))
          local u = setmetatable({}, {})
          setmetatable(u, nil)
          return getmetatable(u) == nil and n or -1
        end
        return M)"});
    for (const char* name : {"objects", "snapshot", "protected"}) program.functions.push_back({0, name, name});
    sdk::LuaRuntime runtime(program, kSmall);
    std::int64_t out = 0;
    INFO(runtime.fault_message());
    REQUIRE(runtime.call(1, 4, out));
    CHECK(out == 5);
    REQUIRE(runtime.call(2, 7, out));
    CHECK(out == 7);
    REQUIRE(runtime.call(3, 8, out));
    CHECK(out == 8);
}

TEST_CASE("charged library functions stay cheap for ordinary use", "[security]") {
    // The sandbox charges pattern matching, table functions and string.rep by an upper bound of
    // their work; ordinary use on small data must fit many times in the default budget.
    sdk::LuaProgram program;
    program.chunks.push_back({"@ordinary.lua", R"(
        local M = {}
        function M.work(n)
          local total = 0
          for i = 1, 20 do
            local s = ("item %d, item %d; "):format(i, n):rep(3)
            for word in s:gmatch("%a+") do total = total + #word end
            total = total + #s:gsub("%s+", " ") + (s:find("item", 1, true) or 0)
            local t = { 5, 3, 9, 1 }
            table.sort(t)
            table.insert(t, 1, 0)
            total = total + table.remove(t, 1) + #table.concat(t, ",") + select("#", table.unpack(t))
          end
          return total
        end
        return M)"});
    program.functions.push_back({0, "work", "work"});
    sdk::LuaRuntime runtime(program, {.memory_bytes = 8u << 20, .instructions = 100'000});
    std::int64_t out = 0;
    INFO(runtime.fault_message());
    REQUIRE(runtime.call(1, 7, out));
    CHECK(out > 0);
}
