-- tonumber of a million binary digits, again and again.
local digits = ("1"):rep(1000000)
local M = {}
function M.evil(last)
  local n = 0
  while true do n = n + (tonumber(digits, 2) or 1) end
end
return M
