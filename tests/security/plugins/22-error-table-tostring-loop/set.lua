-- Raises a table whose __tostring loops, so whoever prints the error hangs.
local M = {}
function M.evil(last)
  error(setmetatable({}, { __tostring = function() while true do end end }))
end
return M
