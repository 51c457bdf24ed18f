-- 10,000 copies of a card that faults only by the CPU-time net: each VM instruction compares
-- two megabyte strings, which no counter sees. Before, each fault took the 2 s net and a game
-- stalled for hours. Now the plugin has a CPU budget per game: once it is spent, its functions
-- fault at once, unrun, and its cards go as they come up.
-- (The 999,999 x's are built from a 1,000-byte piece: one byte at a time is a million memcpy
-- calls, which under AddressSanitizer alone cost the 25 ms a plugin may spend at load.)
local x = ("x"):rep(1000):rep(999) .. ("x"):rep(999)
local a = x .. "a"
local b = x .. "b"
local M = {}
function M.evil(last)
  local n = 0
  while true do if a == b or a < b then n = n + 1 end end
end
return M
