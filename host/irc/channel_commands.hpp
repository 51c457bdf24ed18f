// The commands players type in a channel ("!join", "!give ann"), and their help. Knows
// nothing of sockets or of the game's state.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cherries::irc {

/// One command line: "!give Ann" -> {"give", {"Ann"}}.
struct ChannelCommand {
    std::string name;               ///< lower case, without '!'
    std::vector<std::string> args;  ///< words after the name, as typed
};

/// The command in a channel line: text starting with '!' followed by a word. nullopt for
/// ordinary chat (no reply is due). Formatting codes are stripped first; at most 16 words
/// of at most 64 bytes each are kept (the rest of a hostile line is ignored).
std::optional<ChannelCommand> parse_channel_command(std::string_view text);

/// The names of every command, in help order.
const std::vector<std::string>& channel_command_names();

/// The whole help: at most 3 lines.
std::vector<std::string> channel_help();

/// Help for one command (with or without '!'); nullopt for an unknown one.
std::optional<std::string> channel_help(std::string_view command);

}  // namespace cherries::irc
