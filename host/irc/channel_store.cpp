// ChannelGame and its store (docs/irc-storage.md): a checkpoint after every change and before the
// next turn is announced (the whole table, mid-turn too, and every record line so far, through
// the one host::HostedStore); resuming a stored game (format 1 migrated: channel_state_v1.cpp);
// the end of a game (its record's end line and the players' statistics); !stats and !top.
#include <fmt/core.h>

#include <algorithm>

#include <chrono>
#include <map>
#include <sstream>

#include "host/irc/channel_game.hpp"
#include "host/irc/channel_open_game.hpp"
#include "host/irc/channel_state.hpp"
#include "host/hosted/after_change.hpp"
#include "host/hosted/hosted_store.hpp"
#include "host/hosted/rated_game.hpp"
#include "host/records/deal.hpp"
#include "host/store/game_store.hpp"
#include "host/session/plugin_list.hpp"
#include "host/records/save.hpp"

namespace cherries::irc {

using nlohmann::json;

// --- the state written after every change ---------------------------------------------------

json by_seat(const std::map<PlayerId, std::string>& map) {
    json out = json::object();
    for (const auto& [id, value] : map) out[std::to_string(id)] = value;
    return out;
}

std::map<PlayerId, std::string> from_seats(const json& j) {
    std::map<PlayerId, std::string> out;
    for (const auto& [id, value] : j.items()) out[static_cast<PlayerId>(std::stoul(id))] = value.get<std::string>();
    return out;
}

host::HostedState read_channel_state(const json& j, const std::string& where) {
    if (j.is_object() && j.value("state", "") == "cherrybot") {
        if (j.value("format", 0) != 1) throw host::HostedStateError(where + ": not a state this cherries reads");
        return migrate_channel_state_v1(j, where);
    }
    host::HostedState state = host::read_hosted_state(j, where);
    if (!state.front.contains("opener")) throw host::HostedStateError(where + ": the state's front part names no opener; expected a channel game's");
    return state;
}

namespace {

// The channel's own part of the state: who opened the game and the services accounts.
json channel_front(const ChannelGame::OpenGame& t) {
    return {{"opener", t.opener}, {"accounts", by_seat(t.accounts)}, {"held_account", by_seat(t.held_account)}};
}

// The time as host::HostedStore asks it: the channel's steady time is what its caller gave (a
// store retry is due on it, like a turn timeout); the store's dates come from the options' clock.
class CallClock final : public host::Clock {
public:
    CallClock(Time now, const host::Clock& dates) : now_(now), dates_(dates) {}
    Time now() const override { return now_; }
    std::int64_t unix_seconds() const override { return dates_.unix_seconds(); }

private:
    Time now_;
    const host::Clock& dates_;
};

// Where a stored game's problems are said to be, for the operator: "FILE: game N".
std::string stored_where(const host::GameStore& store, std::int64_t id) { return fmt::format("{}: game {}", store.file(), id); }

// A resume error's words without the server's file and folders: "plugin set 'x' differs from
// the record", not "/srv/bot.db: game 3: plugin set 'x' differs ... (... installed in /srv/...)".
std::string public_reason(const std::string& what, const std::string& where) {
    std::string text = what;
    if (text.rfind(where + ": ", 0) == 0) text = text.substr(where.size() + 2);
    if (const std::size_t paren = text.find(" ("); paren != std::string::npos) text = text.substr(0, paren);
    return clean_echo(text, 160);
}

// The end line that closes the record of a game set aside as unresumable: the record holds the
// turns up to the stored state (written together), whose phase and turn it names, as
// host::end_line would (docs/records.md, "The end line"). "" when the state cannot be read:
// the record stays without an end line (replay calls it truncated).
std::string unresumable_end_line(const std::string& state, const std::string& reason) {
    host::SaveState save;
    std::string salt;
    try {
        const host::HostedState s = read_channel_state(json::parse(state), "stored state");
        save = host::parse_save(s.table.at("session"), "stored state");
        salt = s.table.value("salt", "");
    } catch (const std::exception&) {
        return {};
    }
    // A stored state is between turns, suspended or awaiting a give (a game over is not stored as
    // in progress); a card awaiting its give ends the record as a !stop then does (its draw last).
    const Phase phase = save.game.phase;
    if (phase != Phase::between_turns && phase != Phase::suspended && phase != Phase::awaiting_give) return {};
    json end{{"end", phase == Phase::suspended ? "suspended" : "in_progress"}, {"reason", reason}, {"turns", save.game.turn}};
    if (host::valid_salt(salt)) {  // a sealed deal: the end line reveals it (docs/records.md, "The fair deal")
        end["salt"] = salt;
        end["seed"] = save.seed;
    }
    return end.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace

std::string ChannelGame::account_of(const std::string& nick) const { return account_ ? account_(nick) : std::string(); }

host::HostedStore ChannelGame::writer(const host::Clock& clock) const { return host::HostedStore(*store_, clock); }

void ChannelGame::begin_stored() {
    OpenGame& t = *open_;
    if (!store_ || !t.table().record()) return;  // begun at the opener's seat (TableOptions::record_lobby)
    t.hosted->collect_record();
    const auto lock = lock_store();
    // The header names the opener; a nick that is not valid UTF-8 is stored with U+FFFD in its
    // place (RecordLog), never dropped. The state follows at the end of the command (persist).
    const CallClock clock(now_, *options_.clock);
    writer(clock).begin_game(*t.hosted, fold_case(channel_, options_.casemapping));
}

/// The channel's part in the after-change pipeline (host/hosted/after_change.hpp): its key is the
/// channel folded, its state part the opener and accounts, its statistics keyed by services
/// account or folded nick; the store's news goes to the channel (`out`) and the operator. Its
/// replies go out with the command that made them and Client polls deadline(): nothing to send
/// or wake here.
class ChannelGame::StoreFront final : public host::HostedFront {
public:
    /// `status`: the status to store at the game's end when the channel says it (a game closed
    /// in its lobby is "stopped", though its table counts it ended); else the table's.
    StoreFront(ChannelGame& game, Replies& out, std::string status = {}) : g_(game), out_(out), status_(std::move(status)) {}
    bool stores() const override { return g_.store_ && g_.open_->table().record(); }
    std::string store_key() const override { return fold_case(g_.channel_, g_.options_.casemapping); }
    json front_state() const override { return channel_front(*g_.open_); }
    host::StoredEnd stored_end() const override;
    void store_news(const host::StoreNews& news) override;
    void send_changes() override {}
    void wake_at(std::optional<host::Clock::Time>) override {}

private:
    ChannelGame& g_;
    Replies& out_;
    std::string status_;
};

host::StoredEnd ChannelGame::StoreFront::stored_end() const {
    const OpenGame& t = *g_.open_;
    host::StoredEnd end{.status = status_.empty() ? t.hosted->status() : status_, .winner = {}, .turns = t.game.turn(), .stats = {}, .final_front = {}};
    if (!t.game.over()) return end;  // stopped before its end: no statistics
    if (const PlayerId won = t.game.winner(); won != kNoPlayer) end.winner = t.nick(won);
    for (const host::PersonResult& p : t.hosted->tally().results(t.table())) {
        const auto& accounts = t.table().held().count(p.seat) ? t.held_account : t.accounts;
        const auto account = accounts.find(p.seat);
        const std::string key = account != accounts.end() && !account->second.empty() ? "account:" + account->second
                                                                                      : "nick:" + fold_case(p.name, t.casemapping);
        end.stats.push_back({.key = key, .name = p.name, .won = p.won, .turns = p.turns, .points = p.score});
    }
    // Rated (docs/ratings.md, "Rated tables"): the nicks identified to services, by account, and
    // the bots; a nick anyone may take is not rated. A seat's account is the one it sat down with
    // (a held seat's, its person's); one who left is looked up as the server knows them now.
    std::map<std::string, std::string> account_by_name;
    for (const auto& [seat, account] : t.accounts)
        if (!account.empty() && !t.table().held().count(seat)) account_by_name[t.nick(seat)] = account;
    for (const auto& [seat, account] : t.held_account)
        if (const auto held = t.table().held().find(seat); held != t.table().held().end() && !account.empty())
            account_by_name[held->second] = account;
    end.rating = host::rated_game(*t.hosted, [&](const std::string& name) {
        const auto known = account_by_name.find(name);
        const std::string account = known != account_by_name.end() ? known->second : g_.account_of(name);
        return account.empty() ? std::string() : "account:" + account;
    });
    return end;
}

void ChannelGame::StoreFront::store_news(const host::StoreNews& news) {
    if (!news.warning.empty()) {
        g_.tell_operator(news.warning);
        out_.push_back(host::StoreHealth::kWrittenAnew);
    }
    if (!news.failure.empty()) g_.tell_operator(news.failure);
    if (news.works_again && g_.options_.log) g_.options_.log(g_.channel_ + ": the database works again; nothing was lost");
    if (!news.players.empty()) out_.push_back(news.players);
}

void ChannelGame::persist(Replies& out) {
    if (!open_) return;
    // After every change, like the web: the record's new lines and the whole table (mid-turn: the
    // card drawn awaiting its give) in one transaction. Told once when it fails; tried again every
    // store_retry (1 s, never longer: a kill soon after the fault clears loses at most that second).
    const CallClock clock(now_, *options_.clock);
    const auto lock = lock_store();
    std::optional<host::HostedStore> writer;
    if (store_) writer.emplace(*store_, clock);
    StoreFront front(*this, out);
    host::after_change(*open_->hosted, writer ? &*writer : nullptr, front, now_);
}

void ChannelGame::store_end(const std::string& status, const std::string& reason) {
    if (!open_ || !store_ || !open_->table().record()) return;
    OpenGame& t = *open_;
    if (!t.table().record()->ended()) t.table().record()->end(reason);  // a game over has its end line already (Table::advance)
    t.hosted->collect_record();
    const CallClock clock(now_, *options_.clock);
    const auto lock = lock_store();
    host::HostedStore writer(*store_, clock);
    Replies not_for_the_channel;  // the game ends here: "it goes on and is stored later" would not be true
    StoreFront front(*this, not_for_the_channel, status);
    host::store_change(*t.hosted, writer, front, now_);
    if (!t.hosted->stored_end) throw host::StoreError("the game's end could not be stored");
    t.hosted->stored_id = 0;
}

Replies ChannelGame::attach_store(std::shared_ptr<host::GameStore> store, GameClock::time_point now) {
    Replies out;
    store_ = std::move(store);
    if (!store_ || open_) return out;
    std::optional<host::StoredGame> stored;
    try {
        {
            const auto lock = lock_store();
            stored = store_->in_progress(fold_case(channel_, options_.casemapping));
        }
        if (!stored) return out;
        resume(*stored, now, out);
    } catch (const std::exception& e) {
        open_.reset();
        out.clear();
        tell_operator(e.what());
        if (!stored) {
            out.push_back("The stored game of this channel cannot be read (the operator can see why).");
            return out;
        }
        const std::string why = public_reason(e.what(), stored_where(*store_, stored->id));
        try {
            // Told once: it is not tried again. Its record is closed where it stops.
            const auto lock = lock_store();
            store_->set_aside(stored->id, "unresumable", unresumable_end_line(stored->state, "unresumable: " + why));
        } catch (const std::exception&) {
        }
        out.push_back(fmt::format("The game stored here (game {}, after turn {}) cannot resume: {}. !cherries opens a new one.",
                                  stored->id, stored->turns, why));
    }
    return out;
}

void ChannelGame::resume(const host::StoredGame& stored, GameClock::time_point now, Replies& out) {
    const std::string where = stored_where(*store_, stored.id);
    now_ = now;
    const host::HostedState state = read_channel_state(json::parse(stored.state), where);
    host::SaveState save = host::parse_save(state.table.at("session"), where);
    // A hosted table's state may hold a card drawn, awaiting its give (play --save never does).
    if (save.game.phase == Phase::awaiting_give) save.game.phase = Phase::between_turns;
    host::check_resumable(save, where);
    std::string gametype;
    std::vector<std::string> sets;
    for (const host::RecordedPlugin& p : save.plugins) {
        if (p.type != "set" && p.type != "gametype") continue;
        if (!library_.has(p.type, p.id)) throw std::runtime_error(fmt::format("{}: plugin {} '{}' is not offered here any more", where, p.type, p.id));
        if (p.type == "set") sets.push_back(p.id);
        else gametype = p.id;
    }
    auto bundle = library_.bundle(sets, gametype);
    std::ostringstream warnings;
    // Sets and gametype must be the same; a bot plugin that changed only loses its seat to the
    // greedy bot (resume_bots): the record holds its decisions so far.
    host::check_plugins(save.plugins, *bundle, where, false, warnings, "the game cannot go on with other plugins");

    Replies replaced;
    open_ = std::make_unique<OpenGame>(*this, bundle, state);
    open_->out = &replaced;
    red_.clear();
    for (const CardKind& k : bundle->catalog().kinds())
        if (k.type == CardType::cherry) red_.push_back(k.name);
    OpenGame& t = *open_;
    const json& front = state.front;
    t.opener = front.at("opener").get<std::string>();
    t.started = t.table().started();
    t.accounts = from_seats(front.value("accounts", json::object()));
    t.held_account = from_seats(front.value("held_account", json::object()));
    // A bot plugin that is gone, broken or changed gives its seat to the greedy bot: the humans'
    // game goes on, and the record holds the decisions made so far.
    for (const host::LostBot& lost : t.table().lost_bots())
        replaced.push_back(fmt::format("{}: {}; the greedy bot plays that seat from now on.", t.nick(lost.id), lost.why));
    if (front.contains("seat_lines"))  // a format-1 state: the seat lines of the turn played again
        if (host::RecordLog* log = t.table().record())
            for (const auto& line : front.at("seat_lines").get<std::vector<std::string>>()) log->put_line(line);
    t.text.set_lobby(!t.started);
    t.hosted->stored_id = stored.id;
    t.hosted->stored_state = stored.state;  // a format-1 state is written anew, as format 2, at the next change
    resumed_after_ = t.hosted->complete_turns();
    out.push_back(fmt::format("Cherries resumed after turn {} (stored game {}): {}.", *resumed_after_, stored.id,
                              t.started ? "scores " + t.scores() : "not started; seated " + t.seated_nicks()));
    out.insert(out.end(), replaced.begin(), replaced.end());
    t.out = &out;
    if (!t.started) return;
    // Stored during a turn: the card drawn awaits its give. Its player is asked again, with what
    // they drew; the turn clock starts anew when that prompt is written (prompt_written).
    if (t.game.phase() == Phase::awaiting_give && !t.is_bot(t.game.current_player())) {
        t.text.resumed_turn(t.game.current_player());
        out.push_back(prompt(t.drew_line()));
        t.prompted_card = t.game.drawn_card();
        t.prompted_turn = t.game.turn();
        t.clock().stop();
    }
    advance(now, out);
}

// --- !stats and !top ------------------------------------------------------------------------

void ChannelGame::stats(const ChannelCommand& c, const std::string& nick, Replies& out) {
    if (!store_) {
        out.push_back("No statistics are kept here (the bot has no database).");
        return;
    }
    const std::string who = c.args.empty() ? nick : clean_echo(c.args[0], 32);
    const std::string account = account_of(who);
    std::optional<host::PlayerStats> s;
    try {
        const auto lock = lock_store();
        if (!account.empty()) s = store_->stats("account:" + account);
        if (!s) s = store_->stats("nick:" + fold_case(who, options_.casemapping));
    } catch (const std::exception& e) {  // a query that fails is no reason to stop a game
        tell_operator(e.what());
        out.push_back("Cannot read the statistics now (the operator can see why).");
        return;
    }
    if (!s) {
        out.push_back(fmt::format("No finished games for {} yet.", who));
        return;
    }
    out.push_back(fmt::format("{}: {} game{}, {} win{}, {} turn{}, {} point{}, best score {}.", who, s->games,
                              s->games == 1 ? "" : "s", s->wins, s->wins == 1 ? "" : "s", s->turns, s->turns == 1 ? "" : "s",
                              s->points, s->points == 1 || s->points == -1 ? "" : "s",
                              s->best ? std::to_string(*s->best) : std::string("unknown")));
}

void ChannelGame::top(Replies& out) {
    if (!store_) {
        out.push_back("No statistics are kept here (the bot has no database).");
        return;
    }
    std::vector<host::PlayerStats> best;
    std::vector<host::PlayerRating> rated;
    // The ratings in the channel's gametype: the open game's, else the one !cherries opens.
    const std::string gametype = open_ ? open_->hosted->bundle().gametype().id : options_.gametype;
    try {
        const auto lock = lock_store();
        best = store_->top(5, options_.top_min_games);
        rated = store_->ratings(gametype, 5);
    } catch (const std::exception& e) {
        tell_operator(e.what());
        out.push_back("Cannot read the statistics now (the operator can see why).");
        return;
    }
    const unsigned min = std::max(1u, options_.top_min_games);
    if (best.empty()) {
        out.push_back(min == 1 ? "No finished games yet."
                               : fmt::format("Nobody has finished {} games yet; !stats NICK shows anyone's.", min));
    } else {
        // By win rate: "1. ann 67% (2 of 3 games)".
        std::string line = min == 1 ? "Top players by win rate:" : fmt::format("Top players by win rate (at least {} games):", min);
        for (std::size_t i = 0; i < best.size(); ++i)
            line += fmt::format("{} {}. {} {}% ({} of {} games)", i ? ";" : "", i + 1, best[i].name,
                                (best[i].wins * 100 + best[i].games / 2) / best[i].games, best[i].wins, best[i].games);
        out.push_back(line + ".");
    }
    if (rated.empty()) return;
    // "Ratings in official (mu - 3 sigma): 1. ann 14.2; 2. greedy (bot) 3.1 (provisional)."
    std::string line = fmt::format("Ratings in {} (mu - 3 sigma):", gametype);
    for (std::size_t i = 0; i < rated.size(); ++i)
        line += fmt::format("{} {}. {}{} {:.1f}{}", i ? ";" : "", i + 1, rated[i].name, rated[i].key.rfind("bot:", 0) == 0 ? " (bot)" : "",
                            rated[i].ordinal(), rated[i].provisional() ? " (provisional)" : "");
    out.push_back(line + ".");
}

}  // namespace cherries::irc
