#include "host/record.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>

#include "host/state_json.hpp"
#include "host/usage_error.hpp"

#ifndef CHERRIES_VERSION
#define CHERRIES_VERSION "0.0.0"
#endif

namespace cherries::host {

std::string_view cherries_version() { return CHERRIES_VERSION; }

std::vector<RecordedPlugin> recorded_plugins(const sdk::Bundle& bundle) {
    std::vector<RecordedPlugin> out;
    for (const auto& p : bundle.plugins()) out.push_back({p.kind, p.id, p.version, p.fingerprint});
    return out;
}

nlohmann::json header_json(const RecordHeader& h) {
    nlohmann::json players = nlohmann::json::array();
    for (const auto& s : h.players)
        players.push_back({{"name", s.name}, {"bot", s.is_bot() ? nlohmann::json(s.bot) : nlohmann::json()}});
    nlohmann::json plugins = nlohmann::json::array();
    for (const auto& p : h.plugins)
        plugins.push_back({{"kind", p.kind}, {"id", p.id}, {"version", p.version}, {"fingerprint", p.fingerprint}});
    nlohmann::json j = {{"record", "cherries"}, {"format", kRecordFormat}, {"cherries", cherries_version()},
                        {"seed", h.seed},       {"players", players},      {"plugins", plugins},
                        {"source", h.source}};
    if (h.game >= 0) j["game"] = h.game;
    return j;
}

namespace {

[[noreturn]] void malformed(const std::string& where, const std::string& what) {
    throw UsageError(where + ": malformed record: " + what);
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
    if (j["format"].get<std::int64_t>() != kRecordFormat)
        throw UsageError(file + ": record format " + j["format"].dump() + " is not one this cherries reads (format " +
                         std::to_string(kRecordFormat) + ")");
    RecordHeader h;
    if (!j.contains("seed") || !j["seed"].is_number_unsigned()) malformed(file, "expected \"seed\" to be an unsigned integer");
    h.seed = j["seed"].get<std::uint64_t>();
    if (!j.contains("players") || !j["players"].is_array() || j["players"].empty())
        malformed(file, "expected \"players\" to be a non-empty array");
    for (const auto& p : j["players"]) {
        Seat s;
        s.name = text_field(p, "name", file, "players: ");
        if (p.contains("bot") && p["bot"].is_string()) s.bot = p["bot"].get<std::string>();
        h.players.push_back(std::move(s));
    }
    if (!j.contains("plugins") || !j["plugins"].is_array()) malformed(file, "expected \"plugins\" to be an array");
    std::size_t gametypes = 0;
    for (const auto& p : j["plugins"]) {
        RecordedPlugin r{text_field(p, "kind", file, "plugins: "), text_field(p, "id", file, "plugins: "),
                         text_field(p, "version", file, "plugins: "), text_field(p, "fingerprint", file, "plugins: ")};
        if (r.kind != "set" && r.kind != "gametype") malformed(file, "plugins: expected kind \"set\" or \"gametype\", saw \"" + r.kind + "\"");
        gametypes += r.kind == "gametype";
        h.plugins.push_back(std::move(r));
    }
    if (gametypes != 1 || h.plugins.size() < 2) malformed(file, "plugins: expected one or more sets and one gametype");
    h.source = j.value("source", std::string());
    if (j.contains("game") && j["game"].is_number_integer()) h.game = j["game"].get<std::int64_t>();
    return h;
}

HeaderText::HeaderText(const RecordHeader& h) {
    const nlohmann::json j = header_json(h);
    players = j["players"].dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    plugins = j["plugins"].dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    source = j["source"].dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string header_line(const RecordHeader& h, const HeaderText& text) {
    // The keys of header_json in its (sorted) order.
    std::string line = "{\"cherries\":\"" + std::string(cherries_version()) + "\",\"format\":" + std::to_string(kRecordFormat);
    if (h.game >= 0) line += ",\"game\":" + std::to_string(h.game);
    line += ",\"players\":" + text.players + ",\"plugins\":" + text.plugins + ",\"record\":\"cherries\",\"seed\":" +
            std::to_string(h.seed) + ",\"source\":" + text.source + "}";
    return line;
}

std::string end_line(const Game& game) {
    return nlohmann::json({{"end", status_name(game)}, {"turns", game.turn()}}).dump();
}

namespace {

std::string quoted(const std::string& s) {
    return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}


}  // namespace

Token make_token(const std::string& text) {
    Token t{};
    if (text.size() <= kToken) {
        std::memcpy(t.text, text.data(), text.size());
        t.size = static_cast<std::uint8_t>(text.size());
    }
    return t;  // size 0: too long, written from the string
}

std::shared_ptr<const std::vector<std::string>> quoted_card_ids(const Catalog& catalog) {
    auto cards = std::make_shared<std::vector<std::string>>();
    cards->reserve(catalog.card_count());
    for (std::size_t c = 0; c < catalog.card_count(); ++c)
        cards->push_back(quoted(catalog.display_id(catalog.kind_id_of(static_cast<CardId>(c)))));
    return cards;
}

EventLineWriter::EventLineWriter(const Game& game, std::shared_ptr<const std::vector<std::string>> cards)
    : game_(game), cards_(cards ? std::move(cards) : quoted_card_ids(game.catalog())) {
    for (const auto& c : *cards_) {
        longest_card_ = std::max(longest_card_, c.size());
        card_tokens_.push_back(make_token(c));
    }
    for (const Player& p : game.players()) {
        if (names_.size() <= p.id) names_.resize(p.id + 1, "\"?\"");
        names_[p.id] = quoted(p.name);
        longest_name_ = std::max(longest_name_, names_[p.id].size());
    }
    for (const auto& n : names_) name_tokens_.push_back(make_token(n));
    bound_ = 256 + kToken + 2 * longest_name_ + longest_card_;
    for (int k = 0; k <= static_cast<int>(EventKind::ended); ++k)
        kind_tokens_.push_back(make_token("[\"" + std::string(to_string(static_cast<EventKind>(k))) + "\","));
}

const std::string& EventLineWriter::name(PlayerId id) const {
    static const std::string unknown = "\"?\"";
    return id < names_.size() ? names_[id] : unknown;
}

namespace {

// Writes into a buffer that has room (EventLineWriter::max_line): no capacity checks, no strlen.
struct Out {
    char* p;
    void raw(const char* s, std::size_t n) {
        std::memcpy(p, s, n);
        p += n;
    }
    template <std::size_t N>
    void lit(const char (&s)[N]) { raw(s, N - 1); }
    void str(const std::string& s) { raw(s.data(), s.size()); }
    // A token of at most kToken bytes: one fixed-size copy (the buffer has the room).
    void token(const Token& t) {
        std::memcpy(p, t.text, kToken);
        p += t.size;
    }
    // Numbers in a record are mostly small: those take a short path.
    void num(std::int64_t n) {
        if (n < 0 || n >= 1000) {
            p = std::to_chars(p, p + 24, n).ptr;
        } else if (n < 10) {
            *p++ = static_cast<char>('0' + n);
        } else if (n < 100) {
            p[0] = static_cast<char>('0' + n / 10);
            p[1] = static_cast<char>('0' + n % 10);
            p += 2;
        } else {
            p[0] = static_cast<char>('0' + n / 100);
            p[1] = static_cast<char>('0' + n / 10 % 10);
            p[2] = static_cast<char>('0' + n % 10);
            p += 3;
        }
    }
};

}  // namespace

void EventLineWriter::learn_join(const Event& e) {
    if (names_.size() <= e.player) names_.resize(e.player + 1, "\"?\"");
    names_[e.player] = quoted(game_.player(e.player).name);
    longest_name_ = std::max(longest_name_, names_[e.player].size());
    name_tokens_.resize(names_.size());
    name_tokens_[e.player] = make_token(names_[e.player]);
    bound_ = 256 + kToken + 2 * longest_name_ + longest_card_;
}

// The layouts of docs/records.md, "Event lines".
char* EventLineWriter::write(const Event& e, const std::string& message, char* at) const {
    Out o{at};
    o.token(kind_tokens_[static_cast<std::size_t>(e.kind)]);
    o.num(e.turn);
    auto player = [&](PlayerId id) __attribute__((always_inline)) {
        o.lit(",");
        if (id < name_tokens_.size() && name_tokens_[id].size) o.token(name_tokens_[id]);
        else o.str(name(id));
    };
    auto card = [&](CardId c) __attribute__((always_inline)) {
        o.lit(",");
        if (c == kNoCard) o.lit("null");
        else if (card_tokens_[c].size) o.token(card_tokens_[c]);
        else o.str((*cards_)[c]);
    };
    auto num = [&](std::int64_t n) __attribute__((always_inline)) {
        o.lit(",");
        o.num(n);
    };
    switch (e.kind) {
        case EventKind::join:
        case EventKind::leave:
        case EventKind::pass:
        case EventKind::won:
            player(e.player);
            break;
        case EventKind::draw:
        case EventKind::expire:
            player(e.player);
            card(e.card);
            break;
        case EventKind::give:
            player(e.player);
            player(e.receiver);
            card(e.card);
            break;
        case EventKind::handle:
            player(e.player);
            card(e.card);
            if (game_.catalog().kind_of(e.card).type == CardType::modifier) {
                num(e.lifetime);
            } else {
                num(e.before);
                num(e.after);
                num(e.total);
            }
            break;
        case EventKind::score_change:
            player(e.player);
            num(e.value);
            num(e.before);
            num(e.after);
            num(e.total);
            break;
        case EventKind::age:
            player(e.player);
            card(e.card);
            num(e.lifetime);
            break;
        case EventKind::fault:
            player(e.player);
            card(e.card);
            if (e.receiver == kNoPlayer) o.lit(",null");
            else player(e.receiver);
            o.lit(",");
            o.str(message);
            break;
        case EventKind::deck_renewal:
            num(e.total);
            break;
        case EventKind::suspend:
        case EventKind::resume:
        case EventKind::ended:
            break;
    }
    o.lit("]");
    return o.p;
}

void EventLineWriter::append(const Event& e, std::string& out) {
    learn(e);
    const std::string message = e.kind == EventKind::fault ? quoted(std::string(e.message)) : std::string();
    const std::size_t old = out.size();
    out.resize(old + max_line(e, message));
    char* end = write(e, message, out.data() + old);
    out.resize(static_cast<std::size_t>(end - out.data()));
}

namespace {

[[noreturn]] void io_error(const std::string& what, const std::string& file) {
    throw UsageError(file + ": " + what + ": " + std::strerror(errno));
}

}  // namespace

RecordWriter::RecordWriter(const std::string& file, const Game& game, const RecordHeader& header,
                           const HeaderText* text, std::shared_ptr<const std::vector<std::string>> cards)
    : file_(file), game_(game), lines_(game, std::move(cards)), buffer_(std::make_unique_for_overwrite<char[]>(kBuffer)), capacity_(kBuffer) {
    fd_ = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd_ < 0) io_error("cannot write the record", file);
    put(header_line(header, text ? *text : HeaderText(header)));
}

RecordWriter::RecordWriter(std::string& memory, const Game& game, const RecordHeader& header, const HeaderText* text,
                           std::shared_ptr<const std::vector<std::string>> cards)
    : file_("(memory)"), game_(game), lines_(game, std::move(cards)),
      buffer_(std::make_unique_for_overwrite<char[]>(kBuffer)), capacity_(kBuffer), memory_(&memory) {
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
        throw UsageError(file + ": the record is shorter than the save says (" + std::to_string(bytes) +
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
    lines_.learn(event);
    std::string message;  // quoted; fault events only
    if (event.kind == EventKind::fault) message = quoted(std::string(event.message));
    const std::size_t bound = lines_.max_line(event, message) + 1;
    if (used_ + bound > capacity_) room(bound);
    char* end = lines_.write(event, message, buffer_.get() + used_);
    *end++ = '\n';
    used_ = static_cast<std::size_t>(end - buffer_.get());
}

void RecordWriter::finish(bool durable) {
    put(end_line(game_));
    flush(durable);
}

void RecordWriter::flush(bool durable) {
    if (memory_) {
        memory_->append(buffer_.get(), used_);
        written_ += used_;
        used_ = 0;
        return;
    }
    const char* data = buffer_.get();
    std::size_t left = used_;
    while (left > 0) {
        const ssize_t n = ::write(fd_, data, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            io_error("cannot write the record", file_);
        }
        data += n;
        left -= static_cast<std::size_t>(n);
    }
    written_ += used_;
    used_ = 0;
    if (durable && ::fsync(fd_) != 0) io_error("cannot sync the record", file_);
}

}  // namespace cherries::host
