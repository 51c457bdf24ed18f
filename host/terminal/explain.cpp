#include "host/terminal/explain.hpp"

#include "host/text/card_lookup.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>

#include "host/session/seats.hpp"
#include "host/base/printable.hpp"
#include "host/base/wrap.hpp"

namespace cherries::host {

namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

std::string joined(const std::vector<std::string>& words, std::size_t from) {
    if (from >= words.size()) return "";
    return fmt::format("{}", fmt::join(words.begin() + static_cast<std::ptrdiff_t>(from), words.end(), " "));
}

}  // namespace

std::string explain_card(const CardText& cards, KindId kind_id) {
    const Catalog& catalog = cards.catalog();
    const CardKind& kind = catalog.kinds()[kind_id];
    const sdk::CardDescription& d = cards.description(kind_id);
    std::string out = fmt::format("  {}: {} card of the {}, {} in the game\n", cards.kind_name(kind_id), to_string(kind.type),
                                  catalog.sets()[kind.set].name, kind.count);
    switch (kind.type) {
        case CardType::cherry:
            out += fmt::format("  {}: runs through the receiver's modifier card stack, then is added to their cherries "
                               "(never below 0)\n", d.effect);
            break;
        case CardType::score:
            out += fmt::format("  {}: runs through the receiver's modifier card stack, then is added to their score "
                               "(never below 0)\n", d.effect);
            break;
        case CardType::modifier:
            out += fmt::format("  goes on top of the receiver's modifier card stack {} (one more if kept), and works on "
                               "every change they get meanwhile\n", d.lifetime);
            out += "  " + d.effect + "\n";
            break;
    }
    if (kind.type != CardType::modifier && !kind.text.empty()) out += "  " + kind.text + "\n";
    return out;
}

std::string rules_text(const Game& game, const CardText& cards) {
    std::string out = "  rules: " + cards.gametype_rule() + "\n";
    const HouseRules& h = game.gametype().house_rules;
    if (!h.join_in_progress || !h.leave_in_progress)
        out += fmt::format("  house rules of {}: nobody {} once the first turn has started\n", game.gametype().name,
                           !h.join_in_progress && !h.leave_in_progress ? "joins or leaves"
                           : !h.join_in_progress                      ? "joins"
                                                                      : "leaves");
    return out;
}

std::string help_text(const Game& game, std::size_t width) {
    if (width == 0) width = 80;
    const HouseRules& h = game.gametype().house_rules;
    const bool started = game.in_progress();
    const std::string join = started && !h.join_in_progress ? "not in this game: the house rules let nobody join now"
                                                            : "NAME joins after this turn (join bot:KIND or bot:KIND=NAME seats a bot)";
    const std::string leave = started && !h.leave_in_progress ? "not in this game: the house rules let nobody leave now"
                                                              : "NAME leaves after this turn";
    std::string out;
    std::vector<std::pair<std::string, std::string>> entries;
    if (game.phase() == Phase::suspended) {
        out += wrap_line(fmt::format("  The game is suspended: only {} is left.", player_list(game)), width, 2);
        entries = {{"join NAME", "NAME joins and the game resumes (join bot:KIND seats a bot)"},
                   {"leave NAME", "the last player leaves and the game ends"}};
    } else {
        entries = {{"keep (k)", "keep the card (give it to yourself)"},
                   {"give NAME", "give the card to NAME"},
                   {"join NAME", join},
                   {"leave NAME", leave},
                   {"cancel join NAME", "take back a join not yet applied"},
                   {"cancel leave NAME", "take back a leave not yet applied"}};
    }
    entries.insert(entries.end(), {{"status", "the table, the deck, the drawn card, the rules and what is pending"},
                                   {"rules", "the gametype's rule and house rules"},
                                   {"card NAME", "what a card does (also help NAME)"},
                                   {"help (?)", "this list"},
                                   {"quit (q)", "stop the game (with --save FILE it can go on: cherries play --resume FILE)"}});
    constexpr std::size_t kColumn = 21;  // "  cancel leave NAME  "
    const bool columns = width >= kColumn + 30;
    for (const auto& [command, what] : entries) {
        if (columns)
            out += wrap_line(fmt::format("  {:<{}}{}", command, kColumn - 2, what), width, kColumn);
        else
            out += "  " + command + "\n" + wrap_line("      " + what, width, 6);
    }
    out += wrap_line("  NAME may be a player's name in any case, the start of one that fits only one player, or a seat "
                     "number (1 = first in turn order).",
                     width, 2);
    return out;
}

bool explain_command(const std::vector<std::string>& words, const Game& game, const CardText& cards, std::ostream& out,
                     std::size_t width) {
    if (words.empty()) return false;
    const std::string& command = words[0];
    if (command == "rules" && words.size() == 1) {
        out << rules_text(game, cards);
        return true;
    }
    if (command == "help" && words.size() == 1) {
        out << help_text(game, width);
        return true;
    }
    if (command != "card" && command != "help") return false;
    if (words.size() == 1) {
        out << "  expected card NAME, a card's name or id, e.g. card " << lower(cards.catalog().kinds().front().name) << '\n';
        return true;
    }
    const CardLookup found = find_card(cards.catalog(), joined(words, 1));
    if (found.card) {
        out << explain_card(cards, *found.card);
        return true;
    }
    std::vector<std::string> candidates;
    for (const KindId k : found.candidates)
        if (candidates.size() < 5) candidates.push_back(cards.catalog().kinds()[k].name);
    const std::string list = fmt::format("{}", fmt::join(candidates, ", "));
    out << fmt::format("  no card '{}' in this game{}\n", printable(joined(words, 1)),
                       list.empty() ? "" : "; did you mean " + list + "?");
    return true;
}

}  // namespace cherries::host
