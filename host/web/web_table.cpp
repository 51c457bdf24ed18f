#include "host/web/web_table.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <stdexcept>

#include "host/base/printable.hpp"
#include "host/bots/lua_bot.hpp"
#include "host/session/plugin_list.hpp"
#include "host/base/random_seed.hpp"
#include "host/web/replay_entries.hpp"
#include "host/table/rematch.hpp"

namespace cherries::web {

using nlohmann::json;

namespace {

host::HostedSetup hosted_setup(const TableSetup& setup) {
    return {.bundle = setup.bundle, .options = setup.options, .clock = setup.clock, .store_retry = std::chrono::seconds(1)};
}

}  // namespace

WebTable::WebTable(TableSetup setup, host::GameLibrary& library, std::uint64_t seed)
    : setup_(std::move(setup)), bots_(library) {
    host::TableListener& listener = *this;
    hosted_ = std::make_unique<host::HostedTable>(hosted_setup(setup_), bots_, listener, seed);
}

WebTable::WebTable(TableSetup setup, host::GameLibrary& library, const host::HostedState& state, std::vector<std::string> record_lines)
    : setup_(std::move(setup)), bots_(library) {
    host::TableListener& listener = *this;
    hosted_ = std::make_unique<host::HostedTable>(hosted_setup(setup_), bots_, listener, state, std::move(record_lines));
    const json& saved = state.front;  // the web's own part (front_json)
    if (const auto it = saved.find("notices"); it != saved.end() && it->is_array())
        for (const auto& n : *it) notices_[n.at("id").get<PlayerId>()] = n.at("text").get<std::string>();
    for (const auto& [token, seat] : saved.at("tokens").items())
        tokens_[token] = Token{seat.at("id").get<PlayerId>(), seat.at("name").get<std::string>()};
    if (const auto it = saved.find("claimed"); it != saved.end() && it->is_array())  // a state from before claims has none
        for (const auto& name : *it) claimed_.insert(name.get<std::string>());
    // The sentences about the table the save kept (a save from before they were kept has none).
    std::vector<Note> notes;
    const auto saved_notes = saved.find("history_notes");
    if (saved_notes != saved.end() && saved_notes->is_array())
        for (const auto& n : *saved_notes) notes.push_back({n.at("at").get<std::size_t>(), n.at("text").get<std::string>()});
    if (table().game() && table().started()) {
        // The history a page opened after the restart asks for: the stored record replayed with
        // this table's seed (its end line, which would reveal it, is not written yet).
        ReplayedEntries replayed =
            replay_entries(*setup_.bundle, hosted_->runtime(), *setup_.words, hosted_->record_lines(), "table " + setup_.id, table().seed(),
                           [this](const Event& event, const json& entry) { remember_change(event, entry.value("text", "")); });
        // Only what matched the record: the replay's problem (where it stopped) could name the
        // deck's next card, so it is said to nobody. The live table made no entries of the events
        // before its start (the sit-downs were its own sentences): the replay's first ones, as
        // many as it has more than the save counted, are left out, and the saved sentences go
        // back between the others where they were, so the history is the same line for line.
        const std::size_t live = saved.value("history_count", std::size_t{0});
        const std::size_t skip = saved_notes != saved.end() && replayed.entries.size() > live ? replayed.entries.size() - live : 0;
        std::size_t k = 0;
        auto notes_up_to = [&](std::size_t at) {
            for (; k < notes.size() && notes[k].at <= at; ++k) {
                entries_.push_back(json{{"text", notes[k].text}}.dump(-1, ' ', false, json::error_handler_t::replace));
                notes_.push_back({engine_entries_, notes[k].text});
            }
        };
        for (std::size_t i = skip; i < replayed.entries.size(); ++i) {
            notes_up_to(engine_entries_);
            entries_.push_back(replayed.entries[i].dump(-1, ' ', false, json::error_handler_t::replace));
            ++engine_entries_;
        }
        notes_up_to(static_cast<std::size_t>(-1));
        say("The server restarted; the game goes on from here (the lines above are rebuilt from its record).");
    } else {
        for (const auto& n : notes) say(n.text);  // a waiting table: its sit-downs
    }
    if (table().game()) begin_words();
    for (const auto& lost : table().lost_bots())
        say(fmt::format("{}'s bot '{}' could not be seated again ({}); the greedy bot plays for it.",
                                   table().name(lost.id), lost.bot, lost.why));
}

WebTable::~WebTable() = default;

json WebTable::notices_json() const {
    json out = json::array();
    for (const auto& [id, text] : notices_) out.push_back({{"id", id}, {"text", text}});
    return out;
}

json WebTable::front_json() const {
    json tokens = json::object();
    for (const auto& [token, seat] : tokens_) tokens[token] = {{"id", seat.id}, {"name", seat.name}};
    // The sentences of the history (the last 500: a few a game, a timeout's each), small beside
    // the record that rebuilds the rest.
    json notes = json::array();
    for (std::size_t i = notes_.size() > 500 ? notes_.size() - 500 : 0; i < notes_.size(); ++i)
        notes.push_back({{"at", notes_[i].at}, {"text", notes_[i].text}});
    json front = {{"id", setup_.id}, {"sets", setup_.sets}, {"gametype", setup_.gametype}, {"tokens", tokens},
                  {"notices", notices_json()}, {"random_sets", setup_.random_sets}, {"history_notes", notes},
                  {"history_count", engine_entries_}};
    if (!claimed_.empty()) front["claimed"] = claimed_;  // names proven by their key (a list of names: no key)
    if (setup_.days_per_move > 0) front["days_per_move"] = setup_.days_per_move;  // the lobby's choice survives a restart
    return front;
}

void WebTable::on_event(const Event& event) {
    if (event.type == EventType::leave) {
        for (auto it = tokens_.begin(); it != tokens_.end();)
            it = it->second.id == event.player ? tokens_.erase(it) : std::next(it);
    }
    // Whose turn it was and what they drew and gave: the state of a bot's paced turn says it.
    if (event.type == EventType::draw) played_ = {event.turn, event.player, event.card, kNoPlayer};
    else if (event.type == EventType::give && event.turn == played_.turn) played_.to = event.receiver;
    // Before the start the table is a lobby: its replies say who sat down; the engine's words
    // for a game of one ("suspended", "resumes") would only confuse.
    if (!hosted_ || !table().started()) return;
    if (!maker_ && table().game()) begin_words();
    if (!maker_) return;
    json entry = maker_->entry(event);
    const std::string full = entry.value("text", "");
    entries_.push_back(entry.dump(-1, ' ', false, json::error_handler_t::replace));
    ++engine_entries_;
    remember_change(event, full);
}

void WebTable::remember_change(const Event& event, const std::string& full) {
    // What changed a player's counts or stack, told as the log tells it (their panel's last change).
    const bool change = event.type == EventType::handle || event.type == EventType::score_change ||
                        event.type == EventType::expire || event.type == EventType::age;
    if (!change || full.empty()) return;
    LastChange& last = last_change_[event.player];
    if (last.turn != event.turn) last = {event.turn, {}};
    last.lines.push_back(full);
}

void WebTable::started_now() {
    say(host::sealed_words(table().commitment()));
    // The game's words begin here, before its first turn (whose header they say).
    begin_words();
    play_on();
}

std::map<std::string, std::string> WebTable::seat_and_start(const host::Rematch& rematch) {
    std::map<std::string, std::string> tokens;
    for (const auto& seat : rematch.seats) {
        const host::Reply reply = seat.person.empty() ? table().add_bot(seat.bot) : table().join(seat.person);
        if (!reply || seat.person.empty()) continue;  // a bot that cannot be made again: the rest play
        const std::string t = new_token();
        tokens_[t] = Token{reply.id, seat.person};
        tokens[seat.person] = t;
    }
    if (table().start()) started_now();
    return tokens;
}

host::Rematch WebTable::rematch() const { return host::rematch_of(table(), *setup_.bundle); }

void WebTable::begin_words() {
    maker_ = std::make_unique<EventEntries>(*table().game(), *setup_.words, [this](PlayerId id) { return table().name(id); });
}

std::string WebTable::take_events() {
    if (!deal_told_)
        if (const auto deal = table().revealed_deal()) {
            say(host::revealed_words(*deal));
            deal_told_ = true;
        }
    const std::size_t from = taken_;
    taken_ = entries_.size();
    return array_text(from, taken_);
}

std::string WebTable::history(std::size_t max) const { return array_text(taken_ > max ? taken_ - max : 0, taken_); }

std::string WebTable::array_text(std::size_t from, std::size_t to) const {
    std::string out = "[";
    for (std::size_t i = from; i < to; ++i) (out += i == from ? "" : ",") += entries_[i];
    return out + "]";
}

std::string WebTable::new_token() const {
    return fmt::format("{:016x}{:016x}", host::random_seed(), host::random_seed());
}

WebTable::Token* WebTable::token(const std::optional<std::string>& token) {
    if (!token) return nullptr;
    const auto it = tokens_.find(*token);
    if (it == tokens_.end()) return nullptr;
    Token& t = it->second;
    if (t.id == kNoPlayer) t.id = table().find(t.name);  // a join that was pending has happened
    if (t.id != kNoPlayer && table().name(t.id) != t.name) {  // a bot took the seat over under its own name
        tokens_.erase(it);
        return nullptr;
    }
    return &t;
}

PlayerId WebTable::seat_of(const std::string& t) {
    const Token* seat = token(t);
    return seat ? seat->id : kNoPlayer;
}

void WebTable::play_on() {
    // Also once the game is over: advance() then writes the record's end line.
    if (table().started() && !(table().record() && table().record()->ended())) table().advance();
}

void WebTable::notice(const std::string& text) {
    say(text);
    if (heard_) heard_->push_back(text);
}

void WebTable::time_out(std::chrono::milliseconds waited) {
    const auto turn = hosted_->waiting_for_person();
    if (!turn) return;
    const PlayerId who = table().game()->current_player();
    std::vector<std::string> heard;
    heard_ = &heard;
    hosted_->out_of_time(waited);  // the stand-in decides, or at a correspondence table the others choose
    heard_ = nullptr;
    if (!heard.empty()) notices_[who] = fmt::format("Turn {}: {}", *turn, fmt::join(heard, " "));
    play_on();
}

Outcome WebTable::handle(const ClientMessage& m) {
    Outcome out;
    auto refused = [&](std::string text) {
        out.error = refuse(m, std::move(text));
        return out;
    };
    auto answer = [&](const host::Reply& reply) {
        if (!reply) out.error = refuse(m, reply.text);
        else {
            if (!reply.text.empty() && m.type != "give") {  // a give's own lines say who received what
                say(reply.text);
            }
            out.changed = true;
        }
    };
    if (m.type == "hello") {
        if (m.token) {
            if (!token(m.token)) return refused("this seat token is not one of this table's: you watch as a spectator (sit down to play)");
            out.seated_token = *m.token;
        }
        return out;
    }
    if (m.type == "join") {
        if (hosted_->over()) return refused("the game is over; open a new table to play again");
        const std::string name = host::nfc_name(m.name);  // the form a name is kept in: one spelling of "ánn"
        const host::Reply reply = table().join(name);
        answer(reply);
        if (reply) {
            const std::string t = new_token();
            tokens_[t] = Token{reply.id, name};
            if (m.claimed) claimed_.insert(name);  // its key proved it (Server::Impl::prove_name)
            out.seated_token = t;
            play_on();
        }
        return out;
    }
    Token* seat = token(m.token);
    if (!seat) return refused("this seat token is not one of this table's; expected the token a 'seated' message gave you");
    if (m.type == "cancel") {
        if (m.name != seat->name) return refused("you may only take back your own join or leave ('" + seat->name + "')");
        const host::Reply reply = table().cancel(m.name);
        answer(reply);
        if (reply && seat->id == kNoPlayer) tokens_.erase(*m.token);  // the join taken back: no seat
        return out;
    }
    if (seat->id == kNoPlayer) return refused("your join waits for the end of this turn; you can act once you are seated");
    if (m.type == "add_bot") {
        answer(table().add_bot(m.kind));
        if (out.changed) play_on();
    } else if (m.type == "start") {
        if (table().started()) return refused("the game has started already");
        answer(table().start());
        if (out.changed) started_now();
    } else if (m.type == "give") {
        answer(table().give(seat->id, m.to, m.turn));  // the table checks turn, seat and receiver
        if (out.changed) {
            notices_.erase(seat->id);  // they are back: an old timeout's words would mislead
            play_on();
        }
    } else if (m.type == "out_of_time") {
        answer(hosted_->choose_out_of_time(seat->id, m.turn));  // the hosted table counts the others' choice
        if (out.changed) play_on();
    } else if (m.type == "pause") {
        answer(hosted_->agree_pause(seat->id, m.now));
    } else if (m.type == "resume") {
        answer(hosted_->end_pause(seat->id, m.now));
    } else if (m.type == "leave") {
        // Leaving the web table is leaving the page: nobody stays to decide a card in hand, so on
        // their own turn the stand-in bot decides it (Table::leave, `gone`).
        answer(table().leave(seat->id, true));
        if (out.changed) play_on();
    }
    return out;
}

json card_kind_json(const sdk::Bundle& bundle, const host::CardText& words, KindId kind_id) {
    const Catalog& catalog = bundle.catalog();
    const CardKind& kind = catalog.kinds()[kind_id];
    const std::string& set = catalog.sets()[kind.set].id;
    std::string fingerprint;
    for (const auto& p : bundle.plugins())
        if (p.type == "set" && p.id == set) fingerprint = p.fingerprint;
    return {{"id", set + ":" + kind.id}, {"name", words.kind_name(kind_id)}, {"text", words.describe_kind(kind_id)},
            {"type", std::string(to_string(kind.type))}, {"count", kind.count},
            {"face", "/cards/" + fingerprint + "/" + kind.id + ".svg"}};
}

json WebTable::card_json(CardId card) const {
    return card_kind_json(*setup_.bundle, *setup_.words, setup_.bundle->catalog().kind_id_of(card));
}

json WebTable::last_change_json(PlayerId id) const {
    json lines = json::array();
    const auto it = last_change_.find(id);
    if (it == last_change_.end()) return lines;
    for (const auto& line : it->second.lines) lines.push_back(lines.empty() ? fmt::format("turn {}: {}", it->second.turn, line) : line);
    return lines;
}

json WebTable::state_json() const {
    const Game* game = table().game();
    const Gametype& gametype = setup_.bundle->gametype();
    json state = {{"id", setup_.id}, {"started", table().started()},
                  {"gametype", {{"id", setup_.gametype}, {"name", gametype.name}, {"rule", setup_.words->gametype_rule()},
                                {"house_rules", host::house_rules_words(gametype.house_rules)}, {"winning_score", gametype.winning_score}, {"graph", graph_url(setup_.gametype)}}},
                  {"sets", setup_.sets}, {"random_sets", setup_.random_sets}};
    state["phase"] = !table().started() ? std::string("lobby") : std::string(to_string(game->phase()));
    // Stopped before its end (no person plays it any more: TableOptions::needs_people).
    const bool stopped = table().started() && table().record() && table().record()->ended() && !game->over();
    if (stopped) state["phase"] = "stopped";
    state["turn"] = game ? game->turn() : 0;
    state["deck"] = game ? game->deck().size() : setup_.bundle->catalog().card_count();
    PlayerId current = game && table().started() && !game->over() && !stopped ? game->current_player() : kNoPlayer;
    CardId drawn = game ? game->drawn_card() : kNoCard;
    // While a bot's turn is shown (the pace), the game is between turns and its current player is
    // the next one; the state says the turn just played instead: its player (the bot), the card
    // it drew and to whom it went (all public once given), so the page names the bot, not the next.
    const bool paced = current != kNoPlayer && bot_played_ && game->phase() == Phase::between_turns &&
                       played_.turn == game->turn() && played_.to != kNoPlayer && played_.card != kNoCard;
    if (paced) {
        current = played_.player;
        drawn = played_.card;
    }
    state["current"] = current == kNoPlayer ? json(nullptr) : json(current);
    state["drawn"] = drawn != kNoCard ? card_json(drawn) : json(nullptr);
    state["given_to"] = paced ? json(played_.to) : json(nullptr);
    // What leaving does to player `id`'s seat now, in words, under this table's house rules: the
    // sentence the page's Leave asks with (docs/web.md), from here, not copied into the page.
    const auto leave_words = [&](PlayerId id) {
        const std::string name = table().name(id);
        if (!table().started()) return name + " stands up; the game has not started, so nothing else changes.";
        std::string words = name + " leaves the game in progress.";
        if (id == current && game->phase() == Phase::awaiting_give) words += " It is your turn: the stand-in bot decides this card first.";
        words += " House rules: " + host::house_rules_words(gametype.house_rules);
        // Bots never play out a game that no person plays (TableOptions::needs_people).
        const auto& bots = table().session_ptr()->bots();
        const bool person_stays = std::any_of(game->players().begin(), game->players().end(), [&](const Player& p) {
            return p.id != id && std::none_of(bots.begin(), bots.end(), [&](const auto& b) { return b.id == p.id; });
        });
        if (!person_stays) words += " Nobody else here is a person, so the game stops after this turn.";
        return words;
    };
    json players = json::array();
    if (game) {
        const host::Session* session = table().session_ptr();
        for (const Player& p : game->players()) {
            json bot = nullptr;
            for (const auto& b : session->bots())
                if (b.id == p.id) bot = b.name;
            json modifiers = json::array();
            for (const auto& mod : p.modifiers) modifiers.push_back({{"card", card_json(mod.card)}, {"lifetime", mod.lifetime}});
            // The received card stack, bottom first, by card ids ("SET:CARD", the catalog's card_list
            // has their words): the page shows it as a pile.
            json received = json::array();
            for (CardId card : p.received) received.push_back(card_json(card)["id"]);
            players.push_back({{"id", p.id}, {"name", table().name(p.id)}, {"bot", bot}, {"cherries", p.cherries},
                               {"score", p.score}, {"modifiers", modifiers}, {"received", p.received.size()},
                               {"received_cards", received}, {"timeouts", table().timeouts(p.id)}, {"last_change", last_change_json(p.id)}});
            if (bot.is_null()) players.back()["leave"] = leave_words(p.id);
            if (const auto it = notices_.find(p.id); it != notices_.end()) players.back()["notice"] = it->second;
        }
    }
    state["players"] = players;
    // What takes the others' word at a correspondence table: a person out of time whose card
    // waits for their choice, and a pause asked for or agreed (docs/web.md, "Correspondence tables").
    if (const auto& late = hosted_->out_of_time_vote())
        state["out_of_time"] = {{"player", late->seat}, {"turn", late->turn}, {"yes", late->yes}, {"needed", hosted_->out_of_time_needed()},
                                {"rule", host::out_of_time_word(setup_.clock.bank ? setup_.clock.bank->out_of_time : host::OutOfTime::skip)}};
    if (setup_.clock.bank) state["pause"] = {{"held", hosted_->clock().held()}, {"asked", hosted_->pause_asked()}};
    // The rules the page states beside its fields, from the one place that checks them (the page
    // copies none): the chat line's cap in bytes, the name rule in words and its width.
    state["rules"] = {{"chat_max_bytes", kMaxChatBytes},
                      {"name_max_width", host::kMaxNameWidth},
                      {"name", fmt::format("one word of 1 to {} characters (a wide character such as 漢 counts 2), no spaces", host::kMaxNameWidth)}};
    // The notices of seats no longer in the game (removed after their timeouts).
    json departed = json::array();
    const auto seated = [game](PlayerId id) {
        return game && std::any_of(game->players().begin(), game->players().end(), [id](const Player& p) { return p.id == id; });
    };
    for (const auto& [id, text] : notices_)
        if (!seated(id)) departed.push_back(text);
    state["departed"] = departed;
    json pending = json::array();
    for (const auto& p : table().pending()) pending.push_back({{"join", p.join}, {"name", p.name}});
    state["pending"] = pending;
    state["result"] = nullptr;
    state["record"] = table().started() ? json("/api/tables/" + setup_.id + "/record") : json(nullptr);
    // The fair deal: the commitment from the start, the seed (as text: JavaScript's numbers lose
    // digits past 2^53) and salt once the record's end line reveals them.
    state["deal"] = {{"commitment", table().commitment()}};
    if (const auto deal = table().revealed_deal()) {
        state["deal"]["seed"] = std::to_string(deal->seed);
        state["deal"]["salt"] = deal->salt;
    }
    if (game && (game->over() || stopped)) {
        json standings = json::array();
        std::vector<const Player*> order;
        for (const Player& p : game->players()) order.push_back(&p);
        std::stable_sort(order.begin(), order.end(), [](const Player* a, const Player* b) { return a->score > b->score; });
        for (const Player* p : order) standings.push_back({{"name", table().name(p->id)}, {"score", p->score}});
        state["result"] = {{"winner", game->winner() == kNoPlayer ? json(nullptr) : json(table().name(game->winner()))},
                           {"standings", standings}, {"phase", stopped ? std::string("stopped") : std::string(to_string(game->phase()))}};
        if (stopped) state["result"]["reason"] = table().record()->reason();
    }
    return state;
}

json WebTable::summary_json() const {
    json names = json::array();
    const Game* game = table().game();
    if (game)
        for (const Player& p : game->players()) names.push_back(table().name(p.id));
    const bool playing = game && table().started() && !hosted_->over() && !game->over();
    json claimed = json::array();  // the seated names their key proved (one who left is not listed)
    for (const auto& name : names)
        if (claimed_.count(name.get<std::string>())) claimed.push_back(name);
    return {{"id", setup_.id}, {"players", names}, {"gametype", setup_.gametype}, {"sets", setup_.sets},
            {"random_sets", setup_.random_sets}, {"started", table().started()}, {"over", hosted_->over()},
            {"current", playing ? json(table().name(game->current_player())) : json(nullptr)}, {"claimed", claimed},
            {"days_per_move", setup_.days_per_move}};
}

}  // namespace cherries::web
