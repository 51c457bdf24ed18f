// A claimed web name linked to an IRC services account (schema 7; docs/irc.md, "Your turn at
// the web's tables, told on IRC"): the codes that link them, the links, and the messages
// `cherries serve` leaves for CherryBot to say. Private to host/store/ (GameStore's IRC link
// methods call it).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "host/store/game_store.hpp"
#include "host/store/sql_connection.hpp"

namespace cherries::host {

/// Keeps a link code's hash for the name of skeleton `skeleton` until `expires` (Unix seconds);
/// the name's older codes go. Inside the caller's transaction.
void put_irc_link_code(SqlConnection& db, const std::string& code_hash, const std::string& skeleton, std::int64_t expires);
/// Spends the code of hash `code_hash` (unexpired at `now`): the name it was made for is linked
/// to `account` (replacing its link, and the account's link to another name). Its skeleton, or
/// nullopt (no such code, or expired). Inside the caller's transaction.
std::optional<std::string> spend_irc_link_code(SqlConnection& db, const std::string& code_hash, const std::string& account,
                                               std::int64_t now);
/// Drops `account`'s link; true when there was one.
bool delete_irc_link(SqlConnection& db, const std::string& account);
/// The account linked to the name of skeleton `skeleton`, if any.
std::optional<std::string> read_irc_link(SqlConnection& db, const std::string& skeleton);
/// Keeps `text` for `account`; an account keeps its `most` newest.
void put_irc_message(SqlConnection& db, const std::string& account, const std::string& text, std::int64_t now, std::size_t most);
/// The messages whose account `deliverable` says yes to, oldest first, and drops them and every
/// message older than `oldest` (Unix seconds). Inside the caller's transaction.
std::vector<IrcMessage> take_irc_messages(SqlConnection& db, const std::function<bool(const std::string&)>& deliverable,
                                          std::int64_t oldest);

}  // namespace cherries::host
