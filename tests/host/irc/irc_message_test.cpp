// The IRC message parser and serializer (RFC 1459/2812 with IRCv3 message tags), on lines real
// servers send and on malformed ones.
#include <catch2/catch.hpp>

#include <string>

#include "host/irc/message.hpp"

using namespace cherries::irc;

namespace {

Message parsed(std::string_view line) {
    const ParseResult r = parse_message(line);
    INFO(line << " -> " << r.error.describe());
    REQUIRE(r.ok());
    return *r.message;
}

LineError failed(std::string_view line) {
    const ParseResult r = parse_message(line);
    REQUIRE_FALSE(r.ok());
    return r.error;
}

}  // namespace

TEST_CASE("PING and PONG: a command and a trailing parameter") {
    const Message m = parsed("PING :irc.example.net");
    CHECK(m.prefix.empty());
    CHECK(m.command == "PING");
    REQUIRE(m.params.size() == 1);
    CHECK(m.params[0] == "irc.example.net");
    CHECK(serialize(Message{.command = "PONG", .params = {"irc.example.net"}}).line == "PONG irc.example.net");
}

TEST_CASE("001 welcome: a server prefix, a numeric, a middle and a trailing parameter") {
    const Message m = parsed(":irc.example.net 001 CherryBot :Welcome to the Internet Relay Network CherryBot!bot@host\r\n");
    CHECK(m.prefix == "irc.example.net");
    CHECK(parse_prefix(m.prefix).nick == "irc.example.net");
    CHECK(parse_prefix(m.prefix).user.empty());
    CHECK(m.command == "001");
    REQUIRE(m.params.size() == 2);
    CHECK(m.params[0] == "CherryBot");
    CHECK(m.params[1] == "Welcome to the Internet Relay Network CherryBot!bot@host");
}

TEST_CASE("005 ISUPPORT: many middle parameters and a trailing one") {
    const Message m = parsed(":irc.example.net 005 CherryBot CASEMAPPING=ascii CHANTYPES=# NICKLEN=30 PREFIX=(qaohv)~&@%+ "
                             ":are supported by this server");
    REQUIRE(m.params.size() == 6);
    CHECK(m.params[1] == "CASEMAPPING=ascii");
    CHECK(m.params[4] == "PREFIX=(qaohv)~&@%+");
    CHECK(m.params[5] == "are supported by this server");
}

TEST_CASE("PRIVMSG with tags: account and time, escaped values unescaped") {
    const Message m = parsed("@account=ann;time=2026-11-23T11:00:00.000Z;+draft/reply=abc;note=a\\sb\\:c\\\\d\\re\\nf "
                             ":ann!~ann@host.example PRIVMSG #cherries :!give bob");
    CHECK(m.tag("account") == "ann");
    CHECK(m.tag("time") == "2026-11-23T11:00:00.000Z");
    CHECK(m.tag("+draft/reply") == "abc");
    CHECK(m.tag("note") == "a b;c\\d\re\nf");
    CHECK_FALSE(m.tag("missing").has_value());
    const Prefix p = parse_prefix(m.prefix);
    CHECK(p.nick == "ann");
    CHECK(p.user == "~ann");
    CHECK(p.host == "host.example");
    CHECK(m.nick() == "ann");
    CHECK(m.params == std::vector<std::string>{"#cherries", "!give bob"});
}

TEST_CASE("Tags: a key without a value, a repeated key, unknown and trailing escapes") {
    const Message m = parsed("@flag;k=1;k=2;x=a\\bc\\ PING :x");
    CHECK(m.tag("flag") == "");
    CHECK(m.tag("k") == "2");  // the last value counts
    CHECK(m.tags.size() == 3);
    CHECK(m.tag("x") == "abc");  // "\b" -> "b", a trailing lone backslash is dropped
}

