#include "host/table/table.hpp"

#include "host/base/duration_words.hpp"

#include <fmt/core.h>

#include <algorithm>

#include "host/base/printable.hpp"
#include "host/records/save.hpp"

namespace cherries::host {

namespace {

Reply done(std::string text, PlayerId id = kNoPlayer) { return {Reply::Outcome::done, std::move(text), id}; }
Reply waits(std::string text) { return {Reply::Outcome::pending, std::move(text), kNoPlayer}; }
Reply refused(std::string text) { return {Reply::Outcome::refused, std::move(text), kNoPlayer}; }

// "house rules of 'x': ..." -> "House rules of 'x': ...." : a reason as a sentence.
std::string sentence(std::string reason) {
    if (!reason.empty()) reason[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(reason[0])));
    if (!reason.empty() && reason.back() != '.') reason += '.';
    return reason;
}

}  // namespace

Table::Table(const sdk::Bundle& bundle, Evaluator& evaluator, std::uint64_t seed, BotSource& bots,
             TableListener& listener, TableOptions options, std::vector<RecordedPlugin> plugins)
    : bundle_(bundle),
      evaluator_(evaluator),
      seed_(seed),
      salt_(options.deal_salt),
      bots_(bots),
      listener_(listener),
      options_(std::move(options)),
      plugins_(std::move(plugins)) {}

Table::Table(const sdk::Bundle& bundle, Evaluator& evaluator, std::uint64_t seed, const std::vector<Seat>& seats,
             BotSource& bots, TableListener& listener, TableOptions options, std::vector<RecordedPlugin> plugins)
    : Table(bundle, evaluator, seed, bots, listener, std::move(options), std::move(plugins)) {
    session_ = std::make_unique<Session>(bundle_, evaluator_, seed_, seats, bots_, hooks(), plugins_);
    for (std::size_t i = 0; i < seats.size(); ++i) names_[session_->game().players()[i].id] = seats[i].name;
    session_->game().set_event_sink(this);
    begin();  // as given, even a lone player (a suspended game, GDD §3.4.2.1)
}

Table::Table(const sdk::Bundle& bundle, Evaluator& evaluator, const SaveState& save, BotSource& bots,
             TableListener& listener, TableOptions options)
    : bundle_(bundle), evaluator_(evaluator), bots_(bots), listener_(listener), options_(std::move(options)) {
    resumed(save);
    for (const Player& p : session_->game().players()) names_[p.id] = p.name;
    started_ = true;
    record_ = std::make_unique<RecordLog>(session_->game(), RecordHeader{});
    record_->take_lines();  // the header is the caller's, with the record's earlier lines
    session_->set_record(record_.get());
    end_record_if_resumed_over();
}

void Table::resumed(const SaveState& save) {
    seed_ = save.seed;
    plugins_ = save.plugins;
    session_ = std::make_unique<Session>(bundle_, evaluator_, save, bots_, hooks());
    lost_ = session_->restore_bots(save.seats);
    session_->game().set_event_sink(this);
}

Table::Table(const sdk::Bundle& bundle, Evaluator& evaluator, const nlohmann::json& saved, BotSource& bots,
             TableListener& listener, TableOptions options)
    : bundle_(bundle), evaluator_(evaluator), bots_(bots), listener_(listener), options_(std::move(options)) {
    resumed(parse_save(saved.at("session"), "table"));
    for (const auto& [id, name] : saved.at("names").items()) names_[static_cast<PlayerId>(std::stoul(id))] = name.get<std::string>();
    // "held" ("kept" in saves written before the word was given to the GDD's keep alone)
    for (const auto& [id, name] : saved.at(saved.contains("held") ? "held" : "kept").items()) held_[static_cast<PlayerId>(std::stoul(id))] = name.get<std::string>();
    for (const auto& [id, n] : saved.at("timeouts").items()) timeouts_[static_cast<PlayerId>(std::stoul(id))] = n.get<unsigned>();
    started_ = saved.at("started").get<bool>();
    if (const auto salt = saved.find("salt"); salt != saved.end()) {
        salt_ = salt->get<std::string>();
        if (!valid_salt(salt_)) throw RuleError("the saved table's deal salt is not 32 to 64 lowercase hex digits");
    }
    if (started_ || options_.record_lobby) {
        // The record's lines so far are the caller's; this one collects from here on.
        record_ = std::make_unique<RecordLog>(session_->game(), RecordHeader{}, deal());
        record_->take_lines();  // drop the placeholder header: the stored record has its own
        session_->set_record(record_.get());
        end_record_if_resumed_over();
    }
}

