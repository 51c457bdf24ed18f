#include "host/records/replay.hpp"

#include <fmt/core.h>

#include <exception>
#include <fstream>

#include "sdk/plugins/plugin_search.hpp"
#include "host/records/state_json.hpp"
#include "host/base/printable.hpp"
#include "host/base/input_error.hpp"

namespace cherries::host {

RecordHeader parse_header_line(const std::string& text, const std::string& file, std::size_t line) {
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    // After a record's end line comes the next record's header, or nothing.
    if (line > 1 && (!j.is_object() || !j.contains("record")))
        throw InputError(fmt::format(
            "{}:{}: malformed record: expected the next record's header line or the end of the file, saw {}", file,
            line, excerpt(text)));
    if (j.is_discarded()) throw InputError(fmt::format("{}:{}: malformed record: the header line is not JSON", file, line));
    return parse_header(j, file, line);
}

sdk::Bundle load_recorded_bundle(const std::vector<RecordedPlugin>& plugins,
                                 const std::vector<std::filesystem::path>& plugin_path) {
    std::vector<std::string> sets;
    std::string gametype;
    for (const auto& p : plugins) {
        if (p.type == "set") sets.push_back(p.id);
        else if (p.type == "gametype") gametype = p.id;
    }
    return sdk::load_bundle(sets, gametype, plugin_path);
}

namespace {

std::vector<std::string> names_of(const RecordHeader& header) {
    std::vector<std::string> names;
    for (const auto& p : header.players) names.push_back(p.name);
    return names;
}

Game make_game(const sdk::Bundle& bundle, Evaluator& evaluator, const RecordHeader& header, std::uint64_t seed,
               const std::string& file) {
    try {
        return Game(bundle.catalog(), bundle.gametype(), evaluator, seed, names_of(header));
    } catch (const RuleError& e) {
        throw InputError(file + ":1: malformed record: players: " + e.what());
    }
}

}  // namespace

std::uint64_t replay_seed(const RecordHeader& header, const std::vector<std::string>& lines, const std::string& file,
                          std::size_t first_line) {
    if (header.commitment.empty()) return header.seed;
    // The end line is the first object after the header: a record ends there.
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const nlohmann::json line = nlohmann::json::parse(lines[i], nullptr, false);
        if (!line.is_object() || !line.contains("end")) continue;
        const std::string where = fmt::format("{}:{}: ", file, i + first_line);
        const auto seed = line.find("seed");
        const auto salt = line.find("salt");
        if (seed == line.end() || salt == line.end())
            throw InputError(where + "malformed record: the header seals the deal (\"commitment\"), so the end line must "
                                     "reveal it: expected \"seed\" and \"salt\"");
        if (!seed->is_number_unsigned()) throw InputError(where + "malformed record: end line: expected \"seed\" to be an unsigned integer");
        if (!salt->is_string() || !valid_salt(salt->get<std::string>()))
            throw InputError(where + "malformed record: end line: expected \"salt\" to be 32 to 64 lowercase hex digits");
        const Deal deal{.seed = seed->get<std::uint64_t>(), .salt = salt->get<std::string>()};
        if (const std::string c = commitment(deal); c != header.commitment)
            throw InputError(fmt::format("{}the revealed deal (seed {}, salt {}) does not match the header's commitment {}: "
                                         "its SHA-256 is {}; the deck may have been changed after the game began",
                                         where, deal.seed, deal.salt, header.commitment, c));
        return deal.seed;
    }
    throw InputError(fmt::format("{}:{}: truncated record: its deal is sealed (\"commitment\") and only the end line "
                                 "reveals the seed, but the record has no end line",
                                 file, lines.size() + first_line - 1));
}

const char* to_string(DealCheck deal) {
    switch (deal) {
        case DealCheck::sealed: return "sealed";
        case DealCheck::open: return "open";
        case DealCheck::unverifiable: return "unverifiable";
    }
    return "unverifiable";
}

DealCheck deal_check(const RecordHeader& header, const std::vector<std::string>& lines) {
    if (!header.commitment.empty()) return DealCheck::sealed;
    // An open header: its end line (the first object after the header with "end") reveals
    // nothing. One that reveals a seed or a salt was a sealed record whose commitment is gone.
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const nlohmann::json line = nlohmann::json::parse(lines[i], nullptr, false);
        if (!line.is_object() || !line.contains("end")) continue;
        return line.contains("salt") || line.contains("seed") ? DealCheck::unverifiable : DealCheck::open;
    }
    return DealCheck::open;
}

