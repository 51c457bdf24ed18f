// What the table says when a player asks (`cherries play`): `help` fitted to the situation,
// `help CARD` / `card NAME` on one card, `rules` for the gametype. The session (play.cpp) hands
// each command line here first.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "host/text/card_text.hpp"

namespace cherries::host {

/// One card explained, several lines, each indented by two spaces: its name and symbol, its
/// set and type, how many are in the game, its change or lifetime (GDD §3.3.2.1.1), and its
/// rules text or derived words.
std::string explain_card(const CardText& cards, KindId kind);

/// The gametype's rule and any house rules in force (GDD §3.3.1, §3.6), one line each.
std::string rules_text(const Game& game, const CardText& cards);

/// The commands that fit now, each with what it does: a suspended game (GDD §3.4.2.1) lists how
/// to resume or end it; house rules that forbid joining or leaving in progress (GDD §3.6) are
/// said at those commands. `width`: the terminal's columns (0: 80); two columns from 51 on,
/// else each command over its wrapped description. Ends with how a NAME may be written.
std::string help_text(const Game& game, std::size_t width = 80);

/// Handles `help`, `help CARD`, `card NAME` and `rules` (`words` is the line split on spaces,
/// the command word already resolved from an alias or prefix), writing to `out` fitted to
/// `width` columns; false when the line is none of them.
bool explain_command(const std::vector<std::string>& words, const Game& game, const CardText& cards, std::ostream& out,
                     std::size_t width = 80);

}  // namespace cherries::host
