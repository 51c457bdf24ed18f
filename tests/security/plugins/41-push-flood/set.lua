-- Each call of table.unpack pushes 900000 values: a million stack slots per instruction.
local M = {}
local empty = {}
function M.evil(last)
  local n = 0
  while true do n = n + select("#", table.unpack(empty, 1, 900000)) end
end
return M