void Table::end_record_if_resumed_over() {
    // A game over was saved after its end line (end_record_if_over, then the checkpoint): the
    // caller's record has it, so this one is ended without writing a second (`play --resume` of
    // a save killed after the end; a finished web table shown again).
    if (!record_ || !session_->game().over()) return;
    record_->end();
    record_->take_lines();
}

Table::~Table() {
    if (session_) session_->game().set_event_sink(nullptr);
}

bool Table::seated(PlayerId id) const {
    if (!session_) return false;
    const auto& players = session_->game().players();
    return std::any_of(players.begin(), players.end(), [&](const Player& p) { return p.id == id; });
}

// Two names are one at a table when they look alike (host/base/printable, name_skeleton: case,
// compatibility forms, NFC/NFD, invisible characters, combining marks and Unicode TS #39
// confusables), so Cyrillic "аnn" cannot sit down beside "ann"; TableOptions::same_name, when
// set, decides instead.
bool Table::same(std::string_view a, std::string_view b) const {
    return options_.same_name ? options_.same_name(a, b) : a == b || name_skeleton(a) == name_skeleton(b);
}

const std::string& Table::name(PlayerId id) const {
    static const std::string unknown = "?";
    const auto it = names_.find(id);
    return it == names_.end() ? unknown : it->second;
}

PlayerId Table::find(std::string_view who) const {
    if (!session_) return kNoPlayer;
    for (const Player& p : session_->game().players())
        if (same(name(p.id), who)) return p.id;
    return kNoPlayer;
}

bool Table::has_humans() const {
    if (!session_) return false;
    for (const Player& p : session_->game().players())
        if (!session_->bot(p.id)) return true;
    return false;
}

bool Table::without_people() const {
    return options_.needs_people && started_ && session_ && !session_->game().over() && !has_humans();
}

const std::vector<PendingChange>& Table::pending() const {
    static const std::vector<PendingChange> none;
    return session_ ? session_->pending() : none;
}

PendingChange* Table::pending_for(std::string_view who, bool join) {
    if (!session_) return nullptr;
    for (PendingChange& p : session_->pending())
        if (p.join == join && same(p.name, who)) return &p;
    return nullptr;
}

std::size_t Table::joins_pending() const {
    std::size_t n = 0;
    for (const PendingChange& p : pending()) n += p.join;
    return n;
}

PlayerId Table::held_seat(std::string_view who) const {
    for (const auto& [id, person] : held_)
        if (same(person, who) && seated(id)) return id;
    return kNoPlayer;
}

unsigned Table::timeouts(PlayerId id) const {
    const auto it = timeouts_.find(id);
    return it == timeouts_.end() ? 0 : it->second;
}

std::string Table::free_bot_name(const std::string& kind) const {
    const std::uint32_t taken = session_ ? session_->seats_taken() : 0;
    for (std::uint32_t n = taken + static_cast<std::uint32_t>(joins_pending()) + 1;; ++n) {
        std::string who = fmt::format("{}-{}", kind, n);
        const bool queued = std::any_of(pending().begin(), pending().end(), [&](const PendingChange& p) { return p.join && same(p.name, who); });
        if (find(who) == kNoPlayer && !queued) return who;
    }
}

// --- joining ----------------------------------------------------------------------------------

Reply Table::join(const std::string& who) {
    if (who.empty()) return refused("A player needs a name.");
    // The rule holds for the name as the record will hold it: bytes that are not UTF-8 (an IRC
    // nick in Latin-1) are written as U+FFFD there, so they do not bar a player.
    if (const std::string problem = name_problem(to_valid_utf8(who)); !problem.empty())
        return refused(fmt::format("'{}' cannot be a name here: {}.", excerpt(who, 40), problem));
    if (const PlayerId held = held_seat(who); held != kNoPlayer) return take_back(held, who);
    if (find(who) != kNoPlayer) return refused(fmt::format("There is already a player named '{}'.", who));
    if (pending_for(who, true)) return refused(fmt::format("{} joins after this turn already.", who));
    return sit(who, "");
}

Reply Table::add_bot(const std::string& kind, const std::string& who) {
    if (who.empty()) return sit(free_bot_name(kind), kind);
    if (const std::string problem = name_problem(to_valid_utf8(who)); !problem.empty())
        return refused(fmt::format("'{}' cannot be a name here: {}.", excerpt(who, 40), problem));
    if (find(who) != kNoPlayer || pending_for(who, true)) return refused(fmt::format("There is already a player named '{}'.", who));
    return sit(who, kind);
}

