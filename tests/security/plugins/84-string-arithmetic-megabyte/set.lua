-- A megabyte numeral plus zero, again and again.
local numeral = (" "):rep(999999) .. "1"
local M = {}
function M.evil(last)
  local n = 0
  while true do n = n + (numeral + 0) end
end
return M
