// Several nodes behind stock nginx (issue 43; docs/cluster.md, "Several nodes"): a real
// PostgreSQL, the shipped nginx config (packaging/nginx-cherries-nodes.conf, its ports filled
// in) and three `cherries serve --node` processes, all on loopback. 60 tables, each with two
// WebSocket players and a bot, played through the proxy; the node playing the most tables is
// killed with SIGKILL in the middle of a turn. Every table plays on within 10 s of the kill, no
// finished turn is lost, the lobby lists all 60 throughout, and every record replays (no turn
// stored twice). The only waits are for the processes, the network and a 2 s lease to run out.
#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <thread>

#include "host/store/game_store.hpp"
#include "tests/host/web/serve_process.hpp"
#include "tests/host/web/web_client.hpp"
#include "tests/support/ngircd.hpp"
#include "tests/support/postgresql_server.hpp"
#include "tests/support/required_tool.hpp"
#include "tests/support/run_cli.hpp"

using namespace cherries;
using namespace cherries::test;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kTables = 60;

// Every table plays on within this long of the kill. Under the sanitizers (scripts/test-sanitize)
// every process runs two to three times slower: the bound there is a hang's, not the service's.
#if defined(__SANITIZE_ADDRESS__)
constexpr auto kBackWithin = std::chrono::seconds(30);
#else
constexpr auto kBackWithin = std::chrono::seconds(10);
#endif