Reply Table::sit(const std::string& who, const std::string& bot) {
    const std::size_t seated = session_ ? session_->game().players().size() : 0;
    if (seated + joins_pending() >= options_.max_players)
        return refused(fmt::format("The table is full ({} seats).", options_.max_players));
    if (session_)
        if (const auto why = session_->game().may_join()) return refused(sentence(*why));
    if (session_ && session_->game().phase() == Phase::awaiting_give) {
        session_->pending().push_back(PendingChange{.join = true, .name = who, .bot = bot});
        return waits(fmt::format("{} joins after this turn.", who));
    }
    return seat_now(who, bot);
}

Reply Table::seat_now(const std::string& who, const std::string& bot) {
    // The engine wants unique names; a player renamed since may still hold `who` there, so the
    // engine's name gets a suffix (players only ever see the table's names).
    std::string engine_name = who;
    for (int n = 2; session_ && session_->game().find_player(engine_name); ++n) engine_name = fmt::format("{}~{}", who, n);
    PlayerId id = kNoPlayer;
    try {
        if (!session_) {
            session_ = std::make_unique<Session>(bundle_, evaluator_, seed_, std::vector<Seat>{Seat{.name = engine_name, .bot = bot}},
                                                 bots_, hooks(), plugins_);
            session_->game().set_event_sink(this);
            id = session_->game().players().front().id;
            names_[id] = who;
            if (options_.record_lobby) begin_record();
        } else {
            joining_ = who;
            id = session_->join(Seat{.name = engine_name, .bot = bot});
            joining_.clear();
        }
    } catch (const std::exception& e) {  // the engine refuses, or the bot cannot be made
        joining_.clear();
        return refused(fmt::format("{} cannot join: {}.", who, e.what()));
    }
    names_[id] = who;
    return done(started_ ? fmt::format("{} joins the game.", who) : fmt::format("{} sits down.", who), id);
}

Reply Table::reclaim(PlayerId id, const std::string& who) {
    if (!held_.count(id) || !seated(id)) return refused(fmt::format("No seat is held for {}.", who));
    return take_back(id, who);
}

Reply Table::take_back(PlayerId id, const std::string& who) {
    if (session_->game().phase() == Phase::awaiting_give && session_->game().current_player() == id)
        return refused(fmt::format("{}, your seat is being played this turn; ask again after it.", who));
    const std::string stand_in = name(id);
    session_->hand_back(id);
    names_[id] = who;
    held_.erase(id);
    timeouts_.erase(id);
    seat_line(id, "", "back");
    return done(same(stand_in, who) ? fmt::format("{} is back and plays their seat again.", who)
                                    : fmt::format("{} is back and takes their seat again from {}.", who, stand_in),
                id);
}

// --- leaving ----------------------------------------------------------------------------------

Reply Table::leave(PlayerId id, bool gone) {
    if (!seated(id)) return refused("You are not playing.");
    Game& game = session_->game();
    if (game.over()) return refused("The game is over.");
    const std::string who = name(id);
    if (!started_) {
        Reply r = leave_now(id);
        // An empty lobby is dropped, unless its record began already (record_lobby): then the
        // front end ends that record with its reason and drops the table.
        if (r && game.players().empty() && !record_) {
            game.set_event_sink(nullptr);
            session_.reset();
        }
        return r;
    }
    if (held_.count(id)) return refused(fmt::format("The {} bot plays {}'s seat already.", options_.stand_in, who));
    if (const auto why = game.may_leave(id)) {
        if (gone) return hold_for(id);  // nobody is there to play the seat, which cannot be given up
        return refused(sentence(*why));
    }
    if (options_.bot_takes_over) return take_over(id);
    if (pending_for(who, false)) return refused(fmt::format("{} leaves after this turn already.", who));
    if (gone && game.phase() == Phase::awaiting_give && game.current_player() == id) {
        // Nobody would answer for the drawn card: the stand-in bot plays this last turn.
        listener_.notice(fmt::format("{} leaves; the {} bot plays their turn.", who, options_.stand_in));
        session_->give(make_bot(options_.stand_in, 0)->choose_receiver(session_->view()));
        end_record_if_over();
        if (game.over()) return done(fmt::format("{} leaves.", who));
    }
    if (game.phase() == Phase::awaiting_give) {
        session_->pending().push_back(PendingChange{.join = false, .name = who, .bot = {}});
        return waits(fmt::format("{} leaves after this turn.", who));
    }
    return leave_now(id);
}

