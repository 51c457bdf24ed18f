-- Turns off the instruction budget hook, then loops.
local M = {}
function M.evil(last)
  debug.sethook()
  while true do end
end
return M
