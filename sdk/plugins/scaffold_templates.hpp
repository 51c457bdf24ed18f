// The files `cherries new` writes (sdk/plugins/scaffold.cpp). Placeholders: {{id}} the plugin id, {{name}}
// its display name, {{symbol}} the set's symbol. Every key is commented for a newcomer; the
// files load at once and pass `cherries check` without warnings (tests/host/new_test.cpp).
#pragma once

namespace cherries::sdk::templates {

inline constexpr const char* kSetToml = R"(# {{name}}: a card set for Cherries, made by `cherries new set {{id}}`.
# A card set is a number of cards and a symbol (GDD §3.3.2). Every key is described in
# docs/manifest.md, the Lua functions in docs/lua-api.md, the way from here to a game in
# docs/guide.md. Lines starting with # are comments.

[set]
id = "{{id}}"            # required: lowercase letters, digits and '-'; unique among the sets of a game
name = "{{name}}"        # required: the name players see
version = "0.1.0"        # required: a semantic version, MAJOR.MINOR.PATCH
symbol = "{{symbol}}"    # required: the set's identifier symbol, unique among card sets (GDD §3.3.2.2)
api = 1                  # required: the plugin API this set is written for; this host speaks 1
# lua = "set.lua"        # optional: the Lua file with the modifier functions; default: set.lua

# Cherry cards (GDD §3.3.2.1.1.1). The receiving player's cherry count changes by `change`,
# after the change runs through that player's modifier card stack (GDD §3.4.2.3.3.1); a cherry
# count never goes below 0. Keep at least 30% of the cards (by count) cherry cards, so the set
# plays on its own and does not dilute the sets it is combined with (GDD §3.3.2).
[[card]]
id = "{{id}}-berry"      # required: lowercase letters, digits and '-'; unique in the set
name = "{{name}} Berry"  # required: the name players see
type = "cherry"          # required: "cherry", "score" or "modifier" (GDD §3.3.2.1.1)
change = 1               # required: the cherry change, an integer within ±(2^53 - 1)
count = 6                # optional: copies of this card in the set, 1 to 10000; default 1

[[card]]
id = "{{id}}-blight"
name = "{{name}} Blight"
type = "cherry"
change = -1              # a negative change takes cherries away
count = 4

# Score cards (GDD §3.3.2.1.1.2). The receiving player's score changes by `change`, after the
# change runs through that player's modifier card stack; a score never goes below 0.
[[card]]
id = "{{id}}-medal"
name = "{{name}} Medal"
type = "score"
change = 1               # required: the score change, an integer within ±(2^53 - 1)
count = 2

# Modifier cards (GDD §3.3.2.1.1.3). While a modifier card is in a player's modifier card
# stack, every cherry change and score change that player gets runs through its functions
# (GDD §3.4.2.3.4.1). A function left out is the identity: the change passes unchanged.
[[card]]
id = "{{id}}-charm"
name = "{{name}} Charm"
type = "modifier"
lifetime = 2             # required: the turns it stays active, an integer >= 1 (GDD §3.4.2.3.5)
cherry = "add_one"       # optional: the function in set.lua applied to cherry changes
score = "halve"          # optional: the function in set.lua applied to score changes
# optional: [input, expected] pairs; `cherries check` calls the function with each input
tests.cherry = [[1, 2], [-2, -1], [0, 1]]
tests.score = [[2, 1], [1, 0], [-1, -1]]
count = 2
)";

inline constexpr const char* kSetLua = R"(-- The modifier functions of the {{name}} card set (docs/lua-api.md).
--
-- This file returns a table of functions; set.toml names them (cherry = "add_one").
-- A modifier function receives one argument, `last`: the cherry change or score change so
-- far, an integer. It returns the next change: an integer within ±(2^53 - 1). Anything else
-- (a fraction, nil, a string) is a fault: the card is removed from the game and the player
-- draws again (GDD §3.5). Functions must be pure: the same input always gives the same output,
-- and nothing is kept between calls.
local M = {}

-- next = last + 1
function M.add_one(last)
  return last + 1
end

