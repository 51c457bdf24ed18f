// The one reader of a JSON object's fields from outside (host/base/json_fields): a save, a record's
// seat line, a page's message, a push subscription and a request's body all say a bad field the
// same way, naming where, the field, what was there and what was expected.
#include <catch2/catch.hpp>

#include <functional>
#include <string>

#include "host/base/json_fields.hpp"

using cherries::host::InputError;
using cherries::host::JsonFields;
using nlohmann::json;

namespace {

std::string problem(const std::function<void()>& read) {
    try {
        read();
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no problem)";
}

}  // namespace

TEST_CASE("a field missing, of the wrong type, too long or out of range is named with what was expected", "[host][json]") {
    const json j = json::parse(R"({"name": 5, "text": "hello", "turn": 0, "big": 18446744073709551615, "flag": "yes", "list": {}})");
    const JsonFields f(j, "'give' message: ");
    CHECK(problem([&] { f.text("missing", "the seat's token"); }) == "'give' message: field 'missing' is missing; expected the seat's token");
    CHECK(problem([&] { f.text("name"); }) == "'give' message: field 'name' is an integer; expected a string");
    CHECK(problem([&] { f.text("text", "a line", 3); }) == "'give' message: field 'text' is longer than 3 bytes; expected a line");
    CHECK(f.text("text") == "hello");
    CHECK(problem([&] { f.integer("turn", "a turn (1 or more)", 1, 10); }) ==
          "'give' message: field 'turn' is an integer out of range; expected a turn (1 or more)");
    CHECK(problem([&] { f.integer("big", "an integer"); }) == "'give' message: field 'big' is an integer out of range; expected an integer");
    CHECK(f.unsigned_integer("big") == 18446744073709551615ULL);
    CHECK(problem([&] { f.unsigned_integer("big", 7); }) == "'give' message: field 'big' is an integer out of range; expected an unsigned integer");
    CHECK(problem([&] { f.flag("flag"); }) == "'give' message: field 'flag' is a string; expected true or false");
    CHECK(problem([&] { f.array("list", "card numbers"); }) == "'give' message: field 'list' is an object; expected card numbers");
    CHECK_FALSE(f.optional_text("absent").has_value());
    CHECK(problem([&] { (void)f.optional_text("name"); }) == "'give' message: field 'name' is an integer; expected a string");
}

TEST_CASE("only the known fields: an unknown one is named, cut and escaped", "[host][json]") {
    const json j = {{"sets", json::array()}, {std::string("colour\x1b") + std::string(60, 'x'), 1}};
    const JsonFields f(j, "");
    CHECK(problem([&] { f.only({"sets", "colour\x1b" + std::string(60, 'x')}); }) == "(no problem)");
    CHECK(problem([&] { f.only({"sets", "gametype"}); }) ==
          "unknown field 'colour\\x1B" + std::string(25, 'x') + "...'; expected only sets, gametype");
}

TEST_CASE("what is not an object is refused with what it is", "[host][json]") {
    CHECK(problem([] { JsonFields(json::array(), "subscription: ", "an object {\"endpoint\", \"keys\"}"); }) ==
          "subscription: expected an object {\"endpoint\", \"keys\"}, saw an array");
    CHECK(problem([] { JsonFields(json(), "f: malformed save: "); }) == "f: malformed save: expected an object, saw null");
}