std::string deal_words(DealCheck deal, const RecordHeader& header, std::uint64_t seed) {
    switch (deal) {
        case DealCheck::sealed:
            return fmt::format("the deal verifies: seed {} and its salt hash to the header's commitment {} (a sealed "
                               "deal: the deck was fixed before the first card)",
                               seed, header.commitment);
        case DealCheck::open:
            return fmt::format("the deal is open, not sealed: the header holds the seed {}, which whoever ran the game "
                               "chose or could read (cherries play, sim); nothing shows the deck was fixed before the "
                               "first card",
                               seed);
        case DealCheck::unverifiable: break;
    }
    return fmt::format("the deal cannot be verified: the header holds the seed {} and no commitment, yet the end line "
                       "reveals a seed or salt as only a sealed deal's does (a sealed record whose commitment was "
                       "dropped?); nothing shows the deck was fixed before the first card",
                       seed);
}

Replayer::Replayer(const sdk::Bundle& bundle, Evaluator& evaluator, const RecordHeader& header,
                   std::vector<std::string> lines, std::string file, std::size_t first_line,
                   std::optional<std::uint64_t> seed)
    : file_(std::move(file)),
      lines_(std::move(lines)),
      first_line_(first_line),
      sealed_(!header.commitment.empty()),
      deal_(seed ? DealCheck::unverifiable : deal_check(header, lines_)),
      seed_(seed ? *seed : replay_seed(header, lines_, file_, first_line_)),
      memo_(evaluator),
      game_(make_game(bundle, memo_, header, seed_, file_)),
      writer_(game_),
      plugins_(header.plugins) {
    game_.set_event_sink(this);
}

std::string Replayer::where(std::size_t index) const {
    return fmt::format("{}:{}: turn {}: ", file_, index + first_line_, game_.turn());
}

void Replayer::malformed(std::size_t index, const std::string& what) const {
    throw InputError(fmt::format("{}:{}: malformed record: {}", file_, index + first_line_, what));
}

void Replayer::mismatch(std::size_t index, const std::string& what) const {
    throw ReplayMismatch(where(index) + what);
}

nlohmann::json Replayer::parse_line(std::size_t index) const {
    nlohmann::json j = nlohmann::json::parse(lines_[index], nullptr, false);
    if (j.is_discarded()) malformed(index, "not JSON: " + excerpt(lines_[index]));
    return j;
}

PlayerId Replayer::player_named(std::size_t index, const nlohmann::json& name) const {
    if (!name.is_string()) malformed(index, "expected a player's name, saw " + excerpt(name.dump()));
    const Player* p = game_.find_player(name.get<std::string>());
    if (!p) mismatch(index, "the record names player " + excerpt(name.dump()) + ", who is not playing in the replay");
    return p->id;
}

void Replayer::on_event(const Event& event) {
    if (difference_) return;  // nothing is compared after the first difference
    produced_.clear();
    writer_.append(event, produced_);
    if (next_ >= lines_.size()) {
        difference_ = where(next_) + "the record ends here (truncated: no end line); replay gives " + produced_;
        truncated_ = true;
        return;
    }
    const std::string& recorded = lines_[next_];
    if (recorded != produced_) {
        // Another writer may space or order a line differently: compare the values.
        const nlohmann::json r = nlohmann::json::parse(recorded, nullptr, false);
        if (r.is_discarded()) {
            difference_ = fmt::format("{}:{}: malformed record: not JSON: {}", file_, next_ + first_line_,
                                      excerpt(recorded));
            truncated_ = true;
            return;
        }
        if (r != nlohmann::json::parse(produced_)) {
            difference_ = where(next_) + "expected " + excerpt(recorded) + ", replay gives " + excerpt(produced_);
            return;
        }
    }
    ++next_;
    ++checked_;
    if (observer_) observer_->on_event(event);
}

// A plugin line: a bot plugin that joins with the next line. The replay needs no bot (the
// record holds its decisions); the plugin is checked for shape and kept, like a header's.
void Replayer::read_plugin_line(std::size_t index, const nlohmann::json& line) {
    const RecordedPlugin plugin = *parse_plugin_line(line, file_, index + first_line_);
    if (find_recorded(plugins_, plugin.type, plugin.id))
        malformed(index, "plugin: bot '" + excerpt(plugin.id) + "' is recorded already; expected a plugin line only "
                         "for a bot plugin the record does not name yet");
    bool join_next = false;
    if (index + 1 < lines_.size()) {
        const nlohmann::json next = parse_line(index + 1);
        join_next = next.is_array() && !next.empty() && next[0] == "join";
    }
    if (!join_next)
        malformed(index, "plugin: expected the next line to be the join of its bot, saw " +
                             (index + 1 < lines_.size() ? excerpt(lines_[index + 1]) : std::string("the end of the record")));
    plugins_.push_back(plugin);
    ++next_;
}

