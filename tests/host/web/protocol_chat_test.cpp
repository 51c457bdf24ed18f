// The `chat` message's schema (docs/web.md): a line of text of 1 to 300 bytes, one line, valid
// UTF-8, an optional seat token; anything else is refused with one sentence saying what.
#include <catch2/catch.hpp>

#include <string>
#include <variant>

#include "host/web/protocol.hpp"

using namespace cherries::web;

namespace {

std::string chat_refusal(const std::string& text) {
    const auto parsed = parse_client_message(text);
    const auto* e = std::get_if<ProtocolError>(&parsed);
    return e ? e->message : std::string();
}

}  // namespace

TEST_CASE("a chat line is text: up to 300 bytes, one line, with or without a seat token", "[web]") {
    const auto ok = parse_client_message(R"({"type": "chat", "text": "<script>hi</script>"})");
    REQUIRE(std::holds_alternative<ClientMessage>(ok));
    CHECK(std::get<ClientMessage>(ok).text == "<script>hi</script>");  // as it came: the page shows it as text
    CHECK(!std::get<ClientMessage>(ok).token);
    const std::string longest = std::string(R"({"type": "chat", "token": ")") + std::string(32, 'a') + R"(", "text": ")" +
                                std::string(kMaxChatBytes, 'x') + "\"}";
    CHECK(std::holds_alternative<ClientMessage>(parse_client_message(longest)));

    CHECK_THAT(chat_refusal(R"({"type": "chat", "text": ")" + std::string(kMaxChatBytes + 1, 'x') + "\"}"),
               Catch::Contains("longer than 300 bytes"));
    CHECK_THAT(chat_refusal(R"({"type": "chat", "text": "   "})"), Catch::Contains("is empty"));
    CHECK_THAT(chat_refusal(R"({"type": "chat", "text": "a\nb"})"), Catch::Contains("control character"));
    CHECK_THAT(chat_refusal(R"({"type": "chat"})"), Catch::Contains("field 'text' is missing"));
    CHECK_THAT(chat_refusal(R"({"type": "chat", "text": 5})"), Catch::Contains("is an integer; expected a string"));
    CHECK_THAT(chat_refusal(R"({"type": "chat", "text": "hi", "html": "<b>"})"), Catch::Contains("unknown field 'html'"));
    CHECK_THAT(chat_refusal(R"({"type": "chat", "token": "nope", "text": "hi"})"), Catch::Contains("not a seat token"));
    CHECK_THAT(chat_refusal(R"({"type": "shout"})"), Catch::Contains("expected one of hello, join, add_bot, start, give, leave, cancel, chat"));
}