// nginx in the foreground with the shipped config: `listen` and the upstream's servers set to
// this test's ports, its files in `dir`. Stopped (SIGQUIT, then SIGKILL) when destroyed.
class Nginx {
public:
    Nginx(const TempFolder& dir, const std::vector<std::uint16_t>& nodes) : port_(free_port()) {
        std::string conf = read_text(std::filesystem::path(CHERRIES_SOURCE_DIR) / "packaging/nginx-cherries-nodes.conf");
        conf = std::regex_replace(conf, std::regex("listen 80;"), "listen 127.0.0.1:" + std::to_string(port_) + ";");
        std::string servers;
        for (const auto port : nodes) servers += "    server 127.0.0.1:" + std::to_string(port) + " max_fails=1 fail_timeout=10s;\n";
        conf = std::regex_replace(conf, std::regex("(    server 127\\.0\\.0\\.1:808[0-9][^\\n]*\\n)+"), servers);
        const std::string prefix = dir.path().string();
        std::filesystem::create_directories(dir.path() / "tmp");
        std::filesystem::permissions(dir.path() / "tmp", std::filesystem::perms::all);
        dir.write("cherries.conf", conf);
        dir.write("nginx.conf", "daemon off;\nworker_processes 1;\npid " + prefix + "/nginx.pid;\nerror_log " + prefix +
                                    "/nginx-error.log warn;\nevents { worker_connections 4096; }\nhttp {\n  access_log off;\n"
                                    "  client_body_temp_path " + prefix + "/tmp/body;\n  proxy_temp_path " + prefix +
                                    "/tmp/proxy;\n  fastcgi_temp_path " + prefix + "/tmp/fastcgi;\n  uwsgi_temp_path " + prefix +
                                    "/tmp/uwsgi;\n  scgi_temp_path " + prefix + "/tmp/scgi;\n  include " + prefix +
                                    "/cherries.conf;\n}\n");
        pid_ = ::fork();
        REQUIRE(pid_ >= 0);
        if (pid_ == 0) {
            const int err = ::open((prefix + "/nginx.out").c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
            ::dup2(err, 1);
            ::dup2(err, 2);
            ::execlp("nginx", "nginx", "-p", prefix.c_str(), "-c", (prefix + "/nginx.conf").c_str(), nullptr);
            ::_exit(127);
        }
        for (int i = 0; i < 200 && !port_accepts(port_); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
        INFO(read_text(dir.path() / "nginx.out"));
        REQUIRE(port_accepts(port_));
    }
    ~Nginx() {
        ::kill(pid_, SIGQUIT);
        int status = 0;
        for (int i = 0; i < 200 && ::waitpid(pid_, &status, WNOHANG) == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, &status, 0);
    }
    std::uint16_t port() const { return port_; }

private:
    static std::string read_text(const std::filesystem::path& file) {
        std::ifstream in(file);
        return std::string(std::istreambuf_iterator<char>(in), {});
    }
    std::uint16_t port_;
    pid_t pid_ = -1;
};

// One table as its two players see it through the proxy.
struct Played {
    std::string id;
    std::optional<WsClient> ann, bob;
    std::map<std::uint32_t, std::string> tokens;  // seat -> token
    std::uint32_t ann_seat = 0;
    json last;  // the last state ann's socket got
};

// Reads ann's states until the table's turn is past `turn` and it is a person's card, giving
// each person's card back to them (both players play); returns that state.
json play_past(Played& t, int turn) {
    json s = t.last;
    for (int i = 0; i < 400; ++i) {
        if (!s.is_null() && !s.at("result").is_null()) break;
        if (!s.is_null() && s.at("turn").get<int>() > turn && s.at("phase") == "awaiting_give" &&
            t.tokens.count(s.at("current").get<std::uint32_t>()))
            break;
        if (!s.is_null() && s.at("phase") == "awaiting_give" && s.at("turn").get<int>() <= turn) {
            const auto seat = s.at("current").get<std::uint32_t>();
            if (t.tokens.count(seat)) {
                WsClient& who = seat == t.ann_seat ? *t.ann : *t.bob;
                who.send(json{{"type", "give"}, {"token", t.tokens.at(seat)}, {"to", seat}, {"turn", s.at("turn")}});
            }
        }
        s = t.ann->receive("state").at("table");
        t.last = s;
    }
    return s;
}

// Both players' sockets again, through the proxy: a node that does not play the table yet
// refuses the handshake (409) until the dead node's lease has run out; bounded (20 s).
void reconnect(Played& t, std::uint16_t proxy) {
    t.ann.reset();
    t.bob.reset();
    const auto until = Clock::now() + std::chrono::seconds(20);
    while (!t.ann && Clock::now() < until) {
        try {
            t.ann.emplace(proxy, t.id);
        } catch (const std::exception&) {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
    }
    REQUIRE(t.ann);
    t.bob.emplace(proxy, t.id);
    std::string bob_token;
    for (const auto& [seat, token] : t.tokens)
        if (seat != t.ann_seat) bob_token = token;
    t.bob->state(bob_token);
    t.last = t.ann->state(t.tokens.at(t.ann_seat));
}

std::set<std::string> listed(std::uint16_t proxy) {
    std::set<std::string> ids;
    for (const json& t : json::parse(http_request(proxy, "GET", "/api/tables").body)) ids.insert(t.at("id").get<std::string>());
    return ids;
}

}  // namespace

TEST_CASE("three serve nodes behind nginx: one killed mid-turn, every one of 60 tables plays on within 10 s, nothing lost or doubled", "[web]") {
    if (!require_tool("nginx", "the cluster test's proxy")) return;
    PostgresqlServer* pg = PostgresqlServer::get();
    if (!pg) return;  // warned (failed under CI=true)
    TempFolder dir;
    const std::string url = pg->fresh_database();
    const auto config = dir.write("node.toml",
                                  "[server]\nlease = 2\n[limits]\ntrusted_proxies = [\"127.0.0.1\"]\ntables_per_minute = 1000\n"
                                  "tables_per_address = 1000\nsockets_per_address = 1000\n");
    std::map<std::string, std::unique_ptr<ServeProcess>> nodes;
    std::vector<std::uint16_t> ports;
    for (const std::string name : {"a", "b", "c"}) {
        nodes[name] = std::make_unique<ServeProcess>(
            std::vector<std::string>{"--config", config.string(), "--database", url, "--node", name}, dir.path() / (name + ".log"));
        ports.push_back(nodes[name]->port());
    }
    Nginx proxy(dir, ports);

    // 60 tables through the proxy, each with ann, bob and a bot, played to turn 3.
    std::vector<Played> tables(kTables);
    // What the nodes and the proxy said, for a failure's message.
    const auto logs = [&] {
        std::string text;
        for (const auto& [name, n] : nodes)
            if (n) text += "--- node " + name + "\n" + n->log();
        std::ifstream err(dir.path() / "nginx-error.log");
        return text + "--- nginx\n" + std::string(std::istreambuf_iterator<char>(err), {});
    };
    for (Played& t : tables) {
        t.id = new_table(proxy.port());
        try {
            t.ann.emplace(proxy.port(), t.id);
        } catch (const std::exception& e) {
            FAIL("table " << t.id << ": " << e.what() << "\n" << logs());
        }
        t.bob.emplace(proxy.port(), t.id);
        for (auto [socket, name] : {std::pair{&*t.ann, "ann"}, std::pair{&*t.bob, "bob"}}) {
            socket->send(json{{"type", "join"}, {"name", name}});
            const json seated = socket->receive("seated");
            t.tokens[seated.at("player").get<std::uint32_t>()] = seated.at("token");
            if (socket == &*t.ann) t.ann_seat = seated.at("player");
        }
        t.ann->send(json{{"type", "add_bot"}, {"token", t.tokens.at(t.ann_seat)}, {"kind", "greedy"}});
        t.ann->send(json{{"type", "start"}, {"token", t.tokens.at(t.ann_seat)}});
        REQUIRE(play_past(t, 3).at("result").is_null());
    }
    std::set<std::string> all;
    for (const Played& t : tables) all.insert(t.id);
    REQUIRE(all.size() == kTables);
    host::GameStore store(url);
    {
        const auto stored = store.in_progress_under("web:");
        INFO("stored in progress: " << stored.size() << "; first: " << (stored.empty() ? "" : stored[0].state));
        const auto got = listed(proxy.port());
        INFO(logs());
        CHECK(got == all);
    }

    // Which node plays which table: the store's leases.
    std::map<std::string, std::vector<Played*>> by_node;
    for (Played& t : tables) by_node[store.lease("web:" + t.id).value().node].push_back(&t);
    INFO("tables per node: a " << by_node["a"].size() << ", b " << by_node["b"].size() << ", c " << by_node["c"].size());
    CHECK(by_node.size() == 3);  // the hash spread them
    std::string victim = "a";
    for (const auto& [name, list] : by_node)
        if (list.size() > by_node[victim].size()) victim = name;

    // Mid-turn: the victim's first table has a give in flight when its node dies.
    Played& inflight = *by_node[victim].front();
    const json before_inflight = inflight.last;
    {
        const auto seat = inflight.last.at("current").get<std::uint32_t>();
        (seat == inflight.ann_seat ? *inflight.ann : *inflight.bob)
            .send(json{{"type", "give"}, {"token", inflight.tokens.at(seat)}, {"to", seat}, {"turn", inflight.last.at("turn")}});
    }
    std::map<std::string, json> before;
    for (const Played& t : tables) before[t.id] = t.last;
    const auto killed = Clock::now();
    CHECK(nodes[victim]->kill(SIGKILL) == -1);

    // Every table plays on: the victim's reconnect through the proxy and are taken up elsewhere.
    std::set<std::string> moved;
    for (Played* t : by_node[victim]) {
        CHECK(listed(proxy.port()) == all);  // the lobby lists all 60 throughout
        reconnect(*t, proxy.port());
        moved.insert(t->id);
        const json& now = t->last;
        if (t == &inflight) {  // the give in flight was stored, or not: never half, never twice
            CHECK(now.at("turn").get<int>() >= before_inflight.at("turn").get<int>());
            CHECK(now.at("turn").get<int>() <= before_inflight.at("turn").get<int>() + 3);  // ann, bob, the bot: one round at most
        }
        else
            CHECK(now == before.at(t->id));  // no finished turn lost
        INFO("table " << t->id);
        const int at = t->last.at("turn").get<int>();
        CHECK(play_past(*t, at).at("turn").get<int>() > at);  // and it plays on
    }
    CHECK(Clock::now() - killed < kBackWithin);
    for (Played& t : tables) {
        if (moved.count(t.id)) continue;
        const int at = t.last.at("turn").get<int>();
        CHECK(play_past(t, at).at("turn").get<int>() > at);
    }
    CHECK(Clock::now() - killed < 2 * kBackWithin);
    CHECK(listed(proxy.port()) == all);

    // Every game ends (both players leave) and its stored record replays: no turn stored twice.
    int replayed = 0;
    for (Played& t : tables) {
        for (const auto& [seat, token] : t.tokens) (seat == t.ann_seat ? *t.ann : *t.bob).send(json{{"type", "leave"}, {"token", token}});
        json s = t.last;
        for (int i = 0; i < 400 && s.at("result").is_null(); ++i) s = t.ann->receive("state").at("table");
        REQUIRE(!s.at("result").is_null());
        const auto game = store.last_game_in("web:" + t.id);
        REQUIRE(game);
        const auto file = dir.write("records/" + t.id + ".jsonl", store.record(game->id));
        const CliRun replay = run_cli("replay '" + file.string() + "'");
        INFO(t.id << ": " << replay.out << replay.err);
        CHECK(replay.status == 0);
        ++replayed;
    }
    CHECK(replayed == kTables);
}
