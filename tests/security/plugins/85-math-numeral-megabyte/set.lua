-- math.abs and string.sub given a megabyte numeral, again and again.
local numeral = (" "):rep(999999) .. "1"
local M = {}
function M.evil(last)
  local n = 0
  while true do n = n + math.abs(numeral) + #("abc"):sub(numeral) end
end
return M
