#include "host/session/hosted_table_options.hpp"

#include "sdk/toml/config_reader.hpp"

#include <chrono>

namespace cherries::host {

std::vector<std::string_view> hosted_table_keys() {
    return {"turn_timeout", "max_timeouts", "max_players", "bot_takes_over", "time_bank", "time_bank_add", "time_bank_cap",
            "vacation_days", "days_per_move", "out_of_time"};
}

std::string_view out_of_time_word(OutOfTime rule) { return rule == OutOfTime::stand_in ? "stand_in" : "skip"; }

void set_days_per_move(HostedTableOptions& options, unsigned days) {
    options.time_bank = options.time_bank_add = options.time_bank_cap = std::chrono::hours(24 * static_cast<std::int64_t>(days));
}

void read_hosted_table_options(sdk::ConfigReader& r, const sdk::TomlValue& t, const std::string& context,
                               HostedTableOptions& options) {
    if (auto v = r.seconds(t, "turn_timeout", 0.05, 86400, context)) options.turn_timeout = *v;
    if (auto v = r.integer(t, "max_timeouts", 0, 1000, context)) options.max_timeouts = static_cast<unsigned>(*v);
    if (auto v = r.integer(t, "max_players", 2, 100, context)) options.max_players = static_cast<std::size_t>(*v);
    if (auto v = r.boolean(t, "bot_takes_over", context)) options.bot_takes_over = *v;
    if (auto v = r.integer(t, "days_per_move", 1, kMaxDaysPerMove, context)) set_days_per_move(options, static_cast<unsigned>(*v));
    if (auto v = r.integer(t, "time_bank", 0, 8760, context)) options.time_bank = std::chrono::hours(*v);
    if (auto v = r.integer(t, "time_bank_add", 0, 8760, context)) options.time_bank_add = std::chrono::hours(*v);
    if (auto v = r.integer(t, "time_bank_cap", 0, 8760, context)) options.time_bank_cap = std::chrono::hours(*v);
    if (auto v = r.integer(t, "vacation_days", 0, 365, context)) options.vacation_days = static_cast<unsigned>(*v);
    if (auto v = r.string(t, "out_of_time", context)) {
        if (*v == "skip") options.out_of_time = OutOfTime::skip;
        else if (*v == "stand_in") options.out_of_time = OutOfTime::stand_in;
        else
            r.error(t.get("out_of_time").value_or(t), context + "out_of_time is '" + v->substr(0, 40) +
                                                          "'; expected \"skip\" (the stand-in decides that card) or \"stand_in\" (it holds the seat)");
    }
    if (options.time_bank_cap.count() != 0 && options.time_bank_cap < options.time_bank)
        r.error(t.get("time_bank_cap").value_or(t), context + "time_bank_cap is below time_bank; expected at least time_bank hours (or 0: time_bank)");
}

}  // namespace cherries::host
