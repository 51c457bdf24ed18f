#include "host/session/seats.hpp"

#include <set>

#include <fmt/core.h>
#include <fmt/ranges.h>

#include "host/bots/bot.hpp"
#include "host/base/printable.hpp"
#include "host/base/input_error.hpp"
#include "host/base/join.hpp"

namespace cherries::host {

namespace {

void check_name(std::string_view name, std::string_view spec) {
    if (name.empty())
        throw InputError("'" + excerpt(spec) + "': expected a name (NAME, bot:KIND or bot:KIND=NAME)");
    if (const std::string problem = name_problem(name); !problem.empty())
        throw InputError("'" + excerpt(spec) + "': " + problem + " in '" + excerpt(name) + "'");
}

}  // namespace

Seat parse_seat(std::string_view spec, std::size_t seat) {
    constexpr std::string_view prefix = "bot:";
    if (!spec.starts_with(prefix)) {
        check_name(spec, spec);
        return {nfc_name(spec), {}};  // kept composed (NFC): one spelling of a name in records
    }
    std::string_view rest = spec.substr(prefix.size());
    std::string_view kind = rest;
    std::string name;
    if (const auto eq = rest.find('='); eq != std::string_view::npos) {
        kind = rest.substr(0, eq);
        name = nfc_name(rest.substr(eq + 1));
        check_name(name, spec);
    } else {
        name = std::string(kind) + "-" + std::to_string(seat);
    }
    try {
        make_bot(kind, 0);  // throws InputError naming the known kinds
    } catch (const InputError& e) {
        throw InputError("'" + excerpt(spec) + "': " + e.what());
    }
    return {std::move(name), std::string(kind)};
}

std::vector<Seat> parse_seats(const std::vector<std::string>& specs) {
    if (specs.empty())
        throw InputError("play needs at least one --player (NAME for a human, bot:KIND for a bot), or --scenario FILE");
    if (specs.size() > kMaxPlayers)
        throw InputError(fmt::format("--player given {} times; a game has at most {} players", specs.size(), kMaxPlayers));
    std::vector<Seat> seats;
    std::set<std::string, std::less<>> names;
    for (std::size_t i = 0; i < specs.size(); ++i) {
        Seat seat;
        try {
            seat = parse_seat(specs[i], i + 1);
        } catch (const InputError& e) {
            throw InputError(std::string("--player ") + e.what());
        }
        if (!names.insert(seat.name).second)
            throw InputError("--player '" + excerpt(specs[i]) + "': the name '" + excerpt(seat.name) +
                             "' is taken; names must differ");
        seats.push_back(std::move(seat));
    }
    return seats;
}

PlayerNames::PlayerNames(const Game& game) {
    for (const auto& p : game.players()) names_[p.id] = p.name;
}

void PlayerNames::record(const Game& game, const Event& event) {
    if (event.type == EventType::join) names_[event.player] = game.player(event.player).name;
}

const std::string& PlayerNames::operator[](PlayerId id) const {
    static const std::string unknown = "?";
    const auto it = names_.find(id);
    return it == names_.end() ? unknown : it->second;
}

std::string player_list(const Game& game) {
    return join_each(game.players(), &Player::name, ", ");
}

}  // namespace cherries::host
