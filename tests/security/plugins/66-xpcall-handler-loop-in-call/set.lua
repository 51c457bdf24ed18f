-- A message handler that never returns, inside a card function: Lua runs it while handling
-- the error, and it must still be stopped by the instruction budget.
local M = {}
function M.evil(last)
  return xpcall(function() error("a") end, function(m) while true do end end) and 1 or 0
end
return M
