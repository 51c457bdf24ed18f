// libFuzzer target: what a browser can send to a web table (docs/web.md, "The table's WebSocket
// protocol"). The input is lines; each is one WebSocket message, parsed and checked
// (web::parse_client_message) and, when accepted, handed to a table of the Standard Set under
// the official gametype exactly as the server does (web::WebTable::handle). The line `timeout`
// is the turn clock running out (WebTable::time_out).
//
// Seat tokens are 128-bit random, which no fuzzer guesses: a message's token whose first hex
// digit is d acts for the d-th seat handed out so far (modulo their number), any other is kept
// as sent (a forged token).
//
// Properties, each a finding when broken: nothing throws; a refused message changes nothing
// (the table's state and save are byte for byte as before); the state always serializes as
// JSON (valid UTF-8); a started table saved and restored saves the same again.
#include <cstddef>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/web/lobby.hpp"
#include "host/web/protocol.hpp"
#include "host/web/serve_config.hpp"
#include "host/web/web_table.hpp"

namespace {

using namespace cherries;

web::Lobby& lobby() {
    static web::ServeConfig config;
    static web::Lobby lobby(config);
    return lobby;
}

// Everything a refused message must leave as it was.
std::string snapshot(const web::WebTable& table) { return table.state_json().dump() + table.save_json().dump(); }

int hex_digit(char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : 0; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 8192) return 0;  // two messages' worth is plenty; long inputs only slow the search
    web::Lobby& l = lobby();
    const auto made = l.create_table("");
    if (!std::holds_alternative<nlohmann::json>(made)) std::abort();  // the defaults must load
    const std::string id = std::get<nlohmann::json>(made)["id"].get<std::string>();
    web::WebTable* table = l.find(id);
    std::vector<std::string> tokens;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    std::size_t begin = 0;
    for (int messages = 0; begin <= input.size() && messages < 64; ++messages) {
        std::size_t end = input.find('\n', begin);
        if (end == std::string_view::npos) end = input.size();
        const std::string_view line = input.substr(begin, end - begin);
        begin = end + 1;
        if (line == "timeout") {
            table->time_out(std::chrono::seconds(120));
            continue;
        }
        const auto parsed = web::parse_client_message(line);
        if (!std::holds_alternative<web::ClientMessage>(parsed)) continue;
        web::ClientMessage message = std::get<web::ClientMessage>(parsed);
        if (message.type == "add_bot" && message.kind == "expert") continue;  // seconds a game: too slow here
        if (message.token && !tokens.empty()) message.token = tokens[hex_digit((*message.token)[0]) % tokens.size()];
        const std::string before = snapshot(*table);
        const web::Outcome outcome = table->handle(message);
        if (outcome.error && snapshot(*table) != before) std::abort();  // refused, yet something changed
        if (outcome.seated_token) tokens.push_back(*outcome.seated_token);
        (void)table->take_log();
    }
    if (table->started()) {
        table->collect_record();
        const nlohmann::json saved = table->save_json();
        const std::vector<std::string> lines = table->unstored_record_lines();
        l.drop(id);
        web::WebTable& again = l.restore_table(saved, lines);
        if (again.save_json() != saved) std::abort();
        l.drop(again.id());
    } else {
        l.drop(id);
    }
    return 0;
}
