#include "host/session/hosted_table_options.hpp"

#include "sdk/toml/config_reader.hpp"

namespace cherries::host {

std::vector<std::string_view> hosted_table_keys() { return {"turn_timeout", "max_timeouts", "max_players", "bot_takes_over"}; }

void read_hosted_table_options(sdk::ConfigReader& r, const sdk::TomlValue& t, const std::string& context,
                               HostedTableOptions& options) {
    if (auto v = r.seconds(t, "turn_timeout", 0.05, 86400, context)) options.turn_timeout = *v;
    if (auto v = r.integer(t, "max_timeouts", 0, 1000, context)) options.max_timeouts = static_cast<unsigned>(*v);
    if (auto v = r.integer(t, "max_players", 2, 100, context)) options.max_players = static_cast<std::size_t>(*v);
    if (auto v = r.boolean(t, "bot_takes_over", context)) options.bot_takes_over = *v;
}

}  // namespace cherries::host
