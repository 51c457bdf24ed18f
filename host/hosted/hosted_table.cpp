#include "host/hosted/hosted_table.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include "host/session/plugin_list.hpp"

namespace cherries::host {

HostedTable::HostedTable(HostedSetup setup, BotSource& bots, TableListener& front, std::uint64_t seed)
    : setup_(std::move(setup)),
      front_(front),
      runtime_(setup_.bundle->make_runtime()),
      clock_(setup_.clock),
      store_health_(setup_.store_retry) {
    TableListener& listener = *this;
    table_ = std::make_unique<Table>(*setup_.bundle, *runtime_, seed, bots, listener, setup_.options, recorded_plugins(*setup_.bundle));
}

HostedTable::HostedTable(HostedSetup setup, BotSource& bots, TableListener& front, const HostedState& saved,
                         std::vector<std::string> stored_lines)
    : setup_(std::move(setup)),
      front_(front),
      runtime_(setup_.bundle->make_runtime()),
      tally_(saved.tally.is_null() ? SeatTally() : SeatTally::from_json(saved.tally)),
      clock_(setup_.clock),
      store_health_(setup_.store_retry),
      record_(std::move(stored_lines)),
      stored_(record_.size()) {
    TableListener& listener = *this;
    table_ = std::make_unique<Table>(*setup_.bundle, *runtime_, saved.table, bots, listener, setup_.options);
    try {
        clock_.restore(saved.clock);
    } catch (const std::invalid_argument& e) {
        throw HostedStateError(e.what());
    }
}

nlohmann::json HostedTable::checkpoint_json(nlohmann::json front) const {
    return hosted_state_json({table_->save_json(), tally_.to_json(), std::move(front), setup_.clock.bank ? clock_.to_json() : nlohmann::json()});
}

HostedTable::~HostedTable() { table_.reset(); }  // the Table first: it calls back into this

void HostedTable::on_event(const Event& event) {
    if (table_) tally_.on_event(event, *table_);
    front_.on_event(event);
}

void HostedTable::collect_record() {
    if (RecordLog* log = table_->record())
        for (auto& line : log->take_lines()) record_.push_back(std::move(line));
}

std::vector<std::string> HostedTable::unstored_record_lines() const {
    return {record_.begin() + static_cast<std::ptrdiff_t>(std::min(stored_, record_.size())), record_.end()};
}

std::string HostedTable::record_text() const {
    std::string out;
    for (const auto& line : record_) out += line + '\n';
    if (RecordLog* log = table_->record()) {  // lines not collected yet: peek by taking and putting back
        auto lines = log->take_lines();
        for (const auto& line : lines) out += line + '\n';
        log->put_back(std::move(lines));
    }
    return out;
}

bool HostedTable::over() const {
    const Game* game = table_->game();
    return (game && game->over()) || (table_->record() && table_->record()->ended());
}

std::string HostedTable::status() const {
    const Game* game = table_->game();
    if (game && game->over()) return std::string(to_string(game->phase()));
    if (table_->record() && table_->record()->ended()) return "stopped";
    return "in_progress";
}

std::string HostedTable::winner() const {
    const Game* game = table_->game();
    return game && game->winner() != kNoPlayer ? table_->name(game->winner()) : std::string();
}

std::string HostedTable::player_names() const {
    std::vector<std::string> names;
    if (const Game* game = table_->game())
        for (const Player& p : game->players()) names.push_back(table_->name(p.id));
    return fmt::format("{}", fmt::join(names, ", "));
}

std::uint32_t HostedTable::turns() const { return table_->game() ? table_->game()->turn() : 0; }

std::uint32_t HostedTable::complete_turns() const {
    const Game* game = table_->game();
    if (!game) return 0;
    return game->phase() == Phase::awaiting_give && game->turn() > 0 ? game->turn() - 1 : game->turn();
}

std::optional<std::uint32_t> HostedTable::waiting_for_person() const {
    const Game* game = table_->game();
    if (!game || !table_->started() || game->phase() != Phase::awaiting_give) return std::nullopt;
    if (table_->is_bot(game->current_player())) return std::nullopt;
    return game->turn();
}

}  // namespace cherries::host
