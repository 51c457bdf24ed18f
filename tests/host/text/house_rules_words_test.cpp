// House rules in words (host/text/card_text.hpp, house_rules_words): the sentence every front end
// shows for a gametype's house rules (GDD §3.6: whether players may join and leave during the
// game, §3.4.2.1: only at the end of a turn). Each of the four combinations says what it allows
// and what it forbids, and no two say the same.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "host/text/card_text.hpp"

using namespace cherries;
using namespace cherries::host;

namespace {

std::string words(bool join, bool leave) {
    HouseRules rules;
    rules.join_in_progress = join;
    rules.leave_in_progress = leave;
    return house_rules_words(rules);
}

bool says(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("house rules in words: join and leave each allowed or forbidden, said as such (GDD §3.6, §3.4.2.1)",
          "[host][text]") {
    const std::string both = words(true, true);
    CHECK(both == "Players may join and leave during the game (at the end of a turn).");

    const std::string join_only = words(true, false);
    CHECK(says(join_only, "may join during the game (at the end of a turn)"));
    CHECK(says(join_only, "nobody leaves"));
    CHECK(says(join_only, "a stand-in bot holds it"));  // where a person who goes away stays seated

    const std::string leave_only = words(false, true);
    CHECK(says(leave_only, "Nobody joins once the game has started"));
    CHECK(says(leave_only, "may leave (at the end of a turn)"));
    CHECK_FALSE(says(leave_only, "stand-in"));

    const std::string closed = words(false, false);  // the Closed Table gametype's rules
    CHECK(says(closed, "Nobody joins once the game has started"));
    CHECK(says(closed, "Nobody leaves either"));
    CHECK(says(closed, "a stand-in bot holds it and plays it until they are back"));

    CHECK(std::set<std::string>{both, join_only, leave_only, closed}.size() == 4);
    for (const std::string& s : {both, join_only, leave_only, closed}) {
        INFO(s);
        CHECK(s.back() == '.');  // a whole sentence, shown as is in the lobby, the table and !rules
    }
}
