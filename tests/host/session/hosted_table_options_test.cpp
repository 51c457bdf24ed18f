// The hosted table options block (host/session/hosted_table_options.hpp; docs/irc.md and
// docs/web.md, "Configuration"): the same keys, bounds and defaults in irc.toml's [game] and
// serve.toml's [tables], read by one function.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "host/irc/channel_game.hpp"
#include "host/irc/config.hpp"
#include "host/session/hosted_table_options.hpp"
#include "host/web/serve_config.hpp"
#include "sdk/base/diagnostic.hpp"

using namespace cherries;

namespace {

// The block's fields as irc.toml reads them (its [game]).
host::HostedTableOptions from_irc(const std::string& block, std::vector<sdk::Diagnostic>& problems) {
    const auto c = irc::parse_bot_config("[game]\n" + block, "irc.toml", "", problems);
    return c ? host::HostedTableOptions(c->client.game) : host::HostedTableOptions{};
}

// ... and as serve.toml reads them (its [tables]).
host::HostedTableOptions from_web(const std::string& block, std::vector<sdk::Diagnostic>& problems) {
    try {
        return web::parse_serve_config("[tables]\n" + block, "serve.toml", "");
    } catch (const sdk::LoadError& e) {
        problems = e.diagnostics();
        return {};
    }
}

bool same(const host::HostedTableOptions& a, const host::HostedTableOptions& b) {
    return a.turn_timeout == b.turn_timeout && a.max_timeouts == b.max_timeouts && a.max_players == b.max_players &&
           a.bot_takes_over == b.bot_takes_over;
}

}  // namespace

TEST_CASE("a config that says nothing gets the block's defaults on IRC and on the web alike") {
    const host::HostedTableOptions defaults;
    CHECK(defaults.turn_timeout == std::chrono::seconds(90));
    CHECK(defaults.max_timeouts == 3);
    CHECK(defaults.max_players == 10);
    CHECK_FALSE(defaults.bot_takes_over);
    std::vector<sdk::Diagnostic> problems;
    CHECK(same(from_irc("", problems), defaults));
    CHECK(same(from_web("", problems), defaults));
    CHECK(problems.empty());
    // Flags alone (no file) start from the same defaults.
    CHECK(same(irc::BotConfig{}.client.game, defaults));
    CHECK(same(web::ServeConfig{}, defaults));
    // A channel game made without a config (host/irc/channel_game.hpp) has them too.
    CHECK(same(irc::ChannelOptions{}, defaults));
}

TEST_CASE("the block's keys are read the same in irc.toml and serve.toml, within the same bounds") {
    const std::string block = "turn_timeout = 30.5\nmax_timeouts = 0\nmax_players = 6\nbot_takes_over = true\n";
    std::vector<sdk::Diagnostic> irc_problems, web_problems;
    const auto irc_options = from_irc(block, irc_problems);
    const auto web_options = from_web(block, web_problems);
    CHECK(irc_problems.empty());
    CHECK(web_problems.empty());
    CHECK(irc_options.turn_timeout == std::chrono::milliseconds(30500));
    CHECK(irc_options.max_timeouts == 0);  // 0: never (IRC allowed 1 and up before the block)
    CHECK(same(irc_options, web_options));

    for (const std::string bad : {"turn_timeout = 0.01\n", "max_timeouts = 1001\n", "max_players = 1\n", "bot_takes_over = 1\n"}) {
        irc_problems.clear();
        web_problems.clear();
        from_irc(bad, irc_problems);
        from_web(bad, web_problems);
        INFO(bad);
        REQUIRE(irc_problems.size() == 1);
        REQUIRE(web_problems.size() == 1);
        // One wording: only the section differs.
        CHECK(irc_problems[0].message.substr(std::string("[game] ").size()) ==
              web_problems[0].message.substr(std::string("[tables] ").size()));
        CHECK(irc_problems[0].line == web_problems[0].line);
    }
}

TEST_CASE("both configs know the block's keys: a mistyped one gets a \"did you mean\"") {
    std::vector<sdk::Diagnostic> irc_problems, web_problems;
    from_irc("max_timeout = 2\n", irc_problems);
    from_web("max_timeout = 2\n", web_problems);
    REQUIRE(irc_problems.size() == 1);
    REQUIRE(web_problems.size() == 1);
    CHECK(irc_problems[0].message == "[game] unknown key 'max_timeout'; did you mean 'max_timeouts'?");
    CHECK(web_problems[0].message == "[tables] unknown key 'max_timeout'; did you mean 'max_timeouts'?");
}
