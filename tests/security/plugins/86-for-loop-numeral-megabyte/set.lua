-- for i = <a megabyte numeral>, 0: the loop never runs, the conversion is the work.
local numeral = (" "):rep(999999) .. "1"
local M = {}
function M.evil(last)
  local n = 0
  while true do for i = numeral, 0 do n = n + 1 end end
end
return M
