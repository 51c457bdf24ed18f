-- Raises a table whose __tostring raises in turn, and whose __index errors.
local M = {}
function M.evil(last)
  error(setmetatable({}, { __tostring = function() error("again") end, __index = function() error("and again") end }))
end
return M