-- next = floor(last / 2). `//` is floor division: 3 // 2 is 1 and -1 // 2 is -1.
-- (`/` divides to a float: 3 / 2 is 1.5, which is not an integer, so a fault.)
function M.halve(last)
  return last // 2
end

return M
)";

inline constexpr const char* kGametypeToml = R"(# {{name}}: a gametype for Cherries, made by `cherries new gametype {{id}}`.
# A gametype is the score change distribution and the winning score (GDD §3.3.1), and here
# also the house rules (GDD §3.6). Every key is described in docs/manifest.md; distributions
# and house rules in docs/gametypes.md. Lines starting with # are comments.

[gametype]
id = "{{id}}"            # required: lowercase letters, digits and '-'
name = "{{name}}"        # required: the name players see
version = "0.1.0"        # required: a semantic version, MAJOR.MINOR.PATCH
api = 1                  # required: the plugin API this gametype is written for; this host speaks 1
winning_score = 10       # required: a score of this or more wins, an integer >= 1 (GDD §3.3.1.2)
# lua = "gametype.lua"   # optional: the Lua file; default: gametype.lua

# The score change distribution (GDD §3.3.1.1): at the end of a turn, the score change for
# the player's cherry count (before the player's modifier card stack). Either a Lua function
# of the cherry count, as here ...
[distribution]
function = "score_change"    # the function in gametype.lua
# ... or, instead of `function`, cherry counts (0 to 65535) with their score change, every
# other count giving 0. The official gametype's is:
# 5 = 1

# optional: [cherry count, expected score change] pairs; `cherries check` calls the function
[tests]
distribution = [[5, 1], [10, 2], [4, 0], [0, 0]]

# House rules (GDD §3.6): may players join or leave once the first turn has started?
[house_rules]
join_in_progress = true      # optional, default true
leave_in_progress = true     # optional, default true
)";

inline constexpr const char* kGametypeLua = R"(-- The score change distribution of the {{name}} gametype (docs/lua-api.md).
--
-- This file returns a table of functions; gametype.toml names one (function = "score_change").
-- It receives the player's cherry count at the end of a turn, an integer >= 0, and returns
-- the score change: an integer within ±(2^53 - 1). It must be pure: the same cherry count
-- always gives the same score change. It is tabulated for 0 to 255 cherries when the gametype
-- loads, and called for larger counts.
local M = {}

function M.score_change(cherries)
  if cherries == 5 then return 1 end    -- 5 cherries score 1, as in the official gametype
  if cherries == 10 then return 2 end   -- and here 10 cherries score 2
  return 0                              -- every other cherry count scores nothing
end

return M
)";

inline constexpr const char* kBotToml = R"(# {{name}}: a bot for Cherries, made by `cherries new bot {{id}}` (docs/bots.md).
# Play against it with --player bot:{{id}}, simulate with --bot {{id}}, rate it with
# `cherries ladder greedy {{id}}`.
[bot]
id = "{{id}}"                 # lowercase letters, digits and '-'; the folder's name
name = "{{name}}"
version = "0.1.0"
api = 1
description = "Keeps a card that wins; otherwise gives it to the player it helps least."
)";

inline constexpr const char* kBotLua = R"(-- The {{name}} bot (docs/bots.md). This file returns a table with decide(view): it gets
-- what the player whose turn it is sees and returns the name of the player who gets the drawn
-- card (view.me keeps it). It runs in the plugins' sandbox with their budgets; if it errors,
-- runs too long or names no player, the greedy bot decides instead and the fault is reported.
local M = {}

function M.decide(view)
  local best, best_gain
  for _, p in ipairs(view.players) do
    local plan = view.plan(p.name)        -- the engine's plan of this give (docs/bots.md)
    if plan.player_wins or (plan.receiver_wins and p.name == view.me) then return p.name end
    local gain = plan.receiver_score - p.score
    if p.name ~= view.me then gain = -gain end
    if plan.receiver_wins then gain = -1000 end  -- never hand another player the win
    if best == nil or gain > best_gain then best, best_gain = p.name, gain end
  end
  return best
end

return M
)";

}  // namespace cherries::sdk::templates