std::string Replayer::occupant(PlayerId id) const {
    const auto it = occupants_.find(id);
    return it != occupants_.end() ? it->second : game_.player(id).name;
}

void Replayer::act(std::size_t index, const nlohmann::json& line) {
    const std::string kind = line[0].get<std::string>();
    if (kind == "seat") {  // not an event: who plays a seat from now on (also after the end)
        const SeatLine seat = *parse_seat_line(line, file_, index + first_line_);
        occupants_[player_named(index, seat.player)] = seat.name;
        ++next_;
        return;
    }
    if (game_.over())
        mismatch(index, "the game is over (" + end_line(game_) + ") but the record goes on: " + excerpt(lines_[index]));
    if (kind == "plugin") {
        read_plugin_line(index, line);
        return;
    }
    if (game_.phase() == Phase::awaiting_give) {
        // The decision: whom the drawn card goes to (a give, or the give that faulted).
        const std::size_t at = kind == "give" ? 3 : kind == "fault" ? 4 : 0;
        if (at == 0 || line.size() <= at)
            mismatch(index, "expected a give of the drawn card, the record has " + excerpt(lines_[index]));
        game_.give(player_named(index, line[at]));
        return;
    }
    if (kind == "join") {
        if (line.size() < 3 || !line[2].is_string()) malformed(index, "expected [\"join\", turn, name]");
        const std::string name = line[2].get<std::string>();
        if (const std::string problem = name_problem(name); !problem.empty())
            malformed(index, "join: " + problem + " in '" + excerpt(name) + "'");
        game_.join(name);
    } else if (kind == "leave") {
        if (line.size() < 3) malformed(index, "expected [\"leave\", turn, name]");
        game_.leave(player_named(index, line[2]));
    } else {
        if (turn_hook_ && game_.turn() > 0) turn_hook_();
        game_.start_turn();
    }
}

bool Replayer::run(std::optional<std::uint32_t> to) {
    for (;;) {
        if (next_ >= lines_.size())
            malformed(next_, "truncated record: it ends without an end line ({\"end\": ..., \"turns\": ...})");
        const std::size_t index = next_;
        const nlohmann::json line = parse_line(index);
        if (line.is_object()) {
            if (!line.contains("end")) malformed(index, "expected an event line [\"kind\", turn, ...] or the end line");
            // Only "end" and "turns" are compared ("reason" says why a game was stopped; readers
            // ignore keys they do not know).
            const std::string ours = end_line(game_);
            const nlohmann::json expected = nlohmann::json::parse(ours);
            if (line["end"] != expected["end"] || line.value("turns", nlohmann::json()) != expected["turns"])
                mismatch(index, "expected " + excerpt(lines_[index]) + ", replay gives " + ours);
            if (index + 1 < lines_.size()) malformed(index + 1, "a line after the end line");
            if (const auto reason = line.find("reason"); reason != line.end()) {
                if (!reason->is_string()) malformed(index, "end line: reason: expected a string, saw " + excerpt(reason->dump()));
                reason_ = reason->get<std::string>();
            }
            return true;
        }
        if (!line.is_array() || line.size() < 2 || !line[0].is_string() || !line[1].is_number_unsigned())
            malformed(index, "expected an event line [\"kind\", turn, ...], saw " + excerpt(lines_[index]));
        const bool starts_turn =
            game_.phase() == Phase::between_turns && line[0] != "join" && line[0] != "leave" && line[0] != "plugin" &&
            line[0] != "seat";
        if (to && starts_turn && game_.turn() >= *to) return false;
        try {
            act(index, line);
        } catch (const RuleError& e) {
            if (!difference_) mismatch(index, "the record's " + excerpt(lines_[index]) + " cannot be played: " + e.what());
        }
        if (difference_) {
            if (truncated_) throw InputError(*difference_);
            throw ReplayMismatch(*difference_);
        }
        if (next_ == index) mismatch(index, "expected " + excerpt(lines_[index]) + ", replay gives no event");
    }
}

}  // namespace cherries::host