Reply Table::leave_now(PlayerId id) {
    const std::string who = name(id);
    try {
        session_->leave(id);
    } catch (const RuleError& e) {
        return refused(fmt::format("{} cannot leave: {}.", who, e.what()));
    }
    timeouts_.erase(id);
    held_.erase(id);
    if (started_) end_record_if_over();  // the last player gone ends the game (GDD §3.4.2.1)
    return done(fmt::format("{} leaves.", who));
}

void Table::end_record_if_over() {
    if (record_ && session_ && session_->game().over()) record_->end();
}

Reply Table::hold_for(PlayerId id) {
    const std::string who = name(id);
    session_->hand_to_bot(id, options_.stand_in);
    held_[id] = who;
    timeouts_.erase(id);
    seat_line(id, options_.stand_in, "house rules");
    return done(fmt::format("{} is gone, and the house rules hold the seat: the {} bot plays it until they are back.", who,
                            options_.stand_in));
}

Reply Table::hold_seat(PlayerId id) {
    if (!started_ || session_->game().over()) return refused("The game is not running.");
    if (!seated(id) || is_bot(id)) return refused(fmt::format("No person plays seat {} now.", id));
    const std::string who = name(id);
    session_->hand_to_bot(id, options_.stand_in);
    held_[id] = who;
    timeouts_.erase(id);
    seat_line(id, options_.stand_in, "out of time");
    return done(fmt::format("The {} bot holds {}'s seat until they are back.", options_.stand_in, who));
}

Reply Table::take_over(PlayerId id) {
    const std::string was = name(id);
    const std::string bot = free_bot_name(options_.stand_in);
    session_->hand_to_bot(id, options_.stand_in, true);  // a seat of its own: names and seeds the next bots
    held_[id] = was;
    names_[id] = bot;
    timeouts_.erase(id);
    seat_line(id, options_.stand_in, "take-over");
    return done(fmt::format("{} leaves; the bot {} takes over their seat, so the game goes on.", was, bot));
}

Reply Table::cancel(const std::string& who, std::optional<bool> join) {
    if (!session_) return refused("Nothing is pending.");
    auto& queue = session_->pending();
    const auto it = std::find_if(queue.begin(), queue.end(),
                                 [&](const PendingChange& p) { return same(p.name, who) && (!join || p.join == *join); });
    if (it == queue.end())
        return refused(fmt::format("No {} of {} is pending.", !join ? "join or leave" : *join ? "join" : "leave", who));
    std::string text = fmt::format("{}'s {} is cancelled.", it->name, it->join ? "join" : "leave");
    queue.erase(it);
    return done(std::move(text));
}

void Table::apply_changes(Session& /*session*/, const std::vector<PendingChange>& changes) {
    for (const PendingChange& c : changes) {
        if (session_->game().over()) return;
        Reply r;
        if (c.join) {
            r = seat_now(c.name, c.bot);
        } else if (const PlayerId id = find(c.name); id != kNoPlayer) {
            r = leave_now(id);
        } else {
            continue;
        }
        if (!r) listener_.notice(r.text);
    }
    listener_.changes_applied();
}

// --- playing ----------------------------------------------------------------------------------

Reply Table::start() {
    if (started_) return refused("The game is running already.");
    if (!session_ || session_->game().players().size() < 2) return refused("At least 2 players are needed to start.");
    begin();
    return done("The game starts.");
}

void Table::begin() {
    started_ = true;
    if (!record_) begin_record();
}

void Table::begin_record() {
    const Game& game = session_->game();
    RecordHeader header{.seed = seed_, .commitment = commitment(), .players = {}, .plugins = session_->plugins(),
                        .source = options_.source};
    for (const Player& p : game.players()) {
        std::string bot;
        for (const SeatedBot& b : session_->bots())
            if (b.id == p.id) bot = b.name;
        header.players.push_back(Seat{.name = p.name, .bot = bot});
    }
    record_ = std::make_unique<RecordLog>(game, header, deal());
    session_->set_record(record_.get());
}

std::optional<Deal> Table::deal() const {
    if (salt_.empty()) return std::nullopt;
    return Deal{.seed = seed_, .salt = salt_};
}

std::string Table::commitment() const { return salt_.empty() ? std::string() : host::commitment(*deal()); }

std::optional<Deal> Table::revealed_deal() const {
    if (salt_.empty() || !record_ || !record_->ended()) return std::nullopt;
    return deal();
}

