#include "host/records/record_log.hpp"

#include <iterator>

namespace cherries::host {

RecordLog::RecordLog(const Game& game, const RecordHeader& header, std::optional<Deal> reveal)
    : game_(game), writer_(game), reveal_(std::move(reveal)) {
    // A name that is not valid UTF-8 (an IRC nick) is written with U+FFFD, never thrown at.
    lines_.push_back(header_json(header).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

void RecordLog::on_event(const Event& event) {
    std::optional<RecordedPlugin> plugin;
    if (event.type == EventType::join) plugin.swap(joining_plugin_);
    if (plugin) lines_.push_back(plugin_line(event.turn, *plugin));
    std::string line;
    writer_.append(event, line);
    lines_.push_back(std::move(line));
}

void RecordLog::end(std::string_view reason) {
    if (ended_) return;
    ended_ = true;
    reason_ = reason;
    lines_.push_back(end_line(game_, reason, reveal_ ? &*reveal_ : nullptr));
}

std::vector<std::string> RecordLog::take_lines() {
    std::vector<std::string> out;
    out.swap(lines_);
    return out;
}

void RecordLog::put_back(std::vector<std::string> lines) {
    lines.insert(lines.end(), std::make_move_iterator(lines_.begin()), std::make_move_iterator(lines_.end()));
    lines_ = std::move(lines);
}

}  // namespace cherries::host
