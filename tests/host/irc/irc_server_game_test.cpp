// CherryBot against a real IRC server: ngircd on 127.0.0.1 and the real `cherries irc` binary,
// with players on plain sockets (issue 10, item 5). A game to a win, refusals, two channels at
// once, and the server killed and started again on the same port. [net]
#include <algorithm>
#include <regex>

#include "tests/host/irc/irc_server_support.hpp"
#include "tests/support/run_cli.hpp"

using namespace irc_server_test;

TEST_CASE("A 3-seat game to a win over a real server: 2 players and 1 bot seat; refusals get one reply; "
          "SIGTERM sends QUIT and exits 0", "[net]") {
    TempFolder folder;
    write_quick_gametype(folder);
    Ngircd server;
    IrcTestClient ann(server.port(), "ann"), bob(server.port(), "bob");
    ann.join("#cherries");
    bob.join("#cherries");
    auto bot = start_bot(folder, server, ann, {"#cherries"}, test_tables());

    const std::string said = "PRIVMSG #cherries :";
    ann.say("#cherries", "!cherries");
    REQUIRE(ann.wait_for(said + "ann opens a game of Cherries: Quick"));
    // A command from someone not seated, before the game starts.
    bob.say("#cherries", "!start");
    REQUIRE(bob.wait_for(said + "bob, only a seated player can !start; !join first."));
    bob.say("#cherries", "!join");
    REQUIRE(ann.wait_for(said + "bob joins"));
    ann.say("#cherries", "!bot");
    REQUIRE(ann.wait_for(said + "greedy-3 joins"));
    ann.say("#cherries", "!start");
    REQUIRE(ann.wait_for(said + "The game starts. Turn order: ann, bob, greedy-3. First to 2 wins."));
    // Turn 1 is ann's (the first player): bob out of turn, and ann giving to nobody known.
    REQUIRE(ann.wait_for(said + "Turn 1: ann drew .*ann: !keep or !give NICK"));
    bob.say("#cherries", "!keep");
    REQUIRE(ann.wait_for(said + "It is ann's turn, not bob's."));
    ann.say("#cherries", "!give zed");
    REQUIRE(ann.wait_for(said + "Nobody called 'zed' plays here"));
    ann.say("#cherries", "!frobnicate");
    REQUIRE(ann.wait_for(said + "Unknown command !frobnicate"));
    ann.say("#cherries", "!keep");

    std::map<std::string, IrcTestClient*> players{{"ann", &ann}, {"bob", &bob}};
    REQUIRE(play_to_end(ann, players, "#cherries"));
    CHECK(ann.last().find("reaches the winning score and wins!") != std::string::npos);
    REQUIRE(ann.wait_for(said + "Final scores: "));

    CHECK(bot->terminate() == 0);
    CHECK(ann.wait_for(":CherryBot!\\S+ QUIT :.*CherryBot stops"));
    CHECK(bot->log().find("stopping on SIGTERM") != std::string::npos);
}

TEST_CASE("Two channels play at once, each its own game, side by side on the channel workers; both stored", "[net]") {
    TempFolder folder;
    write_quick_gametype(folder);
    Ngircd server;
    IrcTestClient ann(server.port(), "ann"), bob(server.port(), "bob"), cid(server.port(), "cid"), dee(server.port(), "dee");
    for (auto* c : {&ann, &bob}) c->join("#one");
    for (auto* c : {&cid, &dee}) c->join("#two");
    ann.join("#two");  // the witness of both JOINs
    // With a database: both channels' work, on two workers, writes to the one store.
    auto bot = start_bot(folder, server, ann, {"#one", "#two"}, "database = \"games.sqlite\"\n" + test_tables());

    ann.say("#one", "!cherries");
    cid.say("#two", "!cherries");
    REQUIRE(ann.wait_for("PRIVMSG #one :ann opens a game"));
    REQUIRE(cid.wait_for("PRIVMSG #two :cid opens a game"));
    bob.say("#one", "!join");
    dee.say("#two", "!join");
    REQUIRE(bob.wait_for("PRIVMSG #one :bob joins"));
    REQUIRE(dee.wait_for("PRIVMSG #two :dee joins"));
    // Neither game sees the other's players.
    ann.say("#one", "!start");
    cid.say("#two", "!start");
    REQUIRE(bob.wait_for("PRIVMSG #one :The game starts. Turn order: ann, bob\\."));
    REQUIRE(dee.wait_for("PRIVMSG #two :The game starts. Turn order: cid, dee\\."));
    // Both to the end, turns interleaved: each channel's watcher answers for its own players.
    const auto until = std::chrono::steady_clock::now() + 90s;
    bool one = false, two = false;
    std::map<std::string, IrcTestClient*> p1{{"ann", &ann}, {"bob", &bob}}, p2{{"cid", &cid}, {"dee", &dee}};
    while (!(one && two) && std::chrono::steady_clock::now() < until) {
        if (!one && bob.wait_for("PRIVMSG #one :(.*!keep or !give NICK|.*wins!)", 200ms)) {
            if (bob.last().find("wins!") != std::string::npos) one = true;
            else if (auto it = p1.find(to_play(bob.last())); it != p1.end()) it->second->say("#one", "!keep");
        }
        if (!two && dee.wait_for("PRIVMSG #two :(.*!keep or !give NICK|.*wins!)", 200ms)) {
            if (dee.last().find("wins!") != std::string::npos) two = true;
            else if (auto it = p2.find(to_play(dee.last())); it != p2.end()) it->second->say("#two", "!keep");
        }
    }
    CHECK(one);
    CHECK(two);
    // No line of one game reached the other channel.
    for (const auto& line : dee.lines())
        if (line.find("PRIVMSG #two :") != std::string::npos) CHECK(line.find("ann") == std::string::npos);
    // The games ran on the channel workers (docs/irc.md, "Channel work, off the connection
    // thread"), and every write to the shared store went through.
    CHECK(bot->log().find("channel games run on") != std::string::npos);
    for (auto* c : {&bob, &dee})
        for (const auto& line : c->lines()) CHECK(line.find("cannot be stored") == std::string::npos);
    CHECK(bot->terminate() == 0);
    const std::string db = (folder.path() / "games.sqlite").string();
    const CliRun listed = run_cli("irc list --database '" + db + "'");
    INFO(listed.out << listed.err);
    CHECK(listed.status == 0);
    CHECK(std::regex_search(listed.out, std::regex("\t#one\tann, bob\t[^\n]*\twon\t")));
    CHECK(std::regex_search(listed.out, std::regex("\t#two\tcid, dee\t[^\n]*\twon\t")));
}

