-- 10,000 copies of a card that faults only by the CPU-time net: each VM instruction compares
-- two megabyte strings, which no counter sees. Before, each fault took the 2 s net and a game
-- stalled for hours. Now the plugin has a CPU budget per game: once it is spent, its functions
-- fault at once, unrun, and its cards go as they come up.
local a = ("x"):rep(1000000 - 1) .. "a"
local b = ("x"):rep(1000000 - 1) .. "b"
local M = {}
function M.evil(last)
  local n = 0
  while true do if a == b or a < b then n = n + 1 end end
end
return M
