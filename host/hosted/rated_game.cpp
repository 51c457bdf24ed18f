#include "host/hosted/rated_game.hpp"

#include <algorithm>
#include <set>
#include <vector>

#include "engine/game.hpp"
#include "host/hosted/hosted_table.hpp"
#include "host/ratings/results_file.hpp"
#include "host/session/session.hpp"

namespace cherries::host {

namespace {

// One seat at the end, as rated.
struct Finisher {
    RatedPlayer player;
    bool won = false;
    std::int64_t score = 0;
};

bool is_bot_key(const std::string& key) { return key.rfind("bot:", 0) == 0; }

std::string bot_kind(const Table& table, PlayerId seat) {
    if (const Session* session = table.session_ptr())
        for (const SeatedBot& b : session->bots())
            if (b.id == seat) return b.name;
    return "";
}

}  // namespace

std::optional<GameRating> rated_game(const HostedTable& hosted, const RatingKeyOf& key_of) {
    const std::string status = hosted.status();
    const Table& table = hosted.table();
    const Game* game = table.game();
    if ((status != "won" && status != "ended") || !game) return std::nullopt;

    std::vector<Finisher> finishers;
    std::vector<RatedPlayer> leavers;
    for (const Player& p : game->players()) {
        const auto held = table.held().find(p.id);
        RatedPlayer who;
        if (held != table.held().end() && table.name(p.id) != held->second) {  // taken over for good: they left
            if (std::string key = key_of(held->second); !key.empty()) leavers.push_back({std::move(key), held->second});
            continue;
        }
        if (held != table.held().end()) who = {key_of(held->second), held->second};  // the stand-in keeps it for them
        else if (table.is_bot(p.id)) {  // one player per kind, named by its kind (not "greedy-3" of one table)
            const std::string kind = bot_kind(table, p.id);
            who = {"bot:" + kind, kind};
        }
        else who = {key_of(table.name(p.id)), table.name(p.id)};
        if (who.key.empty() || who.key == "bot:") continue;
        finishers.push_back({std::move(who), game->winner() == p.id, p.score});
    }
    for (const std::string& name : hosted.tally().left())
        if (std::string key = key_of(name); !key.empty()) leavers.push_back({std::move(key), name});

    std::stable_sort(finishers.begin(), finishers.end(),
                     [](const Finisher& a, const Finisher& b) { return a.won != b.won ? a.won : a.score > b.score; });
    GameRating rating{.gametype = hosted.bundle().gametype().id, .places = {}};
    std::set<std::string> seen;  // keys as the store folds them: one place per player
    std::size_t people = 0, players = 0;
    const auto add = [&](RatedPlayer who, bool new_place) {
        if (!seen.insert(stats_key(who.key)).second) return false;
        if (new_place || rating.places.empty()) rating.places.emplace_back();
        people += is_bot_key(who.key) ? 0 : 1;
        ++players;
        rating.places.back().push_back(std::move(who));
        return true;
    };
    const Finisher* last = nullptr;  // the last seat placed: an equal end ties with it
    for (Finisher& f : finishers) {
        const bool tie = last && f.won == last->won && f.score == last->score;
        if (add(std::move(f.player), !tie)) last = &f;
    }
    bool first_leaver = true;  // the leavers share the last place
    for (RatedPlayer& who : leavers)
        if (add(std::move(who), first_leaver)) first_leaver = false;
    if (people < 2 || players > kMaxRatedPlayers) return std::nullopt;
    return rating;
}

}  // namespace cherries::host
