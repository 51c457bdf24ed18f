// The table options of a hosted table, one block with the same keys, bounds and defaults in
// CherryBot's irc.toml ([game]) and serve.toml ([tables]): docs/irc.md and docs/web.md,
// "Configuration". Read by one function for both configs; plain data for the front ends.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cherries::sdk {
class ConfigReader;
class TomlValue;
}  // namespace cherries::sdk

namespace cherries::host {

/// What the others may do at a correspondence table when a person is out of time (their bank
/// and vacation days spent): the house rule `out_of_time`. The turn waits until most of the other
/// people seated choose it (host::HostedTable::choose_out_of_time); nothing happens silently.
enum class OutOfTime : std::uint8_t {
    skip,      ///< "skip": the stand-in bot decides this one card; the person keeps their seat
    stand_in,  ///< "stand_in": the stand-in bot holds the person's seat until they are back
};

/// The house rule's word in the config ("skip", "stand_in").
std::string_view out_of_time_word(OutOfTime rule);

/// How a hosted table treats its people. The defaults are the ones a config file that says
/// nothing gets, on IRC and on the web alike.
struct HostedTableOptions {
    /// A person's time for a turn (`turn_timeout`, seconds, 0.05 to 86400, fractions allowed);
    /// then the stand-in bot decides for them.
    std::chrono::milliseconds turn_timeout{90'000};
    /// Timeouts in a row after which the player leaves (`max_timeouts`, 0 to 1000; 0: never).
    unsigned max_timeouts = 3;
    /// Seats at a table, bots included (`max_players`, 2 to 100).
    std::size_t max_players = 10;
    /// A bot holds the seat of a player who leaves a running game (`bot_takes_over`).
    bool bot_takes_over = false;
    /// A correspondence table, played over days: each person's bank of time (`time_bank`, hours,
    /// 1 to 8760; 0: off, every turn has turn_timeout), what each answer adds (`time_bank_add`,
    /// hours, 0 to 8760), the most a bank holds (`time_bank_cap`, hours, at least time_bank; 0:
    /// time_bank), and the vacation days a person may spend in a game when their bank runs out
    /// (`vacation_days`, 0 to 365). `days_per_move = N` is the preset time_bank = time_bank_add =
    /// time_bank_cap = N days: each turn N days.
    std::chrono::hours time_bank{0};
    std::chrono::hours time_bank_add{36};
    std::chrono::hours time_bank_cap{0};
    unsigned vacation_days = 5;
    /// At a correspondence table, what the others may choose for a person out of time
    /// (`out_of_time`, "skip" or "stand_in").
    OutOfTime out_of_time = OutOfTime::skip;
};

/// The most days a move may be given (`days_per_move`, serve.toml and the lobby alike).
inline constexpr unsigned kMaxDaysPerMove = 365;

/// The "N days per move" preset: time_bank = time_bank_add = time_bank_cap = `days` days (1 to
/// kMaxDaysPerMove), so each turn has `days` days; vacation_days unchanged.
void set_days_per_move(HostedTableOptions& options, unsigned days);

/// The keys of the block, for a config's list of known keys ("did you mean").
std::vector<std::string_view> hosted_table_keys();

/// Reads the block's keys of `table` into `options` (a key not given keeps its value); every
/// problem (a wrong type, a value out of bounds) goes to `reader`, prefixed by `context`
/// ("[game] ", "[tables] ").
void read_hosted_table_options(sdk::ConfigReader& reader, const sdk::TomlValue& table, const std::string& context,
                               HostedTableOptions& options);

}  // namespace cherries::host
