// The connection of the real `cherries irc` binary against a scripted server on 127.0.0.1: what
// no real server sends (lines over 8 KB, NUL bytes, a server that hangs up) is read safely, and
// a lost server is dialled again. [net]
#include <catch2/catch.hpp>

#include <poll.h>

#include <regex>

#include "tests/sdk/temp_plugin.hpp"
#include "tests/support/bot_process.hpp"
#include "tests/support/ngircd.hpp"

using namespace cherries::test;
using namespace std::chrono_literals;

namespace {

// A listening socket that accepts one client at a time and speaks raw lines.
class ScriptedServer {
public:
    ScriptedServer() {
        listener_ = ::socket(AF_INET, SOCK_STREAM, 0);
        const int yes = 1;
        ::setsockopt(listener_, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t len = sizeof a;
        REQUIRE(::bind(listener_, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
        REQUIRE(::listen(listener_, 4) == 0);
        ::getsockname(listener_, reinterpret_cast<sockaddr*>(&a), &len);
        port_ = ntohs(a.sin_port);
    }
    ~ScriptedServer() {
        hang_up();
        ::close(listener_);
    }
    unsigned short port() const { return port_; }

    bool accept(std::chrono::milliseconds timeout = 10s) {
        pollfd p{listener_, POLLIN, 0};
        if (::poll(&p, 1, static_cast<int>(timeout.count())) != 1) return false;
        client_ = ::accept(listener_, nullptr, nullptr);
        pending_.clear();
        return client_ >= 0;
    }
    void send(const std::string& bytes) { (void)!::send(client_, bytes.data(), bytes.size(), MSG_NOSIGNAL); }
    void hang_up() {
        if (client_ >= 0) ::close(client_);
        client_ = -1;
    }
    // The next line from the bot that starts with `prefix`, within `timeout` ("" if none).
    std::string expect(const std::string& prefix, std::chrono::milliseconds timeout = 10s) {
        const auto until = std::chrono::steady_clock::now() + timeout;
        while (std::chrono::steady_clock::now() < until) {
            for (std::size_t eol; (eol = pending_.find("\r\n")) != std::string::npos;) {
                std::string line = pending_.substr(0, eol);
                pending_.erase(0, eol + 2);
                if (line.rfind(prefix, 0) == 0) return line;
            }
            pollfd p{client_, POLLIN, 0};
            if (::poll(&p, 1, 100) != 1) continue;
            char buffer[4096];
            const ssize_t n = ::recv(client_, buffer, sizeof buffer, 0);
            if (n <= 0) return "";
            pending_.append(buffer, static_cast<std::size_t>(n));
        }
        return "";
    }
    // Takes the bot through registration into #cherries.
    void welcome() {
        REQUIRE(expect("USER ") != "");
        send(":srv 001 CherryBot :Welcome\r\n");
        REQUIRE(expect("JOIN #cherries") != "");
        send(":CherryBot!bot@127.0.0.1 JOIN #cherries\r\n:srv 366 CherryBot #cherries :End\r\n");
    }

private:
    int listener_ = -1, client_ = -1;
    unsigned short port_ = 0;
    std::string pending_;
};

}  // namespace

TEST_CASE("Hostile bytes from the server: an overlong line is dropped and counted, NUL and invalid UTF-8 are "
          "refused, CTCP is not answered, and the bot reads on", "[net]") {
    TempFolder folder;
    ScriptedServer server;
    BotProcess bot(folder, bot_config(server.port(), {"#cherries"}));
    REQUIRE(server.accept());
    server.welcome();
    // 100 KB without a line end, then its end: one dropped line, never a crash.
    server.send(std::string(100'000, 'x'));
    server.send("\r\n");
    server.send(std::string(":ann!a@h PRIVMSG #cherries :!he\0lp\r\n", 36));
    server.send(":ann!a@h PRIVMSG #cherries :\xff\xfe!status \xc3\r\n");
    server.send(":ann!a@h PRIVMSG CherryBot :\x01VERSION\x01\r\n");
    server.send(":ann!a@h NOTICE #cherries :!help\r\n");
    server.send("PING :still-there\r\n");
    CHECK(server.expect("PONG") == "PONG still-there");
    // A normal command still gets its answer.
    server.send(":ann!a@h PRIVMSG #cherries :!help\r\n");
    const std::string help = server.expect("PRIVMSG #cherries :");
    CHECK(help.find("!cherries") != std::string::npos);
    CHECK(server.expect("NOTICE", 500ms).empty());
    CHECK(server.expect("PRIVMSG ann", 500ms).empty());  // CTCP VERSION: no answer
    CHECK(bot.terminate() == 0);
    CHECK(server.expect("QUIT") == "QUIT :CherryBot stops");
    CHECK(bot.log().find("dropped a line longer than") != std::string::npos);
    CHECK(bot.log().find("1 overlong and") != std::string::npos);
}

TEST_CASE("A server that hangs up is dialled again, with backoff, and the bot registers and rejoins", "[net]") {
    TempFolder folder;
    ScriptedServer server;
    BotProcess bot(folder, bot_config(server.port(), {"#cherries"}));
    REQUIRE(server.accept());
    server.welcome();
    server.hang_up();
    REQUIRE(bot.wait_log("lost the server \\(the server closed the connection\\); reconnecting in"));
    REQUIRE(server.accept());
    CHECK(server.expect("NICK CherryBot") == "NICK CherryBot");
    server.welcome();
    // Twice in a row without registering: the wait doubles (0.2 s, then 0.4 s, jittered by 0.5-1).
    server.hang_up();
    REQUIRE(server.accept());
    server.hang_up();
    REQUIRE(server.accept());
    CHECK(server.expect("NICK CherryBot") == "NICK CherryBot");
    const std::string log = bot.log();
    CHECK(log.find("connecting to 127.0.0.1:" + std::to_string(server.port())) != std::string::npos);
    // The waits (bot_config: reconnect_delay 0.2 s, reconnect_max 0.4 s): 0.2 s after a
    // registered connection (twice), 0.4 s after one that never registered, each times a
    // factor in [0.5, 1].
    std::vector<double> waits;
    const std::regex re(R"(reconnecting in ([0-9.]+) s)");
    for (auto it = std::sregex_iterator(log.begin(), log.end(), re); it != std::sregex_iterator(); ++it)
        waits.push_back(std::stod((*it)[1].str()));
    REQUIRE(waits.size() == 3);
    CHECK(waits[0] >= 0.1);
    CHECK(waits[0] <= 0.2);
    CHECK(waits[1] <= 0.2);
    CHECK(waits[2] >= 0.2);
    CHECK(waits[2] <= 0.4);
    CHECK(bot.terminate() == 0);
}

TEST_CASE("A silent server gets a PING after ping_timeout, and is left and dialled again after twice that", "[net]") {
    TempFolder folder;
    ScriptedServer server;
    BotProcess bot(folder, bot_config(server.port(), {"#cherries"}, "", "ping_timeout = 0.5\n"));
    REQUIRE(server.accept());
    server.welcome();
    CHECK(server.expect("PING", 10s) == "PING :cherries");
    // No answer: the link is dead after 1 s of silence.
    REQUIRE(server.accept(15s));
    CHECK(bot.log().find("no reply from the server for 1 s") != std::string::npos);
    CHECK(bot.terminate() == 0);
}
