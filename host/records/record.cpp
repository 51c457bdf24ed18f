#include "host/records/record.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <limits>
#include <cstring>

#include "host/base/json_fields.hpp"
#include "host/base/file_io.hpp"
#include "host/records/state_json.hpp"
#include "host/base/printable.hpp"
#include "host/base/input_error.hpp"

#ifndef CHERRIES_VERSION
#define CHERRIES_VERSION "0.0.0"
#endif

namespace cherries::host {

std::string_view cherries_version() { return CHERRIES_VERSION; }

nlohmann::json header_json(const RecordHeader& h) {
    nlohmann::json players = nlohmann::json::array();
    for (const auto& s : h.players)
        players.push_back({{"name", s.name}, {"bot", s.is_bot() ? nlohmann::json(s.bot) : nlohmann::json()}});
    nlohmann::json j = {{"record", "cherries"}, {"format", kRecordFormat}, {"cherries", cherries_version()},
                        {"players", players},   {"plugins", plugins_json(h.plugins)}, {"source", h.source}};
    if (h.commitment.empty()) j["seed"] = h.seed;
    else j["commitment"] = h.commitment;
    if (h.game >= 0) j["game"] = h.game;
    return j;
}

namespace {

[[noreturn]] void malformed(const std::string& where, const std::string& what) {
    throw InputError(where + ": malformed record: " + what);
}

std::string text_field(const nlohmann::json& j, const char* key, const std::string& file, const std::string& where) {
    if (!j.is_object() || !j.contains(key) || !j[key].is_string())
        malformed(file, where + "expected \"" + key + "\" to be a string");
    return j[key].get<std::string>();
}

}  // namespace

RecordHeader parse_header(const nlohmann::json& j, const std::string& path, std::size_t line) {
    const std::string file = path + ":" + std::to_string(line);
    if (!j.is_object() || j.value("record", nlohmann::json()) != "cherries")
        malformed(file, "expected a header line {\"record\": \"cherries\", ...}");
    if (!j.contains("format") || !j["format"].is_number_integer())
        malformed(file, "expected \"format\" to be an integer");
    if (const std::int64_t format = j["format"].get<std::int64_t>(); format < kOldestRecordFormat || format > kRecordFormat)
        throw InputError(file + ": record format " + excerpt(j["format"].dump()) + " is not one this cherries reads (format " +
                         std::to_string(kOldestRecordFormat) + " to " + std::to_string(kRecordFormat) + ")");
    RecordHeader h;
    if (j.contains("commitment") && j["format"].get<std::int64_t>() >= 4) {  // a sealed deal: the end line reveals the seed
        if (j.contains("seed")) malformed(file, "expected \"seed\" or \"commitment\", not both");
        if (!j["commitment"].is_string() || !valid_commitment(j["commitment"].get<std::string>()))
            malformed(file, "expected \"commitment\" to be 64 lowercase hex digits");
        h.commitment = j["commitment"].get<std::string>();
    } else {
        if (!j.contains("seed") || !j["seed"].is_number_unsigned())
            malformed(file, "expected \"seed\" to be an unsigned integer (or, from format 4 on, a \"commitment\")");
        h.seed = j["seed"].get<std::uint64_t>();
    }
    if (!j.contains("players") || !j["players"].is_array() || j["players"].empty())
        malformed(file, "expected \"players\" to be a non-empty array");
    if (j["players"].size() > kMaxPlayers)
        malformed(file, "expected at most " + std::to_string(kMaxPlayers) + " \"players\"");
    for (const auto& p : j["players"]) {
        Seat s;
        s.name = text_field(p, "name", file, "players: ");
        if (const std::string problem = name_problem(s.name); !problem.empty())
            malformed(file, "players: \"name\": " + problem + " in '" + excerpt(s.name) + "'");
        if (p.contains("bot") && p["bot"].is_string()) s.bot = p["bot"].get<std::string>();
        h.players.push_back(std::move(s));
    }
    if (!j.contains("plugins")) malformed(file, "expected \"plugins\" to be an array");
    h.plugins = parse_plugins(j["plugins"], file + ": malformed record: ");
    if (j.contains("source")) h.source = text_field(j, "source", file, "");
    if (j.contains("game")) {
        const nlohmann::json& g = j["game"];
        if (!g.is_number_unsigned() || g.get<std::uint64_t>() > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
            malformed(file, "expected \"game\" to be an integer from 0 to 2^63-1");
        h.game = g.get<std::int64_t>();
    }
    return h;
}

std::string plugin_line(std::uint32_t turn, const RecordedPlugin& plugin) {
    return nlohmann::json::array({"plugin", turn, plugin_json(plugin)})
        .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string seat_line(std::uint32_t turn, const SeatLine& seat) {
    nlohmann::json who = {{"name", seat.name}, {"why", seat.why}};
    if (!seat.bot.empty()) who["bot"] = seat.bot;
    return nlohmann::json::array({"seat", turn, seat.player, who}).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::optional<SeatLine> parse_seat_line(const nlohmann::json& line, const std::string& path, std::size_t line_number) {
    if (!line.is_array() || line.empty() || line[0] != "seat") return std::nullopt;
    const std::string where = path + ":" + std::to_string(line_number) + ": malformed record: seat: ";
    if (line.size() != 4 || !line[1].is_number_unsigned() || !line[2].is_string() || !line[3].is_object())
        throw InputError(where + "expected [\"seat\", turn, player, {\"name\", \"why\", \"bot\" (optional)}]");
    const JsonFields occupant(line[3], where + "the occupant: ");
    SeatLine seat{.player = line[2].get<std::string>(), .name = occupant.text("name", "the occupant's name"),
                  .bot = occupant.optional_text("bot", "the bot's kind").value_or(""), .why = occupant.text("why", "why the seat changed")};
    if (seat.name.empty()) throw InputError(where + "expected a non-empty \"name\"");
    return seat;
}

std::optional<RecordedPlugin> parse_plugin_line(const nlohmann::json& line, const std::string& path, std::size_t line_number) {
    if (!line.is_array() || line.empty() || line[0] != "plugin") return std::nullopt;
    const std::string where = path + ":" + std::to_string(line_number) + ": malformed record: plugin: ";
    if (line.size() != 3 || !line[1].is_number_unsigned())
        throw InputError(where + "expected [\"plugin\", turn, {\"kind\": \"bot\", \"id\", \"version\", \"fingerprint\"}]");
    RecordedPlugin plugin = parse_plugin(line[2], where);
    if (plugin.type != "bot")
        throw InputError(where + "expected kind \"bot\" (only a bot plugin joins mid-game), saw \"" + excerpt(plugin.type) + "\"");
    return plugin;
}

HeaderText::HeaderText(const RecordHeader& h) {
    const nlohmann::json j = header_json(h);
    players = j["players"].dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    plugins = j["plugins"].dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    source = j["source"].dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string header_line(const RecordHeader& h, const HeaderText& text) {
    if (!h.commitment.empty()) return header_json(h).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    // The keys of header_json in its (sorted) order.
    std::string line = "{\"cherries\":\"" + std::string(cherries_version()) + "\",\"format\":" + std::to_string(kRecordFormat);
    if (h.game >= 0) line += ",\"game\":" + std::to_string(h.game);
    line += ",\"players\":" + text.players + ",\"plugins\":" + text.plugins + ",\"record\":\"cherries\",\"seed\":" +
            std::to_string(h.seed) + ",\"source\":" + text.source + "}";
    return line;
}

std::string end_line(const Game& game, std::string_view reason, const Deal* reveal) {
    // By hand, in the order nlohmann::json (sorted keys) would write it: end, reason, salt, seed, turns.
    std::string line = "{\"end\":" + quoted(std::string(status_name(game)));
    if (!reason.empty()) line += ",\"reason\":" + quoted(std::string(reason));
    if (reveal) line += ",\"salt\":" + quoted(reveal->salt) + ",\"seed\":" + std::to_string(reveal->seed);
    return line + ",\"turns\":" + std::to_string(game.turn()) + "}";
}

namespace {

[[noreturn]] void io_error(const std::string& what, const std::string& file) {
    throw InputError(file + ": " + what + ": " + std::strerror(errno));
}

}  // namespace

RecordWriter::RecordWriter(const std::string& file, const Game& game, const RecordHeader& header,
                           const HeaderText* text, std::shared_ptr<const RecordWords> words)
    : file_(file), game_(game), lines_(game, std::move(words)), buffer_(std::make_unique_for_overwrite<char[]>(kBuffer)), capacity_(kBuffer) {
    fd_ = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd_ < 0) io_error("cannot write the record", file);
    put(header_line(header, text ? *text : HeaderText(header)));
}

RecordWriter::RecordWriter(const std::string& file, const Game& game)
    : file_(file), game_(game), lines_(game), buffer_(std::make_unique_for_overwrite<char[]>(kBuffer)), capacity_(kBuffer) {
    fd_ = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd_ < 0) io_error("cannot write the record", file);
}

RecordWriter::RecordWriter(std::function<void(std::string_view)> whole, const Game& game, const RecordHeader& header,
                           const HeaderText* text, std::shared_ptr<const RecordWords> words)
    : file_("(memory)"), game_(game), lines_(game, std::move(words)),
      buffer_(std::make_unique_for_overwrite<char[]>(kBuffer)), capacity_(kBuffer), whole_(std::move(whole)) {
    put(header_line(header, text ? *text : HeaderText(header)));
}

RecordWriter::RecordWriter(const std::string& file, const Game& game, std::uint64_t bytes)
    : file_(file), game_(game), lines_(game), buffer_(std::make_unique_for_overwrite<char[]>(kBuffer)), capacity_(kBuffer), written_(bytes) {
    fd_ = ::open(file.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd_ < 0) io_error("cannot continue the record", file);
    const off_t size = ::lseek(fd_, 0, SEEK_END);
    if (size < 0 || static_cast<std::uint64_t>(size) < bytes) {
        ::close(fd_);
        fd_ = -1;
        throw InputError(file + ": the record is shorter than the save says (" + std::to_string(bytes) +
                         " bytes); it does not belong to this save");
    }
    // Whatever was written after the save point belongs to a turn that is played again.
    if (::ftruncate(fd_, static_cast<off_t>(bytes)) != 0 || ::lseek(fd_, 0, SEEK_END) < 0)
        io_error("cannot continue the record", file);
}

RecordWriter::~RecordWriter() {
    if (fd_ < 0) return;
    try {
        flush();
    } catch (...) {  // a destructor must not throw; finish() and flush() report errors
    }
    ::close(fd_);
}

void RecordWriter::room(std::size_t bytes) {
    if (used_ + bytes <= capacity_) return;
    if (whole_) {  // in memory: grow, the record stays in one piece
        const std::size_t capacity = std::max(2 * capacity_, used_ + bytes);
        auto bigger = std::make_unique_for_overwrite<char[]>(capacity);
        std::memcpy(bigger.get(), buffer_.get(), used_);
        buffer_ = std::move(bigger);
        capacity_ = capacity;
        return;
    }
    flush();
    if (bytes > capacity_) {
        buffer_ = std::make_unique_for_overwrite<char[]>(bytes);
        capacity_ = bytes;
    }
}

void RecordWriter::put(const std::string& line) {
    room(line.size() + 1);
    std::memcpy(buffer_.get() + used_, line.data(), line.size());
    used_ += line.size();
    buffer_[used_++] = '\n';
}

void RecordWriter::on_event(const Event& event) {
    if (joining_plugin_ && event.type == EventType::join) {
        put(plugin_line(event.turn, *joining_plugin_));
        joining_plugin_.reset();
    }
    char* end = lines_.put(event, [this](std::size_t bytes) {
        if (used_ + bytes + 1 > capacity_) room(bytes + 1);  // + 1: the newline
        return buffer_.get() + used_;
    });
    *end++ = '\n';
    used_ = static_cast<std::size_t>(end - buffer_.get());
}

void RecordWriter::finish(bool durable) {
    put(end_line(game_));
    if (whole_) {
        whole_(std::string_view(buffer_.get(), used_));
        written_ += used_;
        used_ = 0;
        return;
    }
    flush(durable);
}

void RecordWriter::flush(bool durable) {
    if (whole_) return;  // in memory until finish()
    if (!write_all(fd_, buffer_.get(), used_)) io_error("cannot write the record", file_);
    written_ += used_;
    used_ = 0;
    if (durable && ::fsync(fd_) != 0) io_error("cannot sync the record", file_);
}

}  // namespace cherries::host
