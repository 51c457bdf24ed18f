// ChannelGame: the table's bookkeeping and the commands that only tell (!status, !card, !rules).
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "host/base/utf8.hpp"
#include "host/irc/channel_game.hpp"
#include "host/irc/channel_open_game.hpp"
#include "host/text/card_lookup.hpp"
#include "host/base/join.hpp"
#include "host/records/record_log.hpp"
#include "host/session/library_bots.hpp"

namespace cherries::irc {

namespace {

// The game of a table just made: a channel table always has its opener seated.
const Game& seated_game(const host::Table& table) {
    if (!table.game()) throw std::runtime_error("the table has no seat");
    return *table.game();
}

}  // namespace

ChannelGame::OpenGame::OpenGame(ChannelGame& ch, std::shared_ptr<const sdk::Bundle> b, std::uint64_t seed, const std::string& opener_nick)
    : channel(ch),
      casemapping(ch.options_.casemapping),
      cards(*b),
      hosted(std::make_unique<host::HostedTable>(ch.hosted_setup(std::move(b)), *ch.bots_, *this, seed)),
      game((out = &spill, table().join(opener_nick), seated_game(table()))),
      text(game, cards, [this](PlayerId id) { return nick(id); }),
      opener(opener_nick) {
    spill.clear();
    ready = true;
}

ChannelGame::OpenGame::OpenGame(ChannelGame& ch, std::shared_ptr<const sdk::Bundle> b, const host::HostedState& saved)
    : channel(ch),
      casemapping(ch.options_.casemapping),
      cards(*b),
      // The record's lines so far stay in the store: the channel needs none of them.
      hosted(std::make_unique<host::HostedTable>(ch.hosted_setup(std::move(b)), *ch.bots_, *this, saved, std::vector<std::string>{})),
      game(seated_game(table())),
      text(game, cards, [this](PlayerId id) { return nick(id); }) {
    ready = true;
}

ChannelGame::OpenGame::~OpenGame() { hosted.reset(); }  // the hosted table first: it calls back into this

std::string ChannelGame::OpenGame::drew_line() const {
    std::string card = cards.describe(game.drawn_card());
    while (!card.empty() && card.back() == '.') card.pop_back();
    return fmt::format("Turn {}: {} drew {}.", game.turn(), nick(game.current_player()), card);
}

void ChannelGame::OpenGame::on_event(const Event& e) {
    if (!ready) return;
    text.on_event(e);
}

void ChannelGame::OpenGame::notice(const std::string& line) {
    flush();
    out->push_back(line);
}

bool ChannelGame::OpenGame::may_start_turn() {
    if (!started || turns_left == 0) return false;  // no person left: host::Table's rule (needs_people)
    --turns_left;
    return true;
}

// The turn before is complete: stored before the next one is announced.
void ChannelGame::OpenGame::before_turn() { channel.persist(*out); }

PlayerId ChannelGame::OpenGame::bot_decides(PlayerId player, host::Bot& bot, const PlayerView& view) {
    return channel.bot_decision(player, bot, view, *out);
}

void ChannelGame::OpenGame::changes_applied() {
    flush();  // the joins and leaves between turns (GDD §3.4.2.1)
    sync_held();
}

void ChannelGame::OpenGame::turn_ended() {
    // A bot's turn, or any turn in compact mode: one line. A human's turn otherwise: the move,
    // the end of the turn, then the scores. Compact mode tells the scores when a round ends
    // (the last player in the turn order played).
    const PlayerId player = text.turn_player();
    const bool one_line = channel.compact_ || (player != kNoPlayer && is_bot(player));
    auto append = [&](std::vector<std::string> lines) {
        for (auto& l : lines) out->push_back(std::move(l));
    };
    if (game.over()) return append(text.take("", one_line));
    if (!one_line) return append(text.take("Scores: " + scores() + "."));
    append(text.take("", true));  // the turn; then joins, leaves, faults (if any)
    const auto& players = game.players();
    if (channel.compact_ && !players.empty() && players.back().id == player)
        out->push_back(fmt::format("Round over after turn {}. Scores: {}.", game.turn(), scores()));
}

void ChannelGame::OpenGame::say(const host::Reply& reply) {
    std::vector<std::string> lines = text.take();
    if (reply.outcome == host::Reply::Outcome::done && !lines.empty()) {
        for (auto& l : lines) out->push_back(std::move(l));
    } else {
        for (auto& l : lines) out->push_back(std::move(l));
        if (!reply.text.empty()) out->push_back(reply.text);
    }
    sync_held();
}

void ChannelGame::OpenGame::sync_held() {
    for (auto it = held_account.begin(); it != held_account.end();)
        it = table().held().count(it->first) ? std::next(it) : held_account.erase(it);
    for (const auto& [id, person] : table().held()) {
        if (held_account.count(id)) continue;
        if (const auto a = accounts.find(id); a != accounts.end()) {
            held_account[id] = a->second;
            if (nick(id) != person) accounts.erase(a);  // a bot took the seat over under its own name
        }
    }
}

std::string ChannelGame::OpenGame::seated_nicks() const {
    return host::join_each(game.players(), [this](const Player& p) { return nick(p.id); }, ", ");
}

PlayerId ChannelGame::OpenGame::find(std::string_view who, bool humans_only) const {
    const std::string folded = fold_case(who, casemapping);
    PlayerId bot = kNoPlayer;
    for (const Player& p : game.players()) {
        if (fold_case(nick(p.id), casemapping) != folded) continue;
        if (!is_bot(p.id)) return p.id;
        bot = p.id;
    }
    return humans_only ? kNoPlayer : bot;
}

std::string ChannelGame::OpenGame::scores() const {
    std::string out;
    for (const Player& p : game.players()) {
        out += fmt::format("{}{} {} ({} cherr{}", out.empty() ? "" : ", ", host::bidi_isolate(nick(p.id)), p.score, p.cherries,
                           p.cherries == 1 ? "y" : "ies");
        for (const ActiveModifier& m : p.modifiers) out += fmt::format(", {} {}", cards.name(m.card), m.lifetime);
        out += ")";
    }
    return out;
}

const Game* ChannelGame::game() const { return open_ ? &open_->game : nullptr; }

std::vector<std::string> ChannelGame::seated() const {
    std::vector<std::string> out;
    if (open_)
        for (const Player& p : open_->game.players()) out.push_back(open_->nick(p.id));
    return out;
}

std::string ChannelGame::to_play() const {
    const OpenGame* t = open_.get();
    if (!t || !t->started || t->game.phase() != Phase::awaiting_give || t->is_bot(t->game.current_player())) return "";
    return t->nick(t->game.current_player());
}

void ChannelGame::status(Replies& out) const {
    const OpenGame& t = *open_;
    const Gametype& g = t.game.gametype();
    if (!t.started) {
        out.push_back(fmt::format("Not started ({}, first to {} wins). Seated: {}. !join, !bot, then !start.", g.name,
                                  g.winning_score, t.seated_nicks()));
        return;
    }
    std::string now;
    switch (t.game.phase()) {
        case Phase::awaiting_give:
            now = fmt::format("{} to play {}", t.nick(t.game.current_player()), t.cards.describe(t.game.drawn_card()));
            break;
        case Phase::suspended: now = "suspended until someone !joins"; break;
        default: now = fmt::format("{} plays next", t.nick(t.game.current_player()));
    }
    out.push_back(fmt::format("Turn {}: {}; {} cards in the deck; first to {} wins.", t.game.turn(), now, t.game.deck().size(),
                              g.winning_score));
    out.push_back("Scores: " + t.scores() + ".");
}

void ChannelGame::card(const ChannelCommand& c, Replies& out) {
    const std::string name = fmt::format("{}", fmt::join(c.args, " "));
    if (name.empty() && c.name == "card") {
        out.push_back("Which card? !card NAME (the start of a word will do, e.g. !card cherry); !cards lists them.");
        return;
    }
    std::shared_ptr<const sdk::Bundle> bundle = open_ ? open_->hosted->bundle_ptr() : nullptr;
    try {
        if (!bundle) bundle = library_.bundle(options_.sets, options_.gametype);
    } catch (const std::exception& e) {
        out.push_back("Cannot load the cards: " + clean_echo(e.what(), 120));
        return;
    }
    const Catalog& catalog = bundle->catalog();
    if (c.name == "cards") {  // every card's name and how many are in the game, in lines of one wire line
        std::string line = fmt::format("Cards ({}): ", open_ ? "this game" : "a new game");
        bool first_of_line = true;  // a continued line starts with its item, later items after ", "
        for (const CardKind& kind : catalog.kinds()) {
            const std::string item = fmt::format("{} x{}", kind.name, kind.count);
            if (line.size() + item.size() > 300) {
                out.push_back(line + ",");
                line.clear();
                first_of_line = true;
            }
            line += (first_of_line ? "" : ", ") + item;
            first_of_line = false;
        }
        out.push_back(line + ". !card NAME tells what one does.");
        return;
    }
    auto describe = [&](KindId k) {
        for (CardId card = 0; card < catalog.card_count(); ++card) {
            if (catalog.kind_id_of(card) != k) continue;
            const host::CardText text(*bundle);
            std::string said = text.describe(card);
            while (!said.empty() && said.back() == '.') said.pop_back();  // "...change.; 4" read badly
            out.push_back(fmt::format("{}; {} in the game.", said, catalog.kinds()[k].count));
            return;
        }
        out.push_back(fmt::format("{}: none in the game.", catalog.kinds()[k].name));
    };
    const host::CardLookup found = host::find_card(catalog, name);  // one rule with the terminal's `card`
    if (found.card) return describe(*found.card);
    if (found.candidates.size() > 1) {
        std::vector<std::string> names;
        for (const KindId k : found.candidates) names.push_back(catalog.kinds()[k].name);
        out.push_back(fmt::format("Which one? {}.", fmt::join(names, ", ")));
        return;
    }
    out.push_back(fmt::format("No card called '{}'; !cards lists them, e.g. !card {}.", clean_echo(name, 24),
                              catalog.kinds().empty() ? "Cherry" : catalog.kinds()[0].name));
}

void ChannelGame::rules(Replies& out) {
    std::shared_ptr<const sdk::Bundle> bundle = open_ ? open_->hosted->bundle_ptr() : nullptr;
    try {
        if (!bundle) bundle = library_.bundle(options_.sets, options_.gametype);
    } catch (const std::exception& e) {
        out.push_back("Cannot load the gametype: " + clean_echo(e.what(), 120));
        return;
    }
    const Gametype& g = bundle->gametype();
    // The distribution, until its entries stop changing (a tabulated function repeats its tail).
    const auto& d = g.distribution;
    std::size_t shown = d.size();
    while (shown > 1 && d[shown - 1] == d[shown - 2]) --shown;
    constexpr std::size_t kMaxShown = 12;
    std::string table;
    for (std::size_t i = 0; i < std::min(shown, kMaxShown); ++i)
        table += fmt::format("{}{}:{}", table.empty() ? "" : " ", i, host::signed_number(d[i]));
    if (shown > kMaxShown) table += " ...";
    if (shown < d.size()) table += fmt::format(" ({} up to {})", host::signed_number(d[shown - 1]), d.size() - 1);
    table += g.distribution_function ? fmt::format("; beyond {}, a function decides", d.size() - 1) : std::string("; +0 beyond");
    out.push_back(fmt::format("{}: first to {} wins. End-of-turn score change by cherry count: {}. {}", g.name,
                              g.winning_score, table, host::house_rules_words(g.house_rules)));
}

}  // namespace cherries::irc
