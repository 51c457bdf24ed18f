#include "host/irc/channel_commands.hpp"

#include <algorithm>
#include <utility>

#include "host/irc/text.hpp"

namespace cherries::irc {

namespace {

const std::vector<std::pair<std::string, std::string>>& help_table() {
    static const std::vector<std::pair<std::string, std::string>> table = {
        {"cherries", "!cherries [GAMETYPE] [SET...]: open a game here and take the first seat"},
        {"rematch", "!rematch: after a game, the same gametype, sets and bots again (a player of it, or an op); its people !join"},
        {"join", "!join (or !j): take a seat (between turns once the game runs, if the gametype allows)"},
        {"leave", "!leave: give up your seat (between turns, if the gametype allows)"},
        {"bot", "!bot [KIND]: seat a bot (default greedy); !bots lists the kinds, bot plugins included"},
        {"start", "!start: start the game (at least 2 seated)"},
        {"keep", "!keep (or !k): on your turn, keep the card you drew; !keep 12 only if it is still turn 12"},
        {"give", "!give NICK (or !g NICK): on your turn, give the card you drew to NICK; !give NICK 12 only if it is still turn 12"},
        {"status", "!status: scores, whose turn it is, the drawn card and the deck"},
        {"card", "!card NAME: what a card does (the start of a word of its name will do: !card hat)"},
        {"cards", "!cards: the names of the cards in play, and how many of each"},
        {"rules", "!rules: the winning score and the score change distribution"},
        {"sets", "!sets: the card sets !cherries can use"},
        {"gametypes", "!gametypes: the gametypes !cherries can use"},
        {"bots", "!bots: the bots !bot can seat: the built-in ones and the bot plugins installed"},
        {"pause", "!pause: a seated player stops the turn clock for a while (it resumes by itself after a limit); at a correspondence table, until !resume, once every player agrees"},
        {"resume", "!resume: the turn clock runs again after a !pause"},
        {"skip", "!skip: at a correspondence table, choose the house rule for a player out of time (most of the others must)"},
        {"stop", "!stop: end the game (whoever opened it, or a channel operator)"},
        {"quiet", "!quiet: compact mode on or off here: one line a turn, the scores once a round"},
        {"stats", "!stats [NICK]: games, wins, turns, points and best score (yours, or NICK's)"},
        {"top", "!top: the players with the best win rate (among those with a few games)"},
        {"help", "!help [COMMAND]: this help, or one command's"},
    };
    return table;
}

// The short forms of the commands typed most: !j, !k, !g NICK.
std::string full_name(std::string name) {
    if (name == "j") return "join";
    if (name == "k") return "keep";
    if (name == "g") return "give";
    return name;
}

}  // namespace

std::optional<ChannelCommand> parse_channel_command(std::string_view text) {
    const std::string clean = strip_formatting(text);
    std::string_view rest = clean;
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    if (rest.size() < 2 || rest[0] != '!' || rest[1] == ' ' || rest[1] == '!') return std::nullopt;
    rest.remove_prefix(1);
    std::vector<std::string> words;
    while (!rest.empty() && words.size() < 17) {
        const std::size_t end = std::min(rest.find(' '), rest.size());
        if (end > 0) words.emplace_back(cut_utf8(rest.substr(0, end), 64));
        rest.remove_prefix(end == rest.size() ? end : end + 1);
    }
    if (words.empty()) return std::nullopt;
    ChannelCommand c;
    c.name = words[0];
    std::transform(c.name.begin(), c.name.end(), c.name.begin(),
                   [](unsigned char ch) { return ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch + 32) : static_cast<char>(ch); });
    c.name = full_name(std::move(c.name));
    c.args.assign(words.begin() + 1, words.end());
    return c;
}

const std::vector<std::string>& channel_command_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> n;
        for (const auto& [name, text] : help_table()) n.push_back(name);
        return n;
    }();
    return names;
}

std::vector<std::string> channel_help() {
    return {
        "Cherries: !cherries [GAMETYPE] [SET...] opens a game (!rematch: the last one's table again); !join (!j), !leave, !bot [KIND] seat and unseat; !start begins.",
        "On your turn: !keep (!k), or !give NICK (!g NICK). Anytime: !status, !card NAME, !cards, !rules, !sets, !gametypes, !bots.",
        "!pause, !resume stop and restart the turn clock; !skip (correspondence). !quiet: one line a turn. !stop ends the game (opener or op). !stats [NICK], !top. !help COMMAND explains one.",
    };
}

std::optional<std::string> channel_help(std::string_view command) {
    if (command.starts_with('!')) command.remove_prefix(1);
    for (const auto& [name, text] : help_table())
        if (full_name(fold_case(command, CaseMapping::ascii)) == name) return text;
    return std::nullopt;
}

}  // namespace cherries::irc
