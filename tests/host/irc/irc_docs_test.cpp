// docs/irc.md's first exchange is replayed here, so the guide shows what the bot really says.
#include "tests/host/irc/irc_channel_support.hpp"

#include <fstream>
#include <sstream>

using namespace irc_test;

TEST_CASE("docs/irc.md: the opening exchange is what a channel game answers") {
    std::ifstream in(std::string(CHERRIES_SOURCE_DIR) + "/docs/irc.md");
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    const std::string page = text.str();
    const std::size_t start = page.find("```text\n<ann> !cherries\n");
    REQUIRE(start != std::string::npos);
    const std::size_t end = page.find("```\n", start + 8);
    std::istringstream block(page.substr(start + 8, end - start - 8));

    Channel c;
    std::vector<std::string> said, expected;
    for (std::string line; std::getline(block, line);) {
        const std::size_t close = line.find("> ");
        REQUIRE((line.starts_with("<") && close != std::string::npos));
        const std::string nick = line.substr(1, close - 1);
        const std::string words = line.substr(close + 2);
        if (nick == "CherryBot") {
            expected.push_back(words);
        } else {
            for (auto& r : c.say(nick, words)) said.push_back(r);
        }
    }
    CHECK(said == expected);
}
