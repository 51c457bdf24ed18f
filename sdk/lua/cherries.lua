---@meta cherries
-- LuaLS (lua-language-server) annotations for Cherries plugin Lua files (docs/lua-api.md).
-- Not loaded by the game: an editor reads it for completion and to flag mistakes. Point LuaLS
-- at it with `"workspace.library": ["<prefix>/share/cherries/sdk/lua"]` in .luarc.json, and
-- annotate a plugin's module table:
--
--   ---@type cherries.SetModule
--   local M = {}
--   function M.halve(last) return last // 2 end
--   return M
--
-- The sandbox has the base functions and the table, string, math and utf8 libraries only:
-- no print, io, os, require or debug (the stubs below disable them for the checker).

---A modifier function (GDD §3.3.2.1.1.3): receives the change so far and returns the next one.
---Both are integers within ±(2^53 - 1); `/` gives a float, so use `//` (floor division). It must
---be pure: the same input always gives the same output, no state kept between calls.
---@alias cherries.ModifierFunction fun(last: integer): integer

---A score change distribution (GDD §3.3.1.1): the cherry count at the end of a turn (>= 0) to
---the score change it gives (an integer).
---@alias cherries.DistributionFunction fun(cherries: integer): integer

---The table a card set's Lua file returns: its modifier functions by the names set.toml gives
---in `cherry = "NAME"` / `score = "NAME"`.
---@class cherries.SetModule
---@field [string] cherries.ModifierFunction

---The table a gametype's Lua file returns: its distribution by the name gametype.toml gives in
---`[distribution] function = "NAME"`.
---@class cherries.GametypeModule
---@field [string] cherries.DistributionFunction

---Not available in the plugin sandbox.
---@deprecated
print = nil
---Not available in the plugin sandbox.
---@deprecated
io = nil
---Not available in the plugin sandbox.
---@deprecated
os = nil
---Not available in the plugin sandbox.
---@deprecated
require = nil
