#include "host/session/session.hpp"

#include <fmt/core.h>

#include <algorithm>

#include "engine/random.hpp"

namespace cherries::host {

std::uint64_t seat_bot_seed(std::uint64_t game_seed, std::uint32_t seat) {
    return mix_seed(game_seed ^ ((std::uint64_t{seat} + 1) * 0xd1b54a32d192ed03ULL));
}

namespace {

std::vector<std::string> names_of(const std::vector<Seat>& seats) {
    std::vector<std::string> names;
    for (const Seat& s : seats) names.push_back(s.name);
    return names;
}

}  // namespace

void SessionHooks::apply_changes(Session& session, const std::vector<PendingChange>& changes) {
    for (const PendingChange& c : changes) {
        if (session.game().over()) return;
        if (c.join) {
            session.join(Seat{.name = c.name, .bot = c.bot});
        } else if (const Player* p = session.game().find_player(c.name)) {
            session.leave(p->id);
        }
    }
}

PlayerId SessionHooks::bot_decides(PlayerId /*player*/, Bot& bot, const PlayerView& view) {
    return bot.choose_receiver(view);
}

Session::Session(const sdk::Bundle& bundle, Evaluator& evaluator, std::uint64_t seed, const std::vector<Seat>& seats,
                 BotSource& bots, SessionHooks& hooks, std::vector<RecordedPlugin> plugins,
                 const std::vector<KindId>& deck_top)
    : memo_(evaluator),
      game_(bundle.catalog(), bundle.gametype(), memo_, seed, names_of(seats), deck_top),
      view_(game_),
      source_(bots),
      hooks_(hooks),
      seed_(seed),
      plugins_(std::move(plugins)) {
    for (std::size_t i = 0; i < seats.size(); ++i) {
        const PlayerId id = game_.players()[i].id;
        if (seats[i].is_bot())
            seat_bot(id, seats[i].bot, source_.make(seats[i].bot, seat_bot_seed(seed_, seats_taken_)).bot);
        else
            humans_ = true;
        ++seats_taken_;
    }
}

void Session::restart(std::uint64_t seed, const std::vector<Seat>& seats) {
    game_.reset(seed, names_of(seats));
    memo_.clear();
    seed_ = seed;
    seats_taken_ = 0;
    humans_ = false;
    pending_.clear();
    hold_pending_until_ = 0;
    // A seat whose bot is the same one as in the game before keeps it, reseeded as a new one.
    std::vector<SeatedBot> before;
    before.swap(bots_);
    bots_.swap(spare_bots_);  // the room of the game before last: no allocation
    bots_.clear();
    for (std::size_t i = 0; i < seats.size(); ++i) {
        const PlayerId id = game_.players()[i].id;
        if (seats[i].is_bot()) {
            const std::uint64_t bot_seed = seat_bot_seed(seed_, seats_taken_);
            if (i < before.size() && before[i].id == id && before[i].name == seats[i].bot && before[i].bot->reseed(bot_seed))
                bots_.push_back(std::move(before[i]));
            else
                bots_.push_back(SeatedBot{id, seats[i].bot, source_.make(seats[i].bot, bot_seed).bot});
        } else {
            humans_ = true;
        }
        ++seats_taken_;
    }
    before.clear();
    spare_bots_.swap(before);
    index_bots();
}

Session::Session(const sdk::Bundle& bundle, Evaluator& evaluator, const SaveState& save, BotSource& bots,
                 SessionHooks& hooks)
    : memo_(evaluator),
      game_(bundle.catalog(), bundle.gametype(), memo_, save.game),
      view_(game_),
      source_(bots),
      hooks_(hooks),
      seed_(save.seed),
      seats_taken_(save.seats_taken),
      humans_(save.humans),
      plugins_(save.plugins),
      pending_(save.pending),
      // They were asked for during the turn about to be played again (a save between turns) or
      // in play (a hosted table's state, its card drawn): they wait for that turn's end.
      hold_pending_until_(save.pending.empty() ? 0 : game_.phase() == Phase::awaiting_give ? game_.turn() : game_.turn() + 1) {}

std::vector<LostBot> Session::restore_bots(const std::vector<SavedSeat>& seats) {
    std::vector<LostBot> lost;
    for (const SavedSeat& s : seats) {
        if (s.bot.empty() || std::none_of(game_.players().begin(), game_.players().end(),
                                          [&](const Player& p) { return p.id == s.id; }))
            continue;
        try {
            MadeBot made = source_.make(s.bot, 0);
            recorded(made, s.bot);
            made.bot->restore(s.bot_state);
            seat_bot(s.id, s.bot, std::move(made.bot));
        } catch (const std::exception& e) {
            // The game goes on; its record needs no bot (it holds the decisions made).
            lost.push_back({.id = s.id, .bot = s.bot, .why = e.what()});
            hand_to_bot(s.id, "greedy");
        }
    }
    return lost;
}

const RecordedPlugin* Session::recorded(const MadeBot& made, const std::string& bot) const {
    if (!made.plugin) return nullptr;
    const RecordedPlugin* r = find_recorded(plugins_, "bot", made.plugin->id);
    if (r && r->fingerprint != made.plugin->fingerprint)
        throw SeatError(fmt::format("bot plugin '{}' changed since this game recorded it", bot));
    return r;
}

void Session::index_bots() {
    bot_of_.clear();
    for (const SeatedBot& b : bots_) {
        if (b.id >= bot_of_.size()) bot_of_.resize(b.id + 1, nullptr);
        bot_of_[b.id] = b.bot.get();
    }
}

void Session::seat_bot(PlayerId id, const std::string& name, std::unique_ptr<Bot> bot) {
    for (SeatedBot& b : bots_)
        if (b.id == id) {
            b.name = name;
            b.bot = std::move(bot);
            index_bots();
            return;
        }
    bots_.push_back(SeatedBot{id, name, std::move(bot)});
    index_bots();
}

PlayerId Session::join(const Seat& seat) {
    MadeBot made;
    if (seat.is_bot()) made = source_.make(seat.bot, seat_bot_seed(seed_, seats_taken_));
    std::optional<RecordedPlugin> line;  // a plugin line before the join line
    if (made.plugin && !recorded(made, seat.bot)) line = made.plugin;
    if (record_) record_->set_joining_plugin(line);
    PlayerId id = kNoPlayer;
    try {
        id = game_.join(seat.name);
    } catch (...) {
        if (record_) record_->set_joining_plugin(std::nullopt);
        throw;
    }
    if (line) plugins_.push_back(std::move(*line));
    if (made.bot)
        seat_bot(id, seat.bot, std::move(made.bot));
    else
        humans_ = true;
    ++seats_taken_;
    return id;
}

void Session::leave(PlayerId id) {
    game_.leave(id);
    std::erase_if(bots_, [&](const SeatedBot& b) { return b.id == id; });
    index_bots();
}

void Session::hand_to_bot(PlayerId id, const std::string& bot, bool new_seat) {
    seat_bot(id, bot, make_bot(bot, 0));
    if (new_seat) ++seats_taken_;
}

void Session::hand_back(PlayerId id) {
    bots_.erase(std::remove_if(bots_.begin(), bots_.end(), [id](const SeatedBot& b) { return b.id == id; }), bots_.end());
    index_bots();
    humans_ = true;
}

void Session::give(PlayerId receiver) {
    const std::uint32_t turn = game_.turn();
    game_.give(receiver);
    // A fault leaves the phase awaiting_give with a new card in the same turn (GDD §3.5).
    if (game_.phase() != Phase::awaiting_give || game_.turn() != turn) hooks_.turn_ended();
}

std::vector<PendingChange> Session::take_due() {
    std::vector<PendingChange> due;
    if (game_.phase() == Phase::awaiting_give || game_.turn() < hold_pending_until_) return due;
    due.swap(pending_);
    return due;
}

SessionStop Session::advance() {
    for (;;) {
        if (game_.phase() == Phase::awaiting_give) {
            const PlayerId player = game_.current_player();
            Bot* seated = bot(player);
            if (!seated) return SessionStop::human;
            give(hooks_.bot_decides(player, *seated, view_));
            continue;
        }
        if (!pending_.empty())  // no vector per turn when nothing waits
            if (std::vector<PendingChange> due = take_due(); !due.empty()) hooks_.apply_changes(*this, due);
        if (game_.over()) return SessionStop::over;
        if (game_.phase() == Phase::suspended) return SessionStop::suspended;
        if (!hooks_.may_start_turn()) return SessionStop::before_turn;
        hooks_.before_turn();
        game_.start_turn();
        if (game_.phase() != Phase::awaiting_give) hooks_.turn_ended();  // a pass: no card to draw
    }
}

SaveState Session::save_state() const {
    SaveState s;
    s.game = game_.snapshot();
    s.seed = seed_;
    s.seats_taken = seats_taken_;
    s.humans = humans_;
    for (const Player& p : game_.players()) {
        SavedSeat seat{.id = p.id};
        for (const SeatedBot& b : bots_)
            if (b.id == p.id) {
                seat.bot = b.name;
                seat.bot_state = b.bot->state();
            }
        s.seats.push_back(std::move(seat));
    }
    s.plugins = plugins_;
    s.pending = pending_;
    return s;
}

}  // namespace cherries::host
