// Text on IRC (UTF-8 itself: tests/host/base/utf8_test.cpp): line splitting within 512 bytes with the relay prefix, mIRC
// formatting, CTCP, and ISUPPORT (CASEMAPPING, NICKLEN, CHANTYPES, PREFIX).
#include <catch2/catch.hpp>

#include <string>

#include "host/irc/message.hpp"
#include "host/irc/text.hpp"

using namespace cherries::irc;

namespace {

// Valid UTF-8 and not cut inside a sequence.
bool valid_utf8(const std::string& s) { return to_valid_utf8(s) == s; }

}  // namespace

TEST_CASE("relay prefix: ':' nick '!' user '@' host ' '") {
    CHECK(relay_prefix_bytes(9, 10, 63) == 1 + 9 + 1 + 10 + 1 + 63 + 1);
    ISupport s;
    CHECK(s.relay_prefix() == relay_prefix_bytes(9, 10, 63));
}

TEST_CASE("split_privmsg: every line fits 512 bytes with CRLF and the relay prefix") {
    const std::size_t prefix = relay_prefix_bytes(30, 10, 63);
    std::string text;
    for (int i = 0; i < 200; ++i) text += "cherry\xF0\x9F\x8D\x92 caf\xC3\xA9 ";
    const auto lines = split_privmsg("#cherries", text, prefix);
    REQUIRE(lines.size() > 1);
    std::string joined;
    for (const auto& l : lines) {
        CHECK(l.size() + prefix + 2 <= kMaxLineBytes);
        CHECK(l.rfind("PRIVMSG #cherries :", 0) == 0);
        const std::string body = l.substr(19);
        CHECK(valid_utf8(body));
        CHECK(parse_message(l).ok());
        joined += (joined.empty() ? "" : " ") + body;
    }
    // Split at spaces: nothing lost but the spaces split at.
    CHECK(joined == text);
}

TEST_CASE("split_privmsg: no spaces at all splits at code point boundaries") {
    std::string text;
    for (int i = 0; i < 300; ++i) text += "\xE2\x82\xAC";  // € (3 bytes), 900 bytes
    const std::size_t prefix = 100;
    const auto lines = split_privmsg("#c", text, prefix);
    REQUIRE(lines.size() == 3);
    std::string joined;
    for (const auto& l : lines) {
        CHECK(l.size() + prefix + 2 <= kMaxLineBytes);
        CHECK(valid_utf8(l));
        joined += l.substr(std::string("PRIVMSG #c :").size());
    }
    CHECK(joined == text);
}

TEST_CASE("split_privmsg: line breaks start new lines, empty pieces are dropped, no room gives nothing") {
    CHECK(split_privmsg("#c", "a\r\nb\n\nc", 80) ==
          std::vector<std::string>{"PRIVMSG #c :a", "PRIVMSG #c :b", "PRIVMSG #c :c"});
    CHECK(split_privmsg("#c", "", 80).empty());
    CHECK(split_privmsg(std::string(600, 'c'), "hello", 80).empty());
}

TEST_CASE("strip_formatting removes mIRC codes and control characters") {
    CHECK(strip_formatting("\x02" "bold\x02 \x1Ditalic\x1D \x1Funder\x1F \x1Estrike \x11mono \x16rev\x0F") ==
          "bold italic under strike mono rev");
    CHECK(strip_formatting("\x03" "4red\x03 \x03" "04,12both\x03 \x03" "123") == "red both 3");  // two digits at most
    CHECK(strip_formatting("\x03,5comma") == ",5comma");  // ^C then no digit: only ^C goes
    CHECK(strip_formatting("\x04" "FF0000hex\x04" "00FF00,0000FFboth") == "hexboth");
    CHECK(strip_formatting(std::string("nul\0bell\x07tab\tdel\x7F", 17)) == "nulbelltab del");
    CHECK(strip_formatting("caf\xE9") == "caf\xEF\xBF\xBD");
}

TEST_CASE("clean_echo strips and cuts at a code point boundary") {
    CHECK(clean_echo("\x03" "4\xF0\x9F\x8D\x92\xF0\x9F\x8D\x92", 6) == "\xF0\x9F\x8D\x92");
    CHECK(clean_echo("plain", 32) == "plain");
}

TEST_CASE("CTCP: \\x01 COMMAND params \\x01, with or without the closing \\x01") {
    const auto action = parse_ctcp("\x01" "ACTION waves at bob\x01");
    REQUIRE(action);
    CHECK(action->command == "ACTION");
    CHECK(action->params == "waves at bob");
    const auto version = parse_ctcp("\x01VERSION");
    REQUIRE(version);
    CHECK(version->command == "VERSION");
    CHECK(version->params.empty());
    CHECK_FALSE(parse_ctcp("!keep"));
    CHECK_FALSE(parse_ctcp(""));
}

TEST_CASE("CASEMAPPING folds nicks and channels") {
    CHECK(fold_case("Ann[x]\\^", CaseMapping::rfc1459) == "ann{x}|~");
    CHECK(fold_case("Ann[x]\\^", CaseMapping::strict_rfc1459) == "ann{x}|^");
    CHECK(fold_case("Ann[x]\\^", CaseMapping::ascii) == "ann[x]\\^");
    CHECK(fold_case("\xC3\x84nn", CaseMapping::ascii) == "\xC3\x84nn");  // bytes above ASCII untouched
}

TEST_CASE("ISupport takes CASEMAPPING, NICKLEN, CHANTYPES and PREFIX from 005 lines") {
    ISupport s;
    CHECK(s.same("Ann^", "ann~"));  // rfc1459 by default
    CHECK(s.is_channel("#c"));
    CHECK(s.is_channel("&c"));
    s.apply(*parse_message(":srv 005 me CASEMAPPING=ascii NICKLEN=30 CHANTYPES=# PREFIX=(qov)~@+ USERLEN=12 HOSTLEN=64 "
                           "FOO=bar :are supported by this server")
                 .message);
    CHECK(s.casemapping == CaseMapping::ascii);
    CHECK_FALSE(s.same("Ann^", "ann~"));
    CHECK(s.same("ANN", "ann"));
    CHECK(s.nicklen == 30);
    CHECK(s.userlen == 12);
    CHECK(s.hostlen == 64);
    CHECK(s.relay_prefix() == relay_prefix_bytes(30, 12, 64));
    CHECK_FALSE(s.is_channel("&c"));
    CHECK(s.prefix_modes == "qov");
    CHECK(s.prefix_symbols == "~@+");
    std::string entry = "~@ann";
    CHECK(s.strip_membership(entry) == "~@");
    CHECK(entry == "ann");

    SECTION("malformed values are ignored, -KEY resets") {
        s.apply(*parse_message(":srv 005 me NICKLEN=abc PREFIX=(ov)@ CASEMAPPING=weird :x").message);
        CHECK(s.nicklen == 30);
        CHECK(s.prefix_modes == "qov");
        CHECK(s.casemapping == CaseMapping::ascii);
        s.apply(*parse_message(":srv 005 me -NICKLEN -CHANTYPES -CASEMAPPING :x").message);
        CHECK(s.nicklen == 9);
        CHECK(s.chantypes == "#&");
        CHECK(s.casemapping == CaseMapping::rfc1459);
    }
    SECTION("other commands are ignored") {
        s.apply(*parse_message(":srv 004 me NICKLEN=5 :x").message);
        CHECK(s.nicklen == 30);
    }
}