TEST_CASE("JOIN with extended-join: account and realname") {
    const Message m = parsed(":bob!b@h JOIN #cherries bob :Bob the Builder");
    CHECK(m.command == "JOIN");
    CHECK(m.params == std::vector<std::string>{"#cherries", "bob", "Bob the Builder"});
    const Message anon = parsed(":cid!c@h JOIN #cherries * :Cid");
    CHECK(anon.params[1] == "*");
}

TEST_CASE("NICK, KICK and 433") {
    const Message nick = parsed(":ann!a@h NICK :anna");
    CHECK(nick.nick() == "ann");
    CHECK(nick.params == std::vector<std::string>{"anna"});
    const Message kick = parsed(":op!o@h KICK #cherries bob :flooding");
    CHECK(kick.params == std::vector<std::string>{"#cherries", "bob", "flooding"});
    const Message taken = parsed(":irc.example.net 433 * CherryBot :Nickname is already in use");
    CHECK(taken.command == "433");
    CHECK(taken.param(1) == "CherryBot");
    CHECK(taken.param(7).empty());
}

TEST_CASE("CAP LS multiline: the '*' continuation marker is a middle parameter") {
    const Message first = parsed(":irc.example.net CAP * LS * :multi-prefix extended-join account-tag server-time");
    CHECK(first.params == std::vector<std::string>{"*", "LS", "*", "multi-prefix extended-join account-tag server-time"});
    const Message last = parsed(":irc.example.net CAP * LS :message-tags sasl=PLAIN");
    CHECK(last.params.size() == 3);
    CHECK(last.params[2] == "message-tags sasl=PLAIN");
}

TEST_CASE("Spaces: repeated spaces between parts, an empty trailing, ':' inside the trailing") {
    CHECK(parsed(":a!b@c   PRIVMSG   #x   :").params == std::vector<std::string>{"#x", ""});
    CHECK(parsed("PRIVMSG #x :a :b").params[1] == "a :b");
    CHECK(parsed("PRIVMSG #x word  ").params == std::vector<std::string>{"#x", "word"});
}

TEST_CASE("The 15th parameter may come without ':' and takes the rest of the line") {
    const Message m = parsed("CMD 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16");
    REQUIRE(m.params.size() == 15);
    CHECK(m.params[14] == "15 16");
}

TEST_CASE("Malformed lines are errors that say where and what was expected, never exceptions") {
    SECTION("empty") { CHECK(failed("").what.find("empty") != std::string::npos); }
    SECTION("CRLF only") { CHECK(failed("\r\n").offset == 0); }
    SECTION("NUL byte") {
        const LineError e = failed(std::string_view("PRIVMSG #x :a\0b", 15));
        CHECK(e.offset == 13);
        CHECK(e.what.find("NUL") != std::string::npos);
    }
    SECTION("LF inside") { CHECK(failed("PRIVMSG #x :a\nb").offset == 13); }
    SECTION("only tags") { CHECK(failed("@a=b").what.find("after the tags") != std::string::npos); }
    SECTION("tags and a space, no command") { CHECK(failed("@a=b ").what.find("command") != std::string::npos); }
    SECTION("lone '@'") { CHECK(failed("@ PING").offset == 1); }
    SECTION("bad tag key") { CHECK(failed("@a=1;c$=2 PING").offset == 6); }
    SECTION("empty tag between semicolons") { CHECK(failed("@a;;b PING").offset == 3); }
    SECTION("only a prefix") { CHECK(failed(":nick!u@h").what.find("after the prefix") != std::string::npos); }
    SECTION("prefix and a space") { CHECK(failed(":nick!u@h ").what.find("command") != std::string::npos); }
    SECTION("lone ':'") { CHECK_FALSE(parse_message(":").ok()); }
    SECTION("': ' and a command") { CHECK(failed(": PING").offset == 1); }
    SECTION("a bad command") {
        CHECK(failed("PRIV-MSG #x").offset == 0);
        CHECK(failed("12 x").what.find("3 digits") != std::string::npos);
        CHECK_FALSE(parse_message("1234 x").ok());
    }
    SECTION("an overlong line") {
        const std::string line = "PRIVMSG #x :" + std::string(600, 'a');
        const LineError e = failed(line);
        CHECK(e.offset == 510);
        CHECK(e.describe().find("512") != std::string::npos);
    }
    SECTION("a line of exactly 510 bytes is fine; the tags do not count") {
        const std::string line = "PRIVMSG #x :" + std::string(510 - 12, 'a');
        CHECK(parse_message(line).ok());
        CHECK(parse_message("@t=" + std::string(1000, 'v') + " " + line).ok());
    }
    SECTION("overlong tags") { CHECK_FALSE(parse_message("@t=" + std::string(9000, 'v') + " PING").ok()); }
}

