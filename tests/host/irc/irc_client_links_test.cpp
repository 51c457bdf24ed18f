// "Your turn at the web's tables, told on IRC" (docs/irc.md; issue 42 item 3), CherryBot's half,
// sans-IO: a services account links itself to a claimed web name with `!link CODE` in a private
// message, refused in words without an account, with a wrong or spent code; the messages
// `cherries serve` left in the shared store for that account are said to the nick logged in to
// it by PRIVMSG at the next look (every 5 s of the stepped clock), and only once. There is no
// GDD section for notices.
#include <catch2/catch.hpp>

#include "host/irc/client.hpp"
#include "host/store/game_store.hpp"
#include "host/store/irc_link_code.hpp"
#include "tests/host/irc/irc_channel_support.hpp"
#include "tests/host/irc/irc_client_support.hpp"
#include "tests/sdk/temp_plugin.hpp"

using namespace cherries;
using namespace cherries::irc;
using namespace std::chrono_literals;

namespace {

bool has(const std::vector<std::string>& lines, const std::string& text) {
    for (const auto& l : lines)
        if (l.find(text) != std::string::npos) return true;
    return false;
}

}  // namespace

TEST_CASE("!link CODE links a services account to a claimed web name; serve's messages for it are said to its nick once", "[irc][links]") {
    test::TempFolder tmp;
    const std::string db = (tmp.path() / "shared.db").string();
    auto clock = std::make_shared<host::ManualClock>();
    {  // the web's half: ann claimed her name and asked for a code (cherries serve, same database)
        host::GameStore web(db);
        REQUIRE(web.claim_name({.skeleton = "ann", .name = "ann", .key_hash = std::string(64, 'a'), .claimed = 1}));
        web.add_irc_link_code(host::irc_link_code_hash("abcde-fghjk"), "ann", clock->unix_seconds() + 600);
    }
    ClientOptions o;
    o.channels = {"#cherries"};
    o.database = db;
    o.game.clock = clock;
    GameClock::time_point now{};
    Client client(o, irc_test::library(), now);
    irc_test::register_and_join(client, now, {"#cherries"}, "ann bob");
    const auto feed = [&](const std::string& line) { return irc_test::feed(client, line, now); };

    // Without an account: refused in words.
    CHECK(has(feed(":bob!b@h PRIVMSG CherryBot :!link abcde-fghjk"), "NOTICE bob :!link needs your services account"));
    // A wrong code.
    CHECK(has(feed("@account=AnnAcct :ann!a@h PRIVMSG CherryBot :!link zzzzz-zzzzz"), "NOTICE ann :No such code, or it expired"));
    // Hers, as she may type it.
    CHECK(has(feed("@account=AnnAcct :ann!a@h PRIVMSG CherryBot :!link ABCDE FGHJK"),
              "NOTICE ann :Linked: ann's turns at the web's tables are told here, to account AnnAcct."));
    now += 2s;
    CHECK(has(feed("@account=Mallory :bob!b@h PRIVMSG CherryBot :!link abcde-fghjk"), "No such code"));  // spent
    CHECK(client.store()->irc_account("ann") == "AnnAcct");

    // serve leaves a message for the account; the next look says it to her nick, once.
    client.store()->add_irc_message("AnnAcct", "Cherries, ann: Table t1 waits for your card, turn 4. (/t/t1 on the web)",
                                    clock->unix_seconds());
    now += 10s;
    client.tick(now);
    const auto said = client.outgoing(now);
    CHECK(has(said, "PRIVMSG ann :Cherries, ann: Table t1 waits for your card, turn 4."));
    now += 10s;
    client.tick(now);
    CHECK_FALSE(has(client.outgoing(now), "PRIVMSG ann"));
    // A message for an account nobody here is logged in to stays for later.
    client.store()->add_irc_message("Elsewhere", "later", clock->unix_seconds());
    now += 10s;
    client.tick(now);
    CHECK_FALSE(has(client.outgoing(now), "later"));
    CHECK(client.store()->take_irc_messages([](const std::string&) { return true; }, 0).size() == 1);

    // !unlink undoes it.
    CHECK(has(feed("@account=AnnAcct :ann!a@h PRIVMSG CherryBot :!unlink"), "NOTICE ann :Unlinked"));
    CHECK_FALSE(client.store()->irc_account("ann"));
}
