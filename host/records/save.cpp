#include "host/records/save.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <limits>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/core.h>

#include "engine/game.hpp"
#include "host/bots/bot.hpp"
#include "host/base/file_io.hpp"
#include "host/base/printable.hpp"
#include "host/base/input_error.hpp"
#include "host/base/json_fields.hpp"
#include "sdk/plugins/manifest.hpp"

namespace cherries::host {

namespace {

using nlohmann::json;

json id_or_null(std::uint32_t id, std::uint32_t none) { return id == none ? json() : json(id); }

}  // namespace

json save_json(const SaveState& s) {
    const GameSnapshot& g = s.game;
    json players = json::array();
    for (std::size_t i = 0; i < g.players.size(); ++i) {
        const Player& p = g.players[i];
        json modifiers = json::array();
        for (const auto& m : p.modifiers) modifiers.push_back({m.card, m.lifetime});
        const SavedSeat& seat = s.seats.at(i);
        players.push_back({{"id", p.id},
                           {"name", p.name},
                           {"cherries", p.cherries},
                           {"score", p.score},
                           {"received", p.received},
                           {"modifiers", modifiers},
                           {"bot", seat.bot.empty() ? json() : json(seat.bot)},
                           {"bot_state", seat.bot_state}});
    }
    json pending = json::array();
    for (const PendingChange& q : s.pending)
        pending.push_back({{q.join ? "join" : "leave", q.name}, {"bot", q.bot.empty() ? json() : json(q.bot)}});
    return {{"save", "cherries"},
            {"format", kSaveFormat},
            {"cherries", cherries_version()},
            {"seed", s.seed},
            {"max_turns", s.max_turns},
            {"seats_taken", s.seats_taken},
            {"humans", s.humans},
            {"plugins", plugins_json(s.plugins)},
            {"pending", pending},
            {"record", s.record_file.empty() ? json() : json({{"file", s.record_file}, {"bytes", s.record_bytes}})},
            {"game",
             {{"players", players},
              {"deck", g.deck},
              {"removed", g.removed},
              {"set_aside", g.set_aside},
              {"phase", std::string(to_string(g.phase))},
              {"next", g.next},
              {"drawn", id_or_null(g.drawn, kNoCard)},
              {"winner", id_or_null(g.winner, kNoPlayer)},
              {"next_id", g.next_id},
              {"turn", g.turn},
              {"started", g.started},
              {"random", g.random}}}};
}

namespace {

// The fields of one object of a save, a bad one named with its path ("f: malformed save: game: ").
JsonFields fields(const json& j, const std::string& file, const std::string& path) {
    return JsonFields(j, file + ": malformed save: " + path + (path.empty() ? "" : ": "));
}

template <class T>
T unsigned_field(const JsonFields& f, const char* key, T max = std::numeric_limits<T>::max()) {
    return static_cast<T>(f.unsigned_integer(key, max));
}

std::int64_t count(const JsonFields& f, const char* key) { return f.integer(key, "an integer from -2^63 to 2^63-1"); }

std::vector<CardId> cards(const JsonFields& f, const char* key) {
    std::vector<CardId> out;
    for (const json& c : f.array(key, "card numbers")) {
        if (!c.is_number_unsigned() || c.get<std::uint64_t>() >= kNoCard) f.fail(key, "is not a list of card numbers; expected card numbers");
        out.push_back(static_cast<CardId>(c.get<std::uint64_t>()));
    }
    return out;
}

Phase phase_named(const std::string& name, const JsonFields& f) {
    for (int p = 0; p <= static_cast<int>(Phase::aborted); ++p)
        if (to_string(static_cast<Phase>(p)) == name) return static_cast<Phase>(p);
    f.fail("unknown phase '" + excerpt(name) + "'");
}

}  // namespace

SaveState parse_save(const json& j, const std::string& file) {
    const JsonFields top = fields(j, file, "");
    if (top.text("save") != "cherries") top.fail("expected \"save\": \"cherries\"");
    if (count(top, "format") != kSaveFormat)
        throw InputError(file + ": save format " + excerpt(j["format"].dump()) + " is not one this cherries reads (format " +
                         std::to_string(kSaveFormat) + ")");
    SaveState s;
    s.seed = unsigned_field<std::uint64_t>(top, "seed");
    s.max_turns = unsigned_field<std::uint32_t>(top, "max_turns");
    s.seats_taken = unsigned_field<std::uint32_t>(top, "seats_taken");
    s.humans = top.flag("humans");
    s.plugins = parse_plugins(top.at("plugins", "an array of plugins"), file + ": malformed save: ");
    if (const json& r = top.at("record", "null or {\"file\", \"bytes\"}"); !r.is_null()) {
        const JsonFields f = fields(r, file, "record");
        s.record_file = f.text("file");
        s.record_bytes = unsigned_field<std::uint64_t>(f, "bytes");
    }
    if (top.has("pending"))  // absent in saves made before pending joins and leaves were kept: none
        for (const json& q : top.array("pending")) {
            const JsonFields f = fields(q, file, "pending");
            PendingChange p;
            p.join = f.has("join");
            if (p.join == f.has("leave")) f.fail("expected {\"join\": NAME, \"bot\": KIND or null} or {\"leave\": NAME}");
            p.name = f.text(p.join ? "join" : "leave");
            if (const std::string problem = name_problem(p.name); !problem.empty())
                f.fail(std::string(p.join ? "\"join\": " : "\"leave\": ") + problem + " in '" + excerpt(p.name) + "'");
            if (f.has("bot") && !q["bot"].is_null()) p.bot = f.text("bot");
            if (!p.join && !p.bot.empty()) f.fail("\"bot\": expected null for a leave");
            s.pending.push_back(std::move(p));
        }
    const JsonFields g = fields(top.at("game", "the game"), file, "game");
    GameSnapshot& snap = s.game;
    snap.deck = cards(g, "deck");
    snap.removed = cards(g, "removed");
    if (g.has("set_aside")) snap.set_aside = cards(g, "set_aside");  // absent in saves made before leaves set cards aside
    snap.phase = phase_named(g.text("phase"), g);
    snap.next = unsigned_field<std::uint32_t>(g, "next");
    snap.drawn = g.at("drawn", "a card number or null").is_null() ? kNoCard : unsigned_field<CardId>(g, "drawn", kNoCard - 1);
    snap.winner = g.at("winner", "a player id or null").is_null() ? kNoPlayer : unsigned_field<PlayerId>(g, "winner", kNoPlayer - 1);
    snap.next_id = unsigned_field<PlayerId>(g, "next_id", kNoPlayer - 1);
    snap.turn = unsigned_field<std::uint32_t>(g, "turn");
    snap.started = g.flag("started");
    snap.random = g.text("random");
    if (g.array("players").size() > kMaxPlayers)
        g.fail(fmt::format("\"players\": expected at most {} players, saw {}", kMaxPlayers, g.array("players").size()));
    for (const json& pj : g.array("players")) {
        const JsonFields f = fields(pj, file, "game: players");
        Player p;
        p.id = unsigned_field<PlayerId>(f, "id", kNoPlayer - 1);
        p.name = f.text("name");
        if (const std::string problem = name_problem(p.name); !problem.empty())
            f.fail("\"name\": " + problem + " in '" + excerpt(p.name) + "'");
        p.cherries = count(f, "cherries");
        p.score = count(f, "score");
        p.received = cards(f, "received");
        for (const json& m : f.array("modifiers")) {
            // A kept modifier is placed with the kind's lifetime + 1 (GDD §3.4.2.3.3.3).
            // Integers as parsed (unsigned) or as save_json() made them (signed): a table restores
            // from its save in memory too.
            const auto whole = [](const json& v, std::int64_t low, std::int64_t high) {
                return v.is_number_integer() && v.get<std::int64_t>() >= low && v.get<std::int64_t>() <= high;
            };
            if (!m.is_array() || m.size() != 2 || !whole(m[0], 0, std::int64_t(kNoCard) - 1) ||
                !whole(m[1], 1, std::int64_t(sdk::kMaxLifetime) + 1))
                f.fail(fmt::format("\"modifiers\": expected [card, lifetime] pairs, lifetime from 1 to {}, saw {}",
                                   sdk::kMaxLifetime + 1, m.dump().substr(0, 80)));
            p.modifiers.push_back({static_cast<CardId>(m[0].get<std::uint64_t>()), m[1].get<std::int32_t>()});
        }
        SavedSeat seat{.id = p.id};
        if (const json& b = f.at("bot", "a bot or null"); !b.is_null()) seat.bot = f.text("bot");
        seat.bot_state = unsigned_field<std::uint64_t>(f, "bot_state");
        s.seats.push_back(std::move(seat));
        snap.players.push_back(std::move(p));
    }
    return s;
}

void check_resumable(const SaveState& save, const std::string& file) {
    // play --save writes between turns (or once the game is over), never with a card drawn:
    // resuming in the middle of a turn would start a turn during a turn.
    if (save.game.phase == Phase::awaiting_give)
        throw InputError(file + ": malformed save: game: \"phase\": expected between_turns, suspended, won, ended or "
                                "aborted (a save is made between turns), saw 'awaiting_give'");
    // A bot plugin's code is bound by its fingerprint in "plugins": one seated but not named
    // there would play on unchecked (saves made before bot plugins that join were recorded).
    for (std::size_t i = 0; i < save.seats.size() && i < save.game.players.size(); ++i) {
        const std::string& kind = save.seats[i].bot;
        if (kind.empty() || is_builtin_bot(kind)) continue;
        if (!find_recorded(save.plugins, "bot", kind))
            throw InputError(fmt::format("{}: malformed save: game: players: {} plays bot plugin '{}', which the save's "
                                         "\"plugins\" do not name; expected every bot plugin seated among them, with "
                                         "its fingerprint",
                                         file, excerpt(save.game.players[i].name), excerpt(kind)));
    }
}

SaveState read_save(const std::string& file) {
    const json j = json::parse(read_text_file(file, "the save file"), nullptr, false);
    if (j.is_discarded()) throw InputError(file + ": malformed save: not JSON (a save file is one JSON object)");
    return parse_save(j, file);
}

void check_saved_record(const SaveState& save, const std::string& save_file, const std::string& record) {
    auto refuse = [&](const std::string& why) {
        throw InputError(fmt::format("{}: malformed save: record \"{}\" is not this game's record: expected a Cherries "
                                     "record whose header has seed {} and whose header and plugin lines name the save's {} "
                                     "plugins, and a line that ends at byte {}; {}",
                                     save_file, excerpt(record), save.seed, save.plugins.size(), save.record_bytes, why));
    };
    std::ifstream in(record, std::ios::binary);
    if (!in) refuse("cannot read it");
    // The header is within the part the save covers: read no further (a foreign file may be big).
    constexpr std::uint64_t kMaxHeader = 1 << 20;
    std::string head(static_cast<std::size_t>(std::min(save.record_bytes, kMaxHeader)), '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    const std::size_t newline = head.find('\n');
    if (newline == std::string::npos) refuse("its first line does not end within the first " + std::to_string(head.size()) + " bytes");
    const json j = json::parse(head.substr(0, newline), nullptr, false);
    if (j.is_discarded()) refuse("its first line is not JSON");
    RecordHeader header;
    try {
        header = parse_header(j, record);
    } catch (const InputError& e) {
        refuse(std::string("its header: ") + e.what());
    }
    if (header.seed != save.seed) refuse(fmt::format("its header has seed {}", header.seed));
    // The save's plugins: the header's, then those of the plugin lines the save covers, in order.
    std::vector<RecordedPlugin> plugins = header.plugins;
    in.clear();
    in.seekg(static_cast<std::streamoff>(newline + 1));
    std::uint64_t at = newline + 1;
    std::size_t number = 1;
    for (std::string line; at < save.record_bytes && std::getline(in, line);) {
        ++number;
        at += line.size() + 1;
        if (at > save.record_bytes || line.find("\"plugin\"") == std::string::npos) continue;
        const json j = json::parse(line, nullptr, false);
        try {
            if (auto p = parse_plugin_line(j, record, number)) plugins.push_back(std::move(*p));
        } catch (const InputError& e) {
            refuse(e.what());
        }
    }
    if (plugins != save.plugins)
        refuse(fmt::format("its header and plugin lines name other plugins (or other fingerprints): {}; the save names {}",
                           plugin_names(plugins), plugin_names(save.plugins)));
    in.clear();
    in.seekg(static_cast<std::streamoff>(save.record_bytes - 1));
    char last = 0;
    if (!in.get(last)) refuse(fmt::format("it is shorter than {} bytes", save.record_bytes));
    if (last != '\n') refuse(fmt::format("byte {} is not the end of a line", save.record_bytes));
}

namespace {

[[noreturn]] void io_error(const std::string& file, const char* what) {
    throw InputError(file + ": cannot save the game: " + what + ": " + std::strerror(errno));
}

}  // namespace

void write_atomically(const std::string& file, const std::string& bytes) {
    const std::string tmp = file + ".tmp";
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) io_error(tmp, "open");
    // A failed step (a full disk, most often) removes FILE.tmp: the old FILE is intact and
    // nothing is left behind.
    auto fail = [&](const std::string& where, const char* what, bool close_fd) {
        const int error = errno;
        if (close_fd) ::close(fd);
        ::unlink(tmp.c_str());
        errno = error;
        io_error(where, what);
    };
    if (!write_all(fd, bytes.data(), bytes.size())) fail(tmp, "write", true);
    if (::fsync(fd) != 0) fail(tmp, "fsync", true);
    if (::close(fd) != 0) fail(tmp, "close", false);
    if (std::rename(tmp.c_str(), file.c_str()) != 0) fail(file, "rename", false);
    // The rename itself is durable only once the folder is synced.
    std::filesystem::path folder = std::filesystem::path(file).parent_path();
    if (folder.empty()) folder = ".";
    const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0) io_error(folder.string(), "open the folder");
    const int synced = ::fsync(dir);
    ::close(dir);
    if (synced != 0) io_error(folder.string(), "fsync the folder");
}

}  // namespace cherries::host