TEST_CASE("Invalid UTF-8 is carried as bytes (irc/text.hpp cleans it): IRC is a byte protocol") {
    const Message m = parsed("PRIVMSG #x :caf\xE9 \xFF\xC3");
    CHECK(m.params[1] == "caf\xE9 \xFF\xC3");
}

TEST_CASE("Garbage never throws") {
    std::string line;
    for (int i = 0; i < 2000; ++i) {
        line += static_cast<char>((i * 7919) % 256);
        CHECK_NOTHROW(parse_message(line));
    }
}

TEST_CASE("serialize: round trips and a ':' only where needed") {
    const Message m{.tags = {{"label", "a b;c\\"}, {"+x", ""}},
                    .prefix = "bot!b@h",
                    .command = "PRIVMSG",
                    .params = {"#cherries", "hello there"}};
    const SerializeResult r = serialize(m);
    REQUIRE(r.ok());
    CHECK(r.line == "@label=a\\sb\\:c\\\\;+x :bot!b@h PRIVMSG #cherries :hello there");
    CHECK(parsed(r.line) == m);
    CHECK(serialize(Message{.command = "PRIVMSG", .params = {"#x", ":)"}}).line == "PRIVMSG #x ::)");
    CHECK(serialize(Message{.command = "PRIVMSG", .params = {"#x", ""}}).line == "PRIVMSG #x :");
    CHECK(serialize(Message{.command = "JOIN", .params = {"#x"}}).line == "JOIN #x");
}

TEST_CASE("serialize refuses what cannot go on the wire") {
    auto refused = [](Message m) {
        const SerializeResult r = serialize(m);
        CHECK(r.line.empty());
        REQUIRE_FALSE(r.ok());
        return *r.error;
    };
    CHECK(refused({.command = "PRIVMSG", .params = {"#x", "a\rb"}}).offset == 1);
    CHECK(refused({.command = "PRIVMSG", .params = {"#x", std::string("a\0b", 3)}}).what.find("NUL") != std::string::npos);
    CHECK(refused({.command = "PRIVMSG", .params = {"#x", "a\nQUIT"}}).offset == 1);
    CHECK(refused({.command = "PRIVMSG", .params = {"#a b", "x"}}).what.find("middle") != std::string::npos);
    CHECK(refused({.command = "PRIVMSG", .params = {"", "x"}}).offset == 0);
    CHECK(refused({.command = "PRIVMSG", .params = {":x", "x"}}).offset == 0);
    CHECK(refused({.command = "PRIV MSG", .params = {}}).what.find("command") != std::string::npos);
    CHECK(refused({.prefix = "a b", .command = "PING"}).what.find("prefix") != std::string::npos);
    CHECK(refused({.tags = {{"bad key", "v"}}, .command = "PING"}).what.find("key") != std::string::npos);
    Message many{.command = "CMD"};
    for (int i = 0; i < 16; ++i) many.params.push_back("p");
    CHECK(refused(many).what.find("15") != std::string::npos);
    CHECK(refused({.command = "PRIVMSG", .params = {"#x", std::string(510, 'a')}}).what.find("512") != std::string::npos);
}
