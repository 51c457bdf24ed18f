#include "host/irc/channel_game.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "host/irc/channel_open_game.hpp"
#include "host/records/deal.hpp"
#include "host/session/library_bots.hpp"
#include "sdk/base/diagnostic.hpp"
#include "host/base/join.hpp"
#include "host/base/random_seed.hpp"

namespace cherries::irc {

namespace {

// Player text echoed back: formatting and controls stripped, cut short.
std::string echo(std::string_view text) { return clean_echo(text, 24); }


}  // namespace

ChannelGame::ChannelGame(std::string channel, GameLibrary& library, ChannelOptions options)
    : channel_(std::move(channel)),
      library_(library),
      options_(std::move(options)),
      bots_(std::make_unique<host::LibraryBots>(library_, [this](const std::string& detail) { tell_operator(detail); })) {
    if (!options_.clock) options_.clock = std::make_shared<host::SystemClock>();
    if (!options_.store_lock) options_.store_lock = std::make_shared<std::recursive_mutex>();
    if (!options_.seed) options_.seed = host::random_seed;
    if (!options_.salt) options_.salt = host::new_salt;
    compact_ = options_.compact;
}

ChannelGame::~ChannelGame() = default;

Replies ChannelGame::on_text(std::string_view nick, std::string_view text, GameClock::time_point now, bool op) {
    Replies out;
    now_ = now;
    if (parse_ctcp(text)) return out;  // CTCP (ACTION, VERSION...) is never a game command
    const auto c = parse_channel_command(text);
    if (!c) return out;
    if (open_) open_->out = &out;
    try {
        if (open_ && account_) {  // the account a seated player is logged in to, as last seen
            if (const PlayerId id = open_->find(nick, true); id != kNoPlayer)
                if (std::string a = account_(nick); !a.empty()) open_->accounts[id] = std::move(a);
        }
        command(*c, std::string(nick), op, now, out);
    } catch (const std::exception& e) {
        internal_error(e, out);
    }
    persist(out);
    if (out.size() == 1) {  // a refusal or a short answer: once per kRepeatQuiet to one nick
        const std::string who = fold_case(nick, options_.casemapping);
        const std::string what = fmt::format("{} {}", c->name, fmt::join(c->args, " "));
        if (last_answer_.nick == who && last_answer_.command == what && last_answer_.line == out[0] &&
            now - last_answer_.at < kRepeatQuiet)
            return {};
        last_answer_ = {who, what, out[0], now};
    }
    return paint(std::move(out));
}

void ChannelGame::tell_operator(const std::string& detail) {
    load_error_ = detail;
    if (options_.log) options_.log(channel_ + ": " + detail);
}

void ChannelGame::internal_error(const std::exception& e, Replies& out) {
    // A bug, or a runtime that no longer loads: stop this game, never the bot. The details may
    // name the server's files: they are for the operator.
    tell_operator(std::string("internal error: ") + e.what());
    out.clear();
    if (!open_) {
        out.push_back("That failed: an internal error (the operator can see why).");
        return;
    }
    close(out, "stopped by an internal error (the operator can see why)", "an internal error: " + clean_echo(e.what(), 120));
}

void ChannelGame::on_nick(std::string_view old_nick, std::string_view new_nick) {
    if (!open_) return;
    OpenGame& t = *open_;
    Replies ignored;
    t.out = &ignored;
    t.table().rename(old_nick, std::string(new_nick));  // the seat (a seat line: who played under which nick), kept seats, pending
    if (t.same(t.opener, old_nick)) t.opener = std::string(new_nick);
    persist(ignored);
}

Replies ChannelGame::on_departure(std::string_view nick, GameClock::time_point now) {
    Replies out;
    now_ = now;
    if (!open_) return out;
    open_->out = &out;
    try {
        leave(std::string(nick), true, out);
        if (open_ && open_->started) advance(now, out);
    } catch (const std::exception& e) {
        internal_error(e, out);
    }
    persist(out);
    return paint(std::move(out));
}

void ChannelGame::command(const ChannelCommand& c, const std::string& nick, bool op, GameClock::time_point now, Replies& out) {
    const std::string& name = c.name;
    if (name == "help") {
        if (c.args.empty()) {
            out = channel_help();
        } else if (const auto text = channel_help(c.args[0])) {
            out.push_back(*text);
        } else {
            out.push_back(fmt::format("There is no command !{}; !help lists them.", echo(c.args[0])));
        }
        return;
    }
    if (name == "sets" || name == "gametypes") {
        const auto& ids = library_.ids(name == "sets" ? "set" : "gametype");
        const std::string list = fmt::format("{}", fmt::join(ids, ", "));
        out.push_back(fmt::format("{}: {}", name == "sets" ? "Card sets" : "Gametypes", list.empty() ? "none found" : list));
        return;
    }
    if (name == "quiet") {
        compact_ = !compact_;
        out.push_back(compact_ ? "Compact mode: one line a turn, the scores once a round. !quiet again for every turn's scores."
                               : "Every turn's scores again. !quiet for one line a turn and the scores once a round.");
        return;
    }
    if (name == "bots") {
        out.push_back("Bots: " + bot_list() + ". !bot KIND seats one.");
        return;
    }
    if (name == "cherries") return open_game(c, nick, out);
    if (name == "rematch") return rematch(nick, op, out);
    if (name == "card" || name == "cards") return card(c, out);
    if (name == "rules") return rules(out);
    if (name == "stats") return stats(c, nick, out);
    if (name == "top") return top(out);
    const auto& names = channel_command_names();
    if (std::find(names.begin(), names.end(), name) == names.end()) {
        out.push_back(fmt::format("Unknown command !{}; !help lists the commands.", echo(name)));
        return;
    }
    if (!open_) {
        out.push_back("No game here; !cherries opens one.");
        return;
    }
    OpenGame& t = *open_;
    if (name == "status") return status(out);
    if (name == "pause") return pause(nick, now, out);
    if (name == "resume") return resume_clock(nick, now, out);
    if (name == "skip") return skip(nick, now, out);
    if (name == "stop") {
        // The opener or an operator; once the opener is gone, any seated player.
        const bool opener_gone = t.find(t.opener, true) == kNoPlayer && t.find(nick, true) != kNoPlayer;
        if (!op && !t.same(nick, t.opener) && !opener_gone) {
            out.push_back(fmt::format("Only {} (who opened the game) or a channel operator can !stop it.", t.opener));
            return;
        }
        return close(out, "stopped by " + nick, "!stop by " + nick);
    }
    if (name == "join") {
        join(nick, "", out);
    } else if (name == "bot") {
        const std::string kind = c.args.empty() ? "greedy" : c.args[0];
        if (t.find(nick, true) == kNoPlayer && !op) {
            out.push_back(fmt::format("{}, only a seated player can seat a bot; !join first.", nick));
            return;
        }
        if (std::string refusal = bot_refusal(kind); !refusal.empty()) {
            out.push_back(std::move(refusal));
            return;
        }
        join("", kind, out);
    } else if (name == "leave") {
        leave(nick, false, out);
    } else if (name == "start") {
        return start(nick, now, out);
    } else {
        return play(c, nick, now, out);  // keep, give
    }
    if (open_ && open_->started) advance(now, out);
}

void ChannelGame::open_game(const ChannelCommand& c, const std::string& nick, Replies& out) {
    if (open_) {
        out.push_back(fmt::format("A game is open already ({} players); !join to play, !status to look.",
                                  open_->game.players().size()));
        return;
    }
    std::string gametype = options_.gametype;
    std::vector<std::string> sets;
    for (std::size_t i = 0; i < c.args.size(); ++i) {
        const std::string& word = c.args[i];
        if (i == 0 && library_.has("gametype", word)) {
            gametype = word;
        } else if (library_.has("set", word)) {
            if (std::find(sets.begin(), sets.end(), word) == sets.end()) sets.push_back(word);
        } else {
            out.push_back(fmt::format("No gametype or set '{}'; see !gametypes and !sets.", echo(word)));
            return;
        }
    }
    if (sets.empty()) sets = options_.sets;
    std::shared_ptr<const sdk::Bundle> bundle;
    try {
        bundle = library_.bundle(sets, gametype);
        open_ = std::make_unique<OpenGame>(*this, bundle, options_.seed(), nick);
        open_->out = &out;
    } catch (const sdk::LoadError& e) {
        // The details name the server's files: they are for the operator, not the channel.
        tell_operator(e.what());
        out.push_back("Cannot open a game: the plugins of that game do not load (the operator can see why).");
        return;
    } catch (const std::exception& e) {
        out.push_back("Cannot open a game: " + clean_echo(e.what(), 200));
        return;
    }
    red_.clear();
    for (const CardKind& k : bundle->catalog().kinds())
        if (k.type == CardType::cherry) red_.push_back(k.name);
    last_answer_ = {};  // a new game: "bob joins" again is news, not a repeat to keep quiet
    if (const std::string account = account_of(nick); !account.empty()) open_->accounts[open_->game.players()[0].id] = account;
    const std::string set_names =
        host::join_each(bundle->catalog().sets(), &CardSetInfo::name, " + ");
    out.push_back(fmt::format("{} opens a game of Cherries: {}, {}; first to {} wins. !join to play, !bot to seat a bot, !start when ready.",
                              nick, bundle->gametype().name, set_names, bundle->gametype().winning_score));
    out.push_back(host::sealed_words(open_->table().commitment()));
    try {
        begin_stored();
    } catch (const std::exception& e) {
        open_->hosted->stored_id = 0;
        tell_operator(e.what());
        out.push_back("Warning: the game could not be stored (the operator can see why); it is played, not kept.");
    }
}

host::TableOptions ChannelGame::table_options() const {
    host::TableOptions o;
    o.max_players = options_.max_players;
    o.max_timeouts = options_.max_timeouts;
    o.bot_takes_over = options_.bot_takes_over;
    o.stand_in = "greedy";
    o.same_name = [mapping = options_.casemapping](std::string_view a, std::string_view b) {
        return fold_case(a, mapping) == fold_case(b, mapping);
    };
    o.record_lobby = true;  // stored from !cherries on (docs/irc-storage.md)
    o.needs_people = true;  // a channel's game is for people: the bots do not play it out
    o.source = "irc";
    o.deal_salt = options_.salt();  // nobody in the channel may learn the deck's order (docs/records.md, "The fair deal")
    return o;
}

host::Reply ChannelGame::seat_person(const std::string& nick) {
    OpenGame& t = *open_;
    // A seat held for this person under another nick (the same services account): theirs again.
    if (const PlayerId held = held_seat(nick); held != kNoPlayer) {
        const auto person = t.table().held().find(held);
        if (person != t.table().held().end() && !t.same(person->second, nick)) return t.table().reclaim(held, nick);
    }
    return t.table().join(nick);
}

void ChannelGame::join(const std::string& nick, const std::string& bot_name, Replies& out) {
    OpenGame& t = *open_;
    t.out = &out;
    host::Reply reply;
    if (bot_name.empty()) {
        if (t.find(nick, true) != kNoPlayer) {
            out.push_back(fmt::format("{}, you are playing already.", nick));
            return;
        }
        reply = seat_person(nick);
        if (reply.outcome == host::Reply::Outcome::done && reply.id != kNoPlayer)
            if (std::string account = account_of(nick); !account.empty()) t.accounts[reply.id] = std::move(account);
    } else {
        reply = t.table().add_bot(bot_name);
    }
    t.say(reply);
}

void ChannelGame::start(const std::string& nick, GameClock::time_point now, Replies& out) {
    OpenGame& t = *open_;
    if (t.started) {
        out.push_back("The game is running already; !status shows it.");
        return;
    }
    if (t.find(nick, true) == kNoPlayer) {
        out.push_back(fmt::format("{}, only a seated player can !start; !join first.", nick));
        return;
    }
    const host::Reply reply = t.table().start();
    if (!reply) {
        out.push_back(reply.text + " !join, or !bot to seat a bot.");
        return;
    }
    t.started = true;
    t.text.set_lobby(false);
    out.push_back(fmt::format("The game starts. Turn order: {}. First to {} wins.", t.seated_nicks(), t.game.gametype().winning_score));
    advance(now, out);
}

void ChannelGame::play(const ChannelCommand& c, const std::string& nick, GameClock::time_point now, Replies& out) {
    OpenGame& t = *open_;
    const PlayerId id = t.find(nick, true);
    // The table checks the give (started, the turn, whose turn, the receiver); the channel only
    // reads the command and keeps its own pause.
    if (t.clock().paused() && !t.clock().held() && t.game.phase() == Phase::awaiting_give) {  // a table's agreed pause stops clocks, not play
        out.push_back("The game is paused; !resume first.");
        return;
    }
    // An optional last argument, the turn the give answers (!keep 12, !give bob 12): a command
    // typed for a card that is gone (a turn since) is refused and changes nothing.
    std::vector<std::string> args = c.args;
    std::uint32_t turn = t.game.turn();  // without one: the card drawn now
    const std::size_t plain = c.name == "give" ? 1 : 0;
    if (args.size() == plain + 1 && !args.back().empty() && args.back().size() <= 9 &&
        std::all_of(args.back().begin(), args.back().end(), [](char ch) { return ch >= '0' && ch <= '9'; })) {
        turn = static_cast<std::uint32_t>(std::stoul(args.back()));  // the table refuses another turn than the card's
        args.pop_back();
    }
    PlayerId receiver = id;
    if (c.name == "keep" && !args.empty()) {
        out.push_back("!keep takes no name (only the turn, if you like: !keep " + std::to_string(t.game.turn()) + ").");
        return;
    }
    if (c.name == "give") {
        if (args.size() != 1) {
            out.push_back("Give to whom? !give NICK, or !keep.");
            return;
        }
        receiver = t.find(args[0]);
        if (receiver == kNoPlayer) {
            out.push_back(fmt::format("Nobody called '{}' plays here; players: {}.", echo(args[0]), t.scores()));
            return;
        }
    }
    t.out = &out;
    const host::Reply reply = t.table().give(id, receiver, turn);
    if (!reply) {
        out.push_back(reply.text);
        return;
    }
    t.clock().stop();
    advance(now, out);
}

void ChannelGame::skip(const std::string& nick, GameClock::time_point now, Replies& out) {
    OpenGame& t = *open_;
    const auto& late = t.hosted->out_of_time_vote();
    if (!late) {
        out.push_back("Nobody is out of time here; !skip is for a player whose time and vacation days ran out.");
        return;
    }
    t.out = &out;
    const host::Reply reply = t.hosted->choose_out_of_time(t.find(nick, true), late->turn);  // the hosted table counts the others' choice
    if (!reply.text.empty()) out.push_back(reply.text);
    if (!reply) return;
    t.flush();
    t.sync_held();
    advance(now, out);
}

}  // namespace cherries::irc
