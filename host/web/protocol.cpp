#include "host/web/protocol.hpp"

#include <algorithm>
#include <initializer_list>

#include <nlohmann/json.hpp>

#include "host/base/printable.hpp"
#include "host/base/utf8.hpp"
#include "host/web/player_names.hpp"

namespace cherries::web {

namespace {

using nlohmann::json;

const char* type_name(const json& v) {
    switch (v.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::string: return "a string";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned: return "an integer";
    case json::value_t::number_float: return "a number";
    case json::value_t::array: return "an array";
    default: return "an object";
    }
}

struct Checker {
    const json& msg;
    std::string type;
    std::optional<ProtocolError> error;

    void fail(std::string text) {
        if (!error) error = ProtocolError{std::move(text), type};
    }
    // Only `allowed` (and "type") may be there.
    void only(std::initializer_list<const char*> allowed) {
        for (const auto& item : msg.items()) {
            const std::string& key = item.key();  // a name, not a structured binding: clang 14 cannot capture those
            if (key == "type" || key == "id") continue;  // every message may carry its request id
            if (std::none_of(allowed.begin(), allowed.end(), [&](const char* a) { return key == a; }))
                fail("'" + type + "' message: unknown field '" + key.substr(0, 32) + "'; expected only " + list(allowed));
        }
    }
    static std::string list(std::initializer_list<const char*> fields) {
        std::string out;
        for (const char* f : fields) out += (out.empty() ? "" : ", ") + std::string(f);
        return out.empty() ? "'type'" : out;
    }
    std::optional<std::string> string(const char* key, bool required, std::size_t max_bytes) {
        const auto it = msg.find(key);
        if (it == msg.end()) {
            if (required) fail("'" + type + "' message: field '" + key + "' is missing; expected a string");
            return std::nullopt;
        }
        if (!it->is_string()) {
            fail("'" + type + "' message: field '" + key + "' is " + type_name(*it) + "; expected a string");
            return std::nullopt;
        }
        std::string s = it->get<std::string>();
        if (s.size() > max_bytes) {
            fail("'" + type + "' message: field '" + key + "' is longer than " + std::to_string(max_bytes) + " bytes");
            return std::nullopt;
        }
        return s;
    }
};

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
    if (!msg.is_object()) return ProtocolError{std::string("the message is ") + type_name(msg) + "; expected a JSON object with a \"type\"", ""};
    const auto type_it = msg.find("type");
    if (type_it == msg.end() || !type_it->is_string())
        return ProtocolError{"the message has no string \"type\"; expected one of hello, join, add_bot, start, give, leave, cancel, chat, rematch", ""};
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
            bad_id = ProtocolError{"'" + out.type.substr(0, 32) + "' message: field 'id' is " + type_name(*id) + (id->is_number_integer() ? " out of range" : "") +
                                   "; expected the request's id (an integer from 0 to 2^53 - 1)", out.type.substr(0, 32)};
    }
    Checker c{msg, out.type, bad_id};
    auto token = [&](bool required) {
        out.token = c.string("token", required, 64);
        if (out.token && !is_token(*out.token)) c.fail("'" + out.type + "' message: field 'token' is not a seat token (32 hex digits)");
    };
    if (out.type == "hello") {
        c.only({"token"});
        token(false);
    } else if (out.type == "join") {
        c.only({"name", "key"});
        if (auto n = c.string("name", true, 96)) out.name = *n;
        // A player key (a claimed name's proof): its shape only; whether it is the name's key is
        // the store's to say. Never echoed: it is a secret.
        out.key = c.string("key", false, 64);
        if (out.key && !is_player_key(*out.key))
            c.fail("'join' message: field 'key' is not a player key (43 characters of letters, digits, '-' and '_')");
        if (!c.error)
            if (const std::string p = host::name_problem(out.name); !p.empty()) c.fail("'join' message: the name: " + p);
    } else if (out.type == "add_bot") {
        c.only({"token", "kind"});
        token(true);
        if (auto k = c.string("kind", true, 96)) out.kind = *k;
        if (!c.error) if (auto p = kind_problem(out.kind, "the bot kind")) c.fail("'add_bot' message: " + *p);
    } else if (out.type == "start" || out.type == "leave" || out.type == "rematch") {
        c.only({"token"});
        token(true);
    } else if (out.type == "give") {
        c.only({"token", "to", "turn"});
        token(true);
        const auto it = msg.find("to");
        if (it == msg.end()) c.fail("'give' message: field 'to' is missing; expected a player id (an integer)");
        else if (!it->is_number_integer() || it->get<std::int64_t>() < 0 || it->get<std::int64_t>() > 0xffffffffLL)
            c.fail(std::string("'give' message: field 'to' is ") + type_name(*it) + "; expected a player id (an integer)");
        else out.to = static_cast<std::uint32_t>(it->get<std::int64_t>());
        // The turn it answers: a give sent for one card never lands on a later one (a second
        // tab, a double click, a message delayed on the way).
        const auto turn = msg.find("turn");
        if (turn == msg.end()) c.fail("'give' message: field 'turn' is missing; expected the turn whose card it gives (an integer)");
        else if (!turn->is_number_integer() || turn->get<std::int64_t>() < 1 || turn->get<std::int64_t>() > 0xffffffffLL)
            c.fail(std::string("'give' message: field 'turn' is ") + type_name(*turn) + (turn->is_number_integer() ? " out of range" : "") +
                   "; expected the turn whose card it gives (an integer, 1 or more)");
        else out.turn = static_cast<std::uint32_t>(turn->get<std::int64_t>());
    } else if (out.type == "cancel") {
        c.only({"token", "name"});
        token(true);
        if (auto n = c.string("name", true, 96)) out.name = *n;
    } else if (out.type == "chat") {
        // A line of table chat: text only (the page shows it as text, never as HTML), not in
        // the record; a seat's token names the speaker, without one a spectator speaks.
        c.only({"token", "text"});
        token(false);
        if (auto t = c.string("text", true, kMaxChatBytes)) out.text = *t;
        if (!c.error) {
            if (!host::valid_utf8(out.text)) c.fail("'chat' message: field 'text' is not valid UTF-8");
            else if (std::any_of(out.text.begin(), out.text.end(), [](char ch) { return static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f; }))
                c.fail("'chat' message: field 'text' holds a control character (a line break or a tab); expected one line");
            else if (out.text.find_first_not_of(' ') == std::string::npos)
                c.fail("'chat' message: field 'text' is empty; expected 1 to " + std::to_string(kMaxChatBytes) + " bytes of text");
        }
    } else {
        return ProtocolError{"unknown message type '" + out.type.substr(0, 32) +
                                 "'; expected one of hello, join, add_bot, start, give, leave, cancel, chat, rematch", "", out.id};
    }
    if (c.error) {
        c.error->id = out.id;
        return *c.error;
    }
    return out;
}

host::TokenBucket per_second_bucket(unsigned per_second) {
    return host::TokenBucket(per_second, std::chrono::nanoseconds(std::chrono::seconds(1)) / per_second);
}

}  // namespace cherries::web
