#include "host/web/protocol.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "host/base/json_fields.hpp"
#include "host/base/printable.hpp"
#include "host/base/utf8.hpp"
#include "host/web/player_names.hpp"

namespace cherries::web {

namespace {

using nlohmann::json;

bool is_token(const std::string& s) {
    return s.size() == 32 && std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

// A bot kind's name: printable UTF-8, no control characters, no spaces at the ends. (A player's
// name follows host::name_problem, the one rule of every front end.)
std::optional<std::string> kind_problem(const std::string& name, const char* what) {
    if (name.empty()) return std::string(what) + " is empty; expected 1 to 24 characters";
    if (!host::valid_utf8(name)) return std::string(what) + " is not valid UTF-8";
    if (host::display_width(name) > 24) return std::string(what) + " is longer than 24 characters";
    if (std::any_of(name.begin(), name.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
        return std::string(what) + " holds a control character";
    if (name.front() == ' ' || name.back() == ' ') return std::string(what) + " begins or ends with a space";
    return std::nullopt;
}

}  // namespace

std::variant<ClientMessage, ProtocolError> parse_client_message(std::string_view text) {
    json msg = json::parse(text, nullptr, false);
    if (msg.is_discarded()) return ProtocolError{"the message is not JSON; expected one JSON object with a \"type\"", ""};
    if (!msg.is_object()) return ProtocolError{std::string("the message is ") + host::json_type_words(msg) + "; expected a JSON object with a \"type\"", ""};
    const auto type_it = msg.find("type");
    if (type_it == msg.end() || !type_it->is_string())
        return ProtocolError{"the message has no string \"type\"; expected one of hello, join, add_bot, start, give, leave, cancel, chat, rematch, out_of_time, pause, resume", ""};
    ClientMessage out;
    out.type = type_it->get<std::string>();
    // The request's id, first: a refusal of the rest carries it back, so the page knows which of
    // its requests was refused (not the first unanswered one).
    std::optional<ProtocolError> bad_id;
    if (const auto id = msg.find("id"); id != msg.end()) {
        if (id->is_number_unsigned() && id->get<std::uint64_t>() <= kMaxRequestId) out.id = id->get<std::uint64_t>();
        else if (id->is_number_integer() && id->get<std::int64_t>() >= 0 && static_cast<std::uint64_t>(id->get<std::int64_t>()) <= kMaxRequestId)
            out.id = static_cast<std::uint64_t>(id->get<std::int64_t>());
        else
            bad_id = ProtocolError{"'" + out.type.substr(0, 32) + "' message: field 'id' is " + host::json_type_words(*id) + (id->is_number_integer() ? " out of range" : "") +
                                   "; expected the request's id (an integer from 0 to 2^53 - 1)", out.type.substr(0, 32)};
    }
    // The first problem is the answer: the request's id, then the fields in the order read.
    if (bad_id) return *bad_id;
    const std::string type = out.type.substr(0, 32);
    try {
        const host::JsonFields c(msg, "'" + type + "' message: ");
        auto token = [&](bool required) {
            out.token = required ? c.text("token", "the seat's token", 64) : c.optional_text("token", "the seat's token", 64);
            if (out.token && !is_token(*out.token)) c.fail("token", "is not a seat token (32 hex digits)");
        };
        if (out.type == "hello") {
            c.only({"type", "id", "token"});
            token(false);
        } else if (out.type == "join") {
            c.only({"type", "id", "name", "key"});
            out.name = c.text("name", "a string", 96);
            // A player key (a claimed name's proof): its shape only; whether it is the name's key is
            // the store's to say. Never echoed: it is a secret.
            out.key = c.optional_text("key", "a player key", 64);
            if (out.key && !is_player_key(*out.key))
                c.fail("key", "is not a player key (43 characters of letters, digits, '-' and '_')");
            if (const std::string p = host::name_problem(out.name); !p.empty()) c.fail("the name: " + p);
        } else if (out.type == "add_bot") {
            c.only({"type", "id", "token", "kind"});
            token(true);
            out.kind = c.text("kind", "a string", 96);
            if (auto p = kind_problem(out.kind, "the bot kind")) c.fail(*p);
        } else if (out.type == "start" || out.type == "leave" || out.type == "rematch" || out.type == "pause" || out.type == "resume") {
            c.only({"type", "id", "token"});
            token(true);
        } else if (out.type == "give") {
            c.only({"type", "id", "token", "to", "turn"});
            token(true);
            out.to = static_cast<std::uint32_t>(c.integer("to", "a player id (an integer)", 0, 0xffffffffLL));
            // The turn it answers: a give sent for one card never lands on a later one (a second
            // tab, a double click, a message delayed on the way).
            out.turn = static_cast<std::uint32_t>(c.integer("turn", "the turn whose card it gives (an integer, 1 or more)", 1, 0xffffffffLL));
        } else if (out.type == "out_of_time") {
            // Another person's choice for the person out of time at that turn (a correspondence table).
            c.only({"type", "id", "token", "turn"});
            token(true);
            out.turn = static_cast<std::uint32_t>(c.integer("turn", "the turn whose person is out of time (an integer, 1 or more)", 1, 0xffffffffLL));
        } else if (out.type == "cancel") {
            c.only({"type", "id", "token", "name"});
            token(true);
            out.name = c.text("name", "a string", 96);
        } else if (out.type == "chat") {
            // A line of table chat: text only (the page shows it as text, never as HTML), not in
            // the record; a seat's token names the speaker, without one a spectator speaks.
            c.only({"type", "id", "token", "text"});
            token(false);
            out.text = c.text("text", "a string", kMaxChatBytes);
            if (!host::valid_utf8(out.text)) c.fail("text", "is not valid UTF-8");
            if (std::any_of(out.text.begin(), out.text.end(), [](char ch) { return static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f; }))
                c.fail("text", "holds a control character (a line break or a tab); expected one line");
            if (out.text.find_first_not_of(' ') == std::string::npos)
                c.fail("text", "is empty; expected 1 to " + std::to_string(kMaxChatBytes) + " bytes of text");
        } else {
            return ProtocolError{"unknown message type '" + type +
                                     "'; expected one of hello, join, add_bot, start, give, leave, cancel, chat, rematch, out_of_time, pause, resume", "", out.id};
        }
    } catch (const host::InputError& e) {
        return ProtocolError{e.what(), type, out.id};
    }
    return out;
}

host::TokenBucket per_second_bucket(unsigned per_second) {
    return host::TokenBucket(per_second, std::chrono::nanoseconds(std::chrono::seconds(1)) / per_second);
}

}  // namespace cherries::web