Reply Table::give(PlayerId actor, PlayerId receiver, std::uint32_t turn) {
    if (!started_) return refused("The game has not started.");
    Game& game = session_->game();
    if (game.phase() != Phase::awaiting_give) return refused("No card is waiting to be given.");
    if (turn != game.turn())  // a second tab, a double click, a command typed for a card that is gone
        return refused(fmt::format("That answers turn {}, but the game is at turn {}: nothing was given; decide again on "
                                   "the card drawn now.", turn, game.turn()));
    const PlayerId current = game.current_player();
    if (!seated(actor)) return refused(fmt::format("You are not playing; it is {}'s turn.", name(current)));
    if (actor != current) return refused(fmt::format("It is {}'s turn, not {}'s.", name(current), name(actor)));
    if (is_bot(actor)) return refused(fmt::format("A bot plays {}'s seat now; sit down again to take it back.", name(actor)));
    if (!seated(receiver)) return refused("No such player at this table.");
    timeouts_[actor] = 0;
    session_->give(receiver);
    end_record_if_over();  // a give that wins ends the record here, not at the next advance()
    return done(receiver == actor ? fmt::format("{} keeps the card.", name(actor))
                                  : fmt::format("{} gives the card to {}.", name(actor), name(receiver)));
}

void Table::time_out(std::chrono::milliseconds waited) {
    if (!started_ || session_->game().phase() != Phase::awaiting_give) return;
    const PlayerId id = session_->game().current_player();
    if (is_bot(id)) return;
    const unsigned n = ++timeouts_[id];
    const std::string within = waited > std::chrono::milliseconds::zero()
                                   ? "within " + duration_words(waited)
                                   : "in time";
    const std::string count = options_.max_timeouts != 0 ? fmt::format("timeout {} of {}", n, options_.max_timeouts)
                                                         : fmt::format("timeout {}", n);
    listener_.notice(fmt::format("{} did not act {}: the {} bot decides for them ({}).", name(id), within,
                                 options_.stand_in, count));
    session_->give(make_bot(options_.stand_in, 0)->choose_receiver(session_->view()));
    end_record_if_over();
    if (options_.max_timeouts != 0 && n >= options_.max_timeouts && !session_->game().over()) {
        listener_.notice(fmt::format("{} timed out {} turns in a row.", name(id), n));
        const Reply r = leave(id, true);
        listener_.notice(r.text);
    }
}

void Table::rename(PlayerId id, const std::string& who) {
    if (!names_.count(id) || names_[id] == who) return;
    names_[id] = who;
    seat_line(id, "", "nick");
}

void Table::rename(std::string_view old_name, const std::string& who) {
    if (const PlayerId id = find(old_name); id != kNoPlayer && !is_bot(id)) rename(id, who);
    for (auto& [id, person] : held_)
        if (same(person, old_name)) person = who;
    if (session_)
        for (PendingChange& p : session_->pending())
            if (p.bot.empty() && same(p.name, old_name)) p.name = who;
}

void Table::stop(const std::string& reason) {
    if (record_) record_->end(reason);
}

SessionStop Table::advance() {
    if (!started_ || !session_) return SessionStop::before_turn;
    const SessionStop stop = session_->advance();
    end_record_if_over();
    if (without_people()) this->stop(kNoPersonLeft);  // the bots do not play it out
    return stop;
}

void Table::seat_line(PlayerId id, const std::string& bot, const std::string& why) {
    if (!record_) return;
    record_->put_line(host::seat_line(session_->game().turn(),
                                      SeatLine{.player = session_->game().player(id).name, .name = name(id), .bot = bot, .why = why}));
}

void Table::on_event(const Event& event) {
    if (event.type == EventType::join && !joining_.empty()) names_[event.player] = joining_;
    if (record_) record_->on_event(event);
    listener_.on_event(event);
}

nlohmann::json Table::save_json() const {
    nlohmann::json j;
    j["session"] = session_ ? host::save_json(session_->save_state()) : nlohmann::json();
    auto by_id = [](const auto& map) {
        nlohmann::json o = nlohmann::json::object();
        for (const auto& [id, v] : map) o[std::to_string(id)] = v;
        return o;
    };
    j["names"] = by_id(names_);
    j["held"] = by_id(held_);
    j["timeouts"] = by_id(timeouts_);
    j["started"] = started_;
    if (!salt_.empty()) j["salt"] = salt_;
    return j;
}

}  // namespace cherries::host
