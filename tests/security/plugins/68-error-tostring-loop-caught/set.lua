-- Catches an error object and calls tostring on it, whose __tostring loops; then a handler
-- that calls it again while handling the budget error.
local M = {}
local bad = setmetatable({}, { __tostring = function() while true do end end })
function M.evil(last)
  local ok, e = pcall(error, bad)
  return xpcall(function() return #tostring(e) end, function(m) return tostring(bad) end) and 1 or 0
end
return M
