#include "host/records/event_line.hpp"

#include <algorithm>
#include <charconv>
#include <cstring>

#include <nlohmann/json.hpp>

namespace cherries::host {

std::string quoted(const std::string& s) {
    // Printable ASCII but '"' and '\\' needs no escape: the common case (names, card ids), quoted
    // here as nlohmann::json would; anything else goes through it.
    if (std::all_of(s.begin(), s.end(), [](char c) { return c >= 0x20 && c < 0x7f && c != '"' && c != '\\'; })) {
        std::string out;
        out.reserve(s.size() + 2);
        out += '"';
        out += s;
        out += '"';
        return out;
    }
    return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

Token make_token(const std::string& text) {
    Token t{};
    if (text.size() <= kToken) {
        std::memcpy(t.text, text.data(), text.size());
        t.size = static_cast<std::uint8_t>(text.size());
    }
    return t;  // size 0: too long, written from the string
}

std::shared_ptr<const RecordWords> record_words(const Catalog& catalog) {
    auto words = std::make_shared<RecordWords>();
    words->cards.reserve(catalog.card_count());
    for (std::size_t c = 0; c < catalog.card_count(); ++c) {
        words->cards.push_back(quoted(catalog.display_id(catalog.kind_id_of(static_cast<CardId>(c)))));
        words->card_tokens.push_back(make_token(words->cards.back()));
        words->longest_card = std::max(words->longest_card, words->cards.back().size());
    }
    for (int k = 0; k <= static_cast<int>(EventType::ended); ++k)
        words->type_tokens.push_back(make_token("[\"" + std::string(to_string(static_cast<EventType>(k))) + "\","));
    return words;
}

EventLineWriter::EventLineWriter(const Game& game, std::shared_ptr<const RecordWords> words)
    : game_(game), words_(words ? std::move(words) : record_words(game.catalog())) {
    for (const Player& p : game.players()) {
        if (names_.size() <= p.id) names_.resize(p.id + 1, "\"?\"");
        names_[p.id] = quoted(p.name);
        longest_name_ = std::max(longest_name_, names_[p.id].size());
    }
    for (const auto& n : names_) name_tokens_.push_back(make_token(n));
    bound_ = 256 + kToken + 2 * longest_name_ + words_->longest_card;
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
    bound_ = 256 + kToken + 2 * longest_name_ + words_->longest_card;
}

// The layouts of docs/records.md, "Event lines".
char* EventLineWriter::write(const Event& e, const std::string& message, char* at) const {
    Out o{at};
    const RecordWords& words = *words_;
    o.token(words.type_tokens[static_cast<std::size_t>(e.type)]);
    o.num(e.turn);
    auto player = [&](PlayerId id) __attribute__((always_inline)) {
        o.lit(",");
        if (id < name_tokens_.size() && name_tokens_[id].size) o.token(name_tokens_[id]);
        else o.str(name(id));
    };
    auto card = [&](CardId c) __attribute__((always_inline)) {
        o.lit(",");
        if (c == kNoCard) o.lit("null");
        else if (words.card_tokens[c].size) o.token(words.card_tokens[c]);
        else o.str(words.cards[c]);
    };
    auto num = [&](std::int64_t n) __attribute__((always_inline)) {
        o.lit(",");
        o.num(n);
    };
    switch (e.type) {
        case EventType::join:
        case EventType::leave:
        case EventType::pass:
        case EventType::won:
            player(e.player);
            break;
        case EventType::draw:
        case EventType::expire:
            player(e.player);
            card(e.card);
            break;
        case EventType::give:
            player(e.player);
            player(e.receiver);
            card(e.card);
            break;
        case EventType::handle:
            player(e.player);
            card(e.card);
            if (game_.catalog().kind_of(e.card).type == CardType::modifier) {
                num(e.lifetime);
            } else {
                num(e.change);
                num(e.modified_change);
                num(game_.catalog().kind_of(e.card).type == CardType::cherry ? e.cherries : e.score);
            }
            break;
        case EventType::score_change:
            player(e.player);
            num(e.cherries);
            num(e.change);
            num(e.modified_change);
            num(e.score);
            break;
        case EventType::age:
            player(e.player);
            card(e.card);
            num(e.lifetime);
            break;
        case EventType::fault:
            player(e.player);
            card(e.card);
            if (e.receiver == kNoPlayer) o.lit(",null");
            else player(e.receiver);
            o.lit(",");
            o.str(message);
            break;
        case EventType::deck_renewal:
            num(e.cards);
            break;
        case EventType::suspend:
        case EventType::resume:
        case EventType::ended:
            break;
    }
    o.lit("]");
    return o.p;
}

void EventLineWriter::append(const Event& e, std::string& out) {
    const std::size_t old = out.size();
    char* end = put(e, [&](std::size_t bytes) {
        out.resize(old + bytes);
        return out.data() + old;
    });
    out.resize(static_cast<std::size_t>(end - out.data()));
}

}  // namespace cherries::host
