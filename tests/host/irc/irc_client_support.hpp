// The sans-IO Client as a server drives it (host/irc/client.hpp): a line in, what the client
// writes at once out; registration and the JOIN of channels with their NAMES.
#pragma once

#include <string>
#include <vector>

#include "host/irc/client.hpp"

namespace irc_test {

/// The server sends `line` at `now`: what `client` writes at once.
inline std::vector<std::string> feed(cherries::irc::Client& client, const std::string& line, cherries::irc::GameClock::time_point now) {
    client.receive(line, now);
    return client.outgoing(now);
}

/// Registers `client` (its first lines, 001, and a 005 with CASEMAPPING=rfc1459 and
/// PREFIX=(ov)@+) and joins each of `channels`, whose NAMES lists `members` ("@ann +bob cid").
inline void register_and_join(cherries::irc::Client& client, cherries::irc::GameClock::time_point now,
                              const std::vector<std::string>& channels, const std::string& members) {
    client.connect();
    client.outgoing(now);
    feed(client, ":srv 001 CherryBot :Welcome", now);
    feed(client, ":srv 005 CherryBot CASEMAPPING=rfc1459 NICKLEN=30 PREFIX=(ov)@+ CHANTYPES=# :are supported", now);
    for (const std::string& channel : channels) {
        feed(client, ":CherryBot!bot@host JOIN " + channel, now);
        feed(client, ":srv 353 CherryBot = " + channel + " :CherryBot " + members, now);
        feed(client, ":srv 366 CherryBot " + channel + " :End of /NAMES list.", now);
    }
}

}  // namespace irc_test
