// The code that links a claimed web name to an IRC services account (docs/irc.md, "Your turn at
// the web's tables, told on IRC"): made on the web for the name's owner, said to CherryBot as
// `!link CODE` by the account, spent once within kIrcLinkCodeSeconds. The store keeps its hash.
#pragma once

#include <string>
#include <string_view>

namespace cherries::host {

/// A new code: 10 characters of Crockford's base32 (50 bits from getrandom(2)), shown as
/// "xxxxx-xxxxx".
std::string make_irc_link_code();

/// What the store keeps of a code as typed: the SHA-256 (64 hex digits) of its characters in
/// lowercase, without '-' or spaces, with the look-alikes Crockford's base32 reads as one ('i',
/// 'l' → '1', 'o' → '0'); so "ABCDE-FGHJK", "abcdefghjk" and " abcde fghjk " are one code.
std::string irc_link_code_hash(std::string_view typed);

}  // namespace cherries::host
