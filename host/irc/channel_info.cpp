// ChannelGame: the table's bookkeeping and the commands that only tell (!status, !card, !rules).
#include <ranges>
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "host/irc/channel_game.hpp"
#include "host/irc/channel_table.hpp"
#include "host/records/record_log.hpp"
#include "host/session/library_bots.hpp"

namespace cherries::irc {

ChannelGame::Table::Table(ChannelGame& channel, std::shared_ptr<const sdk::Bundle> b, std::uint64_t seed,
                          const std::string& opener_nick, CaseMapping mapping)
    : bundle(std::move(b)),
      runtime(bundle->make_runtime()),
      cards(*bundle),
      hooks(channel),
      session(*bundle, *runtime, seed, {host::Seat{.name = opener_nick, .bot = {}}}, *channel.bots_, hooks,
              host::recorded_plugins(*bundle)),
      game(session.game()),
      view(session.view()),
      casemapping(mapping),
      text(game, cards, [this](PlayerId id) { return nick(id); }),
      opener(opener_nick) {
    nicks[game.players()[0].id] = opener_nick;
    game.set_event_sink(this);
}

ChannelGame::Table::Table(ChannelGame& channel, std::shared_ptr<const sdk::Bundle> b, const host::SaveState& save,
                          CaseMapping mapping)
    : bundle(std::move(b)),
      runtime(bundle->make_runtime()),
      cards(*bundle),
      hooks(channel),
      session(*bundle, *runtime, save, *channel.bots_, hooks),
      game(session.game()),
      view(session.view()),
      casemapping(mapping),
      text(game, cards, [this](PlayerId id) { return nick(id); }) {
    game.set_event_sink(this);
}

void ChannelGame::Table::on_event(const Event& e) {
    text.on_event(e);
    if (!log) return;
    if (e.type == EventType::draw || e.type == EventType::pass) {
        std::uint32_t& last = last_turn[e.player];
        if (last != e.turn) ++turns_taken[e.player];
        last = e.turn;
    }
    log->on_event(e);
}

void ChannelGame::Table::record() {
    log = std::make_unique<host::RecordLog>(game, host::RecordHeader{});
    log->take_lines();  // the header is the store's (ChannelGame::begin_stored)
    session.set_record(log.get());
}

std::string ChannelGame::Table::seated_nicks() const {
    return fmt::format("{}", fmt::join(game.players() | std::views::transform([this](const Player& p) { return nick(p.id); }), ", "));
}

std::string ChannelGame::Table::nick(PlayerId id) const {
    const auto it = nicks.find(id);
    return it != nicks.end() ? it->second : joining;
}

PlayerId ChannelGame::Table::find(std::string_view who, bool humans_only) const {
    const std::string folded = fold_case(who, casemapping);
    PlayerId bot = kNoPlayer;
    for (const Player& p : game.players()) {
        if (fold_case(nick(p.id), casemapping) != folded) continue;
        if (!is_bot(p.id)) return p.id;
        bot = p.id;
    }
    return humans_only ? kNoPlayer : bot;
}

bool ChannelGame::Table::has_humans() const {
    return std::any_of(game.players().begin(), game.players().end(), [&](const Player& p) { return !is_bot(p.id); });
}

host::PendingChange* ChannelGame::Table::pending_for(std::string_view who, bool join) {
    for (host::PendingChange& p : session.pending())
        if (p.join == join && same(p.name, who)) return &p;
    return nullptr;
}

std::string ChannelGame::Table::scores() const {
    std::string out;
    for (const Player& p : game.players()) {
        out += fmt::format("{}{} {} ({} cherr{}", out.empty() ? "" : ", ", nick(p.id), p.score, p.cherries,
                           p.cherries == 1 ? "y" : "ies");
        for (const ActiveModifier& m : p.modifiers) out += fmt::format(", {} {}", cards.name(m.card), m.lifetime);
        out += ")";
    }
    return out;
}

const Game* ChannelGame::game() const { return table_ ? &table_->game : nullptr; }

std::vector<std::string> ChannelGame::seated() const {
    std::vector<std::string> out;
    if (table_)
        for (const Player& p : table_->game.players()) out.push_back(table_->nick(p.id));
    return out;
}

std::string ChannelGame::to_play() const {
    const Table* t = table_.get();
    if (!t || !t->started || t->game.phase() != Phase::awaiting_give || t->is_bot(t->game.current_player())) return "";
    return t->nick(t->game.current_player());
}

void ChannelGame::status(Replies& out) const {
    const Table& t = *table_;
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

namespace {

// True when `query` (folded) starts `name` (folded) or one of its words: "hat" finds
// "-1 Hat Of Unfruit".
bool starts_a_word(const std::string& name, const std::string& query) {
    for (std::size_t at = 0;;) {
        if (name.compare(at, query.size(), query) == 0) return true;
        at = name.find(' ', at);
        if (at == std::string::npos) return false;
        ++at;
    }
}

}  // namespace

void ChannelGame::card(const ChannelCommand& c, Replies& out) {
    const std::string name = fmt::format("{}", fmt::join(c.args, " "));
    if (name.empty() && c.name == "card") {
        out.push_back("Which card? !card NAME (the start of a word will do, e.g. !card cherry); !cards lists them.");
        return;
    }
    std::shared_ptr<const sdk::Bundle> bundle = table_ ? table_->bundle : nullptr;
    try {
        if (!bundle) bundle = library_.bundle(options_.sets, options_.gametype);
    } catch (const std::exception& e) {
        out.push_back("Cannot load the cards: " + clean_echo(e.what(), 120));
        return;
    }
    const Catalog& catalog = bundle->catalog();
    if (c.name == "cards") {  // every card's name and how many are in the game, in lines of one wire line
        std::string line = fmt::format("Cards ({}): ", table_ ? "this game" : "a new game");
        const std::size_t head = line.size();
        for (const CardKind& kind : catalog.kinds()) {
            const std::string item = fmt::format("{} x{}", kind.name, kind.count);
            if (line.size() + item.size() > 300) {
                out.push_back(line + ",");
                line.clear();
            }
            line += (line.size() > head ? ", " : "") + item;
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
    const std::string wanted = fold_case(name, CaseMapping::ascii);
    // The exact name or id first; then the cards with a word that starts so: one is the card,
    // more are listed to choose from.
    std::vector<KindId> found;
    for (KindId k = 0; k < catalog.kinds().size(); ++k) {
        const CardKind& kind = catalog.kinds()[k];
        if (fold_case(kind.name, CaseMapping::ascii) == wanted || fold_case(kind.id, CaseMapping::ascii) == wanted ||
            fold_case(catalog.display_id(k), CaseMapping::ascii) == wanted)
            return describe(k);
        if (starts_a_word(fold_case(kind.name, CaseMapping::ascii), wanted) || fold_case(kind.id, CaseMapping::ascii).starts_with(wanted))
            found.push_back(k);
    }
    if (found.size() == 1) return describe(found[0]);
    if (found.size() > 1) {
        std::vector<std::string> names;
        for (const KindId k : found) names.push_back(catalog.kinds()[k].name);
        out.push_back(fmt::format("Which one? {}.", fmt::join(names, ", ")));
        return;
    }
    out.push_back(fmt::format("No card called '{}'; !cards lists them, e.g. !card {}.", clean_echo(name, 24),
                              catalog.kinds().empty() ? "Cherry" : catalog.kinds()[0].name));
}

void ChannelGame::rules(Replies& out) {
    std::shared_ptr<const sdk::Bundle> bundle = table_ ? table_->bundle : nullptr;
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
    out.push_back(fmt::format("{}: first to {} wins. End-of-turn score change by cherry count: {}. Joining in progress: {}; "
                              "leaving in progress: {}.",
                              g.name, g.winning_score, table, g.house_rules.join_in_progress ? "yes" : "no",
                              g.house_rules.leave_in_progress ? "yes" : "no"));
}

}  // namespace cherries::irc
