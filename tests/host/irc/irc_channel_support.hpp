// Driving a ChannelGame with lines, as a channel would: helpers for the irc channel tests.
#pragma once

#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <vector>

#include "host/irc/channel_game.hpp"
#include "host/irc/text.hpp"

namespace irc_test {

using namespace cherries::irc;
using namespace std::chrono_literals;

/// The plugins of the source tree, loaded once for every test.
inline GameLibrary& library() {
    static GameLibrary lib;
    return lib;
}

/// A channel with a fixed seed and a clock the test moves.
struct Channel {
    explicit Channel(ChannelOptions options = {}) : game("#cherries", library(), with_seed(std::move(options))) {}

    static ChannelOptions with_seed(ChannelOptions o) {
        if (!o.seed) o.seed = [] { return std::uint64_t{20261123}; };
        if (!o.salt) o.salt = [] { return std::string("0123456789abcdef0123456789abcdef"); };
        return o;
    }

    /// `nick` says `text`; returns the replies, also kept in `log`.
    Replies say(const std::string& nick, const std::string& text, bool op = false) {
        return keep(game.on_text(nick, text, now, op));
    }
    Replies tick(std::chrono::seconds later) {
        now += later;
        return keep(game.tick(now));
    }
    Replies depart(const std::string& nick) { return keep(game.on_departure(nick, now)); }

    Replies keep(Replies r) {
        for (const auto& line : r) {
            // Every reply must be sendable: valid UTF-8, no control characters, one short line.
            CHECK(to_valid_utf8(line) == line);
            CHECK(line.find_first_of(std::string("\0\r\n\x01\x02\x03\x0F", 7)) == std::string::npos);
            CHECK(split_privmsg("#cherries", line, relay_prefix_bytes(30, 10, 63)).size() == 1);
            log.push_back(line);
        }
        // The connection writes at once: a turn's clock starts when its prompt is said.
        if (const auto p = game.unsent_prompt()) game.prompt_written(p->serial, now);
        return r;
    }

    ChannelGame game;
    GameClock::time_point now{};
    std::vector<std::string> log;
};

/// True when some line of `lines` contains `text`.
inline bool has(const Replies& lines, const std::string& text) {
    for (const auto& l : lines)
        if (l.find(text) != std::string::npos) return true;
    return false;
}

}  // namespace irc_test