TEST_CASE("The server killed and started again on the same port: the bot reconnects, rejoins, the game goes on",
          "[net]") {
    TempFolder folder;
    write_quick_gametype(folder);
    Ngircd server;
    auto ann = std::make_unique<IrcTestClient>(server.port(), "ann");
    auto bob = std::make_unique<IrcTestClient>(server.port(), "bob");
    ann->join("#cherries");
    bob->join("#cherries");
    auto bot = start_bot(folder, server, *ann, {"#cherries"}, test_tables());
    ann->say("#cherries", "!cherries");
    REQUIRE(ann->wait_for("ann opens a game"));
    bob->say("#cherries", "!join");
    REQUIRE(ann->wait_for("bob joins"));
    ann->say("#cherries", "!start");
    REQUIRE(ann->wait_for("Turn 1: ann drew"));

    server.kill();
    ann.reset();
    bob.reset();
    REQUIRE(bot->wait_log("lost the server"));
    server.start();
    ann = std::make_unique<IrcTestClient>(server.port(), "ann");
    bob = std::make_unique<IrcTestClient>(server.port(), "bob");
    ann->join("#cherries");
    bob->join("#cherries");
    // Reconnecting waits at most reconnect_max (0.4 s) between tries, so who is back in #cherries
    // first is a race a loaded machine can lose either way: ann sees the bot join and say it is
    // back, or the bot was there before her (its nick in her NAMES reply) and said it to nobody.
    const std::regex bot_in_names(" 353 ann . #cherries :.*CherryBot");
    const bool bot_first = std::any_of(ann->lines().begin(), ann->lines().end(),
                                       [&](const std::string& line) { return std::regex_search(line, bot_in_names); });
    if (!bot_first) REQUIRE(ann->wait_for(":CherryBot!\\S+ JOIN :?#cherries", 20s));
    CHECK(bot->wait_log("registered as CherryBot"));
    CHECK(bot->wait_log("joined #cherries; its game goes on"));
    if (!bot_first) {
        // Back in the channel: the table and ann's prompt again; her clock starts from this line.
        REQUIRE(ann->wait_for("PRIVMSG #cherries :CherryBot is back\\.", 10s));
        REQUIRE(ann->wait_for("PRIVMSG #cherries :Turn 1: ann drew .*ann: !keep or !give NICK", 10s));
    }
    // The game in memory is the same: still ann's first turn.
    ann->say("#cherries", "!status");
    REQUIRE(ann->wait_for("PRIVMSG #cherries :.*ann", 10s));
    ann->say("#cherries", "!keep");
    REQUIRE(ann->wait_for("PRIVMSG #cherries :ann kept|PRIVMSG #cherries :Turn 1: ann drew .* and kept", 10s));
    std::map<std::string, IrcTestClient*> players{{"ann", ann.get()}, {"bob", bob.get()}};
    CHECK(play_to_end(*ann, players, "#cherries"));
    CHECK(bot->terminate() == 0);
}

TEST_CASE("TLS: the bot registers over ngircd's TLS port; with tls_verify a self-signed certificate is refused",
          "[net]") {
    TempFolder folder;
    write_quick_gametype(folder);
    Ngircd server({.tls = true});
    IrcTestClient ann(server.port(), "ann");
    ann.join("#cherries");
    const std::string tls_server = "[server]\nhost = \"127.0.0.1\"\nport = " + std::to_string(server.tls_port()) +
                                   "\ntls = true\n";
    {
        BotProcess bot(folder, tls_server + "tls_verify = false\n\n[bot]\nchannels = [\"#cherries\"]\n", "tls");
        REQUIRE(ann.wait_for(":CherryBot!\\S+ JOIN :?#cherries", 15s));
        ann.say("#cherries", "!cherries");
        CHECK(ann.wait_for("PRIVMSG #cherries :ann opens a game"));
        CHECK(bot.log().find("connecting to 127.0.0.1:" + std::to_string(server.tls_port()) + " (TLS)") != std::string::npos);
        CHECK(bot.terminate() == 0);
    }
    BotProcess checked(folder, tls_server + "\n[bot]\nchannels = [\"#cherries\"]\n", "tls-verify");
    CHECK(checked.wait_log("TLS handshake failed: certificate verify failed", 15s));
    CHECK(checked.terminate() == 0);
}
