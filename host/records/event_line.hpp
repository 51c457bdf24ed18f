// Event lines of records (docs/records.md, "Event lines"): one compact JSON array per event,
// written by hand into a buffer, because `cherries sim --record` must keep a third of sim's
// speed and building a nlohmann::json per event kept a ninth.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/event.hpp"
#include "engine/game.hpp"

namespace cherries::host {

/// `s` as a JSON string, quotes included; invalid UTF-8 becomes U+FFFD.
std::string quoted(const std::string& s);

/// A short JSON text kept in a fixed-size array, so that copying it is one fixed-size copy.
inline constexpr std::size_t kToken = 32;
struct Token {
    char text[kToken];
    std::uint8_t size;  ///< 0: the text is longer than kToken
};
Token make_token(const std::string& text);

/// What every record of one catalog writes alike, made once and shared by the records of a run:
/// each card's display id (Catalog::display_id) as a JSON string and as a token, by CardId, and
/// each event type's opening ("[\"draw\","), by EventType.
struct RecordWords {
    std::vector<std::string> cards;
    std::vector<Token> card_tokens;
    std::size_t longest_card = 0;
    std::vector<Token> type_tokens;
};
std::shared_ptr<const RecordWords> record_words(const Catalog& catalog);

/// Builds event lines (docs/records.md, "Event lines"): card ids and player names are escaped
/// once and kept, and a line is written straight into a buffer.
class EventLineWriter {
public:
    /// For `game`'s catalog and the players seated now; joiners are learnt from their events.
    /// `words`: record_words(game.catalog()), made here when null.
    explicit EventLineWriter(const Game& game, std::shared_ptr<const RecordWords> words = nullptr);
    /// Appends the line for `event` (no newline) to `out`. Call for every event, in order.
    void append(const Event& event, std::string& out);

    /// The hot path, for RecordWriter: writes the line for `event` (no newline) at
    /// `room(bytes)`, a place with at least `bytes` bytes of room, and returns the line's end.
    /// Call for every event, in order (append() does the same into a string).
    template <class Room>
    char* put(const Event& event, Room&& room) {
        learn(event);  // before max_line: a joiner's name counts in the bound
        const std::string message = event.type == EventType::fault ? quoted(std::string(event.message)) : std::string();
        return write(event, message, room(max_line(message)));
    }

private:
    void learn(const Event& event) {
        if (event.type == EventType::join) learn_join(event);
    }
    // The kind, five numbers of at most 20 characters, two names, one card, punctuation, and
    // `message` (the fault message quoted, else empty).
    std::size_t max_line(const std::string& message) const { return bound_ + message.size(); }
    char* write(const Event& event, const std::string& message, char* at) const;
    void learn_join(const Event& event);
    const std::string& name(PlayerId id) const;
    const Game& game_;
    std::shared_ptr<const RecordWords> words_;
    std::vector<std::string> names_;  // quoted name by PlayerId
    std::vector<Token> name_tokens_;
    std::size_t longest_name_ = 0, bound_ = 0;
};

}  // namespace cherries::host
