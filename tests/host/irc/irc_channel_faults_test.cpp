// A faulting plugin in a channel game: handled by the engine as in play (GDD §3.5: the card is
// removed and the player draws again), told in the channel, and never thrown out of the game.
#include "tests/host/irc/irc_channel_support.hpp"

#include "tests/sdk/temp_plugin.hpp"
#include "engine/game.hpp"
#include "host/irc/turn_text.hpp"

using namespace irc_test;

TEST_CASE("A card whose function fails is removed from the game (GDD §3.5) and the game goes on") {
    cherries::test::TempFolder folder;
    folder.write("sets/boom/set.toml", cherries::test::set_header("boom") +
                                           "[[card]]\nid = \"cherry\"\nname = \"Cherry\"\ntype = \"cherry\"\nchange = 1\ncount = 8\n\n"
                                           "[[card]]\nid = \"boom\"\nname = \"Boom\"\ntype = \"modifier\"\nlifetime = 2\n"
                                           "cherry = \"boom\"\nscore = \"boom\"\ncount = 4\n");
    folder.write("sets/boom/set.lua", "local M = {}\nfunction M.boom(last) error('kaboom') end\nreturn M\n");
    GameLibrary lib({folder.path()});
    REQUIRE(lib.has("set", "boom"));
    ChannelGame game("#cherries", lib, {.seed = [] { return std::uint64_t{7}; }});
    GameClock::time_point now{};
    Replies log;
    auto say = [&](const std::string& nick, const std::string& text) {
        Replies r;
        REQUIRE_NOTHROW(r = game.on_text(nick, text, now));
        log.insert(log.end(), r.begin(), r.end());
        return r;
    };
    CHECK(has(say("ann", "!cherries official boom"), "opens a game"));
    say("bob", "!join");
    say("ann", "!start");
    for (int i = 0; i < 40 && game.open(); ++i) say(game.to_play(), "!keep");
    CHECK(has(log, "faulted (kaboom) and is removed from the game (GDD 3.5)"));
    CHECK_FALSE(has(log, folder.path().string()));  // no server paths in the channel
    CHECK(has(log, " drew again: "));  // GDD §3.5: a card that faulted is replaced by a new draw
    REQUIRE(game.game());
    CHECK_FALSE(game.game()->removed().empty());
}

TEST_CASE("public_fault keeps the plugin's words and drops paths") {
    CHECK(cherries::host::public_fault("card 'boom' score function: /srv/sets/boom/set.lua:2: kaboom") == "kaboom");
    CHECK(cherries::host::public_fault("nan") == "nan");
    // A colour code from a plugin reaches the channel as text, never as a code.
    CHECK(cherries::host::public_fault("x: \x03" "4red") == "\\x034red");
}

TEST_CASE("A set that does not load: !cherries says so without the server's paths") {
    cherries::test::TempFolder folder;
    folder.write("sets/broken/set.toml", cherries::test::set_header("broken") + "[[card]]\nid = \"x\"\n");
    GameLibrary lib({folder.path()});
    ChannelGame game("#cherries", lib);
    const Replies r = game.on_text("ann", "!cherries official broken", GameClock::time_point{});
    CHECK(r == Replies{"Cannot open a game: the plugins of that game do not load (the operator can see why)."});
    CHECK_FALSE(game.open());
    CHECK(game.load_error().find("broken") != std::string::npos);  // the operator's detail
}

TEST_CASE("A set whose message handler never returns, at load or in a card: refused or removed, and the other channel plays on") {
    // issue 24: xpcall with a looping handler ran past every budget and stopped every channel.
    const std::string handler_loop = "xpcall(function() error('a') end, function(m) while true do end end)\n";
    cherries::test::TempFolder folder;
    folder.write("sets/hang/set.toml", cherries::test::set_header("hang") +
                                           "[[card]]\nid = \"cherry\"\nname = \"Cherry\"\ntype = \"cherry\"\nchange = 1\ncount = 8\n");
    folder.write("sets/hang/set.lua", handler_loop + "return {}\n");
    folder.write("sets/trap/set.toml", cherries::test::set_header("trap") +
                                           "[[card]]\nid = \"cherry\"\nname = \"Cherry\"\ntype = \"cherry\"\nchange = 1\ncount = 8\n\n"
                                           "[[card]]\nid = \"trap\"\nname = \"Trap\"\ntype = \"modifier\"\nlifetime = 2\n"
                                           "cherry = \"trap\"\nscore = \"trap\"\ncount = 4\n");
    folder.write("sets/trap/set.lua", "local M = {}\nfunction M.trap(last)\n  " + handler_loop + "  return last\nend\nreturn M\n");
    GameLibrary lib({folder.path()});
    ChannelGame hang("#hang", lib), trap("#trap", lib, {.seed = [] { return std::uint64_t{7}; }}), other("#other", lib);
    GameClock::time_point now{};
    const auto start = std::chrono::steady_clock::now();
    CHECK(hang.on_text("ann", "!cherries official hang", now) ==
          Replies{"Cannot open a game: the plugins of that game do not load (the operator can see why)."});
    CHECK(hang.load_error().find("instruction budget exceeded") != std::string::npos);
    Replies log;
    auto say = [&](ChannelGame& game, const std::string& nick, const std::string& text) {
        Replies r;
        REQUIRE_NOTHROW(r = game.on_text(nick, text, now));
        log.insert(log.end(), r.begin(), r.end());
    };
    say(trap, "ann", "!cherries official trap");
    say(trap, "bob", "!join");
    say(trap, "ann", "!start");
    for (int i = 0; i < 40 && trap.open(); ++i) say(trap, trap.to_play(), "!keep");
    CHECK(has(log, "faulted (instruction budget exceeded) and is removed from the game (GDD 3.5)"));
    CHECK(has(other.on_text("cy", "!cherries", now), "opens a game"));
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
}
