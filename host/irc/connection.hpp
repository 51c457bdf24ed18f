// The running bot: one socket to the IRC server (Boost.Asio, TLS through OpenSSL when
// configured) feeding irc::Client, on one io_context and one thread. Lines are read with a
// bounded buffer, written from Client::outgoing(), and a timer follows Client::next_wakeup().
// A lost server is reconnected with exponential backoff; games in memory go on.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "host/irc/config.hpp"

namespace cherries::irc {

/// The longest line read from the server, in bytes without CRLF: IRCv3 tags (up to 8191
/// bytes with the '@' and the space) plus a 512-byte message. A longer line is dropped and
/// counted, and reading goes on at the next line.
inline constexpr std::size_t kMaxReadLine = 8191 + 512;

/// What the bot did, for the log and the tests.
struct BotStats {
    std::uint64_t connections = 0;     ///< connections that reached the server
    std::uint64_t overlong_lines = 0;  ///< lines over kMaxReadLine, dropped
    std::uint64_t malformed_lines = 0; ///< lines the parser refused (Client::malformed)
};

/// Where the bot's log lines go (one line each, no newline); the CLI prints them on stderr.
using BotLog = std::function<void(const std::string&)>;

/// Runs the bot of `config` until SIGTERM or SIGINT, then sends QUIT, flushes what is queued
/// (at most 3 s) and returns 0. Losing the server is never an error: it reconnects after
/// reconnect_delay, doubling up to reconnect_max, each wait multiplied by a random factor in
/// [0.5, 1] so that many bots do not come back in step (not reproducible on purpose); the
/// wait starts again from reconnect_delay once a connection registers. Returns 1 when the
/// server refused every nick tried (Client::gave_up(), logged). Throws sdk::LoadError with
/// check_bot_config's problems.
int run_bot(const BotConfig& config, const BotLog& log, BotStats* stats = nullptr);

}  // namespace cherries::irc
