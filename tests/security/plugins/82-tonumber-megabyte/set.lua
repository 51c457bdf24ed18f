-- tonumber of 999,999 spaces and a digit, again and again.
local numeral = (" "):rep(999999) .. "1"
local M = {}
function M.evil(last)
  local n = 0
  while true do n = n + tonumber(numeral) end
end
return M
